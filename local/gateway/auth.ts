// API key and JWT checks in front of /rest/v1 and /functions/v1: the platform's API gateway (which
// keys it takes, and what it forwards as Authorization) and then PostgREST's JWT role switch.
//
// Keys as hosted Supabase takes them (docs: "API keys", "Migrating to publishable and secret API
// keys"; the CLI's kong.yml does the same locally):
// - the publishable key (sb_publishable_…) and the secret keys (sb_secret_…) travel in `apikey`.
//   They are not JWTs: the gateway puts a short-lived JWT for the anon or the service_role role in
//   Authorization in their place, which is what PostgREST and a function's verify_jwt then see. A
//   client may also repeat the key as `Authorization: Bearer <the same key>` (supabase-js does);
//   any other non-JWT bearer reaches PostgREST as it is and is refused there as malformed.
// - the legacy JWT keys (anon, service_role) work as before until they are turned off
//   (SUPABASE_LEGACY_KEYS=off, as a project does in the dashboard): then a request that carries one
//   is refused with the platform's 401 "Legacy API keys are disabled".
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { keyKind, signJwt, verifyJwt, type JwtClaims } from '../keys.ts';
import { apiError, type ApiError } from './errors.ts';

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export interface RequestIdentity {
  role: ApiRole;
  claims: JwtClaims;
}

/** The keys a gateway takes, and whether the legacy JWT keys still work. */
export interface GatewayKeys {
  jwtSecret: string;
  /** sb_publishable_… keys: the anon role. */
  publishableKeys: readonly string[];
  /** sb_secret_… keys: the service_role role. */
  secretKeys: readonly string[];
  /** The legacy JWT keys, refused by value when legacyKeys is false. */
  anonKey: string;
  serviceRoleKey: string;
  legacyKeys: boolean;
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

/** The gateway's own refusals carry only message and hint, as the platform's do. */
function gatewayError(message: string, hint: string): ApiError {
  return { status: 401, body: { message, hint } } as unknown as ApiError;
}

export const LEGACY_KEYS_DISABLED = gatewayError(
  'Legacy API keys are disabled',
  'Your legacy API keys (anon, service_role) are disabled on this stack (SUPABASE_LEGACY_KEYS=off). Re-enable them, or use the new publishable and secret API keys.',
);

const INVALID_API_KEY = gatewayError(
  'Invalid API key',
  'Double check your Supabase `anon` or `service_role` API key.',
);

const NO_API_KEY = gatewayError(
  'No API key found in request',
  'No `apikey` request header or url param was found.',
);

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Which of the new keys `key` is (every one is compared, so the time does not tell which). */
export function newKeyRole(key: string, keys: GatewayKeys): 'anon' | 'service_role' | undefined {
  let role: 'anon' | 'service_role' | undefined;
  for (const k of keys.publishableKeys) if (sameKey(key, k)) role = 'anon';
  for (const k of keys.secretKeys) if (sameKey(key, k)) role = 'service_role';
  return role;
}

/** True for the legacy anon or service_role key itself (not any JWT signed with the secret). */
export function isLegacyKey(token: string, keys: GatewayKeys): boolean {
  return sameKey(token, keys.anonKey) || sameKey(token, keys.serviceRoleKey);
}

/** Lifetime of the JWT the gateway puts in place of a new key. */
export const MINTED_JWT_SECONDS = 300;
/** A minted JWT is reused for this long, so every one still has 4 minutes left when forwarded. */
const MINTED_JWT_REUSE_MS = 60_000;

const minted = new Map<string, { token: string; at: number }>();

/** The short-lived JWT the gateway forwards for a new key: role, issuer, issued and expiry times. */
export async function mintedJwt(
  role: 'anon' | 'service_role',
  secret: string,
  now: number = Date.now(),
): Promise<string> {
  const cacheKey = `${role}\u0000${secret}`;
  const cached = minted.get(cacheKey);
  if (cached && now - cached.at >= 0 && now - cached.at < MINTED_JWT_REUSE_MS) return cached.token;
  const iat = Math.floor(now / 1000);
  const token = await signJwt(
    { iss: 'supabase', role, iat, exp: iat + MINTED_JWT_SECONDS },
    secret,
  );
  minted.set(cacheKey, { token, at: now });
  return token;
}

/**
 * The Authorization a function receives (the platform and the CLI's gateway do the same): a user's
 * JWT is passed on as it is; otherwise, when `apikey` is one of the new keys, the short-lived JWT of
 * its role replaces an absent Authorization or one that repeats an sb_ key. Anything else is left
 * as it is: the gateway does not check the apikey of a function (the function does, where it must).
 */
export async function functionAuthorization(
  headers: IncomingHttpHeaders,
  keys: GatewayKeys,
  now: number = Date.now(),
): Promise<string | undefined> {
  const auth = header(headers, 'authorization');
  const apikey = header(headers, 'apikey');
  if (auth !== undefined && !/^Bearer\s+sb_/i.test(auth.trim())) return auth;
  const role = apikey ? newKeyRole(apikey, keys) : undefined;
  return role ? `Bearer ${await mintedJwt(role, keys.jwtSecret, now)}` : auth;
}

/**
 * Who is calling /rest/v1. The gateway stage requires a valid apikey and decides the JWT that
 * reaches PostgREST; the PostgREST stage verifies that JWT, whose role claim is the role.
 */
export async function identify(
  headers: IncomingHttpHeaders,
  searchParams: URLSearchParams,
  keys: GatewayKeys,
): Promise<RequestIdentity | ApiError> {
  const apikey = header(headers, 'apikey') ?? searchParams.get('apikey') ?? undefined;
  if (!apikey) return NO_API_KEY;
  const token = bearer(headers);
  let jwt: string;
  const newRole = newKeyRole(apikey, keys);
  if (newRole) {
    // a repeated key is the client's default (supabase-js); another sb_ value is not a JWT and
    // PostgREST refuses it
    if (token === undefined || sameKey(token, apikey))
      jwt = await mintedJwt(newRole, keys.jwtSecret);
    else if (keyKind(token) !== 'jwt') return jwtError('malformed');
    else jwt = token;
  } else {
    if (keyKind(apikey) !== 'jwt') return INVALID_API_KEY;
    const key = await verifyJwt(apikey, keys.jwtSecret);
    if (!key.ok) return INVALID_API_KEY;
    if (!keys.legacyKeys) return LEGACY_KEYS_DISABLED;
    jwt = token ?? apikey;
  }
  if (!keys.legacyKeys && isLegacyKey(jwt, keys)) return LEGACY_KEYS_DISABLED;

  const result = await verifyJwt(jwt, keys.jwtSecret);
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

/**
 * The gateway stage in front of /auth/v1: the platform's gateway wants a valid apikey there too
 * (and refuses the legacy keys once they are off); what Auth then sees as Authorization is decided
 * as for a function (a new key becomes its role's short-lived JWT), so the secret key reaches
 * Auth's admin API as the service_role role.
 */
export async function authAuthorization(
  headers: IncomingHttpHeaders,
  searchParams: URLSearchParams,
  keys: GatewayKeys,
  /** Auth's clock: the minted JWT must be valid on the clock Auth checks it with. */
  now: number,
): Promise<{ authorization: string | undefined } | ApiError> {
  const apikey = header(headers, 'apikey') ?? searchParams.get('apikey') ?? undefined;
  if (!apikey) return NO_API_KEY;
  if (!newKeyRole(apikey, keys)) {
    if (keyKind(apikey) !== 'jwt' || !(await verifyJwt(apikey, keys.jwtSecret)).ok)
      return INVALID_API_KEY;
    if (!keys.legacyKeys) return LEGACY_KEYS_DISABLED;
  }
  const token = bearer(headers);
  if (!keys.legacyKeys && token !== undefined && isLegacyKey(token, keys))
    return LEGACY_KEYS_DISABLED;
  return { authorization: await functionAuthorization(headers, keys, now) };
}
