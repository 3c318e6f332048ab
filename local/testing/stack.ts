// A full embedded stack for tests: fresh database (PGlite in memory or a temporary PostgreSQL 15),
// gateway on a free port, edge functions under Deno.
import { fileURLToPath } from 'node:url';
import type { Row } from '../db/database.ts';
import { keyHeaders } from '../keys.ts';
import { freePort } from '../net.ts';
import { startStack, type Stack, type StackOptions } from '../stack.ts';
import {
  createTestDatabase,
  type Backend,
  type SchemaSource,
  type TestDatabase,
} from './database.ts';

export const FIXTURE_FUNCTIONS_DIR = fileURLToPath(
  new URL('./fixtures/functions', import.meta.url),
);
export const FIXTURE_CONFIG = fileURLToPath(new URL('./fixtures/config.toml', import.meta.url));

export interface TestStackOptions {
  backend?: Backend;
  /** PostgreSQL only: load pg_cron as hosted Supabase does. */
  cron?: boolean;
  /** See MigrateOptions.platformDefaults; default true (hosted Supabase's worst case). */
  platformDefaults?: boolean;
  /** See TestDatabaseOptions.source; default the migrations. */
  source?: SchemaSource;
  /** Edge functions folder; default supabase/functions. */
  functionsDir?: string;
  /** config.toml with [functions.<name>] verify_jwt; default supabase/config.toml. */
  configFile?: string;
  /** Print gateway and function logs. */
  verbose?: boolean;
  /**
   * booking_challenge_cost of this stack (the booking form's proof of work); default 1, so tests
   * solve a challenge in milliseconds. Pass null to keep the migration's default.
   */
  challengeCost?: number | null;
  /**
   * Whether the legacy JWT keys work; default true, whatever SUPABASE_LEGACY_KEYS says, so a test
   * is the same on every machine. False: the stack refuses them as a project that turned them off.
   */
  legacyKeys?: boolean;
  /** Function secrets of this stack, e.g. CLIENT_IP_HEADER (see StackOptions.functionEnv). */
  functionEnv?: Record<string, string>;
  /** See StackOptions.authEmail. */
  authEmail?: StackOptions['authEmail'];
  /** Auth's clock (see StackOptions.authNow). */
  authNow?: StackOptions['authNow'];
}

export interface TestStack {
  url: string;
  /** The legacy JWT keys. */
  anonKey: string;
  serviceRoleKey: string;
  /** The new keys (anon and service_role roles). */
  publishableKey: string;
  secretKey: string;
  legacyKeys: boolean;
  backend: Backend;
  /** Runs SQL as the database owner (bypasses RLS). */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  database: TestDatabase;
  stack: Stack;
  /**
   * POST /rest/v1/rpc/<name> with a JSON body, as a client holding key (default: the anon key, or
   * the publishable key when the legacy keys are off); a new key goes in apikey only.
   */
  rpc(name: string, body: unknown, key?: string): Promise<Response>;
  stop(): Promise<void>;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const database = await createTestDatabase({
    backend: options.backend,
    cron: options.cron,
    platformDefaults: options.platformDefaults,
    source: options.source,
  });
  let stack: Stack;
  try {
    const cost = options.challengeCost === undefined ? 1 : options.challengeCost;
    if (cost !== null)
      await database.query(
        `update public.settings set value = $1 where key = 'booking_challenge_cost'`,
        [String(cost)],
      );
    stack = await startStack({
      database: { kind: 'existing', db: database.db, migrated: true },
      port: await freePort(),
      functionsDir: options.functionsDir,
      configFile: options.configFile,
      legacyKeys: options.legacyKeys ?? true,
      functionEnv: options.functionEnv,
      authEmail: options.authEmail,
      authNow: options.authNow,
      log: options.verbose || process.env.STACK_VERBOSE ? (line) => console.log(line) : undefined,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    url: stack.url,
    anonKey: stack.anonKey,
    serviceRoleKey: stack.serviceRoleKey,
    publishableKey: stack.publishableKey,
    secretKey: stack.secretKey,
    legacyKeys: stack.legacyKeys,
    backend: database.backend,
    query: database.query,
    database,
    stack,
    rpc: (name, body, key = stack.legacyKeys ? stack.anonKey : stack.publishableKey) =>
      fetch(`${stack.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { ...keyHeaders(key), 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    async stop() {
      await stack.stop();
      await database.close();
    },
  };
}
