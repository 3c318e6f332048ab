import { functionUrl, supabaseConfig } from '~/lib/supabase-config';

export type MoveState = 'active' | 'cancelled' | 'too_late' | 'move_limit';

/** The booking behind a move link, as reschedule-booking shows it (no contact details). */
export interface MovableBooking {
  reference: string;
  serviceId: string;
  serviceName: string;
  price: number;
  /** ISO 8601 with the Copenhagen offset */
  dropOff: string;
  readyAt: string;
  moveDeadline: string;
  movesLeft: number;
}

export interface MovedBooking {
  reference: string;
  service: { id: string; name: string };
  dropOff: string;
  readyAt: string;
  previousDropOff: string;
  previousReadyAt: string;
  movesLeft: number;
}

export type LookupAnswer =
  | { kind: 'booking'; state: MoveState; booking: MovableBooking }
  | { kind: 'not_found' }
  | { kind: 'error' };

export type MoveAnswer =
  | { kind: 'moved'; booking: MovedBooking }
  | { kind: 'not_found' }
  | { kind: 'refused'; state: Exclude<MoveState, 'active'>; message: string }
  /** 409 conflict (the time was just taken) or 400 (not offered): the server's Danish message. */
  | { kind: 'retry'; message: string; taken: boolean }
  | { kind: 'error' };

async function post(body: unknown, fetchImpl: typeof fetch) {
  const config = supabaseConfig();
  const { key } = config;
  const response = await fetchImpl(functionUrl('reschedule-booking', config), {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body: json };
}

/**
 * POST /functions/v1/reschedule-booking {token, action: 'lookup'}. A plain fetch, as on the
 * cancel page; the calendar and the free times come from the booking form's own calls.
 */
export async function lookupMovableBooking(
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<LookupAnswer> {
  try {
    const { status, body } = await post({ token, action: 'lookup' }, fetchImpl);
    if (status === 404 && body.code === 'not_found') return { kind: 'not_found' };
    const booking = body.booking as MovableBooking | undefined;
    if (
      status === 200 &&
      typeof body.state === 'string' &&
      typeof booking?.serviceId === 'string'
    ) {
      return { kind: 'booking', state: body.state as MoveState, booking };
    }
  } catch {
    // unreachable backend or not JSON: an error the page offers to retry
  }
  return { kind: 'error' };
}

/** POST /functions/v1/reschedule-booking {token, bookingDate, bookingTime}. */
export async function moveBooking(
  token: string,
  bookingDate: string,
  bookingTime: string,
  fetchImpl: typeof fetch = fetch,
): Promise<MoveAnswer> {
  try {
    const { status, body } = await post({ token, bookingDate, bookingTime }, fetchImpl);
    const message = typeof body.error === 'string' ? body.error : '';
    if (status === 200 && typeof body.reference === 'string') {
      return { kind: 'moved', booking: body as unknown as MovedBooking };
    }
    if (status === 404) return { kind: 'not_found' };
    if (
      status === 409 &&
      (body.code === 'cancelled' || body.code === 'too_late' || body.code === 'move_limit')
    ) {
      return { kind: 'refused', state: body.code, message };
    }
    if ((status === 409 || status === 400) && message) {
      return { kind: 'retry', message, taken: status === 409 };
    }
  } catch {
    // as above
  }
  return { kind: 'error' };
}
