// The cancel-booking function's input rules and Danish messages. Dependency free.

export type CancelAction = 'lookup' | 'cancel';

export interface CancelRequest {
  token: string;
  action: CancelAction;
}

/** Messages the cancel page shows when it has none of its own for the case. */
export const CANCEL_MESSAGES = {
  notFound:
    'Linket til afbestilling er ugyldigt. Tjek, at du har brugt hele linket fra din bekræftelse, eller ring til os.',
  alreadyCancelled: 'Denne booking er allerede afbestilt.',
  tooLate: 'Fristen for at afbestille online er overskredet. Ring til os, hvis du ikke kan komme.',
  badRequest: 'Ugyldig forespørgsel.',
} as const;

export type CancelResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function validateCancelRequest(body: unknown): CancelResult<CancelRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: CANCEL_MESSAGES.badRequest };
  }
  const b = body as Record<string, unknown>;
  if (Object.keys(b).some((k) => k !== 'token' && k !== 'action')) {
    return { ok: false, error: CANCEL_MESSAGES.badRequest };
  }
  if (b.action !== 'lookup' && b.action !== 'cancel') {
    return { ok: false, error: CANCEL_MESSAGES.badRequest };
  }
  // the token's exact format is checked in the database; anything else is simply not found
  if (typeof b.token !== 'string' || b.token.length > 200) {
    return { ok: false, error: CANCEL_MESSAGES.notFound };
  }
  return { ok: true, value: { token: b.token.trim(), action: b.action } };
}
