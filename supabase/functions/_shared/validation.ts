// Input rules of the booking functions. Pure TypeScript without Deno or Node APIs, so the server
// tests run them in Node too. The rules of what the customer types (name, e-mail, phone, notes, car
// plate) are customer-rules.ts, which the booking form also runs before it sends; the rest of this
// file stays on the server (lint keeps src/ from it): whatever the form did, the server checks
// everything.
import type { BookingRequestFields, CreateBookingBody } from './booking-body.ts';
import {
  CUSTOMER_FIELDS,
  readCustomerField,
  type CustomerField,
  OPTIONAL_TEXT_FIELDS,
} from './customer-rules.ts';
import type { Database } from './database.types.ts';
import { MESSAGES } from './messages.ts';
import { phoneE164 } from './phone.ts';

export {
  CAR_PLATE_MAX,
  EMAIL_MAX,
  hasLink,
  isEmail,
  isPhone,
  LINK_PATTERN,
  NAME_MAX,
  NAME_MIN,
  NOTES_MAX,
  OPTIONAL_TEXT_FIELDS,
} from './customer-rules.ts';

/** Largest accepted request body, in bytes. */
export const MAX_BODY_BYTES = 10 * 1024;

// every customer field is a field of the request (a name that is not fails to compile here)
const customerFieldsAreRequestFields: readonly (keyof BookingRequestFields)[] = CUSTOMER_FIELDS;
void customerFieldsAreRequestFields;

/** The honeypot field: hidden in the form, so only bots fill it in. */
export const HONEYPOT_FIELD = 'website';
/** The proof-of-work field: what the ALTCHA widget puts in its form field (base64 JSON). */
export const ALTCHA_FIELD = 'altcha';
/** Longest accepted ALTCHA field; the widget's payloads are under 1,000 characters. */
export const ALTCHA_MAX_LENGTH = 4000;

/**
 * A checked input, or its refusal; `field` names the customer's field it refuses (the answer
 * carries it beside the message, so the form marks that field).
 */
export type Result<T> =
  { ok: true; value: T } | { ok: false; error: string; field?: CustomerField };

export interface SlotsRequest {
  date: string;
  serviceId: string;
  /** The job's car size and add-ons (booking-body.ts); '' and [] when not given. */
  carSize: string;
  addonIds: string[];
}

/** Most add-ons one request may name (the owner's list is far shorter). */
export const ADDONS_MAX = 20;
const CAR_SIZE = /^[a-z0-9]+(-[a-z0-9]+){0,5}$/;

/**
 * A valid create-booking body as the function uses it: the body's fields (booking-body.ts, the
 * declaration the form posts by), trimmed and normalised, the key of this submit and whether the
 * honeypot was filled in.
 */
export interface BookingRequest extends Omit<
  CreateBookingBody,
  typeof HONEYPOT_FIELD | typeof ALTCHA_FIELD | 'idempotencyKey'
> {
  /** Key of this submit (body field or Idempotency-Key header). */
  idempotencyKey: string | null;
  /** True when the honeypot field was filled in. */
  honeypot: boolean;
}

/** The booking request as the database takes it: one public.booking_request record. */
export type BookingRecord = Database['public']['CompositeTypes']['booking_request'];

/**
 * Each field of the booking request and the attribute of public.booking_request (a bookings
 * column) it is passed as. The compiler holds it to both declarations: every field named, every
 * attribute given; supabase/tests/booking-record.test.ts holds it to the database itself.
 */
export const BOOKING_RECORD = {
  serviceId: 'service_id',
  bookingDate: 'booking_date',
  bookingTime: 'booking_time',
  customerName: 'customer_name',
  customerEmail: 'customer_email',
  customerPhone: 'customer_phone',
  notes: 'notes',
  carPlate: 'car_plate',
  sms: 'sms_opt_in',
  carSize: 'car_size',
  addonIds: 'addon_ids',
} as const satisfies { [K in keyof BookingRequestFields]: keyof BookingRecord };

// an attribute of the record that no field is passed as fails to compile here
type Unnamed = Exclude<keyof BookingRecord, (typeof BOOKING_RECORD)[keyof BookingRequestFields]>;
const everyAttributeNamed: [Unnamed] extends [never] ? true : Unnamed = true;
void everyAttributeNamed;

/** A checked booking request as the one record the database takes (create_booking's p_request). */
export function bookingRecord(request: BookingRequestFields): BookingRecord {
  const record: Partial<Record<keyof BookingRecord, unknown>> = {};
  for (const field of Object.keys(BOOKING_RECORD) as (keyof BookingRequestFields)[]) {
    record[BOOKING_RECORD[field]] = request[field];
  }
  return record as BookingRecord;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** Longest stored phone: E.164, + and at most 15 digits. */
export const PHONE_MAX = 16;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A real calendar date written yyyy-MM-dd (2026-02-30 is refused). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2999 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A time written HH:mm (24-hour clock). Whether it is on the slot grid is checked by the database. */
export function isTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

/** The stored form of a valid phone number, E.164 (+4520112233); a phone that is not valid as it is. */
export function normalisePhone(value: string): string {
  return phoneE164(value) ?? value;
}

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY.test(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasOnly(body: Record<string, unknown>, allowed: readonly string[]): boolean {
  return Object.keys(body).every((key) => allowed.includes(key));
}

/**
 * The job's choices besides the package: the car size ('' or absent: the ordinary car) and the
 * add-ons (absent: none), in the form the database takes them. Whether the package offers them is
 * the database's to say (booking_job).
 */
export function readJobChoices(
  body: Record<string, unknown>,
): Result<{ carSize: string; addonIds: string[] }> {
  const size = body.carSize ?? '';
  if (typeof size !== 'string' || size.length > 60) return { ok: false, error: MESSAGES.carSize };
  const carSize = size.trim().toLowerCase();
  if (carSize !== '' && !CAR_SIZE.test(carSize)) return { ok: false, error: MESSAGES.carSize };
  const ids = body.addonIds ?? [];
  if (!Array.isArray(ids) || ids.length > ADDONS_MAX || !ids.every(isUuid)) {
    return { ok: false, error: MESSAGES.addons };
  }
  const addonIds = ids.map((id) => id.toLowerCase());
  if (new Set(addonIds).size !== addonIds.length) return { ok: false, error: MESSAGES.addons };
  return { ok: true, value: { carSize, addonIds } };
}

const SLOTS_FIELDS = ['date', 'serviceId', 'carSize', 'addonIds'] as const;

export function validateSlotsRequest(body: unknown): Result<SlotsRequest> {
  if (!isPlainObject(body)) return { ok: false, error: MESSAGES.badRequest };
  if (!hasOnly(body, SLOTS_FIELDS)) return { ok: false, error: MESSAGES.unknownField };
  if (!isUuid(body.serviceId)) return { ok: false, error: MESSAGES.service };
  if (!isDate(body.date)) return { ok: false, error: MESSAGES.date };
  const job = readJobChoices(body);
  if (!job.ok) return job;
  return {
    ok: true,
    value: { date: body.date, serviceId: body.serviceId.toLowerCase(), ...job.value },
  };
}

/** The keys a create-booking body may have: the request's fields and what guards its submit. */
export const BOOKING_FIELDS: readonly (keyof CreateBookingBody)[] = [
  ...(Object.keys(BOOKING_RECORD) as (keyof BookingRequestFields)[]),
  'idempotencyKey',
  HONEYPOT_FIELD,
  ALTCHA_FIELD,
];

/**
 * The ALTCHA field of a create-booking body: null when absent, the text when it is a string of at
 * most ALTCHA_MAX_LENGTH characters, otherwise not ok. Its content is checked by the function.
 */
export function readAltchaField(body: unknown): Result<string | null> {
  const value = isPlainObject(body) ? body[ALTCHA_FIELD] : undefined;
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string' || value.length > ALTCHA_MAX_LENGTH) {
    return { ok: false, error: MESSAGES.challengeInvalid };
  }
  return { ok: true, value };
}

/**
 * The customer's fields of a body, read in the given order (customer-rules.ts); the first wrong one
 * is the refusal, naming its field.
 */
function readCustomerFields<F extends CustomerField>(
  body: Record<string, unknown>,
  fields: readonly F[],
): Result<Record<F, string>> {
  const values = {} as Record<F, string>;
  for (const field of fields) {
    const reading = readCustomerField(field, body[field]);
    if (!reading.ok) return { ok: false, error: reading.error, field };
    values[field] = reading.value;
  }
  return { ok: true, value: values };
}

/**
 * Checks a create-booking body. headerKey is the Idempotency-Key header, which wins over the body
 * field of the same name.
 */
export function validateBookingRequest(
  body: unknown,
  headerKey: string | null = null,
): Result<BookingRequest> {
  const fail = (error: string): Result<BookingRequest> => ({ ok: false, error });
  if (!isPlainObject(body)) return fail(MESSAGES.badRequest);
  if (!hasOnly(body, BOOKING_FIELDS)) return fail(MESSAGES.unknownField);

  const trap = body[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== null && typeof trap !== 'string')
    return fail(MESSAGES.badRequest);

  if (!isUuid(body.serviceId)) return fail(MESSAGES.service);

  const contact = readCustomerFields(body, ['customerName', 'customerEmail', 'customerPhone']);
  if (!contact.ok) return contact;

  if (!isDate(body.bookingDate)) return fail(MESSAGES.date);
  if (!isTime(body.bookingTime)) return fail(MESSAGES.time);

  const typed = readCustomerFields(body, [
    'notes',
    ...(Object.keys(OPTIONAL_TEXT_FIELDS) as (keyof typeof OPTIONAL_TEXT_FIELDS)[]),
  ]);
  if (!typed.ok) return typed;
  const { notes, ...optional } = typed.value;

  // a checkbox: true, or absent/false (the form posts a boolean; nothing else is a choice)
  const sms = body.sms ?? false;
  if (typeof sms !== 'boolean') return fail(MESSAGES.badRequest);

  const job = readJobChoices(body);
  if (!job.ok) return job;

  const key = headerKey ?? body.idempotencyKey ?? null;
  if (key !== null && !isIdempotencyKey(key)) return fail(MESSAGES.idempotencyKey);

  return {
    ok: true,
    value: {
      serviceId: body.serviceId.toLowerCase(),
      customerName: contact.value.customerName,
      customerEmail: contact.value.customerEmail,
      customerPhone: normalisePhone(contact.value.customerPhone),
      bookingDate: body.bookingDate,
      bookingTime: body.bookingTime,
      notes,
      ...optional,
      sms,
      ...job.value,
      idempotencyKey: key,
      honeypot: typeof trap === 'string' && trap.trim() !== '',
    },
  };
}

/** UTC offset of Europe/Copenhagen at an instant, e.g. '+01:00' or '+02:00'. */
export function copenhagenOffset(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Copenhagen',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+01:00';
  return name === 'GMT' ? '+00:00' : name.replace('GMT', '');
}

/** ISO 8601 with the Copenhagen offset for a local date and HH:mm, e.g. 2026-12-01T09:00:00+01:00. */
export function copenhagenIso(date: string, time: string): string {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // the offset at the instant one hour-ish away is the same except inside the DST switch hour
  const offset = copenhagenOffset(new Date(asUtc - 60 * 60 * 1000));
  return `${date}T${time}:00${offset}`;
}
