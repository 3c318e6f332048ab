import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { bookingDb } from './client';
import { BookingApiError, functionError } from './errors';
import { bookingKeys } from './keys';

export interface AvailableSlots {
  /** Free drop-off times, 'HH:mm'. */
  slots: string[];
  /** Ready time per slot (ISO 8601, Copenhagen offset), when the server sends it. */
  readyAt: Record<string, string>;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** POST /functions/v1/get-available-slots {date, serviceId}. */
export async function getAvailableSlots(serviceId: string, date: string): Promise<AvailableSlots> {
  const db = await bookingDb('slots');
  const { data, error } = await db.functions.invoke<unknown>('get-available-slots', {
    body: { date, serviceId },
  });
  if (error) throw await functionError('slots', error);
  const body = data as { slots?: unknown; readyAt?: unknown } | null;
  if (!body || !Array.isArray(body.slots) || !body.slots.every((s) => typeof s === 'string')) {
    throw new BookingApiError('slots', 'get-available-slots answered without a slots list');
  }
  return { slots: body.slots, readyAt: isStringRecord(body.readyAt) ? body.readyAt : {} };
}

export function availableSlotsQueryOptions(serviceId: string | null, date: string | null) {
  return queryOptions({
    queryKey: bookingKeys.slots(serviceId ?? '', date ?? ''),
    queryFn: serviceId && date ? () => getAvailableSlots(serviceId, date) : skipToken,
    staleTime: 0,
    meta: { errorToast: 'loadSlots' },
  });
}

export function useAvailableSlots(serviceId: string | null, date: string | null) {
  return useQuery(availableSlotsQueryOptions(serviceId, date));
}
