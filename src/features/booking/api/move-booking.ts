import { replacedLink, type ReplacedLink } from '~/components/booking-link';
import { postFunction } from '~/lib/link-call';
import { bookingAnswer, replyMessage } from './booking-answer';
import type { MoveState } from './reschedule-booking';

export interface MovedBooking {
  reference: string;
  service: { id: string; name: string };
  dropOff: string;
  readyAt: string;
  previousDropOff: string;
  previousReadyAt: string;
  movesLeft: number;
}

export type MoveAnswer =
  | { kind: 'moved'; booking: MovedBooking }
  | { kind: 'not_found' }
  | ReplacedLink
  | { kind: 'refused'; state: Exclude<MoveState, 'active'>; message: string }
  /** 409 conflict (the time was just taken) or 400 (not offered): the server's Danish message. */
  | { kind: 'retry'; message: string; taken: boolean }
  | { kind: 'error' };

/**
 * POST /functions/v1/reschedule-booking {token, bookingDate, bookingTime}: the move itself, apart
 * from the lookup (reschedule-booking.ts), so that it loads with the move form and not with the
 * page's first load.
 */
export async function moveBooking(
  token: string,
  bookingDate: string,
  bookingTime: string,
): Promise<MoveAnswer> {
  const reply = await postFunction('reschedule-booking', { token, bookingDate, bookingTime });
  const { status, body } = reply;
  // this function's own answers: the link is unknown, or the booking may no longer move
  if (body && status === 404) return { kind: 'not_found' };
  const replaced = replacedLink(status, body);
  if (replaced) return replaced;
  const code = body?.code;
  if (status === 409 && (code === 'cancelled' || code === 'too_late' || code === 'move_limit')) {
    return { kind: 'refused', state: code, message: replyMessage(body) ?? '' };
  }
  const answer = bookingAnswer(reply, (moved) =>
    typeof moved.reference === 'string' ? (moved as unknown as MovedBooking) : null,
  );
  if (answer.kind === 'ok') return { kind: 'moved', booking: answer.value };
  // the time was just taken, or one the form would not offer or the same time (400): choose again
  if (answer.kind === 'taken' && answer.message) {
    return { kind: 'retry', message: answer.message, taken: true };
  }
  if (answer.kind === 'rejected' && answer.status === 400) {
    return { kind: 'retry', message: answer.message, taken: false };
  }
  return { kind: 'error' };
}
