// The embedded Supabase stack: a database (PGlite in memory or in a data folder, or a real PostgreSQL
// server), bootstrap + migrations + seed, and the gateway with the edge functions.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { openPglite, openPostgres, type Database } from './db/database.ts';
import { defaultSupabaseDir, migrate, ROOT } from './db/migrate.ts';
import type { AuthEmailOptions, Clock } from './gateway/gotrue/index.ts';
import { startGateway, type Gateway } from './gateway/server.ts';
import {
  ANON_KEY,
  LOCAL_ALTCHA_HMAC_KEY,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
} from './keys.ts';

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'existing'; db: Database; migrated?: boolean };

export interface StackOptions {
  database?: DatabaseTarget;
  port?: number;
  host?: string;
  supabaseDir?: string;
  functionsDir?: string;
  configFile?: string;
  /** Reload edge functions when their code changes (dev). */
  watch?: boolean;
  /** Start every edge function right away instead of on first request. */
  warmFunctions?: boolean;
  /**
   * Whether the legacy JWT keys (anon, service_role) still work; default SUPABASE_LEGACY_KEYS
   * (on unless `off`). Off refuses them as a hosted project does once they are turned off.
   */
  legacyKeys?: boolean;
  /** More function secrets, over supabase/functions/.env (tests: a platform's other layout). */
  functionEnv?: Record<string, string>;
  /** The functions' request idle timeout (tests); default the platform's 150 s. */
  functionIdleTimeoutMs?: number;
  /**
   * Where Auth mails sign-in codes; default the functions' e-mail API (RESEND_API_URL,
   * RESEND_API_KEY, EMAIL_FROM of the environment the functions get), none when that is unset.
   */
  authEmail?: AuthEmailOptions | null;
  /** Auth's clock (tests); default Date.now. */
  authNow?: Clock;
  log?: (line: string) => void;
}

export interface Stack {
  url: string;
  port: number;
  /** The legacy JWT keys (refused when legacyKeys is false). */
  anonKey: string;
  serviceRoleKey: string;
  /** The new keys: the browser's (anon role) and the servers' (service_role role). */
  publishableKey: string;
  secretKey: string;
  legacyKeys: boolean;
  db: Database;
  gateway: Gateway;
  migrations: { applied: string[]; seeded: boolean };
  stop(): Promise<void>;
}

export class StackError extends Error {
  name = 'StackError';
}

export function denoBinary(): string {
  const bin = process.env.DENO_BIN ?? path.join(ROOT, 'node_modules', '.bin', 'deno');
  if (!existsSync(bin)) {
    throw new StackError(
      `Deno not found at ${bin}: run npm install (the deno package) or set DENO_BIN`,
    );
  }
  return bin;
}

/**
 * supabase/functions/.env, the secrets the functions get (as `supabase functions serve` reads it),
 * parsed by Node's own dotenv parser; {} when there is none.
 */
export function readEnvFile(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** SUPABASE_LEGACY_KEYS: `on` (or unset) or `off`; anything else is a mistake, said so. */
export function legacyKeysFromEnv(value: string | undefined = process.env.SUPABASE_LEGACY_KEYS) {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'on') return true;
  if (v === 'off') return false;
  throw new StackError(`SUPABASE_LEGACY_KEYS must be on or off, not "${value}"`);
}

/** Auth's e-mail API from the functions' settings: the same API, key and sender they use. */
export function authEmailFromEnv(env: Record<string, string | undefined>): AuthEmailOptions | null {
  const apiUrl = env.RESEND_API_URL?.trim();
  const apiKey = env.RESEND_API_KEY?.trim();
  if (!apiUrl || !apiKey) return null;
  return {
    apiUrl,
    apiKey,
    from: env.EMAIL_FROM?.trim() || 'Glanspunkt <booking@glanspunkt.local>',
  };
}

export function listFunctions(functionsDir: string): string[] {
  if (!existsSync(functionsDir)) return [];
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        !d.name.startsWith('_') &&
        existsSync(path.join(functionsDir, d.name, 'index.ts')),
    )
    .map((d) => d.name);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const supabaseDir = options.supabaseDir ?? defaultSupabaseDir();
  const functionsDir = options.functionsDir ?? path.join(supabaseDir, 'functions');
  const configFile = options.configFile ?? path.join(supabaseDir, 'config.toml');
  const denoBin = denoBinary();
  const legacyKeys = options.legacyKeys ?? legacyKeysFromEnv();
  const target = options.database ?? { kind: 'pglite' };
  let db: Database;
  if (target.kind === 'existing') db = target.db;
  else if (target.kind === 'postgres') {
    try {
      db = await openPostgres(target.url);
    } catch (error) {
      throw new StackError(`cannot connect to DATABASE_URL: ${(error as Error).message}`);
    }
  } else db = await openPglite(target.dataDir);
  const ownsDb = target.kind !== 'existing';
  let migrations = { applied: [] as string[], seeded: false };
  const functionEnv: Record<string, string> = {
    ALTCHA_HMAC_KEY: process.env.ALTCHA_HMAC_KEY ?? LOCAL_ALTCHA_HMAC_KEY,
    ...readEnvFile(path.join(functionsDir, '.env')),
    ...options.functionEnv,
  };
  let gateway: Gateway;
  try {
    if (!(target.kind === 'existing' && target.migrated))
      migrations = await migrate(db, { supabaseDir });
    gateway = await startGateway({
      db,
      port: options.port ?? 54321,
      host: options.host,
      functionsDir,
      configFile,
      denoBin,
      watch: options.watch,
      functionIdleTimeoutMs: options.functionIdleTimeoutMs,
      anonKey: ANON_KEY,
      serviceRoleKey: SERVICE_ROLE_KEY,
      publishableKey: PUBLISHABLE_KEY,
      secretKey: SECRET_KEY,
      legacyKeys,
      functionEnv: {
        ...(db.connectionString ? { SUPABASE_DB_URL: db.connectionString } : {}),
        ...functionEnv,
      },
      authEmail:
        options.authEmail === undefined
          ? authEmailFromEnv({ ...process.env, ...functionEnv })
          : options.authEmail,
      authNow: options.authNow,
      log: options.log,
    });
  } catch (error) {
    if (ownsDb) await db.close();
    throw error;
  }
  if (options.warmFunctions) void gateway.functions.warm(listFunctions(functionsDir));
  return {
    url: gateway.url,
    port: gateway.port,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
    publishableKey: PUBLISHABLE_KEY,
    secretKey: SECRET_KEY,
    legacyKeys,
    db,
    gateway,
    migrations,
    async stop() {
      await gateway.close();
      if (ownsDb) await db.close();
    },
  };
}
