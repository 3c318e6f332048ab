// JSON answers of the booking functions. Errors are {error: "<Danish message for the visitor>"};
// internal details (SQL errors, stack traces) are logged, never sent.
import { corsHeaders } from './cors.ts';
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

export function methodNotAllowed(): Response {
  return error(405, MESSAGES.methodNotAllowed, { Allow: 'POST, OPTIONS' });
}

/** Logs an unexpected failure and answers 500 with a generic message. */
export function internalError(where: string, cause: unknown): Response {
  console.error(`${where}:`, cause);
  return error(500, MESSAGES.internal);
}
