/**
 * The owner page's react-query client, keys and queries over owner-api.ts (the changes are
 * mutations in the components that make them, components/status-change.ts).
 */
import { QueryClient, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { storeDay, storedDay } from '../rules/stored-day';
import * as api from './owner-api';

export const ownerKeys = {
  all: ['owner'] as const,
  me: () => [...ownerKeys.all, 'me'] as const,
  days: () => [...ownerKeys.all, 'day'] as const,
  day: (day: string) => [...ownerKeys.days(), day] as const,
  noShows: (phone: string, email: string) => [...ownerKeys.all, 'no-shows', phone, email] as const,
  catalogue: () => [...ownerKeys.all, 'job-catalogue'] as const,
};

/** A day is loaded again every minute, and every 15 s while it cannot be loaded. */
export const DAY_REFRESH_MS = 60_000;
export const DAY_RETRY_MS = 15_000;

export function createOwnerQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // a failure is shown at once (the day stays on screen, marked as old) and asked again on
        // the interval below, on reconnect and when the phone's screen comes back
        retry: false,
        // not react-query's 'online' mode, which would pause silently while the phone says it is
        // offline: the notice must say so, and a wrong navigator.onLine must not stop the retries
        networkMode: 'always',
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function dayQueryOptions(day: string | null) {
  return queryOptions({
    queryKey: ownerKeys.day(day ?? ''),
    queryFn: day
      ? async () => {
          const answer = await api.ownerDay(day);
          storeDay(answer, Date.now());
          return answer;
        }
      : skipToken,
    // a reload without a connection shows the copy this tab kept, with when it was loaded
    initialData: () => (day ? storedDay(day)?.day : undefined),
    initialDataUpdatedAt: () => (day ? storedDay(day)?.savedAt : undefined),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.status === 'error' || query.state.fetchFailureCount > 0
        ? DAY_RETRY_MS
        : DAY_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function useOwnerDay(day: string | null) {
  return useQuery(dayQueryOptions(day));
}

export function useOwnerMe(enabled: boolean) {
  return useQuery({ queryKey: ownerKeys.me(), queryFn: api.ownerMe, enabled, staleTime: Infinity });
}

/**
 * The owner's sizes, size prices and add-ons, for the phone booking's choices: loaded when the
 * dialog opens, again after a minute (the owner may have changed a price in Studio meanwhile).
 */
export function useJobCatalogue() {
  return useQuery({
    queryKey: ownerKeys.catalogue(),
    queryFn: api.jobCatalogue,
    staleTime: 60_000,
  });
}
