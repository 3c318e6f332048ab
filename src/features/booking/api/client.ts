import { getSupabase } from '~/lib/supabase';
import { BookingApiError, type BookingOperation } from './errors';

/**
 * The shared Supabase client, created on first use. supabase-js is loaded only then (the booking
 * form's first query), so it is in no page's first-load JavaScript. If the library cannot be
 * loaded (the connection dropped), the call fails like any other unreachable backend call.
 */
export async function bookingDb(operation: BookingOperation) {
  try {
    return await getSupabase();
  } catch (cause) {
    throw new BookingApiError(
      operation,
      `the Supabase client library could not be loaded (${operation})`,
      {
        cause,
      },
    );
  }
}
