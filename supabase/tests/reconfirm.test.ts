// A cancelled booking set back to confirmed (20261127000200_reconfirm_sends_confirmation.sql): the
// customer gets a reconfirmation with new links and a booking.ics that outranks the cancellation
// they hold (same UID, higher SEQUENCE), and every later cancellation is sent again. Each change
// is queued once and delivered once: the real sender (processor.ts) runs against the local
// mailbox, which answers a repeated idempotency key as Resend does, including after a lost answer.
// Also: the reconfirmation on any path that updates bookings.status, the Danish refusal when the
// time was taken meanwhile, who gets no e-mail, and the reminder of a reconfirmed booking.
// Runs on PGlite and on PostgreSQL 15.
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/db/database.ts';
import { startMailbox, type CapturedEmail, type Mailbox } from '../../local/mailbox/index.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { processOutbox, type Rpc } from '../functions/_shared/email/processor.ts';
import { BACKENDS, SERVICE, book, liftBookingCaps, refusal, withRollback } from './helpers/sql.ts';

const SITE_URL = 'http://127.0.0.1:4173';
const OWNER_EMAIL = 'ejer@glanspunkt.local';

interface CalendarFile {
  filename: string;
  method: string;
  uid: string;
  status: string;
  sequence: number;
}

function calendarFile(mail: CapturedEmail): CalendarFile {
  const [attachment] = mail.attachments;
  const cal = new ICAL.Component(
    ICAL.parse(Buffer.from(attachment!.content, 'base64').toString('utf8')),
  );
  const event = cal.getFirstSubcomponent('vevent')!;
  return {
    filename: attachment!.filename,
    method: String(cal.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    status: String(event.getFirstPropertyValue('status')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
  };
}

/** The next Tuesday to Thursday at least `from` days ahead (real clock) that is open at 10-12. */
async function openDay(q: Queryable, from: number): Promise<string> {
  const { rows } = await q.query<{ d: string }>(
    `select d::date::text d
       from generate_series((now() at time zone 'Europe/Copenhagen')::date + $1::int,
                            (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') d
      where extract(isodow from d) between 2 and 4
        and exists (select 1 from public.booking_day_hours(d::date) h
                     where h.opens_at <= (d::date + time '10:00') at time zone 'Europe/Copenhagen'
                       and h.closes_at >= (d::date + time '12:00') at time zone 'Europe/Copenhagen')
      order by d limit 1`,
    [from],
  );
  return rows[0]!.d;
}

describe.each(BACKENDS)('reconfirming a cancelled booking on %s', (backend) => {
  const t = useTestDatabase({ backend });
  let mailbox: Mailbox;
  let day: string;

  /** One run of the e-mail sender, as the edge function does it, against this database. */
  const send = () => {
    const rpc: Rpc = async (fn, args) => {
      const names = Object.keys(args ?? {});
      const { rows } = await t.db.query<{ r: never }>(
        `select public.${fn}(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')}) as r`,
        Object.values(args ?? {}),
      );
      // what PostgREST would answer: the function's value, typed as the generated types say
      return rows[0]!.r;
    };
    return processOutbox({
      rpc,
      config: {
        apiKey: 're_test',
        apiUrl: mailbox.url,
        from: 'Glanspunkt <booking@glanspunkt.local>',
        ownerEmail: OWNER_EMAIL,
        siteUrl: SITE_URL,
      },
      timeoutMs: 5_000,
    });
  };

  const bookingOf = async (reference: string) =>
    (
      await t.db.query<{ id: string; status: string; ics_sequence: number; hash: string }>(
        `select id, status, ics_sequence, cancel_token_hash hash from public.bookings
          where reference = $1`,
        [reference],
      )
    ).rows[0]!;

  const outbox = async (reference: string) =>
    (
      await t.db.query<{ kind: string; key: string; status: string; sequence: number | null }>(
        `select o.kind, o.idempotency_key key, o.status, (o.payload ->> 'sequence')::int sequence
           from public.email_outbox o join public.bookings b on b.id = o.booking_id
          where b.reference = $1 order by o.created_at, o.idempotency_key`,
        [reference],
      )
    ).rows;

  beforeAll(async () => {
    mailbox = await startMailbox();
    day = await openDay(t.db, 3);
    await liftBookingCaps((sql, params) => t.db.query(sql, params));
    // each change is told at once here; owner-undo-window.test.ts holds the wait and its undo
    await t.db.query(
      `update public.settings set value = '0' where key = 'owner_message_delay_minutes'`,
    );
  });

  afterAll(async () => {
    await mailbox?.stop();
  });

  beforeEach(async () => {
    mailbox.store.clear();
    // each test sends only its own e-mails
    await t.db.query(
      `update public.email_outbox set status = 'cancelled' where status = 'pending'`,
    );
  });

  it('cancel, reconfirm, cancel again in owner_bookings: one e-mail each, the .ics outranking the last', async () => {
    const { rows } = await t.db.query<{ reference: string }>(
      `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
       values ('Guldpakken', $1::timestamp, 'Ane Æblegård', '20 30 40 50', 'ane@example.dk')
       returning reference`,
      [`${day} 10:00`],
    );
    const reference = rows[0]!.reference;
    const { id } = await bookingOf(reference);
    const setStatus = (status: string) =>
      t.db.query(`update public.owner_bookings set status = $2 where reference = $1`, [
        reference,
        status,
      ]);

    expect(await send()).toMatchObject({ claimed: 1, sent: 1 });
    await setStatus('aflyst');
    expect(await send()).toMatchObject({ claimed: 1, sent: 1 });
    const cancelledHash = (await bookingOf(reference)).hash;

    await setStatus('bekræftet');
    expect(await bookingOf(reference)).toMatchObject({ status: 'confirmed', ics_sequence: 2 });
    // the reconfirmation carries new links: the links of the earlier e-mails stop working
    expect((await bookingOf(reference)).hash).not.toBe(cancelledHash);
    const [queued] = (
      await t.db.query<{ token: string }>(
        `select payload ->> 'cancelToken' token from public.email_outbox
          where idempotency_key = $1`,
        [`booking_reconfirmed:${id}:2`],
      )
    ).rows;
    expect(queued!.token).toMatch(/^[0-9a-f]{64}$/);
    const info = await t.db.query<{ r: { state: string } }>(
      'select public.booking_cancel_info($1) r',
      [queued!.token],
    );
    expect(info.rows[0]!.r.state).toBe('active');
    expect(await send()).toMatchObject({ claimed: 1, sent: 1 });

    await setStatus('aflyst');
    // the API takes the second cancellation but the answer is lost: the retry must not deliver
    // it twice (same key, same content)
    mailbox.store.failNext(1, { status: 502, afterAccept: true });
    expect(await send()).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
    await t.db.query(
      `update public.email_outbox set next_attempt_at = now() where status = 'pending'`,
    );
    expect(await send()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await send()).toMatchObject({ claimed: 0, sent: 0 });

    const mails = mailbox.store.messages;
    expect(mails.map((m) => [m.to, m.idempotencyKey])).toEqual([
      [['ane@example.dk'], `booking_confirmation:${id}`],
      [['ane@example.dk'], `cancellation_confirmation:${id}:1`],
      [['ane@example.dk'], `booking_reconfirmed:${id}:2`],
      [['ane@example.dk'], `cancellation_confirmation:${id}:3`],
    ]);
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual([
      'Bookingbekræftelse',
      'Afbestilt',
      'Booking bekræftet igen',
      'Afbestilt',
    ]);
    const files = mails.map(calendarFile);
    expect(files.map((f) => [f.filename, f.method, f.status, f.sequence])).toEqual([
      ['booking.ics', 'PUBLISH', 'CONFIRMED', 0],
      ['afbestilling.ics', 'CANCEL', 'CANCELLED', 1],
      ['booking.ics', 'PUBLISH', 'CONFIRMED', 2],
      ['afbestilling.ics', 'CANCEL', 'CANCELLED', 3],
    ]);
    expect(new Set(files.map((f) => f.uid))).toEqual(new Set([`booking-${reference}@glanspunkt`]));
    const reconfirmation = mails[2]!;
    expect(reconfirmation.text).toContain('Din booking er bekræftet igen');
    expect(reconfirmation.text).toContain(`${SITE_URL}/afbestil?token=${queued!.token}`);
    expect(reconfirmation.text).toContain(`${SITE_URL}/flyt?token=${queued!.token}`);
    // the owner made every change here and gets no copy of them
    expect(mails.some((m) => m.to.includes(OWNER_EMAIL))).toBe(false);
    expect(mailbox.store.calls).toBe(5);

    expect(await outbox(reference)).toEqual([
      {
        kind: 'booking_confirmation',
        key: `booking_confirmation:${id}`,
        status: 'sent',
        sequence: null,
      },
      {
        kind: 'cancellation_confirmation',
        key: `cancellation_confirmation:${id}:1`,
        status: 'sent',
        sequence: 0,
      },
      {
        kind: 'booking_reconfirmed',
        key: `booking_reconfirmed:${id}:2`,
        status: 'sent',
        sequence: 2,
      },
      {
        kind: 'cancellation_confirmation',
        key: `cancellation_confirmation:${id}:3`,
        status: 'sent',
        sequence: 2,
      },
    ]);
  });

  it('reconfirms on any path that updates bookings.status; the customer cancels again with the new link', async () => {
    const created = await book(t.db, {
      serviceId: SERVICE.guld,
      date: day,
      time: '14:00',
      email: 'bo@example.dk',
      now: new Date().toISOString(),
    });
    expect(created.status).toBe('created');
    const reference = created.reference!;
    const { id } = await bookingOf(reference);
    const token = async (key: string) =>
      (
        await t.db.query<{ token: string }>(
          `select payload ->> 'cancelToken' token from public.email_outbox where idempotency_key = $1`,
          [key],
        )
      ).rows[0]!.token;

    const first = await t.db.query<{ r: { cancelledNow: boolean } }>(
      'select public.cancel_booking($1) r',
      [await token(`booking_confirmation:${id}`)],
    );
    expect(first.rows[0]!.r.cancelledNow).toBe(true);
    // the workshop sets it back in the bookings table itself (not the owner's table)
    await t.db.query(`update public.bookings set status = 'confirmed' where id = $1`, [id]);
    // the first e-mail's link says a newer e-mail has the link (not that it is invalid)
    const replaced = await t.db.query<{ r: unknown }>('select public.booking_cancel_info($1) r', [
      await token(`booking_confirmation:${id}`),
    ]);
    expect(replaced.rows[0]!.r).toEqual({ state: 'replaced' });
    const again = await t.db.query<{ r: { cancelledNow: boolean } }>(
      'select public.cancel_booking($1) r',
      [await token(`booking_reconfirmed:${id}:2`)],
    );
    expect(again.rows[0]!.r.cancelledNow).toBe(true);

    expect((await outbox(reference)).map((r) => [r.key, r.sequence])).toEqual([
      [`booking_confirmation:${id}`, null],
      [`owner_notification:${id}`, null],
      [`cancellation_confirmation:${id}:1`, 0],
      [`owner_cancellation:${id}:1`, 0],
      [`booking_reconfirmed:${id}:2`, 2],
      [`cancellation_confirmation:${id}:3`, 2],
      [`owner_cancellation:${id}:3`, 2],
    ]);
    await send();
    const mails = mailbox.store.messages;
    expect(mails).toHaveLength(7);
    const customer = mails.filter((m) => m.to[0] === 'bo@example.dk').map(calendarFile);
    expect(customer.map((f) => [f.method, f.sequence])).toEqual([
      ['PUBLISH', 0],
      ['CANCEL', 1],
      ['PUBLISH', 2],
      ['CANCEL', 3],
    ]);
    // the customer cancelled twice: the workshop hears of each cancellation once
    expect(
      mails.filter((m) => m.to[0] === OWNER_EMAIL).map((m) => m.subject.split(':')[0]),
    ).toEqual(['Ny booking', 'Afbestilt', 'Afbestilt']);
  });

  it('reconfirming several bookings in one statement gives each its own e-mail with its own working links', () =>
    withRollback(t, async (tx) => {
      const ids: string[] = [];
      for (const [time, email] of [
        ['17:00', 'h1@example.dk'],
        ['18:00', 'h2@example.dk'],
      ] as const) {
        const { reference } = await tx.one<{ reference: string }>(
          `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
           values ('Sølvpakken', $1::timestamp, 'Hans Hansen', '20 30 40 54', $2) returning reference`,
          [`${day} ${time}`, email],
        );
        ids.push(
          (
            await tx.one<{ id: string }>('select id from public.bookings where reference = $1', [
              reference,
            ])
          ).id,
        );
      }
      await tx.rows(`update public.bookings set status = 'cancelled' where id = any($1::uuid[])`, [
        ids,
      ]);
      await tx.rows(`update public.bookings set status = 'confirmed' where id = any($1::uuid[])`, [
        ids,
      ]);
      const mails = await tx.rows<{ id: string; recipient: string; state: string }>(
        `select o.booking_id id, o.recipient,
                public.booking_cancel_info(o.payload ->> 'cancelToken') ->> 'state' state
           from public.email_outbox o
          where o.booking_id = any($1::uuid[]) and o.kind = 'booking_reconfirmed'
          order by o.recipient`,
        [ids],
      );
      expect(mails).toEqual([
        { id: ids[0], recipient: 'h1@example.dk', state: 'active' },
        { id: ids[1], recipient: 'h2@example.dk', state: 'active' },
      ]);
    }));

  it('refuses, in Danish, to reconfirm a booking whose time was booked meanwhile, and queues nothing', () =>
    withRollback(t, async (tx) => {
      const [row] = await tx.rows<{ reference: string }>(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Guldpakken', $1::timestamp, 'Carl Carlsen', '20 30 40 51', 'carl@example.dk')
         returning reference`,
        [`${day} 16:00`],
      );
      const reference = row!.reference;
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        reference,
      ]);
      const taken = await book(tx, {
        serviceId: SERVICE.guld,
        date: day,
        time: '16:00',
        now: new Date().toISOString(),
      });
      expect(taken.status).toBe('created');
      const before = await tx.one(
        `select b.ics_sequence, b.cancel_token_hash, b.reconfirmed_at,
                (select count(*)::int from public.email_outbox o where o.booking_id = b.id) mails
           from public.bookings b where b.reference = $1`,
        [reference],
      );
      const message = `Bookingen ${reference} kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.`;
      expect(
        await refusal(
          tx,
          `update public.owner_bookings set status = 'bekræftet' where reference = $1`,
          [reference],
        ),
      ).toEqual({ code: '23P01', message });
      // the bookings table itself: the same Danish refusal, not PostgreSQL's English
      expect(
        await refusal(tx, `update public.bookings set status = 'confirmed' where reference = $1`, [
          reference,
        ]),
      ).toEqual({ code: '23P01', message });
      expect(
        await tx.one(
          `select b.ics_sequence, b.cancel_token_hash, b.reconfirmed_at,
                  (select count(*)::int from public.email_outbox o where o.booking_id = b.id) mails
             from public.bookings b where b.reference = $1`,
          [reference],
        ),
      ).toEqual(before);
    }));

  it('sends nothing without an address, with owner_bookings_send_email 0 or for a job that is over; the old links work again', () =>
    withRollback(t, async (tx) => {
      const insert = async (time: string, email: string | null) =>
        (
          await tx.one<{ reference: string }>(
            `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
             values ('Sølvpakken', $1::timestamp, 'Dorte Due', '20 30 40 52', $2) returning reference`,
            [`${day} ${time}`, email],
          )
        ).reference;
      const roundTrip = async (reference: string) => {
        await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
          reference,
        ]);
        const hash = (
          await tx.one<{ h: string }>(
            'select cancel_token_hash h from public.bookings where reference = $1',
            [reference],
          )
        ).h;
        await tx.rows(
          `update public.owner_bookings set status = 'bekræftet' where reference = $1`,
          [reference],
        );
        return tx.one<{
          hash_kept: boolean;
          sequence: number;
          reconfirmed: boolean;
          kinds: string[];
        }>(
          `select b.cancel_token_hash = $2 hash_kept, b.ics_sequence sequence,
                  b.reconfirmed_at is not null reconfirmed,
                  coalesce((select array_agg(o.kind order by o.created_at, o.kind)
                              from public.email_outbox o where o.booking_id = b.id), '{}') kinds
             from public.bookings b where b.reference = $1`,
          [reference, hash],
        );
      };

      expect(await roundTrip(await insert('10:00', null))).toEqual({
        hash_kept: true,
        sequence: 2,
        reconfirmed: true,
        kinds: [],
      });

      const over = await insert('10:30', 'eva@example.dk');
      // the job ended yesterday (the owner tidies up afterwards)
      await tx.rows(
        `update public.bookings set drop_off_at = now() - interval '1 day 2 hours',
                ready_at = now() - interval '1 day' where reference = $1`,
        [over],
      );
      expect((await roundTrip(over)).kinds).toEqual([
        'booking_confirmation',
        'cancellation_confirmation',
      ]);

      const quiet = await insert('11:00', 'finn@example.dk');
      await tx.exec(
        `update public.settings set value = '0' where key = 'owner_bookings_send_email'`,
      );
      expect(await roundTrip(quiet)).toEqual({
        hash_kept: true,
        sequence: 2,
        reconfirmed: true,
        kinds: ['booking_confirmation'],
      });
    }));

  it('a reconfirmed booking gets its reminder, unless the reconfirmation itself is recent', () =>
    withRollback(t, async (tx) => {
      const [row] = await tx.rows<{ reference: string }>(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Guldpakken', $1::timestamp, 'Gitte Gram', '20 30 40 53', 'gitte@example.dk')
         returning reference`,
        [`${day} 12:00`],
      );
      const reference = row!.reference;
      const { id } = await tx.one<{ id: string }>(
        'select id from public.bookings where reference = $1',
        [reference],
      );
      // 23 hours before drop-off: the reminder is due
      const remindAt = `(($1::date + time '12:00') at time zone 'Europe/Copenhagen') - interval '23 hours'`;
      const queueReminders = () =>
        tx.one<{ n: number }>(`select public.email_queue_reminders(${remindAt}) n`, [day]);
      const reminders = () =>
        tx.rows<{ key: string; status: string }>(
          `select idempotency_key key, status from public.email_outbox
            where booking_id = $1 and kind = 'booking_reminder' order by created_at, idempotency_key`,
          [id],
        );

      expect(await queueReminders()).toEqual({ n: 1 });
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        reference,
      ]);
      await tx.rows(`update public.owner_bookings set status = 'bekræftet' where reference = $1`, [
        reference,
      ]);
      // the reminder cancelled with the cancellation does not block the one of the reconfirmed booking
      expect(await queueReminders()).toEqual({ n: 1 });
      expect(await queueReminders()).toEqual({ n: 0 });
      expect(await reminders()).toEqual([
        { key: `booking_reminder:${id}`, status: 'cancelled' },
        { key: `booking_reminder:${id}:2`, status: 'pending' },
      ]);

      // reconfirmed less than 12 hours before the reminder time: its e-mail is the reminder
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        reference,
      ]);
      await tx.rows(`update public.owner_bookings set status = 'bekræftet' where reference = $1`, [
        reference,
      ]);
      await tx.rows(
        `update public.bookings set reconfirmed_at = drop_off_at - interval '30 hours' where id = $1`,
        [id],
      );
      expect(await queueReminders()).toEqual({ n: 0 });
      expect((await reminders()).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    }));

  it('leaves every function it creates or replaces closed to anon and authenticated', async () => {
    const rows = await t.query<{
      fn: string;
      anon: boolean;
      authenticated: boolean;
      service: boolean;
    }>(
      `select f fn,
              has_function_privilege('anon', ('public.' || f)::regprocedure, 'execute') anon,
              has_function_privilege('authenticated', ('public.' || f)::regprocedure, 'execute') authenticated,
              has_function_privilege('service_role', ('public.' || f)::regprocedure, 'execute') service
         from unnest($1::text[]) f order by f`,
      [
        [
          'booking_reconfirm_notifies(public.bookings)',
          'bookings_queue_reconfirmation()',
          'bookings_status_revision()',
          'bookings_sync_work_periods()',
          'cancel_booking(text, timestamptz)',
          'email_queue_reminders(timestamptz)',
          'owner_calendar_bookings(timestamptz)',
          'owner_cancel(uuid, timestamptz)',
        ],
      ],
    );
    for (const r of rows) expect(r, r.fn).toMatchObject({ anon: false, authenticated: false });
    // what the edge functions call with the service key
    expect(rows.filter((r) => r.service).map((r) => r.fn)).toEqual(
      expect.arrayContaining([
        'cancel_booking(text, timestamptz)',
        'email_queue_reminders(timestamptz)',
        'owner_calendar_bookings(timestamptz)',
      ]),
    );
  });
});
