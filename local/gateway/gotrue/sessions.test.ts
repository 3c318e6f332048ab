// Sessions of the embedded Auth: refresh-token rotation and reuse detection, logout scopes, and
// the bearer checks of GET /user (a forged, an expired, a logged-out token).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../keys.ts';
import { startAuthStack, type AuthStack } from '../../testing/auth.ts';

let auth: AuthStack;
const OWNER = 'ejer@glanspunkt.local';

beforeAll(async () => {
  auth = await startAuthStack();
  await auth.createUser(OWNER);
});
afterAll(() => auth?.stop());

/** A fresh sign-in (the clock moves past the one-code-a-minute limit first). */
async function signIn() {
  auth.clock.advance(61);
  const client = auth.client();
  const sent = await client.signInWithOtp({ email: OWNER, options: { shouldCreateUser: false } });
  if (sent.error) throw sent.error;
  const { data, error } = await client.verifyOtp({
    email: OWNER,
    token: auth.code(OWNER),
    type: 'email',
  });
  if (error) throw error;
  return data.session!;
}

const refresh = (token: string) =>
  auth.post('/token?grant_type=refresh_token', { refresh_token: token });

const getUser = (accessToken: string) =>
  fetch(`${auth.stack.url}/auth/v1/user`, {
    headers: { apikey: auth.stack.publishableKey, Authorization: `Bearer ${accessToken}` },
  });

describe('refresh tokens', () => {
  it('rotate at every use, through auth-js', async () => {
    const session = await signIn();
    const client = auth.client();
    const { data, error } = await client.refreshSession({ refresh_token: session.refresh_token });
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(data.session!.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(data.user!.email).toBe(OWNER);
  });

  it('give the current token back for the one it replaced (a client that lost the answer)', async () => {
    const session = await signIn();
    const first = (await (await refresh(session.refresh_token)).json()) as {
      refresh_token: string;
    };
    auth.clock.advance(60);
    const res = await refresh(session.refresh_token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { refresh_token: string }).refresh_token).toBe(
      first.refresh_token,
    );
  });

  it('take an older token back within 10 s, and after that revoke the whole session', async () => {
    const a = (await signIn()).refresh_token;
    const b = ((await (await refresh(a)).json()) as { refresh_token: string }).refresh_token;
    const c = ((await (await refresh(b)).json()) as { refresh_token: string }).refresh_token;
    // a is two rotations back: inside the reuse interval it still works (concurrent refreshes)
    auth.clock.advance(9);
    expect((await refresh(a)).status).toBe(200);
    // a stolen b used later is reuse: refused, and every token of the session revoked
    auth.clock.advance(2);
    const stolen = await refresh(b);
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toEqual({
      code: 400,
      error_code: 'refresh_token_already_used',
      msg: 'Invalid Refresh Token: Already Used',
    });
    auth.clock.advance(11);
    const legit = await refresh(c);
    expect(legit.status).toBe(400);
    expect(((await legit.json()) as { error_code: string }).error_code).toBe(
      'refresh_token_already_used',
    );
  });

  it('refuses an unknown or malformed token', async () => {
    const unknown = await refresh('abcdefghijkl');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      code: 400,
      error_code: 'refresh_token_not_found',
      msg: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const malformed = await refresh('short');
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error_code: string }).error_code).toBe(
      'validation_failed',
    );
    const grant = await auth.post('/token?grant_type=password', { email: OWNER, password: 'x' });
    expect(grant.status).toBe(400);
  });
});

describe('logout', () => {
  it('local ends this session only; GET /user then refuses its token', async () => {
    const one = await signIn();
    const two = await signIn();
    const client = auth.client();
    await client.setSession({ access_token: one.access_token, refresh_token: one.refresh_token });
    const { error } = await client.signOut({ scope: 'local' });
    expect(error).toBeNull();
    const refused = await getUser(one.access_token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: 403,
      error_code: 'session_not_found',
      msg: 'Session from session_id claim in JWT does not exist',
    });
    expect((await getUser(two.access_token)).status).toBe(200);
    // the logged-out session's refresh token went with it
    expect(
      ((await (await refresh(one.refresh_token)).json()) as { error_code: string }).error_code,
    ).toBe('refresh_token_not_found');
  });

  it('others keeps this session and ends the rest; global ends all', async () => {
    const one = await signIn();
    const two = await signIn();
    const res = await fetch(`${auth.stack.url}/auth/v1/logout?scope=others`, {
      method: 'POST',
      headers: { apikey: auth.stack.publishableKey, Authorization: `Bearer ${two.access_token}` },
    });
    expect(res.status).toBe(204);
    expect((await getUser(one.access_token)).status).toBe(403);
    expect((await getUser(two.access_token)).status).toBe(200);
    const global = await fetch(`${auth.stack.url}/auth/v1/logout`, {
      method: 'POST',
      headers: { apikey: auth.stack.publishableKey, Authorization: `Bearer ${two.access_token}` },
    });
    expect(global.status).toBe(204);
    expect((await getUser(two.access_token)).status).toBe(403);
    const [{ n }] = (await auth.stack.query<{ n: number }>(
      'select count(*)::int as n from auth.sessions',
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses an unknown scope', async () => {
    const s = await signIn();
    const res = await fetch(`${auth.stack.url}/auth/v1/logout?scope=everyone`, {
      method: 'POST',
      headers: { apikey: auth.stack.publishableKey, Authorization: `Bearer ${s.access_token}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toBe('Unsupported logout scope "everyone"');
  });
});

describe('GET /user', () => {
  it('answers the signed-in user', async () => {
    const s = await signIn();
    const { data, error } = await auth.client().getUser(s.access_token);
    expect(error).toBeNull();
    expect(data.user!.email).toBe(OWNER);
    expect(data.user!.identities?.[0]?.provider).toBe('email');
  });

  it('refuses a token signed with another secret', async () => {
    const s = await signIn();
    const [, payload] = s.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = await signJwt(claims, 'another-secret-that-is-at-least-32-characters');
    const res = await getUser(forged);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      error_code: 'bad_jwt',
      msg: 'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
    });
  });

  it('refuses an expired token', async () => {
    const s = await signIn();
    auth.clock.advance(3601);
    const res = await getUser(s.access_token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      error_code: 'bad_jwt',
      msg: 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
    });
  });

  it('refuses a request without a bearer, and one without an API key', async () => {
    const noBearer = await fetch(`${auth.stack.url}/auth/v1/user`, {
      headers: { apikey: auth.stack.publishableKey },
    });
    expect(noBearer.status).toBe(403);
    const noKey = await fetch(`${auth.stack.url}/auth/v1/user`);
    expect(noKey.status).toBe(401);
  });
});
