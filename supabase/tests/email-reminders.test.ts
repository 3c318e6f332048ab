// Reminder e-mails with a fixed clock: about 24 hours before drop-off, exactly once per booking,
// never for cancelled bookings, bookings made shortly before, or after the drop-off.
import { describe, expect, it } from 'vitest';
import { book, SERVICE, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const BOOKED_AT = '2026-12-01T10:00:00+01:00';
const DAY = '2026-12-10'; // Thursday, drop-off 09:00 (UTC+1)

async function queue(tx: Tx, now: string): Promise<number> {
  return (
    await tx.one<{ n: number }>('select public.email_queue_reminders($1::timestamptz) as n', [now])
  ).n;
}

async function reminders(tx: Tx) {
  return tx.rows<{ booking_id: string; recipient: string; payload: Record<string, unknown> }>(
    `select booking_id, recipient, payload from public.email_outbox where kind = 'booking_reminder'`,
  );
}

async function bookAt(tx: Tx, time: string, createdAt = BOOKED_AT) {
  const r = await book(tx, {
    serviceId: SERVICE.solv,
    date: DAY,
    time,
    email: `r${time.slice(0, 2)}@example.dk`,
    now: BOOKED_AT,
  });
  expect(r.status).toBe('created');
  const b = await tx.one<{ id: string }>('select id from public.bookings where reference = $1', [
    r.reference,
  ]);
  await tx.rows('update public.bookings set created_at = $2 where id = $1', [b.id, createdAt]);
  return b.id;
}

describe('reminder e-mails (PGlite, fixed clock)', () => {
  const t = useTestDatabase({ backend: 'pglite' });

  it('queues one reminder 24 hours before drop-off, and only once however often the job runs', () =>
    withRollback(t, async (tx) => {
      const id = await bookAt(tx, '09:00');
      expect(await queue(tx, '2026-12-09T08:59:00+01:00')).toBe(0);
      expect(await queue(tx, '2026-12-09T09:00:00+01:00')).toBe(1);
      for (const now of [
        '2026-12-09T09:01:00+01:00',
        '2026-12-09T20:00:00+01:00',
        '2026-12-10T08:00:00+01:00',
      ]) {
        expect(await queue(tx, now)).toBe(0);
      }
      const rows = await reminders(tx);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        booking_id: id,
        recipient: 'r09@example.dk',
        payload: { serviceName: 'Sølvpakken', dropOff: '2026-12-10T09:00:00+01:00', price: 199 },
      });
      // also once after it was sent
      await tx.exec(
        `update public.email_outbox set status = 'sent' where kind = 'booking_reminder'`,
      );
      expect(await queue(tx, '2026-12-09T10:00:00+01:00')).toBe(0);
    }));

  it('skips cancelled bookings, past drop-offs and bookings made less than 36 hours ahead', () =>
    withRollback(t, async (tx) => {
      const cancelled = await bookAt(tx, '09:00');
      await tx.rows(`update public.bookings set status = 'cancelled' where id = $1`, [cancelled]);
      await bookAt(tx, '10:00', '2026-12-08T22:00:00+01:00'); // made 36 h before drop-off: reminded
      await bookAt(tx, '11:00', '2026-12-09T00:00:01+01:00'); // made < 36 h before: confirmation suffices
      expect(await queue(tx, '2026-12-09T12:00:00+01:00')).toBe(1);
      const rows = await reminders(tx);
      expect(rows.map((r) => r.recipient)).toEqual(['r10@example.dk']);
      // a job that was down until after the drop-off sends no late reminder
      await bookAt(tx, '12:00');
      expect(await queue(tx, '2026-12-10T12:30:00+01:00')).toBe(0);
    }));

  it('the reminder is then claimed and sent like any other e-mail', () =>
    withRollback(t, async (tx) => {
      await bookAt(tx, '09:00');
      await tx.exec(`update public.email_outbox set status = 'sent'`);
      await queue(tx, '2026-12-09T09:00:00+01:00');
      const claimed = await tx.one<{ r: { messages: { kind: string; idempotencyKey: string }[] } }>(
        `select public.email_claim(10, 300, '2026-12-09T09:00:30+01:00') as r`,
      );
      expect(claimed.r.messages.map((m) => m.kind)).toEqual(['booking_reminder']);
      expect(claimed.r.messages[0]!.idempotencyKey).toMatch(/^booking_reminder:/);
    }));
});
