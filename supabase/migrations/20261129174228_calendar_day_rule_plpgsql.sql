-- Written by npm run db:diff from supabase/schemas/ (its DROP, COMMENT, REVOKE and GRANT lines
-- taken out: CREATE OR REPLACE may change a function's language and keeps its comment and grants,
-- where a drop and create would take the platform's default privileges, EXECUTE for anon).
-- The rule of a day (booking_day_rule, booking_day_hours, danish_public_holidays) moves from SQL to
-- PL/pgSQL, which keeps its plans for the session: an SQL function with a SET clause is parsed and
-- planned on every call, and a booking calendar asks for a day's rule about 150 times. Easter is
-- worked out once per year asked for, not once per holiday that hangs on it. Same answers.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_day_hours (
  p_day date
)
  RETURNS TABLE (
    opens_at  timestamp with time zone,
    closes_at timestamp with time zone
  )
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- PL/pgSQL for its cached plan, as booking_day_rule
  return query
  select r.opens_at, r.closes_at
    from public.booking_day_rule(p_day) r
   where r.closed_reason is null and r.opens_at is not null and r.closes_at is not null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_day_rule (
  p_day date
)
  RETURNS TABLE (
    closed_reason text,
    holiday       text,
    opens_at      timestamp with time zone,
    closes_at     timestamp with time zone
  )
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.danish_public_holidays (
  p_year integer
)
  RETURNS TABLE (
    day  date,
    name text
  )
  LANGUAGE plpgsql
  IMMUTABLE
  STRICT
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;
