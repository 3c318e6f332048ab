// POST /functions/v1/send-message
//   {topic: 'question' | 'quote', name, email, phone?, car?, message, idempotencyKey?, website?,
//    altcha}   (header Idempotency-Key may carry the key instead; altcha: the ALTCHA widget's field
//    for a challenge from booking-challenge, the booking's proof of work)
// -> 201 {sent: true}: the message is stored and the owner's e-mail (Reply-To the visitor) and
//    the visitor's receipt are queued in the outbox (82_visitor_messages.sql)
// -> 400 a missing, wrong, expired or used challenge, or a wrong field: {error, field} with field
//    one of topic, name, email, phone, car, message (message-rules.ts: lengths, e-mail, phone, no
//    links in name, car or message), 413 body over 10 KiB, 422 idempotency key already used for
//    another message, 429 over a cap (per address, per e-mail, the site's day), 405 other methods.
// Every refusal is {error: '<Danish>'}; a stored message is never stored or mailed twice.
import { challengeSecret, checkSolution } from '../_shared/challenge.ts';
import { challengeRefusal, error, internalError, json, MESSAGES } from '../_shared/errors.ts';
import { SEND_MESSAGE_ERRORS } from '../_shared/message-errors.ts';
import {
  isMessageField,
  MESSAGE_FIELDS,
  readMessageField,
  type MessageField,
} from '../_shared/message-rules.ts';
import { clientIp, readPostRequest } from '../_shared/request.ts';
import { adminClient } from '../_shared/supabase.ts';
import {
  ALTCHA_FIELD,
  HONEYPOT_FIELD,
  isIdempotencyKey,
  readAltchaField,
} from '../_shared/validation.ts';

const CHALLENGE_REFUSAL = {
  missing: MESSAGES.challengeMissing,
  invalid: MESSAGES.challengeInvalid,
  expired: MESSAGES.challengeExpired,
} as const;

const KNOWN = new Set<string>([...MESSAGE_FIELDS, HONEYPOT_FIELD, ALTCHA_FIELD, 'idempotencyKey']);

function fieldError(message: string, field: MessageField): Response {
  return json(400, { error: message, field });
}

interface MessageInput {
  request: Record<MessageField, string>;
  idempotencyKey: string | null;
  honeypot: boolean;
  altcha: string | null;
}

type Checked = { ok: true; value: MessageInput } | { ok: false; response: Response };

function check(body: unknown, headerKey: string | null): Checked {
  const bad = (message: string) => ({ ok: false, response: error(400, message) }) as const;
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return bad(MESSAGES.badRequest);
  const fields = body as Record<string, unknown>;
  if (Object.keys(fields).some((key) => !KNOWN.has(key))) return bad(MESSAGES.unknownField);
  const request = {} as Record<MessageField, string>;
  for (const field of MESSAGE_FIELDS) {
    const reading = readMessageField(field, fields[field]);
    if (!reading.ok) return { ok: false, response: fieldError(reading.error, field) };
    request[field] = reading.value;
  }
  const key = headerKey ?? fields.idempotencyKey ?? null;
  if (key !== null && !isIdempotencyKey(key)) return bad(MESSAGES.idempotencyKey);
  const altcha = readAltchaField(fields);
  if (!altcha.ok) return bad(altcha.error);
  const trap = fields[HONEYPOT_FIELD];
  return {
    ok: true,
    value: {
      request,
      idempotencyKey: key,
      honeypot: typeof trap === 'string' && trap.trim() !== '',
      altcha: altcha.value,
    },
  };
}

export async function handler(req: Request): Promise<Response> {
  const read = await readPostRequest(req, (body) => ({ ok: true, value: body }));
  if (!read.ok) return read.response;
  const input = check(read.value, req.headers.get('idempotency-key'));
  if (!input.ok) return input.response;
  const { request, idempotencyKey, honeypot, altcha } = input.value;

  // the proof of work, checked before anything touches the database (whether it was used before
  // is settled in the message's transaction)
  const secret = challengeSecret();
  if (!secret) return internalError('send-message', 'ALTCHA_HMAC_KEY is not set');
  const challenge = await checkSolution(altcha, secret);
  if (!challenge.ok) return error(400, CHALLENGE_REFUSAL[challenge.reason]);

  // a bot filled in the hidden field: answer like a success, store and send nothing
  if (honeypot) return json(201, { sent: true });

  try {
    const { data, error: rpcError } = await adminClient().rpc('visitor_message_send', {
      p_challenge: challenge.signature,
      p_challenge_expires_at: challenge.expiresAt.toISOString(),
      p_request: request,
      p_idempotency_key: idempotencyKey ?? undefined,
      p_client_ip: clientIp(req) ?? undefined,
      p_challenge_cost: challenge.cost,
    });
    if (rpcError) return internalError('visitor_message_send', rpcError);
    const result = data as { status?: string; field?: string; replayed?: boolean } | null;
    const refused = challengeRefusal(result?.status);
    if (refused) return refused;
    switch (result?.status) {
      case 'sent':
        return json(201, { sent: true }, result.replayed ? { 'Idempotent-Replayed': 'true' } : {});
      case 'idempotency_mismatch':
        return error(422, SEND_MESSAGE_ERRORS.idempotencyMismatch);
      case 'rate_limited':
        return error(429, SEND_MESSAGE_ERRORS.rateLimited, { 'Retry-After': '86400' });
      case 'busy':
        return error(429, SEND_MESSAGE_ERRORS.busy, { 'Retry-After': '3600' });
      case 'invalid': {
        // the table's checks agree with message-rules.ts, so this is only reached if they drift
        const field = isMessageField(result.field) ? result.field : null;
        if (!field) return error(400, MESSAGES.badRequest);
        const reading = readMessageField(field, '');
        return fieldError(reading.ok ? MESSAGES.badRequest : reading.error, field);
      }
      default:
        return internalError('visitor_message_send', result);
    }
  } catch (cause) {
    return internalError('send-message', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
