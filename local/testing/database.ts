// Fresh databases for tests: bootstrap + migrations + seed applied, on PGlite (in memory) or on a
// real PostgreSQL 15 server started in a temporary folder.
import { openPglite, openPostgres, type Database, type Row } from '../db/database.ts';
import { migrate, type MigrateOptions } from '../db/migrate.ts';
import { startPostgresServer, type PostgresServer } from '../db/postgres-server.ts';

export type Backend = 'pglite' | 'postgres';

export interface TestDatabase {
  backend: Backend;
  db: Database;
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** postgres:// URL (real PostgreSQL only). */
  connectionString?: string;
  close(): Promise<void>;
}

export interface TestDatabaseOptions extends MigrateOptions {
  backend?: Backend;
}

/** Backend chosen by TEST_DB (pglite | postgres); pglite by default. */
export function defaultBackend(): Backend {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const backend = options.backend ?? defaultBackend();
  let server: PostgresServer | undefined;
  let db: Database;
  if (backend === 'postgres') {
    server = await startPostgresServer();
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
    await migrate(db, options);
  } catch (error) {
    await db.close();
    await server?.stop();
    throw error;
  }
  return {
    backend,
    db,
    connectionString: server?.connectionString,
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await db.query<T>(sql, params)).rows;
    },
    async close() {
      await db.close();
      await server?.stop();
    },
  };
}
