import type { FunctionReply } from '~/lib/link-call';

/**
 * What an answer to "book this time" means to the page, for create-booking (the form) and
 * reschedule-booking (the move page), which answer alike: a 2xx with the booking, 409 when the time
 * was just taken, another refusal with a Danish message, or nothing a page can use. A function's
 * own further answers (reschedule-booking's unknown link, or a booking that may no longer move) are
 * read by its caller before this.
 */
export type BookingAnswer<T> =
  | { kind: 'ok'; value: T }
  /** The time was just taken: free times and days are loaded again, a time is chosen again. */
  | { kind: 'taken'; status: 409; message?: string }
  /**
   * Refused with the server's Danish message (invalid input, a cap, a used challenge, …); `field`
   * is the body key of the customer's field it refuses, when it refuses one (the form marks it).
   */
  | { kind: 'rejected'; status: number; message: string; field?: string }
  /** No answer, or none with a message: the page says it in its own words. */
  | { kind: 'error'; status?: number };

/** The function's own Danish message in an error answer ({error: '<Danish>'}), when it has one. */
export function replyMessage(body: Record<string, unknown> | null): string | undefined {
  const error = body?.error;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/**
 * Reads a function's reply; `booking` returns the success's booking from its body, or null when the
 * body is not one (then the answer is an error).
 */
export function bookingAnswer<T>(
  reply: FunctionReply,
  booking: (body: Record<string, unknown>) => T | null,
): BookingAnswer<T> {
  const { status, body } = reply;
  if (status === undefined) return { kind: 'error' };
  if (status >= 200 && status < 300) {
    const value = body ? booking(body) : null;
    return value === null ? { kind: 'error', status } : { kind: 'ok', value };
  }
  const message = replyMessage(body);
  if (status === 409) return { kind: 'taken', status, message };
  if (!message) return { kind: 'error', status };
  const field = body?.field;
  return typeof field === 'string' && field !== ''
    ? { kind: 'rejected', status, message, field }
    : { kind: 'rejected', status, message };
}
