// The /rest/v1 subset of PostgREST that supabase-js v2 sends for this app. Every request runs in its
// own transaction under the caller's role with request.jwt.claims set, so RLS and grants are the
// real PostgreSQL ones. Anything outside the subset is a 400 naming what is unsupported.
import type { IncomingHttpHeaders } from 'node:http';
import type { Database, Queryable, Row } from '../db/database.ts';
import { publicFunctions, type PublicFunction } from '../db/functions.ts';
import { PG_DATE_TIME_TYPES, PG_JSON_TYPES, PG_NUMBER_TYPES } from '../db/pg-types.ts';
import type { RequestIdentity } from './auth.ts';
import { apiError, fromDatabaseError, isApiError, unsupported, type ApiError } from './errors.ts';
import { measuredStatements, roleTimeoutSql } from './timeouts.ts';

export interface RestRequest {
  method: string;
  /** Path after /rest/v1, e.g. "/services" or "/rpc/create_booking". */
  path: string;
  searchParams: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  identity: RequestIdentity;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const OPERATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};
const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json';

/** A SQL literal (standard_conforming_strings is on in every supported database). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const text = String(value);
  if (text.includes('\0'))
    throw apiError(400, '22021', 'invalid byte sequence for encoding "UTF8": 0x00');
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Replaces $1..$n with literals. Safe because every statement here is generated from validated
 * identifiers and keywords only; no caller text is ever part of the SQL outside these parameters.
 */
function inline(sql: string, params: unknown[]): string {
  if (params.length === 0) return sql;
  return sql.replace(/\$(\d+)/g, (_m, n: string) => literal(params[Number(n) - 1]));
}

function q(ident: string): string {
  return `"${ident.replace(/"/g, '""')}"`;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

function ident(name: string, what: string): string {
  if (!IDENT.test(name))
    throw unsupported(`${what} "${name}" (only plain column names are supported)`);
  return q(name);
}

// --- select ----------------------------------------------------------------------------------------

/** Type names a select may cast to (column::type); anything else never reaches the SQL. */
const CAST_TYPES = new Set<string>([
  'text',
  'varchar',
  'char',
  'uuid',
  'bool',
  'boolean',
  ...PG_NUMBER_TYPES,
  // the SQL names of the number types
  'int',
  'integer',
  'smallint',
  'bigint',
  'decimal',
  'real',
  ...PG_DATE_TIME_TYPES,
  ...PG_JSON_TYPES,
]);

function parseSelect(select: string | null): string {
  if (select === null || select.trim() === '' || select.trim() === '*') return '*';
  if (/[()]/.test(select))
    throw unsupported(`embedded resources or aggregates in select=${select}`);
  return select
    .split(',')
    .map((raw) => raw.trim())
    .map((item) => {
      if (item === '*') return '*';
      if (item.startsWith('...')) throw unsupported(`spread in select=${select}`);
      if (item.includes('->')) throw unsupported(`JSON path "${item}" in select`);
      const m =
        /^(?:([A-Za-z_][A-Za-z0-9_]*):)?([A-Za-z_][A-Za-z0-9_]*)(?:::([A-Za-z0-9_]+))?$/.exec(item);
      if (!m) throw unsupported(`select item "${item}"`);
      const [, alias, column, cast] = m;
      if (cast !== undefined && !CAST_TYPES.has(cast.toLowerCase()))
        throw unsupported(`cast to "${cast}" in select (known types only)`);
      const expr = cast ? `${q(column!)}::${cast}` : q(column!);
      return alias ? `${expr} as ${q(alias)}` : cast ? `${expr} as ${q(column!)}` : expr;
    })
    .join(', ');
}

// --- filters ---------------------------------------------------------------------------------------

/** Splits the inside of in.(a,"b,c",d) honouring double quotes. */
function parseList(list: string): string[] {
  const values: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < list.length) current += list[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      values.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else current += ch;
  }
  if (quoted)
    throw apiError(400, 'PGRST100', `"failed to parse filter (in.(${list}))" (unterminated quote)`);
  values.push(wasQuoted ? current : current.trim());
  return values;
}

const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'apikey',
]);

function parseFilters(searchParams: URLSearchParams, params: unknown[]): string[] {
  const clauses: string[] = [];
  for (const [key, raw] of searchParams) {
    if (RESERVED.has(key)) continue;
    if (key === 'or' || key === 'and' || key === 'not.or' || key === 'not.and')
      throw unsupported(`logical filter ${key}=${raw}`);
    if (key.includes('.') || key.includes('->'))
      throw unsupported(`filter on "${key}" (embedded or JSON path)`);
    const column = ident(key, 'filter column');
    const dot = raw.indexOf('.');
    const op = dot < 0 ? raw : raw.slice(0, dot);
    const value = dot < 0 ? '' : raw.slice(dot + 1);
    if (dot < 0)
      throw apiError(
        400,
        'PGRST100',
        `"failed to parse filter (${raw})" (line 1, column ${raw.length + 1})`,
      );
    if (op === 'not') throw unsupported(`negated filter ${key}=${raw}`);
    if (op in OPERATORS) {
      params.push(value);
      clauses.push(`${column} ${OPERATORS[op]} $${params.length}`);
    } else if (op === 'in') {
      const m = /^\((.*)\)$/s.exec(value);
      if (!m)
        throw apiError(
          400,
          'PGRST100',
          `"failed to parse filter (in.${value})" (expected a parenthesised list)`,
        );
      const items = m[1] === '' ? [] : parseList(m[1]!);
      if (items.length === 0) clauses.push('false');
      else {
        const ps = items.map((item) => {
          params.push(item);
          return `$${params.length}`;
        });
        clauses.push(`${column} in (${ps.join(', ')})`);
      }
    } else if (op === 'is') {
      const v = value.toLowerCase();
      if (v === 'null') clauses.push(`${column} is null`);
      else if (v === 'not_null') clauses.push(`${column} is not null`);
      else if (v === 'true') clauses.push(`${column} is true`);
      else if (v === 'false') clauses.push(`${column} is false`);
      else if (v === 'unknown') clauses.push(`${column} is unknown`);
      else
        throw apiError(
          400,
          'PGRST100',
          `"failed to parse filter (is.${value})" (expected null, not_null, true, false or unknown)`,
        );
    } else {
      throw unsupported(`operator "${op}" in filter ${key}=${raw}`);
    }
  }
  return clauses;
}

function where(searchParams: URLSearchParams, params: unknown[]): string {
  const clauses = parseFilters(searchParams, params);
  return clauses.length ? ` where ${clauses.join(' and ')}` : '';
}

function parseOrder(order: string | null): string {
  if (order === null) return '';
  const items = order.split(',').map((item) => {
    const parts = item.trim().split('.');
    const column = ident(parts[0] ?? '', 'order column');
    let sql = column;
    for (const mod of parts.slice(1)) {
      if (mod === 'asc') sql += ' asc';
      else if (mod === 'desc') sql += ' desc';
      else if (mod === 'nullsfirst') sql += ' nulls first';
      else if (mod === 'nullslast') sql += ' nulls last';
      else
        throw apiError(400, 'PGRST100', `"failed to parse order (${order})" (unexpected "${mod}")`);
    }
    return sql;
  });
  return ` order by ${items.join(', ')}`;
}

function parseCount(name: string, value: string | null): number | undefined {
  if (value === null) return undefined;
  if (!/^\d+$/.test(value)) throw apiError(400, 'PGRST100', `"failed to parse ${name} (${value})"`);
  return Number(value);
}

function limitOffset(searchParams: URLSearchParams, params: unknown[]): string {
  const limit = parseCount('limit', searchParams.get('limit'));
  const offset = parseCount('offset', searchParams.get('offset'));
  let sql = '';
  if (limit !== undefined) {
    params.push(limit);
    sql += ` limit $${params.length}`;
  }
  if (offset !== undefined) {
    params.push(offset);
    sql += ` offset $${params.length}`;
  }
  return sql;
}

// --- headers ---------------------------------------------------------------------------------------

interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only';
}

function parsePrefer(headers: IncomingHttpHeaders): Prefer {
  const prefer: Prefer = { return: 'minimal' };
  const raw = header(headers, 'prefer');
  if (!raw) return prefer;
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [k, v] = part.split('=').map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only'))
      prefer.return = v;
    else if (k === 'missing' && v === 'null') continue;
    else if (k === 'handling' && v === 'lenient') continue;
    else throw unsupported(`Prefer: ${part}`);
  }
  return prefer;
}

function checkProfile(headers: IncomingHttpHeaders): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const v = header(headers, name);
    if (v && v !== 'public') {
      throw apiError(
        406,
        'PGRST106',
        'The schema must be one of the following: public',
        null,
        null,
      );
    }
  }
}

function wantsObject(headers: IncomingHttpHeaders): boolean {
  return (header(headers, 'accept') ?? '').includes(OBJECT_TYPE);
}

function checkAccept(headers: IncomingHttpHeaders): void {
  const accept = header(headers, 'accept');
  if (!accept) return;
  const ok = accept
    .split(',')
    .map((a) => a.split(';')[0]!.trim())
    .some(
      (a) => a === '*/*' || a === 'application/json' || a === 'application/*' || a === OBJECT_TYPE,
    );
  if (!ok) throw unsupported(`Accept: ${accept}`);
}

// --- execution -------------------------------------------------------------------------------------

function respondRows(
  body: string,
  n: number,
  headers: IncomingHttpHeaders,
  status: number,
  offset = 0,
): RestResponse {
  if (wantsObject(headers)) {
    if (n !== 1) {
      const e = apiError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${n} rows`,
      );
      throw e;
    }
    const rows = JSON.parse(body) as unknown[];
    return {
      status,
      headers: { 'Content-Type': `${OBJECT_TYPE}; charset=utf-8` },
      body: JSON.stringify(rows[0]),
    };
  }
  return {
    status,
    headers: {
      'Content-Type': JSON_TYPE,
      'Content-Range': n > 0 ? `${offset}-${offset + n - 1}/*` : '*/*',
    },
    body,
  };
}

function tablePath(path: string): string {
  const m = /^\/([^/]+)$/.exec(path);
  if (!m) throw unsupported(`path /rest/v1${path}`);
  const name = decodeURIComponent(m[1]!);
  if (!IDENT.test(name)) throw unsupported(`table name "${name}"`);
  return name;
}

function missingTable(name: string): ApiError {
  return apiError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`);
}

async function tableRequest(tx: Queryable, req: RestRequest): Promise<RestResponse> {
  const table = tablePath(req.path);
  const target = `public.${q(table)}`;
  const params: unknown[] = [];
  const sp = req.searchParams;
  const method = req.method;
  if (method === 'GET' || method === 'HEAD') {
    for (const k of ['columns', 'on_conflict']) if (sp.has(k)) throw unsupported(`${k}= on a read`);
    parsePrefer(req.headers);
    const cols = parseSelect(sp.get('select'));
    const w = where(sp, params);
    const order = parseOrder(sp.get('order'));
    const lo = limitOffset(sp, params);
    const sql = `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${cols} from ${target}${w}${order}${lo}) _r`;
    const { rows } = await tx.query<{ body: string; n: number }>(sql, params);
    const r = respondRows(
      rows[0]!.body,
      Number(rows[0]!.n),
      req.headers,
      200,
      parseCount('offset', sp.get('offset')) ?? 0,
    );
    return method === 'HEAD' ? { ...r, body: '' } : r;
  }
  const prefer = parsePrefer(req.headers);
  for (const k of ['order', 'limit', 'offset', 'on_conflict'])
    if (sp.has(k)) throw unsupported(`${k}= on ${method}`);
  const returning =
    prefer.return === 'representation' ? ` returning ${parseSelect(sp.get('select'))}` : '';
  let statement: string;
  let status: number;
  if (method === 'POST' || method === 'PATCH') {
    let payload: unknown;
    try {
      payload = req.body ? JSON.parse(req.body) : undefined;
    } catch {
      throw apiError(400, 'PGRST102', 'Empty or invalid json');
    }
    const rows = Array.isArray(payload) ? payload : [payload];
    if (
      rows.length === 0 ||
      rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))
    ) {
      throw apiError(400, 'PGRST102', 'Empty or invalid json');
    }
    if (method === 'PATCH' && Array.isArray(payload)) throw unsupported('PATCH with an array body');
    const keys = sp.has('columns')
      ? sp
          .get('columns')!
          .split(',')
          .map((c) => c.trim().replace(/^"|"$/g, ''))
      : [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
    const cols = keys.map((k) => ident(k, 'column'));
    params.push(JSON.stringify(method === 'POST' ? rows : payload));
    if (method === 'POST') {
      if (
        Object.keys(Object.fromEntries(sp)).some(
          (k) => !['select', 'columns', 'apikey'].includes(k),
        )
      ) {
        throw unsupported('filters on insert');
      }
      statement = `insert into ${target} (${cols.join(', ')}) select ${cols.join(', ')} from json_populate_recordset(null::${target}, $1::json)${returning}`;
      status = 201;
    } else {
      const w = where(sp, params);
      statement = `update ${target} set (${cols.join(', ')}) = (select ${cols.join(', ')} from json_populate_record(null::${target}, $1::json))${w}${returning}`;
      status = prefer.return === 'representation' ? 200 : 204;
    }
  } else if (method === 'DELETE') {
    const w = where(sp, params);
    statement = `delete from ${target}${w}${returning}`;
    status = prefer.return === 'representation' ? 200 : 204;
  } else if (method === 'PUT') {
    throw unsupported('PUT (upsert)');
  } else {
    throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }
  if (returning) {
    const sql = `with _w as (${statement}) select coalesce(json_agg(_w), '[]')::text as body, count(*)::int as n from _w`;
    const { rows } = await tx.query<{ body: string; n: number }>(sql, params);
    return respondRows(rows[0]!.body, Number(rows[0]!.n), req.headers, status);
  }
  await tx.query(statement, params);
  return { status: method === 'POST' ? 201 : 204, headers: {}, body: '' };
}

// --- rpc -------------------------------------------------------------------------------------------

interface Candidate {
  info: PublicFunction;
  args: { name: string; type: string; required: boolean }[];
}

async function findFunction(
  tx: Queryable,
  name: string,
  body: Record<string, unknown>,
): Promise<Candidate> {
  const keys = Object.keys(body);
  const candidates: Candidate[] = (await publicFunctions(tx, name)).map((info) => ({
    info,
    args: info.ins.map((a) => ({ name: a.name, type: a.type, required: !a.optional })),
  }));
  const match = candidates.find(
    (c) =>
      keys.every((k) => c.args.some((a) => a.name === k)) &&
      c.args.every((a) => !a.required || keys.includes(a.name)),
  );
  if (match) return match;
  const single = candidates.find(
    (c) => c.args.length === 1 && c.args[0]!.name === '' && /^jsonb?$/.test(c.args[0]!.type),
  );
  if (single) return single;
  const sorted = [...keys].sort().join(', ');
  throw apiError(
    404,
    'PGRST202',
    `Could not find the function public.${name}(${sorted}) in the schema cache`,
    `Searched for the function public.${name} with parameters ${sorted || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}

async function rpcRequest(tx: Queryable, req: RestRequest, name: string): Promise<RestResponse> {
  if (req.method !== 'POST') throw unsupported(`${req.method} /rpc (use POST)`);
  if (!IDENT.test(name)) throw unsupported(`function name "${name}"`);
  if ([...req.searchParams.keys()].some((k) => k !== 'apikey'))
    throw unsupported('query parameters on rpc');
  const prefer = header(req.headers, 'prefer');
  if (prefer && prefer.split(',').some((p) => !/^\s*(return=\w+|handling=lenient)\s*$/.test(p)))
    throw unsupported(`Prefer: ${prefer}`);
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = req.body.trim() === '' ? {} : JSON.parse(req.body);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    throw apiError(400, 'PGRST102', 'Empty or invalid json');
  }
  const { info, args } = await findFunction(tx, name, body);
  // as PostgREST: a STABLE or IMMUTABLE function runs read-only, also when called with POST
  if (info.volatility !== 'v') await tx.exec('set transaction read only');
  const fn = `public.${q(name)}`;
  let call: string;
  let from = '';
  const params: unknown[] = [];
  if (args.length === 1 && args[0]!.name === '') {
    params.push(JSON.stringify(body));
    call = `${fn}($1::${args[0]!.type})`;
  } else {
    const given = args.filter((a) => a.name in body);
    if (given.length > 0) {
      params.push(JSON.stringify(body));
      from = ` from json_to_record($1::json) as _a(${given.map((a) => `${q(a.name)} ${a.type}`).join(', ')})`;
    }
    call = `${fn}(${given.map((a) => `${q(a.name)} := _a.${q(a.name)}`).join(', ')})`;
  }
  if (info.returns.type === 'void') {
    await tx.query(`select ${call}${from}`, params);
    return { status: 204, headers: {}, body: '' };
  }
  const rowType = info.retset || info.returns.typtype === 'c' || info.returns.type === 'record';
  if (rowType) {
    const source = from ? `${from}, lateral ${call} _r` : ` from ${call} _r`;
    const { rows } = await tx.query<{ body: string; n: number }>(
      `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n${source}`,
      params,
    );
    const { body: text, n } = rows[0]!;
    if (!info.retset) {
      const list = JSON.parse(text) as unknown[];
      return {
        status: 200,
        headers: { 'Content-Type': JSON_TYPE },
        body: JSON.stringify(list[0] ?? null),
      };
    }
    return respondRows(text, Number(n), req.headers, 200);
  }
  const { rows } = await tx.query<{ body: string | null }>(
    `select to_json(${call})::text as body${from}`,
    params,
  );
  const value = rows[0]?.body ?? 'null';
  if (wantsObject(req.headers))
    return {
      status: 200,
      headers: { 'Content-Type': `${OBJECT_TYPE}; charset=utf-8` },
      body: value,
    };
  return { status: 200, headers: { 'Content-Type': JSON_TYPE }, body: value };
}

// --- entry -----------------------------------------------------------------------------------------

export async function handleRest(db: Database, req: RestRequest): Promise<RestResponse> {
  const anonymous = req.identity.role === 'anon';
  try {
    checkProfile(req.headers);
    checkAccept(req.headers);
    if (req.headers.range) throw unsupported('Range header (use limit/offset)');
    const rpc = /^\/rpc\/([^/]+)$/.exec(req.path);
    const readOnly = req.method === 'GET' || req.method === 'HEAD';
    // the role's statement_timeout first (PostgREST's impersonated role settings; timeouts.ts)
    const setup = inline(
      `select set_config('statement_timeout', ${roleTimeoutSql('$1')}, true), set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true), set_config('request.path', $4, true), set_config('request.headers', $5, true)${
        readOnly ? ", set_config('transaction_read_only', 'on', true)" : ''
      }`,
      [
        req.identity.role,
        JSON.stringify(req.identity.claims),
        req.method,
        req.path,
        JSON.stringify(
          Object.fromEntries(
            Object.entries(req.headers).filter(([k]) => k !== 'authorization' && k !== 'apikey'),
          ),
        ),
      ],
    );
    return await db.transaction(async (transaction) => {
      // PGlite cannot cancel a statement: there it is measured and refused afterwards
      const inner = db.kind === 'pglite' ? measuredStatements(transaction) : transaction;
      // One simple-protocol round trip per statement: the role/claims setup travels with the first
      // statement, and parameters are inlined as literals (far cheaper than parse/bind on PGlite).
      let pending: string | undefined = setup;
      const tx: Queryable = {
        async query<T extends Row>(sql: string, params: unknown[] = []) {
          const text = inline(sql, params);
          const combined = pending ? `${pending};\n${text}` : text;
          pending = undefined;
          return inner.query<T>(combined);
        },
        async exec(sql: string) {
          const combined = pending ? `${pending};\n${sql}` : sql;
          pending = undefined;
          await inner.exec(combined);
        },
      };
      try {
        return rpc
          ? await rpcRequest(tx, req, decodeURIComponent(rpc[1]!))
          : await tableRequest(tx, req);
      } catch (error) {
        if ((error as { code?: string }).code === '42P01' && !rpc)
          throw missingTable(tablePath(req.path));
        throw error;
      }
    });
  } catch (error) {
    const e = isApiError(error) ? error : fromDatabaseError(error, anonymous);
    return {
      status: e.status,
      headers: { 'Content-Type': JSON_TYPE, ...e.headers },
      body: JSON.stringify(e.body),
    };
  }
}
