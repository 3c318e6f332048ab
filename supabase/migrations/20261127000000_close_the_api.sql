-- Closes the database to the public API key, whatever the project's default privileges are.
--
-- Hosted Supabase's Postgres image grants everything created in public to anon and authenticated
-- (alter default privileges ... grant all on tables, functions, sequences), and PostgreSQL grants
-- EXECUTE on every new function to PUBLIC. The baseline's grants were written by pg_dump relative
-- to PostgreSQL's built-in defaults, so on a hosted project they left every function callable and
-- every table writable with the publishable (anon) key. Here everything in public is taken from
-- PUBLIC, anon and authenticated by name, exactly what the site needs is granted back, and objects
-- created later start closed. The privilege lint (supabase/lint/) fails the tests on anything open
-- to anon or authenticated that its allow-list does not name with a reason.

-- 1. close everything that exists
revoke all on all tables in schema public from public, anon, authenticated;
revoke all on all sequences in schema public from public, anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;

-- 2. grant back what the public site reads (the prerender at build time and the booking form);
-- row-level security decides which rows: active services, public settings, every opening day
grant select on public.services to anon, authenticated;
grant select on public.opening_hours to anon, authenticated;
grant select on public.settings to anon, authenticated;
-- only the dates, never the owner's note on why a day is closed or open
grant select (day) on public.closed_dates to anon, authenticated;
grant select (day) on public.open_dates to anon, authenticated;
-- the booking form's calendar (security definer; answers for the current time only)
grant execute on function public.get_booking_calendar(uuid) to anon, authenticated;

-- 3. what postgres creates from now on starts closed to the API roles. EXECUTE for PUBLIC is a
-- global default that a per-schema rule cannot take away, so that one is revoked globally.
alter default privileges for role postgres in schema public
  revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public
  revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public
  revoke all on functions from anon, authenticated;
alter default privileges for role postgres
  revoke execute on functions from public;
