// Retention with a fixed clock: what the privacy policy promises (contact and service data up to
// 5 years after the last contact; website usage data at most 12 months) is what run_retention does.
import { describe, expect, it } from 'vitest';
import { book, SERVICE, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const BOOKED_AT = '2026-12-01T10:00:00+01:00';

async function retention(tx: Tx, now: string) {
  return (
    await tx.one<{ r: Record<string, number> }>(
      'select public.run_retention($1::timestamptz) as r',
      [now],
    )
  ).r;
}

async function bookFor(tx: Tx, email: string, date: string, time: string, now = BOOKED_AT) {
  const r = await book(tx, {
    serviceId: SERVICE.solv,
    date,
    time,
    email,
    notes: 'Ridse i døren',
    now,
  });
  expect(r.status).toBe('created');
  const b = await tx.one<{ id: string }>('select id from public.bookings where reference = $1', [
    r.reference,
  ]);
  await tx.rows('update public.bookings set created_at = $2 where id = $1', [b.id, now]);
  return b.id;
}

async function booking(tx: Tx, id: string) {
  return tx.one<Record<string, unknown>>('select * from public.bookings where id = $1', [id]);
}

describe('retention (PGlite, fixed clock)', () => {
  const t = useTestDatabase({ backend: 'pglite' });

  it('anonymises a booking 5 years after the last contact, not a day before', () =>
    withRollback(t, async (tx) => {
      // drop-off Thursday 10 December 2026 09:00, ready 09:30: the last contact
      const id = await bookFor(tx, 'gammel@example.dk', '2026-12-10', '09:00');
      const reference = (await booking(tx, id)).reference;
      expect((await retention(tx, '2031-12-10T09:29:00+01:00')).bookingsAnonymised).toBe(0);
      expect((await booking(tx, id)).customer_email).toBe('gammel@example.dk');

      const r = await retention(tx, '2031-12-10T09:31:00+01:00');
      expect(r.bookingsAnonymised).toBe(1);
      const b = await booking(tx, id);
      expect(b).toMatchObject({
        customer_name: 'Anonymiseret',
        customer_email: '',
        customer_phone: '',
        notes: '',
        client_ip: null,
        client_networks: null,
        idempotency_key: null,
        reference,
        service_name: 'Sølvpakken',
        price: 199,
      });
      expect(b.anonymised_at).not.toBeNull();
      // the e-mails about it no longer hold personal data, and its cancel link no longer works
      const mails = await tx.rows<{
        payload: object;
        recipient: string | null;
        purged_at: Date | null;
      }>('select payload, recipient, purged_at from public.email_outbox where booking_id = $1', [
        id,
      ]);
      expect(mails.length).toBe(2);
      for (const m of mails) expect(m).toMatchObject({ payload: {}, recipient: null });
      expect(mails.every((m) => m.purged_at !== null)).toBe(true);
      // running again changes nothing more
      expect((await retention(tx, '2031-12-11T00:00:00+01:00')).bookingsAnonymised).toBe(0);
    }));

  it('keeps a returning customer until 5 years after their latest booking', () =>
    withRollback(t, async (tx) => {
      const old = await bookFor(tx, 'Stamkunde@example.dk', '2026-12-10', '10:00');
      const recent = await bookFor(
        tx,
        'stamkunde@example.dk',
        '2029-06-07',
        '10:00',
        '2029-06-01T10:00:00+02:00',
      );
      await retention(tx, '2032-01-01T00:00:00+01:00');
      expect((await booking(tx, old)).customer_email).toBe('Stamkunde@example.dk');
      await retention(tx, '2034-06-08T00:00:00+02:00');
      expect((await booking(tx, old)).anonymised_at).not.toBeNull();
      expect((await booking(tx, recent)).anonymised_at).not.toBeNull();
    }));

  it('purges sent e-mail copies after 30 days and failed ones after 90 days', () =>
    withRollback(t, async (tx) => {
      const id = await bookFor(tx, 'mail@example.dk', '2026-12-10', '11:00');
      await tx.rows(
        `update public.email_outbox set status = 'sent', sent_at = $2 where booking_id = $1 and kind = 'booking_confirmation'`,
        [id, BOOKED_AT],
      );
      await tx.rows(
        `update public.email_outbox set status = 'failed', last_error = 'to: mail@example.dk rejected', created_at = $2
          where booking_id = $1 and kind = 'owner_notification'`,
        [id, BOOKED_AT],
      );
      expect((await retention(tx, '2026-12-31T09:00:00+01:00')).emailsPurged).toBe(0);
      expect((await retention(tx, '2027-01-01T10:00:01+01:00')).emailsPurged).toBe(1);
      const sent = await tx.one<{ payload: object; recipient: string | null }>(
        `select payload, recipient from public.email_outbox where booking_id = $1 and kind = 'booking_confirmation'`,
        [id],
      );
      expect(sent).toEqual({ payload: {}, recipient: null });
      expect((await retention(tx, '2027-03-01T10:00:01+01:00')).emailsPurged).toBe(1);
      const failed = await tx.one<{ payload: object; last_error: string | null }>(
        `select payload, last_error from public.email_outbox where booking_id = $1 and kind = 'owner_notification'`,
        [id],
      );
      expect(failed).toEqual({ payload: {}, last_error: null });
      // the booking itself is kept (it is within 5 years)
      expect((await booking(tx, id)).customer_email).toBe('mail@example.dk');
    }));

  it('deletes website usage data: rate-limit rows after a day, booking IP addresses after 30 days', () =>
    withRollback(t, async (tx) => {
      const id = await bookFor(tx, 'ip@example.dk', '2026-12-10', '12:00');
      // the networks the address counts in are stored with it (the day cap per address reads them)
      expect(await booking(tx, id)).toMatchObject({ client_networks: [expect.any(String)] });
      expect((await booking(tx, id)).client_ip).not.toBeNull();
      const limits = await tx.rows<{ bucket: string }>(
        'select bucket from public.booking_rate_limits',
      );
      expect(limits.some((l) => l.bucket === 'email:ip@example.dk')).toBe(true);

      const day = await retention(tx, '2026-12-02T11:00:01+01:00');
      expect(day.rateLimitRowsDeleted).toBeGreaterThan(0);
      expect(await tx.rows('select 1 from public.booking_rate_limits')).toEqual([]);
      expect((await booking(tx, id)).client_ip).not.toBeNull();

      expect((await retention(tx, '2026-12-31T10:00:01+01:00')).bookingIpsRemoved).toBe(1);
      expect(await booking(tx, id)).toMatchObject({ client_ip: null, client_networks: null });
    }));

  it('is refused to anon', () =>
    withRollback(t, async (tx) => {
      await tx.exec('set local role anon');
      await expect(tx.rows('select public.run_retention()')).rejects.toMatchObject({
        code: '42501',
      });
    }));
});
