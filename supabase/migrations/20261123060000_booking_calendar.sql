-- The booking calendar: the database alone decides which days of the booking window can be booked
-- for a package, and says why the others cannot, in one read-only call the anon key may make:
--
--   POST /rest/v1/rpc/get_booking_calendar {"p_service_id": "<uuid>"}
--
-- Until now the browser repeated the rules (Danish holidays, closed weekdays, closed and reopened
-- dates, the window defaults 1/60). Now it asks. And the Danish holidays, listed twice in
-- 20261122110000_booking_engine.sql (danish_public_holidays and is_danish_public_holiday), are
-- listed once: is_danish_public_holiday reads danish_public_holidays.
--
-- Chosen as a REST function (PostgREST RPC), not an edge function: the answer is a pure read of
-- the rules, so it needs no code outside SQL, no cold start, and one hop fewer; a STABLE function
-- runs in a read-only transaction under PostgREST (and the local gateway), so it cannot write.

-- Danish public holidays, once ----------------------------------------------------------------------

create or replace function public.is_danish_public_holiday(p_day date)
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

comment on function public.is_danish_public_holiday(date) is 'Whether a day is an official Danish public holiday (one of danish_public_holidays of its year).';

-- one day's rule, with the reason a day is closed ------------------------------------------------------

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

comment on function public.booking_day_rule(date) is 'Whether the workshop is open on a day and why not: closed_reason closed_date, holiday or closed_weekday (then no times), else null with the opening interval as instants (Europe/Copenhagen, DST aware). Precedence: closed_dates, open_dates, public holidays, opening_hours. holiday names the public holiday, if any.';

-- booking_day_hours keeps its contract and reads the one rule
create or replace function public.booking_day_hours(p_day date)
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

-- the calendar ---------------------------------------------------------------------------------------

create function public.booking_calendar(p_service_id uuid, p_now timestamptz default now())
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
  -- window whether any drop-off time is still free for this package
  select jsonb_agg(
           jsonb_strip_nulls(jsonb_build_object(
             'day', to_char(d.day, 'YYYY-MM-DD'),
             'status', d.status,
             'holiday', d.holiday))
           order by d.day)
    into v_days
    from (
      select g.day::date as day,
             r.holiday,
             case
               when g.day < v_today + v_min then 'outside_window'
               when r.closed_reason is not null then r.closed_reason
               when jsonb_array_length(
                      public.get_available_slots(p_service_id, g.day::date, p_now) -> 'slots') = 0
                 then 'full'
               else 'bookable'
             end as status
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

comment on function public.booking_calendar(uuid, timestamptz) is 'The booking window for a package as seen at p_now: {today, first, last, days: [{day, status, holiday?}]} from today to last, status bookable, full (open but no free drop-off time for this package), closed_weekday, holiday, closed_date or outside_window (before first). Raises P0001 for an unknown or inactive package.';

create function public.get_booking_calendar(p_service_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_calendar(p_service_id, now());
$$;

comment on function public.get_booking_calendar(uuid) is 'The booking calendar of a package now (see booking_calendar): which days of the window can be booked and why the others cannot. Public: the anon key calls it as POST /rest/v1/rpc/get_booking_calendar.';

-- grants: only the public wrapper is callable by anon (no clock of its own choosing) ----------------

revoke execute on function
  public.booking_day_rule(date),
  public.booking_calendar(uuid, timestamptz),
  public.get_booking_calendar(uuid)
  from public, anon, authenticated;

grant execute on function
  public.booking_day_rule(date),
  public.booking_calendar(uuid, timestamptz),
  public.get_booking_calendar(uuid)
  to service_role;

grant execute on function public.get_booking_calendar(uuid) to anon, authenticated;
