// The booking form's proof of work through the whole embedded stack on PGlite and
// PostgreSQL 15. booking-challenge hands out signed ALTCHA challenges (cost from the setting, short
// expiry, no cookie); create-booking refuses a missing, wrong, expired or already used solution with
// 400 and a Danish message, and one solution gives one booking even when sent many times at once.
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import {
  altchaPayload,
  fetchChallenge,
  setChallengeCost,
  signedChallenge,
  solve,
  solvedAltcha,
} from './helpers/challenge.ts';
import {
  bookingBodies,
  callFunction,
  clearBookings,
  openDays,
  rawRequest,
} from './helpers/http.ts';
import { BACKENDS, liftBookingCaps } from './helpers/sql.ts';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(BACKENDS)('booking challenge on %s', (backend) => {
  let stack: TestStack;
  let day = '';
  const booking = bookingBodies(
    () => day,
    (n) => `2${String(n).padStart(7, '0')}`,
  );
  const create = (body: unknown, headers: Record<string, string> = {}) =>
    callFunction<Record<string, unknown>>(stack, 'create-booking', body, { headers });
  const count = async (table: string) =>
    Number((await stack.query<{ n: string }>(`select count(*) n from public.${table}`))[0]!.n);

  beforeAll(async () => {
    stack = await startTestStack({ backend });
    day = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
    await liftBookingCaps(stack.query);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    await clearBookings(stack);
    await stack.query('delete from public.booking_challenge_uses');
    await setChallengeCost(stack.query, 1);
  });

  it('hands out a signed PBKDF2 challenge with the cost of the setting, a 10-minute expiry and no cookie', async () => {
    await setChallengeCost(stack.query, 7);
    const res = await fetch(`${stack.url}/functions/v1/booking-challenge`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const challenge = (await res.json()) as Challenge;
    const now = Math.floor(Date.now() / 1000);
    expect(challenge).toEqual({
      parameters: {
        algorithm: 'PBKDF2/SHA-256',
        cost: 7,
        expiresAt: expect.any(Number),
        keyLength: 32,
        keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
        keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
        salt: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(challenge.parameters.expiresAt).toBeGreaterThanOrEqual(now + 590);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(now + 610);
    // the hidden counter lies between 100 and 300
    const solution = await solve(challenge);
    expect(solution.counter).toBeGreaterThanOrEqual(100);
    expect(solution.counter).toBeLessThanOrEqual(300);
    // two challenges never share a nonce
    expect((await fetchChallenge(stack.url)).parameters.nonce).not.toBe(challenge.parameters.nonce);
    const post = await fetch(`${stack.url}/functions/v1/booking-challenge`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(await post.json()).toEqual({ error: MESSAGES.methodNotAllowed });
    // writing a value that is not a whole number in range is refused in Danish ...
    await expect(
      stack.query(
        `update public.settings set value = 'mange' where key = 'booking_challenge_cost'`,
      ),
    ).rejects.toThrow(/^booking_challenge_cost skal være et helt tal fra 1 til 1000000/);
    // ... and one written before that check (trigger off here) falls back to the default
    await stack.query(
      `alter table public.settings disable trigger settings_check_value;
       update public.settings set value = 'mange' where key = 'booking_challenge_cost';
       alter table public.settings enable trigger settings_check_value`,
    );
    expect((await fetchChallenge(stack.url)).parameters.cost).toBe(5000);
  });

  it('keeps the cost and the used challenges from anon; the service role may change the cost', async () => {
    const rest = (path: string, key: string, init: RequestInit = {}) =>
      fetch(`${stack.url}/rest/v1/${path}`, {
        ...init,
        headers: {
          apikey: key,
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          ...init.headers,
        },
      });
    const anonRead = await rest(
      'settings?select=key,value&key=eq.booking_challenge_cost',
      stack.anonKey,
    );
    expect(await anonRead.json()).toEqual([]);
    expect(
      (await rest('booking_challenge_uses?select=*', stack.anonKey)).status,
    ).toBeGreaterThanOrEqual(400);
    const anonCall = await rest('rpc/create_booking_with_challenge', stack.anonKey, {
      method: 'POST',
      body: JSON.stringify({ p_challenge: 'a'.repeat(64) }),
    });
    expect(anonCall.status).toBeGreaterThanOrEqual(400);
    const changed = await rest('settings?key=eq.booking_challenge_cost', stack.serviceRoleKey, {
      method: 'PATCH',
      body: JSON.stringify({ value: '3' }),
    });
    expect(changed.status).toBeLessThan(300);
    expect((await fetchChallenge(stack.url)).parameters.cost).toBe(3);
  });

  it('books with a solved challenge and marks the challenge used until it expires', async () => {
    const altcha = await solvedAltcha(stack.url);
    const r = await create(booking({ altcha }));
    expect(r.status).toBe(201);
    const [use] = await stack.query<{ signature: string; expires_at: Date }>(
      'select signature, expires_at from public.booking_challenge_uses',
    );
    const sent = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as {
      challenge: Challenge;
    };
    expect(use!.signature).toBe(sent.challenge.signature);
    expect(new Date(use!.expires_at).getTime()).toBe(sent.challenge.parameters.expiresAt! * 1000);
  });

  it('refuses a missing challenge with 400 and a Danish message, before anything is stored', async () => {
    for (const altcha of [undefined, null, '']) {
      expect(await create(booking({ altcha }))).toMatchObject({
        status: 400,
        body: { error: MESSAGES.challengeMissing },
      });
    }
    expect(await count('bookings')).toBe(0);
    expect(await count('booking_rate_limits')).toBe(0);
  });

  it('refuses a wrong solution, a changed challenge and a challenge signed with another key', async () => {
    const challenge = await fetchChallenge(stack.url);
    const solution = await solve(challenge);
    const other = await signedChallenge(Math.floor(Date.now() / 1000) + 600);
    const forged = await (
      await import('altcha-lib')
    ).default.createChallenge({
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      counter: 1,
      deriveKey: (await import('altcha-lib/algorithms/pbkdf2')).deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: 'not-the-key-of-this-project-0123456789abcdef',
      hmacKeySignatureSecret: 'not-the-key-of-this-project-0123456789abcdef:derived-key',
    });
    const wrong = [
      altchaPayload(challenge, { ...solution, derivedKey: 'ab'.repeat(32) }),
      altchaPayload(challenge, { counter: solution.counter, derivedKey: '' }),
      // the solution of another challenge
      altchaPayload(other, solution),
      // cheaper parameters under the old signature
      altchaPayload(
        { ...challenge, parameters: { ...challenge.parameters, cost: 1, keyPrefix: '0' } },
        solution,
      ),
      // an unsigned challenge
      altchaPayload({ parameters: challenge.parameters }, solution),
      altchaPayload(forged, await solve(forged)),
    ];
    for (const altcha of wrong) {
      expect(await create(booking({ altcha }))).toMatchObject({
        status: 400,
        body: { error: MESSAGES.challengeInvalid },
      });
    }
    expect(await count('bookings')).toBe(0);
    expect(await count('booking_challenge_uses')).toBe(0);
    // the right solution still books: the refusals did not use it up
    expect((await create(booking({ altcha: altchaPayload(challenge, solution) }))).status).toBe(
      201,
    );
  });

  it('refuses an expired challenge', async () => {
    const expired = await signedChallenge(Math.floor(Date.now() / 1000) - 1);
    const r = await create(booking({ altcha: altchaPayload(expired, await solve(expired)) }));
    expect(r).toMatchObject({ status: 400, body: { error: MESSAGES.challengeExpired } });
    // the same challenge while it was valid books (the test's own signing is the function's)
    const valid = await signedChallenge(Math.floor(Date.now() / 1000) + 60);
    expect(
      (await create(booking({ altcha: altchaPayload(valid, await solve(valid)) }))).status,
    ).toBe(201);
    expect(await count('bookings')).toBe(1);
  });

  it('refuses a solution used before, for another booking or the same one with a new key', async () => {
    const altcha = await solvedAltcha(stack.url);
    const first = booking({ altcha });
    expect((await create(first, { 'Idempotency-Key': 'first-submit-1' })).status).toBe(201);
    expect(await create(booking({ altcha }))).toMatchObject({
      status: 400,
      body: { error: MESSAGES.challengeUsed },
    });
    expect(await create(first, { 'Idempotency-Key': 'another-submit' })).toMatchObject({
      status: 400,
      body: { error: MESSAGES.challengeUsed },
    });
    // the same submit sent again (its answer was lost) gets its booking back, not a refusal
    const again = await create(first, { 'Idempotency-Key': 'first-submit-1' });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('bookings')).toBe(1);
  });

  it('gives one booking for one solution sent 20 times at once for 20 different slots', async () => {
    const altcha = await solvedAltcha(stack.url);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const r = await rawRequest(`${stack.url}/functions/v1/create-booking`, {
          localAddress: `127.0.3.${i + 1}`,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(booking({ altcha })),
        });
        return { status: r.status, body: JSON.parse(r.body) as { error?: string } };
      }),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(400)]);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect(a.body).toEqual({ error: MESSAGES.challengeUsed });
    }
    expect(await count('bookings')).toBe(1);
    expect(await count('booking_challenge_uses')).toBe(1);
  });

  it('answers bad altcha input with 400, never 500, and stores nothing', async () => {
    const challenge = await fetchChallenge(stack.url);
    const solution = await solve(challenge);
    const bad: unknown[] = [
      42,
      true,
      {},
      [],
      ['a'],
      { challenge, solution },
      'A'.repeat(5000),
      'not base64!',
      '====',
      'YQ', // unpadded
      '\u0000',
      'YWJj\u0000',
      '\ud800',
      'YWJj\udfff',
      b64('not json'),
      b64('null'),
      b64('[]'),
      b64('{"challenge":null,"solution":null}'),
      b64(
        JSON.stringify({ challenge, solution: { counter: '1', derivedKey: solution.derivedKey } }),
      ),
      b64(
        JSON.stringify({
          challenge,
          solution: { counter: 1e300, derivedKey: solution.derivedKey },
        }),
      ),
      b64(
        JSON.stringify({ challenge, solution: { counter: -1, derivedKey: solution.derivedKey } }),
      ),
      b64(JSON.stringify({ challenge: { ...challenge, signature: 42 }, solution })),
      b64(
        JSON.stringify({
          challenge: {
            ...challenge,
            parameters: { ...challenge.parameters, algorithm: 'SHA-256' },
          },
          solution,
        }),
      ),
      b64(
        JSON.stringify({
          challenge: { ...challenge, parameters: { ...challenge.parameters, expiresAt: 'never' } },
          solution,
        }),
      ),
      b64(
        JSON.stringify({
          challenge: { ...challenge, parameters: { ...challenge.parameters, nonce: 'zz' } },
          solution,
        }),
      ),
      Buffer.from([0xff, 0xfe, 0x7b, 0x7d]).toString('base64'), // not UTF-8
    ];
    for (const altcha of bad) {
      const r = await create(booking({ altcha }));
      expect(r.status, JSON.stringify(altcha).slice(0, 80)).toBe(400);
      expect([MESSAGES.challengeInvalid, MESSAGES.badRequest]).toContain(r.body.error);
    }
    // lone surrogates and NUL written as raw JSON escapes
    for (const raw of ['"\\ud800"', '"\\u0000"', '"YWJj\\udfff"']) {
      const body = JSON.stringify(booking()).replace(/}$/, `,"altcha":${raw}}`);
      const r = await callFunction(stack, 'create-booking', null, { raw: body });
      expect(r.status).toBe(400);
    }
    expect(await count('bookings')).toBe(0);
    expect(await count('booking_challenge_uses')).toBe(0);
  });

  it('lets the retention job delete used challenges once they have expired', async () => {
    await stack.query(
      `insert into public.booking_challenge_uses (signature, expires_at) values
         ($1, now() - interval '1 second'), ($2, now() + interval '5 minutes')`,
      ['a'.repeat(64), 'b'.repeat(64)],
    );
    const [r] = await stack.query<{ r: { challengeUsesDeleted: number } }>(
      'select public.run_retention() r',
    );
    expect(r!.r.challengeUsesDeleted).toBe(1);
    expect(await stack.query('select signature from public.booking_challenge_uses')).toEqual([
      { signature: 'b'.repeat(64) },
    ]);
  });
});
