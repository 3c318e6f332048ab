/**
 * The owner page's react-query keys, queries and mutations over owner-api.ts.
 */
import {
  QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { storeDay, storedDay } from '../rules/stored-day';
import { withCar } from '../rules/day';
import * as api from './owner-api';
import { OwnerError } from './errors';
import type { Car, CarStatus, OwnerDay } from './types';

export const ownerKeys = {
  all: ['owner'] as const,
  me: () => [...ownerKeys.all, 'me'] as const,
  days: () => [...ownerKeys.all, 'day'] as const,
  day: (day: string) => [...ownerKeys.days(), day] as const,
  calendar: (serviceId: string) => [...ownerKeys.all, 'calendar', serviceId] as const,
  noShows: (phone: string, email: string) => [...ownerKeys.all, 'no-shows', phone, email] as const,
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

/** Puts a change's answer into every loaded day that shows the car, then loads the days again. */
export function useCarUpdate() {
  const queryClient = useQueryClient();
  return (car: Car | undefined) => {
    if (car) {
      queryClient.setQueriesData<OwnerDay>({ queryKey: ownerKeys.days() }, (day) =>
        day ? withCar(day, car) : day,
      );
    }
    return queryClient.invalidateQueries({ queryKey: ownerKeys.days() });
  };
}

/** A conflict (409) means the day on screen is old: it is loaded again at once. */
export function useReloadOnConflict() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof OwnerError && error.kind === 'conflict') {
      void queryClient.invalidateQueries({ queryKey: ownerKeys.days() });
    }
  };
}

export function useSetStatus() {
  const update = useCarUpdate();
  const reload = useReloadOnConflict();
  return useMutation({
    mutationFn: ({ car, status, from }: { car: Car; status: CarStatus; from: CarStatus }) =>
      api.setStatus(car.id, status, from),
    onSuccess: (answer) => update(answer.car),
    onError: reload,
  });
}
