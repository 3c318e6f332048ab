// Access tokens and refresh tokens as GoTrue issues them (github:supabase/auth,
// internal/tokens/service.go, internal/hooks/v0hooks): HS256 with the project's JWT secret and
// GoTrue's claims, and 12-character refresh tokens that rotate at every use.
import { randomInt } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { signJwt, type JwtClaims } from '../../keys.ts';
import { forbidden } from './errors.ts';
import { identitiesOf, toMs, type IdentityRow, type UserRow } from './store.ts';
import type { Queryable } from '../../db/database.ts';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** crypto.SecureAlphanumeric(12): what GoTrue's refresh tokens look like. */
export function newRefreshToken(): string {
  let token = '';
  for (let i = 0; i < 12; i += 1) token += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return token;
}

export const REFRESH_TOKEN_SHAPE = /^[a-z0-9]{12}$/;

/** A code of `length` digits from a secure random source (crypto.GenerateOtp). */
export function newOtp(length: number): string {
  let code = '';
  for (let i = 0; i < length; i += 1) code += String(randomInt(10));
  return code;
}

export interface AccessTokenClaims extends JwtClaims {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  sub: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: string;
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

/** GoTrue's claims, in its order (AccessTokenClaims). */
export function accessTokenClaims(
  user: UserRow,
  session: { id: string },
  amr: { method: string; timestamp: number }[],
  issuer: string,
  expirySeconds: number,
  now: number,
): AccessTokenClaims {
  const iat = Math.floor(now / 1000);
  return {
    aud: user.aud,
    exp: iat + expirySeconds,
    iat,
    iss: issuer,
    sub: user.id,
    email: user.email ?? '',
    phone: '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role,
    aal: 'aal1',
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
}

export function signAccessToken(claims: JwtClaims, secret: string): Promise<string> {
  return signJwt(claims, secret);
}

/**
 * The bearer token of a request that needs a signed-in user or an admin, checked as GoTrue's
 * parseJWTClaims does: HS256 with the secret, not expired; refused with 403 bad_jwt and the
 * messages of golang-jwt.
 */
export async function parseBearerJwt(
  token: string,
  secret: string,
  now: number,
): Promise<JwtClaims> {
  try {
    const { payload } = await jwtVerify<JwtClaims>(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(now),
      clockTolerance: 0,
    });
    return payload;
  } catch (error) {
    let reason = 'token is malformed: could not JSON decode header';
    if (error instanceof errors.JWTExpired) reason = 'token has invalid claims: token is expired';
    else if (error instanceof errors.JWSSignatureVerificationFailed)
      reason = 'token signature is invalid: signature is invalid';
    else if (error instanceof errors.JOSEAlgNotAllowed)
      reason = 'token is unverifiable: error while executing keyfunc';
    else if (token.split('.').length !== 3)
      reason = 'token is malformed: token contains an invalid number of segments';
    else if (error instanceof errors.JWTClaimValidationFailed)
      reason = `token has invalid claims: ${error.message}`;
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

function identityJson(i: IdentityRow) {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: i.last_sign_in_at ?? undefined,
    created_at: i.created_at,
    updated_at: i.updated_at,
    email: i.email ?? undefined,
  };
}

/** A user as GoTrue's API shows one (models.User). */
export async function userJson(q: Queryable, user: UserRow) {
  const identities = await identitiesOf(q, user.id);
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at ?? undefined,
    phone: '',
    confirmed_at: user.email_confirmed_at ?? undefined,
    recovery_sent_at: user.recovery_sent_at ?? undefined,
    last_sign_in_at: user.last_sign_in_at ?? undefined,
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: user.created_at,
    updated_at: user.updated_at,
    ...(user.banned_until ? { banned_until: user.banned_until } : {}),
    is_anonymous: user.is_anonymous,
  };
}

export function isBanned(user: UserRow, now: number): boolean {
  return user.banned_until !== null && toMs(user.banned_until) > now;
}
