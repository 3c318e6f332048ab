-- Typed columns again, because the Table Editor's own editors already keep wrong types out: a
-- number input for numbers, a date picker (ISO) for dates, a time input for times.
-- - services.price, duration_minutes and sort_order become numeric (the API answers JSON numbers,
--   and they sort as numbers); numeric rather than integer so that 449.5 reaches
--   services_check_values and is refused in Danish (price whole kroner 1..1000000, duration whole
--   minutes 15..10080 with "mente du 7 timer?" under 15, sort_order within a million), with check
--   constraints as the backstop; owner_parse_whole_number goes;
-- - opening_hours.opens_at/closes_at, closed_dates.day/last_day, open_dates.day/opens_at/closes_at
--   become time and date; the triggers keep their rules on the typed values and also refuse
--   24:00:00 and seconds; booking_day_rule joins the days directly (no text form, no casts).
-- Every row is kept: the text columns hold the canonical forms the triggers wrote (399,
-- 2027-01-05, 09:00:00), which the casts below read the same under any DateStyle. A stored value
-- that the new rules refuse (a price of 0, a duration under 15 minutes, a time with seconds) stops
-- the migration with a message naming it, rather than being changed silently.

SET local check_function_bodies = off;

ALTER TABLE "public"."closed_dates"
  DROP CONSTRAINT "closed_dates_day_format";

ALTER TABLE "public"."open_dates"
  DROP CONSTRAINT "open_dates_closes_at_format";

ALTER TABLE "public"."open_dates"
  DROP CONSTRAINT "open_dates_day_format";

ALTER TABLE "public"."open_dates"
  DROP CONSTRAINT "open_dates_opens_at_format";

ALTER TABLE "public"."opening_hours"
  DROP CONSTRAINT "opening_hours_closes_at_format";

ALTER TABLE "public"."opening_hours"
  DROP CONSTRAINT "opening_hours_opens_at_format";

ALTER TABLE "public"."services"
  DROP CONSTRAINT "services_duration_minutes_check";

ALTER TABLE "public"."services"
  DROP CONSTRAINT "services_price_check";

ALTER TABLE "public"."services"
  DROP CONSTRAINT "services_sort_order_check";

DROP FUNCTION "public"."owner_opening_times"(text, text, text);

DROP FUNCTION "public"."owner_parse_whole_number"(text, text, text, integer, integer);

DROP FUNCTION "public"."owner_time_canonical"(time WITHOUT time zone);

DO $$
DECLARE
  v_bad text;
BEGIN
  SELECT string_agg(format('%s (price %s, duration_minutes %s, sort_order %s)', name, price, duration_minutes, sort_order), '; ')
    INTO v_bad
    FROM public.services
   WHERE price::numeric NOT BETWEEN 1 AND 1000000
      OR duration_minutes::numeric NOT BETWEEN 15 AND 10080
      OR sort_order::numeric NOT BETWEEN -1000000 AND 1000000;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'Ret disse pakker i services først: pris i hele kroner fra 1, varighed i minutter fra 15: %', v_bad;
  END IF;
  SELECT string_agg(t, '; ') INTO v_bad FROM (
    SELECT format('opening_hours weekday %s: %s-%s', weekday, opens_at, closes_at) AS t
      FROM public.opening_hours
     WHERE extract(second FROM opens_at::time) <> 0 OR extract(second FROM closes_at::time) <> 0
    UNION ALL
    SELECT format('open_dates %s: %s-%s', day, opens_at, closes_at)
      FROM public.open_dates
     WHERE extract(second FROM opens_at::time) <> 0 OR extract(second FROM closes_at::time) <> 0
  ) s;
  IF v_bad IS NOT NULL THEN
    RAISE EXCEPTION 'Ret disse tider til hele minutter først: %', v_bad;
  END IF;
END
$$;

-- the columns of one table change in one statement: a check constraint naming two of them
-- (closes_at > opens_at) is rebuilt once both have their new type
ALTER TABLE "public"."closed_dates"
  ALTER COLUMN "day" TYPE date USING "day"::date,
  ALTER COLUMN "last_day" TYPE date USING "last_day"::date;

ALTER TABLE "public"."open_dates"
  ALTER COLUMN "day" TYPE date USING "day"::date,
  ALTER COLUMN "opens_at" TYPE time WITHOUT time zone USING "opens_at"::time WITHOUT time zone,
  ALTER COLUMN "closes_at" TYPE time WITHOUT time zone USING "closes_at"::time WITHOUT time zone;

ALTER TABLE "public"."opening_hours"
  ALTER COLUMN "opens_at" TYPE time WITHOUT time zone USING "opens_at"::time WITHOUT time zone,
  ALTER COLUMN "closes_at" TYPE time WITHOUT time zone USING "closes_at"::time WITHOUT time zone;

-- the text default '0' goes before the type changes, the number default 0 after
ALTER TABLE "public"."services"
  ALTER COLUMN "sort_order" DROP DEFAULT;

ALTER TABLE "public"."services"
  ALTER COLUMN "duration_minutes" TYPE numeric USING "duration_minutes"::numeric,
  ALTER COLUMN "price" TYPE numeric USING "price"::numeric,
  ALTER COLUMN "sort_order" TYPE numeric USING "sort_order"::numeric;

ALTER TABLE "public"."services"
  ALTER COLUMN "sort_order" SET DEFAULT 0;

CREATE OR REPLACE FUNCTION public.booking_candidates (
  p_service_id uuid,
  p_day        date,
  p_now        timestamp with time zone DEFAULT now()
)
  RETURNS TABLE (
    slot        text,
    drop_off_at timestamp with time zone,
    ready_at    timestamp with time zone,
    blocked     tstzrange[]
  )
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_min integer;
  v_max integer;
  v_step integer;
  v_buffer interval;
  v_minutes integer;
  v_job interval;
  v_open timestamptz;
  v_close timestamptz;
  v_work tstzrange[];
  v_last integer;
begin
  -- the rule settings in one read; a missing or malformed value falls back to the default
  select coalesce(max(trim(s.value)::integer) filter (where s.key = 'min_advance_booking_days'), 1),
         coalesce(max(trim(s.value)::integer) filter (where s.key = 'max_advance_booking_days'), 60),
         coalesce(max(trim(s.value)::integer) filter (where s.key = 'slot_interval_minutes'), 30),
         make_interval(mins => coalesce(max(trim(s.value)::integer) filter (where s.key = 'buffer_minutes'), 0))
    into v_min, v_max, v_step, v_buffer
    from public.settings s
   where s.key in ('min_advance_booking_days', 'max_advance_booking_days', 'slot_interval_minutes',
                   'buffer_minutes')
     and s.value ~ '^\s*[0-9]{1,9}\s*$';
  if v_step < 5 then
    v_step := 30;
  end if;

  select sv.duration_minutes into v_minutes
    from public.services sv where sv.id = p_service_id and sv.is_active;
  if v_minutes is null or p_day < v_today + v_min or p_day > v_today + v_max then
    return;
  end if;
  select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(p_day) h;
  if v_open is null then
    return;
  end if;
  v_job := make_interval(mins => v_minutes);

  if v_job > v_close - v_open then
    -- a job longer than the whole day starts at opening time and continues on the next open days
    v_work := public.booking_job_periods(v_open, v_minutes);
    if v_work is null or v_open <= p_now then
      return;
    end if;
    v_last := array_length(v_work, 1);
    slot := to_char(v_open at time zone 'Europe/Copenhagen', 'HH24:MI');
    drop_off_at := v_open;
    ready_at := upper(v_work[v_last]);
    blocked := v_work;
    blocked[v_last] := tstzrange(lower(v_work[v_last]), ready_at + v_buffer, '[)');
    return next;
    return;
  end if;

  -- a job that fits the day may start at any grid time (wall clock) that lets it finish by closing
  return query
    select to_char(g.l, 'HH24:MI'), x.d, x.d + v_job, array[tstzrange(x.d, x.d + v_job + v_buffer, '[)')]
      from generate_series(v_open at time zone 'Europe/Copenhagen', v_close at time zone 'Europe/Copenhagen',
                           make_interval(mins => v_step)) as g(l)
      cross join lateral (select g.l at time zone 'Europe/Copenhagen' as d) as x
     where x.d + v_job <= v_close and x.d > p_now
     order by g.l;
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
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.booking_insert (
  p_id               uuid,
  p_service          public.services,
  p_local            timestamp without time zone,
  p_drop_off         timestamp with time zone,
  p_ready            timestamp with time zone,
  p_blocked          tstzrange[],
  p_name             text,
  p_email            text,
  p_phone            text,
  p_notes            text,
  p_source           text,
  p_idempotency_key  text                        DEFAULT NULL::text,
  p_idempotency_hash text                        DEFAULT NULL::text,
  p_client_ip        text                        DEFAULT NULL::text,
  p_created_at       timestamp with time zone    DEFAULT now(),
  p_car_plate        text                        DEFAULT ''::text,
  p_sms              boolean                     DEFAULT false
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_bay smallint;
  v_booking public.bookings;
  v_constraint text;
  v_tries integer := 0;
begin
  loop
    v_bay := public.booking_free_bay(p_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return null;
    end if;
    begin
      insert into public.bookings (
        id, service_id, service_name, duration_minutes, price, booking_date, booking_time,
        drop_off_at, ready_at, customer_name, customer_email, customer_phone, notes, car_plate,
        sms_opt_in, source, idempotency_key, idempotency_hash, client_ip, created_at
      ) values (
        p_id, p_service.id, p_service.name, p_service.duration_minutes, p_service.price,
        p_local::date, p_local::time, p_drop_off, p_ready, p_name, p_email, p_phone, p_notes,
        public.car_plate_normalised(p_car_plate), coalesce(p_sms, false), p_source, p_idempotency_key, p_idempotency_hash, p_client_ip,
        p_created_at
      )
      returning * into v_booking;
      insert into public.booking_work_periods (booking_id, bay, period)
      select p_id, v_bay, r from unnest(p_blocked) r;
      return v_booking;
    exception
      when exclusion_violation or deadlock_detected then
        -- another booking took this bay meanwhile (now committed): look for another bay
        null;
      when unique_violation then
        get stacked diagnostics v_constraint = constraint_name;
        if v_constraint <> 'bookings_reference_key' then
          raise;
        end if;
        -- reference collision: the next try draws a new reference
    end;
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION public.closed_dates_expand_period()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.closed_dates_name_bookings()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  -- last_day is still given (this trigger runs before closed_dates_expand_period, which empties it)
  v_day date := new.day;
  v_to date := greatest(v_day, coalesce(new.last_day, v_day));
  v_bookings jsonb;
begin
  if v_day is null then
    return new; -- closed_dates_expand_period refuses the empty day in Danish
  end if;
  -- the saved row is what the Table Editor shows the owner after the edit: it names the bookings
  -- on the day, and on a period's first row those of the whole period (this trigger runs before
  -- closed_dates_expand_period, by name, so it still sees last_day). The closing itself is kept:
  -- new bookings stop at once, and the owner moves or cancels the named ones.
  new.affected_bookings := public.closed_days_bookings(v_day, v_to);

  -- and one e-mail per closing, to keep as a list to work through: the owner's own edit (depth 1;
  -- a period's other days are inserted by closed_dates_expand_period, below it), a new row or a
  -- changed day, never a save of the reason alone
  if pg_trigger_depth() = 1
     and (tg_op = 'INSERT' or v_day is distinct from old.day
          or new.last_day is not null) then
    select jsonb_agg(public.booking_summary(b) - 'price'
                     || jsonb_build_object('customerName', b.customer_name,
                                           'customerPhone', b.customer_phone)
                     order by b.drop_off_at, b.reference)
      into v_bookings
      from public.closed_days_affected(v_day, v_to) b;
    if v_bookings is not null then
      insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
      values (null, 'owner_notification', null,
              jsonb_build_object('alert', 'closed_day', 'from', v_day::text, 'to', v_to::text,
                                 'bookings', v_bookings),
              'owner_alert:closed_day:' || gen_random_uuid(), now());
    end if;
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.move_booking (
  p_booking_id       uuid,
  p_date             date,
  p_time             text,
  p_check_window     boolean                  DEFAULT true,
  p_check_deadline   boolean                  DEFAULT true,
  p_check_move_limit boolean                  DEFAULT true,
  p_moved_by         text                     DEFAULT 'customer'::text,
  p_now              timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_old public.bookings;
  v_booking public.bookings;
  v_service public.services;
  v_minutes integer;
  v_start timestamptz;
  v_open timestamptz;
  v_close timestamptz;
  v_blocked tstzrange[];
  v_drop_off timestamptz;
  v_ready timestamptz;
  v_last integer;
  v_bay smallint;
  v_tries integer := 0;
  v_token text;
  v_previous jsonb;
begin
  if p_moved_by is null or p_moved_by not in ('customer', 'owner') then
    raise exception 'move_booking: p_moved_by must be customer or owner' using errcode = '22023';
  end if;

  select * into v_old from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_old.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v_old.status <> 'confirmed' then
    -- the car has arrived, is ready, collected or did not come: its time is not moved
    return jsonb_build_object('status', 'too_late');
  end if;
  if p_check_deadline and p_now > public.booking_change_deadline(v_old) then
    return jsonb_build_object('status', 'too_late');
  end if;
  if p_check_move_limit and public.booking_moves_left(v_old) = 0 then
    return jsonb_build_object('status', 'move_limit');
  end if;
  if p_date is null then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
  end if;
  if p_time is null or p_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
  end if;

  if p_check_window then
    -- exactly the drop-off times the booking form offers for the package (window, hours, holidays,
    -- grid, multi-day jobs); the package must still be offered
    select * into v_service from public.services s where s.id = v_old.service_id and s.is_active;
    if not found then
      return jsonb_build_object('status', 'invalid', 'field', 'serviceId');
    end if;
    select c.drop_off_at, c.ready_at, c.blocked into v_drop_off, v_ready, v_blocked
      from public.booking_candidates(v_old.service_id, p_date, p_now) c
     order by c.slot = p_time desc
     limit 1;
    if not found then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    if to_char(v_drop_off at time zone 'Europe/Copenhagen', 'HH24:MI') <> p_time then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
    end if;
    v_minutes := v_service.duration_minutes;
  else
    -- the workshop: any start within the day's opening hours, in the future; the job's length as
    -- booked, continuing on the next opening days when it does not fit the day
    select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(p_date) h;
    if v_open is null then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    v_start := (p_date + p_time::time) at time zone 'Europe/Copenhagen';
    if v_start < v_open or v_start >= v_close or v_start <= p_now then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
    end if;
    v_minutes := v_old.duration_minutes;
    v_blocked := public.booking_job_periods(v_start, v_minutes);
    if v_blocked is null then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    v_last := array_length(v_blocked, 1);
    v_drop_off := v_start;
    v_ready := upper(v_blocked[v_last]);
    v_blocked[v_last] := tstzrange(lower(v_blocked[v_last]),
      v_ready + make_interval(mins => public.booking_setting('buffer_minutes', 0)), '[)');
  end if;

  if v_drop_off = v_old.drop_off_at then
    return jsonb_build_object('status', 'unchanged');
  end if;

  -- free the old time and take the new one; a lost race rolls both back (the old time stays)
  loop
    v_tries := v_tries + 1;
    if v_tries > 60 then
      return jsonb_build_object('status', 'conflict');
    end if;
    begin
      delete from public.booking_work_periods w where w.booking_id = v_old.id;
      v_bay := public.booking_free_bay(v_blocked);
      if v_bay is null then
        raise exception using errcode = 'P0001', message = 'move_booking: no free bay';
      end if;
      insert into public.booking_work_periods (booking_id, bay, period)
      select v_old.id, v_bay, r from unnest(v_blocked) r;
      exit;
    exception
      when exclusion_violation or deadlock_detected then
        -- another request took this bay meanwhile (now committed): look again
        null;
      when raise_exception then
        if sqlerrm <> 'move_booking: no free bay' then
          raise;
        end if;
        return jsonb_build_object('status', 'conflict');
    end;
  end loop;

  v_token := public.booking_random_token();
  update public.bookings b
     set booking_date = (v_drop_off at time zone 'Europe/Copenhagen')::date,
         booking_time = (v_drop_off at time zone 'Europe/Copenhagen')::time,
         drop_off_at = v_drop_off,
         ready_at = v_ready,
         duration_minutes = v_minutes,
         move_count = b.move_count + case when p_moved_by = 'customer' then 1 else 0 end,
         ics_sequence = b.ics_sequence + 1,
         moved_at = p_now,
         cancel_token_hash = public.booking_token_hash(v_token)
   where b.id = v_old.id
  returning * into v_booking;

  insert into public.booking_moves (booking_id, moved_by, from_drop_off_at, from_ready_at,
                                    to_drop_off_at, to_ready_at, moved_at)
  values (v_old.id, p_moved_by, v_old.drop_off_at, v_old.ready_at, v_booking.drop_off_at,
          v_booking.ready_at, p_now);

  -- the reminder of the old time is no longer right; the new time gets its own (own key)
  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev flyttet', locked_until = null
   where o.booking_id = v_old.id and o.kind in ('booking_reminder', 'sms_booking_reminder') and o.status = 'pending';

  v_previous := jsonb_build_object(
    'previousDropOff', public.copenhagen_iso(v_old.drop_off_at),
    'previousReadyAt', public.copenhagen_iso(v_old.ready_at),
    'movedBy', p_moved_by,
    'sequence', v_booking.ics_sequence);
  perform public.booking_queue_emails(v_booking, 'booking_moved', 'owner_booking_moved',
    ':' || v_booking.ics_sequence, jsonb_build_object('cancelToken', v_token) || v_previous,
    v_previous, p_now);

  return public.booking_result(v_booking) || jsonb_build_object('status', 'moved') || v_previous
    || jsonb_build_object('movesLeft', public.booking_moves_left(v_booking));
end;
$function$;

CREATE OR REPLACE FUNCTION public.open_dates_read_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.opening_hours_read_times()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_book (
  p_package        text,
  p_drop_off       timestamp without time zone,
  p_customer_name  text,
  p_customer_phone text,
  p_customer_email text                        DEFAULT NULL::text,
  p_notes          text                        DEFAULT NULL::text,
  p_now            timestamp with time zone    DEFAULT now(),
  p_car_plate      text                        DEFAULT NULL::text
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_service public.services;
  v_name text := trim(coalesce(p_customer_name, ''));
  v_phone text := trim(coalesce(p_customer_phone, ''));
  v_email text := trim(coalesce(p_customer_email, ''));
  v_notes text := coalesce(p_notes, '');
  v_car_plate text := trim(coalesce(p_car_plate, ''));
  v_drop_off timestamp;
  v_blocked tstzrange[];
  v_booking public.bookings;
begin
  if p_package is null or trim(p_package) = '' then
    raise exception 'Skriv pakkens navn i package, f.eks. Guldpakken (se services).'
      using errcode = 'not_null_violation';
  end if;
  select * into v_service from public.services s where lower(s.name) = lower(trim(p_package));
  if not found then
    raise exception 'Pakken "%" findes ikke. Skriv navnet som i services, f.eks. Guldpakken.', trim(p_package)
      using errcode = 'invalid_parameter_value';
  end if;
  if not v_service.is_active then
    raise exception 'Pakken "%" er slået fra (is_active = false i services) og kan ikke bookes.', v_service.name
      using errcode = 'invalid_parameter_value';
  end if;
  v_drop_off := public.owner_drop_off(p_drop_off,
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 05-01-2027 10:00.');
  perform public.owner_check_customer(v_name, v_phone, v_email, v_notes, v_car_plate);
  -- a function argument takes no assignment cast: the numeric column (whole by its check) is
  -- handed over as the integer minutes the plan counts
  v_blocked := public.owner_plan(v_service.duration_minutes::integer, v_drop_off, p_now);

  -- no idempotency key and no client address: the owner books from the dashboard
  v_booking := public.booking_insert(
    p_id => gen_random_uuid(),
    p_service => v_service,
    p_local => v_drop_off,
    p_drop_off => v_drop_off at time zone 'Europe/Copenhagen',
    p_ready => upper(v_blocked[array_length(v_blocked, 1)])
      - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
    p_blocked => v_blocked,
    p_name => v_name,
    p_email => v_email,
    p_phone => v_phone,
    p_notes => v_notes,
    p_car_plate => v_car_plate,
    p_source => 'owner',
    p_created_at => now());
  if v_booking.id is null then
    raise exception '%', public.owner_taken_message(v_blocked) using errcode = 'exclusion_violation';
  end if;

  if v_booking.customer_email <> '' and public.owner_send_email() then
    -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
    -- (bookings keeps only its hash, so the token cannot be read back from the booking)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
    values (v_booking.id, 'booking_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking) || jsonb_build_object('cancelToken', null),
            'booking_confirmation:' || v_booking.id);
  end if;
  return v_booking;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_check_opening_times (
  p_opens  time without time zone,
  p_closes time without time zone,
  p_empty  text
)
  RETURNS void
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.services_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_slug text;
begin
  if tg_op = 'UPDATE' and (new.id, new.created_at) is distinct from (old.id, old.created_at) then
    raise exception 'id og created_at udfyldes automatisk og kan ikke rettes.' using errcode = 'feature_not_supported';
  end if;
  if new.name is null or btrim(new.name) = '' then
    raise exception 'Skriv pakkens navn i name, f.eks. Guldpakken.' using errcode = 'not_null_violation';
  end if;
  new.name := btrim(new.name);
  if exists (select 1 from public.services s where lower(s.name) = lower(new.name) and s.id is distinct from new.id) then
    raise exception 'Der er allerede en pakke, der hedder "%". Giv pakken et andet navn.', new.name
      using errcode = 'unique_violation';
  end if;
  if new.category is null or new.category not in ('vask', 'polering', 'special') then
    raise exception 'category skal være vask, polering eller special (små bogstaver).' using errcode = 'check_violation';
  end if;
  -- the Table Editor's number input sends what the owner typed as a quoted literal (or null for
  -- an empty cell); the column is numeric so that a decimal arrives here unrounded
  if new.price is null then
    raise exception 'price mangler. Skriv prisen i hele kroner, f.eks. 449.' using errcode = 'not_null_violation';
  end if;
  if new.price <> trunc(new.price) then
    raise exception 'price: % er ikke et helt antal kroner. Skriv prisen i hele kroner, f.eks. 449.', new.price
      using errcode = 'check_violation';
  end if;
  if new.price < 1 or new.price > 1000000 then
    raise exception 'price: % kr. kan ikke bruges. Skriv prisen i hele kroner fra 1 til 1000000, f.eks. 449.', new.price
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes is null then
    raise exception 'duration_minutes mangler. Skriv varigheden i hele minutter, f.eks. 120 for 2 timer.' using errcode = 'not_null_violation';
  end if;
  if new.duration_minutes <> trunc(new.duration_minutes) then
    raise exception 'duration_minutes: % er ikke et helt antal minutter. Skriv varigheden i hele minutter, f.eks. 120 for 2 timer.', new.duration_minutes
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes between 1 and 14 then
    -- a job of a few minutes is not booked here: a small number is almost surely hours
    raise exception 'duration_minutes: % minutter er for kort til et job (mindst 15). Mente du % timer? Skriv %.',
      trunc(new.duration_minutes), trunc(new.duration_minutes), trunc(new.duration_minutes) * 60
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes < 15 or new.duration_minutes > 10080 then
    raise exception 'duration_minutes: % kan ikke bruges. Skriv varigheden i hele minutter fra 15 til 10080 (en uge), f.eks. 120 for 2 timer.', new.duration_minutes
      using errcode = 'check_violation';
  end if;
  if new.sort_order is null then
    raise exception 'sort_order mangler. Skriv et helt tal, f.eks. 10 (laveste tal står først).' using errcode = 'not_null_violation';
  end if;
  if new.sort_order <> trunc(new.sort_order) or new.sort_order not between -1000000 and 1000000 then
    raise exception 'sort_order: % kan ikke bruges. Skriv et helt tal fra -1000000 til 1000000, f.eks. 10 (laveste tal står først).', new.sort_order
      using errcode = 'check_violation';
  end if;
  -- 449.0 is whole: stored as 449, as the site prints it
  new.price := trunc(new.price);
  new.duration_minutes := trunc(new.duration_minutes);
  new.sort_order := trunc(new.sort_order);
  if new.is_active is null then
    raise exception 'is_active skal være true (pakken kan bookes) eller false (slået fra).' using errcode = 'not_null_violation';
  end if;
  if new.description is null then
    new.description := '';
  end if;
  -- the slug as services_fill_slug will fill it (that trigger fires after this one)
  v_slug := coalesce(nullif(btrim(new.slug), ''), public.service_slug(new.name));
  if v_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'slug må kun have små bogstaver a-z, tal og bindestreger, f.eks. guldpakken (og navnet mindst ét bogstav eller tal). Lad slug være tom på en ny pakke.' using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.services s where s.slug = v_slug and s.id is distinct from new.id) then
    raise exception 'En anden pakke har allerede slug "%". Lad slug stå, som den er, eller giv pakken et andet navn.', v_slug using errcode = 'unique_violation';
  end if;
  return new;
end;
$function$;

ALTER TABLE "public"."open_dates"
  ADD CONSTRAINT "open_dates_closes_at_whole_minute_of_the_day" CHECK (((closes_at < '24:00:00'::time without time zone) AND (EXTRACT(second FROM closes_at) = (0)::numeric)));

ALTER TABLE "public"."open_dates"
  ADD CONSTRAINT "open_dates_opens_at_whole_minute_of_the_day" CHECK (((opens_at < '24:00:00'::time without time zone) AND (EXTRACT(second FROM opens_at) = (0)::numeric)));

ALTER TABLE "public"."opening_hours"
  ADD CONSTRAINT "opening_hours_closes_at_whole_minute_of_the_day" CHECK (((closes_at < '24:00:00'::time without time zone) AND (EXTRACT(second FROM closes_at) = (0)::numeric)));

ALTER TABLE "public"."opening_hours"
  ADD CONSTRAINT "opening_hours_opens_at_whole_minute_of_the_day" CHECK (((opens_at < '24:00:00'::time without time zone) AND (EXTRACT(second FROM opens_at) = (0)::numeric)));

ALTER TABLE "public"."services"
  ADD CONSTRAINT "services_duration_minutes_whole_15_to_10080"
    CHECK (((duration_minutes = trunc(duration_minutes)) AND ((duration_minutes >= (15)::numeric) AND (duration_minutes <= (10080)::numeric))));

ALTER TABLE "public"."services"
  ADD CONSTRAINT "services_price_whole_kroner_1_to_1000000" CHECK (((price = trunc(price)) AND ((price >= (1)::numeric) AND (price <= (1000000)::numeric))));

ALTER TABLE "public"."services"
  ADD CONSTRAINT "services_sort_order_whole_within_a_million"
    CHECK (((sort_order = trunc(sort_order)) AND ((sort_order >= ('-1000000'::integer)::numeric) AND (sort_order <= (1000000)::numeric))));

COMMENT ON COLUMN "public"."closed_dates"."day" IS 'Den lukkede dag: vælg den i datovælgeren, f.eks. 24. december 2026.';

COMMENT ON COLUMN "public"."closed_dates"."last_day" IS 'Til og med (valgfri): vælg en dag her for at lukke en hel periode, f.eks. en ferie, fra day til og med denne dag (f.eks. 25. juli 2027). Der laves én række pr. dag, og feltet tømmes bagefter. Dage, der allerede er lukket, beholder deres række.';

COMMENT ON COLUMN "public"."open_dates"."closes_at" IS 'Lukker kl. den dag, i timer og minutter, f.eks. 14:00, eller tom (begge tider) for ugedagens normale tider.';

COMMENT ON COLUMN "public"."open_dates"."day" IS 'Dagen, der skal være åben: vælg den i datovælgeren, f.eks. 14. maj 2026.';

COMMENT ON COLUMN "public"."open_dates"."opens_at" IS 'Åbner kl. den dag, i timer og minutter, f.eks. 10:00, eller tom (begge tider) for ugedagens normale tider.';

COMMENT ON COLUMN "public"."opening_hours"."closes_at" IS 'Lukker kl., i timer og minutter, f.eks. 20:00 eller 17:30 (senere end åbningstiden, senest 23:59). Tøm både opens_at og closes_at for at holde lukket hele dagen.';

COMMENT ON COLUMN "public"."opening_hours"."opens_at" IS 'Åbner kl., i timer og minutter, f.eks. 09:00 eller 09:30. Tøm både opens_at og closes_at for at holde lukket hele dagen.';

COMMENT ON COLUMN "public"."services"."duration_minutes" IS 'Hvor mange minutters åbningstid jobbet optager, som et helt tal minutter fra 15 til 10080, f.eks. 120 = 2 timer, 480 = 8 timer. Lange jobs fortsætter de næste åbningsdage.';

COMMENT ON COLUMN "public"."services"."price" IS 'Pris i hele kroner inkl. moms, kun tallet, f.eks. 399 eller 1800 (fra 1 til 1000000).';

COMMENT ON COLUMN "public"."services"."sort_order" IS 'Rækkefølgen på prissiderne inden for kategorien (vask, polering, special), et helt tal, f.eks. 10: laveste tal står først. Bookingformularens liste er altid sorteret efter navn.';

COMMENT ON FUNCTION "public"."closed_dates_expand_period"() IS 'Trigger function: a row with last_day closes every day from day to last_day (same reason), and last_day is emptied. A day that is already closed keeps its row and note (never a refusal of the whole period): no new row is made for it, and the saved row''s affected_bookings names those days (Allerede lukket før ...); when the period''s first day was closed before, the saved row is the period''s first day that was not. An empty day, a single day that is already closed, a period closed entirely before and moving a row onto a closed day are refused in Danish.';

COMMENT ON FUNCTION "public"."open_dates_read_values"() IS 'Trigger function: an extra open day needs its day, once (a day already listed is refused in Danish), and its times checked by owner_check_opening_times (empty = the weekday''s hours).';

COMMENT ON FUNCTION "public"."opening_hours_read_times"() IS 'Trigger function: one row per weekday, and its opening times checked by owner_check_opening_times (empty = closed), refusing in Danish.';

COMMENT ON FUNCTION "public"."owner_check_opening_times"(time without time zone, time without time zone, text) IS 'Checks a pair of opening times: both or neither, each a whole minute of the day (not 24:00, no seconds), closing after opening; refuses in Danish (p_empty says what two empty times mean).';

COMMENT ON FUNCTION "public"."owner_date_canonical"(date) IS 'A day as text in one form whatever the DateStyle: 2027-01-05 (owner_agenda.day, which the owner filters by typing; sorts as the calendar does).';

COMMENT ON FUNCTION "public"."services_check_values"() IS 'Trigger function: refuses, in Danish and saying what to type, a package whose name, category, price (whole kroner 1..1000000), duration (whole minutes 15..10080; under 15 is asked about as hours), sort_order (whole, within a million), is_active or slug the table''s constraints would refuse in English.';

REVOKE ALL ON FUNCTION "public"."owner_check_opening_times"(time WITHOUT time zone, time WITHOUT time zone, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_check_opening_times"(time WITHOUT time zone, time WITHOUT time zone, text) TO "postgres", "service_role";

-- the sender's opening hours (for the e-mails) read the time columns as times
CREATE OR REPLACE FUNCTION public.email_claim (
  p_limit         integer                  DEFAULT 10,
  p_lease_seconds integer                  DEFAULT 300,
  p_now           timestamp with time zone DEFAULT now(),
  p_due_by        timestamp with time zone DEFAULT NULL::timestamp WITH time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_max integer := greatest(public.booking_setting('email_max_attempts', 10), 1);
  v_messages jsonb;
  v_hours jsonb;
begin
  -- a try that died while sending: give up when it was the last allowed try, else take it over
  update public.email_outbox o
     set status = 'failed', locked_until = null,
         last_error = coalesce(o.last_error || ' / ', '') || 'afbrudt under afsendelse'
   where o.status = 'sending' and o.locked_until <= p_now and o.attempts >= v_max;

  -- p_due_by: a sender that claims row by row passes the time of its run's first claim (the
  -- database's, from that claim's answer), so a row that failed during the run waits for the next
  -- run instead of being tried again at once
  with due as (
    select c.id
      from public.email_outbox c
     where (c.status = 'pending' and c.next_attempt_at <= least(p_now, coalesce(p_due_by, p_now)))
        or (c.status = 'sending' and c.locked_until <= p_now)
     order by c.next_attempt_at, c.created_at
     limit greatest(p_limit, 0)
       for update skip locked
  ), claimed as (
    update public.email_outbox o
       set status = 'sending',
           attempts = o.attempts + 1,
           last_attempt_at = p_now,
           locked_until = p_now + make_interval(secs => greatest(p_lease_seconds, 1))
      from due
     where o.id = due.id
    returning o.id, o.kind, o.recipient, o.payload, o.idempotency_key, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', c.id, 'kind', c.kind, 'recipient', c.recipient, 'payload', c.payload,
           'idempotencyKey', c.idempotency_key, 'attempts', c.attempts,
           'createdAt', c.created_at)
           order by c.created_at), '[]'::jsonb)
    into v_messages
    from claimed c;

  select coalesce(jsonb_agg(jsonb_build_object(
           'weekday', h.weekday,
           'opensAt', to_char(h.opens_at, 'HH24:MI'),
           'closesAt', to_char(h.closes_at, 'HH24:MI')) order by h.weekday), '[]'::jsonb)
    into v_hours
    from public.opening_hours h;

  return jsonb_build_object(
    'messages', v_messages,
    'openingHours', v_hours,
    'cancellationNoticeHours', public.booking_setting('cancellation_notice_hours', 24),
    'now', p_now);
end;
$function$;
