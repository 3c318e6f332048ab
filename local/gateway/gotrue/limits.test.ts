// The embedded Auth's limits, on a clock the test moves: a code's lifetime (otp_expiry 600 s), one
// code a minute per address, the project's e-mails per hour, and GoTrue's per-IP limits on
// sign-in requests, code checks (which is what limits guessing a code) and token refreshes.
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAuthStack, type AuthStack } from '../../testing/auth.ts';

let auth: AuthStack;
const OWNER = 'ejer@glanspunkt.local';

const MANY = Array.from({ length: 31 }, (_, i) => `ejer${i}@glanspunkt.local`);

beforeAll(async () => {
  auth = await startAuthStack();
  await auth.createUser(OWNER);
  for (const email of MANY) await auth.createUser(email);
});
afterAll(() => auth?.stop());
// every test starts with full per-IP buckets (30 per 5 minutes refill them) and no code pending
beforeEach(() => auth.clock.advance(3600));

const requestCode = (email = OWNER) => auth.post('/otp', { email, create_user: false });
const verify = (token: string, email = OWNER) =>
  auth.post('/verify', { email, token, type: 'email' });

/** POST to the gateway from another local address (a second machine, as far as it can tell). */
function postFrom(localAddress: string, path: string, body: unknown): Promise<{ status: number }> {
  const url = new URL(`${auth.stack.url}/auth/v1${path}`);
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          apikey: auth.stack.publishableKey,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** A code that is not `code`. */
const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the e-mails of the whole project', () => {
  // first in the file: its 31 requests fall in the limiter's second hour, which starts as the
  // test does (beforeEach moves the clock one hour from the stack's start)
  it('are at most email_sent (30) an hour', async () => {
    const statuses: number[] = [];
    for (const email of MANY) {
      auth.clock.advance(10); // stay inside the per-IP limit
      statuses.push((await requestCode(email)).status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    auth.clock.advance(3600);
    const last = await requestCode(MANY[0]);
    expect(last.status).toBe(200);
  });

  it("are refused with GoTrue's message over the limit", async () => {
    for (const email of MANY.slice(0, 30)) {
      auth.clock.advance(10);
      await requestCode(email);
    }
    auth.clock.advance(10);
    const over = await requestCode(MANY[30]);
    expect(await over.json()).toEqual({
      code: 429,
      error_code: 'over_email_send_rate_limit',
      msg: 'email rate limit exceeded',
    });
  });
});

describe('a code', () => {
  it('works until otp_expiry (600 s) and not a second later', async () => {
    expect((await requestCode()).status).toBe(200);
    const code = auth.code(OWNER);
    auth.clock.advance(601);
    const res = await verify(code);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 403,
      error_code: 'otp_expired',
      msg: 'Token has expired or is invalid',
    });

    auth.clock.advance(60);
    expect((await requestCode()).status).toBe(200);
    auth.clock.advance(600);
    expect((await verify(auth.code(OWNER))).status).toBe(200);
  });

  it('is refused when wrong, and the right one still works after', async () => {
    await requestCode();
    const code = auth.code(OWNER);
    const wrong = await verify(other(code));
    expect(wrong.status).toBe(403);
    expect((await verify(code)).status).toBe(200);
  });

  it('is the newest one only', async () => {
    await requestCode();
    const first = auth.code(OWNER);
    auth.clock.advance(60);
    await requestCode();
    const second = auth.code(OWNER);
    if (first !== second) expect((await verify(first)).status).toBe(403);
    expect((await verify(second)).status).toBe(200);
  });

  it('cannot be guessed: 30 checks per 5 minutes from an address, then 429', async () => {
    await requestCode();
    const code = auth.code(OWNER);
    for (let i = 0; i < 30; i += 1) expect((await verify(other(code))).status).toBe(403);
    const limited = await verify(code);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: 429,
      error_code: 'over_request_rate_limit',
      msg: 'Request rate limit reached',
    });
    // one check comes back every 10 s (30 per 300 s)
    auth.clock.advance(10);
    expect((await verify(code)).status).toBe(200);
  });
});

describe('sending codes', () => {
  it('sends one code per address per 60 s', async () => {
    const client = auth.client();
    const first = await client.signInWithOtp({
      email: OWNER,
      options: { shouldCreateUser: false },
    });
    expect(first.error).toBeNull();
    auth.clock.advance(15);
    const again = await requestCode();
    expect(again.status).toBe(429);
    expect(await again.json()).toEqual({
      code: 429,
      error_code: 'over_email_send_rate_limit',
      msg: 'For security purposes, you can only request this after 45 seconds.',
    });
    const viaClient = await client.signInWithOtp({
      email: OWNER,
      options: { shouldCreateUser: false },
    });
    expect(viaClient.error?.status).toBe(429);
    expect(viaClient.error?.code).toBe('over_email_send_rate_limit');
    auth.clock.advance(45);
    expect((await requestCode()).status).toBe(200);
  });

  it('counts by the connecting address, not by what X-Forwarded-For claims', async () => {
    for (let i = 0; i < 30; i += 1)
      expect(
        (
          await auth.post(
            '/otp',
            { email: 'ingen@example.org', create_user: false },
            {
              'X-Forwarded-For': `203.0.113.${i}`,
            },
          )
        ).status,
      ).toBe(422);
    const spoofed = await auth.post(
      '/otp',
      { email: 'ingen@example.org', create_user: false },
      { 'X-Forwarded-For': '198.51.100.7' },
    );
    expect(spoofed.status).toBe(429);
    // another machine (another loopback address) has its own allowance
    expect(
      (await postFrom('127.0.0.2', '/otp', { email: 'ingen@example.org', create_user: false }))
        .status,
    ).toBe(422);
  });

  it('takes 30 sign-in requests per 5 minutes from an address, then 429', async () => {
    for (let i = 0; i < 30; i += 1)
      expect((await requestCode('ingen@example.org')).status).toBe(422);
    const limited = await requestCode();
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error_code: string }).error_code).toBe(
      'over_request_rate_limit',
    );
  });
});

describe('token refreshes', () => {
  it('take 30 at once from an address, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1)
      statuses.push(
        (await auth.post('/token?grant_type=refresh_token', { refresh_token: 'abcdefghijkl' }))
          .status,
      );
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
