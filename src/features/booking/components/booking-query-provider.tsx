import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { notify } from '~/lib/toast';
import { bookingCopy } from '~/content/booking';
import { callToBook } from './call-to-book';

type ErrorToast = 'loadServices' | 'loadSlots';

const errorToasts: Record<ErrorToast, { title: string; description: string }> = {
  loadServices: bookingCopy.toasts.loadServices,
  loadSlots: bookingCopy.toasts.loadSlots,
};

/** The destructive load-failure toasts (services, calendar, times), one per kind at a time. */
function showErrorToast(kind: unknown) {
  if (kind !== 'loadServices' && kind !== 'loadSlots') return;
  const { title, description } = errorToasts[kind];
  notify.error(title, { id: `booking-${kind}`, description, action: callToBook });
}

export function createBookingQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => showErrorToast(query.meta?.errorToast),
    }),
    defaultOptions: {
      // postgrest-js already retries reads on network errors; a failure is shown at once after that
      queries: { retry: false, refetchOnWindowFocus: false },
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
