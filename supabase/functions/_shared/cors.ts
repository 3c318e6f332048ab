// CORS for the booking functions: the static site calls them from another origin (the CDN), so
// every answer, errors included, carries these headers and preflight requests are answered.

// x-region: supabase-js names the region the site pins its functions to (src/lib/supabase-config.ts)
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, idempotency-key, accept-profile, content-profile, x-region',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

/** The answer to a CORS preflight (OPTIONS) request. */
export function preflight(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}
