// The owner's sign-in end to end on the project's own Auth settings (supabase/config.toml: sign-ups
// off, the code by e-mail, the owner list's access token hook): the real auth-js client, the code
// read from the local mailbox, and the token it gives used against the owner calls. Only an address
// on public.owners gets a session; an address taken off the list loses the next call and the next
// refresh; a burst of code requests sends one e-mail. The Auth clock is the test's own (codes and
// limits), the rest runs on the real clock. On PGlite and PostgreSQL 15, with the legacy keys off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from '../../local/testing/auth.ts';
import { BACKENDS } from './helpers/sql.ts';

const OWNER = 'ejer@glanspunkt.local';
const HOOK_REFUSAL = 'Denne e-mailadresse har ikke adgang til ejersiden.';
const NOT_ON_LIST =
  'Din e-mailadresse har ikke adgang til ejersiden. Spørg ejeren, om den skal på listen.';

let auth: AuthStack;

/** POST /rest/v1/rpc/<name> as the page sends it: the publishable key and the user's token. */
async function ownerCall(name: string, token: string, body: unknown = {}) {
  const res = await fetch(`${auth.stack.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: auth.stack.publishableKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Signs in by code as the page does; the code e-mail is read from the mailbox. */
async function signIn(email: string) {
  const client = auth.client();
  const sent = await client.signInWithOtp({ email, options: { shouldCreateUser: false } });
  if (sent.error) return { client, error: sent.error, session: null };
  auth.clock.advance(61); // the next address's code may follow at once
  const verified = await client.verifyOtp({ email, token: auth.code(email), type: 'email' });
  return { client, error: verified.error, session: verified.data.session };
}

const mailsTo = (email: string) =>
  auth.mailbox.store.messages.filter((m) => m.to.includes(email)).length;

describe.each(BACKENDS)("the owner's sign-in on %s", (backend) => {
  beforeAll(async () => {
    auth = await startAuthStack({ backend, legacyKeys: false });
    await auth.createUser(OWNER);
  });

  afterAll(async () => {
    await auth?.stop();
  });

  it('gives an owner on the list a session his calls accept', async () => {
    const { error, session } = await signIn(OWNER);
    expect(error).toBeNull();
    const me = await ownerCall('owner_me', session!.access_token);
    expect(me).toEqual({ status: 200, body: { email: OWNER, name: 'Ejeren' } });
  });

  it('refuses an address with a control character as no address (400), not a failure', async () => {
    const res = await auth.post('/otp', {
      email: 'ejer\u0000@glanspunkt.local',
      create_user: false,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed' });
  });

  it('gives no session to a user of Auth who is not on the owner list', async () => {
    await auth.createUser('medhjaelper@example.dk');
    const { error, session } = await signIn('medhjaelper@example.dk');
    expect(session).toBeNull();
    expect(error).toMatchObject({ status: 403, message: HOOK_REFUSAL });
  });

  it('sends no code to an address Auth does not know (sign-ups are off)', async () => {
    const before = mailsTo('fremmed@example.dk');
    const { error } = await signIn('fremmed@example.dk');
    expect(error).toMatchObject({ status: 422, code: 'otp_disabled' });
    expect(mailsTo('fremmed@example.dk')).toBe(before);
  });

  it('ends an owner taken off the list at his next call and his next refresh', async () => {
    await auth.stack.query(
      `insert into public.owners (email, name) values ('svend@glanspunkt.local', 'Svend')`,
    );
    await auth.createUser('svend@glanspunkt.local');
    const { client, session } = await signIn('svend@glanspunkt.local');
    expect((await ownerCall('owner_me', session!.access_token)).status).toBe(200);

    await auth.stack.query(`delete from public.owners where email = 'svend@glanspunkt.local'`);
    // the access token is still valid for its hour: the call checks the list, not the token
    expect(await ownerCall('owner_day', session!.access_token, { p_day: '2026-12-01' })).toEqual({
      status: 403,
      body: expect.objectContaining({ code: '42501', message: NOT_ON_LIST }),
    });
    const refreshed = await client.refreshSession({ refresh_token: session!.refresh_token });
    expect(refreshed.data.session).toBeNull();
    expect(refreshed.error).toMatchObject({ status: 403, message: HOOK_REFUSAL });
  });

  it('answers a burst of code requests with one e-mail and then the limits', async () => {
    auth.clock.advance(3600); // a fresh hour for the project's e-mails
    const before = mailsTo(OWNER);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await auth.post('/otp', { email: OWNER, create_user: false });
      statuses.push(res.status);
    }
    expect(statuses[0]).toBe(200);
    // the same address again within 60 s, then the address's burst allowance of 30 is spent
    expect(new Set(statuses.slice(1))).toEqual(new Set([429]));
    expect(mailsTo(OWNER)).toBe(before + 1);
  });

  it('signs out everywhere: the refresh token and the session end', async () => {
    auth.clock.advance(3600);
    const { client, session } = await signIn(OWNER);
    const out = await client.admin.signOut(session!.access_token, 'global');
    expect(out.error).toBeNull();
    // (auth-js reads this answer as a missing session: the raw answer is GoTrue's)
    const user = await fetch(`${auth.stack.url}/auth/v1/user`, {
      headers: {
        apikey: auth.stack.publishableKey,
        Authorization: `Bearer ${session!.access_token}`,
      },
    });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'session_not_found' });
    const refreshed = await client.refreshSession({ refresh_token: session!.refresh_token });
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});
