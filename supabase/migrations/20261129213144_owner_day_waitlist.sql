-- The owner page's day names who waits for a free time on it ("Skriv mig op"): owner_day_at
-- answers waitlist, the addresses not yet told, from owner_day_waitlist.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.owner_day_at (
  p_day date,
  p_now timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET jit TO 'off'
  AS $function$
declare
  v_result jsonb;
begin
  if p_day is null then
    raise exception 'Vælg en dag.' using errcode = 'invalid_parameter_value';
  end if;
  -- owner_agenda_at is the engine's answer to which cars a day has (a cancelled booking and a
  -- no-show on their drop-off day only, a collected car until it left); it shows the days from its
  -- clock's day on, so a past day is asked as at its own midnight
  select jsonb_build_object(
           'day', to_char(p_day, 'YYYY-MM-DD'),
           'dayText', (array['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'])
                        [extract(isodow from p_day)::int]
                      || ' ' || regexp_replace(public.owner_day_text(p_day), ' [0-9]+$', ''),
           'now', public.copenhagen_iso(p_now),
           -- no row when closed: null
           'hours', (select jsonb_build_object('opens', public.owner_time_text(h.opens_at),
                                               'closes', public.owner_time_text(h.closes_at))
                       from public.booking_day_hours(p_day) h),
           -- who waits for a free time that day ("Skriv mig op", 88_waitlist.sql)
           'waitlist', public.owner_day_waitlist(p_day),
           'cars', coalesce((
             select jsonb_agg(public.owner_car_of(b, r.role, r.at, p_now) order by r.at nulls last, b.reference)
               from public.owner_agenda_at(
                      least(p_now, p_day::timestamp at time zone 'Europe/Copenhagen')) a
               join public.bookings b on b.reference = a.reference
              cross join lateral public.booking_day_role(b, p_day) r
              where a.day = public.owner_date_canonical(p_day)), '[]'::jsonb))
    into v_result;
  return v_result;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_day_waitlist (
  p_day date
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select coalesce(jsonb_agg(e.email order by e.created_at), '[]'::jsonb)
    from public.waitlist_entries e
   where e.day = p_day and e.notified_at is null;
$function$;

COMMENT ON FUNCTION "public"."owner_day_at"(date, timestamp with time zone) IS 'The owner page''s day as seen at p_now: {day, dayText (Danish), now, hours {opens, closes} or null when closed, waitlist: [e-mail addresses still waiting for a free time that day, owner_day_waitlist], cars: [owner_car]} of the cars owner_agenda_at shows that day, by their time that day.';

COMMENT ON FUNCTION "public"."owner_day_waitlist"(date) IS 'The e-mail addresses still waiting for a free time on a day (not yet told), first written up first: the owner page''s day (owner_day_at).';

REVOKE ALL ON FUNCTION "public"."owner_day_waitlist"(date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_day_waitlist"(date) TO "postgres", "service_role";

-- the platform's default privileges open what is created in public: closed by name
REVOKE ALL ON FUNCTION "public"."owner_day_waitlist"(date) FROM "anon", "authenticated";
