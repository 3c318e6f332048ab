// The waiting list of a full day (88_waitlist.sql) on PGlite and PostgreSQL 15: who may sign up
// (a full day in the window only, the caps, a second sign-up answered with the first), every path
// that frees a time telling the list once (by e-mail, and by one SMS to a subscriber who gave his
// phone), leaving cancelling both, and retention deleting a list (phones too) once its day has
// passed.
// The triggers read the database's clock, so the days are taken from the engine on the real one
// (the first open Monday to Wednesday from the day after tomorrow, with an open day after it).
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { ADDON, BACKENDS, book, SERVICE, withRollback, type Tx } from './helpers/sql.ts';

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
  options: {
    ip?: string;
    service?: string;
    expires?: string;
    phone?: string;
    carSize?: string;
    addonIds?: string[];
  } = {},
): Promise<JoinAnswer> {
  signed += 1;
  return (
    await tx.one<{ r: JoinAnswer }>(
      `select public.join_waitlist($1, coalesce($2::timestamptz, now() + interval '5 minutes'),
                                   $3, $4::date, $5, $6, p_phone => $7::text,
                                   p_car_size => $8::text, p_addon_ids => $9::uuid[]) r`,
      [
        SIGNATURE(signed),
        options.expires ?? null,
        options.service ?? SERVICE.solv,
        day,
        email,
        options.ip ?? `10.1.${signed % 250}.1`,
        options.phone ?? null,
        options.carSize ?? null,
        options.addonIds ?? null,
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
  return tx.rows<{
    recipient: string;
    payload: Record<string, string>;
    status: string;
    idempotency_key: string;
    last_error: string | null;
  }>(
    `select recipient, payload, status, idempotency_key, last_error
       from public.email_outbox where kind = $1 order by recipient`,
    [kind],
  );
}

/** Frees the full day's time (the booking cancelled) and lets the list be told, as at the commit. */
async function cancelAndCommit(tx: Tx, reference: string) {
  await tx.rows(
    `update public.bookings set status = 'cancelled', cancelled_at = now() where reference = $1`,
    [reference],
  );
  await commitPoint(tx);
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
          await tx.one<{ r: { waitlist: { email: string; phone: string | null }[] } }>(
            'select public.owner_day_at($1::date, now()) r',
            [day],
          )
        ).r.waitlist;
      expect(await ownerDay()).toEqual([
        { email: 'first@example.dk', phone: null },
        { email: 'second@example.dk', phone: null },
      ]);

      await tx.rows(
        `update public.bookings set status = 'cancelled', cancelled_at = now() where reference = $1`,
        [reference],
      );
      expect(await outbox(tx, 'waitlist_free')).toHaveLength(0); // not before the commit
      await commitPoint(tx);
      expect(await ownerDay()).toEqual([]);
      const told = await outbox(tx, 'waitlist_free');
      expect(told.map((m) => m.recipient)).toEqual(['first@example.dk', 'second@example.dk']);
      // the ordinary car's job: the package alone
      expect(told[0]!.payload).toEqual({ day, serviceName: 'Sølvpakken', time: '09:00' });
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

  it('takes the whole job: a day full for a big car with an add-on, told only of a time long enough for it', () =>
    withRollback(t, async (tx) => {
      // a free day: its 09:00 Sølvpakken (30 min) and every drop-off from 10:00 on taken, so that
      // only 09:30-10:00 is free: room for the ordinary car's 30 minutes, not for a big car's
      // 45 with Motorvask's 30
      const { day, reference } = await fullDay(tx);
      await cancelAndCommit(tx, reference);
      const now = (await tx.one<{ n: string }>(`select now()::text n`)).n;
      const solvTimes = async () =>
        (
          await tx.one<{ r: { slots: string[] } }>(
            `select public.booking_free_times($1, $2::date, now(), 30) r`,
            [SERVICE.solv, day],
          )
        ).r.slots;
      const early = await book(tx, { serviceId: SERVICE.solv, date: day, time: '09:00', now });
      expect(early.status).toBe('created');
      const taken: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const next = (await solvTimes()).find((time) => time >= '10:00');
        if (!next) break;
        const booked = await book(tx, { serviceId: SERVICE.solv, date: day, time: next, now });
        expect(booked.status, next).toBe('created');
        taken.push(booked.reference!);
      }
      expect(await solvTimes()).toEqual(['09:30']);
      const big = { carSize: 'stor-bil', addonIds: [ADDON.motorvask] };
      const state = (job: { carSize?: string; addonIds?: string[] }) =>
        tx
          .one<{ s: string }>(
            `select public.waitlist_day_state($1, $2::date, now(), $3, $4::uuid[]) s`,
            [SERVICE.solv, day, job.carSize ?? null, job.addonIds ?? null],
          )
          .then((r) => r.s);
      expect(await state({})).toBe('free');
      expect(await state(big)).toBe('full');

      // the ordinary car is offered 09:30, so no list for it; the big car's job joins
      expect(await join(tx, day, 'small@example.dk')).toMatchObject({
        status: 'not_full',
        reason: 'free',
      });
      expect(await join(tx, day, 'big@example.dk', big)).toMatchObject({
        status: 'joined',
        already: false,
      });
      // the same add-on twice (the function refuses it; called directly, it is taken once)
      expect(
        await join(tx, day, 'twice@example.dk', {
          carSize: 'stor-bil',
          addonIds: [ADDON.motorvask, ADDON.motorvask],
        }),
      ).toMatchObject({ status: 'joined' });
      expect(
        await tx.rows('select car_size, addon_ids from public.waitlist_entries order by email'),
      ).toEqual([
        { car_size: 'stor-bil', addon_ids: [ADDON.motorvask] },
        { car_size: 'stor-bil', addon_ids: [ADDON.motorvask] },
      ]);
      // a size or an add-on the package does not have is refused as the booking refuses it
      expect(await join(tx, day, 'x@example.dk', { carSize: 'lastbil' })).toMatchObject({
        status: 'not_full',
        reason: 'unknown_car_size',
      });
      expect(
        await join(tx, day, 'y@example.dk', { addonIds: ['00000000-0000-4000-8000-000000000000'] }),
      ).toMatchObject({ status: 'not_full', reason: 'unknown_addon' });

      // 09:00-10:00 free is an hour: still too short for the big car's 75 minutes
      await cancelAndCommit(tx, early.reference!);
      expect(await outbox(tx, 'waitlist_free')).toHaveLength(0);
      // 10:00 free too: now it fits, from 09:00
      await cancelAndCommit(tx, taken[0]!);
      const told = await outbox(tx, 'waitlist_free');
      expect(told.map((m) => m.recipient)).toEqual(['big@example.dk', 'twice@example.dk']);
      // the job goes with the message: its rows and the link that chooses it again
      expect(told[0]!.payload).toEqual({
        day,
        serviceName: 'Sølvpakken',
        time: '09:00',
        carSize: 'stor-bil',
        carSizeName: 'Stor bil (SUV, stationcar, 7-personers)',
        addons: [{ id: ADDON.motorvask, name: 'Motorvask' }],
      });
    }));

  it('sends one SMS beside the e-mail to a subscriber who gave his phone, none to one without, never twice', () =>
    withRollback(t, async (tx) => {
      const { day, reference } = await fullDay(tx);
      expect(await join(tx, day, 'sms@example.dk', { phone: '20 11 22 33' })).toMatchObject({
        status: 'joined',
      });
      await join(tx, day, 'mail@example.dk');
      // stored as a booking's phone is, and shown to the owner grouped
      expect(
        await tx.rows('select email, phone from public.waitlist_entries order by email'),
      ).toEqual([
        { email: 'mail@example.dk', phone: null },
        { email: 'sms@example.dk', phone: '+4520112233' },
      ]);
      const waiting = await tx.one<{ r: { waitlist: unknown[] } }>(
        'select public.owner_day_at($1::date, now()) r',
        [day],
      );
      expect(waiting.r.waitlist).toContainEqual({
        email: 'sms@example.dk',
        phone: '+45 20 11 22 33',
      });
      // the receipts: the number the SMS will go to, for him only
      expect(
        (await outbox(tx, 'waitlist_receipt')).map((m) => [m.recipient, m.payload.smsTo]),
      ).toEqual([
        ['mail@example.dk', undefined],
        ['sms@example.dk', '+45 20 11 22 33'],
      ]);
      // no SMS with the receipt: only the free time is worth one
      await commitPoint(tx);
      expect(await outbox(tx, 'sms_waitlist_free')).toEqual([]);

      await cancelAndCommit(tx, reference);
      const { id } = await tx.one<{ id: string }>(
        `select id from public.waitlist_entries where email = 'sms@example.dk'`,
      );
      const sms = await outbox(tx, 'sms_waitlist_free');
      expect(sms).toEqual([
        {
          recipient: '+4520112233',
          payload: { day, serviceName: 'Sølvpakken', time: '09:00' },
          status: 'pending',
          idempotency_key: `sms:waitlist_free:${id}`,
          last_error: null,
        },
      ]);
      expect((await outbox(tx, 'waitlist_free')).map((m) => m.recipient)).toEqual([
        'mail@example.dk',
        'sms@example.dk',
      ]);

      // told once: another free time, and the list asked again directly, queue nothing more
      const now = (await tx.one<{ n: string }>(`select now()::text n`)).n;
      const other = await book(tx, { serviceId: SERVICE.solv, date: day, time: '09:00', now });
      await cancelAndCommit(tx, other.reference!);
      expect((await tx.one<{ n: number }>('select public.waitlist_notify() n')).n).toBe(0);
      expect(await outbox(tx, 'sms_waitlist_free')).toHaveLength(1);
    }));

  it('keeps to the SMS rules: a foreign number gets none (the reason kept), one number at most 3 days', () =>
    withRollback(t, async (tx) => {
      const { day, reference } = await fullDay(tx);
      expect(await join(tx, day, 'se@example.dk', { phone: '+46 70 123 45 67' })).toMatchObject({
        status: 'joined',
      });
      // not a phone number at all: refused, nothing written
      expect(await join(tx, day, 'bad@example.dk', { phone: '12 34' })).toEqual({
        status: 'invalid',
        field: 'phone',
      });
      // one number under other addresses: counted like one address (3 days)
      for (const n of [1, 2]) {
        expect(
          (await join(tx, day, `same${n}@example.dk`, { phone: '+45 31 31 31 31' })).status,
        ).toBe('joined');
      }
      expect((await join(tx, day, 'same3@example.dk', { phone: '31313131' })).status).toBe(
        'joined',
      );
      expect((await join(tx, day, 'same4@example.dk', { phone: '0045 31 31 31 31' })).status).toBe(
        'contact_cap',
      );

      await cancelAndCommit(tx, reference);
      const sms = await outbox(tx, 'sms_waitlist_free');
      const foreign = sms.find((m) => m.recipient === '+46701234567');
      expect(foreign).toMatchObject({ status: 'cancelled' });
      expect(foreign!.last_error).toMatch(/danske mobilnumre/);
      // the three sign-ups with one number: at most 3 SMS a day to it, all pending here
      expect(sms.filter((m) => m.recipient === '+4531313131').map((m) => m.status)).toEqual([
        'pending',
        'pending',
        'pending',
      ]);
    }));

  it('queues nothing for one who left the list, and leaving after being told cancels the e-mail and the SMS not yet sent', () =>
    withRollback(t, async (tx) => {
      const { day, reference } = await fullDay(tx);
      await join(tx, day, 'gone@example.dk', { phone: '20 11 22 44' });
      await join(tx, day, 'late@example.dk', { phone: '20 11 22 55' });
      const token = async (email: string) =>
        (await outbox(tx, 'waitlist_receipt')).find((m) => m.recipient === email)!.payload
          .leaveToken;
      const goneToken = await token('gone@example.dk');
      expect(
        (await tx.one<{ r: { status: string } }>('select public.leave_waitlist($1) r', [goneToken]))
          .r.status,
      ).toBe('left');

      await cancelAndCommit(tx, reference);
      expect((await outbox(tx, 'waitlist_free')).map((m) => m.recipient)).toEqual([
        'late@example.dk',
      ]);
      expect((await outbox(tx, 'sms_waitlist_free')).map((m) => m.recipient)).toEqual([
        '+4520112255',
      ]);

      // told, then he leaves before the sender ran: neither goes
      const lateToken = await token('late@example.dk');
      await tx.rows('select public.leave_waitlist($1)', [lateToken]);
      for (const kind of ['waitlist_free', 'sms_waitlist_free']) {
        const [row] = await outbox(tx, kind);
        expect(row, kind).toMatchObject({ status: 'cancelled' });
        expect(row!.last_error).toMatch(/fjernet sig fra ventelisten/);
      }
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
      await join(tx, day, 'stay@example.dk', { phone: '20 11 22 66' });
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
