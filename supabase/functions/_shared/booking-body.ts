// The create-booking request body, as the booking form posts it (src/features/booking/api/
// create-booking.ts) and as validateBookingRequest (validation.ts) reads it: one declaration for
// both sides of the wire.
//
// src/ imports it with `import type` only (eslint.config.js says so and checks it): nothing of it
// reaches the browser's bundle (of supabase/, only customer-rules.ts does). So it holds types only,
// imports nothing and uses no Deno or Node API; `npm run typecheck` checks it with the browser's
// settings and `npm run check:deno` with Deno's.

/**
 * The booking request: what the visitor chose and typed. The form posts it under these names, the
 * create-booking function checks it (validation.ts) and passes it whole to the database as one
 * public.booking_request record (validation.ts's BOOKING_RECORD names each field's attribute).
 */
export interface BookingRequestFields {
  serviceId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** yyyy-MM-dd */
  bookingDate: string;
  /** HH:mm, one of the offered slots */
  bookingTime: string;
  notes: string;
  /** The car's registration number, optional ('' when not given). */
  carPlate: string;
  /** "Send mig SMS": the customer also wants the confirmation, reminder, move and cancellation by SMS. */
  sms: boolean;
  /**
   * The car's size (public.car_sizes.code); '' or absent is the ordinary car, whose price and
   * duration are the package's own (the spec's body has neither field). The price and duration
   * are the server's (booking_job), never the browser's.
   */
  carSize?: string;
  /** The chosen add-ons (public.addons.id), each once; [] or absent for none. */
  addonIds?: string[];
}

/** The create-booking request body: the booking request and what guards its submit. */
export interface CreateBookingBody extends BookingRequestFields {
  /** The hidden honeypot field (`website`): only bots fill it in. */
  website?: string;
  /** The solved proof-of-work challenge (the ALTCHA widget's field value, base64 JSON). */
  altcha?: string;
  /**
   * The submit's idempotency key. The Idempotency-Key header wins over it; the form sends the
   * header only.
   */
  idempotencyKey?: string;
}
