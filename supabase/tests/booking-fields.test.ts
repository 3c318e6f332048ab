// Every customer field reaches every place it must (the list: tests/support/booking-fields.ts):
// booked through the real create-booking function on the embedded stack, and by the owner through
// the owner's table, the field is read by the function, stored in bookings, shown in the owner's table and agenda, in the owner's e-mail and
// in the owner's calendar feed, anonymised by retention, and named in the privacy policy. A new
// body key or bookings column without a row in the list fails first, by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyContent, privacySections } from '../../src/content/privacy.ts';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { renderEmail, type OutboxMessage } from '../functions/_shared/email/templates.ts';
import { BOOKING_FIELDS } from '../functions/_shared/validation.ts';
import {
  BOOKING_CUSTOMER_FIELDS,
  NOT_CUSTOMER_BODY_KEYS,
} from '../../tests/support/booking-fields.ts';
import { seededSiteData } from '../../tests/support/site-data.ts';
import { callFunction, openDays, type Answer } from './helpers/http.ts';
import { SERVICE } from './helpers/sql.ts';

/** The engine's own columns of public.bookings; a column the customer gives belongs in the list. */
const ENGINE_COLUMNS = [
  'id',
  'reference',
  'service_id',
  'service_name',
  'duration_minutes',
  'price',
  'booking_date',
  'booking_time',
  'drop_off_at',
  'ready_at',
  'status',
  'cancel_token',
  'cancel_token_hash',
  'cancelled_at',
  'idempotency_key',
  'idempotency_hash',
  'client_ip',
  'client_networks',
  'source',
  'created_at',
  'updated_at',
  'anonymised_at',
  'move_count',
  'moved_at',
  'ics_sequence',
  'reconfirmed_at',
  'new_ready_at',
  'ready_revision',
  'status_changed_at',
  // the job besides the package (booking_job): chosen from the owner's lists, not told
  'car_size',
  'addon_ids',
  'job',
];

const SECRET = 'booking-fields-calendar-secret-0123456789abcdef';

/** The fields the owner sees and types (a choice such as "Send mig SMS" is not one of them). */
const OWNER_FIELDS = BOOKING_CUSTOMER_FIELDS.filter((f) => f.owner !== false);

// no stack needed: these fail by name even when booking does not work at all
describe('the list of customer fields', () => {
  it('lists every key of the create-booking body that the customer fills in', () => {
    const customerKeys = BOOKING_FIELDS.filter(
      (key) => !(NOT_CUSTOMER_BODY_KEYS as readonly string[]).includes(key),
    );
    expect([...customerKeys].sort()).toEqual(BOOKING_CUSTOMER_FIELDS.map((f) => f.body).sort());
  });

  it.each(BOOKING_CUSTOMER_FIELDS)('$body: named in the privacy policy', (field) => {
    expect(JSON.stringify({ ...privacyContent, sections: privacySections() })).toMatch(
      field.privacy,
    );
  });
});

describe('every customer field reaches every place', () => {
  let stack: TestStack;
  let saved: string | undefined;
  let reference: string;
  let created: Answer<{ reference: string }>;
  let ownerReference: string;
  let ownerError: string | undefined;

  beforeAll(async () => {
    saved = process.env.OWNER_CALENDAR_SECRET;
    process.env.OWNER_CALENDAR_SECRET = SECRET;
    stack = await startTestStack({ backend: 'pglite' });
    const [day] = await openDays(stack, [2, 3, 4], 1);
    const body: Record<string, unknown> = {
      serviceId: SERVICE.guld,
      bookingDate: day,
      bookingTime: '10:00',
    };
    for (const field of BOOKING_CUSTOMER_FIELDS) body[field.body] = field.typed;
    created = await callFunction<{ reference: string }>(stack, 'create-booking', body);
    reference = created.body?.reference ?? '';
    // the same fields booked by the owner, through the owner's table as the dashboard does
    const [later] = await openDays(stack, [2, 3, 4], 2).then((days) => days.slice(1));
    const columns = OWNER_FIELDS.map((f) => f.column);
    const rows = await stack
      .query<{ reference: string }>(
        `insert into public.owner_bookings (package, drop_off_local, ${columns.join(', ')})
       values ('Guldpakken', $1::timestamp, ${columns.map((_, i) => `$${i + 2}`).join(', ')})
       returning reference`,
        [`${later} 12:00`, ...OWNER_FIELDS.map((f) => f.typed)],
      )
      .catch((error: Error) => {
        ownerError = error.message;
        return [];
      });
    ownerReference = rows[0]?.reference ?? '';
  }, 120_000);

  /** Every check below starts from the two bookings: say why one is missing, in each test. */
  function booked(): void {
    expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
    expect(ownerError, 'insert into owner_bookings').toBeUndefined();
  }
  afterAll(async () => {
    await stack?.stop();
    if (saved === undefined) delete process.env.OWNER_CALENDAR_SECRET;
    else process.env.OWNER_CALENDAR_SECRET = saved;
  });

  it('lists every column of bookings that is not the engine’s own', async () => {
    const columns = await stack.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = 'public.bookings'::regclass and attnum > 0 and not attisdropped`,
    );
    const customer = columns.map((c) => c.name).filter((c) => !ENGINE_COLUMNS.includes(c));
    expect(customer.sort()).toEqual(BOOKING_CUSTOMER_FIELDS.map((f) => f.column).sort());
  });

  it('a choice the owner does not see is stored by create-booking', async () => {
    booked();
    for (const field of BOOKING_CUSTOMER_FIELDS.filter((f) => f.owner === false)) {
      const rows = await stack.query<{ value: string }>(
        `select ${field.column}::text as value from public.bookings where reference = $1`,
        [reference],
      );
      expect([field.column, rows[0]?.value]).toEqual([field.column, field.shown]);
    }
  });

  it.each(OWNER_FIELDS)(
    '$body: stored by create-booking and by the owner’s table, shown in the owner’s table and agenda',
    async (field) => {
      booked();
      for (const [path, ref] of [
        ['online', reference],
        ['owner', ownerReference],
      ] as const) {
        for (const relation of ['bookings', 'owner_bookings', 'owner_agenda']) {
          const rows = await stack.query<{ value: string }>(
            `select ${field.column}::text as value from public.${relation} where reference = $1`,
            [ref],
          );
          const expected = relation === 'bookings' ? (field.stored ?? field.shown) : field.shown;
          expect([path, relation, rows[0]?.value]).toEqual([path, relation, expected]);
        }
      }
    },
  );

  it.each(OWNER_FIELDS)('$body: in the owner’s e-mail', async (field) => {
    booked();
    const [row] = await stack.query<{ message: OutboxMessage }>(
      `select jsonb_build_object('id', o.id, 'kind', o.kind, 'recipient', o.recipient,
                'payload', o.payload, 'idempotencyKey', o.idempotency_key, 'attempts', 1,
                'createdAt', o.created_at) as message
         from public.email_outbox o join public.bookings b on b.id = o.booking_id
        where b.reference = $1 and o.kind = 'owner_notification'`,
      [reference],
    );
    const mail = renderEmail(row!.message, {
      siteUrl: 'https://glanspunkt.example/',
      openingHours: seededSiteData.openingHours,
      cancellationNoticeHours: 24,
      ownerEmail: 'ejer@glanspunkt.example',
    });
    expect(mail.text).toContain(field.shown);
  });

  it.each(OWNER_FIELDS)('$body: in the owner’s calendar feed', async (field) => {
    booked();
    const res = await fetch(`${stack.url}/functions/v1/owner-calendar?secret=${SECRET}`);
    expect(res.status).toBe(200);
    // unfolded (RFC 5545 folds long lines) and unescaped
    const feed = (await res.text()).replace(/\r\n[ \t]/g, '').replace(/\\([,;\\])/g, '$1');
    expect(feed).toContain(field.shown);
  });

  // last: it anonymises the booking the other tests read
  it('every field is anonymised by retention', async () => {
    booked();
    await stack.query(`select public.run_retention(now() + interval '6 years')`);
    for (const field of BOOKING_CUSTOMER_FIELDS) {
      const [row] = await stack.query<{ value: string }>(
        `select ${field.column}::text as value from public.bookings where reference = $1`,
        [reference],
      );
      expect([field.column, row!.value]).not.toEqual([field.column, field.stored ?? field.shown]);
    }
  });
});
