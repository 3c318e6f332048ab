// The Supabase CLI's well-known local JWT secret and demo keys (`supabase status` prints the same),
// so code written against `supabase start` works unchanged against the embedded stack.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

/** Signs claims as an HS256 JWT (tests use it to make expired or custom tokens). */
export function signJwt(claims: JwtClaims, secret: string = JWT_SECRET): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export type JwtResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

/** Verifies an HS256 JWT signed with secret and not expired. */
export function verifyJwt(
  token: string,
  secret: string = JWT_SECRET,
  now: number = Date.now(),
): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  let claims: JwtClaims;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    if (h.alg !== 'HS256') return { ok: false, reason: 'signature' };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as JwtClaims;
    if (typeof claims !== 'object' || claims === null) return { ok: false, reason: 'malformed' };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature' };
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= now)
    return { ok: false, reason: 'expired' };
  return { ok: true, claims };
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
