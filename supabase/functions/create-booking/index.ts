// POST /functions/v1/create-booking
//   {serviceId, customerName, customerEmail, customerPhone, bookingDate, bookingTime, notes?, carPlate?,
//    sms?, carSize?, addonIds? (the job: its price and duration are the database's, booking_job),
//    idempotencyKey?, website?, altcha}   (header Idempotency-Key may carry the key instead;
//    altcha: the ALTCHA widget's field for a challenge from booking-challenge)
// -> 201 {reference, service: {id, name}, dropOff, readyAt, price, job}   (times ISO 8601 with the
//    Copenhagen offset; price the total in kroner inkl. moms, as the e-mails state it; job what it
//    is made of, as booked: {carSize, carSizeName, packagePrice, addons: [{name, price}]})
// -> 400 invalid input or a missing, wrong, expired or already used challenge, or one too cheap
//    while many bookings arrive (booking-challenge then gives a costlier one), 409 slot just taken, 413 body over 10 KiB, 422 idempotency key already used
//    for another booking, 429 rate limited or over a cap (the message gives the phone number), 403 a
//    job over several days from a contact with a no-show while no_show_requires_call is on (the
//    message gives the phone number), 405
//    other methods: {error: '<Danish>'}; a refusal of a customer's field (customer-rules.ts) also
//    names it: {error: '<Danish>', field: 'customerName' | 'customerEmail' | 'customerPhone' |
//    'notes' | 'carPlate'}
// Everything is checked again here and in the database; one SQL call checks, inserts the booking
// and its work periods and queues the e-mails in one transaction.
import { challengeSecret, checkSolution } from '../_shared/challenge.ts';
import { isCustomerField } from '../_shared/customer-rules.ts';
import {
  challengeRefusal,
  error,
  fieldError,
  internalError,
  json,
  MESSAGES,
} from '../_shared/errors.ts';
import { randomReference } from '../_shared/reference.ts';
import { clientIp, readPostRequest } from '../_shared/request.ts';
import { adminClient } from '../_shared/supabase.ts';
import {
  bookingRecord,
  copenhagenIso,
  readAltchaField,
  validateBookingRequest,
} from '../_shared/validation.ts';

const CHALLENGE_REFUSAL = {
  missing: MESSAGES.challengeMissing,
  invalid: MESSAGES.challengeInvalid,
  expired: MESSAGES.challengeExpired,
} as const;

// the database's refusals by field; the contact fields are checked here first, so the database
// refuses them only if the two checks ever disagree
const INVALID: Record<string, string> = {
  serviceId: MESSAGES.service,
  bookingDate: MESSAGES.dateNotBookable,
  bookingTime: MESSAGES.timeNotBookable,
  customerName: MESSAGES.name,
  customerEmail: MESSAGES.email,
  customerPhone: MESSAGES.phone,
  notes: MESSAGES.notes,
  carPlate: MESSAGES.carPlate,
  carSize: MESSAGES.carSize,
  addonIds: MESSAGES.addons,
};

export async function handler(req: Request): Promise<Response> {
  const input = await readPostRequest(req, (body) => {
    const booking = validateBookingRequest(body, req.headers.get('idempotency-key'));
    if (!booking.ok) return booking;
    const altcha = readAltchaField(body);
    if (!altcha.ok) return altcha;
    return { ok: true, value: { booking: booking.value, altcha: altcha.value } };
  });
  if (!input.ok) return input.response;
  const { booking, altcha } = input.value;

  // the proof of work, checked before anything touches the database (whether it was used before
  // is settled in the booking's transaction below)
  const secret = challengeSecret();
  if (!secret) return internalError('create-booking', 'ALTCHA_HMAC_KEY is not set');
  const challenge = await checkSolution(altcha, secret);
  if (!challenge.ok) return error(400, CHALLENGE_REFUSAL[challenge.reason]);

  if (booking.honeypot) {
    // a bot filled in the hidden field: answer like a success, store nothing
    const dropOff = copenhagenIso(booking.bookingDate, booking.bookingTime);
    return json(201, {
      reference: randomReference(),
      service: { id: booking.serviceId, name: '' },
      dropOff,
      readyAt: dropOff,
      price: 0,
      job: { carSize: '', carSizeName: '', packagePrice: 0, addons: [] },
    });
  }

  try {
    const { data, error: rpcError } = await adminClient().rpc('create_booking_with_challenge', {
      p_challenge: challenge.signature,
      p_challenge_expires_at: challenge.expiresAt.toISOString(),
      p_request: bookingRecord(booking),
      p_idempotency_key: booking.idempotencyKey ?? undefined,
      p_client_ip: clientIp(req) ?? undefined,
      p_challenge_cost: challenge.cost,
    });
    if (rpcError) return internalError('create_booking_with_challenge', rpcError);
    const result = data;
    const refused = challengeRefusal(result.status);
    if (refused) return refused;
    switch (result.status) {
      case 'created':
        return json(
          201,
          {
            reference: result.reference,
            service: result.service,
            dropOff: result.dropOff,
            readyAt: result.readyAt,
            price: result.price,
            job: result.job,
          },
          result.replayed ? { 'Idempotent-Replayed': 'true' } : {},
        );
      case 'conflict':
        return error(409, MESSAGES.slotTaken);
      case 'idempotency_mismatch':
        return error(422, MESSAGES.idempotencyMismatch);
      case 'rate_limited':
        return error(429, MESSAGES.rateLimited, { 'Retry-After': '3600' });
      case 'busy':
        return error(429, MESSAGES.busy, { 'Retry-After': '3600' });
      case 'address_cap':
        return error(429, MESSAGES.addressCap, { 'Retry-After': '86400' });
      case 'contact_cap':
        return error(429, MESSAGES.contactCap);
      case 'no_show_call':
        // not a rate: this contact books a job over several days by phone (setting
        // no_show_requires_call), so waiting does not help and no Retry-After is given
        return error(403, MESSAGES.noShowCall);
      case 'invalid': {
        if (result.reason === 'link') return fieldError(MESSAGES.nameLink, 'customerName');
        const message = INVALID[result.field ?? ''] ?? MESSAGES.badRequest;
        // a customer's field is named, so that the form marks it
        return isCustomerField(result.field)
          ? fieldError(message, result.field)
          : error(400, message);
      }
      default:
        return internalError('create_booking', result);
    }
  } catch (cause) {
    return internalError('create-booking', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
