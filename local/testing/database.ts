// Fresh databases for tests: bootstrap + migrations + seed applied (or bootstrap + supabase/schemas +
// seed), on PGlite (in memory) or on a real PostgreSQL 15 server started in a temporary folder.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, openPostgres, type Database, type Row } from '../db/database.ts';
import { bootstrap, migrate, seed, type MigrateOptions } from '../db/migrate.ts';
import { startPostgresServer, type PostgresServer } from '../db/postgres-server.ts';
import { applySchemas } from '../db/schema-diff.ts';

export type Backend = 'pglite' | 'postgres';

export interface TestDatabase {
  backend: Backend;
  db: Database;
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** postgres:// URL (real PostgreSQL only). */
  connectionString?: string;
  /** The server's log file (real PostgreSQL only), for tests of what reaches the log. */
  serverLog?: string;
  close(): Promise<void>;
}

export interface TestDatabaseOptions extends MigrateOptions {
  backend?: Backend;
  /** PostgreSQL only: load pg_cron as hosted Supabase does (see startPostgresServer). */
  cron?: boolean;
  /**
   * What builds the schema: the migrations (what `db push` deploys; the default) or the readable
   * source in supabase/schemas (applySchemas), to prove the two behave the same.
   */
  source?: SchemaSource;
}

export type SchemaSource = 'migrations' | 'schemas';

/** Backend chosen by TEST_DB (pglite | postgres); pglite by default. */
export function defaultBackend(): Backend {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const backend = options.backend ?? defaultBackend();
  let server: PostgresServer | undefined;
  let db: Database;
  if (backend === 'postgres') {
    server = await startPostgresServer({ cron: options.cron });
    try {
      db = await openPostgres(server.connectionString);
    } catch (error) {
      await server.stop();
      throw error;
    }
  } else {
    db = await openPglite();
  }
  try {
    if (options.source === 'schemas') {
      await bootstrap(db, options);
      const supabaseDir = options.supabaseDir;
      await applySchemas(db, supabaseDir ? path.join(supabaseDir, 'schemas') : undefined);
      if (options.seed !== false) await seed(db, supabaseDir);
    } else {
      await migrate(db, options);
    }
  } catch (error) {
    await db.close();
    await server?.stop();
    throw error;
  }
  return {
    backend,
    db,
    connectionString: server?.connectionString,
    serverLog: server ? path.join(server.dir, 'server.log') : undefined,
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params)).rows;
    },
    async close() {
      await db.close();
      await server?.stop();
    },
  };
}

const HOSTED_STAND_INS = fileURLToPath(new URL('./fixtures/hosted-stand-ins.sql', import.meta.url));

/**
 * Test databases only: stand-ins for Supabase Vault and pg_net (neither is packaged for Debian):
 * plain-text vault.secrets / vault.decrypted_secrets / vault.create_secret, and a net.http_post that
 * records its calls in net.recorded_calls instead of sending them.
 */
export async function installHostedStandIns(db: Database): Promise<void> {
  await db.transaction((tx) => tx.exec(readFileSync(HOSTED_STAND_INS, 'utf8')));
}
