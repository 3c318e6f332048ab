// The database's readable source (supabase/schemas/, one file per topic) against what `db push`
// deploys (supabase/migrations/): both are built on one throw-away PostgreSQL 15 shaped like hosted
// Supabase's, and the real Supabase CLI's `db diff` says what would turn the first into the second.
// Empty means they agree (npm run check:schema); otherwise the SQL is the next migration
// (npm run db:diff -- <name>).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { openPostgres, type Database } from './database.ts';
import { AS_POSTGRES, bootstrap, defaultSupabaseDir, migrate, ROOT } from './migrate.ts';
import { startPostgresServer } from './postgres-server.ts';

const run = promisify(execFile);

export function defaultSchemasDir(): string {
  return path.join(defaultSupabaseDir(), 'schemas');
}

/** The schema files in the order they are applied (and listed in config.toml's schema_paths). */
export function listSchemaFiles(dir = defaultSchemasDir()): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * Builds the schema from its files, in one transaction, as postgres (who runs `db push` on the
 * platform). Function bodies are checked when called, not when created, so a file may define a
 * function before the table it reads, as the topics require.
 */
export async function applySchemas(db: Database, dir = defaultSchemasDir()): Promise<void> {
  const files = listSchemaFiles(dir);
  if (files.length === 0) throw new Error(`no schema files in ${dir}`);
  let sql = `${AS_POSTGRES}set local check_function_bodies = off;\n`;
  for (const file of files) sql += `${readFileSync(file, 'utf8')}\n`;
  await db.transaction((tx) => tx.exec(sql));
}

export interface SchemaDiffOptions {
  schemasDir?: string;
  supabaseDir?: string;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  u.searchParams.set('sslmode', 'disable');
  return u.toString();
}

/**
 * The SQL that turns the database the migrations build into the one the schema files build, as the
 * Supabase CLI writes it; '' when they agree.
 */
export async function diffSchemas(options: SchemaDiffOptions = {}): Promise<string> {
  const server = await startPostgresServer();
  try {
    const admin = await openPostgres(server.connectionString);
    try {
      await admin.exec('create database from_migrations');
      await admin.exec('create database from_schemas');
    } finally {
      await admin.close();
    }
    const fromMigrations = withDatabase(server.connectionString, 'from_migrations');
    const fromSchemas = withDatabase(server.connectionString, 'from_schemas');
    const migrated = await openPostgres(fromMigrations);
    try {
      await migrate(migrated, { seed: false, supabaseDir: options.supabaseDir });
    } finally {
      await migrated.close();
    }
    const built = await openPostgres(fromSchemas);
    try {
      await bootstrap(built);
      await applySchemas(
        built,
        options.schemasDir ??
          (options.supabaseDir ? path.join(options.supabaseDir, 'schemas') : undefined),
      );
    } finally {
      await built.close();
    }
    const rows = await differentRows(fromMigrations, fromSchemas);
    const order = await differentColumnOrder(fromMigrations, fromSchemas);
    const comments = await differentColumnComments(fromMigrations, fromSchemas);
    const { stdout } = await run(
      path.join(ROOT, 'node_modules', '.bin', 'supabase'),
      ['db', 'diff', '--schema', 'public', '--from', fromMigrations, '--to', fromSchemas],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, DO_NOT_TRACK: '1' } },
    );
    return [stdout.trim(), ...rows, ...order, ...comments].filter(Boolean).join('\n\n');
  } finally {
    await server.stop();
  }
}

/**
 * The rows a migration inserts belong to the schema too (the settings' defaults and their Danish
 * descriptions, the site_rebuild singleton), but `db diff` compares no data: compared here.
 */
export const DATA_TABLES = ['settings', 'site_rebuild'];

async function differentRows(fromMigrations: string, fromSchemas: string): Promise<string[]> {
  const read = async (url: string) => {
    const db = await openPostgres(url);
    try {
      const out: Record<string, string[]> = {};
      for (const table of DATA_TABLES) {
        const { rows } = await db.query<{ row: string }>(
          `select t::text as row from public.${table} t order by 1`,
        );
        out[table] = rows.map((r) => r.row);
      }
      return out;
    } finally {
      await db.close();
    }
  };
  const [a, b] = [await read(fromMigrations), await read(fromSchemas)];
  return DATA_TABLES.flatMap((table) => {
    const only = (x: string[], y: string[]) => x.filter((r) => !y.includes(r));
    const lines = [
      ...only(a[table]!, b[table]!).map((r) => `-- only from the migrations: ${table} ${r}`),
      ...only(b[table]!, a[table]!).map((r) => `-- only from the schema: ${table} ${r}`),
    ];
    return lines.length ? [`-- rows of public.${table} differ:\n${lines.join('\n')}`] : [];
  });
}

/**
 * `db diff` matches columns by name and ignores their position, but the position is what the
 * owner sees in the Table Editor and what `select *`, `insert ... values` and row types follow:
 * compared here for the tables and views both databases have with the same columns (a column
 * only one of them has is db diff's to report).
 */
async function differentColumnOrder(
  fromMigrations: string,
  fromSchemas: string,
): Promise<string[]> {
  const read = async (url: string) => {
    const db = await openPostgres(url);
    try {
      const { rows } = await db.query<{ name: string; columns: string[] }>(
        `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
           from pg_catalog.pg_class c
           join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
          group by c.relname`,
      );
      return new Map(rows.map((r) => [r.name, r.columns]));
    } finally {
      await db.close();
    }
  };
  const [a, b] = [await read(fromMigrations), await read(fromSchemas)];
  const out: string[] = [];
  for (const [name, columns] of [...a].sort(([x], [y]) => x.localeCompare(y))) {
    const other = b.get(name);
    if (!other || columns.join() === other.join()) continue;
    if (columns.length !== other.length || !columns.every((c) => other.includes(c))) continue;
    out.push(
      [
        `-- columns of public.${name} in another order:`,
        `--   from the migrations: ${columns.join(', ')}`,
        `--   from the schema:     ${other.join(', ')}`,
      ].join('\n'),
    );
  }
  return out;
}

/**
 * The comments on view columns: `db diff` does not compare them, and it drops and creates a view
 * again to change it, losing the Danish comments the owner reads in the Table Editor, so a
 * migration written by db:diff must set them again (compared here for every relation's columns).
 */
async function differentColumnComments(
  fromMigrations: string,
  fromSchemas: string,
): Promise<string[]> {
  const read = async (url: string) => {
    const db = await openPostgres(url);
    try {
      const { rows } = await db.query<{ key: string; comment: string | null }>(
        `select c.relname || '.' || a.attname as key, col_description(c.oid, a.attnum) as comment
           from pg_catalog.pg_class c
           join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')`,
      );
      return new Map(rows.map((r) => [r.key, r.comment]));
    } finally {
      await db.close();
    }
  };
  const [a, b] = [await read(fromMigrations), await read(fromSchemas)];
  const out: string[] = [];
  for (const [key, comment] of [...a].sort(([x], [y]) => x.localeCompare(y))) {
    if (!b.has(key) || b.get(key) === comment) continue;
    out.push(
      `-- comment on view column public.${key}:\n--   from the migrations: ${comment ?? '(none)'}\n--   from the schema:     ${b.get(key) ?? '(none)'}`,
    );
  }
  return out;
}
