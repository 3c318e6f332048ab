// One small interface over the two databases the embedded stack runs on: PGlite (PostgreSQL in WASM,
// in memory or in a data folder) and a real PostgreSQL server reached through `pg`.
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import pg from 'pg';

export type Row = Record<string, unknown>;

export interface Queryable {
  /** Without params several statements may be given; the last one's rows are returned. */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN/COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** postgres:// URL when the database is a real server. */
  readonly connectionString?: string;
}

/** Supabase's database-wide search_path. */
export const SEARCH_PATH = '"$user", public, extensions';

/** PGlite, or one of its transactions, as a Queryable. */
function pgliteQueryable(target: Pick<PGlite, 'exec' | 'query'>): Queryable {
  return {
    async query<T extends Row>(sql: string, params?: unknown[]) {
      if (!params?.length) {
        // simple protocol: several statements allowed; the last one's rows are returned
        const results = await target.exec(sql);
        return { rows: (results.at(-1)?.rows ?? []) as T[] };
      }
      const r = await target.query<T>(sql, params);
      return { rows: r.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** Opens PGlite in memory (dataDir undefined) or persisted in dataDir. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = await PGlite.create(dataDir, { extensions: { btree_gist, pgcrypto, uuid_ossp } });
  await db.exec(`set search_path to ${SEARCH_PATH}`);
  return {
    kind: 'pglite',
    ...pgliteQueryable(db),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return db.transaction(async (tx) => fn(pgliteQueryable(tx)));
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

/** Connects to a real PostgreSQL server. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: `-c search_path=${SEARCH_PATH.replace(/ /g, '')}`,
  });
  pool.on('error', () => {
    // idle client lost (server stopped); the next query reports it
  });
  const client = await pool.connect();
  client.release();
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const r = (await c.query(sql, params as unknown[] | undefined)) as
        pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(r) ? r.at(-1) : r;
      return { rows: (last?.rows ?? []) as T[] };
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    connectionString,
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const c = await pool.connect();
      try {
        await c.query('begin');
        const result = await fn(wrap(c));
        await c.query('commit');
        return result;
      } catch (error) {
        await c.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        c.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
