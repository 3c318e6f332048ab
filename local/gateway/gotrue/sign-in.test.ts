// Sign-in with an e-mail code through the real @supabase/auth-js client against the embedded
// Auth: the mail, the session, the access token's claims, and the token at /rest/v1.
import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from '../../testing/auth.ts';

let auth: AuthStack;
const OWNER = 'ejer@glanspunkt.local';
let ownerId: string;

beforeAll(async () => {
  auth = await startAuthStack();
  ownerId = await auth.createUser(OWNER);
  // a function that tells who /rest/v1 thinks the caller is
  await auth.stack.query(`
    create function public.test_who_am_i() returns jsonb language sql stable as $$
      select jsonb_build_object('email', auth.jwt() ->> 'email', 'role', current_user, 'uid', auth.uid())
    $$;
    grant execute on function public.test_who_am_i() to authenticated;`);
});
afterAll(() => auth?.stop());

describe('sign-in with a mailed code', () => {
  it('mails a Danish 6-digit code and exchanges it for a session', async () => {
    const client = auth.client();
    const sent = await client.signInWithOtp({ email: OWNER, options: { shouldCreateUser: false } });
    expect(sent.error).toBeNull();
    const mail = auth.mailbox.store.messages.at(-1)!;
    expect(mail.to).toEqual([OWNER]);
    expect(mail.subject).toMatch(/^Din kode til Glanspunkt: \d{6}$/);
    const code = auth.code(OWNER);
    expect(mail.html).toContain(code);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(
      'Skriv koden på siden for at logge ind. Koden virker i 10 minutter.',
    );
    expect(mail.text).toContain('Har du ikke bedt om den, så se bort fra denne mail.');

    const { data, error } = await client.verifyOtp({ email: OWNER, token: code, type: 'email' });
    expect(error).toBeNull();
    expect(data.session?.token_type).toBe('bearer');
    expect(data.session?.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(data.user?.id).toBe(ownerId);
    expect(data.user?.email).toBe(OWNER);

    // the code is stored only as a hash, and used up by the sign-in
    const [row] = await auth.stack.query<{ recovery_token: string }>(
      'select recovery_token from auth.users where id = $1',
      [ownerId],
    );
    expect(row!.recovery_token).toBe('');
    const again = await auth.post('/verify', { email: OWNER, token: code, type: 'email' });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      code: 403,
      error_code: 'otp_expired',
      msg: 'Token has expired or is invalid',
    });
  });

  it("issues GoTrue's claims, exactly", async () => {
    auth.clock.advance(61);
    const client = auth.client();
    await client.signInWithOtp({ email: OWNER, options: { shouldCreateUser: false } });
    const { data } = await client.verifyOtp({
      email: OWNER,
      token: auth.code(OWNER),
      type: 'email',
    });
    const claims = decodeJwt(data.session!.access_token);
    const iat = Math.floor(auth.clock.ms / 1000);
    const [session] = await auth.stack.query<{ id: string }>(
      'select id from auth.sessions where user_id = $1 order by created_at desc limit 1',
      [ownerId],
    );
    expect(claims).toEqual({
      iss: `${auth.stack.url}/auth/v1`,
      aud: 'authenticated',
      exp: iat + 3600,
      iat,
      sub: ownerId,
      email: OWNER,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'otp', timestamp: iat }],
      session_id: session!.id,
      is_anonymous: false,
    });
    expect(data.session!.expires_in).toBe(3600);
    expect(data.session!.expires_at).toBe(iat + 3600);
  });

  it('gives an access token /rest/v1 takes as the authenticated role', async () => {
    auth.clock.advance(61);
    const client = auth.client();
    await client.signInWithOtp({ email: OWNER, options: { shouldCreateUser: false } });
    const { data } = await client.verifyOtp({
      email: OWNER,
      token: auth.code(OWNER),
      type: 'email',
    });
    const res = await fetch(`${auth.stack.url}/rest/v1/rpc/test_who_am_i`, {
      method: 'POST',
      headers: {
        apikey: auth.stack.publishableKey,
        Authorization: `Bearer ${data.session!.access_token}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: OWNER, role: 'authenticated', uid: ownerId });
  });

  it('refuses an address without a user as GoTrue does with sign-ups off', async () => {
    const client = auth.client();
    const { error } = await client.signInWithOtp({
      email: 'fremmed@example.org',
      options: { shouldCreateUser: false },
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
    expect(error?.message).toBe('Signups not allowed for otp');
    // with create_user (auth-js's default) the sign-up itself is refused
    const res = await auth.post('/otp', { email: 'fremmed@example.org' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 422,
      error_code: 'signup_disabled',
      msg: 'Signups not allowed for this instance',
    });
    expect(auth.mailbox.store.messages.some((m) => m.to.includes('fremmed@example.org'))).toBe(
      false,
    );
  });

  it('takes the hash of the code (token_hash, as a link in the e-mail would carry it)', async () => {
    auth.clock.advance(61);
    await auth.post('/otp', { email: OWNER, create_user: false });
    const tokenHash = createHash('sha224')
      .update(OWNER + auth.code(OWNER))
      .digest('hex');
    const withEmail = await auth.post('/verify', {
      token_hash: tokenHash,
      type: 'magiclink',
      email: OWNER,
    });
    expect(withEmail.status).toBe(400);
    const { data, error } = await auth.client().verifyOtp({
      token_hash: tokenHash,
      type: 'magiclink',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(OWNER);
    const used = await auth.post('/verify', { token_hash: tokenHash, type: 'magiclink' });
    expect(used.status).toBe(403);
    expect(((await used.json()) as { msg: string }).msg).toBe(
      'Email link is invalid or has expired',
    );
  });

  it('answers as GoTrue does when the e-mail cannot be sent, and lets the owner try again', async () => {
    auth.clock.advance(61);
    auth.mailbox.store.failNext(1, { status: 500 });
    const failed = await auth.post('/otp', { email: OWNER, create_user: false });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({
      code: 500,
      error_code: 'unexpected_failure',
      msg: 'Error sending magic link email',
    });
    // nothing was stored, so the one-a-minute limit does not hold the next try back
    const retried = await auth.post('/otp', { email: OWNER, create_user: false });
    expect(retried.status).toBe(200);
  });

  it('answers a client on API version 2024-01-01 in its shape', async () => {
    const res = await auth.post(
      '/otp',
      { email: 'fremmed@example.org', create_user: false },
      { 'X-Supabase-Api-Version': '2024-01-01' },
    );
    expect(res.status).toBe(422);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // a browser sees the version only because it is exposed (auth-js reads the error by it)
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
    expect(await res.json()).toEqual({
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });
  });

  it('shows the public settings', async () => {
    const res = await fetch(`${auth.stack.url}/auth/v1/settings`);
    const settings = (await res.json()) as Record<string, unknown>;
    expect(settings).toMatchObject({
      disable_signup: true,
      mailer_autoconfirm: false,
      external: expect.objectContaining({ email: true, phone: false }),
    });
  });
});
