-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

DROP TRIGGER "opening_hours_keep_bookings" ON "public"."opening_hours";

CREATE OR REPLACE FUNCTION public.bookings_off_hours (
  p_days     date[],
  p_weekdays integer[]
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- a future booking with work on one of the days (or weekdays) that no longer lies within the
  -- day's opening hours (closed, or shorter); booking_day_hours reads opening_hours, open_dates and
  -- closed_dates as they are now, in the statement that changed them. The buffer after a job may
  -- run past closing, so the work is compared up to the ready time.
  select string_agg(public.booking_owner_line(b), '; ' order by b.drop_off_at, b.reference)
    from public.bookings b
   where b.status in ('confirmed', 'arrived', 'ready')
     and b.ready_at > now()
     and exists (
       select 1
         from public.booking_work_periods w
        where w.booking_id = b.id
          and w.active
          and upper(w.period) > now()
          and ((lower(w.period) at time zone 'Europe/Copenhagen')::date = any(p_days)
               or extract(isodow from lower(w.period) at time zone 'Europe/Copenhagen')::integer
                  = any(p_weekdays))
          and not exists (
            select 1
              from public.booking_day_hours((lower(w.period) at time zone 'Europe/Copenhagen')::date) h
             where lower(w.period) >= h.opens_at
               and least(upper(w.period), b.ready_at) <= h.closes_at));
$function$;

CREATE OR REPLACE FUNCTION public.bookings_refuse_delete()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  -- a deleted booking is gone without a word to the customer, and its time, e-mails and history
  -- with it; a customer's data is erased by anonymising (the retention job), never by a delete.
  -- Only a transaction that says so itself (set_config, which no Table Editor or REST edit can
  -- send) deletes: the test databases emptying themselves.
  if coalesce(current_setting('glanspunkt.erase_bookings', true), '') = 'on' then
    return old;
  end if;
  raise exception 'Bookinger slettes ikke: så får kunden ingen besked, og tiden og historikken forsvinder. Aflys i stedet: find bookingen % i owner_bookings, og vælg status aflyst (kunden får en mail, og tiden bliver ledig).',
    old.reference
    using errcode = 'feature_not_supported';
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_sync_work_periods()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_days text;
begin
  -- restoring a cancelled booking onto a day since closed (or hours since shortened) would leave
  -- the customer a time the workshop is not open: refused before anything is taken or e-mailed.
  -- A job already over is only the owner tidying up.
  if old.status = 'cancelled' and new.status <> 'cancelled' and new.ready_at > now() then
    select string_agg(distinct public.owner_day_text((lower(w.period) at time zone 'Europe/Copenhagen')::date), ' og ')
      into v_days
      from public.booking_work_periods w
     where w.booking_id = new.id
       and not exists (
         select 1
           from public.booking_day_hours((lower(w.period) at time zone 'Europe/Copenhagen')::date) h
          where lower(w.period) >= h.opens_at and least(upper(w.period), new.ready_at) <= h.closes_at);
    if v_days is not null then
      raise exception 'Bookingen % kan ikke genoprettes: værkstedet har ikke åbent den % på bookingens tid (lukket dag eller kortere åbningstid). Book kunden på en ny tid i owner_bookings.',
        new.reference, v_days
        using errcode = 'check_violation';
    end if;
  end if;
  begin
    -- a cancelled booking holds nothing; a no-show or a collected car holds only the time before
    -- it was marked (the rest is released)
    update public.booking_work_periods w
       set active = (new.status <> 'cancelled'
                     and not (w.released and new.status in ('no_show', 'collected')))
     where w.booking_id = new.id
       and w.active is distinct from (new.status <> 'cancelled'
                                      and not (w.released and new.status in ('no_show', 'collected')));
  exception when exclusion_violation then
    -- only taking the time back can overlap: a reconfirmation after the time was booked meanwhile.
    -- The owner's table said this in Danish already; an update of bookings itself said it in
    -- PostgreSQL's English.
    raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', new.reference
      using errcode = 'exclusion_violation';
  end;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.open_dates_keep_bookings()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_list text := public.bookings_off_hours(array_remove(array[old.day, new.day], null), '{}');
  v_day date := coalesce(new.day, old.day);
begin
  if v_list is not null then
    raise exception 'open_dates for den % kan ikke %: der er bookinger, som så ligger uden for åbningstiden: %. Flyt eller aflys dem først i owner_bookings.',
      public.owner_day_text(v_day),
      case tg_op when 'DELETE' then 'slettes' else 'ændres sådan' end,
      v_list
      using errcode = 'check_violation';
  end if;
  -- a row that opens nothing is a mistake the owner would not see: the day stays closed
  if tg_op <> 'DELETE' and not exists (select 1 from public.booking_day_hours(new.day)) then
    if exists (select 1 from public.closed_dates c where c.day = new.day) then
      raise exception 'Den % står i closed_dates, og en lukket dag forbliver lukket. Slet dagen i closed_dates, hvis den skal være åben.',
        public.owner_day_text(new.day) using errcode = 'check_violation';
    end if;
    raise exception 'Den % har ingen normale åbningstider, så tomme tider åbner ikke dagen. Skriv opens_at og closes_at, f.eks. 10:00 og 14:00.',
      public.owner_day_text(new.day) using errcode = 'check_violation';
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.opening_hours_keep_bookings()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_weekday integer := coalesce(new.weekday, old.weekday);
  v_list text := public.bookings_off_hours('{}',
    array_remove(array[old.weekday::integer, new.weekday::integer], null));
begin
  if v_list is not null then
    raise exception 'Åbningstiden kan ikke %: der er bookinger om %en, som så ligger uden for åbningstiden: %. Flyt eller aflys dem først i owner_bookings, og ret så åbningstiden igen. Vil du stoppe nye bookinger med det samme, så luk de enkelte dage i closed_dates.',
      case tg_op when 'DELETE' then 'slettes' else 'ændres' end,
      (array['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'])[v_weekday],
      v_list
      using errcode = 'check_violation';
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.setting_nearest (
  p_key text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the known key the typed one is most like: the most shared letter pairs (a typo, a missing
  -- underscore or a word left out still shares most of them)
  with typed as (
    select distinct substr(lower(p_key), i, 2) pair
      from generate_series(1, greatest(length(p_key) - 1, 1)) i
  ), known as (
    select r.key from public.setting_ranges() r
  )
  select k.key
    from known k
    cross join lateral (
      select count(*) filter (where t.pair in (
               select substr(k.key, i, 2) from generate_series(1, length(k.key) - 1) i)) shared
        from typed t) m
   where m.shared * 2 >= (select count(*) from typed)
   order by m.shared desc, abs(length(k.key) - length(p_key)), k.key
   limit 1;
$function$;

CREATE OR REPLACE FUNCTION public.setting_range (
  p_key text
)
  RETURNS TABLE (
    min_value integer,
    max_value integer,
    unit      text
  )
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select r.min_value, r.max_value, r.unit from public.setting_ranges() r where r.key = p_key;
$function$;

CREATE OR REPLACE FUNCTION public.setting_ranges()
  RETURNS TABLE (
    key       text,
    min_value integer,
    max_value integer,
    unit      text
  )
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  select r.key, r.min_value, r.max_value, r.unit
    from (values
      ('min_advance_booking_days', 0, 365, 'dage'),
      ('max_advance_booking_days', 1, 730, 'dage'),
      ('slot_interval_minutes', 5, 240, 'minutter'),
      ('workshop_capacity', 1, 20, 'biler'),
      ('buffer_minutes', 0, 480, 'minutter'),
      ('cancellation_notice_hours', 0, 8760, 'timer'),
      ('reminder_hours_before', 1, 168, 'timer'),
      ('owner_bookings_send_email', 0, 1, '1 = ja, 0 = nej'),
      ('owner_agenda_email', 0, 1, '1 = ja, 0 = nej'),
      ('no_show_requires_call', 0, 1, '1 = ja, 0 = nej'),
      ('owner_message_delay_minutes', 0, 60, 'minutter'),
      ('max_moves_per_booking', 0, 20, 'gange'),
      ('email_max_attempts', 1, 50, 'forsøg'),
      ('email_retry_base_seconds', 0, 3600, 'sekunder'),
      ('max_bookings_per_ip_per_day', 1, 1000000, 'bookinger'),
      ('max_open_bookings_per_contact', 1, 1000000, 'bookinger'),
      ('max_new_bookings_per_hour', 1, 1000000, 'bookinger'),
      ('max_booking_emails_per_recipient_per_day', 1, 1000000, 'mails'),
      ('rate_limit_invalid_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_email_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('booking_challenge_cost', 1, 1000000, 'gentagelser')
    ) as r(key, min_value, max_value, unit);
$function$;

CREATE OR REPLACE FUNCTION public.settings_check_value()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_range record;
  v_value text := btrim(coalesce(new.value, ''));
  v_number integer;
  v_other integer;
begin
  if tg_op = 'UPDATE' and (new.key, new.is_public) is distinct from (old.key, old.is_public) then
    raise exception 'Indstillingens navn (key) og is_public kan ikke rettes. Ret kun value.' using errcode = 'feature_not_supported';
  end if;
  new.description := coalesce(new.description, '');
  new.is_public := coalesce(new.is_public, false);
  if new.key is null or btrim(new.key) = '' then
    raise exception 'Skriv indstillingens navn i key, f.eks. max_advance_booking_days.' using errcode = 'not_null_violation';
  end if;
  select * into v_range from public.setting_range(new.key);
  if not found then
    -- a key the engine does not read would do nothing: the rules are a fixed set
    raise exception 'Der findes ingen indstilling, der hedder "%".% Ret value i en af de rækker, der er i settings; nye rækker kan ikke bruges.',
      left(new.key, 60),
      coalesce(' Mente du ' || public.setting_nearest(new.key) || '?', '')
      using errcode = 'check_violation';
  end if;
  if v_value !~ '^[0-9]{1,9}$' then
    raise exception '% skal være et helt tal fra % til % (%), uden tekst og enhed, f.eks. %. "%" kan ikke bruges.',
      new.key, v_range.min_value, v_range.max_value, v_range.unit,
      greatest(v_range.min_value, least(v_range.max_value, 10)),
      left(v_value, 40)
      using errcode = 'check_violation';
  end if;
  v_number := v_value::integer;
  if v_number not between v_range.min_value and v_range.max_value then
    raise exception '% skal være et helt tal fra % til % (%). % er uden for.',
      new.key, v_range.min_value, v_range.max_value, v_range.unit, v_number
      using errcode = 'check_violation';
  end if;
  -- the online window: the last bookable day is not before the first
  if new.key in ('min_advance_booking_days', 'max_advance_booking_days') then
    select nullif(regexp_replace(s.value, '\s', '', 'g'), '')::integer into v_other
      from public.settings s
     where s.key = case new.key when 'min_advance_booking_days' then 'max_advance_booking_days'
                                else 'min_advance_booking_days' end
       and s.value ~ '^\s*[0-9]{1,9}\s*$';
    if v_other is not null and
       ((new.key = 'min_advance_booking_days' and v_number > v_other)
        or (new.key = 'max_advance_booking_days' and v_number < v_other)) then
      raise exception 'max_advance_booking_days (seneste dag) skal være mindst min_advance_booking_days (tidligste dag). Ret den ene, så de passer sammen.'
        using errcode = 'check_violation';
    end if;
  end if;
  new.value := v_number::text;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.settings_refuse_delete()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  -- a deleted rule would quietly fall back to the number in the code
  raise exception 'Indstillinger slettes ikke: bookingen bruger %. Ret value i stedet (nu %).',
    old.key, old.value
    using errcode = 'feature_not_supported';
end;
$function$;

CREATE TRIGGER bookings_refuse_delete
  BEFORE DELETE ON public.bookings
  FOR EACH ROW
  EXECUTE FUNCTION public.bookings_refuse_delete();

CREATE TRIGGER open_dates_keep_bookings
  AFTER INSERT OR DELETE OR UPDATE ON public.open_dates
  FOR EACH ROW
  EXECUTE FUNCTION public.open_dates_keep_bookings();

CREATE TRIGGER opening_hours_keep_bookings
  AFTER DELETE OR UPDATE ON public.opening_hours
  FOR EACH ROW
  EXECUTE FUNCTION public.opening_hours_keep_bookings();

CREATE TRIGGER settings_refuse_delete
  BEFORE DELETE ON public.settings
  FOR EACH ROW
  EXECUTE FUNCTION public.settings_refuse_delete();

COMMENT ON FUNCTION "public"."bookings_off_hours"(date[], integer[]) IS 'The future bookings (confirmed, or the car arrived or ready) with work on one of the days or ISO weekdays that now lies outside that day''s opening hours, in one Danish text for the owner (booking_owner_line, by drop-off), or null. What opening_hours and open_dates refuse a change by.';

COMMENT ON FUNCTION "public"."bookings_refuse_delete"() IS 'Trigger function: a booking is never deleted (refused in Danish, saying how to cancel it in owner_bookings), unless the transaction set glanspunkt.erase_bookings to on itself.';

COMMENT ON FUNCTION "public"."bookings_sync_work_periods"() IS 'Trigger function: a cancelled booking frees its work periods, a no-show or collected one its released periods; reconfirming (or setting it back) takes them again, refused with a Danish message (23P01) when the time was taken meanwhile, or (23514) when its day is closed now or its hours no longer hold the work.';

COMMENT ON FUNCTION "public"."open_dates_keep_bookings"() IS 'Trigger function: refuses in Danish an open_dates change or delete that leaves a future booking''s work outside the day''s hours (naming them, bookings_off_hours), and a row that opens nothing (the day in closed_dates, or empty times on a day without normal hours).';

COMMENT ON FUNCTION "public"."opening_hours_keep_bookings"() IS 'Trigger function: refuses, in Danish and naming them (bookings_off_hours), a change or delete of opening_hours that leaves a future booking''s work outside the weekday''s hours.';

COMMENT ON FUNCTION "public"."setting_nearest"(text) IS 'The known setting (setting_range) a mistyped key is most like, by shared letter pairs, or null when none shares half of them.';

COMMENT ON FUNCTION "public"."setting_range"(text) IS 'The allowed whole-number range of a setting (and its unit in Danish); no row for a key that is not a setting.';

COMMENT ON FUNCTION "public"."setting_ranges"() IS 'The settings there are: every key the engine reads, with its allowed whole-number range and unit in Danish. The one list of keys: settings refuses any other.';

COMMENT ON FUNCTION "public"."settings_check_value"() IS 'Trigger function: a setting is one of the fixed set (setting_range; an unknown key is refused in Danish, naming the nearest known one) and a whole number within its range, refused in Danish with the range; the key cannot be renamed.';

COMMENT ON FUNCTION "public"."settings_refuse_delete"() IS 'Trigger function: a settings row is never deleted (the engine would fall back to its default without a word); refused in Danish, saying to change value instead.';

REVOKE ALL ON FUNCTION "public"."bookings_off_hours"(date[], integer[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."bookings_off_hours"(date[], integer[]) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."bookings_refuse_delete"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."bookings_refuse_delete"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."open_dates_keep_bookings"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."open_dates_keep_bookings"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."setting_nearest"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."setting_nearest"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."setting_ranges"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."setting_ranges"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."settings_refuse_delete"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."settings_refuse_delete"() TO "postgres", "service_role";

-- every rule the engine reads has its row, now that rows are never deleted and no others are taken
-- (as supabase/schemas/10_catalogue.sql)
insert into public.settings (key, value, description, is_public) values
  ('rate_limit_per_ip_per_hour', '20',
   'Højst så mange bookingforsøg pr. time fra samme internetadresse (netværk). Derefter bliver besøgende bedt om at vente eller ringe.',
   false),
  ('rate_limit_per_email_per_hour', '5',
   'Højst så mange bookingforsøg pr. time med samme e-mailadresse.',
   false)
on conflict (key) do nothing;
