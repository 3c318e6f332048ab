import type { FunctionReply } from '~/lib/link-call';
import { replyMessage, type BookingAnswer } from './booking-answer';

export type BookingOperation = 'services' | 'calendar' | 'slots' | 'create';

/** A failed backend call of the booking form. */
export class BookingApiError extends Error {
  readonly operation: BookingOperation;
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** The server's own Danish message ({error: '...'}), when it sent one. */
  readonly serverMessage: string | undefined;
  /** What a refused booking means to the page (create-booking), see booking-answer.ts. */
  readonly answer: Exclude<BookingAnswer<unknown>, { kind: 'ok' }> | undefined;

  constructor(
    operation: BookingOperation,
    message: string,
    options: {
      status?: number;
      serverMessage?: string;
      answer?: Exclude<BookingAnswer<unknown>, { kind: 'ok' }>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'BookingApiError';
    this.operation = operation;
    this.status = options.status;
    this.serverMessage = options.serverMessage;
    this.answer = options.answer;
  }
}

/**
 * Whether a failed call means the booking system cannot be reached (no answer, or the platform's
 * gateway answering for a backend that is down) rather than a server that answered with an error.
 * An outage is said once, by the form's notice with the phone; an answered failure of a read gets
 * the spec's toast (booking-query-provider.tsx).
 */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof BookingApiError)) return true;
  const { status } = error;
  return status === undefined || status === 0 || status === 502 || status === 503 || status === 504;
}

/**
 * A functions.invoke result as the reply of a plain call (~/lib/supabase-config): the status and the
 * JSON body of a success or of the function's own error answer ({error: '<Danish>'}). A network or
 * relay failure is no answer.
 */
export async function invokeReply(result: {
  data: unknown;
  error: unknown;
  response?: Response;
}): Promise<FunctionReply> {
  const { data, error } = result;
  const object = (value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  if (!error) return { status: result.response?.status ?? 200, body: object(data) };
  // a FunctionsHttpError (told by its shape): the function's own answer is in error.context
  const context = (error as { context?: unknown } | null)?.context;
  if (
    error instanceof Error &&
    error.name === 'FunctionsHttpError' &&
    typeof Response !== 'undefined' &&
    context instanceof Response
  ) {
    let body: Record<string, unknown> | null = null;
    try {
      body = object(await context.json());
    } catch {
      // not JSON: no message of the server's own
    }
    return { status: context.status, body };
  }
  return { body: null };
}

/**
 * Turns a functions.invoke error into a BookingApiError, reading the function's JSON answer
 * ({error: '<Danish>'}) when the server sent one.
 */
export async function functionError(
  operation: BookingOperation,
  error: unknown,
): Promise<BookingApiError> {
  const { status, body } = await invokeReply({ data: null, error });
  if (status !== undefined) {
    return new BookingApiError(operation, `${operation} failed with HTTP ${status}`, {
      status,
      serverMessage: replyMessage(body),
      cause: error,
    });
  }
  const text = error instanceof Error ? error.message : String(error);
  return new BookingApiError(operation, `${operation} failed: ${text}`, { cause: error });
}
