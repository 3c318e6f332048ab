// The service-role Supabase client the booking functions use to call the booking engine in SQL.
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided by Supabase (and by the local stack).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

let client: SupabaseClient<Database> | undefined;

/** Typed by the generated database types: each rpc's arguments and (sql-answers.ts) its answer. */
export function adminClient(): SupabaseClient<Database> {
  if (!client) {
    const url = Deno.env.get('SUPABASE_URL');
    const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
    if (!url || !key) throw new Error('SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY must be set');
    client = createClient<Database>(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }
  return client;
}
