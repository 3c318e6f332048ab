// POST /functions/v1/join-waitlist
//   {serviceId, day (yyyy-MM-dd), customerEmail, customerPhone?, carSize?, addonIds?, altcha,
//   website?}   "Skriv mig op" to a day full for the job (customerPhone: also an SMS when a time
//   frees, '' or absent: e-mail only; carSize and addonIds: the job as the calendar was asked for
//   it, told only of a time long enough for it)
// -> 200 {day, serviceName, already}   (already: the address was on the day's list; nothing new is
//    written and no second receipt sent)
//   {leaveToken}   the receipt's "Fjern mig fra listen"
// -> 200 {left: true, day} | 404 {error} (unknown token, or the list is gone)
// -> 400 invalid input, a missing/wrong/expired/used challenge, or the form's field refused
//    ({error, field: 'customerEmail' | 'customerPhone'}); 409 the day is not full (or not bookable); 413 body over
//    10 KiB; 429 over a cap (the day's list, the address's days, the client address); 405 other
//    methods: {error: '<Danish>'}
// The e-mail address and the phone are read by the booking form's own rules (customer-rules.ts). The day's state,
// the caps and the challenge's single use are settled in one SQL call (join_waitlist).
import { challengeSecret, checkSolution } from '../_shared/challenge.ts';
import { readCustomerField } from '../_shared/customer-rules.ts';
import {
  challengeRefusal,
  error,
  fieldError,
  internalError,
  json,
  MESSAGES,
} from '../_shared/errors.ts';
import { clientIp, readPostRequest } from '../_shared/request.ts';
import { adminClient } from '../_shared/supabase.ts';
import {
  HONEYPOT_FIELD,
  isDate,
  isUuid,
  readAltchaField,
  readJobChoices,
} from '../_shared/validation.ts';

type Input =
  | { leave: string }
  | {
      serviceId: string;
      day: string;
      email: string;
      phone: string | null;
      carSize: string;
      addonIds: string[];
      altcha: string | null;
      honeypot: boolean;
    };

const JOIN_FIELDS = new Set([
  'serviceId',
  'day',
  'customerEmail',
  'customerPhone',
  'carSize',
  'addonIds',
  'altcha',
  HONEYPOT_FIELD,
]);
const TOKEN = /^[0-9a-f]{64}$/;

const CHALLENGE_REFUSAL = {
  missing: MESSAGES.challengeMissing,
  invalid: MESSAGES.challengeInvalid,
  expired: MESSAGES.challengeExpired,
} as const;

type Refusal = { ok: false; error: string; field?: 'customerEmail' | 'customerPhone' };

/** The optional phone: absent or blank is none; anything else must be a phone number. */
function readPhone(raw: unknown): { ok: true; value: string | null } | Refusal {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: true, value: null };
  }
  const phone = readCustomerField('customerPhone', raw);
  if (!phone.ok) return { ok: false, error: phone.error, field: 'customerPhone' };
  return { ok: true, value: phone.value };
}

function validate(body: unknown): { ok: true; value: Input } | Refusal {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: MESSAGES.badRequest };
  }
  const record = body as Record<string, unknown>;
  if ('leaveToken' in record) {
    if (Object.keys(record).length !== 1) return { ok: false, error: MESSAGES.unknownField };
    const token = record.leaveToken;
    if (typeof token !== 'string' || !TOKEN.test(token)) {
      return { ok: false, error: MESSAGES.waitlistLeaveUnknown };
    }
    return { ok: true, value: { leave: token } };
  }
  if (Object.keys(record).some((key) => !JOIN_FIELDS.has(key))) {
    return { ok: false, error: MESSAGES.unknownField };
  }
  if (!isUuid(record.serviceId)) return { ok: false, error: MESSAGES.service };
  if (!isDate(record.day)) return { ok: false, error: MESSAGES.date };
  const email = readCustomerField('customerEmail', record.customerEmail);
  if (!email.ok) return { ok: false, error: email.error, field: 'customerEmail' };
  const phone = readPhone(record.customerPhone);
  if (!phone.ok) return phone;
  const job = readJobChoices(record);
  if (!job.ok) return { ok: false, error: job.error };
  const altcha = readAltchaField(record);
  if (!altcha.ok) return { ok: false, error: altcha.error };
  const honeypot = record[HONEYPOT_FIELD];
  return {
    ok: true,
    value: {
      serviceId: record.serviceId,
      day: record.day,
      email: email.value,
      phone: phone.value,
      ...job.value,
      altcha: altcha.value,
      honeypot: typeof honeypot === 'string' && honeypot.trim() !== '',
    },
  };
}

async function leave(token: string): Promise<Response> {
  const { data, error: rpcError } = await adminClient().rpc('leave_waitlist', { p_token: token });
  if (rpcError) return internalError('leave_waitlist', rpcError);
  const result = data as { status: string; day?: string };
  if (result.status === 'left') return json(200, { left: true, day: result.day });
  return error(404, MESSAGES.waitlistLeaveUnknown);
}

export async function handler(req: Request): Promise<Response> {
  const input = await readPostRequest(req, validate);
  if (!input.ok) return input.response;
  const value = input.value;
  try {
    if ('leave' in value) return await leave(value.leave);

    const secret = challengeSecret();
    if (!secret) return internalError('join-waitlist', 'ALTCHA_HMAC_KEY is not set');
    const challenge = await checkSolution(value.altcha, secret);
    if (!challenge.ok) return error(400, CHALLENGE_REFUSAL[challenge.reason]);
    // a bot filled in the hidden field: answered like a sign-up, nothing stored
    if (value.honeypot) return json(200, { day: value.day, serviceName: '', already: false });

    const { data, error: rpcError } = await adminClient().rpc('join_waitlist', {
      p_challenge: challenge.signature,
      p_challenge_expires_at: challenge.expiresAt.toISOString(),
      p_service_id: value.serviceId,
      p_day: value.day,
      p_email: value.email,
      p_client_ip: clientIp(req) ?? undefined,
      ...(value.phone !== null ? { p_phone: value.phone } : {}),
      // the job, as the calendar that showed the day full was asked for it
      ...(value.carSize !== '' ? { p_car_size: value.carSize } : {}),
      ...(value.addonIds.length > 0 ? { p_addon_ids: value.addonIds } : {}),
    });
    if (rpcError) return internalError('join_waitlist', rpcError);
    const result = data as {
      status: string;
      reason?: string;
      field?: string;
      already?: boolean;
      day?: string;
      serviceName?: string;
    };
    const refused = challengeRefusal(result.status);
    if (refused) return refused;
    switch (result.status) {
      case 'joined':
        return json(200, {
          day: result.day,
          serviceName: result.serviceName,
          already: result.already === true,
        });
      case 'not_full':
        return result.reason === 'free'
          ? error(409, MESSAGES.waitlistDayNotFull)
          : result.reason === 'unknown_service'
            ? error(400, MESSAGES.service)
            : result.reason === 'unknown_car_size'
              ? error(400, MESSAGES.carSize)
              : result.reason === 'unknown_addon'
                ? error(400, MESSAGES.addons)
                : error(409, MESSAGES.waitlistDayNotOffered);
      case 'list_full':
        return error(429, MESSAGES.waitlistListFull);
      case 'contact_cap':
        return error(429, MESSAGES.waitlistContactCap);
      case 'address_cap':
        return error(429, MESSAGES.waitlistAddressCap, { 'Retry-After': '86400' });
      case 'invalid':
        return result.field === 'phone'
          ? fieldError(MESSAGES.phone, 'customerPhone')
          : fieldError(MESSAGES.email, 'customerEmail');
      default:
        return internalError('join_waitlist', result);
    }
  } catch (cause) {
    return internalError('join-waitlist', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
