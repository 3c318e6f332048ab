import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { bookingDb } from './client';
import { BookingApiError, functionError } from './errors';
import type { SlotSource } from './get-booking-calendar';
import { bookingKeys } from './keys';
import { jobKey, type JobChoice } from '~/lib/job';

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

/**
 * POST /functions/v1/get-available-slots {date, serviceId, carSize?, addonIds?}: the free times of
 * the whole job; the package alone on an ordinary car is asked as before, {date, serviceId}.
 */
export async function getAvailableSlots(
  serviceId: string,
  date: string,
  job?: JobChoice,
): Promise<AvailableSlots> {
  const db = await bookingDb('slots');
  const { data, error } = await db.functions.invoke<unknown>('get-available-slots', {
    body:
      jobKey(job) === ''
        ? { date, serviceId }
        : { date, serviceId, carSize: job!.carSize, addonIds: [...job!.addonIds] },
  });
  if (error) throw await functionError('slots', error);
  const answer = slotsOf(data);
  if (!answer) {
    throw new BookingApiError('slots', 'get-available-slots answered without a slots list');
  }
  return answer;
}

/** The answer's shape, or null (a move page's answer is read with it too). */
export function slotsOf(body: unknown): AvailableSlots | null {
  const b = body as { slots?: unknown; readyAt?: unknown } | null;
  if (!b || !Array.isArray(b.slots) || !b.slots.every((s) => typeof s === 'string')) return null;
  return { slots: b.slots, readyAt: isStringRecord(b.readyAt) ? b.readyAt : {} };
}

export function availableSlotsQueryOptions(
  serviceId: string | null,
  date: string | null,
  source?: SlotSource,
  job?: JobChoice,
) {
  const load = source?.slots ?? getAvailableSlots;
  return queryOptions({
    queryKey: [
      ...bookingKeys.slots(serviceId ?? '', date ?? '', jobKey(job)),
      source?.key ?? 'public',
    ],
    queryFn: serviceId && date ? () => load(serviceId, date, job) : skipToken,
    staleTime: 0,
    meta: { errorToast: 'loadSlots' },
  });
}

export function useAvailableSlots(
  serviceId: string | null,
  date: string | null,
  source?: SlotSource,
  job?: JobChoice,
) {
  return useQuery(availableSlotsQueryOptions(serviceId, date, source, job));
}
