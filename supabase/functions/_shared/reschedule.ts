// The reschedule-booking function's input rules and Danish messages. Dependency free, so the /flyt
// page shows the same words. Date and time use the create-booking formats (validation.ts).
import { MESSAGES } from './messages.ts';
import {
  isLinkToken,
  INVALID_TOKEN_MESSAGE,
  LINK_MOVED_MESSAGE,
  LINK_REPLACED_MESSAGE,
} from './token.ts';
import { isDate, isTime, type Result } from './validation.ts';

export const RESCHEDULE_MESSAGES = {
  invalidToken: INVALID_TOKEN_MESSAGE,
  notFound:
    'Linket til at flytte bookingen virker ikke længere. Brug linket i den seneste e-mail fra os, eller ring til os.',
  linkMoved: LINK_MOVED_MESSAGE,
  linkReplaced: LINK_REPLACED_MESSAGE,
  cancelled: 'Denne booking er afbestilt og kan ikke flyttes.',
  tooLate:
    'Fristen for at flytte bookingen online er overskredet. Ring til os, hvis du har brug for en anden tid.',
  moveLimit:
    'Bookingen er flyttet det største antal gange, der er muligt online. Ring til os, hvis du har brug for en anden tid.',
  unchanged: 'Det er allerede tidspunktet for din booking. Vælg et andet tidspunkt.',
  serviceGone: 'Pakken kan ikke længere bookes online. Ring til os for at flytte din tid.',
  slotTaken: MESSAGES.slotTaken,
  badRequest: MESSAGES.badRequest,
  unknownField: MESSAGES.unknownField,
  date: MESSAGES.date,
  time: MESSAGES.time,
  dateNotBookable: MESSAGES.dateNotBookable,
  timeNotBookable: MESSAGES.timeNotBookable,
} as const;

export type RescheduleRequest =
  | { action: 'lookup'; token: string }
  | { action: 'calendar'; token: string }
  | { action: 'slots'; token: string; bookingDate: string }
  | { action: 'move'; token: string; bookingDate: string; bookingTime: string };

const FIELDS = ['token', 'action', 'bookingDate', 'bookingTime'];

/**
 * {token, action: 'lookup'}, {token, action: 'calendar'}, {token, action: 'slots', bookingDate} or
 * {token, bookingDate, bookingTime} (action 'move' optional).
 * Errors are the Danish message for a 400.
 */
export function validateRescheduleRequest(body: unknown): Result<RescheduleRequest> {
  const fail = (error: string): Result<RescheduleRequest> => ({ ok: false, error });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return fail(RESCHEDULE_MESSAGES.badRequest);
  }
  const b = body as Record<string, unknown>;
  if (Object.keys(b).some((k) => !FIELDS.includes(k)))
    return fail(RESCHEDULE_MESSAGES.unknownField);
  if (!isLinkToken(b.token)) return fail(RESCHEDULE_MESSAGES.invalidToken);
  if (b.action === 'lookup' || b.action === 'calendar') {
    if (b.bookingDate !== undefined || b.bookingTime !== undefined) {
      return fail(RESCHEDULE_MESSAGES.badRequest);
    }
    return { ok: true, value: { action: b.action, token: b.token } };
  }
  if (b.action === 'slots') {
    if (b.bookingTime !== undefined) return fail(RESCHEDULE_MESSAGES.badRequest);
    if (!isDate(b.bookingDate)) return fail(RESCHEDULE_MESSAGES.date);
    return { ok: true, value: { action: 'slots', token: b.token, bookingDate: b.bookingDate } };
  }
  if (b.action !== undefined && b.action !== 'move') return fail(RESCHEDULE_MESSAGES.badRequest);
  if (!isDate(b.bookingDate)) return fail(RESCHEDULE_MESSAGES.date);
  if (!isTime(b.bookingTime)) return fail(RESCHEDULE_MESSAGES.time);
  return {
    ok: true,
    value: {
      action: 'move',
      token: b.token,
      bookingDate: b.bookingDate,
      bookingTime: b.bookingTime,
    },
  };
}
