// The two pure rules of the car plate and the SMS in SQL, on PGlite and PostgreSQL 15: how a plate is
// stored (public.car_plate_normalised) and which phone numbers may get an SMS (public.sms_number:
// E.164, the form phone numbers are stored in, and the older stored forms, in one function).
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BACKENDS } from './helpers/sql.ts';

describe.each(BACKENDS)('plate and SMS number rules on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it.each([
    ['ab12345', 'AB 12 345'],
    [' AB 12 345 ', 'AB 12 345'],
    ['ab-12-345', 'AB 12 345'],
    ['Ab 12345', 'AB 12 345'],
    // not a Danish plate: kept as typed (trimmed)
    ['HH-AB 1234', 'HH-AB 1234'],
    [' ab 1234 ', 'ab 1234'],
    ['ABC12345', 'ABC12345'],
    ['', ''],
  ])('stores the plate %j as %j', async (typed, stored) => {
    const [row] = await t.query<{ v: string }>(`select public.car_plate_normalised($1) v`, [typed]);
    expect(row!.v).toBe(stored);
  });

  it.each([
    ['+4520112233', '+4520112233'],
    ['20112233', '+4520112233'],
    ['+45 20 11 22 33', '+4520112233'],
    ['0045 2011 2233', '+4520112233'],
    ['31 23 45 67', '+4531234567'],
    ['+4590123456', null], // premium rate
    ['80123456', null], // freephone
    ['70101155', null], // split charge
    ['18123456', null], // short and service numbers
    ['01234567', null], // reserved
    ['+4915112345678', null], // foreign (E.164)
    ['004915112345', null], // foreign, as stored today
    ['+45201122334', null], // nine digits
    ['', null],
  ])('sends an SMS to %j as %j', async (phone, e164) => {
    const [row] = await t.query<{ v: string | null }>(`select public.sms_number($1) v`, [phone]);
    expect(row!.v).toBe(e164);
  });
});
