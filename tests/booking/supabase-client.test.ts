import { describe, expect, it, vi } from 'vitest';

const createClient = vi.fn((..._args: unknown[]) => ({ fake: true }));
vi.mock('@supabase/supabase-js', () => ({ createClient }));

const { getSupabase, supabaseConfig, LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } =
  await import('~/lib/supabase');

describe('the Supabase client', () => {
  it('defaults to the local stack and its demo anon key', () => {
    expect(supabaseConfig({})).toEqual({ url: LOCAL_SUPABASE_URL, key: LOCAL_ANON_KEY });
    expect(LOCAL_SUPABASE_URL).toBe('http://127.0.0.1:54321');
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

  it('is not created when the module loads, only on first use, and only once', async () => {
    expect(createClient).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([getSupabase(), getSupabase()]);
    expect(first).toBe(second);
    expect(await getSupabase()).toBe(first);
    expect(createClient).toHaveBeenCalledTimes(1);
  });

  it('keeps the session in local storage with persistence and automatic refresh on', async () => {
    await getSupabase();
    const options = createClient.mock.calls[0]?.[2] as {
      auth: { persistSession: boolean; autoRefreshToken: boolean; storage: Storage };
    };
    expect(options.auth.persistSession).toBe(true);
    expect(options.auth.autoRefreshToken).toBe(true);
    expect(options.auth.storage).toBe(window.localStorage);
  });
});
