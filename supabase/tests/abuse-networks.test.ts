// Caps an attacker cannot turn against everyone, through the whole embedded stack on PGlite and
// PostgreSQL 15: an IPv6 address counts in its /64 (and /56, /48, with larger limits), an
// IPv4-mapped address as the IPv4 address, and near the shop-wide hourly number booking gets a
// costlier proof of work (signed into the challenge, checked at submit) instead of closing.
//
// The stack's functions take the client address from X-Forwarded-For with two trusted hops: the
// test writes the address it plays as the last entry and the gateway appends its peer, as a
// deployment with one more trusted proxy in front would (the default, cf-connecting-ip, is tested
// in client-address.test.ts).
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { altchaPayload, signedChallenge, solve } from './helpers/challenge.ts';
import { clearBookings, openDays } from './helpers/http.ts';
import { BACKENDS, SERVICE } from './helpers/sql.ts';

interface Answer {
  status: number;
  error?: string;
}

describe.each(BACKENDS)('booking caps by network on %s', (backend) => {
  let stack: TestStack;
  let days: string[] = [];
  let n = 0;

  const setting = (key: string, value: number) =>
    stack.query(
      `insert into public.settings (key, value) values ($1, $2)
       on conflict (key) do update set value = excluded.value`,
      [key, String(value)],
    );

  const challengeFrom = async (address: string): Promise<Challenge> => {
    const res = await fetch(`${stack.url}/functions/v1/booking-challenge`, {
      headers: { 'X-Forwarded-For': address },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Challenge;
  };

  /** One booking of the next free half hour from `address`, with a contact of its own. */
  const book = async (
    address: string,
    challenge?: Challenge,
    tamper: (c: Challenge) => Challenge = (c) => c,
  ): Promise<Answer> => {
    n += 1;
    const c = challenge ?? (await challengeFrom(address));
    const solution = await solve(c);
    const res = await fetch(`${stack.url}/functions/v1/create-booking`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
      body: JSON.stringify({
        serviceId: SERVICE.solv,
        customerName: `Kunde ${n}`,
        customerEmail: `net${n}@example.dk`,
        customerPhone: `2${String(5000000 + n).padStart(7, '0')}`,
        bookingDate: days[Math.floor(n / 22) % days.length],
        bookingTime: `${String(9 + Math.floor((n % 22) / 2)).padStart(2, '0')}:${n % 2 ? '30' : '00'}`,
        altcha: altchaPayload(tamper(c), solution),
      }),
    });
    const body = (await res.json()) as { error?: string };
    return body.error ? { status: res.status, error: body.error } : { status: res.status };
  };

  beforeAll(async () => {
    stack = await startTestStack({
      backend,
      functionEnv: { CLIENT_IP_HEADER: 'x-forwarded-for', CLIENT_IP_TRUSTED_HOPS: '2' },
    });
    days = await openDays(stack, [1, 2, 3, 4], 4);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    await clearBookings(stack);
    n = 0;
    await setting('rate_limit_per_ip_per_hour', 100000);
    await setting('rate_limit_per_email_per_hour', 100000);
    await setting('max_new_bookings_per_hour', 1000);
    await setting('max_bookings_per_ip_per_day', 2);
    await setting('booking_challenge_cost', 1);
  });

  it('names the networks of an address in one place (IPv4 alone, IPv4-mapped as IPv4, IPv6 /64, /56, /48)', async () => {
    const networks = async (ip: string | null) =>
      stack.query<{ bucket: string; factor: number }>(
        `select bucket, factor from public.booking_address_networks($1)`,
        [ip],
      );
    expect(await networks('198.51.100.7')).toEqual([{ bucket: '198.51.100.7', factor: 1 }]);
    expect(await networks('::ffff:198.51.100.7')).toEqual([{ bucket: '198.51.100.7', factor: 1 }]);
    expect(await networks('2a05:f480:1c00:12ab:1:2:3:4')).toEqual([
      { bucket: '2a05:f480:1c00:12ab::/64', factor: 1 },
      { bucket: '2a05:f480:1c00:1200::/56', factor: 2 },
      { bucket: '2a05:f480:1c00::/48', factor: 3 },
    ]);
    expect(await networks(null)).toEqual([]);
    expect(await networks('')).toEqual([]);
    // not an address: counted as the text it is, never an error
    expect(await networks('unknown')).toEqual([{ bucket: 'unknown', factor: 1 }]);
  });

  it('counts two addresses of one /64 as one, and another /64 apart', async () => {
    expect(await book('2a05:f480:1c00:1::1')).toEqual({ status: 201 });
    expect(await book('2a05:f480:1c00:1::2')).toEqual({ status: 201 });
    // a third address of the same /64: the day cap of 2 is its network's
    expect(await book('2a05:f480:1c00:1:ffff:ffff:ffff:fffe')).toEqual({
      status: 429,
      error: MESSAGES.addressCap,
    });
    // a /64 of another /48 books on
    expect(await book('2a05:f480:2c00:1::1')).toEqual({ status: 201 });
  });

  it('stops many /64s of one /48 at the /48 cap (3 x the address cap), and /64s of one /56 at 2 x', async () => {
    // one /56: two /64s of it book 2 each, the /56 holds at 4
    expect(await book('2a05:f480:1c00:100::1')).toEqual({ status: 201 });
    expect(await book('2a05:f480:1c00:100::2')).toEqual({ status: 201 });
    expect(await book('2a05:f480:1c00:101::1')).toEqual({ status: 201 });
    expect(await book('2a05:f480:1c00:101::2')).toEqual({ status: 201 });
    expect((await book('2a05:f480:1c00:102::1')).status).toBe(429);
    // /64s in other /56s of the same /48: the /48 holds at 6
    expect(await book('2a05:f480:1c00:200::1')).toEqual({ status: 201 });
    expect(await book('2a05:f480:1c00:300::1')).toEqual({ status: 201 });
    const refused = await book('2a05:f480:1c00:400::1');
    expect(refused).toEqual({ status: 429, error: MESSAGES.addressCap });
    expect(await stack.query('select 1 from public.bookings')).toHaveLength(6);
    // a real visitor of another network still books
    expect(await book('2a02:1234:77::5')).toEqual({ status: 201 });
  });

  it('counts an IPv4-mapped address as its IPv4 address', async () => {
    expect(await book('198.51.100.7')).toEqual({ status: 201 });
    expect(await book('::ffff:198.51.100.7')).toEqual({ status: 201 });
    expect(await book('::ffff:198.51.100.7')).toEqual({ status: 429, error: MESSAGES.addressCap });
    // and in the database too (the attempt buckets, whoever passes the address)
    await stack.query(`select public.booking_rate_limit_hit('::ffff:192.0.2.44', 'x@example.dk')`);
    await stack.query(`select public.booking_rate_limit_hit('192.0.2.44', 'y@example.dk')`);
    expect(
      await stack.query(
        `select bucket, hits from public.booking_rate_limits where bucket like 'ip:192.0.2.44%'`,
      ),
    ).toEqual([{ bucket: 'ip:192.0.2.44', hits: 2 }]);
  });

  it('counts the hourly attempts of an IPv6 address in its networks', async () => {
    await setting('rate_limit_per_ip_per_hour', 2);
    const at = '2026-03-02 10:00:00+01';
    const hit = async (ip: string) =>
      (
        await stack.query<{ over: boolean }>(
          `select public.booking_rate_limit_hit($1, $2, $3::timestamptz) as over`,
          [ip, `a${(n += 1)}@example.dk`, at],
        )
      )[0]!.over;
    // the /64's limit is 2 whatever address of it asks
    expect(await hit('2a05:1::1')).toBe(false);
    expect(await hit('2a05:1::2')).toBe(false);
    expect(await hit('2a05:1::3')).toBe(true);
    // other /64s of the /48 (and of other /56s): the /48 allows 6
    expect(await hit('2a05:1:0:100::1')).toBe(false);
    expect(await hit('2a05:1:0:200::1')).toBe(false);
    expect(await hit('2a05:1:0:300::1')).toBe(false);
    expect(await hit('2a05:1:0:400::1')).toBe(true);
  });

  it('issues a costlier challenge near the hourly number, refuses a cheap one at submit, and a real visitor still books', async () => {
    await setting('booking_challenge_cost', 3);
    await setting('max_new_bookings_per_hour', 4);
    await setting('max_bookings_per_ip_per_day', 100);
    const cost = async () => (await challengeFrom('192.0.2.1')).parameters.cost;
    expect(await cost()).toBe(3);
    // a challenge of the quiet hour, kept for later
    const cheap = await challengeFrom('192.0.2.1');
    expect(await book('203.0.113.1')).toEqual({ status: 201 });
    expect(await book('203.0.113.2')).toEqual({ status: 201 });
    // half of the hourly number: 3 times the cost
    expect(await cost()).toBe(9);
    const middle = await challengeFrom('192.0.2.1');
    // a challenge fetched just before the step up still counts (one level below)
    expect(await book('203.0.113.3', cheap)).toEqual({ status: 201 });
    expect(await book('203.0.113.4')).toEqual({ status: 201 });
    // the whole hourly number: 6 times; a cheap challenge is refused and stays unused
    expect(await cost()).toBe(18);
    const cheapAgain = await challengeFrom('192.0.2.9');
    expect(cheapAgain.parameters.cost).toBe(18);
    const ownCheap = await signedChallenge(Math.floor(Date.now() / 1000) + 300, 3);
    expect(await book('198.51.100.50', ownCheap)).toEqual({
      status: 400,
      error: MESSAGES.challengeTooEasy,
    });
    expect(
      await stack.query(`select 1 from public.booking_challenge_uses where signature = $1`, [
        ownCheap.signature,
      ]),
    ).toEqual([]);
    // one level below (fetched at half the number) still counts
    expect(await book('198.51.100.51', middle)).toEqual({ status: 201 });
    // a lowered cost in a challenge breaks its signature
    const lowered = (c: Challenge) => ({ ...c, parameters: { ...c.parameters, cost: 3 } });
    expect(await book('198.51.100.52', cheapAgain, lowered)).toEqual({
      status: 400,
      error: MESSAGES.challengeInvalid,
    });
    // a real visitor with the costlier challenge books: no "busy" below 4 x the hourly number
    expect(await book('85.10.0.1')).toEqual({ status: 201 });
    expect(await book('2a02:99:1::1')).toEqual({ status: 201 });
    expect(
      await stack.query(`select 1 from public.email_outbox where payload ->> 'alert' = 'busy'`),
    ).toEqual([]);
    // the last resort: at 4 x the hourly number online booking closes for everyone (7 bookings
    // this hour; with the number at 1 that is past 4)
    await setting('max_new_bookings_per_hour', 1);
    expect(await book('85.10.0.2')).toEqual({ status: 429, error: MESSAGES.busy });
  });

  it('answers the replay of a lost answer under pressure with its booking, not with a refusal of its cheap challenge', async () => {
    await setting('booking_challenge_cost', 3);
    await setting('max_new_bookings_per_hour', 2);
    const c = await challengeFrom('192.0.2.77');
    expect(c.parameters.cost).toBe(3);
    const send = async () => {
      const res = await fetch(`${stack.url}/functions/v1/create-booking`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Forwarded-For': '192.0.2.77',
          'Idempotency-Key': 'lost-answer-under-pressure',
        },
        body: JSON.stringify({
          serviceId: SERVICE.solv,
          customerName: 'Kunde Igen',
          customerEmail: 'igen@example.dk',
          customerPhone: '20304099',
          bookingDate: days[3],
          bookingTime: '15:00',
          altcha: altchaPayload(c, solution),
        }),
      });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed') };
    };
    const solution = await solve(c);
    expect(await send()).toEqual({ status: 201, replayed: null });
    // two more bookings: the hourly number 2 is passed, a cost-3 challenge is too cheap now
    expect(await book('203.0.113.61')).toEqual({ status: 201 });
    expect(await book('203.0.113.62')).toEqual({ status: 201 });
    expect((await challengeFrom('192.0.2.77')).parameters.cost).toBe(18);
    expect(await send()).toEqual({ status: 201, replayed: 'true' });
    expect(await stack.query(`select 1 from public.bookings`)).toHaveLength(3);
  });
});
