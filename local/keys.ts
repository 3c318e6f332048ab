// The Supabase CLI's well-known local JWT secret and demo keys (`supabase status` prints the same),
// so code written against `supabase start` works unchanged against the embedded stack: the legacy
// JWT keys (anon, service_role) and the new opaque ones (publishable, secret) that replace them.
import { errors, jwtVerify, SignJWT } from 'jose';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/**
 * The CLI's local publishable key (apps/cli-go/pkg/config/apikeys.go, defaultPublishableKey): the
 * browser's key, mapped to the anon role by the gateway. Public by design, like the anon key.
 */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

/**
 * The CLI's local secret key (defaultSecretKey): the functions' and jobs' key, mapped to the
 * service_role role by the gateway. A well-known value, so only ever a local key.
 */
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** What kind of key a string is, by its shape (not whether it is valid). */
export function keyKind(key: string): 'publishable' | 'secret' | 'jwt' | 'unknown' {
  if (key.startsWith('sb_publishable_')) return 'publishable';
  if (key.startsWith('sb_secret_')) return 'secret';
  if (key.split('.').length === 3) return 'jwt';
  return 'unknown';
}

/**
 * The headers a client sends with a key: always `apikey`; `Authorization: Bearer` only for a legacy
 * JWT key. The new keys are not JWTs, so they go in `apikey` only (Supabase's migration guide).
 */
export function keyHeaders(key: string): Record<string, string> {
  return keyKind(key) === 'jwt' ? { apikey: key, Authorization: `Bearer ${key}` } : { apikey: key };
}

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

const hmacKey = (secret: string) => new TextEncoder().encode(secret);

/** Signs claims as an HS256 JWT (tests use it to make expired or custom tokens). */
export function signJwt(claims: JwtClaims, secret: string = JWT_SECRET): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(hmacKey(secret));
}

export type JwtResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies an HS256 JWT signed with secret and not expired (PostgREST's reasons to refuse it). */
export async function verifyJwt(
  token: string,
  secret: string = JWT_SECRET,
  now: number = Date.now(),
): Promise<JwtResult> {
  try {
    const { payload } = await jwtVerify<JwtClaims>(token, hmacKey(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
    });
    return { ok: true, claims: payload };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    if (
      error instanceof errors.JWSSignatureVerificationFailed ||
      error instanceof errors.JOSEAlgNotAllowed
    )
      return { ok: false, reason: 'signature' };
    return { ok: false, reason: 'malformed' };
  }
}

/**
 * The owner calendar feed's secret on the embedded stack (OWNER_CALENDAR_SECRET unless set), fixed
 * so a local subscription survives restarts. Production uses its own long random secret.
 */
export const LOCAL_OWNER_CALENDAR_SECRET = 'local-owner-calendar-0123456789abcdef0123456789abcdef';

/** The feed's full address on a gateway. */
export function ownerCalendarUrl(gatewayUrl: string, secret: string): string {
  return `${gatewayUrl.replace(/\/+$/, '')}/functions/v1/owner-calendar?secret=${encodeURIComponent(secret)}`;
}

/**
 * The key that signs the booking form's proof-of-work challenges on the embedded stack
 * (ALTCHA_HMAC_KEY unless set), fixed so tests can sign a challenge of their own (an expired one).
 * Production uses its own random key (docs/deploy.md).
 */
export const LOCAL_ALTCHA_HMAC_KEY = 'local-altcha-hmac-0123456789abcdef0123456789abcdef';
