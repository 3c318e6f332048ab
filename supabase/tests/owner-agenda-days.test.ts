// The day's cars (owner_agenda filtered on day, as docs/owner.md says): a job over several days shows
// on each day its car is at the workshop, with its role that day, following the job's own work
// periods: a Friday->Saturday polish is dropped off Friday and ready Saturday, a longer one is worked
// on Saturday, waits over the closed Sunday and is ready Monday. A cancelled booking shows on its
// drop-off day only. Bookings through the engine (create_booking), on PGlite and PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { BACKENDS, book, SERVICE, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

// far enough ahead that the view's "from today on" keeps these days for years
const BOOKED_AT = '2030-03-05T10:00:00+01:00'; // Tuesday
const FRI = '2030-03-08';
const SAT = '2030-03-09';
const SUN = '2030-03-10';
const MON = '2030-03-11';

async function day(tx: Tx, d: string) {
  return tx.rows<Record<string, string>>(
    `select role, customer_name, drop_off_local::text, ready_local::text, status, reference
       from public.owner_agenda where day = $1`,
    [d],
  );
}

describe.each(BACKENDS)("the day's cars on %s", (backend) => {
  const t = useTestDatabase({ backend });

  it('a Friday->Saturday polish shows on Friday (aflevering) and Saturday (klar til afhentning)', () =>
    withRollback(t, async (tx) => {
      // 14 hours: Friday 08:00-17:00 and Saturday 10:00-15:00
      const polish = await book(tx, {
        serviceId: SERVICE.guldPolering,
        date: FRI,
        time: '08:00',
        name: 'Anders Jensen',
        now: BOOKED_AT,
      });
      expect(polish.status).toBe('created');
      const row = {
        customer_name: 'Anders Jensen',
        drop_off_local: `${FRI} 08:00:00`,
        ready_local: `${SAT} 15:00:00`,
        status: 'bekræftet',
        reference: polish.reference,
      };
      expect(await day(tx, FRI)).toEqual([{ role: 'aflevering', ...row }]);
      expect(await day(tx, SAT)).toEqual([{ role: 'klar til afhentning', ...row }]);
      expect(await day(tx, SUN)).toEqual([]);
    }));

  it('a longer job is worked on between, waits over a closed day, and days sort by time', () =>
    withRollback(t, async (tx) => {
      // two bays, so a short job fits beside the long one
      await tx.rows(`update public.settings set value = '2' where key = 'workshop_capacity'`);
      // 18 hours: Friday 08:00-17:00, Saturday 10:00-16:00, (Sunday closed), Monday 09:00-12:00
      const premium = await book(tx, {
        serviceId: SERVICE.premiumPolering,
        date: FRI,
        time: '08:00',
        name: 'Lang Tid',
        now: BOOKED_AT,
      });
      const later = await book(tx, {
        serviceId: SERVICE.guld,
        date: MON,
        time: '13:00',
        name: 'Samme Dag',
        now: BOOKED_AT,
      });
      const earlier = await book(tx, {
        serviceId: SERVICE.solv,
        date: FRI,
        time: '09:00',
        name: 'Fredag Kort',
        now: BOOKED_AT,
      });
      expect([premium.status, later.status, earlier.status]).toEqual([
        'created',
        'created',
        'created',
      ]);
      const roles = async (d: string) => (await day(tx, d)).map((r) => [r.role, r.customer_name]);
      expect(await roles(FRI)).toEqual([
        ['aflevering', 'Lang Tid'],
        ['aflevering og afhentning', 'Fredag Kort'],
      ]);
      expect(await roles(SAT)).toEqual([['arbejde', 'Lang Tid']]);
      expect(await roles(SUN)).toEqual([['venter', 'Lang Tid']]);
      expect(await roles(MON)).toEqual([
        ['klar til afhentning', 'Lang Tid'],
        ['aflevering og afhentning', 'Samme Dag'],
      ]);
      // the whole week in one list: by day, then by the time of what happens that day
      const week = await tx.rows<{ day: string; customer_name: string }>(
        `select day::text, customer_name from public.owner_agenda
          where day between $1 and $2`,
        [FRI, MON],
      );
      expect(week.map((r) => `${r.day} ${r.customer_name}`)).toEqual([
        `${FRI} Lang Tid`,
        `${FRI} Fredag Kort`,
        `${SAT} Lang Tid`,
        `${SUN} Lang Tid`,
        `${MON} Lang Tid`,
        `${MON} Samme Dag`,
      ]);
    }));

  it('the days follow the work periods: a Saturday closed when booked is a day of waiting', () =>
    withRollback(t, async (tx) => {
      await tx.rows(`insert into public.closed_dates (day, reason) values ($1, 'Lukket')`, [SAT]);
      // 14 hours: Friday 08:00-17:00, then Monday 09:00-14:00
      const polish = await book(tx, {
        serviceId: SERVICE.guldPolering,
        date: FRI,
        time: '08:00',
        name: 'Over Weekenden',
        now: BOOKED_AT,
      });
      expect(polish.status).toBe('created');
      const rows = await tx.rows<{ day: string; role: string }>(
        `select day::text, role from public.owner_agenda where reference = $1`,
        [polish.reference],
      );
      expect(rows).toEqual([
        { day: FRI, role: 'aflevering' },
        { day: SAT, role: 'venter' },
        { day: SUN, role: 'venter' },
        { day: MON, role: 'klar til afhentning' },
      ]);
    }));

  it('a cancelled job shows on its drop-off day only, marked cancelled', () =>
    withRollback(t, async (tx) => {
      const polish = await book(tx, {
        serviceId: SERVICE.premiumPolering,
        date: FRI,
        time: '08:00',
        now: BOOKED_AT,
      });
      await tx.rows(`update public.bookings set status = 'cancelled' where reference = $1`, [
        polish.reference,
      ]);
      expect(
        await tx.rows(
          `select day::text, role, status from public.owner_agenda where reference = $1`,
          [polish.reference],
        ),
      ).toEqual([{ day: FRI, role: 'aflevering', status: 'aflyst' }]);
    }));

  it('a moved job shows on its new days', () =>
    withRollback(t, async (tx) => {
      const polish = await book(tx, {
        serviceId: SERVICE.guldPolering,
        date: FRI,
        time: '08:00',
        now: BOOKED_AT,
      });
      await tx.rows(
        `update public.owner_bookings set drop_off_local = '2030-03-12 09:00' where reference = $1`,
        [polish.reference],
      );
      // 14 hours from Tuesday 09:00: 11 on Tuesday, 3 on Wednesday
      expect(
        await tx.rows(`select day::text, role from public.owner_agenda where reference = $1`, [
          polish.reference,
        ]),
      ).toEqual([
        { day: '2030-03-12', role: 'aflevering' },
        { day: '2030-03-13', role: 'klar til afhentning' },
      ]);
    }));

  it('reads the bookings by their index, not the whole history', () =>
    withRollback(t, async (tx) => {
      await tx.exec('set local enable_seqscan = off');
      const plan = (
        await tx.rows<{ 'QUERY PLAN': string }>(
          `explain select * from public.owner_agenda where day = '${SAT}'`,
        )
      )
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('bookings_ready_at_idx');
    }));
});
