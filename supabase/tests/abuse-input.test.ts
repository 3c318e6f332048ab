// The public write path against abuse, through the whole embedded stack (gateway, Deno, SQL) on
// PGlite and on PostgreSQL 15: the client address cannot be chosen by the client, bad text is a
// Danish 400 and never a 500, the phone is one number by one rule, an idempotency key is bound to its booking, large bodies
// get 413 from the function and from the gateway, and anon sees neither internal notes nor roles.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { CANCEL_MESSAGES } from '../functions/_shared/cancel.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import {
  bookingBodies,
  callFunction,
  clearBookings,
  openDays,
  rawRequest,
  withAltcha,
} from './helpers/http.ts';
import { BACKENDS } from './helpers/sql.ts';

describe.each(BACKENDS)('abuse-proof input on %s', (backend) => {
  let stack: TestStack;
  let day = '';
  const booking = bookingBodies(() => day);
  const create = (body: unknown, headers: Record<string, string> = {}) =>
    callFunction<Record<string, unknown>>(stack, 'create-booking', body, { headers });
  const raw = (name: string, body: string, init: Parameters<typeof rawRequest>[1] = {}) =>
    rawRequest(`${stack.url}/functions/v1/${name}`, {
      ...init,
      headers: { 'Content-Type': 'application/json', ...init.headers },
      body,
    });

  beforeAll(async () => {
    stack = await startTestStack({ backend });
    day = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    await clearBookings(stack);
  });

  it('stores the address the gateway saw, whatever X-Forwarded-For and cf-connecting-ip claim', async () => {
    const body = await withAltcha(stack, booking({ bookingTime: '09:00' }));
    const r = await raw('create-booking', JSON.stringify(body), {
      localAddress: '127.0.0.7',
      headers: { 'X-Forwarded-For': '203.0.113.66', 'cf-connecting-ip': '203.0.113.67' },
    });
    expect(r.status).toBe(201);
    const rows = await stack.query<{ ip: string }>('select client_ip ip from public.bookings');
    expect(rows).toEqual([{ ip: '127.0.0.7' }]);
  });

  it('stores the phone as E.164; the table refuses in Danish what is no phone number', async () => {
    const r = await create(booking({ customerPhone: '+1 234 567 890 123 45' }));
    expect(r.status).toBe(201);
    const [row] = await stack.query<{ phone: string }>(
      'select customer_phone phone from public.bookings',
    );
    expect(row!.phone).toBe('+123456789012345');
    const refused = await create(booking({ customerPhone: '+1 234 567 890 123 456' }));
    expect(refused).toMatchObject({ status: 400, body: { error: MESSAGES.phone } });
    // the dashboard may type the number any way (normalised); what the function refuses, the
    // table refuses too, in Danish (not the check constraint's English)
    await stack.query(`update public.bookings set customer_phone = '45 87 65 43 21'`);
    expect(
      (await stack.query<{ p: string }>('select customer_phone p from public.bookings'))[0]!.p,
    ).toBe('+4587654321');
    for (const phone of ['+45 1234567890123456', 'ring mig', '00000000', '+45 2011223']) {
      await expect(
        stack.query(`update public.bookings set customer_phone = $1`, [phone]),
      ).rejects.toMatchObject({
        code: '23514',
        message: expect.stringMatching(/^Telefonnummeret ser forkert ud/),
      });
    }
  });

  it.each([
    ['NUL in the notes', '"notes":"a\\u0000b"'],
    ['a lone high surrogate in the name', '"customerName":"Ane \\ud800"'],
    ['a lone low surrogate in the notes', '"notes":"x\\udfff"'],
    ['zero-width spaces as name', '"customerName":"\\u200b\\u200b"'],
    ['U+2028 in the name', '"customerName":"Ane\\u2028Jensen"'],
    ['U+202E in the name', '"customerName":"Ane\\u202eJensen"'],
    ['U+0085 in the name', '"customerName":"Ane\\u0085Jensen"'],
  ])('answers 400, never 500, for %s', async (_case, field) => {
    const body = JSON.stringify(booking()).replace(
      '"customerName":"Ane Jensen"',
      '"customerName":"Ane"',
    );
    const name = field.startsWith('"customerName"');
    const r = await raw(
      'create-booking',
      name ? body.replace('"customerName":"Ane"', field) : body.replace(/^\{/, `{${field},`),
    );
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({
      error: MESSAGES.forbiddenCharacter,
      field: name ? 'customerName' : field.slice(1, field.indexOf('"', 1)),
    });
    expect(await stack.query('select 1 from public.bookings')).toEqual([]);
  });

  it('answers 400, never 500, for a cancel token with NUL or lone surrogates', async () => {
    for (const token of [
      '\\ud800'.repeat(64),
      `${'a'.repeat(64)}\\u0000`,
      `${'a'.repeat(63)}\\udfff`,
    ]) {
      const r = await raw('cancel-booking', `{"token":"${token}","action":"lookup"}`);
      expect(r.status).toBe(400);
      expect(JSON.parse(r.body)).toEqual({ error: CANCEL_MESSAGES.invalidToken });
    }
  });

  it('binds an idempotency key to its booking: same body replays, another body is 422', async () => {
    const body = booking({ bookingTime: '12:00' });
    const key = { 'Idempotency-Key': 'abuse-test-key-1' };
    const first = await create(body, key);
    expect(first.status).toBe(201);
    const again = await create(body, key);
    expect(again.status).toBe(201);
    expect(again.body.reference).toBe(first.body.reference);
    const other = await create({ ...body, bookingTime: '12:30' }, key);
    expect(other).toMatchObject({ status: 422, body: { error: MESSAGES.idempotencyMismatch } });
    const otherPerson = await create({ ...body, customerEmail: 'someone@example.dk' }, key);
    expect(otherPerson.status).toBe(422);
    expect(await stack.query('select 1 from public.bookings')).toHaveLength(1);
  });

  it('answers 413 to a body over 10 KiB, with and without Content-Length', async () => {
    const big = JSON.stringify(booking({ notes: 'x'.repeat(20_000) }));
    const declared = await raw('create-booking', big);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({ error: MESSAGES.tooLarge });
    const streamed = await raw('create-booking', big, { chunkSize: 1024 });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ error: MESSAGES.tooLarge });
  });

  it('gets 413 from the gateway for a body over 1 MiB, not a connection reset', async () => {
    const huge = 'x'.repeat(2 * 1024 * 1024);
    for (const path of ['/functions/v1/create-booking', '/rest/v1/rpc/create_booking']) {
      const declared = await rawRequest(`${stack.url}${path}`, {
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: huge,
      });
      expect(declared.status).toBe(413);
      const streamed = await rawRequest(`${stack.url}${path}`, {
        headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
        body: huge,
        chunkSize: 64 * 1024,
      });
      expect(streamed.status).toBe(413);
    }
    const fetched = await fetch(`${stack.url}/functions/v1/create-booking`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: huge,
    });
    expect(fetched.status).toBe(413);
  });

  it('lets anon read only the day of closed_dates and open_dates', async () => {
    await stack.query(
      `insert into public.closed_dates (day, reason) values ('2030-12-27', 'tandlæge') on conflict do nothing`,
    );
    const anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    for (const table of ['closed_dates', 'open_dates']) {
      const days = await anon.from(table).select('day');
      expect(days.error).toBeNull();
      const reason = await anon.from(table).select('reason');
      expect(reason.error?.code).toBe('42501');
      const all = await anon.from(table).select('*');
      expect(all.error?.code).toBe('42501');
    }
  });

  it('accepts only known type names in select casts', async () => {
    const get = (select: string) =>
      fetch(`${stack.url}/rest/v1/services?select=${encodeURIComponent(select)}`, {
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` },
      });
    const attack = await get('rolname::text from pg_roles union select name');
    expect(attack.status).toBe(400);
    expect(JSON.stringify(await attack.json())).not.toContain('postgres');
    expect((await get('name::regclass')).status).toBe(400);
    const ok = await get('price::text');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { price: string }[])[0]!.price).toMatch(/^\d+$/);
  });

  it('gives anon and authenticated no identity sequence', async () => {
    const rows = await stack.query<{ role: string; seq: string }>(
      `select r.rolname role, c.relname seq
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        cross join (select rolname from pg_roles where rolname in ('anon', 'authenticated')) r
        where c.relkind = 'S' and n.nspname = 'public'
          and (has_sequence_privilege(r.rolname, c.oid, 'usage')
            or has_sequence_privilege(r.rolname, c.oid, 'select')
            or has_sequence_privilege(r.rolname, c.oid, 'update'))`,
    );
    expect(rows).toEqual([]);
    const [count] = await stack.query<{ n: number }>(
      `select count(*)::int n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind = 'S' and s.nspname = 'public'`,
    );
    expect(count!.n).toBeGreaterThan(0);
  });
});
