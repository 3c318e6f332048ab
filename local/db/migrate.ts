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
  /**
   * A new database gets hosted Supabase's default privileges (everything created in public granted
   * to anon and authenticated), the platform's worst case. false: PostgreSQL's own defaults, the
   * friendlier database the tests also run on to prove the migrations close both.
   */
  platformDefaults?: boolean;
  /** Apply the migrations up to and including this version only (a review of one migration). */
  through?: string;
}

/**
 * Migrations and the seed run as `postgres`, as `supabase db push` and the dashboard do: on a lab
 * PostgreSQL server that role is not a superuser (as on the platform), so a migration that needs more
 * fails here, and what it creates is owned by postgres and gets postgres's default privileges.
 */
export const AS_POSTGRES = 'set local role postgres;\n';

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

/** What the platform has before any migration (local/db/bootstrap.sql); idempotent. */
export async function bootstrap(
  db: Database,
  options: Pick<MigrateOptions, 'platformDefaults'> = {},
): Promise<void> {
  await runFile(
    db,
    BOOTSTRAP,
    options.platformDefaults === false
      ? `select set_config('lab.platform_defaults', 'off', true);\n`
      : '',
  );
}

export async function migrate(
  db: Database,
  options: MigrateOptions = {},
): Promise<{ applied: string[]; seeded: boolean }> {
  const supabaseDir = options.supabaseDir ?? defaultSupabaseDir();
  await bootstrap(db, options);
  const done = new Set(
    (
      await db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const fresh = done.size === 0;
  await adoptBaseline(db, supabaseDir, done);
  const applied: string[] = [];
  for (const m of listMigrations(supabaseDir)) {
    if (done.has(m.version)) continue;
    if (options.through !== undefined && m.version > options.through) break;
    const sql = readFileSync(m.file, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(AS_POSTGRES);
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
  const seeded = fresh && options.seed !== false && (await seed(db, supabaseDir));
  return { applied, seeded };
}

/** Runs seed.sql as postgres, as `supabase db reset` does after the schema; false without one. */
export async function seed(db: Database, supabaseDir = defaultSupabaseDir()): Promise<boolean> {
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (!existsSync(seedFile)) return false;
  await runFile(db, seedFile, AS_POSTGRES);
  return true;
}

/**
 * The versions squashed into the baseline (supabase/squashed-migrations.txt, written
 * by the since-retired squash script) and the baseline's own version (named in the file's first line).
 */
export function readSquashed(
  supabaseDir: string,
): { baseline: string; versions: string[] } | undefined {
  const file = path.join(supabaseDir, 'squashed-migrations.txt');
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const baseline = /migrations\/(\d{14})_/.exec(text)?.[1];
  if (!baseline) return undefined;
  const versions = text
    .split('\n')
    .filter((l) => /^\d{14}_/.test(l))
    .map((l) => l.slice(0, 14));
  return { baseline, versions };
}

/**
 * A local database migrated before the squash (e.g. local/.data/pglite of an existing checkout)
 * has every squashed version recorded and so already is the baseline's schema (what
 * the squash was checked to give): its history is repaired in place, as docs/deploy.md does for
 * production, and its data stays. One that has only some of them cannot be repaired.
 */
async function adoptBaseline(db: Database, supabaseDir: string, done: Set<string>): Promise<void> {
  const squashed = readSquashed(supabaseDir);
  if (!squashed || done.has(squashed.baseline)) return;
  const have = squashed.versions.filter((v) => done.has(v));
  if (have.length === 0) return;
  const missing = squashed.versions.filter((v) => !done.has(v));
  if (missing.length > 0) {
    throw new MigrationError(
      path.join(supabaseDir, 'squashed-migrations.txt'),
      new Error(
        `this database was migrated before the migrations were squashed and lacks ${missing.join(', ')}; ` +
          'run `npm run db:reset` (local data is lost), or first migrate it at the commit the squash was made from (supabase/squashed-migrations.txt)',
      ),
    );
  }
  await db.transaction(async (tx) => {
    await tx.query('delete from supabase_migrations.schema_migrations where version = any($1)', [
      squashed.versions,
    ]);
    const name = listMigrations(supabaseDir).find((m) => m.version === squashed.baseline)?.name;
    await tx.query(
      'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
      [squashed.baseline, name ?? 'baseline'],
    );
  });
  for (const v of squashed.versions) done.delete(v);
  done.add(squashed.baseline);
}

async function runFile(db: Database, file: string, prelude = ''): Promise<void> {
  const sql = readFileSync(file, 'utf8');
  try {
    await db.transaction((tx) => tx.exec(prelude + sql));
  } catch (error) {
    throw new MigrationError(file, error);
  }
}
