// The booking calendar answer (public.booking_calendar): which days of the window a package can
// be booked on and why the others cannot, with a fixed clock; the Danish holidays listed once; and
// the public call through the REST gateway with the anon key (read-only, no clock of its own).
// These replace the browser's copies of the rules (danish-holidays.ts, closed-days.ts and the
// window defaults), which are gone. Runs on PGlite and on PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { BACKENDS, book, SERVICE, slots, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

// Sunday 22 November 2026, 12:00 in Copenhagen
const NOON = '2026-11-22T11:00:00Z';

interface CalendarDay {
  day: string;
  status: 'bookable' | 'full' | 'closed_weekday' | 'holiday' | 'closed_date' | 'outside_window';
  /** A bookable day's first free drop-off time (the form's "Næste ledige tid"). */
  time?: string;
  holiday?: string;
}
interface Calendar {
  today: string;
  first: string;
  last: string;
  days: CalendarDay[];
}

async function calendar(tx: Tx, serviceId: string, now = NOON): Promise<Calendar> {
  const r = await tx.one<{ r: Calendar }>(
    'select public.booking_calendar($1, $2::timestamptz) as r',
    [serviceId, now],
  );
  return r.r;
}

function statusOf(c: Calendar, day: string): string | undefined {
  const d = c.days.find((x) => x.day === day);
  return d ? `${d.status}${d.holiday ? ` ${d.holiday}` : ''}` : undefined;
}

describe.each(BACKENDS)('booking calendar answer on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('lists the holidays once: is_danish_public_holiday is exactly danish_public_holidays, 2022-2032', async () => {
    const [r] = await t.query<{ mismatches: number; holidays: number }>(
      `select count(*) filter (where public.is_danish_public_holiday(d::date)
                                    <> exists (select 1 from public.danish_public_holidays(extract(year from d)::int) h
                                                where h.day = d::date))::int as mismatches,
              count(*) filter (where public.is_danish_public_holiday(d::date))::int as holidays
         from generate_series('2022-01-01'::date, '2032-12-31'::date, interval '1 day') d`,
    );
    // 10 a year, plus Store Bededag until 2023 (2022, 2023)
    expect(r).toEqual({ mismatches: 0, holidays: 11 * 10 + 2 });
    const [src] = await t.query<{ src: string }>(
      `select prosrc src from pg_proc where oid = 'public.is_danish_public_holiday(date)'::regprocedure`,
    );
    expect(src!.src).toContain('danish_public_holidays');
    expect(src!.src).not.toMatch(/make_date|easter/);
  });

  it('answers every day from today to the end of the window, with the reason for each closed day', async () => {
    await withRollback(t, async (tx) => {
      const c = await calendar(tx, SERVICE.guld);
      expect(c.today).toBe('2026-11-22');
      expect(c.first).toBe('2026-11-23');
      expect(c.last).toBe('2027-01-21');
      expect(c.days[0]!.day).toBe('2026-11-22');
      expect(c.days.at(-1)!.day).toBe('2027-01-21');
      expect(c.days).toHaveLength(61);
      expect(statusOf(c, '2026-11-22')).toBe('outside_window'); // today (min 1 day ahead)
      expect(statusOf(c, '2026-11-23')).toBe('bookable'); // Monday
      expect(statusOf(c, '2026-11-28')).toBe('bookable'); // Saturday 10-16
      expect(statusOf(c, '2026-11-29')).toBe('closed_weekday'); // Sunday
      expect(statusOf(c, '2026-12-24')).toBe('bookable'); // juleaften is no public holiday
      expect(statusOf(c, '2026-12-25')).toBe('holiday Juledag');
      expect(statusOf(c, '2026-12-26')).toBe('holiday 2. Juledag');
      expect(statusOf(c, '2027-01-01')).toBe('holiday Nytårsdag');
      expect(statusOf(c, '2027-01-22')).toBeUndefined(); // after the window
    });
  });

  it('follows closed dates, reopened dates (closed dates win) and the window settings', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`
        -- 26 December opened first and closed after: an open_dates row on a closed day is refused
        insert into public.open_dates (day, reason) values ('2026-12-25', 'Julevask'), ('2026-12-26', 'Åbent?');
        insert into public.closed_dates (day, reason) values ('2026-11-25', 'Ferie'), ('2026-12-26', 'Lukket');
        insert into public.open_dates (day, opens_at, closes_at, reason) values ('2026-12-06', '10:00', '14:00', 'Søndagsåbent');
        update public.settings set value = '3' where key = 'min_advance_booking_days';
        update public.settings set value = '20' where key = 'max_advance_booking_days';
      `);
      const c = await calendar(tx, SERVICE.guld);
      expect(c.first).toBe('2026-11-25');
      expect(c.last).toBe('2026-12-12');
      expect(statusOf(c, '2026-11-24')).toBe('outside_window');
      expect(statusOf(c, '2026-11-25')).toBe('closed_date');
      expect(statusOf(c, '2026-12-06')).toBe('bookable'); // a Sunday opened by the owner
      expect(statusOf(c, '2026-12-13')).toBeUndefined();
      await tx.exec(
        `update public.settings set value = '60' where key = 'max_advance_booking_days'`,
      );
      const later = await calendar(tx, SERVICE.guld);
      expect(statusOf(later, '2026-12-25')).toBe('bookable Juledag'); // reopened holiday
      expect(statusOf(later, '2026-12-26')).toBe('closed_date 2. Juledag');
    });
  });

  it('marks a day full for a long package while a short one still fits, as the slots say', async () => {
    await withRollback(t, async (tx) => {
      // Guldpakken polering (14 h) on Monday 09:00 runs Monday 09-20 and Tuesday 09-12
      const booked = await book(tx, {
        serviceId: SERVICE.guldPolering,
        date: '2026-11-23',
        time: '09:00',
        now: NOON,
      });
      expect(booked.status).toBe('created');
      const long = await calendar(tx, SERVICE.guldPolering);
      expect(statusOf(long, '2026-11-23')).toBe('full');
      expect(statusOf(long, '2026-11-24')).toBe('full'); // its only drop-off (09:00) is taken
      expect(statusOf(long, '2026-11-25')).toBe('bookable');
      const short = await calendar(tx, SERVICE.guld);
      expect(statusOf(short, '2026-11-23')).toBe('full');
      expect(statusOf(short, '2026-11-24')).toBe('bookable'); // from 12:00
      // every day the answer calls bookable has slots, every full day has none
      for (const d of short.days) {
        if (d.status !== 'bookable' && d.status !== 'full') continue;
        const s = await tx.one<{ n: number }>(
          `select jsonb_array_length(public.get_available_slots($1, $2::date, $3::timestamptz) -> 'slots') n`,
          [SERVICE.guld, d.day, NOON],
        );
        expect(s.n > 0, d.day).toBe(d.status === 'bookable');
      }
    });
  });

  it("gives every bookable day its first free time, the package's own (the next free time)", async () => {
    await withRollback(t, async (tx) => {
      // Guldpakken polering (14 h) on Monday 09:00 runs Monday 09-20 and Tuesday 09-12
      expect(
        (
          await book(tx, {
            serviceId: SERVICE.guldPolering,
            date: '2026-11-23',
            time: '09:00',
            now: NOON,
          })
        ).status,
      ).toBe('created');
      // the owner closes Wednesday
      await tx.exec(
        `insert into public.closed_dates (day, reason) values ('2026-11-25', 'Kursus')`,
      );
      const long = await calendar(tx, SERVICE.guldPolering);
      const short = await calendar(tx, SERVICE.guld);
      // a multi-day job starts only at opening: Monday and Tuesday are taken, Wednesday closed,
      // so its next free time is Thursday 09:00
      const nextLong = long.days.find((d) => d.day > '2026-11-23' && d.status === 'bookable');
      expect(nextLong).toEqual({ day: '2026-11-26', status: 'bookable', time: '09:00' });
      // a two-hour wash fits on Tuesday after the polish's last piece (09-12)
      expect(short.days.find((d) => d.day === '2026-11-24')).toEqual({
        day: '2026-11-24',
        status: 'bookable',
        time: '12:00',
      });
      // Friday opens at 08:00
      expect(short.days.find((d) => d.day === '2026-11-27')?.time).toBe('08:00');
      // only bookable days carry a time, and it is the first of the day's free times
      for (const d of short.days) {
        if (d.status !== 'bookable') {
          expect(d.time, d.day).toBeUndefined();
          continue;
        }
        const s = await tx.one<{ first: string }>(
          `select public.get_available_slots($1, $2::date, $3::timestamptz) -> 'slots' ->> 0 first`,
          [SERVICE.guld, d.day, NOON],
        );
        expect(d.time, d.day).toBe(s.first);
      }
    });
  });

  it('agrees with get_available_slots on every day of every package: the customer, the owner and a move', async () => {
    await withRollback(t, async (tx) => {
      // two bays, a buffer, a part-booked fortnight: a polish over Monday and Tuesday, washes
      // here and there (some days full for the long packages only), a closed day
      await tx.exec(`
        update public.settings set value = '2' where key = 'workshop_capacity';
        update public.settings set value = '15' where key = 'buffer_minutes';
        insert into public.closed_dates (day, reason) values ('2026-12-02', 'Kursus');
      `);
      const jobs: [string, string, number][] = [
        [SERVICE.guldPolering, '2026-11-23', 0],
        [SERVICE.premiumPolering, '2026-11-23', 0],
        [SERVICE.guld, '2026-11-24', 0],
        [SERVICE.premium, '2026-11-24', 2],
        [SERVICE.solvPolering, '2026-11-25', 0],
        [SERVICE.solv, '2026-11-25', 5],
        [SERVICE.guld, '2026-11-26', 3],
        [SERVICE.guld, '2026-11-26', 3],
        [SERVICE.premium, '2026-11-28', 0],
        [SERVICE.solvPolering, '2026-11-30', 0],
        [SERVICE.solvPolering, '2026-11-30', 0],
      ];
      let moved: { id: string; service: string; minutes: number } | undefined;
      for (const [serviceId, date, k] of jobs) {
        const free = await slots(tx, serviceId, date, NOON);
        const time = free.slots[Math.min(k, free.slots.length - 1)];
        expect(time, `${serviceId} ${date}`).toBeDefined();
        const made = await book(tx, { serviceId, date, time: time!, now: NOON });
        expect(made.status, `${serviceId} ${date} ${time}`).toBe('created');
        if (serviceId === SERVICE.premium && date === '2026-11-24') {
          const b = await tx.one<{ id: string; minutes: number }>(
            `select id, duration_minutes minutes from public.bookings where reference = $1`,
            [made.reference],
          );
          moved = { id: b.id, service: serviceId, minutes: b.minutes };
        }
      }
      expect(moved).toBeDefined();
      // each day of a calendar beside the slots get_available_slots gives that day (null when
      // none): bookable exactly when there are slots, and its time is the first of them
      const compare = async (
        label: string,
        calendarSql: string,
        slotsSql: string,
        params: unknown[],
      ) => {
        const rows = await tx.rows<{
          day: string;
          status: string;
          time: string | null;
          first: string | null;
          n: number;
        }>(
          `select d ->> 'day' as day, d ->> 'status' as status, d ->> 'time' as time,
                  s -> 'slots' ->> 0 as first, jsonb_array_length(s -> 'slots') as n
             from jsonb_array_elements((${calendarSql}) -> 'days') d,
                  lateral (select ${slotsSql} as s) x`,
          params,
        );
        expect(rows.length, label).toBe(61);
        for (const r of rows) {
          expect({ status: r.status === 'bookable', time: r.time }, `${label} ${r.day}`).toEqual({
            status: r.n > 0,
            time: r.first,
          });
          if (
            r.n === 0 &&
            !['outside_window', 'closed_weekday', 'holiday', 'closed_date'].includes(r.status)
          )
            expect(r.status, `${label} ${r.day}`).toBe('full');
        }
        return rows;
      };
      let full = 0;
      for (const [name, id] of Object.entries(SERVICE)) {
        const customer = await compare(
          `${name} customer`,
          'public.booking_calendar($1, $2::timestamptz)',
          `public.get_available_slots($1, (d ->> 'day')::date, $2::timestamptz)`,
          [id, NOON],
        );
        full += customer.filter((r) => r.status === 'full').length;
        await compare(
          `${name} owner`,
          'public.booking_calendar($1, $2::timestamptz, null, true)',
          `public.get_available_slots($1, (d ->> 'day')::date, $2::timestamptz, null, true)`,
          [id, NOON],
        );
      }
      // the fortnight is booked enough that some days are full for some packages
      expect(full).toBeGreaterThan(0);
      // moving the three-hour wash: its own time counts as free, its length is its own
      await compare(
        'move',
        'public.booking_calendar($1, $2::timestamptz, $3::uuid, false, $4::int)',
        `public.get_available_slots($1, (d ->> 'day')::date, $2::timestamptz, $3::uuid)`,
        [moved!.service, NOON, moved!.id, moved!.minutes],
      );
    });
  });

  it('refuses an unknown or inactive package with a Danish message', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`update public.services set is_active = false where id = '${SERVICE.premium}'`);
      for (const id of [SERVICE.premium, '00000000-0000-4000-8000-000000000000']) {
        await tx.exec('savepoint s');
        await expect(calendar(tx, id)).rejects.toMatchObject({
          code: 'P0001',
          message: 'Ukendt service.',
        });
        await tx.exec('rollback to savepoint s');
      }
    });
  });
});

describe.each(BACKENDS)('get_booking_calendar through the REST gateway on %s', (backend) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ backend });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers the anon key with today’s calendar in one request', async () => {
    const res = await stack.rpc('get_booking_calendar', { p_service_id: SERVICE.guldPolering });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Calendar;
    const [now] = await stack.query<{ today: string; n: number }>(
      `select (now() at time zone 'Europe/Copenhagen')::date::text today`,
    );
    expect(body.today).toBe(now!.today);
    expect(body.days[0]!.day).toBe(body.today);
    expect(body.days.at(-1)!.day).toBe(body.last);
    expect(body.days.some((d) => d.status === 'bookable')).toBe(true);
    expect(body.days.some((d) => d.status === 'closed_weekday')).toBe(true);
  });

  it('gives the anon key no clock of its own and no inner function', async () => {
    const withNow = await stack.rpc('get_booking_calendar', {
      p_service_id: SERVICE.guld,
      p_now: '2030-01-01T00:00:00Z',
    });
    expect(withNow.status).toBe(404); // no such signature (PGRST202)
    const inner = await stack.rpc('booking_calendar', {
      p_service_id: SERVICE.guld,
      p_now: '2030-01-01T00:00:00Z',
    });
    expect([401, 403]).toContain(inner.status);
    expect((await inner.json()) as { code: string }).toMatchObject({ code: '42501' });
  });

  it('answers 400 with the Danish message for an unknown package or a malformed id', async () => {
    const unknown = await stack.rpc('get_booking_calendar', {
      p_service_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'P0001', message: 'Ukendt service.' });
    const malformed = await stack.rpc('get_booking_calendar', { p_service_id: 'nope' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: '22P02' });
  });
});
