// The waiting list of a full day (88_waitlist.sql) on PGlite and PostgreSQL 15: who may sign up
// (a full day in the window only, the caps, a second sign-up answered with the first), every path
// that frees a time telling the list once, and retention deleting a list once its day has passed.
// The triggers read the database's clock, so the days are taken from the engine on the real one
// (the first open Monday to Wednesday from the day after tomorrow, with an open day after it).
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BACKENDS, book, SERVICE, withRollback, type Tx } from './helpers/sql.ts';

const SIGNATURE = (n: number) => n.toString(16).padStart(64, '0');
let signed = 0;

interface JoinAnswer {
  status: string;
  already?: boolean;
  reason?: string;
}

async function join(
  tx: Tx,
  day: string,
  email: string,
  options: { ip?: string; service?: string; expires?: string } = {},
): Promise<JoinAnswer> {
  signed += 1;
  return (
    await tx.one<{ r: JoinAnswer }>(
      `select public.join_waitlist($1, coalesce($2::timestamptz, now() + interval '5 minutes'),
                                   $3, $4::date, $5, $6) r`,
      [
        SIGNATURE(signed),
        options.expires ?? null,
        options.service ?? SERVICE.solv,
        day,
        email,
        options.ip ?? `10.1.${signed % 250}.1`,
      ],
    )
  ).r;
}

/** A day that a 14-hour polish started at opening fills for every package (capacity 1). */
async function fullDay(tx: Tx): Promise<{ day: string; reference: string }> {
  const { d } = await tx.one<{ d: string }>(
    `select d::date::text d
       from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                            (now() at time zone 'Europe/Copenhagen')::date + 40, interval '1 day') d
      where extract(isodow from d) in (1, 2, 3)
        and exists (select 1 from public.booking_day_hours(d::date) h
                     where (h.opens_at at time zone 'Europe/Copenhagen')::time = time '09:00')
        and exists (select 1 from public.booking_day_hours(d::date + 1))
      order by d limit 1`,
  );
  await tx.exec(`update public.settings set value = '1' where key = 'workshop_capacity'`);
  const now = (await tx.one<{ n: string }>(`select now()::text n`)).n;
  const booked = await book(tx, { serviceId: SERVICE.guldPolering, date: d, time: '09:00', now });
  expect(booked.status).toBe('created');
  return { day: d, reference: booked.reference! };
}

async function commitPoint(tx: Tx) {
  // the deferred triggers fire here as they would at the commit
  await tx.exec('set constraints all immediate');
  await tx.exec('set constraints all deferred');
}

async function outbox(tx: Tx, kind: string) {
  return tx.rows<{ recipient: string; payload: Record<string, string> }>(
    `select recipient, payload from public.email_outbox where kind = $1 order by recipient`,
    [kind],
  );
}

describe.each(BACKENDS)('the waiting list of a full day (%s)', (backend) => {
  const t = useTestDatabase({ backend });

  it('takes an address for a full day once, with one receipt, and refuses a day with free times', () =>
    withRollback(t, async (tx) => {
      const { day } = await fullDay(tx);
      expect(await join(tx, day, 'a@example.dk')).toMatchObject({
        status: 'joined',
        already: false,
      });
      expect(await join(tx, day, ' A@example.dk ')).toMatchObject({
        status: 'joined',
        already: true,
      });
      const rows = await tx.rows('select * from public.waitlist_entries');
      expect(rows).toHaveLength(1);
      const receipts = await outbox(tx, 'waitlist_receipt');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.payload).toMatchObject({ day, serviceName: 'Sølvpakken' });
      expect(receipts[0]!.payload.leaveToken).toMatch(/^[0-9a-f]{64}$/);

      const { d: freeDay } = await tx.one<{ d: string }>(`select ($1::date + 1)::text d`, [day]);
      expect(await join(tx, freeDay, 'b@example.dk')).toMatchObject({
        status: 'not_full',
        reason: 'free',
      });
      const { d: farDay } = await tx.one<{ d: string }>(`select (current_date + 400)::text d`);
      expect(await join(tx, farDay, 'b@example.dk')).toMatchObject({
        status: 'not_full',
        reason: 'outside_window',
      });
    }));

  it('refuses a used or expired challenge and counts the caps', () =>
    withRollback(t, async (tx) => {
      const { day } = await fullDay(tx);
      const used = await tx.one<{ r: JoinAnswer }>(
        `select public.join_waitlist($1, now() + interval '5 minutes', $2, $3::date, 'c@example.dk') r`,
        [SIGNATURE(999_999), SERVICE.solv, day],
      );
      expect(used.r.status).toBe('joined');
      const again = await tx.one<{ r: JoinAnswer }>(
        `select public.join_waitlist($1, now() + interval '5 minutes', $2, $3::date, 'd@example.dk') r`,
        [SIGNATURE(999_999), SERVICE.solv, day],
      );
      expect(again.r.status).toBe('challenge_used');
      expect(
        await join(tx, day, 'e@example.dk', { expires: '2000-01-01T00:00:00Z' }),
      ).toMatchObject({ status: 'challenge_expired' });

      // one client address: 5 a day
      for (let i = 0; i < 4; i++) {
        expect((await join(tx, day, `ip${i}@example.dk`, { ip: '192.0.2.7' })).status).toBe(
          'joined',
        );
      }
      expect((await join(tx, day, 'ip9@example.dk', { ip: '192.0.2.7' })).status).toBe('joined');
      expect((await join(tx, day, 'ip10@example.dk', { ip: '192.0.2.7' })).status).toBe(
        'address_cap',
      );

      // the day's list: the owner's setting
      await tx.exec(
        `insert into public.settings (key, value) values ('waitlist_max_per_day', '6')
         on conflict (key) do update set value = excluded.value`,
      );
      expect((await join(tx, day, 'full@example.dk')).status).toBe('list_full');
      expect(await tx.rows('select 1 from public.waitlist_entries')).toHaveLength(6);
    }));

  it('tells everyone on the list once when a cancellation frees a time, and not again', () =>
    withRollback(t, async (tx) => {
      const { day, reference } = await fullDay(tx);
      await join(tx, day, 'first@example.dk');
      await join(tx, day, 'second@example.dk');
      await commitPoint(tx);
      expect(await outbox(tx, 'waitlist_free')).toHaveLength(0);
      // the owner's day names who waits, first written up first
      const ownerDay = async () =>
        (
          await tx.one<{ r: { waitlist: string[] } }>(
            'select public.owner_day_at($1::date, now()) r',
            [day],
          )
        ).r.waitlist;
      expect(await ownerDay()).toEqual(['first@example.dk', 'second@example.dk']);

      await tx.rows(
        `update public.bookings set status = 'cancelled', cancelled_at = now() where reference = $1`,
        [reference],
      );
      expect(await outbox(tx, 'waitlist_free')).toHaveLength(0); // not before the commit
      await commitPoint(tx);
      expect(await ownerDay()).toEqual([]);
      const told = await outbox(tx, 'waitlist_free');
      expect(told.map((m) => m.recipient)).toEqual(['first@example.dk', 'second@example.dk']);
      expect(told[0]!.payload).toMatchObject({ day, serviceName: 'Sølvpakken', time: '09:00' });
      expect(
        await tx.rows('select 1 from public.waitlist_entries where notified_at is null'),
      ).toHaveLength(0);

      // a second free time the same day tells nobody again
      const now = (await tx.one<{ n: string }>(`select now()::text n`)).n;
      const other = await book(tx, { serviceId: SERVICE.solv, date: day, time: '09:00', now });
      await tx.rows(`update public.bookings set status = 'cancelled' where reference = $1`, [
        other.reference,
      ]);
      await commitPoint(tx);
      expect(await outbox(tx, 'waitlist_free')).toHaveLength(2);
    }));

  it('tells the list when the time is moved away (its work periods deleted)', () =>
    withRollback(t, async (tx) => {
      const { day, reference } = await fullDay(tx);
      await join(tx, day, 'move@example.dk');
      await tx.rows(
        `delete from public.booking_work_periods w using public.bookings b
          where b.id = w.booking_id and b.reference = $1`,
        [reference],
      );
      await commitPoint(tx);
      expect((await outbox(tx, 'waitlist_free')).map((m) => m.recipient)).toEqual([
        'move@example.dk',
      ]);
    }));

  it('tells the list when the owner opens a closed day, and not while it is closed', () =>
    withRollback(t, async (tx) => {
      const { day, reference } = await fullDay(tx);
      await join(tx, day, 'open@example.dk');
      // the day closed after the sign-up (the booking moved off it): nothing to book, nobody told
      await tx.rows(`update public.bookings set status = 'cancelled' where reference = $1`, [
        reference,
      ]);
      await tx.rows(`insert into public.closed_dates (day, reason) values ($1, 'Ferie')`, [day]);
      await commitPoint(tx);
      expect(await outbox(tx, 'waitlist_free')).toHaveLength(0);
      await tx.rows('delete from public.closed_dates where day = $1', [day]);
      await commitPoint(tx);
      expect((await outbox(tx, 'waitlist_free')).map((m) => m.recipient)).toEqual([
        'open@example.dk',
      ]);
    }));

  it('tells the list when the car does not turn up (udeblevet): the rest of its day is free', () =>
    withRollback(t, async (tx) => {
      const { day, reference } = await fullDay(tx);
      await join(tx, day, 'noshow@example.dk');
      await commitPoint(tx);
      const { id } = await tx.one<{ id: string }>(
        'select id from public.bookings where reference = $1',
        [reference],
      );
      await tx.rows(`select public.booking_set_status($1, 'no_show', $2::timestamptz)`, [
        id,
        `${day}T10:00:00+01:00`,
      ]);
      await commitPoint(tx);
      expect((await outbox(tx, 'waitlist_free')).map((m) => m.recipient)).toEqual([
        'noshow@example.dk',
      ]);
    }));

  it('tells the list when the owner gives the day longer hours, weekly or for the one day', () =>
    withRollback(t, async (tx) => {
      const { day } = await fullDay(tx);
      await join(tx, day, 'weekly@example.dk');
      await tx.rows(
        `update public.opening_hours set closes_at = '22:00' where weekday = extract(isodow from $1::date)`,
        [day],
      );
      expect((await outbox(tx, 'waitlist_free')).map((m) => m.recipient)).toEqual([
        'weekly@example.dk',
      ]);
      expect((await outbox(tx, 'waitlist_free'))[0]!.payload.time).toBe('20:00');
    }));

  it('tells the list when the owner opens the one day longer (open_dates)', () =>
    withRollback(t, async (tx) => {
      const { day } = await fullDay(tx);
      await join(tx, day, 'oneday@example.dk');
      await tx.rows(
        `insert into public.open_dates (day, opens_at, closes_at, reason) values ($1, '09:00', '21:00', 'Aftenåbent')`,
        [day],
      );
      expect((await outbox(tx, 'waitlist_free')).map((m) => m.recipient)).toEqual([
        'oneday@example.dk',
      ]);
    }));

  it('leaves the list by the receipt token, and retention deletes a list once its day has passed', () =>
    withRollback(t, async (tx) => {
      const { day } = await fullDay(tx);
      await join(tx, day, 'leave@example.dk');
      await join(tx, day, 'stay@example.dk');
      const [receipt] = (await outbox(tx, 'waitlist_receipt')).filter(
        (m) => m.recipient === 'leave@example.dk',
      );
      const left = await tx.one<{ r: { status: string } }>('select public.leave_waitlist($1) r', [
        receipt!.payload.leaveToken,
      ]);
      expect(left.r.status).toBe('left');
      expect(
        (
          await tx.one<{ r: { status: string } }>('select public.leave_waitlist($1) r', [
            receipt!.payload.leaveToken,
          ])
        ).r.status,
      ).toBe('not_found');

      const onTheDay = `${day}T23:00:00+01:00`;
      const dayAfter = (
        await tx.one<{ t: string }>(`select (($1::date + 1) + time '06:00')::text || '+01:00' t`, [
          day,
        ])
      ).t;
      expect(
        (
          await tx.one<{ r: Record<string, number> }>(
            'select public.run_retention($1::timestamptz) r',
            [onTheDay],
          )
        ).r.waitlistEntriesDeleted,
      ).toBe(0);
      expect(
        (
          await tx.one<{ r: Record<string, number> }>(
            'select public.run_retention($1::timestamptz) r',
            [dayAfter],
          )
        ).r.waitlistEntriesDeleted,
      ).toBe(1);
      expect(await tx.rows('select 1 from public.waitlist_entries')).toHaveLength(0);
    }));

  it('is closed to the public key', () =>
    withRollback(t, async (tx) => {
      await tx.exec('set local role anon');
      await expect(tx.rows('select * from public.waitlist_entries')).rejects.toMatchObject({
        code: '42501',
      });
    }));
});
