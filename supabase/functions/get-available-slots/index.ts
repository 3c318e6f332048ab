// POST /functions/v1/get-available-slots {date: 'yyyy-MM-dd', serviceId, carSize?, addonIds?}
// -> 200 {slots: ['09:00', ...], readyAt: {'09:00': '2026-12-01T11:00:00+01:00', ...}}
// A closed day, a day outside the booking window or a fully booked day gives {slots: []}.
// A malformed date, an unknown/inactive service, a size the package is not offered for or an
// add-on that does not fit it gives 400 {error: '<Danish>'}. The times are those of the whole job
// (package, size, add-ons: the database's booking_job).
import { error, internalError, json, MESSAGES } from '../_shared/errors.ts';
import { readPostRequest } from '../_shared/request.ts';
import { adminClient } from '../_shared/supabase.ts';
import { validateSlotsRequest } from '../_shared/validation.ts';

export async function handler(req: Request): Promise<Response> {
  const input = await readPostRequest(req, validateSlotsRequest);
  if (!input.ok) return input.response;

  try {
    const { data, error: rpcError } = await adminClient().rpc('get_available_slots', {
      p_service_id: input.value.serviceId,
      p_date: input.value.date,
      p_car_size: input.value.carSize,
      p_addon_ids: input.value.addonIds,
    });
    if (rpcError) return internalError('get_available_slots', rpcError);
    const result = data;
    if (result.error === 'unknown_service') return error(400, MESSAGES.service);
    if (result.error === 'unknown_car_size') return error(400, MESSAGES.carSize);
    if (result.error === 'unknown_addon') return error(400, MESSAGES.addons);
    return json(200, { slots: result.slots ?? [], readyAt: result.readyAt ?? {} });
  } catch (cause) {
    return internalError('get-available-slots', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
