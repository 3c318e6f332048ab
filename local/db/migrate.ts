// Brings a database to the state `supabase db reset` gives: Supabase bootstrap, every migration in
// supabase/migrations in file-name order (recorded in supabase_migrations.schema_migrations, so a
// restart applies only new ones), and supabase/seed.sql on a fresh database.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BOOTSTRAP = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));

/** The Supabase project folder: SUPABASE_DIR or <repo>/supabase. */
export function defaultSupabaseDir(): string {
  return path.resolve(process.env.SUPABASE_DIR ?? path.join(ROOT, 'supabase'));
}

export interface MigrateOptions {
  /** Folder of the Supabase project (holds migrations/ and seed.sql). Default: <repo>/supabase. */
  supabaseDir?: string;
  /** Run seed.sql when the database had no migrations yet. Default true. */
  seed?: boolean;
}

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    readonly cause: unknown,
  ) {
    const message = cause instanceof Error ? cause.message : String(cause);
    super(`${path.relative(process.cwd(), file) || file} failed: ${message}`);
    this.name = 'MigrationError';
  }
}

export function listMigrations(
  supabaseDir: string,
): { version: string; name: string; file: string }[] {
  const dir = path.join(supabaseDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 14), name: f.slice(15, -4), file: path.join(dir, f) }));
}

export async function migrate(
  db: Database,
  options: MigrateOptions = {},
): Promise<{ applied: string[]; seeded: boolean }> {
  const supabaseDir = options.supabaseDir ?? defaultSupabaseDir();
  await runFile(db, BOOTSTRAP);
  const done = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const fresh = done.size === 0;
  const applied: string[] = [];
  for (const m of listMigrations(supabaseDir)) {
    if (done.has(m.version)) continue;
    const sql = readFileSync(m.file, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
          [m.version, m.name],
        );
      });
    } catch (error) {
      throw new MigrationError(m.file, error);
    }
    applied.push(path.basename(m.file));
  }
  let seeded = false;
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (fresh && options.seed !== false && existsSync(seedFile)) {
    await runFile(db, seedFile);
    seeded = true;
  }
  return { applied, seeded };
}

async function runFile(db: Database, file: string): Promise<void> {
  const sql = readFileSync(file, 'utf8');
  try {
    await db.transaction((tx) => tx.exec(sql));
  } catch (error) {
    throw new MigrationError(file, error);
  }
}
