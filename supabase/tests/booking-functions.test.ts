// The booking edge functions through HTTP on the embedded stack (gateway + real Deno): answers,
// every error status with its Danish message, CORS, honeypot and idempotency. Runs on the real
// clock, so dates are chosen relative to today in Copenhagen.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import {
  callFunction,
  clearBookings,
  copenhagenDay,
  openDays,
  rawRequest,
  withAltcha,
} from './helpers/http.ts';
import { SERVICE } from './helpers/sql.ts';

// Days beyond the window are today + 62, not 61, so they stay outside even if midnight passes during
// a run; the exact edges are tested with a fixed clock in booking-calendar.test.ts.
let stack: TestStack;
let monday: string; // an open Monday-Thursday
let sunday: string;

const slotsOf = (body: unknown) =>
  callFunction<{ slots: string[]; readyAt: Record<string, string>; error?: string }>(
    stack,
    'get-available-slots',
    body,
  );
const create = (body: unknown, headers: Record<string, string> = {}) =>
  callFunction<Record<string, unknown>>(stack, 'create-booking', body, { headers });

let n = 0;
function booking(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  n += 1;
  return {
    serviceId: SERVICE.guld,
    customerName: 'Ane Jensen',
    customerEmail: `ane${n}@example.dk`,
    customerPhone: `+45 ${30000000 + n}`,
    bookingDate: monday,
    bookingTime: '10:00',
    notes: 'Hund i bilen.',
    ...overrides,
  };
}

beforeAll(async () => {
  stack = await startTestStack();
  monday = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
  const [row] = await stack.query<{ d: string }>(
    `select d::date::text d from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
       (now() at time zone 'Europe/Copenhagen')::date + 9, interval '1 day') d
      where extract(isodow from d) = 7 limit 1`,
  );
  sunday = row!.d;
});

afterAll(async () => {
  await stack?.stop();
});

beforeEach(async () => {
  await clearBookings(stack);
  // the caps back at their defaults (rows are never deleted: the values are written back)
  await stack.query(
    `update public.settings s set value = d.value
       from (values ('rate_limit_per_ip_per_hour', '20'), ('rate_limit_per_email_per_hour', '5'),
                    ('rate_limit_invalid_per_ip_per_hour', '30'), ('max_bookings_per_ip_per_day', '5'),
                    ('max_open_bookings_per_contact', '2'), ('max_new_bookings_per_hour', '12'),
                    ('max_booking_emails_per_recipient_per_day', '3')) d(key, value)
      where s.key = d.key`,
  );
  await stack.query(`update public.services set is_active = true`);
});

describe('get-available-slots', () => {
  it('lists the free drop-off times with their ready times', async () => {
    const r = await slotsOf({ date: monday, serviceId: SERVICE.guld });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.body.slots[0]).toBe('09:00');
    expect(r.body.slots.at(-1)).toBe('18:00');
    expect(r.body.readyAt['09:00']).toMatch(new RegExp(`^${monday}T11:00:00\\+0[12]:00$`));
  });

  it('gives an empty list for a closed day, a day outside the window and a fully booked day', async () => {
    expect((await slotsOf({ date: sunday, serviceId: SERVICE.solv })).body.slots).toEqual([]);
    expect(
      (await slotsOf({ date: await copenhagenDay(stack, 0), serviceId: SERVICE.solv })).body.slots,
    ).toEqual([]);
    expect(
      (await slotsOf({ date: await copenhagenDay(stack, 62), serviceId: SERVICE.solv })).body.slots,
    ).toEqual([]);
    // an 18-hour polish fills the whole day: nothing left for anyone
    const [day] = await openDays(stack, [1], 1);
    const first = await create(
      booking({ serviceId: SERVICE.premiumPolering, bookingDate: day, bookingTime: '09:00' }),
    );
    expect(first.status).toBe(201);
    const r = await slotsOf({ date: day, serviceId: SERVICE.solv });
    expect(r).toMatchObject({ status: 200, body: { slots: [] } });
  });

  it.each([
    ['a malformed date', { date: '24-11-2026', serviceId: SERVICE.solv }, MESSAGES.date],
    ['an impossible date', { date: '2026-02-30', serviceId: SERVICE.solv }, MESSAGES.date],
    [
      'an unknown package',
      { date: '2026-12-01', serviceId: '00000000-0000-4000-8000-000000000000' },
      MESSAGES.service,
    ],
    [
      'a package id that is not a uuid',
      { date: '2026-12-01', serviceId: "1' or 1=1" },
      MESSAGES.service,
    ],
    [
      'an unknown field',
      { date: '2026-12-01', serviceId: SERVICE.solv, x: 1 },
      MESSAGES.unknownField,
    ],
    ['a list instead of an object', [1], MESSAGES.badRequest],
  ])('answers 400 for %s', async (_case, body, message) => {
    const r = await slotsOf(body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: message });
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers 400 for an inactive package', async () => {
    await stack.query(`update public.services set is_active = false where id = $1`, [
      SERVICE.premium,
    ]);
    const r = await slotsOf({ date: monday, serviceId: SERVICE.premium });
    expect(r).toMatchObject({ status: 400, body: { error: MESSAGES.service } });
  });

  it('answers 400 for broken JSON and 413 for a body over 10 KB', async () => {
    const broken = await callFunction(stack, 'get-available-slots', null, { raw: '{"date":' });
    expect(broken).toMatchObject({ status: 400, body: { error: MESSAGES.badRequest } });
    const big = await callFunction(stack, 'get-available-slots', null, {
      raw: JSON.stringify({ date: monday, serviceId: SERVICE.solv, pad: 'x'.repeat(11_000) }),
    });
    expect(big).toMatchObject({ status: 413, body: { error: MESSAGES.tooLarge } });
  });

  it('answers 405 to other methods and 204 to a CORS preflight', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const r = await callFunction(stack, 'get-available-slots', {}, { method });
      expect(r).toMatchObject({ status: 405, body: { error: MESSAGES.methodNotAllowed } });
    }
    // as the site calls it: pinned to the project's region (src/lib/supabase-config.ts)
    const pre = await fetch(
      `${stack.url}/functions/v1/get-available-slots?forceFunctionRegion=eu-central-1`,
      {
        method: 'OPTIONS',
        headers: { Origin: 'https://example.dk', 'Access-Control-Request-Method': 'POST' },
      },
    );
    expect(pre.status).toBeLessThan(300);
    expect(pre.headers.get('access-control-allow-headers')).toContain('idempotency-key');
    // supabase-js sends the region as x-region too: the preflight must allow it
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-region');
  });
});

describe('create-booking', () => {
  it('books and answers 201 with reference, package, drop-off, ready time, total and job', async () => {
    const r = await create(
      booking({ customerEmail: 'Mette@Example.dk', customerPhone: '+45 21 34 56 78' }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      reference: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/),
      service: { id: SERVICE.guld, name: 'Guldpakken' },
      dropOff: expect.stringMatching(new RegExp(`^${monday}T10:00:00\\+0[12]:00$`)),
      readyAt: expect.stringMatching(new RegExp(`^${monday}T12:00:00\\+0[12]:00$`)),
      // the total the e-mails will state, and what it is made of: the ordinary car, no add-ons
      price: 399,
      job: {
        carSize: 'almindelig',
        carSizeName: 'Almindelig personbil',
        packagePrice: 399,
        addons: [],
      },
    });
    const rows = await stack.query<{ email: string; phone: string; ip: string; mails: number }>(
      `select b.customer_email email, b.customer_phone phone, b.client_ip ip,
              (select count(*)::int from public.email_outbox o where o.booking_id = b.id) mails
         from public.bookings b where b.reference = $1`,
      [r.body.reference],
    );
    expect(rows).toEqual([
      { email: 'Mette@Example.dk', phone: '+4521345678', ip: '127.0.0.1', mails: 2 },
    ]);
    // (the gateway, like Supabase's edge, sets cf-connecting-ip to the caller's address)
    // the slot is gone for the next visitor
    expect((await slotsOf({ date: monday, serviceId: SERVICE.guld })).body.slots).not.toContain(
      '10:00',
    );
  });

  it('answers 409 when the slot was just taken', async () => {
    expect((await create(booking())).status).toBe(201);
    const r = await create(booking({ bookingTime: '11:00' }));
    expect(r).toMatchObject({ status: 409, body: { error: MESSAGES.slotTaken } });
  });

  it.each([
    ['a one-letter name', { customerName: 'A' }, MESSAGES.name, 'customerName'],
    ['a 101-character name', { customerName: 'A'.repeat(101) }, MESSAGES.name, 'customerName'],
    ['a missing name', { customerName: undefined }, MESSAGES.name, 'customerName'],
    ['an invalid e-mail', { customerEmail: 'ane@' }, MESSAGES.email, 'customerEmail'],
    [
      'an e-mail over 254 characters',
      { customerEmail: `${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(4)}dk` },
      MESSAGES.email,
      'customerEmail',
    ],
    ['a 7-digit phone', { customerPhone: '1234567' }, MESSAGES.phone, 'customerPhone'],
    ['a 16-digit phone', { customerPhone: '1234567890123456' }, MESSAGES.phone, 'customerPhone'],
    ['a phone with letters', { customerPhone: '12 34 56 7a' }, MESSAGES.phone, 'customerPhone'],
    ['notes over 1000 characters', { notes: 'x'.repeat(1001) }, MESSAGES.notes, 'notes'],
    ['an unknown field', { coupon: 'GRATIS' }, MESSAGES.unknownField, null],
    ['a malformed date', { bookingDate: '2026-1-5' }, MESSAGES.date, null],
    ['an impossible date', { bookingDate: '2027-02-29' }, MESSAGES.date, null],
    ['a malformed time', { bookingTime: '9:00' }, MESSAGES.time, null],
    [
      'an unknown package',
      { serviceId: '00000000-0000-4000-8000-000000000000' },
      MESSAGES.service,
      null,
    ],
    ['a time off the slot grid', { bookingTime: '10:15' }, MESSAGES.timeNotBookable, null],
    ['a time that runs past closing', { bookingTime: '19:00' }, MESSAGES.timeNotBookable, null],
    ['a bad idempotency key', { idempotencyKey: 'x' }, MESSAGES.idempotencyKey, null],
  ])('answers 400 for %s', async (_case, overrides, message, field) => {
    const r = await create(booking(overrides));
    expect(r.status).toBe(400);
    // a refusal of what the customer typed names the field, for the form to mark it
    expect(r.body).toEqual(field ? { error: message, field } : { error: message });
    expect((await stack.query('select 1 from public.bookings')).length).toBe(0);
  });

  it('answers 400 for a closed day, today and a day beyond the window', async () => {
    for (const bookingDate of [
      sunday,
      await copenhagenDay(stack, 0),
      await copenhagenDay(stack, 62),
    ]) {
      const r = await create(
        booking({ serviceId: SERVICE.solv, bookingDate, bookingTime: '10:00' }),
      );
      expect(r).toMatchObject({ status: 400, body: { error: MESSAGES.dateNotBookable } });
    }
  });

  it('answers 400 for an inactive package', async () => {
    await stack.query(`update public.services set is_active = false where id = $1`, [SERVICE.guld]);
    expect(await create(booking())).toMatchObject({
      status: 400,
      body: { error: MESSAGES.service },
    });
  });

  it('answers 400 for broken JSON and a non-object, 413 for a body over 10 KB', async () => {
    const send = (raw: string) => callFunction(stack, 'create-booking', null, { raw });
    expect(await send('{"serviceId":')).toMatchObject({
      status: 400,
      body: { error: MESSAGES.badRequest },
    });
    expect(await send('"hej"')).toMatchObject({
      status: 400,
      body: { error: MESSAGES.badRequest },
    });
    const big = await send(JSON.stringify(booking({ notes: 'ø'.repeat(6000) })));
    expect(big).toMatchObject({ status: 413, body: { error: MESSAGES.tooLarge } });
  });

  it('accepts phone numbers with spaces, +45 or 00, and notes left out', async () => {
    const a = await create(
      booking({
        customerPhone: '21345678',
        notes: undefined,
        bookingTime: '09:00',
        serviceId: SERVICE.solv,
      }),
    );
    const b = await create(
      booking({ customerPhone: '+4521345678', bookingTime: '09:30', serviceId: SERVICE.solv }),
    );
    const c = await create(
      booking({
        customerPhone: '0046 70 123 45 67',
        bookingTime: '10:00',
        serviceId: SERVICE.solv,
      }),
    );
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
  });

  it('answers 429 after too many attempts from one e-mail address', async () => {
    // (the caps per contact would refuse the third booking first: out of the way here)
    await stack.query(
      `insert into public.settings (key, value) values ('max_open_bookings_per_contact', '100'),
         ('max_booking_emails_per_recipient_per_day', '100')
       on conflict (key) do update set value = excluded.value`,
    );
    const statuses = [];
    for (const bookingTime of ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']) {
      const r = await create(
        booking({ serviceId: SERVICE.solv, bookingTime, customerEmail: 'ivan@example.dk' }),
      );
      statuses.push(r.status);
      if (r.status === 429) expect(r.body).toEqual({ error: MESSAGES.rateLimited });
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it('answers 429 after too many attempts from one client address, whatever X-Forwarded-For says', async () => {
    await stack.query(
      `update public.settings set value = '2' where key = 'rate_limit_per_ip_per_hour'`,
    );
    // the client address is the TCP peer the gateway sees (loopback addresses play two clients);
    // a fresh made-up X-Forwarded-For per request changes nothing
    let spoof = 0;
    const from = async (ip: string, bookingTime: string) => {
      spoof += 1;
      const r = await rawRequest(`${stack.url}/functions/v1/create-booking`, {
        localAddress: ip,
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.51.100.${spoof}` },
        body: JSON.stringify(
          await withAltcha(stack, booking({ serviceId: SERVICE.solv, bookingTime })),
        ),
      });
      return { status: r.status, body: JSON.parse(r.body) as unknown };
    };
    expect((await from('127.0.0.9', '09:00')).status).toBe(201);
    expect((await from('127.0.0.9', '09:30')).status).toBe(201);
    expect(await from('127.0.0.9', '10:00')).toMatchObject({
      status: 429,
      body: { error: MESSAGES.rateLimited },
    });
    expect((await from('127.0.0.10', '10:00')).status).toBe(201);
    const [row] = await stack.query<{ hits: number }>(
      `select hits from public.booking_rate_limits where bucket = 'ip:127.0.0.9'`,
    );
    expect(row).toEqual({ hits: 3 });
  });

  it('answers a filled-in honeypot like a success and stores nothing', async () => {
    const r = await create(booking({ website: 'http://spam.example' }));
    expect(r.status).toBe(201);
    expect(r.body.reference).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(r.body.dropOff).toMatch(new RegExp(`^${monday}T10:00:00\\+0[12]:00$`));
    for (const table of ['bookings', 'email_outbox', 'booking_rate_limits']) {
      expect(await stack.query(`select 1 from public.${table}`)).toEqual([]);
    }
    // an empty honeypot is a normal booking
    expect((await create(booking({ website: '' }))).status).toBe(201);
  });

  it('returns the first booking for a repeated Idempotency-Key header or body field', async () => {
    const headers = { 'Idempotency-Key': 'f3b0c442-98fc-4c14-9afb-000000000001' };
    const body = booking();
    const first = await create(body, headers);
    const again = await create(body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const viaBody = booking({
      bookingTime: '14:00',
      idempotencyKey: 'f3b0c442-98fc-4c14-9afb-000000000002',
    });
    const a = await create(viaBody);
    const b = await create(viaBody);
    expect(b.body).toEqual(a.body);
    expect(await stack.query('select 1 from public.bookings')).toHaveLength(2);
    expect(await stack.query('select 1 from public.email_outbox')).toHaveLength(4);
  });

  it('answers 405 to other methods', async () => {
    for (const method of ['GET', 'PATCH']) {
      const r = await callFunction(stack, 'create-booking', {}, { method });
      expect(r).toMatchObject({ status: 405, body: { error: MESSAGES.methodNotAllowed } });
    }
  });
});

describe('the job: car size and add-ons through the functions', () => {
  const MOTORVASK = 'ad0d0001-0000-4000-8000-000000000001';
  const LAEDERCREME = 'ad0d0001-0000-4000-8000-000000000002';

  it('offers and books the whole job, priced and timed by the owner’s data, never by the browser', async () => {
    // Guldpakken for a big car (2 h 30 min) with Motorvask (30 min): 3 h, 499 + 299 kr
    const offered = await slotsOf({
      date: monday,
      serviceId: SERVICE.guld,
      carSize: 'stor-bil',
      addonIds: [MOTORVASK],
    });
    expect(offered.status).toBe(200);
    expect(offered.body.readyAt['10:00']).toMatch(new RegExp(`^${monday}T13:00:00\\+0[12]:00$`));
    const r = await create(
      booking({ carSize: 'stor-bil', addonIds: [MOTORVASK], bookingTime: '10:00' }),
    );
    expect(r.status).toBe(201);
    expect(r.body.readyAt).toMatch(new RegExp(`^${monday}T13:00:00\\+0[12]:00$`));
    // the confirmation on the page shows the total and its parts, as the e-mails do
    expect(r.body).toMatchObject({
      price: 798,
      job: {
        carSize: 'stor-bil',
        carSizeName: 'Stor bil (SUV, stationcar, 7-personers)',
        packagePrice: 499,
        addons: [{ name: 'Motorvask', price: 299 }],
      },
    });
    const [row] = await stack.query<{ price: number; minutes: number; size: string }>(
      `select price, duration_minutes minutes, car_size size from public.bookings where reference = $1`,
      [r.body.reference],
    );
    expect(row).toEqual({ price: 798, minutes: 180, size: 'stor-bil' });
    // a total or a length from the browser is not read: the body is refused whole
    for (const forged of [{ price: 1 }, { durationMinutes: 15 }]) {
      expect(
        await create(booking({ carSize: 'stor-bil', bookingTime: '15:00', ...forged })),
      ).toMatchObject({ status: 400, body: { error: MESSAGES.unknownField } });
    }
  });

  it('answers 400 in Danish for a size or add-on the package is not offered with', async () => {
    expect(
      await slotsOf({ date: monday, serviceId: SERVICE.guld, carSize: 'lastbil' }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.carSize } });
    expect(
      await slotsOf({ date: monday, serviceId: SERVICE.solv, addonIds: [LAEDERCREME] }),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.addons } });
    expect(await create(booking({ carSize: 'lastbil' }))).toMatchObject({
      status: 400,
      body: { error: MESSAGES.carSize },
    });
    expect(
      await create(booking({ serviceId: SERVICE.solv, addonIds: [LAEDERCREME] })),
    ).toMatchObject({ status: 400, body: { error: MESSAGES.addons } });
    expect(await create(booking({ addonIds: [MOTORVASK, MOTORVASK] }))).toMatchObject({
      status: 400,
      body: { error: MESSAGES.addons },
    });
    expect(await stack.query('select 1 from public.bookings')).toHaveLength(0);
  });
});
