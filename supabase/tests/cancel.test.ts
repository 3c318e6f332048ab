// Cancel links in SQL with a fixed clock: the booking behind a token, cancelling until
// cancellation_notice_hours before drop-off, freeing the time at once, the e-mails it queues, and
// every invalid case changing nothing.
import { describe, expect, it } from 'vitest';
import type { CancelBooking } from '../../src/features/cancel/api/cancel-booking.ts';
import {
  book,
  expectUnchanged,
  NOW,
  reminderStatus,
  SERVICE,
  slots,
  withRollback,
  type Tx,
} from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

// Thursday 10 December 2026, 09:00 Copenhagen (UTC+1): the deadline is Wednesday 09:00
const DAY = '2026-12-10';
const DEADLINE = '2026-12-09T09:00:00+01:00';

/** The SQL answer; its booking is what the cancel page shows (the page's own type). */
interface CancelAnswer {
  state: 'active' | 'cancelled' | 'too_late' | 'not_found';
  cancelledNow?: boolean;
  booking?: CancelBooking;
}

async function info(tx: Tx, token: unknown, now = NOW): Promise<CancelAnswer> {
  return (
    await tx.one<{ r: CancelAnswer }>(
      'select public.booking_cancel_info($1, $2::timestamptz) as r',
      [token, now],
    )
  ).r;
}

async function cancel(tx: Tx, token: unknown, now = NOW): Promise<CancelAnswer> {
  return (
    await tx.one<{ r: CancelAnswer }>('select public.cancel_booking($1, $2::timestamptz) as r', [
      token,
      now,
    ])
  ).r;
}

async function bookGuld(tx: Tx, time = '09:00') {
  const r = await book(tx, {
    serviceId: SERVICE.guld,
    date: DAY,
    time,
    email: `cancel-${time.replace(':', '')}@example.dk`,
    now: NOW,
  });
  expect(r.status).toBe('created');
  // the plain token exists only in the confirmation e-mail waiting in the outbox
  const b = await tx.one<{ id: string; cancel_token: string }>(
    `select b.id, o.payload ->> 'cancelToken' cancel_token
       from public.bookings b join public.email_outbox o on o.booking_id = b.id
      where b.reference = $1 and o.kind = 'booking_confirmation'`,
    [r.reference],
  );
  return { ...b, reference: r.reference! };
}

describe('cancel links (PGlite, fixed clock)', () => {
  const t = useTestDatabase({ backend: 'pglite' });

  it('shows the booking behind a valid token without changing anything', () =>
    withRollback(t, async (tx) => {
      const b = await bookGuld(tx);
      await expectUnchanged(tx, async () => {
        const r = await info(tx, b.cancel_token);
        expect(r).toEqual({
          state: 'active',
          booking: {
            reference: b.reference,
            serviceName: 'Guldpakken',
            price: 399,
            // what the page shows the total is made of: the ordinary car, no add-ons
            job: {
              carSize: 'almindelig',
              carSizeName: 'Almindelig personbil',
              packagePrice: 399,
              addons: [],
            },
            dropOff: '2026-12-10T09:00:00+01:00',
            readyAt: '2026-12-10T11:00:00+01:00',
            cancelDeadline: DEADLINE,
            cancelledAt: null,
            canMove: true,
          },
        });
        expect(JSON.stringify(r)).not.toContain('@');
      });
    }));

  it('cancels, frees the time at once and queues e-mails to customer and owner', () =>
    withRollback(t, async (tx) => {
      const b = await bookGuld(tx);
      expect((await slots(tx, SERVICE.guld, DAY, NOW)).slots).not.toContain('09:00');
      const r = await cancel(tx, b.cancel_token);
      expect(r.state).toBe('cancelled');
      expect(r.cancelledNow).toBe(true);
      expect(r.booking?.cancelledAt).toBe('2026-12-01T10:00:00+01:00');
      const row = await tx.one<{ status: string }>(
        'select status from public.bookings where id = $1',
        [b.id],
      );
      expect(row.status).toBe('cancelled');
      const periods = await tx.rows<{ active: boolean }>(
        'select active from public.booking_work_periods where booking_id = $1',
        [b.id],
      );
      expect(periods.length).toBeGreaterThan(0);
      expect(periods.every((p) => !p.active)).toBe(true);
      // the same slot is free and can be booked again
      expect((await slots(tx, SERVICE.guld, DAY, NOW)).slots).toContain('09:00');
      const again = await book(tx, { serviceId: SERVICE.guld, date: DAY, time: '09:00', now: NOW });
      expect(again.status).toBe('created');

      const mails = await tx.rows<{ kind: string; recipient: string | null; status: string }>(
        `select kind, recipient, status from public.email_outbox
          where booking_id = $1 and kind in ('cancellation_confirmation', 'owner_cancellation')
          order by kind`,
        [b.id],
      );
      expect(mails).toEqual([
        {
          kind: 'cancellation_confirmation',
          recipient: 'cancel-0900@example.dk',
          status: 'pending',
        },
        { kind: 'owner_cancellation', recipient: null, status: 'pending' },
      ]);
    }));

  it('is allowed exactly at the deadline and refused one second later', () =>
    withRollback(t, async (tx) => {
      const early = await bookGuld(tx, '09:00');
      const late = await bookGuld(tx, '12:00');
      expect((await cancel(tx, early.cancel_token, DEADLINE)).state).toBe('cancelled');
      const lateDeadline = '2026-12-09T12:00:00+01:00';
      const after = new Date(Date.parse(lateDeadline) + 1000).toISOString();
      expect((await info(tx, late.cancel_token, after)).state).toBe('too_late');
      await expectUnchanged(tx, async () => {
        const r = await cancel(tx, late.cancel_token, after);
        expect(r.state).toBe('too_late');
        expect(r.booking?.reference).toBe(late.reference);
      });
    }));

  it('follows the cancellation_notice_hours setting', () =>
    withRollback(t, async (tx) => {
      const b = await bookGuld(tx);
      await tx.exec(
        `update public.settings set value = '48' where key = 'cancellation_notice_hours'`,
      );
      const r = await info(tx, b.cancel_token, '2026-12-08T09:00:01+01:00');
      expect(r.state).toBe('too_late');
      expect(r.booking?.cancelDeadline).toBe('2026-12-08T09:00:00+01:00');
    }));

  it('a used link says cancelled and changes nothing the second time', () =>
    withRollback(t, async (tx) => {
      const b = await bookGuld(tx);
      expect((await cancel(tx, b.cancel_token)).state).toBe('cancelled');
      await expectUnchanged(tx, async () => {
        const r = await cancel(tx, b.cancel_token, '2026-12-02T10:00:00+01:00');
        expect(r.state).toBe('cancelled');
        expect(r.cancelledNow).toBeUndefined();
        expect(r.booking?.cancelledAt).toBe('2026-12-01T10:00:00+01:00');
      });
      expect((await info(tx, b.cancel_token)).state).toBe('cancelled');
    }));

  it('refuses malformed, unknown and anonymised tokens without changing anything', () =>
    withRollback(t, async (tx) => {
      const b = await bookGuld(tx);
      await expectUnchanged(tx, async () => {
        const bad: unknown[] = [
          null,
          '',
          'abc',
          b.cancel_token.toUpperCase(),
          b.cancel_token.slice(0, 63),
          `${b.cancel_token}0`,
          `${b.cancel_token.slice(0, 63)}${b.cancel_token.endsWith('0') ? '1' : '0'}`,
          "' or 1=1 --",
          '%',
        ];
        for (const token of bad) {
          expect(await info(tx, token)).toEqual({ state: 'not_found' });
          expect(await cancel(tx, token)).toEqual({ state: 'not_found' });
        }
      });

      await tx.exec(`update public.bookings set anonymised_at = now() where id = '${b.id}'`);
      expect(await cancel(tx, b.cancel_token)).toEqual({ state: 'not_found' });
    }));

  it('drops a pending reminder of the cancelled booking', () =>
    withRollback(t, async (tx) => {
      const b = await bookGuld(tx);
      const queued = await tx.one<{ n: number }>(
        `select public.email_queue_reminders('2026-12-09T09:30:00+01:00') as n`,
      );
      expect(queued.n).toBe(1);
      // the reminder is queued after the deadline here, so allow a late cancel via the setting
      await tx.exec(
        `update public.settings set value = '1' where key = 'cancellation_notice_hours'`,
      );
      expect((await cancel(tx, b.cancel_token, '2026-12-09T09:31:00+01:00')).state).toBe(
        'cancelled',
      );
      expect(await reminderStatus(tx, b.id)).toBe('cancelled');
    }));

  it('is refused to anon', () =>
    withRollback(t, async (tx) => {
      await tx.exec('set local role anon');
      await expect(tx.rows(`select public.cancel_booking('x')`)).rejects.toMatchObject({
        code: '42501',
      });
    }));
});
