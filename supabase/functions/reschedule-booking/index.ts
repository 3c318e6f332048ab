// POST /functions/v1/reschedule-booking   (the /flyt page; the token from the e-mail is the proof)
//   {token, action: 'lookup'}
//     -> 200 {state: 'active'|'cancelled'|'too_late'|'move_limit', booking}
//   {token, action: 'calendar'} -> 200 the form's calendar of the package ({today, first, last,
//     days}), the booking's own time counted as free; 404 when the link cannot move a booking now
//   {token, action: 'slots', bookingDate} -> 200 {slots, readyAt} of that day, the booking's own
//     time counted as free (a half-hour shift on the same day is offered); 404 as above
//   {token, bookingDate, bookingTime}   (the create-booking formats: yyyy-MM-dd, HH:mm)
//     -> 200 {reference, service: {id, name}, dropOff, readyAt, previousDropOff, previousReadyAt,
//             movesLeft}   (ISO 8601 with the Copenhagen offset, like create-booking)
// -> 400 {error} bad body or token format, a time the form would not offer, the same time;
//    404 {error, code: 'not_found'} unknown token;
//    410 {error, code: 'moved'|'replaced'} a link a newer e-mail replaced (no booking data);
//    409 {error, code: 'conflict', slots} the time was just taken (slots: that day's free times);
//    409 {error, code: 'cancelled'|'too_late'|'move_limit'};  405 other methods.
// The move is one SQL call (public.reschedule_booking -> move_booking): the old time is freed and
// the new one taken in one transaction; a refused move changes nothing. No proof of work: a move
// needs the 256-bit token, and a booking can be moved at most max_moves_per_booking times.
import { error, internalError, json } from '../_shared/errors.ts';
import { readPostRequest } from '../_shared/request.ts';
import { RESCHEDULE_MESSAGES, validateRescheduleRequest } from '../_shared/reschedule.ts';
import { adminClient } from '../_shared/supabase.ts';

const INVALID: Record<string, string> = {
  serviceId: RESCHEDULE_MESSAGES.serviceGone,
  bookingDate: RESCHEDULE_MESSAGES.dateNotBookable,
  bookingTime: RESCHEDULE_MESSAGES.timeNotBookable,
};

const REFUSED: Record<string, string> = {
  cancelled: RESCHEDULE_MESSAGES.cancelled,
  too_late: RESCHEDULE_MESSAGES.tooLate,
  move_limit: RESCHEDULE_MESSAGES.moveLimit,
};

const notFound = () => json(404, { error: RESCHEDULE_MESSAGES.notFound, code: 'not_found' });
const replaced = (code: 'moved' | 'replaced') =>
  json(410, {
    error: code === 'moved' ? RESCHEDULE_MESSAGES.linkMoved : RESCHEDULE_MESSAGES.linkReplaced,
    code,
  });

export async function handler(req: Request): Promise<Response> {
  const input = await readPostRequest(req, validateRescheduleRequest);
  if (!input.ok) return input.response;
  const request = input.value;

  try {
    const db = adminClient();
    if (request.action === 'lookup') {
      const { data, error: rpcError } = await db.rpc('booking_move_info', {
        p_token: request.token,
      });
      if (rpcError) return internalError('reschedule-booking lookup', rpcError);
      const info = data;
      if (info.state === 'not_found') return notFound();
      if (info.state === 'moved' || info.state === 'replaced') return replaced(info.state);
      return json(200, { state: info.state, booking: info.booking });
    }
    if (request.action === 'calendar') {
      const { data, error: rpcError } = await db.rpc('booking_move_calendar', {
        p_token: request.token,
      });
      if (rpcError) return internalError('reschedule-booking calendar', rpcError);
      return data ? json(200, data) : notFound();
    }
    if (request.action === 'slots') {
      const { data, error: rpcError } = await db.rpc('booking_move_slots', {
        p_token: request.token,
        p_date: request.bookingDate,
      });
      if (rpcError) return internalError('reschedule-booking slots', rpcError);
      if (!data || !Array.isArray(data.slots)) return notFound();
      return json(200, { slots: data.slots, readyAt: data.readyAt ?? {} });
    }

    const { data, error: rpcError } = await db.rpc('reschedule_booking', {
      p_token: request.token,
      p_date: request.bookingDate,
      p_time: request.bookingTime,
    });
    if (rpcError) return internalError('reschedule_booking', rpcError);
    const result = data;
    switch (result.status) {
      case 'moved':
        return json(200, {
          reference: result.reference,
          service: result.service,
          dropOff: result.dropOff,
          readyAt: result.readyAt,
          previousDropOff: result.previousDropOff,
          previousReadyAt: result.previousReadyAt,
          movesLeft: result.movesLeft,
        });
      case 'not_found':
        return notFound();
      case 'link_moved':
        return replaced('moved');
      case 'link_replaced':
        return replaced('replaced');
      case 'cancelled':
      case 'too_late':
      case 'move_limit':
        return json(409, { error: REFUSED[result.status], code: result.status });
      case 'unchanged':
        return error(400, RESCHEDULE_MESSAGES.unchanged);
      case 'invalid':
        return error(400, INVALID[result.field ?? ''] ?? RESCHEDULE_MESSAGES.badRequest);
      case 'conflict': {
        // the day's free times now, so the page can offer them at once
        const slots = await freshSlots(request.token, request.bookingDate);
        return json(409, { error: RESCHEDULE_MESSAGES.slotTaken, code: 'conflict', slots });
      }
      default:
        return internalError('reschedule_booking', { status: result.status });
    }
  } catch (cause) {
    return internalError('reschedule-booking', cause);
  }
}

async function freshSlots(token: string, date: string): Promise<string[]> {
  const slots = await adminClient().rpc('booking_move_slots', { p_token: token, p_date: date });
  const list = slots.data?.slots;
  return !slots.error && Array.isArray(list) ? list.filter((s) => typeof s === 'string') : [];
}

if (import.meta.main) {
  Deno.serve(handler);
}
