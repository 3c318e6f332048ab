-- The calendar: which days the workshop is open, and when. The database is the one owner of this
-- answer; the site and the date picker show it and never work out holidays or hours themselves.
--
-- Rules that live here:
-- - everything is Europe/Copenhagen wall-clock time, turned into instants with `at time zone`, so
--   the DST Sundays are PostgreSQL's business;
-- - the rule of a day, first match wins (booking_day_rule): closed_dates (the owner closes), then
--   open_dates (the owner reopens, with its own hours or the weekday's), then the Danish public
--   holidays (computed, Easter by the Gregorian algorithm; Store Bededag only before 2024), then
--   opening_hours of the ISO weekday (empty times: closed);
-- - Grundlovsdag, juleaften and nytårsaftensdag are not public holidays: the owner closes them;
-- - the booking form's calendar (get_booking_calendar) is the one function the public API key may
--   call.
-- A change to opening_hours asks the static host to rebuild the site: that trigger lives with the
-- site rebuild in 90_operations.sql.

-- opening_hours -----------------------------------------------------------------------------------

create table public.opening_hours (
  weekday smallint not null,
  opens_at time,
  closes_at time,
  constraint opening_hours_pkey primary key (weekday),
  constraint opening_hours_weekday_check check (weekday between 1 and 7),
  constraint opening_hours_both_or_neither check ((opens_at is null) = (closes_at is null)),
  constraint opening_hours_closes_after_opens check (closes_at > opens_at)
);

comment on table public.opening_hours is
  'Faste åbningstider, én række pr. ugedag (dansk tid). Tøm begge tider for en lukket ugedag.';
comment on column public.opening_hours.weekday is 'Ugedag: 1 = mandag, 2 = tirsdag ... 7 = søndag.';
comment on column public.opening_hours.opens_at is
  'Åbner kl., f.eks. 09:00. Tom = lukket hele dagen.';
comment on column public.opening_hours.closes_at is
  'Lukker kl., f.eks. 20:00 (senere end åbningstiden). Tom = lukket hele dagen.';

create trigger refuse_truncate
  before truncate on public.opening_hours
  for each statement execute function public.refuse_truncate();

alter table public.opening_hours enable row level security;

create policy "anon reads opening hours" on public.opening_hours
  for select to anon using (true);
create policy "authenticated reads opening hours" on public.opening_hours
  for select to authenticated using (true);

-- printed on every page, and the date picker's weekdays
grant select on table public.opening_hours to anon, authenticated;

-- closed_dates ------------------------------------------------------------------------------------

create table public.closed_dates (
  day date not null,
  reason text not null default '',
  last_day date,
  constraint closed_dates_pkey primary key (day)
);

comment on table public.closed_dates is
  'Lukkedage ud over de faste åbningstider, f.eks. ferie: én række pr. dag. Helligdage lukkes automatisk.';
comment on column public.closed_dates.day is 'Den lukkede dag (dato).';
comment on column public.closed_dates.reason is
  'Hvorfor der er lukket (kun til dig, f.eks. Sommerferie).';
comment on column public.closed_dates.last_day is
  'Til og med (valgfri): udfyld for at lukke en hel periode, f.eks. en ferie, fra day til og med denne dato. Der laves én række pr. dag, og feltet tømmes bagefter.';

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

comment on function public.closed_dates_expand_period() is
  'Trigger function: a closed_dates row with last_day becomes one row per day from day to last_day (same reason).';

revoke all on function public.closed_dates_expand_period() from public, anon, authenticated;

create trigger closed_dates_expand_period
  before insert or update of last_day on public.closed_dates
  for each row execute function public.closed_dates_expand_period();

create trigger refuse_truncate
  before truncate on public.closed_dates
  for each statement execute function public.refuse_truncate();

alter table public.closed_dates enable row level security;

create policy "anon reads closed dates" on public.closed_dates
  for select to anon using (true);
create policy "authenticated reads closed dates" on public.closed_dates
  for select to authenticated using (true);

-- the build lists the closed days; the owner's note on why stays private
grant select (day) on table public.closed_dates to anon, authenticated;

-- open_dates --------------------------------------------------------------------------------------

create table public.open_dates (
  day date not null,
  opens_at time,
  closes_at time,
  reason text not null default '',
  constraint open_dates_pkey primary key (day),
  constraint open_dates_both_or_neither check ((opens_at is null) = (closes_at is null)),
  constraint open_dates_closes_after_opens check (closes_at > opens_at)
);

comment on table public.open_dates is
  'Dage, hvor der er åbent, selv om der ellers ville være lukket (f.eks. en helligdag). Tomme tider = ugedagens normale tider. En dag i closed_dates forbliver lukket.';
comment on column public.open_dates.day is 'Dagen, der skal være åben (dato).';
comment on column public.open_dates.opens_at is
  'Åbner kl. den dag, eller tom for ugedagens normale tid.';
comment on column public.open_dates.closes_at is
  'Lukker kl. den dag, eller tom for ugedagens normale tid.';
comment on column public.open_dates.reason is 'Hvorfor der er åbent (kun til dig).';

create trigger refuse_truncate
  before truncate on public.open_dates
  for each statement execute function public.refuse_truncate();

alter table public.open_dates enable row level security;

create policy "anon reads open dates" on public.open_dates
  for select to anon using (true);
create policy "authenticated reads open dates" on public.open_dates
  for select to authenticated using (true);

-- the build lists the extra open days; the owner's note stays private
grant select (day) on table public.open_dates to anon, authenticated;

-- Danish public holidays --------------------------------------------------------------------------

create function public.easter_sunday(p_year integer)
returns date
language plpgsql
immutable
strict
security definer
set search_path = ''
as $$
declare
  a integer := p_year % 19;
  b integer := p_year / 100;
  c integer := p_year % 100;
  h integer;
  l integer;
  m integer;
begin
  -- anonymous Gregorian algorithm (Meeus/Jones/Butcher)
  h := (19 * a + b - b / 4 - (b - (b + 8) / 25 + 1) / 3 + 15) % 30;
  l := (32 + 2 * (b % 4) + 2 * (c / 4) - h - c % 4) % 7;
  m := (a + 11 * h + 22 * l) / 451;
  return make_date(p_year, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
end;
$$;

comment on function public.easter_sunday(integer) is
  'Easter Sunday (Påskedag) of a year in the Gregorian calendar.';

revoke all on function public.easter_sunday(integer) from public, anon, authenticated;

create function public.danish_public_holidays(p_year integer)
returns table (day date, name text)
language sql
immutable
strict
security definer
set search_path = ''
as $$
  with e as (select public.easter_sunday(p_year) as d)
  select h.day, h.name
    from e,
    lateral (values
      (make_date(p_year, 1, 1), 'Nytårsdag'),
      (e.d - 3, 'Skærtorsdag'),
      (e.d - 2, 'Langfredag'),
      (e.d, 'Påskedag'),
      (e.d + 1, '2. Påskedag'),
      (case when p_year < 2024 then e.d + 26 end, 'Store Bededag'),
      (e.d + 39, 'Kristi Himmelfartsdag'),
      (e.d + 49, 'Pinsedag'),
      (e.d + 50, '2. Pinsedag'),
      (make_date(p_year, 12, 25), 'Juledag'),
      (make_date(p_year, 12, 26), '2. Juledag')
    ) as h(day, name)
   where h.day is not null
   order by h.day;
$$;

comment on function public.danish_public_holidays(integer) is
  'The official Danish public holidays (helligdage) of a year. Store Bededag was abolished from 2024. Grundlovsdag, juleaften and nytårsaftensdag are not public holidays: add them to closed_dates to close.';

revoke all on function public.danish_public_holidays(integer) from public, anon, authenticated;

create function public.is_danish_public_holiday(p_day date)
returns boolean
language sql
immutable
strict
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.danish_public_holidays(extract(year from p_day)::integer) h
     where h.day = p_day
  );
$$;

comment on function public.is_danish_public_holiday(date) is
  'Whether a day is an official Danish public holiday (one of danish_public_holidays of its year).';

revoke all on function public.is_danish_public_holiday(date) from public, anon, authenticated;

-- the rule of a day -------------------------------------------------------------------------------

create function public.booking_day_rule(p_day date)
returns table (closed_reason text, holiday text, opens_at timestamptz, closes_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  -- precedence: closed_dates > open_dates > public holidays > weekly opening hours
  select case
           when cd.day is not null then 'closed_date'
           when od.day is not null then
             case when coalesce(od.opens_at, oh.opens_at) is null then 'closed_weekday' end
           when hol.name is not null then 'holiday'
           when oh.opens_at is null then 'closed_weekday'
         end,
         hol.name,
         case when cd.day is null and (od.day is not null or hol.name is null)
              then (p_day + coalesce(od.opens_at, oh.opens_at)) at time zone 'Europe/Copenhagen' end,
         case when cd.day is null and (od.day is not null or hol.name is null)
              then (p_day + case when od.opens_at is not null then od.closes_at else oh.closes_at end)
                   at time zone 'Europe/Copenhagen' end
    from (select 1) as one
    left join public.opening_hours oh on oh.weekday = extract(isodow from p_day)
    left join public.open_dates od on od.day = p_day
    left join public.closed_dates cd on cd.day = p_day
    left join lateral (
      select h.name from public.danish_public_holidays(extract(year from p_day)::integer) h
       where h.day = p_day
    ) as hol on true;
$$;

comment on function public.booking_day_rule(date) is
  'Whether the workshop is open on a day and why not: closed_reason closed_date, holiday or closed_weekday (then no times), else null with the opening interval as instants (Europe/Copenhagen, DST aware). Precedence: closed_dates, open_dates, public holidays, opening_hours. holiday names the public holiday, if any.';

revoke all on function public.booking_day_rule(date) from public, anon, authenticated;

create function public.booking_day_hours(p_day date)
returns table (opens_at timestamptz, closes_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select r.opens_at, r.closes_at
    from public.booking_day_rule(p_day) r
   where r.closed_reason is null and r.opens_at is not null and r.closes_at is not null;
$$;

comment on function public.booking_day_hours(date) is
  'Opening interval of a day as instants (Europe/Copenhagen, DST aware); no row when closed. Precedence: closed_dates, open_dates, public holidays, opening_hours.';

revoke all on function public.booking_day_hours(date) from public, anon, authenticated;

create function public.copenhagen_iso(p_at timestamptz)
returns text
language sql
stable
security definer
set search_path = ''
set timezone = 'Europe/Copenhagen'
as $$
  select to_char(p_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM');
$$;

comment on function public.copenhagen_iso(timestamptz) is
  'ISO 8601 local time in Copenhagen with its UTC offset, e.g. 2026-12-01T16:00:00+01:00.';

revoke all on function public.copenhagen_iso(timestamptz) from public, anon, authenticated;

-- the booking form's calendar ---------------------------------------------------------------------

create function public.booking_calendar(
  p_service_id uuid,
  p_now timestamptz default now(),
  p_own_booking uuid default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set timezone = 'Europe/Copenhagen'
as $$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_min integer := public.booking_setting('min_advance_booking_days', 1);
  v_max integer := public.booking_setting('max_advance_booking_days', 60);
  v_days jsonb;
begin
  if p_service_id is null
     or not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    raise exception using
      errcode = 'P0001',
      message = 'Ukendt service.',
      hint = 'Vælg en af de viste services.';
  end if;
  if v_max < v_min then
    v_max := v_min;
  end if;

  -- every day from today to the window's end; the rule of each day, and for an open day in the
  -- window whether any drop-off time is still free for this package and the first of them (the
  -- form offers the next free time with it when a chosen day is full)
  select jsonb_agg(
           jsonb_strip_nulls(jsonb_build_object(
             'day', to_char(d.day, 'YYYY-MM-DD'),
             'status', case
               when d.status is not null then d.status
               when d.first_time is null then 'full'
               else 'bookable' end,
             'time', d.first_time,
             'holiday', d.holiday))
           order by d.day)
    into v_days
    from (
      select g.day::date as day,
             r.holiday,
             case
               when g.day < v_today + v_min then 'outside_window'
               when r.closed_reason is not null then r.closed_reason
             end as status,
             case
               when g.day >= v_today + v_min and r.closed_reason is null then
                 public.get_available_slots(p_service_id, g.day::date, p_now, p_own_booking)
                   -> 'slots' ->> 0
             end as first_time
        from generate_series(v_today, v_today + v_max, interval '1 day') as g(day)
        cross join lateral public.booking_day_rule(g.day::date) r
    ) as d;

  return jsonb_build_object(
    'today', to_char(v_today, 'YYYY-MM-DD'),
    'first', to_char(v_today + v_min, 'YYYY-MM-DD'),
    'last', to_char(v_today + v_max, 'YYYY-MM-DD'),
    'days', coalesce(v_days, '[]'::jsonb));
end;
$$;

comment on function public.booking_calendar(uuid, timestamptz, uuid) is
  'The booking window for a package as seen at p_now: {today, first, last, days: [{day, status, time?, holiday?}]} from today to last, status bookable (time: its first free drop-off, HH:MI), full (open but no free drop-off time for this package), closed_weekday, holiday, closed_date or outside_window (before first). p_own_booking: the booking being moved, whose own time counts as free. Raises P0001 for an unknown or inactive package.';

revoke all on function public.booking_calendar(uuid, timestamptz, uuid)
  from public, anon, authenticated;

create function public.get_booking_calendar(p_service_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_calendar(p_service_id, now());
$$;

comment on function public.get_booking_calendar(uuid) is
  'The booking calendar of a package now (see booking_calendar): which days of the window can be booked and why the others cannot. Public: the anon key calls it as POST /rest/v1/rpc/get_booking_calendar.';

revoke all on function public.get_booking_calendar(uuid) from public, anon, authenticated;
-- the booking form's calendar, with the publishable key: security definer, answers for the current
-- time only and returns no booking data
grant execute on function public.get_booking_calendar(uuid) to anon, authenticated;
