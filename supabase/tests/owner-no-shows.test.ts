// The owner books by phone in owner_bookings and sees there, on the row he typed, how often the
// contact did not turn up in the last 12 months (as owner_agenda counts it); marking or taking back
// a no-show recounts the contact's other rows; the count is the database's, never the owner's.
// The database's clock is the rule's: the earlier no-show is placed a month before it.
// Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BACKENDS, SERVICE, refusal, withRollback, type Tx } from './helpers/sql.ts';

describe.each(BACKENDS)('no-shows in owner_bookings on %s', (backend) => {
  const t = useTestDatabase({ backend });

  /** A booking of the contact, a month before the database's clock, marked udeblevet. */
  async function pastNoShow(tx: Tx, phone: string, email: string) {
    await tx.rows(
      `insert into public.bookings (service_id, service_name, duration_minutes, price, booking_date,
              booking_time, drop_off_at, ready_at, customer_name, customer_email, customer_phone, status)
       select $1, 'Guldpakken', 120, 1000, (t at time zone 'Europe/Copenhagen')::date,
              (t at time zone 'Europe/Copenhagen')::time, t, t + interval '2 hours', 'Tidligere Kunde',
              $2, $3, 'no_show'
         from (select now() - interval '1 month' t) s`,
      [SERVICE.guld, email, phone],
    );
  }

  async function openDays(tx: Tx, n: number): Promise<string[]> {
    const rows = await tx.rows<{ d: string }>(
      `select to_char(d, 'DD-MM-YYYY') d
         from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                              (now() at time zone 'Europe/Copenhagen')::date + 90, interval '1 day') d
        where extract(isodow from d) between 1 and 4
          and exists (select 1 from public.booking_day_hours(d::date))
        order by d limit $1`,
      [n],
    );
    return rows.map((r) => r.d);
  }

  const phoneBooking = (tx: Tx, day: string, phone: string, email: string | null) =>
    tx.one<{ reference: string; no_shows: number }>(
      `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
       values ('Guldpakken', $1, 'Jens Hansen', $2, $3) returning reference, no_shows`,
      [`${day} 10:00`, phone, email],
    );

  it('shows the contact’s no-shows on the row the owner types, by phone written any way or e-mail', async () => {
    await withRollback(t, async (tx) => {
      await pastNoShow(tx, '+4520304050', 'jens@example.dk');
      const [d1, d2, d3] = await openDays(tx, 3);
      expect(await phoneBooking(tx, d1!, '20 30 40 50', null)).toMatchObject({ no_shows: 1 });
      expect(await phoneBooking(tx, d2!, '99 88 77 66', 'Jens@Example.dk')).toMatchObject({
        no_shows: 1,
      });
      expect(await phoneBooking(tx, d3!, '30 40 50 60', null)).toMatchObject({ no_shows: 0 });
    });
  });

  it('a no-show marked or taken back recounts the contact’s other rows', async () => {
    await withRollback(t, async (tx) => {
      const [d1, d2] = await openDays(tx, 2);
      const first = await phoneBooking(tx, d1!, '20 30 40 50', null);
      const second = await phoneBooking(tx, d2!, '+45 20 30 40 50', null);
      expect(second.no_shows).toBe(0);
      // the first one was yesterday, and the customer did not come (the owner's status choice)
      await tx.rows(
        `update public.bookings set drop_off_at = now() - interval '1 day',
                ready_at = now() - interval '1 day' + interval '2 hours',
                booking_date = ((now() - interval '1 day') at time zone 'Europe/Copenhagen')::date
          where reference = $1`,
        [first.reference],
      );
      await tx.rows(`update public.owner_bookings set status = 'udeblevet' where reference = $1`, [
        first.reference,
      ]);
      const noShows = (reference: string) =>
        tx
          .one<{ n: number }>('select no_shows n from public.owner_bookings where reference = $1', [
            reference,
          ])
          .then((r) => r.n);
      expect(await noShows(second.reference)).toBe(1);
      // a mistake: set back to bekræftet, and the count follows
      await tx.rows(`update public.owner_bookings set status = 'bekræftet' where reference = $1`, [
        first.reference,
      ]);
      expect(await noShows(second.reference)).toBe(0);
    });
  });

  it('refuses a count typed by the owner, in Danish', async () => {
    await withRollback(t, async (tx) => {
      const [d1, d2] = await openDays(tx, 2);
      const booked = await phoneBooking(tx, d1!, '20 30 40 50', null);
      const edited = await refusal(
        tx,
        `update public.owner_bookings set no_shows = 5 where reference = $1`,
        [booked.reference],
      );
      expect(edited.message).toMatch(/^no_shows tælles automatisk/);
      const inserted = await refusal(
        tx,
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, no_shows)
         values ('Guldpakken', $1, 'Bo', '30405060', 3)`,
        [`${d2} 10:00`],
      );
      expect(inserted.message).toMatch(/no_shows( og price)? udfyldes automatisk/);
    });
  });
});
