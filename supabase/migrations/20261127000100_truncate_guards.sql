-- The dashboard's "select all rows -> Delete" empties a table with TRUNCATE, which skips every row
-- trigger: the owner's booking table would stay empty, the week would have no opening hours (and the
-- next build would publish "closed"), holidays would become bookable and the settings would be gone.
-- A statement trigger before TRUNCATE is the only thing that stops it; it refuses in Danish and says
-- what to do instead. Deleting chosen rows still goes through the row triggers as before.

create or replace function public.refuse_truncate()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception using
    errcode = 'feature_not_supported',
    message = case tg_table_name
      when 'owner_bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking ved at sætte dens status til cancelled; den bliver stående i tabellen.'
      when 'bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking i owner_bookings ved at sætte dens status til cancelled.'
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
      else
        format('Tabellen %s kan ikke tømmes på én gang.', tg_table_name)
    end;
end;
$$;

comment on function public.refuse_truncate() is
  'Trigger function: refuses TRUNCATE (the dashboard''s "delete all rows") on the owner''s tables with a Danish message that says what to do instead.';

revoke all on function public.refuse_truncate() from public, anon, authenticated;

create trigger refuse_truncate before truncate on public.owner_bookings
  for each statement execute function public.refuse_truncate();
create trigger refuse_truncate before truncate on public.bookings
  for each statement execute function public.refuse_truncate();
create trigger refuse_truncate before truncate on public.opening_hours
  for each statement execute function public.refuse_truncate();
create trigger refuse_truncate before truncate on public.closed_dates
  for each statement execute function public.refuse_truncate();
create trigger refuse_truncate before truncate on public.open_dates
  for each statement execute function public.refuse_truncate();
create trigger refuse_truncate before truncate on public.settings
  for each statement execute function public.refuse_truncate();
create trigger refuse_truncate before truncate on public.services
  for each statement execute function public.refuse_truncate();
