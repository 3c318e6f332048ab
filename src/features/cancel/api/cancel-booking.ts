import { functionUrl, supabaseConfig } from '~/lib/supabase-config';

export type CancelState = 'active' | 'cancelled' | 'too_late';

export interface CancelBooking {
  reference: string;
  serviceName: string;
  price: number;
  /** ISO 8601 with the Copenhagen offset */
  dropOff: string;
  readyAt: string;
  cancelDeadline: string;
  cancelledAt: string | null;
}

/** What the cancel page can show: the booking and its state, or why there is none. */
export type CancelAnswer =
  | { kind: 'booking'; state: CancelState; booking: CancelBooking; cancelledNow?: boolean }
  | { kind: 'not_found' }
  | { kind: 'error'; status?: number };

/**
 * POST /functions/v1/cancel-booking {token, action}. A plain fetch (no supabase-js on this page):
 * the function answers 200 {state, booking}, 404 {code: 'not_found'} or 409 {code, booking}.
 */
export async function callCancelBooking(
  token: string,
  action: 'lookup' | 'cancel',
  fetchImpl: typeof fetch = fetch,
): Promise<CancelAnswer> {
  const config = supabaseConfig();
  const { key } = config;
  let response: Response;
  try {
    response = await fetchImpl(functionUrl('cancel-booking', config), {
      method: 'POST',
      headers: {
        apikey: key,
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ token, action }),
    });
  } catch {
    return { kind: 'error' };
  }
  let body: { state?: unknown; code?: unknown; booking?: unknown } = {};
  try {
    body = await response.json();
  } catch {
    return { kind: 'error', status: response.status };
  }
  if (response.status === 404 && body.code === 'not_found') return { kind: 'not_found' };
  const booking = body.booking as CancelBooking | undefined;
  if (!booking || typeof booking.reference !== 'string') {
    return { kind: 'error', status: response.status };
  }
  if (response.status === 200 && typeof body.state === 'string') {
    return {
      kind: 'booking',
      state: body.state as CancelState,
      booking,
      cancelledNow: action === 'cancel',
    };
  }
  if (response.status === 409 && (body.code === 'cancelled' || body.code === 'too_late')) {
    return { kind: 'booking', state: body.code, booking };
  }
  return { kind: 'error', status: response.status };
}
