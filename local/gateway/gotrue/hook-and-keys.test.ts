// The custom access token hook ([auth.hook.custom_access_token] in a test config.toml, with a
// function made in this test's database) and the keys the Auth endpoints take: the admin API only
// with the secret key, and the publishable key still working with the legacy keys off.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../db/migrate.ts';
import { startAuthStack, type AuthStack } from '../../testing/auth.ts';

const ALLOWED = 'ejer@glanspunkt.local';
const REFUSED = 'medhjaelper@glanspunkt.local';
let auth: AuthStack;
let dir: string;

/** supabase/config.toml with the hook on; its template path made absolute for the temp folder. */
function configWithHook(): string {
  dir = mkdtempSync(path.join(tmpdir(), 'auth-hook-'));
  const base = readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8').replace(
    './supabase/templates/',
    `${path.join(ROOT, 'supabase', 'templates')}/`,
  );
  const file = path.join(dir, 'config.toml');
  writeFileSync(
    file,
    `${base}\n[auth.hook.custom_access_token]\nenabled = true\nuri = "pg-functions://postgres/public/test_token_hook"\n`,
  );
  return file;
}

beforeAll(async () => {
  auth = await startAuthStack({ configFile: configWithHook(), legacyKeys: false });
  await auth.stack.query(`
    create table public.test_hook_calls (event jsonb, called_as text);
    grant insert on public.test_hook_calls to supabase_auth_admin;
    create function public.test_token_hook(event jsonb) returns jsonb
    language plpgsql as $$
    begin
      insert into public.test_hook_calls values (event, current_user);
      if event -> 'claims' ->> 'email' = '${REFUSED}'
         or event -> 'claims' -> 'user_metadata' ->> 'blocked' = 'yes' then
        return jsonb_build_object('error', jsonb_build_object(
          'http_code', 403, 'message', 'Du har ikke adgang til ejersiden.'));
      end if;
      if event -> 'claims' -> 'user_metadata' ->> 'blocked' = 'dropped-claims' then
        return jsonb_build_object('claims', jsonb_build_object('sub', event ->> 'user_id'));
      end if;
      return jsonb_build_object('claims',
        jsonb_set(event -> 'claims', '{owner}', 'true'::jsonb));
    end $$;
    revoke execute on function public.test_token_hook(jsonb) from public, anon, authenticated;
    grant execute on function public.test_token_hook(jsonb) to supabase_auth_admin;`);
  await auth.createUser(ALLOWED);
  await auth.createUser(REFUSED);
});
afterAll(async () => {
  await auth?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signIn(email: string) {
  auth.clock.advance(61);
  const client = auth.client();
  const sent = await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
  if (sent.error) throw sent.error;
  return client.verifyOtp({ email, token: auth.code(email), type: 'email' });
}

describe('the custom access token hook', () => {
  it('is called as supabase_auth_admin with the claims, and its claims are the token', async () => {
    const { data, error } = await signIn(ALLOWED);
    expect(error).toBeNull();
    const claims = decodeJwt(data.session!.access_token);
    expect(claims.owner).toBe(true);
    expect(claims.email).toBe(ALLOWED);
    const [call] = await auth.stack.query<{ event: Record<string, unknown>; called_as: string }>(
      'select event, called_as from public.test_hook_calls order by ctid desc limit 1',
    );
    expect(call!.called_as).toBe('supabase_auth_admin');
    expect(call!.event).toMatchObject({
      user_id: data.user!.id,
      authentication_method: 'otp',
      claims: { sub: data.user!.id, email: ALLOWED, role: 'authenticated' },
    });
  });

  it('runs again at every refresh', async () => {
    const { data } = await signIn(ALLOWED);
    const res = await auth.post('/token?grant_type=refresh_token', {
      refresh_token: data.session!.refresh_token,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string };
    expect(decodeJwt(body.access_token).owner).toBe(true);
    const [call] = await auth.stack.query<{ event: { authentication_method: string } }>(
      'select event from public.test_hook_calls order by ctid desc limit 1',
    );
    expect(call!.event.authentication_method).toBe('token_refresh');
  });

  it("refuses the sign-in with the hook's status and message, and leaves the code unused", async () => {
    auth.clock.advance(61);
    const client = auth.client();
    await client.signInWithOtp({ email: REFUSED, options: { shouldCreateUser: false } });
    const code = auth.code(REFUSED);
    const res = await auth.post('/verify', { email: REFUSED, token: code, type: 'email' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      error_code: 'unknown',
      msg: 'Du har ikke adgang til ejersiden.',
    });
    const viaClient = await client.verifyOtp({ email: REFUSED, token: code, type: 'email' });
    expect(viaClient.error?.status).toBe(403);
    expect(viaClient.error?.message).toBe('Du har ikke adgang til ejersiden.');
    const [{ n }] = (await auth.stack.query<{ n: number }>(
      `select count(*)::int as n from auth.sessions s join auth.users u on u.id = s.user_id
        where u.email = $1`,
      [REFUSED],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuses a refresh once the hook refuses the user', async () => {
    const { data } = await signIn(ALLOWED);
    await auth.stack.query(
      `update auth.users set raw_user_meta_data = '{"blocked": "yes"}' where id = $1`,
      [data.user!.id],
    );
    try {
      const res = await auth.post('/token?grant_type=refresh_token', {
        refresh_token: data.session!.refresh_token,
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { msg: string }).msg).toBe('Du har ikke adgang til ejersiden.');
      // the refused refresh rotated nothing: the token still works once the hook allows it
      await auth.stack.query(`update auth.users set raw_user_meta_data = '{}' where id = $1`, [
        data.user!.id,
      ]);
      const again = await auth.post('/token?grant_type=refresh_token', {
        refresh_token: data.session!.refresh_token,
      });
      expect(again.status).toBe(200);
    } finally {
      await auth.stack.query(`update auth.users set raw_user_meta_data = '{}' where id = $1`, [
        data.user!.id,
      ]);
    }
  });
});

describe('a hook that drops claims GoTrue needs', () => {
  it('fails the refresh with a 500, as GoTrue checks the claims against its minimum', async () => {
    const { data } = await signIn(ALLOWED);
    await auth.stack.query(
      `update auth.users set raw_user_meta_data = '{"blocked": "dropped-claims"}' where id = $1`,
      [data.user!.id],
    );
    try {
      const res = await auth.post('/token?grant_type=refresh_token', {
        refresh_token: data.session!.refresh_token,
      });
      expect(res.status).toBe(500);
      const body = (await res.json()) as { error_code: string; msg: string };
      expect(body.error_code).toBe('unexpected_failure');
      expect(body.msg).toMatch(/^output claims do not conform to the expected schema/);
    } finally {
      await auth.stack.query(`update auth.users set raw_user_meta_data = '{}' where id = $1`, [
        data.user!.id,
      ]);
    }
  });
});

describe('keys at /auth/v1 (legacy keys off)', () => {
  it('takes the publishable key for sign-in', async () => {
    const { error } = await signIn(ALLOWED);
    expect(error).toBeNull();
  });

  it('refuses the legacy keys', async () => {
    const res = await fetch(`${auth.stack.url}/auth/v1/otp`, {
      method: 'POST',
      headers: { apikey: auth.stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: ALLOWED, create_user: false }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Legacy API keys are disabled',
    );
    const admin = await fetch(`${auth.stack.url}/auth/v1/admin/users`, {
      headers: {
        apikey: auth.stack.secretKey,
        Authorization: `Bearer ${auth.stack.serviceRoleKey}`,
      },
    });
    expect(admin.status).toBe(401);
  });

  it('lets only the secret key use the admin API', async () => {
    const asPublic = await fetch(`${auth.stack.url}/auth/v1/admin/users`, {
      headers: { apikey: auth.stack.publishableKey },
    });
    expect(asPublic.status).toBe(403);
    expect(await asPublic.json()).toEqual({
      code: 403,
      error_code: 'not_admin',
      msg: 'User not allowed',
    });
    const create = await fetch(`${auth.stack.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: auth.stack.publishableKey,
        Authorization: `Bearer ${auth.stack.publishableKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: 'ny@glanspunkt.local', email_confirm: true }),
    });
    expect(create.status).toBe(403);
    // a signed-in user is no admin either
    const { data } = await signIn(ALLOWED);
    const asUser = await fetch(`${auth.stack.url}/auth/v1/admin/users`, {
      headers: {
        apikey: auth.stack.publishableKey,
        Authorization: `Bearer ${data.session!.access_token}`,
      },
    });
    expect(asUser.status).toBe(403);

    const { data: list, error } = await auth.admin().listUsers();
    expect(error).toBeNull();
    expect(list.users.map((u) => u.email).sort()).toEqual([REFUSED, ALLOWED].sort());
  });

  it('makes, refuses twice and deletes a user with the secret key', async () => {
    const admin = auth.admin();
    const made = await admin.createUser({ email: 'Ny@Glanspunkt.local', email_confirm: true });
    expect(made.error).toBeNull();
    expect(made.data.user!.email).toBe('ny@glanspunkt.local');
    expect(made.data.user!.email_confirmed_at).toBeTruthy();
    const twice = await admin.createUser({ email: 'ny@glanspunkt.local', email_confirm: true });
    expect(twice.error?.status).toBe(422);
    expect(twice.error?.code).toBe('email_exists');
    const [row] = await auth.stack.query<{ owner: string }>(
      `select tableowner as owner from pg_tables where schemaname = 'auth' and tablename = 'users'`,
    );
    expect(row!.owner).toBe('supabase_auth_admin');

    // a deleted user's session is over
    auth.clock.advance(61);
    const client = auth.client();
    await client.signInWithOtp({
      email: 'ny@glanspunkt.local',
      options: { shouldCreateUser: false },
    });
    const { data } = await client.verifyOtp({
      email: 'ny@glanspunkt.local',
      token: auth.code('ny@glanspunkt.local'),
      type: 'email',
    });
    expect((await admin.deleteUser(made.data.user!.id)).error).toBeNull();
    const res = await fetch(`${auth.stack.url}/auth/v1/user`, {
      headers: {
        apikey: auth.stack.publishableKey,
        Authorization: `Bearer ${data.session!.access_token}`,
      },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error_code: string }).error_code).toBe('user_not_found');
    const gone = await admin.deleteUser(made.data.user!.id);
    expect(gone.error?.status).toBe(404);
  });
});
