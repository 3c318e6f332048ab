import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notify } from '~/lib/toast';
import { bookingCopy } from '~/content/booking';
import { isUnreachable } from '../api/errors';
import { callToBook } from './call-to-book';

type ErrorToast = 'loadServices' | 'loadSlots';

const errorToasts: Record<ErrorToast, { title: string; description: string }> = {
  loadServices: bookingCopy.toasts.loadServices,
  loadSlots: bookingCopy.toasts.loadSlots,
};

/**
 * The destructive load-failure toasts (services, calendar, times), one per kind at a time, for a
 * read the server answered with an error. A backend that cannot be reached is an outage: the form
 * says that once, in place, with the phone (outage-notice.tsx), so no toast repeats it.
 */
function showErrorToast(kind: unknown, error: unknown) {
  if (kind !== 'loadServices' && kind !== 'loadSlots') return;
  if (isUnreachable(error)) return;
  const { title, description } = errorToasts[kind];
  notify.error(title, { id: `booking-${kind}`, description, action: callToBook });
}

/** The first retry of a failed read after 2 s, then twice as long each time, at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(2000 * 2 ** Math.max(0, failures - 1), 30_000);
}

export function createBookingQueryClient() {
  // failures in a row per query: the toast is shown once per outage, the retries back off
  const failures = new WeakMap<object, number>();
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const count = (failures.get(query) ?? 0) + 1;
        failures.set(query, count);
        if (count === 1) showErrorToast(query.meta?.errorToast, error);
      },
      onSuccess: (_data, query) => {
        failures.delete(query);
      },
    }),
    defaultOptions: {
      // postgrest-js already retries reads on network errors; a failure is shown at once after
      // that, and a failed read is asked again by itself, with backoff, until the backend answers
      // (the form's outage notice goes away then)
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: (query) =>
          query.state.status === 'error' ? retryDelay(failures.get(query) ?? 1) : false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The booking form's own query client: react-query and the Supabase client load with the form (on
 * /contact) and nowhere else.
 */
export function BookingQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createBookingQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
