-- Closing a holiday period without SQL: closed_dates.last_day.
--
-- The booking engine reads closed_dates one day per row. Typing 14 rows for a two-week holiday in
-- the Table Editor is tedious, and the guide used to give SQL for it. Now the owner inserts one row
-- with day = the first closed day and last_day = the last one; a trigger turns it into one row per
-- day (same reason) and leaves last_day empty, so closed_dates stays the one place closed days
-- live and the engine is unchanged. Days already closed are kept as they are.

alter table public.closed_dates add column last_day date;

comment on column public.closed_dates.last_day is 'Til og med (valgfri): udfyld for at lukke en hel periode, f.eks. en ferie, fra day til og med denne dato. Der laves én række pr. dag, og feltet tømmes bagefter.';

create function public.closed_dates_expand_period()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.last_day is null then
    return new;
  end if;
  if new.last_day < new.day then
    raise exception 'last_day (%) ligger før day (%). Skriv periodens sidste dag i last_day.', new.last_day, new.day
      using errcode = 'check_violation';
  end if;
  if new.last_day > new.day + 366 then
    raise exception 'En lukkeperiode kan højst være et år.' using errcode = 'check_violation';
  end if;
  insert into public.closed_dates (day, reason)
  select d::date, new.reason
    from generate_series(new.day + 1, new.last_day, interval '1 day') d
  on conflict (day) do nothing;
  new.last_day := null;
  return new;
end;
$$;

comment on function public.closed_dates_expand_period() is 'Trigger function: a closed_dates row with last_day becomes one row per day from day to last_day (same reason).';

create trigger closed_dates_expand_period
  before insert or update of last_day on public.closed_dates
  for each row execute function public.closed_dates_expand_period();

revoke execute on function public.closed_dates_expand_period() from public, anon, authenticated;
