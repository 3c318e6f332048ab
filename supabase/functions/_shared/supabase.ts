// The Supabase client the booking functions use to call the booking engine in SQL, with the
// project's secret key (service_role): SUPABASE_URL and SUPABASE_SECRET_KEYS are provided by
// Supabase (and by the local stack); the legacy SUPABASE_SERVICE_ROLE_KEY only while the legacy
// keys are on (./api-keys.ts).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { adminKey } from './api-keys.ts';
import type { Database } from './database.types.ts';

let client: SupabaseClient<Database> | undefined;

/** Typed by the generated database types: each rpc's arguments and (sql-answers.ts) its answer. */
export function adminClient(): SupabaseClient<Database> {
  if (!client) {
    const url = Deno.env.get('SUPABASE_URL');
    if (!url) throw new Error('SUPABASE_URL must be set');
    // supabase-js sends the key as apikey (and repeats it as bearer token, which the platform's
    // gateway takes for the same key): the gateway turns it into a service_role JWT
    client = createClient<Database>(
      url,
      adminKey((name) => Deno.env.get(name)),
      {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      },
    );
  }
  return client;
}
