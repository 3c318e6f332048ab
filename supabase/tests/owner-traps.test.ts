// The owner's week in the dashboard, through /rest/v1 with the service role key as the Table Editor
// sends it: nothing he does strands a booking silently. Deleting a booking is refused with how to
// cancel; deleting or narrowing opening_hours or open_dates under a booking is refused naming it; an
// open_dates row that opens nothing is refused; settings are a fixed set that is never deleted;
// a cancelled booking is not restored onto a day since closed. Every refusal is Danish and changes
// nothing. Runs on PGlite and on PostgreSQL 15.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { eraseBookings } from './helpers/http.ts';
import { BACKENDS } from './helpers/sql.ts';

const ENGLISH = /violates|invalid input|syntax|constraint|duplicate key|null value|permission/i;

describe.each(BACKENDS)('the owner’s traps on %s', (backend) => {
  let stack: TestStack;

  async function rest(
    path: string,
    init: { method?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${stack.url}/rest/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  /** A Danish refusal (4xx) and its message. */
  function refused(answer: { status: number; body: unknown }, message: RegExp): string {
    expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    const text = (answer.body as { message: string }).message;
    expect(text).toMatch(message);
    expect(text).not.toMatch(ENGLISH);
    return text;
  }

  /** The next future day (Copenhagen) of an ISO weekday with its normal hours, no holiday. */
  async function next(isodow: number, skip = 0): Promise<string> {
    const [row] = await stack.query<{ d: string }>(
      `select to_char(d, 'YYYY-MM-DD') d
         from generate_series((now() at time zone 'Europe/Copenhagen')::date + 3,
                              (now() at time zone 'Europe/Copenhagen')::date + 120, interval '1 day') d
        where extract(isodow from d) = $1 and not public.is_danish_public_holiday(d::date)
          and not exists (select 1 from public.closed_dates c where c.day = d::date)
          and not exists (select 1 from public.open_dates o where o.day = d::date)
        order by d offset $2 limit 1`,
      [isodow, skip],
    );
    return row!.d;
  }

  async function phoneBooking(day: string, time = '10:00'): Promise<string> {
    const answer = await rest('owner_bookings', {
      method: 'POST',
      body: {
        package: 'Guldpakken',
        drop_off_local: `${day} ${time}`,
        customer_name: 'Bente Fælde',
        customer_phone: '20 40 60 80',
        customer_email: 'bente@example.dk',
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return (answer.body as { reference: string }[])[0]!.reference;
  }

  beforeAll(async () => {
    stack = await startTestStack({ backend });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  beforeEach(async () => {
    await stack.query('delete from public.email_outbox');
    await eraseBookings(stack);
  });

  it('a booking row deleted in the Table Editor is refused, saying how to cancel it', async () => {
    const reference = await phoneBooking(await next(3));
    const message = refused(
      await rest(`bookings?reference=eq.${reference}`, { method: 'DELETE' }),
      /^Bookinger slettes ikke/,
    );
    expect(message).toContain(reference);
    expect(message).toContain('owner_bookings');
    expect(message).toContain('aflyst');
    expect((await rest(`bookings?reference=eq.${reference}&select=status`)).body).toEqual([
      { status: 'confirmed' },
    ]);
  });

  it('deleting a weekday of opening_hours with a booking on it is refused, naming the booking', async () => {
    const reference = await phoneBooking(await next(3));
    const before = (await rest('opening_hours?weekday=eq.3')).body;
    const message = refused(
      await rest('opening_hours?weekday=eq.3', { method: 'DELETE' }),
      /^Åbningstiden kan ikke slettes: der er bookinger om onsdagen/,
    );
    expect(message).toContain(reference);
    expect(message).toContain('Bente Fælde');
    expect((await rest('opening_hours?weekday=eq.3')).body).toEqual(before);
    // a weekday without bookings can be closed, and opened again
    const saturday = (await rest('opening_hours?weekday=eq.6')).body as Record<string, unknown>[];
    expect((await rest('opening_hours?weekday=eq.6', { method: 'DELETE' })).status).toBe(200);
    expect((await rest('opening_hours', { method: 'POST', body: saturday[0] })).status).toBe(201);
  });

  it('an open_dates day with a booking cannot be deleted or shortened under it', async () => {
    const sunday = await next(7);
    const opened = await rest('open_dates', {
      method: 'POST',
      body: { day: sunday, opens_at: '10:00:00', closes_at: '14:00:00', reason: 'Ekstra søndag' },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    // Guldpakken takes two hours: 10:00-12:00
    const reference = await phoneBooking(sunday);
    const at = `open_dates?day=eq.${sunday}`;
    expect(refused(await rest(at, { method: 'DELETE' }), /kan ikke slettes/)).toContain(reference);
    expect(
      refused(
        await rest(at, { method: 'PATCH', body: { closes_at: '11:00:00' } }),
        /kan ikke ændres/,
      ),
    ).toContain(reference);
    // shortened around it: fine
    expect((await rest(at, { method: 'PATCH', body: { closes_at: '12:00:00' } })).status).toBe(200);
    // once the booking is cancelled, the day can go
    expect(
      (
        await rest(`owner_bookings?reference=eq.${reference}`, {
          method: 'PATCH',
          body: { status: 'aflyst' },
        })
      ).status,
    ).toBe(200);
    expect((await rest(at, { method: 'DELETE' })).status).toBe(200);
  });

  it('an open_dates row that opens nothing is refused: empty times on a Sunday, or a closed day', async () => {
    const sunday = await next(7, 1);
    refused(
      await rest('open_dates', { method: 'POST', body: { day: sunday, reason: 'Åbent' } }),
      /ingen normale åbningstider.*Skriv opens_at og closes_at/,
    );
    const wednesday = await next(3, 2);
    expect(
      (await rest('closed_dates', { method: 'POST', body: { day: wednesday, reason: 'Kursus' } }))
        .status,
    ).toBe(201);
    refused(
      await rest('open_dates', {
        method: 'POST',
        body: { day: wednesday, opens_at: '10:00:00', closes_at: '14:00:00' },
      }),
      /står i closed_dates/,
    );
    expect((await rest(`open_dates?day=in.(${sunday},${wednesday})`)).body).toEqual([]);
    await rest(`closed_dates?day=eq.${wednesday}`, { method: 'DELETE' });
  });

  it('settings are a fixed set: a mistyped key is refused naming the right one, a row is never deleted', async () => {
    const typo = refused(
      await rest('settings', {
        method: 'POST',
        body: { key: 'max_advance_booking_day', value: '90' },
      }),
      /ingen indstilling, der hedder "max_advance_booking_day"/,
    );
    expect(typo).toContain('Mente du max_advance_booking_days?');
    refused(
      await rest('settings', { method: 'POST', body: { key: 'farve', value: '1' } }),
      /ingen indstilling/,
    );
    const deleted = refused(
      await rest('settings?key=eq.buffer_minutes', { method: 'DELETE' }),
      /^Indstillinger slettes ikke/,
    );
    expect(deleted).toContain('buffer_minutes');
    expect((await rest('settings?key=eq.buffer_minutes&select=key')).body).toEqual([
      { key: 'buffer_minutes' },
    ]);
  });

  it('every setting the code reads is one of the fixed set, and each has its row', async () => {
    const known = (
      await stack.query<{ key: string }>('select key from public.setting_ranges() order by key')
    ).map((r) => r.key);
    const read = new Set<string>();
    const schemas = new URL('../schemas/', import.meta.url);
    for (const file of readdirSync(schemas)) {
      const sql = readFileSync(new URL(file, schemas), 'utf8');
      for (const m of sql.matchAll(/booking_setting\('([a-z_]+)'|s\.key = '([a-z_]+)'/g)) {
        read.add(m[1] ?? m[2]!);
      }
    }
    // the build's settings (site-data.server.ts) and the functions' (booking_challenge_cost)
    const build = readFileSync(
      new URL('../../src/lib/site-data.server.ts', import.meta.url),
      'utf8',
    );
    for (const m of build.matchAll(/^\s+'([a-z_]+)',$/gm)) read.add(m[1]!);
    expect(read.size).toBeGreaterThan(15);
    expect([...read].filter((key) => !known.includes(key))).toEqual([]);
    // a fresh project has every row, so none falls back to a default no one can see
    const rows = (
      await stack.query<{ key: string }>('select key from public.settings order by key')
    ).map((r) => r.key);
    expect(rows).toEqual(known);
  });

  it('a cancelled booking is not restored onto a day closed since, and no e-mail is queued', async () => {
    const day = await next(4, 1);
    const reference = await phoneBooking(day);
    const at = `owner_bookings?reference=eq.${reference}`;
    expect((await rest(at, { method: 'PATCH', body: { status: 'aflyst' } })).status).toBe(200);
    expect(
      (await rest('closed_dates', { method: 'POST', body: { day, reason: 'Sygdom' } })).status,
    ).toBe(201);
    const message = refused(
      await rest(at, { method: 'PATCH', body: { status: 'bekræftet' } }),
      /kan ikke genoprettes: værkstedet har ikke åbent/,
    );
    expect(message).toContain(reference);
    expect((await rest(`${at}&select=status`)).body).toEqual([{ status: 'aflyst' }]);
    const queued = await stack.query<{ kind: string }>(
      `select o.kind from public.email_outbox o join public.bookings b on b.id = o.booking_id
        where b.reference = $1 and o.kind = 'booking_reconfirmed'`,
      [reference],
    );
    expect(queued).toEqual([]);
    // opened again, it can be restored
    await rest(`closed_dates?day=eq.${day}`, { method: 'DELETE' });
    expect((await rest(at, { method: 'PATCH', body: { status: 'bekræftet' } })).status).toBe(200);
  });
});
