import { replacedLink, type ReplacedLink } from '~/components/booking-link';
import type { BookingJob } from '~/lib/booking-job';
import { postFunction } from '~/lib/link-call';

export type MoveState = 'active' | 'cancelled' | 'too_late' | 'move_limit';

/** The booking behind a move link, as reschedule-booking shows it (no contact details). */
export interface MovableBooking {
  reference: string;
  serviceId: string;
  serviceName: string;
  /** The total in kroner, inkl. moms. */
  price: number;
  /** What the total is made of, as booked (absent from a server older than the job). */
  job?: BookingJob;
  /** ISO 8601 with the Copenhagen offset */
  dropOff: string;
  readyAt: string;
  moveDeadline: string;
  movesLeft: number;
}

export type LookupAnswer =
  | { kind: 'booking'; state: MoveState; booking: MovableBooking }
  | { kind: 'not_found' }
  | ReplacedLink
  | { kind: 'error' };

/**
 * POST /functions/v1/reschedule-booking {token, action: 'lookup'}. A plain fetch, as on the
 * cancel page; the calendar and the free times come from the booking form's own calls.
 */
export async function lookupMovableBooking(token: string): Promise<LookupAnswer> {
  const { status, body } = await postFunction('reschedule-booking', { token, action: 'lookup' });
  if (status === 404 && body?.code === 'not_found') return { kind: 'not_found' };
  const replaced = replacedLink(status, body);
  if (replaced) return replaced;
  const booking = body?.booking as MovableBooking | undefined;
  if (status === 200 && typeof body?.state === 'string' && typeof booking?.serviceId === 'string') {
    return { kind: 'booking', state: body.state as MoveState, booking };
  }
  // unreachable backend, not JSON or not the answer expected: an error the page offers to retry
  return { kind: 'error' };
}
