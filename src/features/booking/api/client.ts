import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '~/lib/supabase';
import type { Database } from './database';

/** The shared client, typed with the tables the booking form reads. */
export function bookingDb(): SupabaseClient<Database> {
  return getSupabase() as unknown as SupabaseClient<Database>;
}
