// Helpers for the booking-engine SQL tests: both databases, rollback-only transactions, the seeded
// package ids and small wrappers around the SQL functions.
import { expect } from 'vitest';
import type { Queryable } from '../../../local/db/database.ts';
import type { Backend, TestDatabase } from '../../../local/testing/index.ts';

/**
 * Every SQL test runs on PGlite and on a real PostgreSQL 15 server. TEST_BACKENDS=pglite narrows a
 * run to one (the moved-clock pass in CI: the calendar is the same SQL on both; the races and the
 * platform's shape are the ordinary pass's).
 */
export const BACKENDS: Backend[] = (['pglite', 'postgres'] as const).filter(
  (b) => !process.env.TEST_BACKENDS || process.env.TEST_BACKENDS.split(',').includes(b),
);

/**
 * The fixed clock of the SQL tests that book in December 2026: Tuesday 1 December, 10:00 in
 * Copenhagen (UTC+1, no daylight saving change before the new year).
 */
export const NOW = '2026-12-01T10:00:00+01:00';

/** Seeded add-ons (supabase/seed.sql): Motorvask fits every package, Ozonbehandling the washes and polishes, Lædercreme the gold and premium ones, Hundehårsfjernelse the washes. */
export const ADDON = {
  motorvask: 'ad0d0001-0000-4000-8000-000000000001', // 299 kr, 30 min
  laedercreme: 'ad0d0001-0000-4000-8000-000000000002', // 349 kr, 45 min
  hundehaar: 'ad0d0001-0000-4000-8000-000000000003', // 249 kr, 30 min
  ozon: 'ad0d0001-0000-4000-8000-000000000004', // 399 kr, 60 min
} as const;

/** Seeded packages (supabase/seed.sql). */
export const SERVICE = {
  solv: '5a1f0001-0000-4000-8000-000000000001', // 30 min
  guld: '5a1f0001-0000-4000-8000-000000000002', // 120 min
  premium: '5a1f0001-0000-4000-8000-000000000003', // 180 min
  solvPolering: '5a1f0001-0000-4000-8000-000000000004', // 8 h
  guldPolering: '5a1f0001-0000-4000-8000-000000000005', // 14 h
  premiumPolering: '5a1f0001-0000-4000-8000-000000000006', // 18 h
} as const;

export interface Tx {
  rows<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T>;
  exec(sql: string): Promise<void>;
}

class Rollback extends Error {}

function wrap(q: Queryable): Tx {
  return {
    async rows<T>(sql: string, params?: unknown[]) {
      return (await q.query(sql, params)).rows as T[];
    },
    async one<T>(sql: string, params?: unknown[]) {
      const r = (await q.query(sql, params)).rows;
      if (r.length !== 1) throw new Error(`expected one row, got ${r.length}`);
      return r[0] as T;
    },
    exec: (sql: string) => q.exec(sql),
  };
}

/** Runs fn in a transaction that is always rolled back, so tests do not see each other's rows. */
export async function withRollback(t: TestDatabase, fn: (tx: Tx) => Promise<void>): Promise<void> {
  try {
    await t.db.transaction(async (q) => {
      await fn(wrap(q));
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

export interface SlotsAnswer {
  slots: string[];
  readyAt: Record<string, string>;
  error?: string;
}

export async function slots(
  tx: Tx,
  serviceId: string,
  day: string,
  now: string,
): Promise<SlotsAnswer> {
  const r = await tx.one<{ r: SlotsAnswer }>(
    'select public.get_available_slots($1, $2::date, $3::timestamptz) as r',
    [serviceId, day, now],
  );
  return r.r;
}

export interface BookingInput {
  serviceId: string;
  date: string;
  time: string;
  name?: string;
  email?: string;
  phone?: string;
  notes?: string;
  carPlate?: string;
  /** The car's size (car_sizes.code); absent: the ordinary car. */
  carSize?: string;
  addonIds?: string[];
  key?: string | null;
  ip?: string | null;
  now: string;
}

export interface CreateAnswer {
  status: 'created' | 'conflict' | 'invalid' | 'rate_limited';
  field?: string;
  reference?: string;
  service?: { id: string; name: string };
  dropOff?: string;
  readyAt?: string;
  replayed?: boolean;
}

let counter = 0;

/**
 * SQL for a public.booking_request made from a jsonb parameter with the attributes' names (an
 * attribute left out is null: create_booking takes empty notes, plate and no SMS for it).
 */
export const REQUEST = (param: string): string =>
  `jsonb_populate_record(null::public.booking_request, ${param}::jsonb)`;

/** Calls public.create_booking; e-mail, phone and IP differ per call unless given (rate limits, caps). */
export async function book(q: Tx | Queryable, b: BookingInput): Promise<CreateAnswer> {
  counter += 1;
  const sql = `select public.create_booking(${REQUEST('$1')}, $2, $3, $4::timestamptz) as r`;
  const params = [
    {
      service_id: b.serviceId,
      booking_date: b.date,
      booking_time: b.time,
      customer_name: b.name ?? 'Test Kunde',
      customer_email: b.email ?? `kunde${counter}@example.dk`,
      // a phone of its own per call too, so the per-contact cap (max_open_bookings_per_contact) stays out
      customer_phone: b.phone ?? `+45 ${20000000 + (counter % 10000000)}`,
      notes: b.notes ?? '',
      car_plate: b.carPlate ?? '',
      car_size: b.carSize ?? null,
      addon_ids: b.addonIds ?? null,
    },
    b.key ?? null,
    b.ip ?? `10.0.${Math.floor(counter / 250) % 250}.${counter % 250}`,
    b.now,
  ];
  if ('one' in q) return (await q.one<{ r: CreateAnswer }>(sql, params)).r;
  return ((await q.query(sql, params)).rows[0] as { r: CreateAnswer }).r;
}

/** The status alone ('created', 'conflict', ...) of a create_booking of `serviceId` at `date` `time`. */
export async function bookStatus(
  q: Tx | Queryable,
  serviceId: string,
  date: string,
  time: string,
  now: string,
): Promise<CreateAnswer['status']> {
  return (await book(q, { serviceId, date, time, now })).status;
}

/**
 * How the database refuses the statement: its SQLSTATE code and message, or {} when it runs. The
 * statement runs inside a savepoint, so the transaction lives on either way.
 */
export async function refusal(
  tx: Tx,
  sql: string,
  params?: unknown[],
): Promise<{ code?: string; message?: string }> {
  await tx.exec('savepoint expect_error');
  try {
    await tx.rows(sql, params);
    await tx.exec('release savepoint expect_error');
    return {};
  } catch (error) {
    await tx.exec('rollback to savepoint expect_error');
    const e = error as { code?: string; message?: string };
    return { code: e.code, message: e.message };
  }
}

/** The SQLSTATE code the statement fails with (undefined when it runs), as refusal does. */
export async function sqlState(
  tx: Tx,
  sql: string,
  params?: unknown[],
): Promise<string | undefined> {
  return (await refusal(tx, sql, params)).code;
}

/** Everything a booking change could touch, whole rows: bookings, work periods, the outbox, moves. */
export async function bookingState(tx: Tx) {
  return tx.one(
    `select (select json_agg(b order by b.id) from public.bookings b) as bookings,
            (select json_agg(w order by w.id) from public.booking_work_periods w) as periods,
            (select json_agg(o order by o.idempotency_key) from public.email_outbox o) as outbox,
            (select json_agg(m order by m.id) from public.booking_moves m) as moves`,
  );
}

/** Runs refused attempts and expects that they changed no booking, work period, e-mail or move. */
export async function expectUnchanged(tx: Tx, attempts: () => Promise<void>): Promise<void> {
  const before = await bookingState(tx);
  await attempts();
  expect(await bookingState(tx)).toEqual(before);
}

/** The status of the booking's reminder e-mail in the outbox (one row). */
export async function reminderStatus(tx: Tx, bookingId: string): Promise<string> {
  const r = await tx.one<{ status: string }>(
    `select status from public.email_outbox where booking_id = $1 and kind = 'booking_reminder'`,
    [bookingId],
  );
  return r.status;
}

/** The abuse caps (settings) that tests booking many times from one place lift. */
export const BOOKING_CAPS = [
  'rate_limit_per_ip_per_hour',
  'rate_limit_per_email_per_hour',
  'max_bookings_per_ip_per_day',
  'max_open_bookings_per_contact',
  'max_new_bookings_per_hour',
  'max_booking_emails_per_recipient_per_day',
] as const;

/** Lifts the booking caps, for tests of other rules that book many times from one address. */
export async function liftBookingCaps(
  query: (sql: string, params?: unknown[]) => Promise<unknown>,
): Promise<void> {
  await query(
    `insert into public.settings (key, value)
     select k, '100000' from unnest($1::text[]) k
     on conflict (key) do update set value = excluded.value`,
    [[...BOOKING_CAPS]],
  );
}
