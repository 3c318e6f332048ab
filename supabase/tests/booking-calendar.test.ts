// Booking engine, calendar side: Danish public holidays, opening hours per weekday, the booking
// window against a fixed "today" in Copenhagen, reopened holidays and multi-day jobs across
// weekends, holidays and both DST weekends. Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { BACKENDS, SERVICE, slots, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

// Sunday 22 November 2026, 12:00 in Copenhagen
const NOON = '2026-11-22T11:00:00Z';

function grid(from: string, to: string, step = 30): string[] {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const out: string[] = [];
  for (let m = toMin(from); m <= toMin(to); m += step) {
    out.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return out;
}

async function hours(tx: Tx, day: string): Promise<string[]> {
  const rows = await tx.rows<{ o: string; c: string }>(
    `select public.copenhagen_iso(opens_at) o, public.copenhagen_iso(closes_at) c
       from public.booking_day_hours($1::date)`,
    [day],
  );
  return rows.map((r) => `${r.o} - ${r.c}`);
}

/** How many drop-off times a Sølvpakken (30 min) is offered on `day` at `now`. */
async function solvSlots(tx: Tx, day: string, now: string): Promise<number> {
  return (await slots(tx, SERVICE.solv, day, now)).slots.length;
}

describe.each(BACKENDS)('booking calendar on %s', (backend) => {
  const t = useTestDatabase({ backend });

  describe('Danish public holidays', () => {
    it('computes Easter Sunday 2026 as 5 April and 2027 as 28 March', async () => {
      const [r] = await t.query<{ a: string; b: string; c: string }>(
        `select public.easter_sunday(2026)::text a, public.easter_sunday(2027)::text b,
                public.easter_sunday(2024)::text c`,
      );
      expect(r).toEqual({ a: '2026-04-05', b: '2027-03-28', c: '2024-03-31' });
    });

    it('lists the ten holidays of 2026 and of 2027, without Store Bededag', async () => {
      const list = async (year: number) =>
        (
          await t.query<{ d: string; name: string }>(
            'select day::text d, name from public.danish_public_holidays($1)',
            [year],
          )
        ).map((r) => `${r.d} ${r.name}`);
      expect(await list(2026)).toEqual([
        '2026-01-01 Nytårsdag',
        '2026-04-02 Skærtorsdag',
        '2026-04-03 Langfredag',
        '2026-04-05 Påskedag',
        '2026-04-06 2. Påskedag',
        '2026-05-14 Kristi Himmelfartsdag',
        '2026-05-24 Pinsedag',
        '2026-05-25 2. Pinsedag',
        '2026-12-25 Juledag',
        '2026-12-26 2. Juledag',
      ]);
      expect(await list(2027)).toEqual([
        '2027-01-01 Nytårsdag',
        '2027-03-25 Skærtorsdag',
        '2027-03-26 Langfredag',
        '2027-03-28 Påskedag',
        '2027-03-29 2. Påskedag',
        '2027-05-06 Kristi Himmelfartsdag',
        '2027-05-16 Pinsedag',
        '2027-05-17 2. Pinsedag',
        '2027-12-25 Juledag',
        '2027-12-26 2. Juledag',
      ]);
    });

    it('still knows Store Bededag before 2024', async () => {
      const rows = await t.query<{ d: string }>(
        `select day::text d from public.danish_public_holidays(2023) where name = 'Store Bededag'`,
      );
      expect(rows).toEqual([{ d: '2023-05-05' }]);
    });

    it('keeps Grundlovsdag, juleaften and nytårsaftensdag open (not official holidays)', async () => {
      await withRollback(t, async (tx) => {
        expect(await hours(tx, '2026-06-05')).toEqual([
          '2026-06-05T08:00:00+02:00 - 2026-06-05T17:00:00+02:00',
        ]);
        expect(await hours(tx, '2026-12-24')).toHaveLength(1);
        expect(await hours(tx, '2026-12-31')).toHaveLength(1);
      });
    });

    it('closes every holiday of 2026 and 2027 that falls on an opening day', async () => {
      await withRollback(t, async (tx) => {
        const open = await tx.rows<{ d: string }>(
          `select h.day::text d
             from generate_series(2026, 2027) y, public.danish_public_holidays(y::int) h
            where exists (select 1 from public.booking_day_hours(h.day))`,
        );
        expect(open).toEqual([]);
        // and the holidays are days that would otherwise be open (not only Sundays)
        expect(await hours(tx, '2027-03-25')).toEqual([]); // Skærtorsdag, Thursday
        expect(await hours(tx, '2027-03-29')).toEqual([]); // 2. Påskedag, Monday
        expect(await hours(tx, '2026-05-14')).toEqual([]); // Kristi Himmelfartsdag, Thursday
        expect(await hours(tx, '2027-03-24')).toHaveLength(1); // the Wednesday before is open
      });
    });
  });

  describe('opening hours', () => {
    it('gives each weekday its hours and closes Sunday', async () => {
      await withRollback(t, async (tx) => {
        expect(await hours(tx, '2026-11-23')).toEqual([
          '2026-11-23T09:00:00+01:00 - 2026-11-23T20:00:00+01:00',
        ]);
        expect(await hours(tx, '2026-11-24')).toEqual([
          '2026-11-24T09:00:00+01:00 - 2026-11-24T20:00:00+01:00',
        ]);
        expect(await hours(tx, '2026-11-25')).toEqual([
          '2026-11-25T09:00:00+01:00 - 2026-11-25T20:00:00+01:00',
        ]);
        expect(await hours(tx, '2026-11-26')).toEqual([
          '2026-11-26T09:00:00+01:00 - 2026-11-26T20:00:00+01:00',
        ]);
        expect(await hours(tx, '2026-11-27')).toEqual([
          '2026-11-27T08:00:00+01:00 - 2026-11-27T17:00:00+01:00',
        ]);
        expect(await hours(tx, '2026-11-28')).toEqual([
          '2026-11-28T10:00:00+01:00 - 2026-11-28T16:00:00+01:00',
        ]);
        expect(await hours(tx, '2026-11-29')).toEqual([]);
      });
    });

    it('offers a 30-minute wash on the 30-minute grid until it still ends by closing', async () => {
      await withRollback(t, async (tx) => {
        expect((await slots(tx, SERVICE.solv, '2026-11-23', NOON)).slots).toEqual(
          grid('09:00', '19:30'),
        );
        expect((await slots(tx, SERVICE.solv, '2026-11-27', NOON)).slots).toEqual(
          grid('08:00', '16:30'),
        );
        expect((await slots(tx, SERVICE.solv, '2026-11-28', NOON)).slots).toEqual(
          grid('10:00', '15:30'),
        );
        expect(await solvSlots(tx, '2026-11-29', NOON)).toBe(0);
        // 3 hours: last drop-off 17:00 on Monday, ready at closing
        const premium = await slots(tx, SERVICE.premium, '2026-11-23', NOON);
        expect(premium.slots).toEqual(grid('09:00', '17:00'));
        expect(premium.readyAt['17:00']).toBe('2026-11-23T20:00:00+01:00');
      });
    });

    it('follows slot_interval_minutes and owner edits of opening_hours and closed_dates', async () => {
      await withRollback(t, async (tx) => {
        await tx.exec(
          `update public.settings set value = '60' where key = 'slot_interval_minutes'`,
        );
        await tx.exec(
          `update public.opening_hours set opens_at = '07:30', closes_at = '12:00' where weekday = 2`,
        );
        await tx.exec(
          `insert into public.closed_dates (day, reason) values ('2026-11-25', 'Ferie')`,
        );
        expect((await slots(tx, SERVICE.solv, '2026-11-24', NOON)).slots).toEqual(
          grid('07:30', '11:30', 60),
        );
        expect(await solvSlots(tx, '2026-11-25', NOON)).toBe(0);
      });
    });

    it('answers an unknown or inactive package with an error marker', async () => {
      await withRollback(t, async (tx) => {
        expect(await slots(tx, '00000000-0000-4000-8000-000000000000', '2026-11-24', NOON)).toEqual(
          {
            error: 'unknown_service',
          },
        );
        await tx.exec(`update public.services set is_active = false where id = '${SERVICE.guld}'`);
        expect((await slots(tx, SERVICE.guld, '2026-11-24', NOON)).error).toBe('unknown_service');
      });
    });
  });

  describe('booking window with a fixed clock near midnight UTC', () => {
    // 23:30 UTC on Sunday 22 Nov is already 00:30 on Monday 23 Nov in Copenhagen
    const AFTER_MIDNIGHT = '2026-11-22T23:30:00Z';
    // 22:59 UTC is 23:59 on Sunday in Copenhagen
    const BEFORE_MIDNIGHT = '2026-11-22T22:59:00Z';

    it('uses today in Copenhagen, not in UTC, for the first bookable day', async () => {
      await withRollback(t, async (tx) => {
        expect(await solvSlots(tx, '2026-11-23', AFTER_MIDNIGHT)).toBe(0);
        expect(await solvSlots(tx, '2026-11-24', AFTER_MIDNIGHT)).toBe(22);
        expect(await solvSlots(tx, '2026-11-23', BEFORE_MIDNIGHT)).toBe(22);
      });
    });

    it('allows the 60th day and refuses the 61st', async () => {
      await withRollback(t, async (tx) => {
        // today 23 Nov + 60 = Friday 22 Jan 2027
        expect((await slots(tx, SERVICE.solv, '2027-01-22', AFTER_MIDNIGHT)).slots[0]).toBe(
          '08:00',
        );
        expect(await solvSlots(tx, '2027-01-23', AFTER_MIDNIGHT)).toBe(0);
        // today 22 Nov + 60 = Thursday 21 Jan 2027
        expect(await solvSlots(tx, '2027-01-21', BEFORE_MIDNIGHT)).toBe(22);
        expect(await solvSlots(tx, '2027-01-22', BEFORE_MIDNIGHT)).toBe(0);
      });
    });

    it('follows the window settings and falls back to 1 and 60 when they are missing', async () => {
      await withRollback(t, async (tx) => {
        await tx.exec(
          `update public.settings set value = '3' where key = 'min_advance_booking_days'`,
        );
        await tx.exec(
          `update public.settings set value = '10' where key = 'max_advance_booking_days'`,
        );
        expect(await solvSlots(tx, '2026-11-25', AFTER_MIDNIGHT)).toBe(0);
        expect(await solvSlots(tx, '2026-11-26', AFTER_MIDNIGHT)).toBe(22);
        expect(await solvSlots(tx, '2026-12-03', AFTER_MIDNIGHT)).toBe(22);
        expect(await solvSlots(tx, '2026-12-04', AFTER_MIDNIGHT)).toBe(0);
        // a project whose rows were never inserted (the owner cannot delete them:
        // settings_refuse_delete, set aside for this transaction only)
        await tx.exec(`alter table public.settings disable trigger settings_refuse_delete`);
        await tx.exec(
          `delete from public.settings where key in ('min_advance_booking_days', 'max_advance_booking_days')`,
        );
        await tx.exec(`alter table public.settings enable trigger settings_refuse_delete`);
        expect(await solvSlots(tx, '2026-11-23', AFTER_MIDNIGHT)).toBe(0);
        expect(await solvSlots(tx, '2026-11-24', AFTER_MIDNIGHT)).toBe(22);
        expect(await solvSlots(tx, '2027-01-22', AFTER_MIDNIGHT)).toBe(18);
        expect(await solvSlots(tx, '2027-01-23', AFTER_MIDNIGHT)).toBe(0);
      });
    });

    it('with a minimum of 0 days offers only the times still ahead today', async () => {
      await withRollback(t, async (tx) => {
        await tx.exec(
          `update public.settings set value = '0' where key = 'min_advance_booking_days'`,
        );
        // Monday 23 Nov 14:10 in Copenhagen
        const r = await slots(tx, SERVICE.solv, '2026-11-23', '2026-11-23T13:10:00Z');
        expect(r.slots).toEqual(grid('14:30', '19:30'));
      });
    });
  });

  describe('reopened holidays', () => {
    const BEFORE_XMAS = '2026-12-20T12:00:00Z';

    it('opens a holiday with the weekday hours or with its own hours', async () => {
      await withRollback(t, async (tx) => {
        expect(await solvSlots(tx, '2026-12-26', BEFORE_XMAS)).toBe(0);
        await tx.exec(
          `insert into public.open_dates (day, reason) values ('2026-12-26', 'Juletravlt')`,
        );
        expect((await slots(tx, SERVICE.solv, '2026-12-26', BEFORE_XMAS)).slots).toEqual(
          grid('10:00', '15:30'),
        );
        await tx.exec(
          `insert into public.open_dates (day, opens_at, closes_at) values ('2026-12-27', '11:00', '13:00')`,
        );
        expect((await slots(tx, SERVICE.solv, '2026-12-27', BEFORE_XMAS)).slots).toEqual(
          grid('11:00', '12:30'),
        );
      });
    });

    it('keeps a day closed when it is also in closed_dates', async () => {
      await withRollback(t, async (tx) => {
        await tx.exec(`insert into public.open_dates (day) values ('2026-12-26')`);
        await tx.exec(`insert into public.closed_dates (day) values ('2026-12-26')`);
        expect(await solvSlots(tx, '2026-12-26', BEFORE_XMAS)).toBe(0);
      });
    });
  });

  describe('multi-day jobs', () => {
    it('runs an 18-hour polish from Monday 09:00 to Tuesday 16:00', async () => {
      await withRollback(t, async (tx) => {
        const r = await slots(tx, SERVICE.premiumPolering, '2026-11-30', NOON);
        expect(r.slots).toEqual(['09:00']);
        expect(r.readyAt).toEqual({ '09:00': '2026-12-01T16:00:00+01:00' });
      });
    });

    it('runs an 8-hour polish from Saturday 10:00 over the weekend to Monday 11:00', async () => {
      await withRollback(t, async (tx) => {
        const r = await slots(tx, SERVICE.solvPolering, '2026-11-28', NOON);
        expect(r.slots).toEqual(['10:00']);
        expect(r.readyAt['10:00']).toBe('2026-11-30T11:00:00+01:00');
        // on a Monday the same job fits the day and may start at any time that ends by 20:00
        expect((await slots(tx, SERVICE.solvPolering, '2026-11-30', NOON)).slots).toEqual(
          grid('09:00', '12:00'),
        );
      });
    });

    it('skips Christmas holidays and the Sunday', async () => {
      await withRollback(t, async (tx) => {
        // 14 hours from Thursday 24 Dec 09:00: 11 h Thursday, then Monday 28 Dec 09:00-12:00
        const r = await slots(tx, SERVICE.guldPolering, '2026-12-24', '2026-12-20T12:00:00Z');
        expect(r.readyAt).toEqual({ '09:00': '2026-12-28T12:00:00+01:00' });
      });
    });

    it('counts real working hours across the March DST weekend', async () => {
      await withRollback(t, async (tx) => {
        // Saturday 28 March 2026 10:00 (+01:00): 6 h Saturday, Sunday closed (clocks go forward),
        // 11 h Monday, 1 h Tuesday -> ready Tuesday 10:00 (+02:00)
        const r = await slots(tx, SERVICE.premiumPolering, '2026-03-28', '2026-03-20T12:00:00Z');
        expect(r.readyAt).toEqual({ '10:00': '2026-03-31T10:00:00+02:00' });
        const periods = await tx.rows<{ from: string; to: string; hours: number }>(
          `select public.copenhagen_iso(lower(p)) "from", public.copenhagen_iso(upper(p)) "to",
                  extract(epoch from upper(p) - lower(p))::int / 3600 hours
             from unnest(public.booking_job_periods('2026-03-28T09:00:00Z', 1080)) p`,
        );
        expect(periods).toEqual([
          { from: '2026-03-28T10:00:00+01:00', to: '2026-03-28T16:00:00+01:00', hours: 6 },
          { from: '2026-03-30T09:00:00+02:00', to: '2026-03-30T20:00:00+02:00', hours: 11 },
          { from: '2026-03-31T09:00:00+02:00', to: '2026-03-31T10:00:00+02:00', hours: 1 },
        ]);
      });
    });

    it('counts real working hours across the October DST weekend', async () => {
      await withRollback(t, async (tx) => {
        // Saturday 24 October 2026 10:00 (+02:00), 8 h: 6 h Saturday, 2 h Monday (+01:00)
        const r = await slots(tx, SERVICE.solvPolering, '2026-10-24', '2026-10-20T12:00:00Z');
        expect(r.readyAt).toEqual({ '10:00': '2026-10-26T11:00:00+01:00' });
      });
    });

    it('works on a reopened DST Sunday by the clock on the wall', async () => {
      await withRollback(t, async (tx) => {
        await tx.exec(
          `insert into public.open_dates (day, opens_at, closes_at) values ('2026-03-29', '01:00', '05:00')`,
        );
        // 01:00-05:00 local on the day clocks jump from 02:00 to 03:00 is 3 real hours
        const r = await slots(tx, SERVICE.premium, '2026-03-29', '2026-03-20T12:00:00Z');
        expect(r.slots).toEqual(['01:00']);
        expect(r.readyAt['01:00']).toBe('2026-03-29T05:00:00+02:00');
      });
    });
  });
});
