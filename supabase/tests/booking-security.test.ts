// Booking engine, access: anon and authenticated can neither read nor write bookings, work periods,
// outbox or rate-limit rows, nor call the booking functions; they may read open_dates. service_role
// (the edge functions) can do what the functions need. Runs on PGlite and on PostgreSQL 15.
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, SERVICE, book, sqlState, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const NOW = '2026-11-22T11:00:00Z';

const TABLES = ['bookings', 'booking_work_periods', 'email_outbox', 'booking_rate_limits'];

const UPDATE: Record<string, string> = {
  bookings: 'notes = notes',
  booking_work_periods: 'bay = bay',
  email_outbox: 'attempts = attempts',
  booking_rate_limits: 'hits = hits',
};

const FUNCTION_CALLS = [
  `public.create_booking(jsonb_populate_record(null::public.booking_request, '{"service_id": "${SERVICE.solv}", "booking_date": "2026-11-24", "booking_time": "09:00", "customer_name": "Ane", "customer_email": "a@b.dk", "customer_phone": "21345678"}'))`,
  `public.get_available_slots('${SERVICE.solv}', '2026-11-24')`,
  `public.booking_candidates('${SERVICE.solv}', '2026-11-24')`,
  `public.booking_free_bay(array[tstzrange(now(), now() + interval '1 hour')])`,
  `public.booking_day_hours('2026-11-24')`,
  `public.booking_job_periods(now(), 60)`,
  `public.booking_rate_limit_hit('1.2.3.4', 'a@b.dk')`,
  `public.booking_setting('workshop_capacity', 1)`,
  `public.booking_random_reference()`,
  `public.booking_random_token()`,
  `public.danish_public_holidays(2026)`,
  `public.is_danish_public_holiday('2026-12-25')`,
  `public.easter_sunday(2026)`,
  `public.copenhagen_iso(now())`,
];

/** Runs the checks as a role with that role's JWT claims, as the gateway does. */
async function asRole(tx: Tx, role: string): Promise<void> {
  await tx.exec(`set local role ${role}`);
  await tx.rows(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role })]);
}

describe.each(BACKENDS)('booking access on %s', (backend) => {
  const t = useTestDatabase({ backend });
  let bookingId: string;
  beforeAll(async () => {
    const r = await book(t.db, {
      serviceId: SERVICE.guld,
      date: '2026-11-24',
      time: '10:00',
      now: NOW,
    });
    bookingId = (
      await t.query<{ id: string }>('select id from public.bookings where reference = $1', [
        r.reference,
      ])
    )[0]!.id;
  });

  describe.each(['anon', 'authenticated'])('as %s', (role) => {
    it.each(TABLES)('cannot select, insert, update or delete %s', async (table) => {
      await withRollback(t, async (tx) => {
        await asRole(tx, role);
        expect(await sqlState(tx, `select * from public.${table}`)).toBe('42501');
        expect(await sqlState(tx, `insert into public.${table} default values`)).toBe('42501');
        expect(await sqlState(tx, `update public.${table} set ${UPDATE[table]}`)).toBe('42501');
        expect(await sqlState(tx, `delete from public.${table}`)).toBe('42501');
      });
    });

    it('cannot cancel or read a booking by id', async () => {
      await withRollback(t, async (tx) => {
        await asRole(tx, role);
        expect(
          await sqlState(tx, `update public.bookings set status = 'cancelled' where id = $1`, [
            bookingId,
          ]),
        ).toBe('42501');
        expect(
          await sqlState(tx, `select cancel_token from public.bookings where id = $1`, [bookingId]),
        ).toBe('42501');
      });
    });

    it.each(FUNCTION_CALLS)('cannot execute %s', async (call) => {
      await withRollback(t, async (tx) => {
        await asRole(tx, role);
        expect(await sqlState(tx, `select ${call}`)).toBe('42501');
      });
    });

    it('reads open_dates but cannot change them', async () => {
      await withRollback(t, async (tx) => {
        await tx.exec(`insert into public.open_dates (day) values ('2026-12-26')`);
        await asRole(tx, role);
        expect(await tx.rows<{ day: string }>('select day::text from public.open_dates')).toEqual([
          { day: '2026-12-26' },
        ]);
        expect(
          await sqlState(tx, `insert into public.open_dates (day) values ('2027-01-01')`),
        ).toBe('42501');
        expect(await sqlState(tx, `update public.open_dates set reason = 'x'`)).toBe('42501');
        expect(await sqlState(tx, `delete from public.open_dates`)).toBe('42501');
      });
    });
  });

  describe('as service_role', () => {
    it('calls the booking functions and reads the booking tables', async () => {
      await withRollback(t, async (tx) => {
        await asRole(tx, 'service_role');
        const r = await tx.one<{ r: { slots: string[] } }>(
          `select public.get_available_slots($1, '2026-11-24', $2) r`,
          [SERVICE.guld, NOW],
        );
        expect(r.r.slots).not.toContain('10:00');
        const created = await book(tx, {
          serviceId: SERVICE.solv,
          date: '2026-11-25',
          time: '09:00',
          now: NOW,
        });
        expect(created.status).toBe('created');
        expect(await tx.rows('select 1 from public.email_outbox')).toHaveLength(4);
      });
    });
  });
});
