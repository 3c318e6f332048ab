// The real Supabase CLI (the version pinned in package.json) deploys the migrations the way
// docs/deploy.md does it, onto the lab's PostgreSQL 15 shaped like hosted Supabase: `db push` logged
// in as postgres, who is not a superuser there (as on the platform), then `db lint`. What the tests'
// own migrate() does is only a stand-in for this; here the CLI itself parses, applies and records
// every file, and the database it leaves must hold what the privilege lint allows, nothing more.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHostedStandIns } from '../testing/database.ts';
import { openPostgres, type Database } from './database.ts';
import { bootstrap, defaultSupabaseDir, listMigrations, ROOT } from './migrate.ts';
import { startPostgresServer, type PostgresServer } from './postgres-server.ts';
import { comparePrivileges, formatDifference, PRIVILEGE_FINDINGS_SQL } from './privilege-lint.ts';

const run = promisify(execFile);
const CLI = path.join(ROOT, 'node_modules', '.bin', 'supabase');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the pinned CLI in the repository (it reads supabase/ there); never throws. */
async function supabase(args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(CLI, args, {
      cwd: ROOT,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, DO_NOT_TRACK: '1', NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string; message: string };
    return {
      code: typeof e.code === 'number' ? e.code : 1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? e.message,
    };
  }
}

/** The command and everything it printed, in the test log (CI shows it). */
function log(args: string[], result: CliResult): void {
  console.log(
    [
      `$ supabase ${args.join(' ')}   (exit ${result.code})`,
      result.stdout.trimEnd(),
      result.stderr.trimEnd(),
    ]
      .filter(Boolean)
      .join('\n'),
  );
}

interface LintResult {
  function: string;
  issues: { level: string; message: string; sqlState?: string }[];
}

describe('supabase db push and db lint (the pinned CLI) on PostgreSQL 15 shaped like hosted Supabase', () => {
  let server: PostgresServer;
  let admin: Database;
  let url: string;

  beforeAll(async () => {
    // pg_cron as on the platform, so the scheduled jobs' migration schedules them for real; the
    // server loads it for the `postgres` database only (cron.database_name), so the push goes there
    server = await startPostgresServer({ cron: true });
    admin = await openPostgres(server.connectionString);
    // what a new project has before its first push: the image's roles, grants and default
    // privileges, and Vault (pg_net is enabled by the migrations; stand-ins for both here)
    await bootstrap(admin);
    await installHostedStandIns(admin);
    url = `postgres://postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`;
  });

  afterAll(async () => {
    await admin?.close();
    await server?.stop();
  });

  it('pushes every migration and the seed as postgres, who is not a superuser', async () => {
    const [postgres] = (
      await admin.query<{ rolsuper: boolean }>(
        `select rolsuper from pg_roles where rolname = 'postgres'`,
      )
    ).rows;
    expect(postgres?.rolsuper).toBe(false);

    // the first push of docs/deploy.md (migrations, then the seed), with the target named
    const args = ['db', 'push', '--db-url', url, '--include-all', '--include-seed', '--yes'];
    const result = await supabase(args);
    log(args, result);
    expect(result.code, result.stderr).toBe(0);

    const recorded = (
      await admin.query<{ version: string; name: string }>(
        'select version, name from supabase_migrations.schema_migrations order by version',
      )
    ).rows;
    expect(recorded).toEqual(
      listMigrations(defaultSupabaseDir()).map(({ version, name }) => ({ version, name })),
    );

    // the CLI ran them as postgres: it owns everything they created
    const owners = (
      await admin.query<{ owner: string }>(
        `select distinct pg_get_userbyid(relowner) as owner from pg_class
          where relnamespace = 'public'::regnamespace
         union
         select distinct pg_get_userbyid(proowner) from pg_proc
          where pronamespace = 'public'::regnamespace`,
      )
    ).rows.map((r) => r.owner);
    expect(owners).toEqual(['postgres']);

    // the seed ran too: the six packages
    const [services] = (
      await admin.query<{ n: number }>('select count(*)::int as n from public.services')
    ).rows;
    expect(services?.n).toBe(6);

    // the scheduled jobs exist (pg_cron, created by the migration as postgres)
    const jobs = (
      await admin.query<{ jobname: string }>('select jobname from cron.job order by jobname')
    ).rows.map((r) => r.jobname);
    expect(jobs).toContain('process-email-outbox');
  });

  it('leaves exactly what the privilege lint allows', async () => {
    const findings = (await admin.query<{ finding: string }>(PRIVILEGE_FINDINGS_SQL)).rows.map(
      (r) => r.finding,
    );
    const difference = comparePrivileges(findings);
    expect(formatDifference(difference)).toEqual([]);
  });

  it('a second push finds the database up to date and changes nothing', async () => {
    const before = await admin.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    const args = ['db', 'push', '--db-url', url, '--include-all', '--include-seed', '--yes'];
    const result = await supabase(args);
    log(args, result);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Remote database is up to date/);
    expect(result.stderr).not.toMatch(/Applying migration|Seeding data/);
    const after = await admin.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    expect(after.rows).toEqual(before.rows);
  });

  it('db lint (plpgsql_check, as postgres) finds no error in the PL/pgSQL functions', async () => {
    const [extension] = (
      await admin.query(`select from pg_extension where extname = 'plpgsql_check'`)
    ).rows;
    expect(
      extension,
      "plpgsql_check is missing: install Debian's postgresql-15-plpgsql-check (local/db/bootstrap.sql creates it)",
    ).toBeDefined();

    const args = ['db', 'lint', '--db-url', url, '--level', 'warning', '--fail-on', 'error'];
    const result = await supabase(args);
    log(args, result);
    expect(result.stderr).toMatch(/Linting schema: public/);
    // JSON on stdout when there are findings, "No schema errors found" on stderr when none
    const findings = result.stdout.trim() ? (JSON.parse(result.stdout) as LintResult[]) : [];
    const errors = findings.flatMap((f) =>
      f.issues
        .filter((i) => i.level.startsWith('error'))
        .map((i) => `${f.function}: ${i.message} (${i.sqlState ?? ''})`),
    );
    expect(errors).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
  });
});
