/**
 * The owner's two clients, created on first use: Supabase Auth (auth-js, the e-mail code and the
 * session) and PostgREST for the owner RPCs with the session's access token. This module is
 * reached only by import() from /ejer (src/pages/owner.tsx): auth-js is in no other page's code.
 */
import { AuthClient, type GoTrueClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { keyHeaders, supabaseConfig, type SupabaseConfig } from '~/lib/supabase-config';

/**
 * Where the session is kept (localStorage): its own key, so that it never meets a supabase-js
 * client's default `sb-<ref>-auth-token` on the same origin.
 */
export const OWNER_STORAGE_KEY = 'glanspunkt-ejer-auth';

export interface OwnerClients {
  /** AuthClient is GoTrueClient under its newer name (auth-js exports both). */
  auth: GoTrueClient;
  rest: PostgrestClient;
}

/**
 * PostgREST's answer when there is no session to send: the same 401 the server gives an expired
 * token, so that the caller reads both alike (signed out), and nothing is sent with the bare key.
 */
function signedOutResponse(): Response {
  return new Response(
    JSON.stringify({ code: 'PGRST301', message: 'no session', details: null, hint: null }),
    { status: 401, headers: { 'Content-Type': 'application/json' } },
  );
}

export function createOwnerClients(config: SupabaseConfig = supabaseConfig()): OwnerClients {
  const headers = keyHeaders(config.key);
  const auth = new AuthClient({
    url: `${config.url}/auth/v1`,
    headers,
    storageKey: OWNER_STORAGE_KEY,
    persistSession: true,
    autoRefreshToken: true,
    // the page never takes a session from its address (no magic link, no OAuth)
    detectSessionInUrl: false,
  });
  // every RPC carries the session's access token, read (and refreshed when near its expiry) by
  // auth-js at the moment of the call; the key goes in apikey as on every other request
  const sessionFetch: typeof fetch = async (input, init) => {
    const { data } = await auth.getSession();
    const token = data.session?.access_token;
    if (!token) return signedOutResponse();
    const request = new Headers(init?.headers);
    request.set('apikey', config.key);
    request.set('Authorization', `Bearer ${token}`);
    return fetch(input, { ...init, headers: request });
  };
  const rest = new PostgrestClient(`${config.url}/rest/v1`, { fetch: sessionFetch });
  return { auth, rest };
}

let clients: OwnerClients | undefined;

/** The page's one pair of clients. */
export function ownerClients(): OwnerClients {
  clients ??= createOwnerClients();
  return clients;
}
