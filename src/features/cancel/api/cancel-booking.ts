import { replacedLink, type ReplacedLink } from '~/components/booking-link';
import type { BookingJob } from '~/lib/booking-job';
import { postFunction } from '~/lib/link-call';

export type CancelState = 'active' | 'cancelled' | 'too_late';

export interface CancelBooking {
  reference: string;
  serviceName: string;
  /** The total in kroner, inkl. moms. */
  price: number;
  /** What the total is made of, as booked (absent from a server older than the job). */
  job?: BookingJob;
  /** ISO 8601 with the Copenhagen offset */
  dropOff: string;
  readyAt: string;
  cancelDeadline: string;
  cancelledAt: string | null;
  /** The move page would still take it (offered as "Flyt i stedet"). */
  canMove?: boolean;
}

/** What the cancel page can show: the booking and its state, or why there is none. */
export type CancelAnswer =
  | { kind: 'booking'; state: CancelState; booking: CancelBooking; cancelledNow?: boolean }
  | { kind: 'not_found' }
  | ReplacedLink
  | { kind: 'error'; status?: number };

/**
 * POST /functions/v1/cancel-booking {token, action}. A plain fetch (no supabase-js on this page):
 * the function answers 200 {state, booking}, 404 {code: 'not_found'} or 409 {code, booking}.
 */
export async function callCancelBooking(
  token: string,
  action: 'lookup' | 'cancel',
): Promise<CancelAnswer> {
  const { status, body: json } = await postFunction('cancel-booking', { token, action });
  const body = json ?? {};
  if (status === 404 && body.code === 'not_found') return { kind: 'not_found' };
  const replaced = replacedLink(status, json);
  if (replaced) return replaced;
  const booking = body.booking as CancelBooking | undefined;
  if (typeof booking?.reference === 'string') {
    if (status === 200 && typeof body.state === 'string') {
      return {
        kind: 'booking',
        state: body.state as CancelState,
        booking,
        cancelledNow: action === 'cancel',
      };
    }
    if (status === 409 && (body.code === 'cancelled' || body.code === 'too_late')) {
      return { kind: 'booking', state: body.code, booking };
    }
  }
  // no answer, none in JSON, or not one of the above
  return { kind: 'error', status };
}
