// PostgREST-shaped errors: `{ code, message, details, hint }` with PostgREST's status mapping.

export interface ApiError {
  status: number;
  body: { code: string; message: string; details: string | null; hint: string | null };
  headers?: Record<string, string>;
}

export function apiError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): ApiError {
  return { status, body: { code, message, details, hint } };
}

/** A request outside the subset this gateway implements: always a 400 that names what is unsupported. */
export function unsupported(what: string): ApiError {
  return apiError(
    400,
    'PGRST100',
    `Unsupported by the local Supabase gateway: ${what}`,
    null,
    'The embedded stack implements select, eq neq gt gte lt lte in is, order, limit, offset, simple insert/update/delete and rpc.',
  );
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/** PostgREST's table: https://docs.postgrest.org/en/stable/references/errors.html */
export function statusForSqlState(code: string, anonymous: boolean): number {
  if (code === '42501') return anonymous ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '42P17' || code === '53400') return 500;
  if (code.startsWith('PT') && /^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const prefix = code.slice(0, 2);
  switch (prefix) {
    case '08':
    case '53':
      return 503;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '54':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'P0':
    case 'XX':
      return 500;
    default:
      return 400;
  }
}

interface PgLikeError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

export function fromDatabaseError(error: unknown, anonymous: boolean): ApiError {
  const e = (error ?? {}) as PgLikeError;
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    return {
      status: statusForSqlState(e.code, anonymous),
      body: {
        code: e.code,
        message: e.message ?? '',
        details: e.detail ?? null,
        hint: e.hint ?? null,
      },
    };
  }
  return apiError(500, 'PGRST000', e.message ?? String(error));
}
