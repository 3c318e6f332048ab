import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingDb } from './client';
import type { Database } from '~/generated/database.types';
import { BookingApiError } from './errors';
import { bookingKeys } from './keys';

/** A row of public.services (generated types, `npm run db:types`): price, duration and order are
 * numbers in the API's JSON. */
export type Service = Database['public']['Tables']['services']['Row'];

/** What the form shows and books of a service (the build's site data has these too). */
export type BookingService = Pick<
  Service,
  'id' | 'name' | 'price' | 'duration_minutes' | 'category'
>;

/** The order of the services query (`order('name')`), for a list from elsewhere (the build). */
export function byName(a: BookingService, b: BookingService): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** The active services, ordered by name. */
export async function getServices(): Promise<Service[]> {
  const db = await bookingDb('services');
  const { data, error, status } = await db
    .from('services')
    .select('*')
    .eq('is_active', true)
    .order('name');
  if (error) throw new BookingApiError('services', error.message, { status, cause: error });
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

/** The services query; `enabled: false` holds it back (the form shows the build's list meanwhile). */
export function useServices(enabled = true) {
  return useQuery({ ...servicesQueryOptions(), enabled });
}
