// The review request's "Nej tak til den slags beskeder" (the page /nej-tak calls review-opt-out):
// its request and its Danish answers. Dependency free, so the page's test can hold to the words.
import { isLinkToken } from './token.ts';
import type { Result } from './validation.ts';

export const REVIEW_OPT_OUT_MESSAGES = {
  badRequest: 'Forespørgslen kunne ikke læses. Åbn linket fra e-mailen igen.',
  invalidToken:
    'Linket er ugyldigt. Tjek, at du har brugt hele linket fra e-mailen, eller ring til os, så noterer vi det.',
  notFound:
    'Vi kan ikke finde den e-mail, linket kommer fra. Ring til os, så noterer vi, at du ikke vil have den slags beskeder.',
  recorded: 'Tak. Vi sender dig ikke flere anmodninger om anmeldelser.',
} as const;

export function validateReviewOptOut(body: unknown): Result<{ token: string }> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, error: REVIEW_OPT_OUT_MESSAGES.badRequest };
  }
  const b = body as Record<string, unknown>;
  if (Object.keys(b).some((k) => k !== 'token')) {
    return { ok: false, error: REVIEW_OPT_OUT_MESSAGES.badRequest };
  }
  // exactly the link's format (64 lower-case hex): anything else is a 400, never a database call
  if (!isLinkToken(b.token)) return { ok: false, error: REVIEW_OPT_OUT_MESSAGES.invalidToken };
  return { ok: true, value: { token: b.token } };
}
