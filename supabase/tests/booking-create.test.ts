// Booking engine, booking side: create_booking's checks, the exclusion constraint, capacity,
// buffer, cancellation, back-to-back jobs, idempotency, rate limits, the outbox, and racing
// transactions. Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import {
  BACKENDS,
  SERVICE,
  book,
  bookStatus,
  slots,
  sqlState,
  withRollback,
} from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

// Sunday 22 November 2026, 12:00 in Copenhagen; Tuesday 24 November is bookable
const NOW = '2026-11-22T11:00:00Z';
const TUE = '2026-11-24';

describe.each(BACKENDS)('creating bookings on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('books a free slot, stores its work period and removes the slot from the offer', async () => {
    await withRollback(t, async (tx) => {
      const r = await book(tx, { serviceId: SERVICE.guld, date: TUE, time: '10:00', now: NOW });
      expect(r).toEqual({
        status: 'created',
        reference: expect.stringMatching(/^[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{8}$/),
        service: { id: SERVICE.guld, name: 'Guldpakken' },
        dropOff: '2026-11-24T10:00:00+01:00',
        readyAt: '2026-11-24T12:00:00+01:00',
        // the total and the job as booked (the ordinary car, no add-ons)
        price: 399,
        job: {
          carSize: 'almindelig',
          carSizeName: 'Almindelig personbil',
          packagePrice: 399,
          addons: [],
        },
      });
      const row = await tx.one<Record<string, unknown>>(
        `select b.status, b.booking_date::text, b.booking_time::text, b.price, b.service_name,
                b.cancel_token, length(b.cancel_token_hash) token_length, b.cancel_token_hash ~ '^[0-9a-f]+$' token_hex,
                w.bay, public.copenhagen_iso(lower(w.period)) "from", public.copenhagen_iso(upper(w.period)) "to"
           from public.bookings b join public.booking_work_periods w on w.booking_id = b.id
          where b.reference = $1`,
        [r.reference],
      );
      expect(row).toEqual({
        status: 'confirmed',
        booking_date: TUE,
        booking_time: '10:00:00',
        price: 399,
        service_name: 'Guldpakken',
        cancel_token: null,
        token_length: 64,
        token_hex: true,
        bay: 1,
        from: '2026-11-24T10:00:00+01:00',
        to: '2026-11-24T12:00:00+01:00',
      });
      const offer = (await slots(tx, SERVICE.guld, TUE, NOW)).slots;
      // 09:00 and 09:30 would run into 10:00; 10:00-11:30 overlap; 12:00 is back-to-back
      expect(offer).not.toContain('09:00');
      expect(offer).not.toContain('11:30');
      expect(offer).toContain('12:00');
      expect(await bookStatus(tx, SERVICE.guld, TUE, '11:00', NOW)).toBe('conflict');
    });
  });

  it('queues the customer confirmation and the owner notification in the same transaction', async () => {
    await withRollback(t, async (tx) => {
      const r = await book(tx, {
        serviceId: SERVICE.solv,
        date: TUE,
        time: '09:00',
        email: 'ane@example.dk',
        now: NOW,
      });
      const mails = await tx.rows<Record<string, unknown>>(
        `select o.kind, o.recipient, o.status, o.attempts, o.last_error, o.payload->>'reference' ref,
                o.idempotency_key = o.kind || ':' || b.id idem
           from public.email_outbox o join public.bookings b on b.id = o.booking_id
          where b.reference = $1 order by o.kind`,
        [r.reference],
      );
      expect(mails).toEqual([
        {
          kind: 'booking_confirmation',
          recipient: 'ane@example.dk',
          status: 'pending',
          attempts: 0,
          last_error: null,
          ref: r.reference,
          idem: true,
        },
        {
          kind: 'owner_notification',
          recipient: null,
          status: 'pending',
          attempts: 0,
          last_error: null,
          ref: r.reference,
          idem: true,
        },
      ]);
    });
  });

  it('refuses what the rules do not offer', async () => {
    await withRollback(t, async (tx) => {
      const status = async (b: Partial<Parameters<typeof book>[1]>) => {
        const r = await book(tx, {
          serviceId: SERVICE.solv,
          date: TUE,
          time: '09:00',
          now: NOW,
          ...b,
        });
        return `${r.status}${r.field ? `:${r.field}` : ''}`;
      };
      expect(await status({ serviceId: '00000000-0000-4000-8000-000000000000' })).toBe(
        'invalid:serviceId',
      );
      await tx.exec(`update public.services set is_active = false where id = '${SERVICE.premium}'`);
      expect(await status({ serviceId: SERVICE.premium })).toBe('invalid:serviceId');
      expect(await status({ date: '2026-11-22' })).toBe('invalid:bookingDate'); // today
      expect(await status({ date: '2026-11-29' })).toBe('invalid:bookingDate'); // Sunday
      expect(await status({ date: '2026-12-25' })).toBe('invalid:bookingDate'); // Juledag
      expect(await status({ date: '2027-01-22' })).toBe('invalid:bookingDate'); // 61 days ahead
      expect(await status({ time: '09:15' })).toBe('invalid:bookingTime'); // off the grid
      expect(await status({ time: '08:30' })).toBe('invalid:bookingTime'); // before opening
      expect(await status({ serviceId: SERVICE.guld, time: '18:30' })).toBe('invalid:bookingTime'); // past closing
      expect(
        await status({ serviceId: SERVICE.solvPolering, date: '2026-11-28', time: '10:30' }),
      ).toBe(
        'invalid:bookingTime', // a multi-day job starts at opening time
      );
      expect(await tx.rows('select 1 from public.bookings')).toEqual([]);
    });
  });

  it('allows back-to-back jobs on one bay', async () => {
    await withRollback(t, async (tx) => {
      expect(await bookStatus(tx, SERVICE.guld, TUE, '10:00', NOW)).toBe('created');
      expect(await bookStatus(tx, SERVICE.guld, TUE, '12:00', NOW)).toBe('created');
      expect(await bookStatus(tx, SERVICE.solv, TUE, '09:30', NOW)).toBe('created');
    });
  });

  it('keeps buffer_minutes free after each job', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`update public.settings set value = '30' where key = 'buffer_minutes'`);
      await book(tx, { serviceId: SERVICE.guld, date: TUE, time: '10:00', now: NOW });
      const offer = (await slots(tx, SERVICE.solv, TUE, NOW)).slots;
      expect(offer.slice(0, 2)).toEqual(['09:00', '12:30']); // 09:30 + 30 min + buffer hits 10:00
      expect(await bookStatus(tx, SERVICE.solv, TUE, '12:00', NOW)).toBe('conflict');
      expect(await bookStatus(tx, SERVICE.solv, TUE, '12:30', NOW)).toBe('created');
    });
  });

  it('uses workshop_capacity bays: two cars at the same time, not three', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`update public.settings set value = '2' where key = 'workshop_capacity'`);
      const a = await book(tx, { serviceId: SERVICE.guld, date: TUE, time: '10:00', now: NOW });
      expect((await slots(tx, SERVICE.guld, TUE, NOW)).slots).toContain('10:00');
      const b = await book(tx, { serviceId: SERVICE.guld, date: TUE, time: '10:00', now: NOW });
      expect([a.status, b.status]).toEqual(['created', 'created']);
      expect((await slots(tx, SERVICE.guld, TUE, NOW)).slots).not.toContain('10:00');
      expect(await bookStatus(tx, SERVICE.guld, TUE, '11:00', NOW)).toBe('conflict');
      const bays = await tx.rows<{ bay: number }>(
        'select bay from public.booking_work_periods order by bay',
      );
      expect(bays.map((r) => r.bay)).toEqual([1, 2]);
    });
  });

  it('frees the time of a cancelled booking, and refuses to reconfirm it once taken again', async () => {
    await withRollback(t, async (tx) => {
      const first = await book(tx, {
        serviceId: SERVICE.premiumPolering,
        date: '2026-11-30',
        time: '09:00',
        now: NOW,
      });
      expect((await slots(tx, SERVICE.premiumPolering, '2026-11-30', NOW)).slots).toEqual([]);
      expect((await slots(tx, SERVICE.solv, '2026-12-01', NOW)).slots[0]).toBe('16:00');
      await tx.rows(`update public.bookings set status = 'cancelled' where reference = $1`, [
        first.reference,
      ]);
      const row = await tx.one<{ active: boolean[]; cancelled: boolean }>(
        `select array_agg(w.active) active, bool_and(b.cancelled_at is not null) cancelled
           from public.bookings b join public.booking_work_periods w on w.booking_id = b.id
          where b.reference = $1`,
        [first.reference],
      );
      expect(row).toEqual({ active: [false, false], cancelled: true });
      expect((await slots(tx, SERVICE.premiumPolering, '2026-11-30', NOW)).slots).toEqual([
        '09:00',
      ]);
      const second = await book(tx, {
        serviceId: SERVICE.premiumPolering,
        date: '2026-11-30',
        time: '09:00',
        now: NOW,
      });
      expect(second.status).toBe('created');
      expect(
        await sqlState(tx, `update public.bookings set status = 'confirmed' where reference = $1`, [
          first.reference,
        ]),
      ).toBe('23P01');
    });
  });

  it('refuses overlapping work periods on one bay even when written directly', async () => {
    await withRollback(t, async (tx) => {
      const r = await book(tx, { serviceId: SERVICE.guld, date: TUE, time: '10:00', now: NOW });
      const id = (
        await tx.one<{ id: string }>('select id from public.bookings where reference = $1', [
          r.reference,
        ])
      ).id;
      const insert = `insert into public.booking_work_periods (booking_id, bay, period) values ($1, $2, $3::tstzrange)`;
      expect(
        await sqlState(tx, insert, [id, 1, '[2026-11-24 10:59+01, 2026-11-24 11:30+01)']),
      ).toBe('23P01');
      expect(
        await sqlState(tx, insert, [id, 2, '[2026-11-24 10:59+01, 2026-11-24 11:30+01)']),
      ).toBeUndefined();
      expect(
        await sqlState(tx, insert, [id, 1, '[2026-11-24 12:00+01, 2026-11-24 12:30+01)']),
      ).toBeUndefined();
      expect(
        await sqlState(tx, insert, [id, 1, '[2026-11-24 13:00+01, 2026-11-24 14:00+01]']),
      ).toBe('23514');
    });
  });

  it('returns the first booking for a repeated idempotency key', async () => {
    await withRollback(t, async (tx) => {
      const key = 'c0ffee00-0000-4000-8000-000000000001';
      const same = {
        serviceId: SERVICE.guld,
        date: TUE,
        time: '10:00',
        key,
        email: 'samme@example.dk',
        phone: '21345678',
        now: NOW,
      };
      const a = await book(tx, same);
      const b = await book(tx, same);
      expect(b).toEqual({ ...a, replayed: true });
      expect(await tx.rows('select 1 from public.bookings')).toHaveLength(1);
      expect(await tx.rows('select 1 from public.email_outbox')).toHaveLength(2);
      // the key is bound to the request: another booking under it is refused, nothing is stored
      const c = await book(tx, {
        serviceId: SERVICE.guld,
        date: TUE,
        time: '12:00',
        key,
        email: 'samme@example.dk',
        phone: '21345678',
        now: NOW,
      });
      expect(c).toEqual({ status: 'idempotency_mismatch' });
      expect(await tx.rows('select 1 from public.bookings')).toHaveLength(1);
    });
  });

  it('rate-limits per e-mail address and per IP address, counting in the database', async () => {
    await withRollback(t, async (tx) => {
      // the caps per contact (tested in abuse-caps.test.ts) would refuse first: out of the way
      await tx.exec(
        `update public.settings set value = '100'
          where key in ('max_open_bookings_per_contact', 'max_booking_emails_per_recipient_per_day')`,
      );
      const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'];
      const byEmail = [];
      for (const time of times.slice(0, 6)) {
        byEmail.push(
          (
            await book(tx, {
              serviceId: SERVICE.solv,
              date: TUE,
              time,
              email: 'Bo@Example.dk',
              now: NOW,
            })
          ).status,
        );
      }
      expect(byEmail).toEqual([
        'created',
        'created',
        'created',
        'created',
        'created',
        'rate_limited',
      ]);
      // a new hour starts a new count
      expect(
        (
          await book(tx, {
            serviceId: SERVICE.solv,
            date: TUE,
            time: '12:00',
            email: 'bo@example.dk',
            now: '2026-11-22T12:00:00Z',
          })
        ).status,
      ).toBe('created');

      await tx.exec(
        `update public.settings set value = '3' where key = 'rate_limit_per_ip_per_hour'`,
      );
      const byIp = [];
      for (const time of ['13:00', '13:30', '14:00', '14:30']) {
        byIp.push(
          (await book(tx, { serviceId: SERVICE.solv, date: TUE, time, ip: '192.0.2.7', now: NOW }))
            .status,
        );
      }
      expect(byIp).toEqual(['created', 'created', 'created', 'rate_limited']);
      const counts = await tx.rows<{ bucket: string; hits: number }>(
        `select bucket, hits from public.booking_rate_limits where bucket in ('ip:192.0.2.7', 'email:bo@example.dk') order by bucket, window_start`,
      );
      expect(counts).toEqual([
        { bucket: 'email:bo@example.dk', hits: 6 },
        { bucket: 'email:bo@example.dk', hits: 1 },
        { bucket: 'ip:192.0.2.7', hits: 4 },
      ]);
    });
  });

  // these commit their rows, so they come last
  it('accepts exactly one of 50 simultaneous bookings of one slot', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        book(t.db, { serviceId: SERVICE.guld, date: TUE, time: '14:00', now: NOW }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 'created')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'conflict')).toHaveLength(49);
    const [row] = await t.query<{ bookings: number; mails: number }>(
      `select count(distinct b.id)::int bookings, count(o.id)::int mails
         from public.bookings b left join public.email_outbox o on o.booking_id = b.id
        where b.booking_date = $1`,
      [TUE],
    );
    expect(row).toEqual({ bookings: 1, mails: 2 });
  });

  it('accepts exactly two of 20 simultaneous bookings with capacity 2', async () => {
    await t.query(`update public.settings set value = '2' where key = 'workshop_capacity'`);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          book(t.db, { serviceId: SERVICE.premium, date: '2026-11-25', time: '11:00', now: NOW }),
        ),
      );
      expect(results.filter((r) => r.status === 'created')).toHaveLength(2);
      expect(results.filter((r) => r.status === 'conflict')).toHaveLength(18);
    } finally {
      await t.query(`update public.settings set value = '1' where key = 'workshop_capacity'`);
    }
  });
});
