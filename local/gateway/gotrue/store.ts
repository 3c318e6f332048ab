// The auth schema's rows, read and written as GoTrue's models do (github:supabase/auth,
// internal/models): users and their e-mail identity, sessions with their authentication methods,
// the refresh tokens of each session, and the one-time token of a mailed code. Every time comes
// from the caller's clock, so tests can move it.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

export type UserRow = {
  id: string;
  aud: string;
  role: string;
  email: string;
  email_confirmed_at: Stamp | null;
  recovery_token: string | null;
  recovery_sent_at: Stamp | null;
  last_sign_in_at: Stamp | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Stamp;
  updated_at: Stamp;
  banned_until: Stamp | null;
  is_anonymous: boolean;
};

export type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Stamp | null;
  created_at: Stamp;
  updated_at: Stamp;
  email: string | null;
};

export type SessionRow = {
  id: string;
  user_id: string;
  created_at: Stamp;
};

export type RefreshTokenRow = {
  id: string;
  token: string;
  revoked: boolean;
  updated_at: Stamp;
  parent: string | null;
  session_id: string | null;
  user_id: string;
};

const USER_COLUMNS = `u.id, u.aud, u.role, u.email, u.email_confirmed_at, u.recovery_token,
  u.recovery_sent_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data, u.created_at,
  u.updated_at, u.banned_until, u.is_anonymous`;

/** A timestamp as a driver returns it (a Date from pg and PGlite). */
export type Stamp = Date | string;

export const toMs = (value: Stamp): number => new Date(value).getTime();

const iso = (ms: number) => new Date(ms).toISOString();

async function one<T>(q: Queryable, sql: string, params: unknown[]): Promise<T | null> {
  return ((await q.query(sql, params)).rows[0] as T | undefined) ?? null;
}

export function findUserByEmail(q: Queryable, email: string, aud: string) {
  return one<UserRow>(
    q,
    `select ${USER_COLUMNS} from auth.users u
      where u.instance_id = '00000000-0000-0000-0000-000000000000'
        and lower(u.email) = $1 and u.aud = $2 and u.is_sso_user = false`,
    [email, aud],
  );
}

export function findUserById(q: Queryable, id: string) {
  return one<UserRow>(q, `select ${USER_COLUMNS} from auth.users u where u.id = $1`, [id]);
}

export function findUserByRecoveryToken(q: Queryable, tokenHash: string) {
  return one<UserRow>(
    q,
    `select ${USER_COLUMNS} from auth.users u
      where u.recovery_token = $1 or u.recovery_token = 'pkce_' || $1`,
    [tokenHash],
  );
}

export async function listUsers(q: Queryable, aud: string, limit: number, offset: number) {
  const rows = (
    await q.query<UserRow & { total: number }>(
      `select ${USER_COLUMNS}, count(*) over ()::int as total from auth.users u
        where u.aud = $1 order by u.created_at desc, u.id limit $2 offset $3`,
      [aud, limit, offset],
    )
  ).rows;
  return { users: rows as UserRow[], total: rows[0]?.total ?? 0 };
}

export async function identitiesOf(q: Queryable, userId: string): Promise<IdentityRow[]> {
  return (
    await q.query<IdentityRow>(
      `select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at,
              updated_at, email
         from auth.identities where user_id = $1 order by created_at`,
      [userId],
    )
  ).rows;
}

/** A user with an e-mail identity, as the admin API makes one (adminUserCreate). */
export async function createUser(
  q: Queryable,
  user: {
    id: string;
    email: string;
    aud: string;
    role: string;
    confirmed: boolean;
    appMetadata: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
    bannedUntil: number | null;
  },
  now: number,
): Promise<void> {
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
        email_confirmed_at, confirmation_token, recovery_token, email_change_token_new,
        email_change, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
        banned_until, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, '', $5, '', '', '', '',
        $6::jsonb, $7::jsonb, $8, $8, $9, false)`,
    [
      user.id,
      user.aud,
      user.role,
      user.email,
      user.confirmed ? iso(now) : null,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      iso(now),
      user.bannedUntil === null ? null : iso(user.bannedUntil),
    ],
  );
  await q.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider,
        last_sign_in_at, created_at, updated_at)
     values ($1, $2::text, $2::uuid, $3::jsonb, 'email', $4, $4, $4)`,
    [
      randomUUID(),
      user.id,
      JSON.stringify({
        sub: user.id,
        email: user.email,
        email_verified: false,
        phone_verified: false,
      }),
      iso(now),
    ],
  );
}

export async function deleteUser(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.users where id = $1', [id]);
}

/** The mailed code's hash on the user and in one_time_tokens (sendMagicLink). */
export async function setRecoveryToken(
  q: Queryable,
  user: UserRow,
  tokenHash: string,
  now: number,
): Promise<void> {
  await q.query(
    `update auth.users set recovery_token = $2, recovery_sent_at = $3, updated_at = $3
      where id = $1`,
    [user.id, tokenHash, iso(now)],
  );
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to,
        created_at, updated_at)
     values ($1, $2, 'recovery_token', $3, $4, $5, $5)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to,
           updated_at = excluded.updated_at`,
    [randomUUID(), user.id, tokenHash, user.email.toLowerCase(), iso(now)],
  );
}

/** A verified code is used up; the address is confirmed by it (recoverVerify). */
export async function useRecoveryToken(q: Queryable, user: UserRow, now: number): Promise<void> {
  await q.query(
    `update auth.users set recovery_token = '', recovery_sent_at = null,
        email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2
      where id = $1`,
    [user.id, iso(now)],
  );
  await q.query(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = 'recovery_token'`,
    [user.id],
  );
}

/** A new session, its authentication method and its first refresh token (issueRefreshToken). */
export async function createSession(
  q: Queryable,
  user: UserRow,
  method: string,
  refreshToken: string,
  request: { ip: string; userAgent: string | null },
  now: number,
): Promise<SessionRow> {
  const session: SessionRow = { id: randomUUID(), user_id: user.id, created_at: iso(now) };
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, $3, $3, 'aal1', $4, $5::inet)`,
    [session.id, user.id, iso(now), request.userAgent, request.ip],
  );
  await q.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, $3, $3, $4)`,
    [randomUUID(), session.id, iso(now), method],
  );
  await insertRefreshToken(q, user.id, session.id, refreshToken, null, now);
  await q.query(`update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1`, [
    user.id,
    iso(now),
  ]);
  await q.query(
    `update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'email'`,
    [user.id, iso(now)],
  );
  return session;
}

export async function insertRefreshToken(
  q: Queryable,
  userId: string,
  sessionId: string,
  token: string,
  parent: string | null,
  now: number,
): Promise<void> {
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at,
        updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $3, $4, $5)`,
    [token, userId, iso(now), parent, sessionId],
  );
}

export function findRefreshToken(q: Queryable, token: string, forUpdate: boolean) {
  return one<RefreshTokenRow>(
    q,
    `select id::text, token, revoked, updated_at, parent, session_id, user_id
       from auth.refresh_tokens where token = $1${forUpdate ? ' for update' : ''}`,
    [token],
  );
}

/** The newest unrevoked token of a session (FindCurrentlyActiveRefreshToken). */
export function activeRefreshToken(q: Queryable, sessionId: string) {
  return one<RefreshTokenRow>(
    q,
    `select id::text, token, revoked, updated_at, parent, session_id, user_id
       from auth.refresh_tokens where session_id = $1 and revoked = false
      order by id desc limit 1`,
    [sessionId],
  );
}

export async function revokeRefreshToken(q: Queryable, id: string, now: number): Promise<void> {
  await q.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1', [
    id,
    iso(now),
  ]);
}

/** Reuse detected: every live token of the session is revoked (RevokeTokenFamily). */
export async function revokeSessionTokens(
  q: Queryable,
  sessionId: string,
  now: number,
): Promise<void> {
  await q.query(
    `update auth.refresh_tokens set revoked = true, updated_at = $2
      where session_id = $1 and revoked = false`,
    [sessionId, iso(now)],
  );
}

export function findSession(q: Queryable, id: string) {
  return one<SessionRow>(q, 'select id, user_id, created_at from auth.sessions where id = $1', [
    id,
  ]);
}

export async function touchSession(q: Queryable, id: string, now: number): Promise<void> {
  await q.query(
    `update auth.sessions set refreshed_at = ($2::timestamptz at time zone 'UTC'), updated_at = $2
      where id = $1`,
    [id, iso(now)],
  );
}

/** The session's authentication methods, oldest first: the amr claim. */
export async function sessionMethods(q: Queryable, sessionId: string) {
  return (
    await q.query<{ method: string; at: Stamp }>(
      `select authentication_method as method, created_at as at from auth.mfa_amr_claims
        where session_id = $1 order by created_at`,
      [sessionId],
    )
  ).rows;
}

/** Logout: global (every session of the user), local (this one) or others (all but this one). */
export async function logout(
  q: Queryable,
  scope: 'global' | 'local' | 'others',
  userId: string,
  sessionId: string | null,
): Promise<void> {
  if (scope === 'local' && sessionId)
    await q.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others' && sessionId)
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  else await q.query('delete from auth.sessions where user_id = $1', [userId]);
}
