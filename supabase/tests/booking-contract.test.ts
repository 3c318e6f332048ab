// The create-booking body on both sides of the wire: the booking form's BookingInput
// (src/features/booking/api/create-booking.ts) and the function's parser (validateBookingRequest in
// supabase/functions/_shared/validation.ts). The two cannot share one declaration (the front end
// imports nothing from supabase/functions), so this fails when they drift apart: by type in
// `npm run typecheck`, by behaviour here.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BookingInput } from '../../src/features/booking/api/create-booking';
import {
  BOOKING_FIELDS,
  validateBookingRequest,
  type BookingRequest,
} from '../functions/_shared/validation.ts';

/** Every field the form may send, each one set (a new field in BookingInput must be added here). */
const full: Required<BookingInput> = {
  serviceId: '5a1f0001-0000-4000-8000-000000000002',
  customerName: 'Ane Jensen',
  customerEmail: 'ane@example.dk',
  customerPhone: '12345678',
  bookingDate: '2026-12-01',
  bookingTime: '09:30',
  notes: 'Hund i bilen',
  website: '',
  altcha: 'solution',
};

describe('the create-booking body: browser and function agree', () => {
  it('every field the form sends is one the function takes', () => {
    expect(Object.keys(full).filter((key) => !BOOKING_FIELDS.includes(key as never))).toEqual([]);
  });

  it('a body as the form sends it is accepted, each field read under its own name', () => {
    const result = validateBookingRequest(full, null);
    expect(result).toMatchObject({
      ok: true,
      value: {
        serviceId: full.serviceId,
        customerName: full.customerName,
        customerEmail: full.customerEmail,
        customerPhone: full.customerPhone,
        bookingDate: full.bookingDate,
        bookingTime: full.bookingTime,
        notes: full.notes,
        honeypot: false,
      },
    });
  });

  it('the fields the function reads are the form’s, with the same types', () => {
    expectTypeOf<Omit<BookingRequest, 'idempotencyKey' | 'honeypot'>>().toEqualTypeOf<
      Omit<BookingInput, 'website' | 'altcha'>
    >();
  });
});
