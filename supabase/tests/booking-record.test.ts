// One booking request, one record: public.booking_request (30_bookings.sql) is what the
// create-booking function passes whole (validation.ts BOOKING_RECORD names its attributes), what
// create_booking fingerprints whole for the idempotency key and what booking_insert stores. These
// tests hold the record to everything around it, each failure naming the attribute: every attribute
// is a bookings column of the same type, the function names exactly the attributes, booking_insert
// stores each one, the fingerprint changes with each one, and the owner's table shows each one it
// has a column for, after a change too; booking_contact (what the owner's messages show) names each
// told field as the body does. Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BOOKING_RECORD } from '../functions/_shared/validation.ts';
import {
  ADDON,
  BACKENDS,
  NOW,
  REQUEST,
  SERVICE,
  refusal,
  withRollback,
  type Tx,
} from './helpers/sql.ts';

/**
 * Two values of each attribute, written as the booking stores them. A new attribute needs its pair
 * here: the first test fails, naming it, until it has one.
 */
const SAMPLE: Record<string, [unknown, unknown]> = {
  service_id: [SERVICE.solv, SERVICE.guld],
  booking_date: ['2026-12-03', '2026-12-04'],
  booking_time: ['10:00:00', '11:00:00'],
  customer_name: ['Bodil Feltesen', 'Bo Felt'],
  customer_email: ['bodil@example.dk', 'bo@example.dk'],
  customer_phone: ['+4529384756', '+4531384757'],
  notes: ['Hundehår i bagagerummet', 'Nøglen ligger i postkassen'],
  car_plate: ['AB 12 345', 'CD 67 890'],
  sms_opt_in: [true, false],
  car_size: ['almindelig', 'stor-bil'],
  addon_ids: [[ADDON.motorvask], []],
};

interface Attribute {
  name: string;
  type: string;
  /** The type of the bookings column of that name, null when there is none. */
  column_type: string | null;
}

const attributes = (tx: Tx) =>
  tx.rows<Attribute>(
    `select a.attname::text as name, format_type(a.atttypid, a.atttypmod) as type,
            (select format_type(c.atttypid, c.atttypmod) from pg_attribute c
              where c.attrelid = 'public.bookings'::regclass and c.attname = a.attname
                and not c.attisdropped) as column_type
       from pg_attribute a
      where a.attrelid = (select typrelid from pg_type where oid = 'public.booking_request'::regtype)
        and a.attnum > 0 and not a.attisdropped
      order by a.attnum`,
  );

const first = () => Object.fromEntries(Object.entries(SAMPLE).map(([k, [v]]) => [k, v]));

/** Books the first sample at the first free time of its day; its reference. */
async function bookFirst(tx: Tx, ip: string) {
  const request = first();
  const { slot } = await tx.one<{ slot: string }>(
    `select slot from public.booking_candidates($1, $2::date, $3::timestamptz) order by slot limit 1`,
    [request.service_id, request.booking_date, NOW],
  );
  request.booking_time = `${slot}:00`;
  const { r } = await tx.one<{ r: { reference: string } }>(
    `select public.create_booking(${REQUEST('$1')}, null, $2, $3::timestamptz) r`,
    [request, ip, NOW],
  );
  return r;
}

/** The attributes of the request that the owner's table has a column for (and whether text). */
function ownerShown(tx: Tx) {
  return tx.rows<{ name: string; text: boolean }>(
    `select a.attname::text as name, a.atttypid = 'text'::regtype as text
       from pg_attribute a
      where a.attrelid = (select typrelid from pg_type where oid = 'public.booking_request'::regtype)
        and a.attnum > 0 and not a.attisdropped
        and exists (select 1 from pg_attribute o
                     where o.attrelid = 'public.owner_bookings'::regclass
                       and o.attname = a.attname and not o.attisdropped)
        -- what the visitor chose (the size) the owner's table shows by its name, as booked
        and a.attname <> all (public.booking_request_choices())`,
  );
}

describe.each(BACKENDS)('one booking record on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('each attribute of booking_request is a bookings column of the same type, named by the function and sampled here', () =>
    withRollback(t, async (tx) => {
      const attrs = await attributes(tx);
      expect(attrs.length).toBeGreaterThan(5);
      for (const a of attrs) expect(a.column_type, `bookings.${a.name}`).toBe(a.type);
      const names = attrs.map((a) => a.name).sort();
      expect([...Object.values(BOOKING_RECORD)].sort(), 'validation.ts BOOKING_RECORD').toEqual(
        names,
      );
      expect(Object.keys(SAMPLE).sort(), 'SAMPLE in this test').toEqual(names);
    }));

  it('booking_insert stores every attribute of the request', () =>
    withRollback(t, async (tx) => {
      const request = first();
      const { slot } = await tx.one<{ slot: string }>(
        `select slot from public.booking_candidates($1, $2::date, $3::timestamptz) order by slot limit 1`,
        [request.service_id, request.booking_date, NOW],
      );
      request.booking_time = `${slot}:00`;
      const { r } = await tx.one<{ r: { status: string; reference: string } }>(
        `select public.create_booking(${REQUEST('$1')}, null, '10.7.7.7', $2::timestamptz) r`,
        [request, NOW],
      );
      expect(r.status).toBe('created');
      const { stored } = await tx.one<{ stored: Record<string, unknown> }>(
        `select to_jsonb(public.booking_request_of(b)) stored from public.bookings b
          where b.reference = $1`,
        [r.reference],
      );
      for (const [name, value] of Object.entries(request))
        expect(stored[name], `bookings.${name}`).toEqual(value);

      // what the owner's e-mails, agenda e-mail and feed show of it: every field the customer told,
      // under the body's names (the package, the time and the SMS choice are shown otherwise)
      const { contact } = await tx.one<{ contact: Record<string, unknown> }>(
        `select public.booking_contact(b) contact from public.bookings b where b.reference = $1`,
        [r.reference],
      );
      const { choices } = await tx.one<{ choices: string[] }>(
        'select public.booking_request_choices() choices',
      );
      expect(choices).toEqual(expect.arrayContaining(['service_id', 'car_size', 'addon_ids']));
      const told = Object.entries(BOOKING_RECORD).filter(
        ([, attribute]) => !choices.includes(attribute),
      );
      expect(Object.keys(contact).sort()).toEqual(told.map(([field]) => field).sort());
      for (const [field, attribute] of told)
        expect(contact[field], `booking_contact().${field}`).toEqual(request[attribute]);
    }));

  it('the idempotency fingerprint changes with every attribute, and not with how a contact is spelled', () =>
    withRollback(t, async (tx) => {
      const hash = async (request: Record<string, unknown>) =>
        (
          await tx.one<{ h: string }>(`select public.booking_request_hash(${REQUEST('$1')}) h`, [
            request,
          ])
        ).h;
      const base = await hash(first());
      for (const [name, [, other]] of Object.entries(SAMPLE))
        expect(await hash({ ...first(), [name]: other }), name).not.toBe(base);
      expect(
        await hash({
          ...first(),
          customer_email: 'Bodil@Example.DK',
          customer_phone: '29 38 47 56',
          car_plate: 'ab12345',
        }),
      ).toBe(base);
    }));

  it('the owner’s table shows every attribute it has a column for, and each change to it', () =>
    withRollback(t, async (tx) => {
      const r = await bookFirst(tx, '10.7.7.8');
      const shown = await ownerShown(tx);
      expect(shown.map((s) => s.name)).toContain('customer_name');
      const same = async (name: string) => {
        const row = await tx.one<{ table: unknown; booking: unknown }>(
          `select to_jsonb(o) "table", to_jsonb(public.owner_bookings_row(b)) booking
             from public.owner_bookings o join public.bookings b using (reference)
            where o.reference = $1`,
          [r.reference],
        );
        expect(row.table, `owner_bookings after bookings.${name} changed`).toEqual(row.booking);
      };
      await same('nothing');
      for (const { name } of shown) {
        const before = await tx.one<{ v: unknown }>(
          `select to_jsonb(o) -> $2 v from public.owner_bookings o where o.reference = $1`,
          [r.reference, name],
        );
        await tx.rows(
          `update public.bookings b
              set ${name} = (jsonb_populate_record(b, jsonb_build_object($2::text, $3::jsonb))).${name}
            where b.reference = $1`,
          [r.reference, name, JSON.stringify(SAMPLE[name]![1])],
        );
        await same(name);
        const after = await tx.one<{ v: unknown }>(
          `select to_jsonb(o) -> $2 v from public.owner_bookings o where o.reference = $1`,
          [r.reference, name],
        );
        expect(after.v, `owner_bookings.${name} shows the change`).not.toEqual(before.v);
      }
    }));
  it('the owner corrects each field his table shows, and a value the table cannot take is refused in Danish', () =>
    withRollback(t, async (tx) => {
      const r = await bookFirst(tx, '10.7.7.9');
      const shown = (await ownerShown(tx)).filter((a) => a.text);
      const stored = async (name: string) =>
        (
          await tx.one<{ v: unknown }>(
            `select to_jsonb(public.booking_request_of(b)) -> $2 v from public.bookings b
              where b.reference = $1`,
            [r.reference, name],
          )
        ).v;
      for (const { name } of shown) {
        // a value no check takes: far too long (and, for the phone and the e-mail, no number and
        // no address); refused in Danish, the booking as it was
        const before = await stored(name);
        const refused = await refusal(
          tx,
          `update public.owner_bookings set ${name} = $2 where reference = $1`,
          [r.reference, 'x'.repeat(1001)],
        );
        expect(refused.code, `owner_bookings.${name} = 1001 × x`).toBeDefined();
        expect(refused.message, `owner_bookings.${name} = 1001 × x`).not.toMatch(
          /violates|constraint|new row|invalid input|value too long/i,
        );
        expect(await stored(name), `bookings.${name} after a refused value`).toEqual(before);
        // a correction reaches the booking, by name
        await tx.rows(`update public.owner_bookings set ${name} = $2 where reference = $1`, [
          r.reference,
          SAMPLE[name]![1],
        ]);
        expect(await stored(name), `bookings.${name} after the owner's correction`).toEqual(
          SAMPLE[name]![1],
        );
      }
    }));
});
