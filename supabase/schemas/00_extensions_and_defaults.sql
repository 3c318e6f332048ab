-- Extensions, default privileges and the two trigger functions every topic uses.
--
-- The files of this folder are applied in file-name order, each topic after the ones it needs when
-- its objects are created: tables before the functions that take or return their row type and the
-- tables that point at them, functions before the column defaults, triggers and SQL bodies that
-- call them. A PL/pgSQL body may name a table or function of a later file: it is resolved when the
-- function runs.
--
-- Who may call what: hosted Supabase's image grants everything created in public to anon and
-- authenticated, and PostgreSQL lets PUBLIC execute every new function. The default privileges
-- below make what postgres creates here start closed to both and open to service_role (the edge
-- functions' secret key); each object then says beside it what it grants or revokes. The privilege
-- lint (api_privilege_findings, 90_operations.sql) proves the result.

create extension if not exists btree_gist with schema extensions;

-- what the edge functions and jobs use: every table, sequence and function postgres creates here
alter default privileges for role postgres in schema public
  grant all on tables to service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to service_role;
alter default privileges for role postgres in schema public
  grant all on functions to service_role;

-- closed to the public API key and to signed-in users, whatever the project's defaults are.
-- EXECUTE for PUBLIC is a global default that a per-schema rule cannot take away, so that one is
-- revoked globally.
alter default privileges for role postgres in schema public
  revoke all on tables from anon, authenticated;
alter default privileges for role postgres in schema public
  revoke all on sequences from anon, authenticated;
alter default privileges for role postgres in schema public
  revoke all on functions from anon, authenticated;
alter default privileges for role postgres
  revoke execute on functions from public;

-- updated_at, on every table that has one ---------------------------------------------------------

create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.set_updated_at() is
  'Trigger function: stamps updated_at with the current time on every update.';

revoke all on function public.set_updated_at() from public, anon, authenticated;

-- TRUNCATE on the owner's tables ------------------------------------------------------------------
-- The dashboard's "select all rows -> Delete" empties a table with TRUNCATE, which skips every
-- row trigger: the owner's booking table would stay empty, the week would have no opening hours
-- (and the next build would publish "closed"), holidays would become bookable and the settings
-- would be gone. A statement trigger before TRUNCATE is the only thing that stops it; it refuses
-- in Danish and says what to do instead. Each guarded table has its trigger beside it.

create function public.refuse_truncate()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'feature_not_supported',
    message = case tg_table_name
      when 'owner_bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking ved at vælge status aflyst; den bliver stående i tabellen.'
      when 'bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking i owner_bookings ved at vælge status aflyst.'
      when 'opening_hours' then
        'Åbningstiderne kan ikke slettes. Luk en ugedag ved at gøre opens_at og closes_at tomme (NULL) i dens række, eller luk enkelte dage i closed_dates.'
      when 'closed_dates' then
        'Alle lukkedage kan ikke slettes på én gang. Markér de dage, der skal åbne igen, og slet dem; helligdage åbnes i open_dates.'
      when 'open_dates' then
        'Alle ekstra åbne dage kan ikke slettes på én gang. Markér de dage, der skal lukke igen, og slet dem.'
      when 'settings' then
        'Indstillingerne kan ikke slettes: siden og bookingen bruger dem. Ret værdien (value) i den enkelte række.'
      when 'services' then
        'Pakkerne kan ikke slettes, heller ikke alle på én gang: bookingerne peger på dem. Tag en pakke af siden ved at sætte is_active til false.'
      when 'owners' then
        'Ejerlisten kan ikke tømmes på én gang: så kunne ingen logge ind på ejersiden. Markér de adresser, der skal fjernes, og slet dem.'
      else
        format('Tabellen %s kan ikke tømmes på én gang.', tg_table_name)
    end;
end;
$$;

comment on function public.refuse_truncate() is
  'Trigger function: refuses TRUNCATE (the dashboard''s "delete all rows") on the owner''s tables with a Danish message that says what to do instead.';

revoke all on function public.refuse_truncate() from public, anon, authenticated;
