// The create-booking body on both sides of the wire. It is declared once, in
// supabase/functions/_shared/booking-body.ts: the booking form's BookingInput
// (src/features/booking/api/create-booking.ts) is that type (imported with `import type`, the one
// exception lint allows), and the function's BookingRequest is derived from it. What can still
// drift is the parser: the field list it accepts (BOOKING_FIELDS) and the names it reads. This
// fails when they do: by type in `npm run typecheck`, by behaviour here.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { BookingInput } from '../../src/features/booking/api/create-booking';
import type { CreateBookingBody } from '../functions/_shared/booking-body.ts';
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
  customerPhone: '+4521345678',
  bookingDate: '2026-12-01',
  bookingTime: '09:30',
  notes: 'Hund i bilen',
  carPlate: 'AB 12 345',
  sms: true,
  carSize: 'stor-bil',
  addonIds: ['ad0d0001-0000-4000-8000-000000000001'],
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
        carPlate: full.carPlate,
        sms: full.sms,
        carSize: full.carSize,
        addonIds: full.addonIds,
        honeypot: false,
      },
    });
  });

  it('the form posts the one declared body; the function takes exactly its fields', () => {
    expectTypeOf<BookingInput>().toEqualTypeOf<Omit<CreateBookingBody, 'idempotencyKey'>>();
    expectTypeOf<(typeof BOOKING_FIELDS)[number]>().toEqualTypeOf<keyof CreateBookingBody>();
  });

  it('the fields the function reads are the form’s, with the same types', () => {
    expectTypeOf<Omit<BookingRequest, 'idempotencyKey' | 'honeypot'>>().toEqualTypeOf<
      Omit<BookingInput, 'website' | 'altcha'>
    >();
  });
});
