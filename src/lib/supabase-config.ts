/**
 * Where the backend is, apart from the client (./supabase.ts): the pages behind the e-mail links
 * call their edge functions with a plain fetch and need only this.
 */
/** The Supabase CLI's local gateway and its well-known demo anon key (public by design). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

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
