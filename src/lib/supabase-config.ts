/**
 * Where the backend is, apart from the client (./supabase.ts): the pages behind the e-mail links
 * call their edge functions with a plain fetch and need only this.
 */
/**
 * The Supabase CLI's local gateway and its well-known local publishable key (public by design): the
 * key `supabase start` prints, which the local stack takes whether or not its legacy keys are on.
 */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

/**
 * Where the edge functions run. Supabase runs a function in the region nearest the caller unless
 * the request names one (the `x-region` header or the `forceFunctionRegion` query parameter), so
 * every call from the site pins it to the project's own region: Central EU (Frankfurt), where
 * docs/deploy.md creates the project. A visitor outside the EU is then still served in the EU.
 */
export const FUNCTIONS_REGION = 'eu-central-1';

/** An edge function's address, pinned to FUNCTIONS_REGION (for the calls made with plain fetch). */
export function functionUrl(name: string, config: SupabaseConfig = supabaseConfig()): string {
  return `${config.url}/functions/v1/${name}?forceFunctionRegion=${FUNCTIONS_REGION}`;
}

export interface SupabaseConfig {
  url: string;
  key: string;
}

/**
 * Where the site's backend is: the VITE_ env of the build, else the local stack. The key is the
 * publishable key (VITE_SUPABASE_PUBLISHABLE_KEY); the legacy anon key (VITE_SUPABASE_ANON_KEY) only
 * as a fallback, until the legacy keys end with 2026.
 */
export function supabaseConfig(
  env: Record<string, string | boolean | undefined> = import.meta.env,
) {
  const text = (name: string) => {
    const value = env[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  return {
    url: text('VITE_SUPABASE_URL') ?? LOCAL_SUPABASE_URL,
    key:
      text('VITE_SUPABASE_PUBLISHABLE_KEY') ??
      text('VITE_SUPABASE_ANON_KEY') ??
      LOCAL_PUBLISHABLE_KEY,
  } satisfies SupabaseConfig;
}

/**
 * The headers that carry the site's key: always `apikey`; `Authorization: Bearer` only for a legacy
 * anon key, which is a JWT. A publishable key is not one, and goes in apikey only (Supabase's
 * migration guide); the platform's gateway gives PostgREST and the functions the anon role for it.
 */
export function keyHeaders(key: string): Record<string, string> {
  return key.split('.').length === 3
    ? { apikey: key, Authorization: `Bearer ${key}` }
    : { apikey: key };
}
