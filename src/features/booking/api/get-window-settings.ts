import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  parseWindowSettings,
  WINDOW_SETTING_KEYS,
  type WindowSettings,
} from '../rules/booking-window';
import { bookingDb } from './client';
import { BookingApiError } from './errors';
import { bookingKeys } from './keys';

/** The two booking-window settings, parsed as whole numbers (defaults 1 and 60 when absent). */
export async function getWindowSettings(): Promise<WindowSettings> {
  const db = await bookingDb('settings');
  const { data, error } = await db
    .from('settings')
    .select('key, value')
    .in('key', [...WINDOW_SETTING_KEYS]);
  if (error) throw new BookingApiError('settings', error.message, { cause: error });
  return parseWindowSettings(data ?? []);
}

export function windowSettingsQueryOptions() {
  return queryOptions({
    queryKey: bookingKeys.window(),
    queryFn: getWindowSettings,
    staleTime: 5 * 60_000,
    meta: { errorToast: 'loadServices' },
  });
}

export function useWindowSettings() {
  return useQuery(windowSettingsQueryOptions());
}
