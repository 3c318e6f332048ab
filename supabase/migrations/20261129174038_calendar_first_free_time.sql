-- Written by npm run db:diff from supabase/schemas/. booking_calendar searches each day's free
-- times once (the day query is a materialized CTE: as a subquery it was pulled up into the answer,
-- which reads the first free time twice, and searched every open day twice) and runs with jit off
-- (the planner costed its 61 days as a million rows, so PostgreSQL compiled the query with LLVM,
-- inlining and optimizing, on every call: 100-500 ms of a full calendar's answer). Same answers.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_calendar (
  p_service_id  uuid,
  p_now         timestamp with time zone DEFAULT now(),
  p_own_booking uuid                     DEFAULT NULL::uuid,
  p_owner       boolean                  DEFAULT false,
  p_minutes     integer                  DEFAULT NULL::integer
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET "TimeZone" TO 'Europe/Copenhagen'
  SET jit TO 'off'
  AS $function$
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
$function$;
