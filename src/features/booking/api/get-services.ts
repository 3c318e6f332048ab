import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingDb } from './client';
import type { ServiceRow } from './database';
import { BookingApiError } from './errors';
import { bookingKeys } from './keys';

export type Service = ServiceRow;

/** The active services, ordered by name (spec section 7). */
export async function getServices(): Promise<Service[]> {
  const { data, error } = await bookingDb()
    .from('services')
    .select('*')
    .eq('is_active', true)
    .order('name');
  if (error) throw new BookingApiError('services', error.message, { cause: error });
  return data ?? [];
}

export function servicesQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.services(),
    queryFn: getServices,
    staleTime: 5 * 60_000,
    meta: { errorToast: 'loadServices' },
  });
}

export function useServices() {
  return useQuery(servicesQueryOptions());
}
