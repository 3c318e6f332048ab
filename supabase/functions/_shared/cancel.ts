// The cancel-booking function's input rules and Danish messages. Dependency free.
import {
  INVALID_TOKEN_MESSAGE,
  isLinkToken,
  LINK_MOVED_MESSAGE,
  LINK_REPLACED_MESSAGE,
} from './token.ts';

export type CancelAction = 'lookup' | 'cancel';

export interface CancelRequest {
  token: string;
  action: CancelAction;
}

/** Messages the cancel page shows when it has none of its own for the case. */
export const CANCEL_MESSAGES = {
  notFound:
    'Linket til afbestilling er ugyldigt. Tjek, at du har brugt hele linket fra din bekræftelse, eller ring til os.',
  linkMoved: LINK_MOVED_MESSAGE,
  linkReplaced: LINK_REPLACED_MESSAGE,
  alreadyCancelled: 'Denne booking er allerede afbestilt.',
  tooLate: 'Fristen for at afbestille online er overskredet. Ring til os, hvis du ikke kan komme.',
  badRequest: 'Ugyldig forespørgsel.',
  invalidToken: INVALID_TOKEN_MESSAGE,
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
  // exactly the link's format (64 lower-case hex): anything else is a 400, never a database call
  if (!isLinkToken(b.token)) return { ok: false, error: CANCEL_MESSAGES.invalidToken };
  return { ok: true, value: { token: b.token, action: b.action } };
}
