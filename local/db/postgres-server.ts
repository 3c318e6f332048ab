// Starts a throw-away PostgreSQL 15 server in a temporary folder on a free loopback port (tests, and
// `LOCAL_DB=postgres`). initdb/postgres refuse to run as root, so as root they run as the `postgres`
// system user. Binaries come from PG_BIN or Debian's /usr/lib/postgresql/15/bin.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../net.ts';

const run = promisify(execFile);

export interface PostgresServer {
  connectionString: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

export function postgresBinDir(): string {
  return process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
}

export class PostgresUnavailableError extends Error {
  name = 'PostgresUnavailableError';
}

export interface PostgresServerOptions {
  /**
   * Load pg_cron (shared_preload_libraries, cron.database_name = postgres), as hosted Supabase
   * does. Off by default: scheduled jobs must not run inside other tests' databases.
   */
  cron?: boolean;
}

/** Where Debian's postgresql-15-cron puts the library, next to the server's own. */
export function pgCronLibrary(): string {
  return path.join(postgresBinDir(), '..', 'lib', 'pg_cron.so');
}

export async function startPostgresServer(
  serverOptions: PostgresServerOptions = {},
): Promise<PostgresServer> {
  const bin = postgresBinDir();
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    if (!existsSync(path.join(bin, tool))) {
      throw new PostgresUnavailableError(
        `PostgreSQL 15 server binaries not found in ${bin} (install Debian's postgresql-15 or set PG_BIN)`,
      );
    }
  }
  if (serverOptions.cron && !existsSync(pgCronLibrary())) {
    throw new PostgresUnavailableError(
      `pg_cron not found (${pgCronLibrary()}): install Debian's postgresql-15-cron`,
    );
  }
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'glanspunkt-pg-'));
  if (asRoot) {
    let ids: number[];
    try {
      ids = ['-u', '-g'].map((flag) =>
        Number(execFileSync('id', [flag, 'postgres'], { stdio: 'pipe' }).toString().trim()),
      );
    } catch {
      rmSync(dir, { recursive: true, force: true });
      throw new PostgresUnavailableError(
        'running as root, PostgreSQL must run as the `postgres` system user, which does not exist',
      );
    }
    chownSync(dir, ids[0]!, ids[1]!);
  }
  const data = path.join(dir, 'data');
  const exec = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  const port = await freePort();
  let started = false;
  const stopSync = () => {
    if (!started) return;
    started = false;
    try {
      const args = ['stop', '-D', data, '-m', 'immediate', '-w'];
      if (asRoot)
        execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, 'pg_ctl'), ...args], {
          stdio: 'ignore',
        });
      else execFileSync(path.join(bin, 'pg_ctl'), args, { stdio: 'ignore' });
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await exec('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      // the platform's superuser; `postgres` is an ordinary role there (local/db/bootstrap.sql)
      'supabase_admin',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c timezone=UTC',
      ...(serverOptions.cron
        ? ['-c shared_preload_libraries=pg_cron', '-c cron.database_name=postgres']
        : []),
    ].join(' ');
    started = true;
    await exec('pg_ctl', [
      'start',
      '-D',
      data,
      '-w',
      '-t',
      '60',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      options,
    ]);
  } catch (error) {
    stopSync();
    const e = error as { stderr?: string; message: string };
    throw new Error(`could not start PostgreSQL 15: ${(e.stderr || e.message).trim()}`);
  }
  process.once('exit', stopSync);
  return {
    connectionString: `postgres://supabase_admin@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async stop() {
      process.removeListener('exit', stopSync);
      stopSync();
    },
  };
}
