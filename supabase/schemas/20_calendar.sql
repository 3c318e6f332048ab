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
-- - days are date and hours are time columns: the Table Editor edits them with the browser's date
--   picker and time input (ISO values, never read month-first), and the API answers them as
--   2027-01-05 and 09:00:00. BEFORE triggers refuse in Danish what the types let through: one time
--   without the other, closing before opening, 24:00:00 (a time PostgreSQL accepts, but not a time
--   of the day) and seconds (the time input can send 09:00:30; opening hours are whole minutes, and
--   the slots are counted in minutes from them);
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
  constraint opening_hours_closes_after_opens check (closes_at > opens_at),
  constraint opening_hours_opens_at_whole_minute_of_the_day
    check (opens_at < time '24:00' and extract(second from opens_at) = 0),
  constraint opening_hours_closes_at_whole_minute_of_the_day
    check (closes_at < time '24:00' and extract(second from closes_at) = 0)
);

comment on table public.opening_hours is
  'Faste åbningstider, én række pr. ugedag (dansk tid). Tøm begge tider for en lukket ugedag.';
comment on column public.opening_hours.weekday is 'Ugedag: 1 = mandag, 2 = tirsdag ... 7 = søndag.';
comment on column public.opening_hours.opens_at is
  'Åbner kl., i timer og minutter, f.eks. 09:00 eller 09:30. Tøm både opens_at og closes_at for at holde lukket hele dagen.';
comment on column public.opening_hours.closes_at is
  'Lukker kl., i timer og minutter, f.eks. 20:00 eller 17:30 (senere end åbningstiden, senest 23:59). Tøm både opens_at og closes_at for at holde lukket hele dagen.';

create function public.owner_check_opening_times(
  p_opens time,
  p_closes time,
  p_empty text
)
returns void
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_column text;
  v_time time;
begin
  if (p_opens is null) <> (p_closes is null) then
    raise exception 'Udfyld både opens_at og closes_at (f.eks. 09:00 og 17:00), eller tøm dem begge (%).', p_empty
      using errcode = 'check_violation';
  end if;
  foreach v_column in array array['opens_at', 'closes_at'] loop
    v_time := case v_column when 'opens_at' then p_opens else p_closes end;
    -- PostgreSQL's time type accepts 24:00:00 (a REST client may send it); it is not a time on the
    -- day's clock, and the end of the day is 23:59
    if v_time >= time '24:00' then
      raise exception '%: 24:00 er ikke et klokkeslæt på dagen. Vælg et tidspunkt fra 00:00 til 23:59, f.eks. 17:30.', v_column
        using errcode = 'check_violation';
    end if;
    -- the time input can send seconds; the workshop opens on the minute, and slots count from it
    if extract(second from v_time) <> 0 then
      raise exception '%: % har sekunder. Åbningstider er hele minutter: vælg f.eks. %.',
        v_column, v_time, to_char(v_time, 'HH24:MI')
        using errcode = 'check_violation';
    end if;
  end loop;
  if p_closes <= p_opens then
    raise exception 'closes_at (%) skal være senere end opens_at (%). Vælg f.eks. 09:00 og 17:00.',
      to_char(p_closes, 'HH24:MI'), to_char(p_opens, 'HH24:MI')
      using errcode = 'check_violation';
  end if;
end;
$$;

comment on function public.owner_check_opening_times(time, time, text) is
  'Checks a pair of opening times: both or neither, each a whole minute of the day (not 24:00, no seconds), closing after opening; refuses in Danish (p_empty says what two empty times mean).';

revoke all on function public.owner_check_opening_times(time, time, text) from public, anon, authenticated;

create function public.opening_hours_read_times()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.weekday is null or new.weekday not between 1 and 7
     or (tg_op = 'UPDATE' and new.weekday <> old.weekday)
     or (tg_op = 'INSERT' and exists (select 1 from public.opening_hours h where h.weekday = new.weekday)) then
    raise exception 'weekday skal være et tal fra 1 (mandag) til 7 (søndag). Der er én række pr. ugedag: ret tiderne i dens række.'
      using errcode = 'check_violation';
  end if;
  perform public.owner_check_opening_times(new.opens_at, new.closes_at, 'lukket hele dagen');
  return new;
end;
$$;

comment on function public.opening_hours_read_times() is
  'Trigger function: one row per weekday, and its opening times checked by owner_check_opening_times (empty = closed), refusing in Danish.';

revoke all on function public.opening_hours_read_times() from public, anon, authenticated;

create trigger opening_hours_read_times
  before insert or update on public.opening_hours
  for each row execute function public.opening_hours_read_times();

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
  affected_bookings text not null default '',
  constraint closed_dates_pkey primary key (day)
);

comment on table public.closed_dates is
  'Lukkedage ud over de faste åbningstider, f.eks. ferie: én række pr. dag. Helligdage lukkes automatisk.';
comment on column public.closed_dates.day is
  'Den lukkede dag: vælg den i datovælgeren, f.eks. 24. december 2026.';
comment on column public.closed_dates.reason is
  'Hvorfor der er lukket (kun til dig, f.eks. Sommerferie).';
comment on column public.closed_dates.last_day is
  'Til og med (valgfri): vælg en dag her for at lukke en hel periode, f.eks. en ferie, fra day til og med denne dag (f.eks. 25. juli 2027). Der laves én række pr. dag, og feltet tømmes bagefter. Dage, der allerede er lukket, beholder deres række.';
comment on column public.closed_dates.affected_bookings is
  'Udfyldes automatisk, når du gemmer (skriv ikke her): de bookinger, der lå på dagen (ved en periode: på hele perioden), med bookingnummer, navn, telefon og tider. Flyt eller aflys dem i owner_bookings. Hvad der står på dagen nu: owner_agenda med day = dagen.';

create function public.closed_dates_expand_period()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := new.day;
  v_last date := new.last_day;
  v_closed date[];
  v_first date;
  v_already text;
begin
  if v_day is null then
    raise exception 'Vælg den lukkede dag i day, f.eks. 24. december 2026.' using errcode = 'not_null_violation';
  end if;
  new.last_day := null;
  new.reason := coalesce(new.reason, '');
  if tg_op = 'UPDATE' and new.day <> old.day
     and exists (select 1 from public.closed_dates c where c.day = new.day) then
    raise exception 'Den % er allerede lukket (den har sin egen række). Slet denne række, hvis dagen skal åbne igen.',
      public.owner_day_text(v_day) using errcode = 'unique_violation';
  end if;
  if v_last is not null then
    if v_last < v_day then
      raise exception 'last_day (%) ligger før day (%). Vælg periodens sidste dag i last_day, f.eks. 25. juli 2027.',
        public.owner_day_text(v_last), public.owner_day_text(v_day) using errcode = 'check_violation';
    end if;
    if v_last > v_day + 366 then
      raise exception 'En lukkeperiode kan højst være et år. Luk en kortere periode ad gangen.' using errcode = 'check_violation';
    end if;
    -- the period: days already closed keep their row and note, the others are closed (for an
    -- update, the row's own day is the row itself)
    select coalesce(array_agg(d::date order by d), '{}') into v_closed
      from generate_series(v_day, v_last, interval '1 day') d
     where exists (select 1 from public.closed_dates c where c.day = d::date)
       and not (tg_op = 'UPDATE' and d::date = v_day);
    if tg_op = 'INSERT' and v_day = any (v_closed) then
      -- the period's first day was closed before: the saved row, the one the owner sees after the
      -- edit, is the period's first day that was not (never a silent no-op)
      select min(d::date) into v_first
        from generate_series(v_day, v_last, interval '1 day') d
       where d::date <> all (v_closed);
      if v_first is null then
        raise exception 'Hele perioden fra % til % er allerede lukket (hver dag har sin egen række). Intet er ændret.',
          public.owner_day_text(v_day), public.owner_day_text(v_last) using errcode = 'unique_violation';
      end if;
      new.day := v_first;
    end if;
    insert into public.closed_dates (day, reason)
    select d::date, new.reason
      from generate_series(v_day, v_last, interval '1 day') d
     where d::date <> all (v_closed)
       and d::date <> new.day
    on conflict (day) do nothing;
  elsif tg_op = 'INSERT' and exists (select 1 from public.closed_dates c where c.day = new.day) then
    raise exception 'Den % er allerede lukket (den har sin egen række i closed_dates). Ret den række i stedet, f.eks. reason.',
      public.owner_day_text(v_day) using errcode = 'unique_violation';
  end if;
  if cardinality(v_closed) > 0 then
    -- said in the saved row, which the Table Editor shows (a notice it does not)
    select string_agg(public.owner_day_text(d), ', ' order by d) into v_already from unnest(v_closed) d;
    new.affected_bookings := btrim(coalesce(new.affected_bookings, '') || ' Allerede lukket før (uændret): '
                                   || v_already || '. De andre dage i perioden er lukket nu.');
  end if;
  return new;
end;
$$;

comment on function public.closed_dates_expand_period() is
  'Trigger function: a row with last_day closes every day from day to last_day (same reason), and last_day is emptied. A day that is already closed keeps its row and note (never a refusal of the whole period): no new row is made for it, and the saved row''s affected_bookings names those days (Allerede lukket før ...); when the period''s first day was closed before, the saved row is the period''s first day that was not. An empty day, a single day that is already closed, a period closed entirely before and moving a row onto a closed day are refused in Danish.';

revoke all on function public.closed_dates_expand_period() from public, anon, authenticated;

create trigger closed_dates_expand_period
  before insert or update on public.closed_dates
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
  constraint open_dates_closes_after_opens check (closes_at > opens_at),
  constraint open_dates_opens_at_whole_minute_of_the_day
    check (opens_at < time '24:00' and extract(second from opens_at) = 0),
  constraint open_dates_closes_at_whole_minute_of_the_day
    check (closes_at < time '24:00' and extract(second from closes_at) = 0)
);

comment on table public.open_dates is
  'Dage, hvor der er åbent, selv om der ellers ville være lukket (f.eks. en helligdag). Tomme tider = ugedagens normale tider. En dag i closed_dates forbliver lukket.';
comment on column public.open_dates.day is
  'Dagen, der skal være åben: vælg den i datovælgeren, f.eks. 14. maj 2026.';
comment on column public.open_dates.opens_at is
  'Åbner kl. den dag, i timer og minutter, f.eks. 10:00, eller tom (begge tider) for ugedagens normale tider.';
comment on column public.open_dates.closes_at is
  'Lukker kl. den dag, i timer og minutter, f.eks. 14:00, eller tom (begge tider) for ugedagens normale tider.';

create function public.open_dates_read_values()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.day is null then
    raise exception 'Vælg dagen, der skal være åben, i day, f.eks. 14. maj 2026.' using errcode = 'not_null_violation';
  end if;
  if (tg_op = 'INSERT' or new.day <> old.day)
     and exists (select 1 from public.open_dates o where o.day = new.day) then
    raise exception 'Den % står allerede i open_dates. Ret tiderne i dens række i stedet.',
      public.owner_day_text(new.day) using errcode = 'unique_violation';
  end if;
  new.reason := coalesce(new.reason, '');
  perform public.owner_check_opening_times(new.opens_at, new.closes_at, 'ugedagens normale tider');
  return new;
end;
$$;

comment on function public.open_dates_read_values() is
  'Trigger function: an extra open day needs its day, once (a day already listed is refused in Danish), and its times checked by owner_check_opening_times (empty = the weekday''s hours).';

revoke all on function public.open_dates_read_values() from public, anon, authenticated;

create trigger open_dates_read_values
  before insert or update on public.open_dates
  for each row execute function public.open_dates_read_values();
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
language plpgsql
immutable
strict
security definer
set search_path = ''
as $$
declare
  v_easter date := public.easter_sunday(p_year);
begin
  -- PL/pgSQL, not SQL: booking_day_rule reads the holidays of the year of every day it rules on
  -- (about 150 times per booking calendar), and an SQL function with a SET clause is parsed and
  -- planned on every call (PostgreSQL before 18). Easter is worked out once: a CTE would be inlined
  -- into each of the seven days that hang on it.
  return query
  select h.day, h.name
    from (values
      (make_date(p_year, 1, 1), 'Nytårsdag'),
      (v_easter - 3, 'Skærtorsdag'),
      (v_easter - 2, 'Langfredag'),
      (v_easter, 'Påskedag'),
      (v_easter + 1, '2. Påskedag'),
      (case when p_year < 2024 then v_easter + 26 end, 'Store Bededag'),
      (v_easter + 39, 'Kristi Himmelfartsdag'),
      (v_easter + 49, 'Pinsedag'),
      (v_easter + 50, '2. Pinsedag'),
      (make_date(p_year, 12, 25), 'Juledag'),
      (make_date(p_year, 12, 26), '2. Juledag')
    ) as h(day, name)
   where h.day is not null
   order by h.day;
end;
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
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- PL/pgSQL, not SQL: asked for each day of the booking calendar, again by booking_candidates
  -- (booking_day_hours) and for each day a long job runs on (booking_job_periods), about 150 times
  -- per booking calendar; an SQL function with a SET clause is parsed and planned on every call
  -- (PostgreSQL before 18)
  -- precedence: closed_dates > open_dates > public holidays > weekly opening hours
  return query
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
end;
$$;

comment on function public.booking_day_rule(date) is
  'Whether the workshop is open on a day and why not: closed_reason closed_date, holiday or closed_weekday (then no times), else null with the opening interval as instants (Europe/Copenhagen, DST aware). Precedence: closed_dates, open_dates, public holidays, opening_hours. holiday names the public holiday, if any.';

revoke all on function public.booking_day_rule(date) from public, anon, authenticated;

create function public.booking_day_hours(p_day date)
returns table (opens_at timestamptz, closes_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- PL/pgSQL for its cached plan, as booking_day_rule
  return query
  select r.opens_at, r.closes_at
    from public.booking_day_rule(p_day) r
   where r.closed_reason is null and r.opens_at is not null and r.closes_at is not null;
end;
$$;

comment on function public.booking_day_hours(date) is
  'Opening interval of a day as instants (Europe/Copenhagen, DST aware); no row when closed. Precedence: closed_dates, open_dates, public holidays, opening_hours.';

revoke all on function public.booking_day_hours(date) from public, anon, authenticated;

create function public.copenhagen_iso(p_at timestamptz)
returns text
language plpgsql
stable
security definer
set search_path = ''
set timezone = 'Europe/Copenhagen'
as $$
begin
  -- PL/pgSQL keeps its plan for the session; an SQL function with SET is planned on every call
  return to_char(p_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM');
end;
$$;

comment on function public.copenhagen_iso(timestamptz) is
  'ISO 8601 local time in Copenhagen with its UTC offset, e.g. 2026-12-01T16:00:00+01:00.';

revoke all on function public.copenhagen_iso(timestamptz) from public, anon, authenticated;

-- the booking form's calendar ---------------------------------------------------------------------

create function public.booking_calendar(
  p_service_id uuid,
  p_now timestamptz default now(),
  p_own_booking uuid default null,
  p_owner boolean default false,
  p_minutes integer default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set timezone = 'Europe/Copenhagen'
set jit = off
as $$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  -- the owner's window starts today (booking_candidates' p_owner); it ends where the customers' does
  v_min integer := case when p_owner then 0 else public.booking_setting('min_advance_booking_days', 1) end;
  v_max integer := public.booking_setting('max_advance_booking_days', 60);
  v_days jsonb;
  v_minutes integer;
begin
  -- the job's length: as given (booking_job's, or a moved booking's own), else the package's own
  select coalesce(p_minutes, s.duration_minutes) into v_minutes
    from public.services s where s.id = p_service_id and s.is_active;
  if v_minutes is null then
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
  -- form offers the next free time with it when a chosen day is full). Materialized, so that each
  -- day's free times are searched once: the answer reads the first free time twice (status and
  -- time), and a subquery would be pulled up into it with the call copied to both places.
  -- jit is off (the SET above): the planner takes generate_series and booking_day_rule for 1000 rows
  -- each, costs these 61 days as a million rows and would compile the query with LLVM, inlining
  -- and optimizing, on every call (100-500 ms, more than the whole answer takes without it).
  with d as materialized (
    select g.day::date as day,
           r.holiday,
           case
             when g.day < v_today + v_min then 'outside_window'
             when r.closed_reason is not null then r.closed_reason
           end as status,
           case
             when g.day >= v_today + v_min and r.closed_reason is null then
               public.booking_free_times(p_service_id, g.day::date, p_now, v_minutes,
                                         p_own_booking, p_owner) -> 'slots' ->> 0
           end as first_time
      from generate_series(v_today, v_today + v_max, interval '1 day') as g(day)
      cross join lateral public.booking_day_rule(g.day::date) r
  )
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
    from d;

  return jsonb_build_object(
    'today', to_char(v_today, 'YYYY-MM-DD'),
    'first', to_char(v_today + v_min, 'YYYY-MM-DD'),
    'last', to_char(v_today + v_max, 'YYYY-MM-DD'),
    'days', coalesce(v_days, '[]'::jsonb));
end;
$$;

comment on function public.booking_calendar(uuid, timestamptz, uuid, boolean, integer) is
  'The booking window for a job of a package (p_minutes long: booking_job''s minutes, or a moved booking''s own; null: the package''s own) as seen at p_now: {today, first, last, days: [{day, status, time?, holiday?}]} from today to last, status bookable (time: its first free drop-off, HH:MI), full (open but no free drop-off time for this package), closed_weekday, holiday, closed_date or outside_window (before first). p_own_booking: the booking being moved, whose own time counts as free. p_owner: the owner''s window, from today (first is today). Raises P0001 for an unknown or inactive package.';

revoke all on function public.booking_calendar(uuid, timestamptz, uuid, boolean, integer)
  from public, anon, authenticated;

create function public.get_booking_calendar(
  p_service_id uuid,
  p_car_size text default null,
  p_addon_ids uuid[] default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_job jsonb := public.booking_job(p_service_id, p_car_size, p_addon_ids);
begin
  case v_job ->> 'error'
    when 'serviceId' then
      raise exception using errcode = 'P0001', message = 'Ukendt service.',
        hint = 'Vælg en af de viste services.';
    when 'carSize' then
      raise exception using errcode = 'P0001', message = 'Pakken kan ikke bookes til den bilstørrelse.',
        hint = 'Vælg en af de viste størrelser.';
    when 'addonIds' then
      raise exception using errcode = 'P0001', message = 'Et af tilvalgene kan ikke vælges til pakken.',
        hint = 'Vælg blandt de viste tilvalg.';
    else
      return public.booking_calendar(p_service_id, now(), null, false, (v_job ->> 'minutes')::integer);
  end case;
end;
$$;

comment on function public.get_booking_calendar(uuid, text, uuid[]) is
  'The booking calendar of a job now (booking_job: the package, the car size, the add-ons; see booking_calendar): which days of the window can be booked and why the others cannot. Public: the anon key calls it as POST /rest/v1/rpc/get_booking_calendar. An unknown package, size or add-on is P0001 in Danish.';

revoke all on function public.get_booking_calendar(uuid, text, uuid[]) from public, anon, authenticated;
-- the booking form's calendar, with the publishable key: security definer, answers for the current
-- time only and returns no booking data
grant execute on function public.get_booking_calendar(uuid, text, uuid[]) to anon, authenticated;
