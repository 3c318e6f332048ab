// The shared booking SQL (first migration 20261125010000, now in the baseline): the e-mails that
// create_booking, move_booking and cancel_booking queue through booking_queue_emails are exactly
// the payloads they built by hand before (the old expressions are written out below, once, as the
// reference), and each carries the job as booked besides (key job); the cancel and move pages read
// a link through booking_by_token as before, with the job; and the new helpers are internal: anon
// cannot call them, not in SQL and not through /rest/v1/rpc.
// Runs on PGlite and on PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { ADDON, BACKENDS, NOW, SERVICE, book, withRollback, type Tx } from './helpers/sql.ts';

const HELPERS = [
  'booking_summary(public.bookings)',
  'booking_job_summary(public.bookings)',
  'booking_change_deadline(public.bookings)',
  'booking_moves_left(public.bookings)',
  'booking_by_token(text)',
  'booking_link_view(public.bookings, timestamptz, boolean)',
  'booking_queue_emails(public.bookings, text, text, text, jsonb, jsonb, timestamptz)',
  'booking_insert(uuid, jsonb, public.booking_request, timestamptz, timestamptz, tstzrange[], text, text, text, text, timestamptz)',
  'booking_job(uuid, text, uuid[])',
  'car_size_standard()',
  'booking_request_choices()',
  'booking_request_of(public.bookings)',
  'booking_contact(public.bookings)',
  'owner_drop_off(timestamp, text)',
];

// The payloads as create_booking, move_booking and cancel_booking wrote them before the migration
// (the owner's with the car plate, added since: migration add_car_plate).
const OLD_CUSTOMER = `jsonb_build_object(
    'reference', b.reference, 'serviceName', b.service_name, 'price', b.price,
    'dropOff', public.copenhagen_iso(b.drop_off_at), 'readyAt', public.copenhagen_iso(b.ready_at),
    'customerName', b.customer_name)`;
const OLD_OWNER = `jsonb_build_object(
    'reference', b.reference, 'serviceName', b.service_name, 'price', b.price,
    'dropOff', public.copenhagen_iso(b.drop_off_at), 'readyAt', public.copenhagen_iso(b.ready_at),
    'customerName', b.customer_name, 'customerEmail', b.customer_email,
    'customerPhone', b.customer_phone, 'notes', b.notes, 'carPlate', b.car_plate,
    'noShows', 0)`;

// Guldpakken for a big car (499 kr.) with Motorvask (299 kr.): the job every message and page of
// the booking carries, as the seed priced it when it was booked
const BIG_CAR_JOB = {
  carSize: 'stor-bil',
  carSizeName: 'Stor bil (SUV, stationcar, 7-personers)',
  packagePrice: 499,
  addons: [{ name: 'Motorvask', price: 299 }],
};

/** The payload as before, and beside it the job. */
function expectAsBefore(r: Queued) {
  const { job, ...before } = r.payload;
  expect(before, r.kind).toEqual(r.expected);
  expect(job, r.kind).toEqual(BIG_CAR_JOB);
}

interface Queued {
  kind: string;
  key: string;
  next: string;
  payload: Record<string, unknown>;
  expected: Record<string, unknown>;
}

/** The outbox rows of a booking of the given kinds, each with the payload the old code built. */
async function queued(
  tx: Tx,
  reference: string,
  kinds: string[],
  extra: string,
): Promise<Queued[]> {
  return tx.rows<Queued>(
    `select o.kind, o.idempotency_key as key, o.next_attempt_at::text as next, o.payload,
            case when o.recipient is null then ${OLD_OWNER} else ${OLD_CUSTOMER} end || ${extra} as expected
       from public.email_outbox o join public.bookings b on b.id = o.booking_id
       left join lateral (select m.* from public.booking_moves m where m.booking_id = b.id
                           order by m.moved_at desc limit 1) m on true
      where b.reference = $1 and o.kind = any($2)
      order by o.created_at, o.recipient nulls last`,
    [reference, kinds],
  );
}

describe.each(BACKENDS)('shared booking SQL on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('queues the same e-mails as before for a new, a moved and a cancelled booking', async () => {
    await withRollback(t, async (tx) => {
      const made = await book(tx, {
        serviceId: SERVICE.guld,
        date: '2026-12-03',
        time: '10:00',
        name: 'Ane Æblegård',
        notes: 'Hund i bilen',
        carSize: 'stor-bil',
        addonIds: [ADDON.motorvask],
        now: NOW,
      });
      expect(made.status).toBe('created');
      const ref = made.reference!;
      // the job is priced at booking time: a later price change reaches none of its messages
      await tx.rows(
        `update public.service_size_prices set price = 599
          where service_id = $1 and car_size = 'stor-bil'`,
        [SERVICE.guld],
      );
      await tx.rows(`update public.addons set price = 349 where id = $1`, [ADDON.motorvask]);
      const created = await queued(
        tx,
        ref,
        ['booking_confirmation', 'owner_notification'],
        `
        case when o.recipient is null then '{}'::jsonb
             else jsonb_build_object('cancelToken', o.payload ->> 'cancelToken') end`,
      );
      expect(created.map((r) => r.kind)).toEqual(['booking_confirmation', 'owner_notification']);
      for (const r of created) expectAsBefore(r);
      expect(created[0]!.payload.price).toBe(798);
      const token = created[0]!.payload.cancelToken as string;
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      const { id } = await tx.one<{ id: string }>(
        'select id from public.bookings where reference = $1',
        [ref],
      );
      expect(created.map((r) => r.key)).toEqual([
        `booking_confirmation:${id}`,
        `owner_notification:${id}`,
      ]);

      const moved = await tx.one<{ r: { status: string; movesLeft: number } }>(
        `select public.reschedule_booking($1, '2026-12-04', '09:00', $2::timestamptz) as r`,
        [token, NOW],
      );
      expect(moved.r).toMatchObject({ status: 'moved', movesLeft: 2 });
      const previous = `jsonb_build_object(
          'previousDropOff', public.copenhagen_iso(m.from_drop_off_at),
          'previousReadyAt', public.copenhagen_iso(m.from_ready_at),
          'movedBy', m.moved_by, 'sequence', b.ics_sequence)`;
      const movedMails = await queued(
        tx,
        ref,
        ['booking_moved', 'owner_booking_moved'],
        `
        case when o.recipient is null then '{}'::jsonb
             else jsonb_build_object('cancelToken', o.payload ->> 'cancelToken') end || ${previous}`,
      );
      expect(movedMails.map((r) => [r.kind, r.key])).toEqual([
        ['booking_moved', `booking_moved:${id}:1`],
        ['owner_booking_moved', `owner_booking_moved:${id}:1`],
      ]);
      for (const r of movedMails) {
        expectAsBefore(r);
        expect(new Date(r.next).toISOString()).toBe(new Date(NOW).toISOString());
      }
      const newToken = movedMails[0]!.payload.cancelToken as string;
      expect(newToken).toMatch(/^[0-9a-f]{64}$/);
      expect(newToken).not.toBe(token);

      const cancelled = await tx.one<{ r: { state: string; cancelledNow: boolean } }>(
        'select public.cancel_booking($1, $2::timestamptz) as r',
        [newToken, NOW],
      );
      expect(cancelled.r).toMatchObject({ state: 'cancelled', cancelledNow: true });
      // since 20261127000200 the cancellation is a revision of its own: ics_sequence counts it (2
      // after one move), the keys end with it, and sequence still names the revision cancelled
      const cancelMails = await queued(
        tx,
        ref,
        ['cancellation_confirmation', 'owner_cancellation'],
        `jsonb_build_object('sequence', b.ics_sequence - 1)`,
      );
      expect(cancelMails.map((r) => [r.kind, r.key])).toEqual([
        ['cancellation_confirmation', `cancellation_confirmation:${id}:2`],
        ['owner_cancellation', `owner_cancellation:${id}:2`],
      ]);
      expect(cancelMails[0]!.payload.sequence).toBe(1);
      for (const r of cancelMails) expectAsBefore(r);
      // and the cancel page shows the same job and total
      const page = await tx.one<{ r: { booking: Record<string, unknown> } }>(
        'select public.booking_cancel_info($1, $2::timestamptz) as r',
        [newToken, NOW],
      );
      expect(page.r.booking).toMatchObject({ price: 798, job: BIG_CAR_JOB });
      // a second cancel queues nothing more and answers as the page does
      const again = await tx.one<{ r: { state: string } }>(
        'select public.cancel_booking($1, $2::timestamptz) as r',
        [newToken, NOW],
      );
      expect(again.r.state).toBe('cancelled');
      const { n } = await tx.one<{ n: number }>(
        `select count(*)::int n from public.email_outbox o join public.bookings b on b.id = o.booking_id
          where b.reference = $1 and o.kind like '%cancel%'`,
        [ref],
      );
      expect(n).toBe(2);
    });
  });

  it('reads a link only with a well-formed, known token of a booking that is not anonymised', async () => {
    await withRollback(t, async (tx) => {
      const made = await book(tx, {
        serviceId: SERVICE.solv,
        date: '2026-12-03',
        time: '09:00',
        now: NOW,
      });
      const { token } = await tx.one<{ token: string }>(
        `select o.payload ->> 'cancelToken' as token from public.email_outbox o
           join public.bookings b on b.id = o.booking_id
          where b.reference = $1 and o.kind = 'booking_confirmation'`,
        [made.reference],
      );
      const found = (p: string | null) =>
        tx.one<{ ref: string | null }>('select (public.booking_by_token($1)).reference as ref', [
          p,
        ]);
      expect((await found(token)).ref).toBe(made.reference);
      for (const bad of [
        null,
        '',
        token.toUpperCase(),
        token.slice(1),
        `${token}0`,
        'x'.repeat(64),
      ])
        expect((await found(bad)).ref).toBeNull();
      const info = await tx.one<{ c: { state: string }; m: { state: string } }>(
        `select public.booking_cancel_info($1, $2::timestamptz) c,
                public.booking_move_info($1, $2::timestamptz) m`,
        ['0'.repeat(64), NOW],
      );
      expect(info).toEqual({ c: { state: 'not_found' }, m: { state: 'not_found' } });
      await tx.rows(`update public.bookings set anonymised_at = $2 where reference = $1`, [
        made.reference,
        NOW,
      ]);
      expect((await found(token)).ref).toBeNull();
    });
  });

  it('booking_insert takes the first free bay, answers null when none is left, passes other unique violations on', async () => {
    await withRollback(t, async (tx) => {
      const made = await book(tx, {
        serviceId: SERVICE.guld,
        date: '2026-12-03',
        time: '10:00',
        key: 'k-shared-1',
        now: NOW,
      });
      expect(made.status).toBe('created');
      const insert = async (start: string, key: string | null) => {
        const b = await tx.one<{ id: string | null; source: string | null }>(
          `select b.id, b.source
             from public.booking_insert(gen_random_uuid(),
                    public.booking_job($1),
                    jsonb_populate_record(null::public.booking_request, jsonb_build_object(
                      'booking_date', $2::timestamp::date, 'booking_time', $2::timestamp::time,
                      'customer_name', 'Bo', 'customer_email', 'bo@example.dk',
                      'customer_phone', '87654321')),
                    $2::timestamp at time zone 'Europe/Copenhagen',
                    $2::timestamp at time zone 'Europe/Copenhagen' + interval '2 hours',
                    array[tstzrange($2::timestamp at time zone 'Europe/Copenhagen',
                                    $2::timestamp at time zone 'Europe/Copenhagen' + interval '2 hours')],
                    'owner', $3, null, null, now()) b`,
          [SERVICE.guld, start, key],
        );
        const bays = await tx.rows<{ bay: number }>(
          'select bay from public.booking_work_periods where booking_id = $1',
          [b.id],
        );
        return { ...b, bays: bays.map((r) => r.bay) };
      };
      // one bay (workshop_capacity 1): 11:00-13:00 overlaps the booking at 10:00-12:00
      expect(await insert('2026-12-03 11:00', null)).toEqual({ id: null, source: null, bays: [] });
      expect(await insert('2026-12-03 13:00', null)).toMatchObject({ source: 'owner', bays: [1] });
      await tx.exec('savepoint dup');
      await expect(insert('2026-12-04 09:00', 'k-shared-1')).rejects.toMatchObject({
        code: '23505',
        message: expect.stringContaining('bookings_idempotency_key_key'),
      });
      await tx.exec('rollback to savepoint dup');
      const drop = await tx.one<{ d: string }>(
        `select public.owner_drop_off('2026-12-03 09:15:59', 'x')::text d`,
      );
      expect(drop.d).toBe('2026-12-03 09:15:00');
      await tx.exec('savepoint none');
      await expect(
        tx.rows(`select public.owner_drop_off(null, 'Skriv tidspunktet.')`),
      ).rejects.toMatchObject({ code: '23502', message: 'Skriv tidspunktet.' });
      await tx.exec('rollback to savepoint none');
    });
  });

  it('keeps the helpers internal: no EXECUTE for public, anon or authenticated, no SECURITY DEFINER', async () => {
    const rows = await t.query<{
      fn: string;
      anon: boolean;
      authenticated: boolean;
      service: boolean;
      definer: boolean;
      config: string[] | null;
    }>(
      `select f as fn,
              has_function_privilege('anon', f::regprocedure, 'execute') anon,
              has_function_privilege('authenticated', f::regprocedure, 'execute') authenticated,
              has_function_privilege('service_role', f::regprocedure, 'execute') service,
              p.prosecdef definer, p.proconfig config
         from unnest($1::text[]) f join pg_proc p on p.oid = ('public.' || f)::regprocedure`,
      [HELPERS],
    );
    expect(rows).toHaveLength(HELPERS.length);
    for (const r of rows)
      expect(r, r.fn).toMatchObject({
        anon: false,
        authenticated: false,
        service: true,
        definer: false,
        config: ['search_path=""'],
      });
  });
});

describe.each(BACKENDS)('shared booking helpers through the REST gateway on %s', (backend) => {
  let stack: TestStack;
  let token: string;
  beforeAll(async () => {
    stack = await startTestStack({ backend });
    const [made] = await stack.query<{ r: { reference: string } }>(
      // the first day from three days on that the engine offers 10:00 on (not a weekend or holiday)
      `select public.create_booking(jsonb_populate_record(null::public.booking_request,
                jsonb_build_object('service_id', $1::uuid, 'booking_date',
                  (select d::date from generate_series(current_date + 3, current_date + 40, interval '1 day') d
                    where public.get_available_slots($1, d::date) -> 'slots' ? '10:00'
                    order by d limit 1),
                  'booking_time', '10:00', 'customer_name', 'Ane', 'customer_email', 'ane@example.dk',
                  'customer_phone', '21345678'))) as r`,
      [SERVICE.premium],
    );
    expect(made!.r).toMatchObject({ status: 'created' });
    [{ token }] = (await stack.query<{ token: string }>(
      `select payload ->> 'cancelToken' as token from public.email_outbox
        where kind = 'booking_confirmation'`,
    )) as [{ token: string }];
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it('refuses the anon key every new helper with 42501 (service_role may read a link)', async () => {
    const booking = { id: '00000000-0000-4000-8000-000000000000', reference: 'X', move_count: 0 };
    const calls: [string, Record<string, unknown>][] = [
      ['booking_by_token', { p_token: token }],
      ['booking_summary', { p_booking: booking }],
      ['booking_job_summary', { p_booking: booking }],
      ['booking_change_deadline', { p_booking: booking }],
      ['booking_moves_left', { p_booking: booking }],
      [
        'booking_link_view',
        { p_booking: booking, p_now: new Date().toISOString(), p_moving: true },
      ],
      [
        'booking_queue_emails',
        {
          p_booking: booking,
          p_customer_kind: 'booking_confirmation',
          p_owner_kind: 'owner_notification',
          p_key_suffix: ':x',
          p_customer_extra: {},
          p_owner_extra: {},
          p_next_attempt_at: new Date().toISOString(),
        },
      ],
      [
        'booking_insert',
        {
          p_id: booking.id,
          p_job: { serviceId: SERVICE.solv },
          p_request: {
            booking_date: '2030-01-07',
            booking_time: '09:00',
            customer_name: 'X',
            customer_email: 'x@example.dk',
            customer_phone: '21345678',
          },
          p_drop_off: '2030-01-07T08:00:00Z',
          p_ready: '2030-01-07T08:30:00Z',
          p_blocked: ['[2030-01-07 08:00+00,2030-01-07 08:30+00)'],
          p_source: 'online',
          p_idempotency_key: null,
          p_idempotency_hash: null,
          p_client_ip: null,
          p_created_at: new Date().toISOString(),
        },
      ],
      ['owner_drop_off', { p_drop_off: '2030-01-07T09:00:00', p_missing: 'x' }],
      ['booking_request_of', { p_booking: booking }],
      ['booking_contact', { p_booking: booking }],
    ];
    for (const [name, body] of calls) {
      const res = await stack.rpc(name, body);
      expect([401, 403], name).toContain(res.status);
      expect((await res.json()) as { code: string }, name).toMatchObject({ code: '42501' });
    }
    const served = await stack.rpc('booking_by_token', { p_token: token }, stack.serviceRoleKey);
    expect(served.status).toBe(200);
    expect((await served.json()) as { customer_email: string }).toMatchObject({
      customer_email: 'ane@example.dk',
    });
    expect(
      await stack.query(
        `select 1 from public.email_outbox where idempotency_key like '%:x'
         union all select 1 from public.bookings where customer_name = 'X'`,
      ),
    ).toEqual([]);
  });
});
