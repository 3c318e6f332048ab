// Shared pieces of the stack's command-line entry points: where the database is, one-line errors,
// clean shutdown of every child on Ctrl-C.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { parseEnv, stripVTControlCharacters } from 'node:util';
import { ROOT } from '../db/migrate.ts';
import { startPostgresServer } from '../db/postgres-server.ts';
import { startLocalEmail } from '../mailbox/index.ts';
import { LOCAL_OWNER_CALENDAR_SECRET, ownerCalendarUrl } from '../keys.ts';
import { startStack, type DatabaseTarget } from '../stack.ts';
import { ensureOwnerUser, ownerEmail } from './owner-user.ts';

export const DEFAULT_DATA_DIR = path.join(ROOT, 'local', '.data', 'pglite');

export interface ResolvedDatabase {
  target: DatabaseTarget;
  description: string;
  cleanup(): Promise<void>;
}

/**
 * DATABASE_URL: a real PostgreSQL server. LOCAL_DB=memory: a throw-away in-memory PGlite (e2e).
 * LOCAL_DB=postgres: a throw-away PostgreSQL 15 in a temporary folder. Otherwise a persistent PGlite
 * in LOCAL_DB_DIR (default local/.data/pglite, git-ignored).
 */
export async function resolveDatabase(): Promise<ResolvedDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    return {
      target: { kind: 'postgres', url },
      description: `PostgreSQL at ${redact(url)}`,
      cleanup: async () => {},
    };
  }
  const mode = process.env.LOCAL_DB;
  if (mode === 'memory') {
    return {
      target: { kind: 'pglite' },
      description: 'PGlite in memory (discarded on exit)',
      cleanup: async () => {},
    };
  }
  if (mode === 'postgres') {
    const server = await startPostgresServer();
    return {
      target: { kind: 'postgres', url: server.connectionString },
      description: `temporary PostgreSQL 15 at ${server.connectionString}`,
      cleanup: () => server.stop(),
    };
  }
  if (mode && mode !== 'pglite')
    throw new Error(`LOCAL_DB must be memory, postgres or pglite (got "${mode}")`);
  const dataDir = path.resolve(process.env.LOCAL_DB_DIR ?? DEFAULT_DATA_DIR);
  const release = lockDataDir(dataDir);
  return {
    target: { kind: 'pglite', dataDir },
    description: `PGlite in ${path.relative(process.cwd(), dataDir) || dataDir}`,
    cleanup: async () => release(),
  };
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One process at a time may open a PGlite data folder; a stale lock of a killed process is taken over. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lock = `${dataDir}.lock`;
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    if (pid && pid !== process.pid && alive(pid)) {
      throw new Error(
        `the local database ${dataDir} is in use by process ${pid} (is npm run dev or npm start running?)`,
      );
    }
  }
  writeFileSync(lock, String(process.pid));
  const release = () => {
    try {
      if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', release);
  return release;
}

export function envPort(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`${name} must be a port number (got "${raw}")`);
  return port;
}

/** Fails with a clear message when host:port is taken. */
export function ensurePortFree(port: number, host: string, envName: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is already in use (set ${envName} to another port)`
            : error.message,
        ),
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

/**
 * Lines of the dev server's output that are not ours to act on: Vite 8's deprecation notice for
 * `envFile: false`, which React Router 7's tooling (@react-router/dev 7.18.4, the last of 7.x)
 * passes to the Vite servers it starts for itself (the one that loads react-router.config.ts, and
 * its child compiler), three lines at every start. Vite reads it exactly as `envDir: false` (no
 * .env files for those servers), which is what they mean; React Router 8 passes `envDir: false`.
 * Nothing of ours sets `envFile` (Vite's types do not even offer it in a config file).
 */
export const UPSTREAM_NOTICES = [
  /^The `envFile` option is deprecated, please use `envDir: false` instead\.( \(x\d+\))?$/,
];

/**
 * Copies a child's output to `to` line by line, leaving out the lines of UPSTREAM_NOTICES;
 * resolves when `from` has ended.
 */
export function forwardOutput(from: Readable, to: Writable): Promise<void> {
  const lines = createInterface({ input: from, crlfDelay: Infinity });
  lines.on('line', (line) => {
    const text = stripVTControlCharacters(line).trim();
    if (!UPSTREAM_NOTICES.some((notice) => notice.test(text))) to.write(`${line}\n`);
  });
  return new Promise((resolve) => lines.once('close', resolve));
}

/** Runs a CLI main: any failure is one clear line on stderr and exit code 1. */
export function runCli(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`error: ${message.split('\n')[0]}`);
    if (process.env.DEBUG) console.error(error);
    process.exit(1);
  });
}

/** Calls stop once on SIGINT/SIGTERM/SIGHUP, then exits. */
export function onShutdown(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    stop()
      .catch((error: unknown) => console.error(`error while stopping: ${(error as Error).message}`))
      .finally(() => process.exit(signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, handler);
}

/** True when the site is configured (env or .env files) to use a hosted Supabase project. */
export function siteUsesHostedSupabase(): boolean {
  if (process.env.VITE_SUPABASE_URL) return true;
  for (const file of [
    '.env',
    '.env.local',
    '.env.development',
    '.env.production',
    '.env.development.local',
    '.env.production.local',
  ]) {
    const full = path.join(ROOT, file);
    if (existsSync(full) && parseEnv(readFileSync(full, 'utf8')).VITE_SUPABASE_URL?.trim())
      return true;
  }
  return false;
}

/**
 * The stack's keys as `supabase start` prints them: the new publishable and secret keys (the
 * Supabase CLI's well-known local values) and beside them the legacy JWT keys, or that those are off.
 */
export function keyLines(stack: {
  publishableKey: string;
  secretKey: string;
  anonKey: string;
  serviceRoleKey: string;
  legacyKeys: boolean;
}): string[] {
  const legacy = (key: string) =>
    stack.legacyKeys ? `${key}  (legacy)` : 'off  (SUPABASE_LEGACY_KEYS=off: refused with 401)';
  return [
    `Publishable key:   ${stack.publishableKey}  (the browser's; anon role)`,
    `Secret key:        ${stack.secretKey}  (functions, jobs, check:live; service_role)`,
    `anon key:          ${legacy(stack.anonKey)}`,
    `service_role key:  ${legacy(stack.serviceRoleKey)}`,
  ];
}

/** The line `npm run dev` and `npm start` print beside the mailbox's. */
export function ownerCalendarLine(gatewayUrl: string): string {
  const secret = process.env.OWNER_CALENDAR_SECRET ?? LOCAL_OWNER_CALENDAR_SECRET;
  return `Owner calendar:    ${ownerCalendarUrl(gatewayUrl, secret)}  (subscribe in a calendar app)`;
}

export interface Backend {
  database: ResolvedDatabase;
  /** The local owner's address, whose Auth user the backend made if it was missing. */
  ownerEmail: string;
  email: Awaited<ReturnType<typeof startLocalEmail>>;
  stack: Awaited<ReturnType<typeof startStack>>;
  /** Stops the e-mail sender and mailbox, the stack and the database, in that order. */
  stop(): Promise<void>;
}

/**
 * What `npm run dev` and `npm start` both run behind the site: the database, the local mailbox
 * (its env reaches the edge functions and Auth) and the stack, with the e-mail sender started and
 * the local owner's Auth user made. Whatever
 * started is stopped again if a later step fails.
 */
export async function startBackend(options: {
  host: string;
  sitePort: number;
  supabasePort: number;
  watch?: boolean;
  warmFunctions?: boolean;
}): Promise<Backend> {
  const { host, sitePort, supabasePort } = options;
  const database = await resolveDatabase();
  const email = await startLocalEmail({
    siteUrl: `http://${host}:${sitePort}`,
    supabasePort,
    host,
  });
  // the owner calendar feed's secret reaches the edge functions like the e-mail settings do
  process.env.OWNER_CALENDAR_SECRET ??= LOCAL_OWNER_CALENDAR_SECRET;
  const stack = await startStack({
    database: database.target,
    port: supabasePort,
    watch: options.watch,
    warmFunctions: options.warmFunctions,
    log: (line) => console.log(line),
  }).catch(async (error: unknown) => {
    await email.stop();
    await database.cleanup();
    throw error;
  });
  email.startSender(stack.url, stack.secretKey, (line) => console.log(line));
  const owner = ownerEmail();
  try {
    if ((await ensureOwnerUser(stack.url, stack.secretKey, owner)) === 'made')
      console.log(`Auth user ${owner} made (the local owner)`);
  } catch (error) {
    await email.stop();
    await stack.stop();
    await database.cleanup();
    throw error;
  }
  return {
    ownerEmail: owner,
    database,
    email,
    stack,
    async stop() {
      await email.stop();
      await stack.stop();
      await database.cleanup();
    },
  };
}
