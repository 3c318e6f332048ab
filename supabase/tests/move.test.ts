// Moving a booking in SQL (public.move_booking, public.reschedule_booking) with a fixed clock, on
// PGlite and PostgreSQL 15: a move frees the old time and takes the new one atomically; a taken
// slot, the deadline, the move limit and a cancelled booking change nothing; multi-day jobs across a
// weekend and the October DST change; the owner's path; cancel tokens at rest only as a hash.
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase } from '../../local/testing/index.ts';
import {
  BACKENDS,
  book,
  expectUnchanged,
  NOW,
  reminderStatus,
  liftBookingCaps,
  SERVICE,
  slots,
  withRollback,
  type Tx,
} from './helpers/sql.ts';
import type { Queryable } from '../../local/db/database.ts';
import { createHash } from 'node:crypto';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const THU = '2026-12-10';
const FRI = '2026-12-11';

interface MoveAnswer {
  status: string;
  field?: string;
  reference?: string;
  dropOff?: string;
  readyAt?: string;
  previousDropOff?: string;
  previousReadyAt?: string;
  movedBy?: string;
  sequence?: number;
  movesLeft?: number;
}

async function run(q: Tx | Queryable, sql: string, params: unknown[]): Promise<MoveAnswer> {
  if ('one' in q) return (await q.one<{ r: MoveAnswer }>(sql, params)).r;
  return ((await q.query(sql, params)).rows[0] as { r: MoveAnswer }).r;
}

function reschedule(q: Tx | Queryable, token: string, date: string, time: string, now = NOW) {
  return run(q, 'select public.reschedule_booking($1, $2::date, $3, $4::timestamptz) as r', [
    token,
    date,
    time,
    now,
  ]);
}

function ownerMove(q: Tx | Queryable, id: string, date: string, time: string, now = NOW) {
  return run(
    q,
    `select public.move_booking($1, $2::date, $3, false, false, false, 'owner', $4::timestamptz) as r`,
    [id, date, time, now],
  );
}

interface Booked {
  id: string;
  reference: string;
  token: string;
}

/** Books and returns the booking with the plain token from its confirmation e-mail. */
async function bookAt(
  tx: Tx | Queryable,
  serviceId: string,
  date: string,
  time: string,
  now = NOW,
): Promise<Booked> {
  const r = await book(tx, { serviceId, date, time, now });
  expect(r.status).toBe('created');
  const sql = `select b.id, b.reference, o.payload ->> 'cancelToken' token
                 from public.bookings b join public.email_outbox o on o.booking_id = b.id
                where b.reference = $1 and o.kind = 'booking_confirmation'`;
  const rows =
    'one' in tx
      ? await tx.rows<Booked>(sql, [r.reference])
      : (await tx.query(sql, [r.reference])).rows;
  return rows[0] as Booked;
}

async function latestToken(tx: Tx, id: string): Promise<string> {
  return (
    await tx.one<{ t: string }>(
      `select payload ->> 'cancelToken' t from public.email_outbox
        where booking_id = $1 and kind = 'booking_moved' order by created_at desc, idempotency_key desc limit 1`,
      [id],
    )
  ).t;
}

async function periods(tx: Tx, id: string) {
  return tx.rows<{ from: string; to: string }>(
    `select public.copenhagen_iso(lower(period)) "from", public.copenhagen_iso(upper(period)) "to"
       from public.booking_work_periods where booking_id = $1 and active order by lower(period)`,
    [id],
  );
}

describe.each(BACKENDS)('moving bookings on %s', (backend) => {
  const t = useTestDatabase({ backend });
  beforeAll(async () => {
    // these tests book many times from one address and contact: lift the abuse caps
    await liftBookingCaps((sql, params) => t.query(sql, params));
  });

  it('moves to a free slot: old time freed, new time taken, e-mails queued, token rotated', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      const r = await reschedule(tx, b.token, FRI, '10:00');
      expect(r).toEqual({
        status: 'moved',
        reference: b.reference,
        service: { id: SERVICE.guld, name: 'Guldpakken' },
        dropOff: '2026-12-11T10:00:00+01:00',
        readyAt: '2026-12-11T12:00:00+01:00',
        previousDropOff: '2026-12-10T09:00:00+01:00',
        previousReadyAt: '2026-12-10T11:00:00+01:00',
        movedBy: 'customer',
        sequence: 1,
        movesLeft: 2,
        // the job moves as it was booked (booking_result, as create_booking answers)
        price: 399,
        job: {
          carSize: 'almindelig',
          carSizeName: 'Almindelig personbil',
          packagePrice: 399,
          addons: [],
        },
      });
      expect((await slots(tx, SERVICE.guld, THU, NOW)).slots).toContain('09:00');
      expect((await slots(tx, SERVICE.guld, FRI, NOW)).slots).not.toContain('10:00');
      expect(await periods(tx, b.id)).toEqual([
        { from: '2026-12-11T10:00:00+01:00', to: '2026-12-11T12:00:00+01:00' },
      ]);
      const row = await tx.one(
        `select booking_date::text, booking_time::text, move_count, ics_sequence, moved_at = $2::timestamptz moved_now
           from public.bookings where id = $1`,
        [b.id, NOW],
      );
      expect(row).toEqual({
        booking_date: FRI,
        booking_time: '10:00:00',
        move_count: 1,
        ics_sequence: 1,
        moved_now: true,
      });
      const mails = await tx.rows<{
        kind: string;
        recipient: string | null;
        payload: Record<string, unknown>;
      }>(
        `select kind, recipient, payload from public.email_outbox
          where booking_id = $1 and kind in ('booking_moved', 'owner_booking_moved') order by kind`,
        [b.id],
      );
      expect(mails.map((m) => m.kind)).toEqual(['booking_moved', 'owner_booking_moved']);
      expect(mails[0]!.recipient).toMatch(/@example\.dk$/);
      expect(mails[0]!.payload).toMatchObject({
        reference: b.reference,
        dropOff: '2026-12-11T10:00:00+01:00',
        previousDropOff: '2026-12-10T09:00:00+01:00',
        sequence: 1,
        cancelToken: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(mails[1]!.recipient).toBeNull();
      expect(mails[1]!.payload).toMatchObject({
        customerPhone: expect.stringMatching(/^\+45\d{8}$/),
        sequence: 1,
      });
      expect(mails[1]!.payload).not.toHaveProperty('cancelToken');
      // the old links stop working, the new ones (in the moved e-mail) work
      const newToken = mails[0]!.payload.cancelToken as string;
      expect(newToken).not.toBe(b.token);
      const old = await tx.one<{ r: { state: string } }>(
        'select public.booking_move_info($1, $2::timestamptz) r',
        [b.token, NOW],
      );
      // the old link says the booking was moved, and nothing else of it
      expect(old.r).toEqual({ state: 'moved' });
      expect(
        (
          await tx.one<{ r: unknown }>('select public.booking_cancel_info($1, $2::timestamptz) r', [
            b.token,
            NOW,
          ])
        ).r,
      ).toEqual({ state: 'moved' });
      expect(
        (
          await tx.one<{ r: unknown }>('select public.cancel_booking($1, $2::timestamptz) r', [
            b.token,
            NOW,
          ])
        ).r,
      ).toEqual({ state: 'moved' });
      expect(await reschedule(tx, b.token, FRI, '14:00')).toEqual({ status: 'link_moved' });
      // at rest only as a hash, as the booking's own
      const remembered = await tx.rows<{ token_hash: string; reason: string }>(
        'select token_hash, reason from public.booking_replaced_links where booking_id = $1',
        [b.id],
      );
      expect(remembered).toEqual([
        { token_hash: createHash('sha256').update(b.token).digest('hex'), reason: 'moved' },
      ]);
      // anonymised (as the retention job does it), the booking answers no link, old or new
      await tx.exec('savepoint anonymise');
      await tx.rows(
        `update public.bookings set cancel_token = public.booking_random_token(), anonymised_at = $2
          where id = $1`,
        [b.id, NOW],
      );
      expect(
        await tx.rows('select 1 from public.booking_replaced_links where booking_id = $1', [b.id]),
      ).toEqual([]);
      expect(
        (
          await tx.one<{ r: unknown }>('select public.booking_move_info($1, $2::timestamptz) r', [
            b.token,
            NOW,
          ])
        ).r,
      ).toEqual({ state: 'not_found' });
      await tx.exec('rollback to savepoint anonymise');
      const info = await tx.one<{ r: { state: string; booking: Record<string, unknown> } }>(
        'select public.booking_move_info($1, $2::timestamptz) r',
        [newToken, NOW],
      );
      expect(info.r).toEqual({
        state: 'active',
        booking: {
          reference: b.reference,
          serviceId: SERVICE.guld,
          serviceName: 'Guldpakken',
          price: 399,
          job: {
            carSize: 'almindelig',
            carSizeName: 'Almindelig personbil',
            packagePrice: 399,
            addons: [],
          },
          dropOff: '2026-12-11T10:00:00+01:00',
          readyAt: '2026-12-11T12:00:00+01:00',
          moveDeadline: '2026-12-10T10:00:00+01:00',
          movesLeft: 2,
        },
      });
      const history = await tx.rows(
        `select moved_by, public.copenhagen_iso(from_drop_off_at) "from", public.copenhagen_iso(to_drop_off_at) "to"
           from public.booking_moves where booking_id = $1`,
        [b.id],
      );
      expect(history).toEqual([
        {
          moved_by: 'customer',
          from: '2026-12-10T09:00:00+01:00',
          to: '2026-12-11T10:00:00+01:00',
        },
      ]);
    }));

  it('moves into a time that overlaps its own old time', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      expect((await reschedule(tx, b.token, THU, '10:00')).status).toBe('moved');
      expect(await periods(tx, b.id)).toEqual([
        { from: '2026-12-10T10:00:00+01:00', to: '2026-12-10T12:00:00+01:00' },
      ]);
    }));

  it('refuses a taken slot with conflict and changes nothing', () =>
    withRollback(t, async (tx) => {
      await bookAt(tx, SERVICE.guld, THU, '09:00');
      const b = await bookAt(tx, SERVICE.guld, THU, '13:00');
      await expectUnchanged(tx, async () => {
        expect((await reschedule(tx, b.token, THU, '10:00')).status).toBe('conflict');
        expect((await reschedule(tx, b.token, THU, '08:00')).status).toBe('invalid');
      });
    }));

  it('refuses what the form would not offer, and the same time, changing nothing', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      await expectUnchanged(tx, async () => {
        // Sunday, before the window, after the window, a public holiday, off the grid, after
        // closing, no time at all
        for (const [day, time, field] of [
          ['2026-12-13', '10:00', 'bookingDate'],
          ['2026-12-01', '15:00', 'bookingDate'],
          ['2027-02-01', '10:00', 'bookingDate'],
          ['2026-12-25', '10:00', 'bookingDate'],
          [FRI, '10:15', 'bookingTime'],
          [FRI, '16:00', 'bookingTime'],
          [FRI, '25:00', 'bookingTime'],
        ])
          expect(await reschedule(tx, b.token, day!, time!), `${day} ${time}`).toEqual({
            status: 'invalid',
            field,
          });
        expect(await reschedule(tx, b.token, THU, '09:00')).toEqual({ status: 'unchanged' });
        for (const token of ['', 'x', b.token.toUpperCase(), `${b.token}0`, '0'.repeat(64)]) {
          expect(await reschedule(tx, token, FRI, '10:00')).toEqual({ status: 'not_found' });
        }
      });
    }));

  it('allows a move exactly at the deadline and refuses one a second later', () =>
    withRollback(t, async (tx) => {
      const early = await bookAt(tx, SERVICE.guld, THU, '09:00');
      const late = await bookAt(tx, SERVICE.guld, THU, '13:00');
      await expectUnchanged(tx, async () => {
        expect(
          (await reschedule(tx, late.token, FRI, '13:00', '2026-12-09T13:00:01+01:00')).status,
        ).toBe('too_late');
      });
      expect(
        (await reschedule(tx, early.token, FRI, '10:00', '2026-12-09T09:00:00+01:00')).status,
      ).toBe('moved');
    }));

  it('allows 3 moves and refuses the 4th, changing nothing', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      const times = ['10:00', '11:00', '12:00'];
      let token = b.token;
      for (const [i, time] of times.entries()) {
        const r = await reschedule(tx, token, FRI, time);
        expect(r).toMatchObject({ status: 'moved', sequence: i + 1, movesLeft: 2 - i });
        token = await latestToken(tx, b.id);
      }
      const info = await tx.one<{ r: { state: string } }>(
        'select public.booking_move_info($1, $2::timestamptz) r',
        [token, NOW],
      );
      expect(info.r.state).toBe('move_limit');
      await expectUnchanged(tx, async () => {
        expect((await reschedule(tx, token, FRI, '13:00')).status).toBe('move_limit');
      });
      // the workshop may still move it, and that is not counted
      const r = await ownerMove(tx, b.id, FRI, '14:00');
      expect(r).toMatchObject({ status: 'moved', movedBy: 'owner', sequence: 4, movesLeft: 0 });
      expect(
        (
          await tx.one<{ move_count: number }>(
            'select move_count from public.bookings where id = $1',
            [b.id],
          )
        ).move_count,
      ).toBe(3);
    }));

  it('refuses to move a cancelled booking', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      await tx.rows('select public.cancel_booking($1, $2::timestamptz)', [b.token, NOW]);
      await expectUnchanged(tx, async () => {
        expect((await reschedule(tx, b.token, FRI, '10:00')).status).toBe('cancelled');
        expect((await ownerMove(tx, b.id, FRI, '10:00')).status).toBe('cancelled');
      });
    }));

  it('moves a multi-day job across a weekend and the October DST change', () =>
    withRollback(t, async (tx) => {
      const now = '2026-10-01T10:00:00+02:00';
      // Premiumpakken polering, 18 hours: Friday 08-17 (9 h), Saturday 10-16 (6 h), Sunday closed
      // (summer time ends that night), Monday 09-12 (3 h)
      const b = await bookAt(tx, SERVICE.premiumPolering, '2026-10-16', '08:00', now);
      const r = await reschedule(tx, b.token, '2026-10-23', '08:00', now);
      expect(r).toMatchObject({
        status: 'moved',
        dropOff: '2026-10-23T08:00:00+02:00',
        readyAt: '2026-10-26T12:00:00+01:00',
        previousDropOff: '2026-10-16T08:00:00+02:00',
        previousReadyAt: '2026-10-19T12:00:00+02:00',
      });
      expect(await periods(tx, b.id)).toEqual([
        { from: '2026-10-23T08:00:00+02:00', to: '2026-10-23T17:00:00+02:00' },
        { from: '2026-10-24T10:00:00+02:00', to: '2026-10-24T16:00:00+02:00' },
        { from: '2026-10-26T09:00:00+01:00', to: '2026-10-26T12:00:00+01:00' },
      ]);
      // the old days are bookable again, the new ones are not
      expect((await slots(tx, SERVICE.guld, '2026-10-19', now)).slots).toContain('09:00');
      expect((await slots(tx, SERVICE.guld, '2026-10-26', now)).slots).not.toContain('09:00');
      expect((await slots(tx, SERVICE.guld, '2026-10-26', now)).slots).toContain('12:00');
    }));

  it('owner path: any start within opening hours, no window or deadline, still capacity', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      const other = await bookAt(tx, SERVICE.guld, FRI, '13:00');
      const late = '2026-12-10T08:00:00+01:00'; // one hour before drop-off: past the customer deadline
      expect(await ownerMove(tx, b.id, THU, '10:15', late)).toMatchObject({
        status: 'moved',
        movedBy: 'owner',
        dropOff: '2026-12-10T10:15:00+01:00',
        readyAt: '2026-12-10T12:15:00+01:00',
      });
      // a job that does not fit the rest of the day continues at the next opening
      expect(await ownerMove(tx, b.id, THU, '19:00', late)).toMatchObject({
        status: 'moved',
        dropOff: '2026-12-10T19:00:00+01:00',
        readyAt: '2026-12-11T09:00:00+01:00',
      });
      // beyond the customer's 60 days is fine for the workshop
      expect((await ownerMove(tx, b.id, '2027-03-02', '09:00', late)).status).toBe('moved');
      await expectUnchanged(tx, async () => {
        expect(await ownerMove(tx, b.id, '2026-12-13', '10:00', late)).toEqual({
          status: 'invalid',
          field: 'bookingDate',
        });
        expect(await ownerMove(tx, b.id, FRI, '07:30', late)).toEqual({
          status: 'invalid',
          field: 'bookingTime',
        });
        expect(await ownerMove(tx, b.id, FRI, '17:00', late)).toEqual({
          status: 'invalid',
          field: 'bookingTime',
        });
        expect(await ownerMove(tx, b.id, THU, '09:00', '2026-12-10T09:30:00+01:00')).toEqual({
          status: 'invalid',
          field: 'bookingTime',
        });
        expect((await ownerMove(tx, b.id, FRI, '12:00', late)).status).toBe('conflict');
        expect(
          (await ownerMove(tx, '00000000-0000-4000-8000-000000000000', FRI, '09:00', late)).status,
        ).toBe('not_found');
      });
      expect(other.id).not.toBe(b.id);
    }));

  it('a reminder sent for the old time does not stop the reminder for the new time', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      expect(
        (
          await tx.one<{ n: number }>('select public.email_queue_reminders($1::timestamptz) n', [
            '2026-12-09T09:30:00+01:00',
          ])
        ).n,
      ).toBe(1);
      await tx.rows(
        `update public.email_outbox set status = 'sent', sent_at = now() where booking_id = $1 and kind = 'booking_reminder'`,
        [b.id],
      );
      expect(
        (await ownerMove(tx, b.id, '2026-12-15', '10:00', '2026-12-09T10:00:00+01:00')).status,
      ).toBe('moved');
      expect(
        (
          await tx.one<{ n: number }>('select public.email_queue_reminders($1::timestamptz) n', [
            '2026-12-14T10:00:00+01:00',
          ])
        ).n,
      ).toBe(1);
      expect(
        (
          await tx.one<{ n: number }>('select public.email_queue_reminders($1::timestamptz) n', [
            '2026-12-14T11:00:00+01:00',
          ])
        ).n,
      ).toBe(0);
      const reminders = await tx.rows<{ status: string; drop: string }>(
        `select status, payload ->> 'dropOff' drop from public.email_outbox
          where booking_id = $1 and kind = 'booking_reminder' order by created_at, idempotency_key`,
        [b.id],
      );
      expect(reminders).toEqual([
        { status: 'sent', drop: '2026-12-10T09:00:00+01:00' },
        { status: 'pending', drop: '2026-12-15T10:00:00+01:00' },
      ]);
    }));

  it('cancels a pending reminder of the old time', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      await tx.rows('select public.email_queue_reminders($1::timestamptz)', [
        '2026-12-09T09:00:00+01:00',
      ]);
      expect(
        (await reschedule(tx, b.token, FRI, '10:00', '2026-12-09T09:00:00+01:00')).status,
      ).toBe('moved');
      expect(await reminderStatus(tx, b.id)).toBe('cancelled');
    }));

  it('keeps no plain token at rest: only its SHA-256 in bookings, and only until sent in the outbox', () =>
    withRollback(t, async (tx) => {
      const b = await bookAt(tx, SERVICE.guld, THU, '09:00');
      const row = await tx.one<{ cancel_token: string | null; cancel_token_hash: string }>(
        'select cancel_token, cancel_token_hash from public.bookings where id = $1',
        [b.id],
      );
      expect(row.cancel_token).toBeNull();
      expect(row.cancel_token_hash).toBe(createHash('sha256').update(b.token).digest('hex'));
      // a token written to the column is hashed and removed, whoever writes it
      await tx.rows(`update public.bookings set cancel_token = $2 where id = $1`, [
        b.id,
        'ab'.repeat(32),
      ]);
      const after = await tx.one<{ cancel_token: string | null; cancel_token_hash: string }>(
        'select cancel_token, cancel_token_hash from public.bookings where id = $1',
        [b.id],
      );
      expect(after).toEqual({
        cancel_token: null,
        cancel_token_hash: createHash('sha256').update('ab'.repeat(32)).digest('hex'),
      });
      // sending the confirmation removes the token from the outbox copy
      const claimed = await tx.one<{
        r: { messages: { id: string; kind: string; payload: Record<string, unknown> }[] };
      }>(`select public.email_claim(10, 300, $1::timestamptz) r`, [NOW]);
      const confirmation = claimed.r.messages.find((m) => m.kind === 'booking_confirmation')!;
      expect(confirmation.payload.cancelToken).toBe(b.token);
      await tx.rows('select public.email_mark_sent($1, $2, $3::timestamptz)', [
        confirmation.id,
        'msg-1',
        NOW,
      ]);
      const payload = await tx.one<{ payload: Record<string, unknown> }>(
        'select payload from public.email_outbox where id = $1',
        [confirmation.id],
      );
      expect(payload.payload).not.toHaveProperty('cancelToken');
      expect(JSON.stringify(await tx.rows('select * from public.bookings'))).not.toContain(b.token);
    }));

  it('50 simultaneous moves of different bookings into one slot: exactly one wins, the others keep their time', async () => {
    const now = '2026-11-22T11:00:00Z';
    const day = '2026-11-30';
    const booked: Booked[] = [];
    // 50 Sølvpakken bookings spread over free slots of the following days
    for (const d of ['2026-12-01', '2026-12-02', '2026-12-03']) {
      for (const s of (await slots(await asTx(t), SERVICE.solv, d, now)).slots) {
        if (booked.length === 50) break;
        booked.push(await bookAt(t.db, SERVICE.solv, d, s, now));
      }
    }
    expect(booked).toHaveLength(50);
    const before = await t.query<{ id: string; drop_off_at: string }>(
      'select id, drop_off_at::text from public.bookings order by id',
    );
    const results = await Promise.all(
      booked.map((b) => reschedule(t.db, b.token, day, '12:00', now)),
    );
    expect(results.filter((r) => r.status === 'moved')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'conflict')).toHaveLength(49);
    const winner = booked[results.findIndex((r) => r.status === 'moved')]!;
    const after = await t.query<{ id: string; drop_off_at: string }>(
      'select id, drop_off_at::text from public.bookings order by id',
    );
    for (const [i, row] of after.entries()) {
      if (row.id === winner.id) expect(row.drop_off_at).not.toBe(before[i]!.drop_off_at);
      else expect(row.drop_off_at).toBe(before[i]!.drop_off_at);
    }
    const [counts] = await t.query<{ periods: number; on_day: number; moves: number }>(
      `select (select count(*)::int from public.booking_work_periods where active) periods,
              (select count(*)::int from public.booking_work_periods
                where active and lower(period)::date = $1::date) on_day,
              (select count(*)::int from public.booking_moves) moves`,
      [day],
    );
    expect(counts).toEqual({ periods: 50, on_day: 1, moves: 1 });
  });
});

/** A Tx over the database without a transaction (for reads in the concurrency test). */
async function asTx(t: TestDatabase): Promise<Tx> {
  return {
    rows: async (sql, params) => (await t.db.query(sql, params)).rows as never,
    one: async (sql, params) => (await t.db.query(sql, params)).rows[0] as never,
    exec: (sql) => t.db.exec(sql),
  };
}
