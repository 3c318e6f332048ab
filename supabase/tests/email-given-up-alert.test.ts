// The owner hears of e-mails given up after their last try (public.queue_given_up_alert and the
// morning agenda, supabase/migrations/20261127000300_given_up_email_alert.sql), on PGlite and
// PostgreSQL 15 with a fixed clock: a simulated sender runs whenever a try is due (claim, fail or
// send, then the alert sweep, as process-email-outbox does), so e-mails are given up on the real
// backoff schedule (10 tries, 8 h 31 min). At most one alert a Copenhagen day, each given-up e-mail
// reported once, a failing alert never reported, the agenda listing them once; and the e-mails as
// the owner reads them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultSupabaseDir, listMigrations } from '../../local/db/migrate.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import {
  readableEmailError,
  renderEmail,
  type OutboxMessage,
  type RenderContext,
} from '../functions/_shared/email/templates.ts';
import {
  BACKENDS,
  book,
  SERVICE,
  withRollback,
  type BookingInput,
  type Tx,
} from './helpers/sql.ts';

/** Tuesday 1 December 2026 in Copenhagen (UTC+1). */
const TUE = '2026-12-01';
const WED = '2026-12-02';
const THU = '2026-12-03';
const at = (day: string, time: string) => `${day}T${time}:00+01:00`;
const plus = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** What the local mailbox answers when told to fail (see local/mailbox/server.ts). */
const API_ERROR = 'HTTP 503 application_error: Simulated failure (local mailbox)';

const MIGRATION = listMigrations(defaultSupabaseDir()).find((m) =>
  m.file.endsWith('_given_up_email_alert.sql'),
)!;

interface Claimed {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  idempotencyKey: string;
}

type Fails = (m: Claimed) => boolean;

const customerMails: Fails = (m) => !m.kind.startsWith('owner');
const isAlert = (m: Claimed) => m.idempotencyKey.startsWith('owner_alert:given_up:');

/**
 * One run of the sender at `now`: every due e-mail is tried and fails (`fails`) or is accepted,
 * then the owner's alert is queued if due, as processOutbox does after its batch.
 */
async function senderRun(tx: Tx, now: string, fails: Fails, alert = true): Promise<number> {
  const claimed = (
    await tx.one<{ r: { messages: Claimed[] } }>(
      'select public.email_claim(50, 300, $1::timestamptz) as r',
      [now],
    )
  ).r.messages;
  for (const m of claimed) {
    if (fails(m))
      await tx.rows('select public.email_mark_failed($1, $2, false, $3::timestamptz)', [
        m.id,
        API_ERROR,
        now,
      ]);
    else
      await tx.rows('select public.email_mark_sent($1, $2, $3::timestamptz)', [
        m.id,
        `re_${m.id}`,
        now,
      ]);
  }
  return alert ? sweep(tx, now) : 0;
}

/**
 * Sender runs at every moment a try is due up to `until`, and one at `until`; `alert` false leaves
 * out the alert sweep (to look at the given-up rows before it).
 */
async function runUntil(tx: Tx, until: string, fails: Fails, alert = true): Promise<void> {
  for (;;) {
    const next = await tx.one<{ t: string | null }>(
      `select min(next_attempt_at)::text as t from public.email_outbox
        where status = 'pending' and next_attempt_at <= $1::timestamptz`,
      [until],
    );
    if (!next.t) break;
    await senderRun(tx, next.t, fails, alert);
  }
  await senderRun(tx, until, fails, alert);
}

async function sweep(tx: Tx, now: string): Promise<number> {
  return (
    await tx.one<{ n: number }>('select public.queue_given_up_alert($1::timestamptz) as n', [now])
  ).n;
}

interface Row {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  idempotency_key: string;
  recipient: string | null;
  payload: Record<string, unknown>;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  owner_alerted_at: Date | null;
  agenda_listed_at: Date | null;
}

async function alerts(tx: Tx): Promise<Row[]> {
  return tx.rows<Row>(
    `select * from public.email_outbox
      where idempotency_key like 'owner_alert:given\\_up:%' order by idempotency_key`,
  );
}

async function mailOf(tx: Tx, reference: string, kind = 'booking_confirmation'): Promise<Row> {
  return tx.one<Row>(
    `select o.* from public.email_outbox o join public.bookings b on b.id = o.booking_id
      where b.reference = $1 and o.kind = $2`,
    [reference, kind],
  );
}

type Item = Record<string, unknown>;
const listed = (alert: Row) => alert.payload.emails as Item[];
const references = (items: Item[]) => items.map((i) => i.reference).sort();

/**
 * A booking on Thursday 10 December, made at `now`. Its e-mails are due at `now` (create_booking
 * queues them for the real clock's now).
 */
async function booking(tx: Tx, now: string, time: string, input: Partial<BookingInput> = {}) {
  const r = await book(tx, { serviceId: SERVICE.guld, date: '2026-12-10', time, now, ...input });
  expect(r.status).toBe('created');
  await tx.rows(
    `update public.email_outbox o set next_attempt_at = $2 from public.bookings b
      where b.id = o.booking_id and b.reference = $1`,
    [r.reference, now],
  );
  return r.reference!;
}

const CTX: RenderContext = {
  siteUrl: 'https://glanspunkt.example',
  openingHours: [],
  cancellationNoticeHours: 24,
  ownerEmail: 'ejer@glanspunkt.example',
};

function asMessage(row: Pick<Row, 'kind' | 'payload' | 'idempotency_key'>): OutboxMessage {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: row.kind as OutboxMessage['kind'],
    recipient: null,
    payload: row.payload,
    idempotencyKey: row.idempotency_key,
    attempts: 1,
    createdAt: '2026-12-01T17:31:00Z',
  };
}

describe.each(BACKENDS)('alert about given-up e-mails on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('an e-mail failing until given up gives exactly one alert that day, listing it', () =>
    withRollback(t, async (tx) => {
      const reference = await booking(tx, at(TUE, '10:00'), '13:00', {
        name: 'Mette Hansen',
        email: 'mette@example.dk',
        phone: '+45 31 22 33 44',
      });
      // still being retried: nothing to report
      await runUntil(tx, at(TUE, '18:00'), customerMails);
      expect((await mailOf(tx, reference)).status).toBe('pending');
      expect(await alerts(tx)).toEqual([]);

      await runUntil(tx, at(TUE, '23:59'), customerMails);
      const failed = await mailOf(tx, reference);
      // the tenth try, 8 h 31 min after queuing
      expect(failed).toMatchObject({ status: 'failed', attempts: 10 });
      expect(failed.last_attempt_at!.toISOString()).toBe(plus(at(TUE, '10:00'), 511));
      expect(failed.owner_alerted_at!.toISOString()).toBe(plus(at(TUE, '10:00'), 511));

      const [alert, ...more] = await alerts(tx);
      expect(more).toEqual([]);
      expect(alert).toMatchObject({
        kind: 'owner_notification',
        recipient: null,
        idempotency_key: `owner_alert:given_up:${TUE}`,
        status: 'sent',
      });
      expect(alert!.next_attempt_at.toISOString()).toBe(plus(at(TUE, '10:00'), 511));
      expect(alert!.payload).toEqual({
        alert: 'given_up',
        day: TUE,
        emails: [
          {
            kind: 'booking_confirmation',
            recipient: 'mette@example.dk',
            reference,
            serviceName: 'Guldpakken',
            dropOff: '2026-12-10T13:00:00+01:00',
            bookingStatus: 'confirmed',
            customerName: 'Mette Hansen',
            customerEmail: 'mette@example.dk',
            customerPhone: '+4531223344',
            error: API_ERROR,
            attempts: 10,
          },
        ],
      });
      // asked again and again that day: nothing more
      expect(await sweep(tx, at(TUE, '23:59'))).toBe(0);

      const mail = renderEmail(asMessage(alert!), CTX);
      expect(mail.subject).toBe('Advarsel: 1 e-mail kunne ikke sendes');
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('E-mails der ikke kunne sendes');
        expect(body).toContain(
          'Bookingbekræftelse til Mette Hansen · mette@example.dk · tlf. +45 31 22 33 44',
        );
        expect(body).toContain(
          `Booking nr. ${reference} · Guldpakken · torsdag den 10. december 2026 kl. 13:00`,
        );
        expect(body).toContain('Fejl (efter 10 forsøg): Mailtjenesten havde en fejl (HTTP 503).');
        expect(body).toContain('Ring til kunden');
        expect(body).not.toContain('Simulated');
      }
    }));

  it('two e-mails given up the same day give one alert; one given up after it waits for the next day', () =>
    withRollback(t, async (tx) => {
      const a = await booking(tx, at(TUE, '08:00'), '09:00');
      const b = await booking(tx, at(TUE, '08:00'), '11:00');
      const c = await booking(tx, at(TUE, '12:00'), '13:00');
      // a and b are given up at 16:31, c at 20:31
      await runUntil(tx, at(TUE, '23:59'), customerMails);
      let found = await alerts(tx);
      expect(found.map((r) => r.idempotency_key)).toEqual([`owner_alert:given_up:${TUE}`]);
      expect(references(listed(found[0]!))).toEqual([a, b].sort());
      expect((await mailOf(tx, c)).status).toBe('failed');
      expect((await mailOf(tx, c)).owner_alerted_at).toBeNull();

      // the first sender run of Wednesday (Copenhagen) reports c, and only c
      await runUntil(tx, '2026-12-01T23:00:30Z', customerMails);
      found = await alerts(tx);
      expect(found.map((r) => r.idempotency_key)).toEqual([
        `owner_alert:given_up:${TUE}`,
        `owner_alert:given_up:${WED}`,
      ]);
      expect(references(listed(found[1]!))).toEqual([c]);
      expect((await mailOf(tx, c)).owner_alerted_at!.toISOString()).toBe(
        '2026-12-01T23:00:30.000Z',
      );
      // every one reported once
      await runUntil(tx, at(THU, '12:00'), customerMails);
      expect(await alerts(tx)).toHaveLength(2);
    }));

  it("the next day's new failure gives a new alert, listing only it", () =>
    withRollback(t, async (tx) => {
      const a = await booking(tx, at(TUE, '09:00'), '09:00');
      await runUntil(tx, at(TUE, '23:00'), customerMails);
      const d = await booking(tx, at(WED, '09:00'), '14:00');
      await runUntil(tx, at(WED, '17:00'), customerMails);
      expect((await alerts(tx)).map((r) => r.idempotency_key)).toEqual([
        `owner_alert:given_up:${TUE}`,
      ]);
      await runUntil(tx, at(WED, '23:00'), customerMails);
      const found = await alerts(tx);
      expect(found.map((r) => [r.idempotency_key, references(listed(r))])).toEqual([
        [`owner_alert:given_up:${TUE}`, [a]],
        [`owner_alert:given_up:${WED}`, [d]],
      ]);
      expect(found.every((r) => r.status === 'sent')).toBe(true);
    }));

  it('an alert that cannot be sent is given up and never alerted about (no loop)', () =>
    withRollback(t, async (tx) => {
      const a = await booking(tx, at(TUE, '09:00'), '09:00');
      const failsToo: Fails = (m) => customerMails(m) || isAlert(m);
      await runUntil(tx, at(THU, '23:00'), failsToo);
      const [alert, ...more] = await alerts(tx);
      expect(more).toEqual([]);
      expect(alert).toMatchObject({
        idempotency_key: `owner_alert:given_up:${TUE}`,
        status: 'failed',
        attempts: 10,
        owner_alerted_at: null,
      });
      expect(references(listed(alert!))).toEqual([a]);
      // nothing else was queued on Wednesday or Thursday
      const rows = await tx.rows<{ n: number }>(
        `select count(*)::int as n from public.email_outbox where booking_id is null`,
      );
      expect(rows[0]!.n).toBe(1);
      expect(await sweep(tx, at('2026-12-04', '12:00'))).toBe(0);
    }));

  it('retrying, sent, cancelled, purged and week-old e-mails are not reported', () =>
    withRollback(t, async (tx) => {
      const a = await booking(tx, at(TUE, '09:00'), '09:00');
      const b = await booking(tx, at(TUE, '09:00'), '11:00');
      const c = await booking(tx, at(TUE, '09:00'), '13:00');
      await runUntil(tx, at(TUE, '12:00'), customerMails);
      for (const [reference, status] of [
        [b, 'cancelled'],
        [c, 'sent'],
      ])
        await tx.rows(
          `update public.email_outbox o set status = $2 from public.bookings b
            where b.id = o.booking_id and b.reference = $1 and o.kind = 'booking_confirmation'`,
          [reference, status],
        );
      expect((await mailOf(tx, a)).status).toBe('pending');
      expect(await sweep(tx, at(TUE, '12:00'))).toBe(0);

      // given up, then purged by retention (its content is gone): nothing to say
      await runUntil(tx, at(TUE, '18:00'), customerMails, false);
      expect((await mailOf(tx, a)).status).toBe('failed');
      await tx.rows(
        `update public.email_outbox o set purged_at = $2, payload = '{}', recipient = null
           from public.bookings b where b.id = o.booking_id and b.reference = $1`,
        [a, at(TUE, '18:00')],
      );
      expect(await sweep(tx, at(TUE, '18:00'))).toBe(0);

      // given up at 18:31 and not reported for more than 7 days (the sender stopped): too old
      const d = await booking(tx, at(TUE, '10:00'), '15:00');
      await runUntil(tx, at(TUE, '19:00'), customerMails, false);
      expect((await mailOf(tx, d)).status).toBe('failed');
      expect(await sweep(tx, at('2026-12-08', '18:32'))).toBe(0);
      // within 7 days it would have been reported, alone
      expect(await sweep(tx, at('2026-12-08', '18:30'))).toBe(1);
      const [alert] = await alerts(tx);
      expect(references(listed(alert!))).toEqual([d]);
    }));

  it('an e-mail sent again by the owner and given up again is reported again', () =>
    withRollback(t, async (tx) => {
      const a = await booking(tx, at(TUE, '09:00'), '09:00');
      await runUntil(tx, at(TUE, '23:00'), customerMails);
      expect((await alerts(tx)).length).toBe(1);
      // what docs/emails.md tells the owner to do after fixing the cause
      await tx.rows(
        `update public.email_outbox set status = 'pending', next_attempt_at = $2
          where id = $1`,
        [(await mailOf(tx, a)).id, at(WED, '09:00')],
      );
      expect((await mailOf(tx, a)).owner_alerted_at).toBeNull();
      await runUntil(tx, at(WED, '12:00'), customerMails);
      const found = await alerts(tx);
      expect(found.map((r) => [r.idempotency_key, references(listed(r))])).toEqual([
        [`owner_alert:given_up:${TUE}`, [a]],
        [`owner_alert:given_up:${WED}`, [a]],
      ]);
    }));

  it('the morning agenda lists the given-up e-mails once, also those whose alert was lost', () =>
    withRollback(t, async (tx) => {
      await tx.rows(`update public.settings set value = '1' where key = 'owner_agenda_email'`);
      const a = await booking(tx, at(TUE, '09:00'), '09:00');
      const agenda = async (now: string) => {
        expect(
          (
            await tx.one<{ n: number }>('select public.queue_owner_agenda($1::timestamptz) as n', [
              now,
            ])
          ).n,
        ).toBe(1);
        return tx.one<Row>(
          `select * from public.email_outbox where kind = 'owner_agenda' order by created_at desc, next_attempt_at desc limit 1`,
        );
      };
      // the alert fails as well: the agenda still tells
      await runUntil(tx, at(WED, '06:59'), (m) => customerMails(m) || isAlert(m));
      const wednesday = await agenda(at(WED, '07:00'));
      expect(wednesday.idempotency_key).toBe(`owner_agenda:${WED}`);
      const items = wednesday.payload.givenUp as Item[];
      expect(items).toEqual([
        expect.objectContaining({ kind: 'booking_confirmation', reference: a, attempts: 10 }),
      ]);
      expect((await mailOf(tx, a)).agenda_listed_at!.toISOString()).toBe(
        new Date(at(WED, '07:00')).toISOString(),
      );
      const mail = renderEmail(asMessage(wednesday), CTX);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('1 e-mail kunne ikke sendes: se nederst.');
        expect(body).toContain('E-mails der ikke kunne sendes');
        expect(body).toContain(`Booking nr. ${a} · Guldpakken · torsdag den 10. december 2026`);
        expect(body).toContain('Ring til kunderne, så de får besked.');
      }
      // listed once: Thursday's agenda has nothing of it
      const thursday = await agenda(at(THU, '07:00'));
      expect(thursday.payload.givenUp).toEqual([]);
      const empty = renderEmail(asMessage(thursday), CTX);
      expect(empty.text).not.toContain('E-mails der ikke kunne sendes');
    }));

  it('keeps its functions closed to the API roles, also under the hosted default privileges', () =>
    withRollback(t, async (tx) => {
      const privileges = () =>
        tx.rows<{ fn: string; anon: boolean; authenticated: boolean; service: boolean }>(
          `select f as fn,
                  has_function_privilege('anon', f::regprocedure, 'execute') as anon,
                  has_function_privilege('authenticated', f::regprocedure, 'execute') as authenticated,
                  has_function_privilege('service_role', f::regprocedure, 'execute') as service
             from unnest($1::text[]) f order by f`,
          [
            [
              'public.email_given_up_item(public.email_outbox)',
              'public.email_outbox_given_up_reset()',
              'public.queue_given_up_alert(timestamptz)',
              'public.queue_owner_agenda(timestamptz)',
            ],
          ],
        );
      const expected = [
        { fn: 'public.email_given_up_item(public.email_outbox)', service: false },
        { fn: 'public.email_outbox_given_up_reset()', service: false },
        // the sender (process-email-outbox) calls it with the service key
        { fn: 'public.queue_given_up_alert(timestamptz)', service: true },
        // the embedded stack's worker calls it with the service key (as before this migration)
        { fn: 'public.queue_owner_agenda(timestamptz)', service: true },
      ].map((r) => ({ ...r, anon: false, authenticated: false }));
      expect(await privileges()).toEqual(expected);

      // every function the file creates or replaces is revoked by name
      const sql = readFileSync(MIGRATION.file, 'utf8');
      const created = [...sql.matchAll(/create or replace function (public\.\w+)\(/g)].map(
        (m) => m[1]!,
      );
      expect(created.sort()).toEqual(expected.map((r) => r.fn.replace(/\(.*/, '')).sort());
      for (const fn of created)
        expect(sql).toMatch(
          new RegExp(`revoke all on function ${fn}\\(.*\\) from public, anon, authenticated`),
        );

      // as on hosted Supabase, where everything new in public is granted to anon and authenticated:
      // created afresh there, they end closed all the same
      await tx.exec(`
        alter default privileges in schema public grant all on functions to anon, authenticated;
        drop function public.queue_given_up_alert(timestamptz);
        drop function public.queue_owner_agenda(timestamptz);
        drop function public.email_given_up_item(public.email_outbox);
        drop function public.email_outbox_given_up_reset() cascade;`);
      await tx.exec(sql);
      const again = await privileges();
      expect(again.map(({ fn, anon, authenticated }) => ({ fn, anon, authenticated }))).toEqual(
        expected.map(({ fn }) => ({ fn, anon: false, authenticated: false })),
      );
      await tx.exec(
        'alter default privileges in schema public revoke all on functions from anon, authenticated',
      );
    }));
});

describe('alert about given-up e-mails on PostgreSQL 15: concurrent runs', () => {
  const t = useTestDatabase({ backend: 'postgres' });

  it('two senders sweeping at the same time queue one alert, and report each e-mail once', async () => {
    for (const time of ['09:00', '11:00', '13:00']) {
      const r = await book(t.db, {
        serviceId: SERVICE.guld,
        date: '2026-12-10',
        time,
        now: at(TUE, '09:00'),
      });
      expect(r.status).toBe('created');
    }
    await t.query(
      `update public.email_outbox set status = 'failed', attempts = 10, last_error = $1,
              last_attempt_at = $2
        where kind = 'booking_confirmation'`,
      [API_ERROR, at(TUE, '17:31')],
    );
    const results = await Promise.all(
      [0, 1, 2, 3].map(() =>
        t.query<{ n: number }>('select public.queue_given_up_alert($1::timestamptz) as n', [
          at(TUE, '17:32'),
        ]),
      ),
    );
    expect(results.map((r) => r[0]!.n).sort()).toEqual([0, 0, 0, 1]);
    const found = await t.query<{ n: number; items: number }>(
      `select count(*)::int as n, sum(jsonb_array_length(payload -> 'emails'))::int as items
         from public.email_outbox where idempotency_key like 'owner_alert:given\\_up:%'`,
    );
    expect(found[0]).toEqual({ n: 1, items: 3 });
    const unreported = await t.query<{ n: number }>(
      `select count(*)::int as n from public.email_outbox
        where status = 'failed' and owner_alerted_at is null`,
    );
    expect(unreported[0]!.n).toBe(0);
  });
});

describe('the e-mails about given-up e-mails', () => {
  const item = (extra: Item = {}): Item => ({
    kind: 'booking_confirmation',
    recipient: 'kunde@example.dk',
    reference: 'K7M2QX9D',
    serviceName: 'Guldpakken',
    dropOff: '2026-12-10T13:00:00+01:00',
    bookingStatus: 'confirmed',
    customerName: 'Mette <b>Hansen</b>',
    customerEmail: 'kunde@example.dk',
    customerPhone: '+4531223344',
    error: API_ERROR,
    attempts: 10,
    ...extra,
  });
  const alert = (emails: Item[]) =>
    renderEmail(
      asMessage({
        kind: 'owner_notification',
        idempotency_key: `owner_alert:given_up:${TUE}`,
        payload: { alert: 'given_up', day: TUE, emails },
      }),
      CTX,
    );

  it('names each e-mail, whom it was for, the booking and the error; escapes the HTML', () => {
    const mail = alert([
      item(),
      item({
        kind: 'cancellation_confirmation',
        reference: 'P4Q8R2ST',
        bookingStatus: 'cancelled',
        customerName: 'Ole Berg',
        recipient: 'ole@example.dk',
        customerEmail: 'ole@example.dk',
        customerPhone: '+4522334455',
        error: 'HTTP 422 validation_error: Invalid `to` field.',
        attempts: 1,
      }),
      item({ kind: 'owner_notification', recipient: undefined, customerName: 'Ane Jensen' }),
      {
        kind: 'owner_agenda',
        day: '2026-12-09',
        error: 'Tidsgrænse: e-mail-API’et svarede ikke inden for 10000 ms',
        attempts: 10,
      },
      {
        kind: 'owner_notification',
        alert: 'busy',
        error: 'HTTP 401 missing_api_key: x',
        attempts: 3,
      },
    ]);
    expect(mail.subject).toBe('Advarsel: 5 e-mails kunne ikke sendes');
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain(
      'Bookingbekræftelse til Mette <b>Hansen</b> · kunde@example.dk · tlf. +45 31 22 33 44',
    );
    expect(mail.html).toContain('Mette &lt;b&gt;Hansen&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Hansen');
    expect(mail.text).toContain(
      'Afbestillingsbekræftelse til Ole Berg · ole@example.dk · tlf. +45 22 33 44 55\n' +
        '  Booking nr. P4Q8R2ST · Guldpakken · torsdag den 10. december 2026 kl. 13:00 (aflyst)\n' +
        '  Fejl (efter 1 forsøg): Mailtjenesten afviste mailen (HTTP 422): Invalid `to` field.',
    );
    expect(mail.text).toContain(
      'Din besked om en ny booking\n  Kunde: Ane Jensen · kunde@example.dk · tlf. +45 31 22 33 44',
    );
    expect(mail.text).toContain(
      'Din morgenoversigt for onsdag den 9. december 2026\n' +
        '  Fejl (efter 10 forsøg): Mailtjenesten svarede ikke i tide.',
    );
    expect(mail.text).toContain(
      'Din advarsel om mange online-bookinger\n' +
        '  Fejl (efter 3 forsøg): Mailtjenesten afviste adgangsnøglen (HTTP 401). Indstillingen RESEND_API_KEY skal rettes.',
    );
    expect(mail.text).toContain('Du får højst én sådan mail om dagen.');
    // the same content on every try (one idempotency key)
    expect(alert([item()])).toEqual(alert([item()]));
  });

  it('says only the owner-side steps when no customer is concerned', () => {
    const mail = alert([{ kind: 'owner_agenda', day: TUE, error: '', attempts: 10 }]);
    expect(mail.text).not.toContain('Ring til kunden');
    expect(mail.text).toContain('Fejl (efter 10 forsøg): Ukendt fejl.');
  });

  it('refuses an alert without e-mails', () => {
    expect(() => alert([])).toThrow(/emails/);
  });

  it('writes the last error short and in Danish, without stack traces', () => {
    expect(readableEmailError(API_ERROR)).toBe('Mailtjenesten havde en fejl (HTTP 503).');
    expect(readableEmailError('HTTP 429 rate_limit_exceeded: Too many requests')).toBe(
      'Mailtjenesten tog ikke imod flere mails lige da (HTTP 429).',
    );
    expect(readableEmailError('HTTP 409 concurrent_idempotent_requests: busy')).toBe(
      'Mailtjenesten svarede med en fejl (HTTP 409): busy',
    );
    expect(readableEmailError('Netværksfejl: error sending request: Connection refused')).toBe(
      'Ingen forbindelse til mailtjenesten (netværksfejl).',
    );
    expect(readableEmailError('Mangler indstilling: RESEND_API_KEY, EMAIL_FROM')).toBe(
      'Mangler indstilling: RESEND_API_KEY, EMAIL_FROM.',
    );
    expect(readableEmailError('Kunne ikke lave e-mailen: Error: payload.price is missing')).toBe(
      'Mailen kunne ikke laves ud fra de gemte oplysninger.',
    );
    expect(readableEmailError('Ingen modtager')).toBe('Mailen havde ingen modtageradresse.');
    expect(readableEmailError('afbrudt under afsendelse')).toBe('Afsendelsen blev afbrudt.');
    expect(readableEmailError('HTTP 500 internal_server_error: x / afbrudt under afsendelse')).toBe(
      'Mailtjenesten havde en fejl (HTTP 500). Sidste forsøg blev afbrudt.',
    );
    expect(
      readableEmailError(
        'TypeError: Cannot read properties of undefined\n    at render (templates.ts:1:1)\n    at run',
      ),
    ).toBe('Cannot read properties of undefined');
    const long = readableEmailError(`HTTP 422 validation_error: ${'x'.repeat(500)}`);
    expect(long.length).toBeLessThan(220);
    expect(long.endsWith('…')).toBe(true);
    expect(readableEmailError('')).toBe('Ukendt fejl.');
  });
});
