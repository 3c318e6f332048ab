// The statement timeouts of the API roles, applied per request as PostgREST applies them.
//
// Hosted Supabase sets `statement_timeout` on the roles (anon 3 s, authenticated 8 s, and 8 s on
// `authenticator`, the role PostgREST logs in as). `set role` does not load a role's settings, so
// PostgREST reads them from the catalogue and sets them in each request's transaction ("impersonated
// role settings"); a role without a setting of its own keeps the login session's, i.e. the
// authenticator's (Supabase's docs: service_role "defaults to the authenticator role's 8s timeout").
// The gateway does the same in SQL, in the statement that sets the role, so a changed setting counts
// from the next request on.
//
// PGlite cannot cancel a statement (no timer signals in WASM, and a running statement holds the
// event loop), so on PGlite a statement is measured instead: one that ran longer than its limit is
// refused afterwards with the error PostgreSQL raises (57014, rolled back, HTTP 500). Same answer,
// only later than a real server would give it.
import type { Queryable, Row } from '../db/database.ts';

/** The role whose login session PostgREST runs in. */
export const LOGIN_ROLE = 'authenticator';

/**
 * SQL for the statement_timeout a request of the role named by `roleParam` (a `$n` parameter) runs
 * under: the role's own setting (pg_roles.rolconfig, the database-independent ones, which is what
 * PostgREST reads), else what the login role's session starts with (its setting for this database,
 * its own, the database's), else the gateway session's.
 */
export function roleTimeoutSql(roleParam: string): string {
  return `coalesce((
      select substr(c, length('statement_timeout=') + 1)
        from pg_catalog.pg_db_role_setting s
       cross join lateral unnest(s.setconfig) as c
       where c like 'statement\\_timeout=%'
         and ((s.setrole = (select oid from pg_catalog.pg_roles where rolname = ${roleParam})
               and s.setdatabase = 0)
              or (s.setrole = (select oid from pg_catalog.pg_roles where rolname = '${LOGIN_ROLE}')
                  and s.setdatabase in (0, (select oid from pg_catalog.pg_database
                                             where datname = current_database())))
              or (s.setrole = 0 and s.setdatabase = (select oid from pg_catalog.pg_database
                                                      where datname = current_database())))
       order by case
                  when s.setrole <> 0 and s.setrole <> (select oid from pg_catalog.pg_roles
                                                         where rolname = '${LOGIN_ROLE}') then 0
                  when s.setrole <> 0 and s.setdatabase <> 0 then 1
                  when s.setrole <> 0 then 2
                  else 3
                end
       limit 1),
    current_setting('statement_timeout'))`;
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  min: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** A time setting as PostgreSQL shows it ('3s', '100ms', '1min', '0') in milliseconds. */
export function timeoutMs(value: string): number {
  const m = /^\s*(\d+)\s*(ms|s|min|h|d)?\s*$/.exec(value);
  if (!m) throw new Error(`unexpected statement_timeout "${value}"`);
  return Number(m[1]) * UNIT_MS[m[2] ?? 'ms']!;
}

/** PostgreSQL's own error for a statement over statement_timeout. */
export function statementTimeoutError(): Error & { code: string } {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
  });
}

/**
 * Wraps a transaction's Queryable so that, on a database that cannot cancel (PGlite), a statement
 * that ran longer than the transaction's statement_timeout fails afterwards as PostgreSQL's would.
 * The limit is read once, after the first statement that took a millisecond or more (a faster one
 * cannot be over any limit), so the role's setting is already in place.
 */
export function measuredStatements(
  tx: Queryable,
  now: () => number = performance.now.bind(performance),
): Queryable {
  let limitMs: number | undefined;
  const check = async (elapsed: number) => {
    if (elapsed < 1) return;
    if (limitMs === undefined) {
      // current_setting, not pg_settings: a tenth of the cost on PGlite
      const { rows } = await tx.query<{ value: string }>(
        `select current_setting('statement_timeout') as value`,
      );
      limitMs = timeoutMs(rows[0]?.value ?? '0');
    }
    if (limitMs > 0 && elapsed > limitMs) throw statementTimeoutError();
  };
  return {
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const started = now();
      const result = await tx.query<T>(sql, params);
      await check(now() - started);
      return result;
    },
    async exec(sql: string) {
      const started = now();
      await tx.exec(sql);
      await check(now() - started);
    },
  };
}
