// API key and JWT checks in front of /rest/v1 (Kong's key-auth plus PostgREST's JWT role switch).
import type { IncomingHttpHeaders } from 'node:http';
import { verifyJwt, type JwtClaims } from '../keys.ts';
import { apiError, type ApiError } from './errors.ts';

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export interface RequestIdentity {
  role: ApiRole;
  claims: JwtClaims;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function bearer(headers: IncomingHttpHeaders): string | undefined {
  const auth = header(headers, 'authorization');
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim()) : null;
  return m?.[1];
}

function jwtError(reason: 'malformed' | 'signature' | 'expired'): ApiError {
  const err =
    reason === 'expired'
      ? apiError(401, 'PGRST303', 'JWT expired')
      : reason === 'signature'
        ? apiError(401, 'PGRST301', 'JWSError JWSInvalidSignature')
        : apiError(
            401,
            'PGRST301',
            'JWSError (CompactDecodeError Invalid number of parts: expected 3 parts)',
          );
  err.headers = {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${err.body.message}"`,
  };
  return err;
}

/** Who is calling /rest/v1: requires a valid apikey; the Authorization bearer (if any) decides the role. */
export async function identify(
  headers: IncomingHttpHeaders,
  searchParams: URLSearchParams,
  secret: string,
): Promise<RequestIdentity | ApiError> {
  const apikey = header(headers, 'apikey') ?? searchParams.get('apikey') ?? undefined;
  if (!apikey) {
    return {
      status: 401,
      body: {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      },
    } as unknown as ApiError;
  }
  const key = await verifyJwt(apikey, secret);
  if (!key.ok) {
    return {
      status: 401,
      body: {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      },
    } as unknown as ApiError;
  }
  const token = bearer(headers);
  const result = token ? await verifyJwt(token, secret) : key;
  if (!result.ok) return jwtError(result.reason);
  const role = result.claims.role ?? 'anon';
  if (!(API_ROLES as readonly string[]).includes(role)) {
    return apiError(
      401,
      'PGRST301',
      `JWT role "${role}" is not one of anon, authenticated, service_role`,
    );
  }
  return { role: role as ApiRole, claims: result.claims };
}
