import type { FunctionRegion, FunctionsClient } from '@supabase/functions-js';
import type { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from '~/generated/database.types';
import { FUNCTIONS_REGION, keyHeaders, supabaseConfig } from './supabase-config';

export {
  FUNCTIONS_REGION,
  functionUrl,
  keyHeaders,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SUPABASE_URL,
  supabaseConfig,
  type SupabaseConfig,
} from './supabase-config';

/**
 * What the site uses of Supabase: PostgREST (tables and RPCs) and the edge functions, without
 * auth, realtime and storage, which no page uses. The visitor never signs in, so every request
 * carries the public key: the publishable key in apikey (the legacy anon key, a JWT, also as bearer
 * token, as supabase-js does without a session).
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
      const headers = keyHeaders(key);
      const rest = new PostgrestClient<Database>(`${url}/rest/v1`, { headers });
      return {
        from: rest.from.bind(rest),
        rpc: rest.rpc.bind(rest),
        // pinned to the project's region (x-region header and forceFunctionRegion parameter)
        functions: new FunctionsClient(`${url}/functions/v1`, {
          headers,
          region: FUNCTIONS_REGION as FunctionRegion,
        }),
      };
    },
    (error: unknown) => {
      client = undefined;
      throw error;
    },
  );
  return client;
}
