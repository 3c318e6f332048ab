// A misclick in the dashboard tells the customer nothing: the customer's message about the owner's
// change (klar, aflyst, genoprettet) waits out owner_message_delay_minutes, a correction inside that
// window holds it back, and the real change later is told as usual. The sender is asked at given
// clocks (email_claim's p_now), so the window is measured, not waited for.
// Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BACKENDS, SERVICE, book, withRollback, type Tx } from './helpers/sql.ts';

// Tuesday 1 December 2026, 10:00 in Copenhagen; the job is on Thursday 3 December (open 09-20)
const NOW = '2026-12-01T10:00:00+01:00';
const AT = (time: string) => `2026-12-03T${time}:00+01:00`;

/** What a sender running at `at` would take of this booking's messages (kinds), without sending. */
async function claimedAt(tx: Tx, bookingId: string, at: string): Promise<string[]> {
  await tx.exec('savepoint claim');
  const { r } = await tx.one<{ r: { messages: { kind: string; payload: { id?: string } }[] } }>(
    `select public.email_claim(100, 300, $1::timestamptz) r`,
    [at],
  );
  const kinds = await tx.one<{ kinds: string[] | null }>(
    `select array_agg(kind order by kind) kinds from public.email_outbox
      where booking_id = $1 and status = 'sending'`,
    [bookingId],
  );
  await tx.exec('rollback to savepoint claim');
  expect(Array.isArray(r.messages)).toBe(true);
  return kinds.kinds ?? [];
}

function setStatus(tx: Tx, id: string, status: string, at: string) {
  return tx.one('select (public.booking_set_status($1, $2, $3::timestamptz)).status', [
    id,
    status,
    at,
  ]);
}

describe.each(BACKENDS)('the owner undo window on %s', (backend) => {
  const t = useTestDatabase({ backend });

  async function guld(tx: Tx) {
    const r = await book(tx, {
      serviceId: SERVICE.guld,
      date: '2026-12-03',
      time: '10:00',
      now: NOW,
    });
    expect(r.status).toBe('created');
    return tx.one<{ id: string }>('select id from public.bookings where reference = $1', [
      r.reference,
    ]);
  }

  it('klar by a misclick, set back inside the window: nothing goes; the real klar later goes once', async () => {
    await withRollback(t, async (tx) => {
      const { id } = await guld(tx);
      await tx.rows(`update public.email_outbox set status = 'sent' where booking_id = $1`, [id]);
      await setStatus(tx, id, 'arrived', AT('10:05'));
      await setStatus(tx, id, 'ready', AT('10:30'));
      // the message waits the setting's 3 minutes
      expect(await claimedAt(tx, id, AT('10:32'))).toEqual([]);
      expect(await claimedAt(tx, id, AT('10:33'))).toEqual(['car_ready']);
      // corrected at 10:32: held back, and nothing goes later either
      await setStatus(tx, id, 'arrived', AT('10:32'));
      expect(await claimedAt(tx, id, AT('11:00'))).toEqual([]);
      // the car really is ready at 12:00: the customer hears of it, once
      await setStatus(tx, id, 'ready', AT('12:00'));
      expect(await claimedAt(tx, id, AT('12:02'))).toEqual([]);
      expect(await claimedAt(tx, id, AT('12:03'))).toEqual(['car_ready']);
      const rows = await tx.one<{ n: number }>(
        `select count(*)::int n from public.email_outbox where booking_id = $1 and kind = 'car_ready'`,
        [id],
      );
      expect(rows.n).toBe(1);
    });
  });

  it('the window is the owner_message_delay_minutes setting; 0 sends at once', async () => {
    await withRollback(t, async (tx) => {
      const { id } = await guld(tx);
      await tx.rows(
        `update public.settings set value = '10' where key = 'owner_message_delay_minutes'`,
      );
      await setStatus(tx, id, 'ready', AT('10:30'));
      expect(await claimedAt(tx, id, AT('10:39'))).not.toContain('car_ready');
      expect(await claimedAt(tx, id, AT('10:40'))).toContain('car_ready');
      await setStatus(tx, id, 'arrived', AT('10:35'));
      await tx.rows(
        `update public.settings set value = '0' where key = 'owner_message_delay_minutes'`,
      );
      await setStatus(tx, id, 'ready', AT('10:36'));
      expect(await claimedAt(tx, id, AT('10:36'))).toContain('car_ready');
    });
  });

  it('a new ready time corrected inside the window sends only the correction', async () => {
    await withRollback(t, async (tx) => {
      const { id } = await guld(tx);
      await setStatus(tx, id, 'arrived', AT('10:05'));
      const ready = (time: string, at: string) =>
        tx.rows(`select public.owner_set_ready_time($1, $2::timestamp, $3::timestamptz)`, [
          id,
          `2026-12-03 ${time}`,
          at,
        ]);
      await ready('16:00', AT('10:10'));
      expect(await claimedAt(tx, id, AT('10:12'))).not.toContain('car_ready_time');
      await ready('15:00', AT('10:11'));
      const pending = await tx.one<{ times: string[] }>(
        `select array_agg(payload ->> 'newReadyAt' order by created_at) times from public.email_outbox
          where booking_id = $1 and kind = 'car_ready_time' and status = 'pending'`,
        [id],
      );
      expect(pending.times).toEqual(['2026-12-03T15:00:00+01:00']);
      expect(await claimedAt(tx, id, AT('10:14'))).toContain('car_ready_time');
    });
  });

  it('aflyst by a misclick and back to bekræftet inside the window: no e-mail, the links still work', async () => {
    // the reconfirmation runs on the database's clock: the booking is days ahead of it
    const [{ d }] = (
      await t.db.query<{ d: string }>(
        `select to_char(d, 'YYYY-MM-DD') d
           from generate_series((now() at time zone 'Europe/Copenhagen')::date + 3,
                                (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') d
          where extract(isodow from d) between 1 and 4
            and exists (select 1 from public.booking_day_hours(d::date))
          order by d limit 1`,
      )
    ).rows as [{ d: string }];
    await withRollback(t, async (tx) => {
      const { reference } = await tx.one<{ reference: string }>(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Guldpakken', $1, 'Ane Æblegård', '20 30 40 50', 'ane@example.dk') returning reference`,
        [`${d} 10:00`],
      );
      const booking = () =>
        tx.one<{ id: string; hash: string; status: string }>(
          `select id, cancel_token_hash hash, status from public.bookings where reference = $1`,
          [reference],
        );
      const before = await booking();
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        reference,
      ]);
      await tx.rows(`update public.owner_bookings set status = 'bekræftet' where reference = $1`, [
        reference,
      ]);
      const after = await booking();
      expect(after.status).toBe('confirmed');
      // the links in the confirmation the customer has still work
      expect(after.hash).toBe(before.hash);
      const mails = await tx.one<{ live: string[] | null; held: string[] | null }>(
        `select array_agg(kind order by kind) filter (where status in ('pending', 'sending')) live,
                array_agg(kind || ': ' || last_error order by kind) filter (where status = 'cancelled') held
           from public.email_outbox where booking_id = $1`,
        [before.id],
      );
      expect(mails.live).toEqual(['booking_confirmation']);
      expect(mails.held).toEqual(['cancellation_confirmation: aflysningen blev fortrudt']);
      // the other way round: bekræftet by a misclick on a booking the customer was told is cancelled
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        reference,
      ]);
      await tx.rows(
        `update public.email_outbox set next_attempt_at = now() - interval '1 minute', status = 'sent'
          where booking_id = $1 and kind = 'cancellation_confirmation' and status = 'pending'`,
        [before.id],
      );
      await tx.rows(`update public.owner_bookings set status = 'bekræftet' where reference = $1`, [
        reference,
      ]);
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        reference,
      ]);
      const last = await tx.one<{ kinds: string[] }>(
        `select array_agg(kind || ' ' || status order by kind, status) kinds
           from public.email_outbox where booking_id = $1 and kind <> 'booking_confirmation'`,
        [before.id],
      );
      // the reconfirmation was held back, and the cancellation that undid it was never queued
      expect(last.kinds).toEqual([
        'booking_reconfirmed cancelled',
        'cancellation_confirmation cancelled',
        'cancellation_confirmation sent',
      ]);
    });
  });
});
