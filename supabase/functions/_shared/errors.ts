// JSON answers of the booking functions. Errors are {error: "<Danish message for the visitor>"},
// and a refusal of one of the customer's fields also names it: {error, field: "customerPhone"};
// internal details (SQL errors, stack traces) are logged, never sent.
import { corsHeaders } from './cors.ts';
import type { CustomerField } from './customer-rules.ts';
import { MESSAGES } from './messages.ts';

export { MESSAGES };

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json; charset=utf-8', ...headers },
  });
}

export function error(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return json(status, { error: message }, headers);
}

/**
 * 400 for what the customer typed into one field: the message and the field's body key, so that the
 * form marks that field (customer-rules.ts) instead of showing the refusal as a booking failure.
 */
export function fieldError(message: string, field: CustomerField): Response {
  return json(400, { error: message, field });
}

/**
 * The answer to a proof of work the database refused (the statuses every entry point behind the
 * robot check shares: create_booking_with_challenge, join_waitlist, visitor_message_send), or null
 * for any other status.
 */
export function challengeRefusal(status: unknown): Response | null {
  switch (status) {
    case 'challenge_invalid':
      return error(400, MESSAGES.challengeInvalid);
    case 'challenge_expired':
      return error(400, MESSAGES.challengeExpired);
    case 'challenge_used':
      return error(400, MESSAGES.challengeUsed);
    case 'challenge_too_easy':
      return error(400, MESSAGES.challengeTooEasy);
    default:
      return null;
  }
}

export function methodNotAllowed(): Response {
  return error(405, MESSAGES.methodNotAllowed, { Allow: 'POST, OPTIONS' });
}

/**
 * What may be logged of a failure: its code and message, nothing else. PostgreSQL and PostgREST
 * errors carry the failing row in `details` (name, e-mail, phone, notes, token, address) and logs
 * are kept outside anything the retention job cleans, so details, hints, rows and stacks stay out.
 */
export function describeError(cause: unknown): string {
  if (cause instanceof Error) return `${cause.name}: ${oneLine(cause.message)}`;
  if (typeof cause === 'object' && cause !== null) {
    const { code, message, status } = cause as Record<string, unknown>;
    const parts = [
      typeof code === 'string' || typeof code === 'number' ? `code ${code}` : null,
      typeof status === 'string' ? `status ${status}` : null,
      typeof message === 'string' ? oneLine(message) : null,
    ].filter(Boolean);
    return parts.length ? parts.join(': ') : 'unknown error';
  }
  return typeof cause === 'string' ? oneLine(cause) : 'unknown error';
}

/** A message cut to one line of at most 300 characters (messages may quote a value). */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

/** Logs an unexpected failure (code and message only) and answers 500 with a generic message. */
export function internalError(where: string, cause: unknown): Response {
  console.error(`${where}: ${describeError(cause)}`);
  return error(500, MESSAGES.internal);
}
