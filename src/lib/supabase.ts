import type { SupabaseClient } from '@supabase/supabase-js';
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

let client: Promise<SupabaseClient<Database>> | undefined;

/**
 * The one browser client, created on first use (never at module load: the prerender must not
 * touch it). supabase-js (about 50 KB gzipped) is loaded then too, so it is not part of any page's
 * first load, /contact's included: the booking form asks for it when it mounts. A failed load is
 * not cached (the next call tries again). The session lives in local storage with persistence and
 * automatic refresh on, as the client library does by default.
 */
export function getSupabase(): Promise<SupabaseClient<Database>> {
  client ??= import('@supabase/supabase-js').then(
    ({ createClient }) => {
      const { url, key } = supabaseConfig();
      return createClient<Database>(url, key, {
        auth: {
          persistSession: true,
          autoRefreshToken: true,
          storage: typeof window === 'undefined' ? undefined : window.localStorage,
        },
      });
    },
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}
