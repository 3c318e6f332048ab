export type BookingOperation = 'services' | 'calendar' | 'slots' | 'create';

/** A failed backend call of the booking form. */
export class BookingApiError extends Error {
  readonly operation: BookingOperation;
  /** HTTP status, when the server answered. */
  readonly status: number | undefined;
  /** The server's own Danish message ({error: '...'}), when it sent one. */
  readonly serverMessage: string | undefined;

  constructor(
    operation: BookingOperation,
    message: string,
    options: { status?: number; serverMessage?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'BookingApiError';
    this.operation = operation;
    this.status = options.status;
    this.serverMessage = options.serverMessage;
  }
}

/**
 * Turns a functions.invoke error into a BookingApiError, reading the function's JSON answer
 * ({error: '<Danish>'}) when the server sent one.
 */
export async function functionError(
  operation: BookingOperation,
  error: unknown,
): Promise<BookingApiError> {
  // a FunctionsHttpError (told by its shape): the function's own answer is in error.context
  const context = (error as { context?: unknown } | null)?.context;
  if (
    error instanceof Error &&
    error.name === 'FunctionsHttpError' &&
    typeof Response !== 'undefined' &&
    context instanceof Response
  ) {
    const response = context;
    let serverMessage: string | undefined;
    try {
      const body = (await response.json()) as { error?: unknown };
      if (typeof body?.error === 'string' && body.error.trim() !== '') serverMessage = body.error;
    } catch {
      // not JSON: no message of the server's own
    }
    return new BookingApiError(operation, `${operation} failed with HTTP ${response.status}`, {
      status: response.status,
      serverMessage,
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new BookingApiError(operation, `${operation} failed: ${message}`, { cause: error });
}
