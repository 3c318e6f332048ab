// POST /functions/v1/cancel-booking   (the cancel page of the site; never GET: mail scanners follow links)
//   {token, action: 'lookup'} -> 200 {state: 'active'|'cancelled'|'too_late', booking}
//   {token, action: 'cancel'} -> 200 {state: 'cancelled', booking}   (cancelled now)
// -> 404 {error, code: 'not_found'} for an unknown token, 400 for one not of the link's exact format
//    (64 lower-case hex), 410 {error, code: 'moved'|'replaced'} for a link a newer e-mail replaced
//    (no booking data),
//    409 {error, code: 'cancelled'|'too_late', booking} when cancelling is not possible,
//    400 bad body, 405 other methods. Refused cases change nothing.
// The booking shown holds no contact details: reference, package, price, drop-off, ready time.
import { internalError, json } from '../_shared/errors.ts';
import { readPostRequest } from '../_shared/request.ts';
import { adminClient } from '../_shared/supabase.ts';
import { CANCEL_MESSAGES, validateCancelRequest } from '../_shared/cancel.ts';

export async function handler(req: Request): Promise<Response> {
  const input = await readPostRequest(req, validateCancelRequest);
  if (!input.ok) return input.response;
  const { token, action } = input.value;

  try {
    const { data, error: rpcError } = await adminClient().rpc(
      action === 'cancel' ? 'cancel_booking' : 'booking_cancel_info',
      { p_token: token },
    );
    if (rpcError) return internalError(`cancel-booking ${action}`, rpcError);
    const answer = data;
    if (answer.state === 'not_found') {
      return json(404, { error: CANCEL_MESSAGES.notFound, code: 'not_found' });
    }
    if (answer.state === 'moved' || answer.state === 'replaced') {
      const error =
        answer.state === 'moved' ? CANCEL_MESSAGES.linkMoved : CANCEL_MESSAGES.linkReplaced;
      return json(410, { error, code: answer.state });
    }
    if (action === 'lookup') {
      return json(200, { state: answer.state, booking: answer.booking });
    }
    if (answer.state === 'cancelled' && answer.cancelledNow) {
      return json(200, { state: 'cancelled', booking: answer.booking });
    }
    return json(409, {
      error:
        answer.state === 'too_late' ? CANCEL_MESSAGES.tooLate : CANCEL_MESSAGES.alreadyCancelled,
      code: answer.state === 'too_late' ? 'too_late' : 'cancelled',
      booking: answer.booking,
    });
  } catch (cause) {
    return internalError('cancel-booking', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
