// The payloads SQL writes into email_outbox, held to the declarations the sender reads them with
// (supabase/functions/_shared/email/kinds, sms/kinds): the SQL of every message kind runs with a
// clock passed in (p_now), and each row it wrote must fit its kind's declaration exactly (no key missing, none
// undeclared, every type right). The kinds themselves are held to the database's: the kind check
// of email_outbox and public.sms_kind. Runs on PGlite and on PostgreSQL 15.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { EMAIL_MESSAGES, emailMessageOf } from '../functions/_shared/email/kinds/index.ts';
import { EMAIL_KINDS } from '../functions/_shared/email/types.ts';
import { checkPayload, type Shape } from '../functions/_shared/outbox/payload.ts';
import { SMS_MESSAGES } from '../functions/_shared/sms/kinds/index.ts';
import { SMS_KINDS, isSmsKind, renderSms } from '../functions/_shared/sms/templates.ts';
import {
  renderEmail,
  type OutboxMessage,
  type RenderContext,
} from '../functions/_shared/email/templates.ts';
import { seededSiteData } from '../../tests/support/site-data.ts';
import { copenhagenIso } from '../functions/_shared/validation.ts';
import {
  ADDON,
  BACKENDS,
  REQUEST,
  SERVICE,
  book,
  liftBookingCaps,
  withRollback,
  type Tx,
} from './helpers/sql.ts';

// The week the messages are made in: NOW is a Tuesday at 10:00 in Copenhagen, the bookings are on
// that week's Thursday to Saturday. It is the first such week from the day after tomorrow on the
// real clock (today's date is read here, and only here), with Tuesday to Monday open as usual:
// taking a cancellation back queues the reconfirmation only for a job not over by the database's
// own clock (booking_reconfirm_notifies, read in a trigger, which takes no p_now).
let NOW = '';
let WED = '';
let THU = '';
let FRI = '';
let SAT = '';
const at = (day: string, time: string) => copenhagenIso(day, time);

async function pickWeek(q: { query: (sql: string) => Promise<unknown> }): Promise<void> {
  const result = (await q.query(
    `select to_char(d, 'YYYY-MM-DD') d
       from generate_series(current_date + 2, current_date + 120, interval '1 day') d
      where extract(isodow from d) = 2
        and (select count(*) from generate_series(d, d + interval '6 days', interval '1 day') w
              where extract(isodow from w) <> 7
                and exists (select 1 from public.booking_day_hours(w::date))) = 6
      order by d limit 1`,
  )) as { d: string }[] | { rows: { d: string }[] };
  const tuesday = (Array.isArray(result) ? result : result.rows)[0]!.d;
  const day = (n: number) => {
    const [y, m, d] = tuesday.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
  };
  NOW = at(tuesday, '10:00');
  [WED, THU, FRI, SAT] = [day(1), day(2), day(3), day(4)];
}

const CTX: RenderContext = {
  siteUrl: 'https://glanspunkt.example',
  openingHours: seededSiteData.openingHours,
  cancellationNoticeHours: 24,
  ownerEmail: 'ejer@glanspunkt.example',
};

interface Row {
  id: string;
  recipient: string | null;
  idempotency_key: string;
  created_at: string;
  kind: string;
  payload: Record<string, unknown>;
}

function outboxMessage(row: Row): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind as OutboxMessage['kind'],
    recipient: row.recipient,
    payload: row.payload,
    idempotencyKey: row.idempotency_key,
    attempts: 0,
    createdAt: row.created_at,
  };
}

/** The declaration a row is held to, and the name its kind goes by (an alert: kind and alert). */
function declarationOf(row: Row): { name: string; shape: Shape } {
  if (isSmsKind(row.kind)) return { name: row.kind, shape: SMS_MESSAGES[row.kind].payload };
  const message = emailMessageOf(row.kind, row.payload);
  return { name: message.name, shape: message.payload };
}

/**
 * An online booking with the SMS box ticked (the one path that queues the confirmation's SMS), of
 * a job with a car size and add-ons when given.
 */
async function bookWithSms(
  tx: Tx,
  serviceId: string,
  day: string,
  time: string,
  phone: string,
  job: { car_size?: string; addon_ids?: string[] } = {},
) {
  const r = await tx.one<{ r: { status: string; reference: string } }>(
    `select public.create_booking(${REQUEST('$1')}, p_client_ip => '10.9.0.1',
       p_now => $2::timestamptz) r`,
    [
      {
        service_id: serviceId,
        booking_date: day,
        booking_time: time,
        customer_name: 'Ane Jensen',
        customer_email: `sms${phone.replace(/\D/g, '')}@example.dk`,
        customer_phone: phone,
        notes: 'Ridse i døren',
        car_plate: 'AB 12 345',
        sms_opt_in: true,
        ...job,
      },
      NOW,
    ],
  );
  expect(r.r, JSON.stringify(r.r)).toMatchObject({ status: 'created' });
  return idOf(tx, r.r.reference);
}

async function idOf(tx: Tx, reference: string): Promise<string> {
  return (
    await tx.one<{ id: string }>('select id from public.bookings where reference = $1', [reference])
  ).id;
}

/** The plain link token of a booking's latest e-mail carrying one (bookings keeps its hash only). */
async function tokenOf(tx: Tx, bookingId: string): Promise<string> {
  return (
    await tx.one<{ t: string }>(
      `select payload ->> 'cancelToken' t from public.email_outbox
        where booking_id = $1 and payload ? 'cancelToken' order by created_at desc, kind limit 1`,
      [bookingId],
    )
  ).t;
}

/** Makes SQL queue every kind of message there is, and answers the outbox rows it wrote. */
async function writeEveryKind(tx: Tx): Promise<Row[]> {
  // bays enough for these bookings beside a polish running over the weekend
  await tx.rows(`update public.settings set value = '4' where key = 'workshop_capacity'`);
  // A: a big car with two add-ons, booked with SMS (confirmation, owner's notice), moved by the
  // customer, reminded
  const a = await bookWithSms(tx, SERVICE.guld, THU, '10:00', '+45 20 11 22 01', {
    car_size: 'stor-bil',
    addon_ids: [ADDON.motorvask, ADDON.ozon],
  });
  const moved = await tx.one<{ r: { status: string } }>(
    `select public.move_booking($1, $2::date, '11:00', true, true, true, 'customer', $3::timestamptz) r`,
    [a, FRI, NOW],
  );
  expect(moved.r.status).toBe('moved');
  expect(
    (
      await tx.one<{ n: number }>('select public.email_queue_reminders($1::timestamptz) n', [
        at(THU, '12:00'),
      ])
    ).n,
  ).toBeGreaterThan(0);

  // B: a van with an add-on, booked with SMS, cancelled by the customer, then set back to
  // confirmed by the workshop
  const b = await bookWithSms(tx, SERVICE.solv, SAT, '10:00', '+45 20 11 22 02', {
    car_size: 'varebil',
    addon_ids: [ADDON.hundehaar],
  });
  const cancelled = await tx.one<{ r: { state: string } }>(
    'select public.cancel_booking($1, $2::timestamptz) r',
    [await tokenOf(tx, b), NOW],
  );
  expect(cancelled.r.state).toBe('cancelled');
  // (once the customer was told of the cancellation: one still waiting would just be held back)
  await tx.rows(
    `update public.email_outbox set status = 'sent', sent_at = now()
      where booking_id = $1 and kind in ('cancellation_confirmation', 'sms_cancellation_confirmation')`,
    [b],
  );
  await tx.rows(`update public.bookings set status = 'confirmed' where id = $1`, [b]);

  // C: booked with SMS; a new ready time, then the car is ready
  const c = await bookWithSms(tx, SERVICE.guld, THU, '14:00', '+45 20 11 22 03');
  await tx.rows('select public.owner_set_ready_time($1, $2::timestamp, $3::timestamptz)', [
    c,
    `${THU} 17:00`,
    at(THU, '14:10'),
  ]);
  await tx.rows(`select public.booking_set_status($1, 'ready', $2::timestamptz)`, [
    c,
    at(THU, '15:30'),
  ]);
  // ... and picked up, with the owner's review link set: the review request the next morning
  await tx.rows(
    `update public.review_settings set review_url = 'https://g.page/r/glanspunkt-kolding/review'`,
  );
  await tx.rows(`select public.booking_set_status($1, 'collected', $2::timestamptz)`, [
    c,
    at(THU, '16:30'),
  ]);

  // D: a polish of 18 hours from Friday, worked on all Saturday and ready on Monday; the owner
  // cancels it later (the owner's path to the customer's cancellation)
  const polish = await book(tx, {
    serviceId: SERVICE.premiumPolering,
    date: FRI,
    time: '08:00',
    now: NOW,
  });
  expect(polish, JSON.stringify(polish)).toMatchObject({ status: 'created' });
  const d = await idOf(tx, polish.reference!);

  // an e-mail given up: the owner's alert about it, and his morning agenda on Saturday listing it,
  // B's drop-off and pickup and D in the workshop
  await tx.rows(
    `update public.email_outbox set status = 'failed', attempts = 10, last_error = 'HTTP 503',
            last_attempt_at = $2::timestamptz - interval '1 hour'
      where booking_id = $1 and kind = 'owner_notification'`,
    [b, at(SAT, '07:30')],
  );
  expect(
    (
      await tx.one<{ n: number }>('select public.queue_given_up_alert($1::timestamptz) n', [
        at(SAT, '07:30'),
      ])
    ).n,
  ).toBe(1);
  await tx.rows(`update public.settings set value = '1' where key = 'owner_agenda_email'`);
  expect(
    (
      await tx.one<{ n: number }>('select public.queue_owner_agenda($1::timestamptz) n', [
        at(SAT, '07:30'),
      ])
    ).n,
  ).toBe(1);
  await tx.rows('select public.owner_cancel($1, $2::timestamptz)', [d, at(SAT, '08:00')]);

  // the waiting list: Wednesday filled by a polish (one bay for a moment), an address written up
  // (its receipt), the polish cancelled and the list told of the free time
  await tx.rows(`update public.settings set value = '1' where key = 'workshop_capacity'`);
  const fill = await book(tx, {
    serviceId: SERVICE.guldPolering,
    date: WED,
    time: '09:00',
    now: NOW,
  });
  expect(fill, JSON.stringify(fill)).toMatchObject({ status: 'created' });
  const joined = await tx.one<{ r: { status: string } }>(
    `select public.join_waitlist(repeat('a', 64), $1::timestamptz + interval '5 minutes', $2, $3::date,
                                 'venter@example.dk', '10.9.9.9', $1::timestamptz, '20 11 22 98') r`,
    [NOW, SERVICE.solv, WED],
  );
  expect(joined.r.status).toBe('joined');
  await tx.rows(`update public.settings set value = '4' where key = 'workshop_capacity'`);
  await tx.rows(`update public.bookings set status = 'cancelled' where reference = $1`, [
    fill.reference,
  ]);
  expect(
    (await tx.one<{ n: number }>('select public.waitlist_notify($1::timestamptz) n', [NOW])).n,
  ).toBe(1);

  // the owner's alerts: online booking closed for a burst, a booking without a client address,
  // a closed day with a booking on it
  await tx.rows(`update public.settings set value = '1' where key = 'max_new_bookings_per_hour'`);
  expect(
    (
      await tx.one<{ r: string }>(
        `select public.booking_cap_reached(null, 'x@example.dk', '+4520112299', $1::timestamptz) r`,
        [NOW],
      )
    ).r,
  ).toBe('busy');
  await tx.rows('select public.booking_unknown_address_alert($1::timestamptz)', [NOW]);
  // a visitor's message from /contact#besked: the owner's e-mail and the receipt (a costly proof
  // of work: the bookings above made the challenge dearer)
  const message = await tx.one<{ r: { status: string } }>(
    `select public.visitor_message_send(repeat('b', 64), $1::timestamptz + interval '10 minutes',
       $2::jsonb, null, '10.9.0.2', $1::timestamptz, 1000000) r`,
    [
      NOW,
      JSON.stringify({
        topic: 'quote',
        name: 'Mette Jensen',
        email: 'mette@example.dk',
        phone: '20 11 22 33',
        car: 'VW Golf 2015',
        message: 'Hvad koster en polering af en mørkeblå Golf?',
      }),
    ],
  );
  expect(message.r.status).toBe('sent');
  await tx.rows(`insert into public.closed_dates (day, reason) values ($1, 'Syg')`, [FRI]);

  return tx.rows<Row>(`select id, kind, recipient, idempotency_key, to_json(created_at) #>> '{}' created_at, payload
       from public.email_outbox order by created_at, kind`);
}

describe.each(BACKENDS)('outbox payloads on %s', (backend) => {
  const t = useTestDatabase({ backend });
  beforeAll(async () => {
    await liftBookingCaps((sql, params) => t.query(sql, params));
    await pickWeek(t);
  });

  it('every payload SQL writes fits its kind’s declaration exactly, and every kind is written', () =>
    withEveryKind(async (rows) => {
      const problems = rows.flatMap((row) => {
        const { name, shape } = declarationOf(row);
        return checkPayload(name, shape, row.payload);
      });
      expect(problems).toEqual([]);
      // the lists were checked item by item: none of them is empty here
      const payloadOf = (name: string) => rows.find((r) => declarationOf(r).name === name)!.payload;
      const agenda = payloadOf('owner_agenda');
      const addonsOf = (payload: Record<string, unknown>) =>
        (payload.job as { addons: unknown[] }).addons;
      for (const [name, list] of [
        ['owner_agenda dropOffs', agenda.dropOffs],
        ['owner_agenda pickUps', agenda.pickUps],
        ['owner_agenda working', agenda.working],
        ['owner_agenda givenUp', agenda.givenUp],
        ['car_ready', payloadOf('car_ready').pickupHours],
        ['closed_day', payloadOf('owner_notification (alert closed_day)').bookings],
        ['given_up', payloadOf('owner_notification (alert given_up)').emails],
        ['booking_moved job', addonsOf(payloadOf('booking_moved'))],
        ['booking_reminder job', addonsOf(payloadOf('booking_reminder'))],
        ['booking_reconfirmed job', addonsOf(payloadOf('booking_reconfirmed'))],
        ['owner_agenda job', addonsOf((agenda.dropOffs as Record<string, unknown>[])[0]!)],
      ] as const)
        expect(list, name).not.toEqual([]);
      // and the sender reads and renders each of them through that declaration
      for (const row of rows) {
        if (isSmsKind(row.kind))
          expect(renderSms(row.kind, row.payload, CTX)).toContain('Glanspunkt');
        else expect(renderEmail(outboxMessage(row), CTX).subject).not.toBe('');
      }
      const written = new Set(rows.map((row) => declarationOf(row).name));
      expect([...written].sort()).toEqual(
        [...EMAIL_MESSAGES.map((m) => m.name), ...SMS_KINDS].sort(),
      );
    }));

  it('the check fails on a key dropped, a key not declared and a wrong type, naming kind and key', () =>
    withEveryKind(async (rows) => {
      const row = rows.find((r) => r.kind === 'booking_moved')!;
      const { name, shape } = declarationOf(row);
      expect(checkPayload(name, shape, row.payload)).toEqual([]);
      const { previousReadyAt: _dropped, ...withoutKey } = row.payload;
      expect(checkPayload(name, shape, withoutKey)).toEqual([
        'booking_moved: payload.previousReadyAt is missing',
      ]);
      expect(checkPayload(name, shape, { ...row.payload, customerPhone: '+4520112201' })).toEqual([
        'booking_moved: payload.customerPhone is not declared',
      ]);
      expect(checkPayload(name, shape, { ...row.payload, price: '449' })).toEqual([
        'booking_moved: payload.price is not a number: "449"',
      ]);
      // and inside the job: an add-on's price as text, the job without its size
      const job = row.payload.job as { addons: Record<string, unknown>[] };
      expect(
        checkPayload(name, shape, {
          ...row.payload,
          job: { ...job, addons: [{ ...job.addons[0], price: '299' }] },
        }),
      ).toEqual(['booking_moved: payload.job.addons[0].price is not a number: "299"']);
      const { carSize: _size, ...jobWithoutSize } = job as Record<string, unknown>;
      expect(checkPayload(name, shape, { ...row.payload, job: jobWithoutSize })).toEqual([
        'booking_moved: payload.job.carSize is missing',
      ]);
      // and inside a list: a pickup day without its closing time
      const ready = rows.find((r) => r.kind === 'car_ready')!;
      const days = ready.payload.pickupHours as Record<string, unknown>[];
      const { closes: _closes, ...day } = days[0]!;
      expect(
        checkPayload('car_ready', declarationOf(ready).shape, {
          ...ready.payload,
          pickupHours: [day, ...days.slice(1)],
        }),
      ).toEqual(['car_ready: payload.pickupHours[0].closes is missing']);
    }));

  it('the kinds are the database’s: email_outbox’s kind check and public.sms_kind', async () => {
    const [check] = await t.query<{ def: string }>(
      `select pg_get_constraintdef(oid) def from pg_constraint where conname = 'email_outbox_kind_check'`,
    );
    const sqlKinds = [...check!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort();
    expect(sqlKinds).toEqual([...EMAIL_KINDS, ...SMS_KINDS].sort());
    const twins = await t.query<{ kind: string; sms: string | null }>(
      'select k kind, public.sms_kind(k) sms from unnest($1::text[]) k',
      [[...EMAIL_KINDS]],
    );
    expect(
      twins
        .filter((r) => r.sms !== null)
        .map((r) => `${r.kind} -> ${r.sms}`)
        .sort(),
    ).toEqual(SMS_KINDS.map((sms) => `${sms.replace(/^sms_/, '')} -> ${sms}`).sort());
  });

  /** Runs the SQL of every kind in a transaction rolled back afterwards. */
  async function withEveryKind(check: (rows: Row[]) => Promise<void>) {
    await withRollback(t, async (tx) => check(await writeEveryKind(tx)));
  }
});
