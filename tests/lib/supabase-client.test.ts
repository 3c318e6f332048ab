import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANON_KEY, keyHeaders as localKeyHeaders, PUBLISHABLE_KEY } from '../../local/keys';
import {
  FUNCTIONS_REGION,
  functionUrl,
  getSupabase,
  keyHeaders,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SUPABASE_URL,
  supabaseConfig,
} from '~/lib/supabase';

const seen: Array<{
  path: string;
  apikey: string | null;
  authorization: string | null;
  region: string | null;
  forcedRegion: string | null;
}> = [];
const server = setupServer(
  http.all(`${LOCAL_SUPABASE_URL}/*`, ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      path: url.pathname,
      apikey: request.headers.get('apikey'),
      authorization: request.headers.get('authorization'),
      region: request.headers.get('x-region'),
      forcedRegion: url.searchParams.get('forceFunctionRegion'),
    });
    return HttpResponse.json({ ok: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the Supabase client', () => {
  it('defaults to the local stack and its publishable key, which it takes with legacy keys off', () => {
    expect(supabaseConfig({})).toEqual({ url: LOCAL_SUPABASE_URL, key: LOCAL_PUBLISHABLE_KEY });
    // the browser cannot import local/, so the key stands twice (local/keys.test.ts verifies it)
    expect(LOCAL_PUBLISHABLE_KEY).toBe(PUBLISHABLE_KEY);
  });

  it('sends a publishable key in apikey only, a legacy anon key also as bearer token', () => {
    expect(keyHeaders(LOCAL_PUBLISHABLE_KEY)).toEqual({ apikey: LOCAL_PUBLISHABLE_KEY });
    expect(keyHeaders(ANON_KEY)).toEqual({ apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` });
    // the same rule as the local tools' (the browser cannot import local/)
    for (const key of [LOCAL_PUBLISHABLE_KEY, ANON_KEY, 'sb_publishable_x'])
      expect(keyHeaders(key)).toEqual(localKeyHeaders(key));
  });

  it('takes a hosted project from the env, the publishable key before the anon key', () => {
    expect(
      supabaseConfig({
        VITE_SUPABASE_URL: 'https://abc.supabase.co',
        VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_x',
        VITE_SUPABASE_ANON_KEY: 'anon',
      }),
    ).toEqual({ url: 'https://abc.supabase.co', key: 'sb_publishable_x' });
    expect(supabaseConfig({ VITE_SUPABASE_ANON_KEY: 'anon', VITE_SUPABASE_URL: ' ' })).toEqual({
      url: LOCAL_SUPABASE_URL,
      key: 'anon',
    });
  });

  it('is one client, and sends the publishable key as apikey to REST, RPC and functions', async () => {
    const [first, second] = await Promise.all([getSupabase(), getSupabase()]);
    expect(first).toBe(second);
    await first.from('services').select('*');
    await first.rpc('get_booking_calendar', { p_service_id: 'x' });
    await first.functions.invoke('get-available-slots', { body: {} });
    expect(seen.map((s) => s.path)).toEqual([
      '/rest/v1/services',
      '/rest/v1/rpc/get_booking_calendar',
      '/functions/v1/get-available-slots',
    ]);
    for (const s of seen) {
      expect(s.apikey).toBe(LOCAL_PUBLISHABLE_KEY);
      // not a JWT: the gateway puts the anon role's JWT in its place
      expect(s.authorization).toBeNull();
    }
  });

  it('pins every edge function call to the project’s EU region (Frankfurt), not the caller’s', () => {
    expect(FUNCTIONS_REGION).toBe('eu-central-1');
    const invoked = seen.find((s) => s.path === '/functions/v1/get-available-slots')!;
    expect(invoked).toMatchObject({ region: FUNCTIONS_REGION, forcedRegion: FUNCTIONS_REGION });
    // the plain fetch calls (cancel and move pages, the proof of work) use functionUrl
    const url = new URL(
      functionUrl('cancel-booking', { url: 'https://abc.supabase.co', key: 'k' }),
    );
    expect(url.origin + url.pathname).toBe('https://abc.supabase.co/functions/v1/cancel-booking');
    expect(url.searchParams.get('forceFunctionRegion')).toBe(FUNCTIONS_REGION);
  });
});
