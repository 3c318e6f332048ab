import type { FunctionsClient } from '@supabase/functions-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '~/generated/database.types';

/** The Supabase CLI's local gateway and its well-known demo anon key (public by design). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface SupabaseConfig {
  url: string;
  key: string;
}

/** Where the site's backend is: the VITE_ env of the build, else the local stack. */
export function supabaseConfig(
  env: Record<string, string | boolean | undefined> = import.meta.env,
) {
  const text = (name: string) => {
    const value = env[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  return {
    url: text('VITE_SUPABASE_URL') ?? LOCAL_SUPABASE_URL,
    key: text('VITE_SUPABASE_PUBLISHABLE_KEY') ?? text('VITE_SUPABASE_ANON_KEY') ?? LOCAL_ANON_KEY,
  } satisfies SupabaseConfig;
}

/**
 * What the site uses of Supabase: PostgREST (tables and RPCs) and the edge functions, without
 * auth, realtime and storage, which no page uses. The visitor never signs in, so every request
 * carries the public key as apikey and bearer token, as supabase-js does without a session.
 */
export interface SupabaseBackend {
  from: PostgrestClient<Database>['from'];
  rpc: PostgrestClient<Database>['rpc'];
  functions: FunctionsClient;
}

let client: Promise<SupabaseBackend> | undefined;

/**
 * The one browser client, created on first use (never at module load: the prerender must not
 * touch it). supabase-js's own PostgREST and functions packages (about 11 KB gzipped together,
 * against 52 KB for supabase-js with auth, realtime and storage) are loaded then, so they are in
 * no page's first load. A failed load is not cached (the next call tries again). GET requests are
 * retried on network errors and 503/520 by postgrest-js, as with supabase-js.
 */
export function getSupabase(): Promise<SupabaseBackend> {
  client ??= Promise.all([import('@supabase/postgrest-js'), import('@supabase/functions-js')]).then(
    ([{ PostgrestClient }, { FunctionsClient }]) => {
      const { url, key } = supabaseConfig();
      const headers = { apikey: key, Authorization: `Bearer ${key}` };
      const rest = new PostgrestClient<Database>(`${url}/rest/v1`, { headers });
      return {
        from: rest.from.bind(rest),
        rpc: rest.rpc.bind(rest),
        functions: new FunctionsClient(`${url}/functions/v1`, { headers }),
      };
    },
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}
