import { getSupabase } from '~/lib/supabase';

/**
 * The shared Supabase client, created on first use. Only the booking form imports this, so
 * supabase-js ships in the /contact route's code and in no other page's.
 */
export function bookingDb() {
  return getSupabase();
}
