/**
 * The shared Supabase client. supabase-js is imported on first use, so it loads as its own chunk
 * after the form has rendered (and never on the other pages).
 */
export async function bookingDb() {
  const { getSupabase } = await import('~/lib/supabase');
  return getSupabase();
}
