-- What the owner types into services and closed_dates, and owner_agenda's day, read the Danish way:
-- - services.price, duration_minutes and sort_order become text, read by services_check_values
--   with owner_parse_whole_number (449 kr, 449,- and 1.800 are 449 and 1800; 8 timer and
--   2 t 30 min are minutes; 449,50 and "to timer" refused in Danish with an example), because an
--   integer column refuses in PostgreSQL's English before any trigger; the stored values are the
--   same digits, and every SQL reader casts them to integer;
-- - a closing period over days already closed says which, in the saved row's affected_bookings;
--   a period whose first day was closed saves its first open day's row, a single day already
--   closed is refused in Danish (before: silently nothing);
-- - owner_agenda.day is the canonical text 2027-01-05, so a filter typed 05-01-2027 finds nothing
--   rather than 1 May under DateStyle MDY. The view's column comments are written again and the
--   platform's default grants revoked by name.

SET local check_function_bodies = off;

DROP VIEW "public"."owner_agenda";

ALTER TABLE "public"."services"
  DROP CONSTRAINT "services_duration_minutes_check";

ALTER TABLE "public"."services"
  DROP CONSTRAINT "services_price_check";

ALTER TABLE "public"."services"
  ALTER COLUMN "duration_minutes" DROP DEFAULT;

ALTER TABLE "public"."services"
  ALTER COLUMN "duration_minutes" TYPE text USING "duration_minutes"::text;

ALTER TABLE "public"."services"
  ALTER COLUMN "price" DROP DEFAULT;

ALTER TABLE "public"."services"
  ALTER COLUMN "price" TYPE text USING "price"::text;

ALTER TABLE "public"."services"
  ALTER COLUMN "sort_order" DROP DEFAULT;

ALTER TABLE "public"."services"
  ALTER COLUMN "sort_order" TYPE text USING "sort_order"::text;

ALTER TABLE "public"."services"
  ALTER COLUMN "sort_order" SET DEFAULT '0'::text;

ALTER TABLE "public"."services"
  ALTER COLUMN "sort_order" SET DEFAULT '0'::text;

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

  select sv.duration_minutes::integer into v_minutes
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
        p_id, p_service.id, p_service.name, p_service.duration_minutes::integer, p_service.price::integer,
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
  v_day date := public.owner_parse_date(new.day, 'day');
  v_last date := public.owner_parse_date(new.last_day, 'last_day');
  v_closed date[];
  v_first date;
  v_already text;
begin
  if v_day is null then
    raise exception 'Skriv den lukkede dag i day, f.eks. 24-12-2026.' using errcode = 'not_null_violation';
  end if;
  new.day := public.owner_date_canonical(v_day);
  new.last_day := null;
  new.reason := coalesce(new.reason, '');
  if tg_op = 'UPDATE' and new.day <> old.day
     and exists (select 1 from public.closed_dates c where c.day = new.day) then
    raise exception 'Den % er allerede lukket (den har sin egen række). Slet denne række, hvis dagen skal åbne igen.',
      public.owner_day_text(v_day) using errcode = 'unique_violation';
  end if;
  if v_last is not null then
    if v_last < v_day then
      raise exception 'last_day (%) ligger før day (%). Skriv periodens sidste dag i last_day, f.eks. 25-07-2027.',
        public.owner_day_text(v_last), public.owner_day_text(v_day) using errcode = 'check_violation';
    end if;
    if v_last > v_day + 366 then
      raise exception 'En lukkeperiode kan højst være et år. Luk en kortere periode ad gangen.' using errcode = 'check_violation';
    end if;
    -- the period: days already closed keep their row and note, the others are closed (for an
    -- update, the row's own day is the row itself)
    select coalesce(array_agg(d::date order by d), '{}') into v_closed
      from generate_series(v_day, v_last, interval '1 day') d
     where exists (select 1 from public.closed_dates c where c.day = public.owner_date_canonical(d::date))
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
      new.day := public.owner_date_canonical(v_first);
    end if;
    insert into public.closed_dates (day, reason)
    select public.owner_date_canonical(d::date), new.reason
      from generate_series(v_day, v_last, interval '1 day') d
     where d::date <> all (v_closed)
       and public.owner_date_canonical(d::date) <> new.day
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
    v_minutes := v_service.duration_minutes::integer;
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

CREATE OR REPLACE FUNCTION public.owner_parse_whole_number (
  p_text   text,
  p_column text,
  p_unit   text,
  p_min    integer,
  p_max    integer
)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v text := lower(btrim(coalesce(p_text, '')));
  m text[];
  v_number numeric;
  v_how text := case p_unit
                  when 'kr' then 'Skriv prisen i hele kroner, f.eks. 449.'
                  when 'minutter' then 'Skriv varigheden i minutter, f.eks. 120, eller i timer og minutter, f.eks. 2 timer 30 min.'
                  else 'Skriv et helt tal, f.eks. 10.'
                end;
begin
  if v = '' then
    raise exception '% mangler. %', p_column, v_how using errcode = 'not_null_violation';
  end if;
  if p_unit = 'kr' then
    -- "kr 449", "449 kr.", "449,-", "DKK 449" are all 449
    v := btrim(regexp_replace(regexp_replace(v, '^(kr\.?|dkk)\s*', ''), '\s*(kr\.?|dkk|,-|\.-)$', ''));
  end if;
  if p_unit = 'minutter'
     and v ~ '^(([0-9]+([.,][0-9]+)?)\s*(t|tim|time|timer)\.?)?\s*(([0-9]+)\s*(m|min|minut|minutter)\.?)?$'
     and v ~ '[a-z]' then
    m := regexp_match(v, '^(?:([0-9]+(?:[.,][0-9]+)?)\s*(?:t|tim|time|timer)\.?)?\s*(?:([0-9]+)\s*(?:m|min|minut|minutter)\.?)?$');
    v_number := coalesce(replace(m[1], ',', '.')::numeric * 60, 0) + coalesce(m[2]::numeric, 0);
  elsif v ~ '^-?[0-9]{1,3}([. ][0-9]{3})+$' then
    -- 1.800 and 1 800: the Danish thousands separator (a dot before exactly three digits)
    v_number := regexp_replace(v, '[. ]', '', 'g')::numeric;
  elsif v ~ '^-?[0-9]{1,9}$' then
    v_number := v::numeric;
  elsif v ~ '^-?[0-9]{1,9}[.,][0-9]+$' then
    -- 449,00 is whole; 449,50 is not
    v_number := replace(v, ',', '.')::numeric;
  else
    raise exception '%: "%" kan ikke læses som et tal. %', p_column, left(btrim(p_text), 40), v_how
      using errcode = 'invalid_text_representation';
  end if;
  if v_number <> trunc(v_number) then
    raise exception '%: "%" er ikke et helt tal. %', p_column, btrim(p_text), v_how
      using errcode = 'invalid_text_representation';
  end if;
  if v_number < p_min or v_number > p_max then
    raise exception '%: "%" er uden for det tilladte (% til %). %', p_column, btrim(p_text), p_min, p_max, v_how
      using errcode = 'check_violation';
  end if;
  return (v_number::integer)::text;
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
  new.price := public.owner_parse_whole_number(new.price, 'price', 'kr', 0, 1000000);
  new.duration_minutes := public.owner_parse_whole_number(new.duration_minutes, 'duration_minutes', 'minutter', 1, 10080);
  new.sort_order := public.owner_parse_whole_number(new.sort_order, 'sort_order', '', -1000000, 1000000);
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

ALTER TABLE "public"."services"
  ADD CONSTRAINT "services_duration_minutes_check" CHECK ((duration_minutes ~ '^[1-9][0-9]{0,4}$'::text));

ALTER TABLE "public"."services"
  ADD CONSTRAINT "services_price_check" CHECK ((price ~ '^(0|[1-9][0-9]{0,6})$'::text));

ALTER TABLE "public"."services"
  ADD CONSTRAINT "services_sort_order_check" CHECK ((sort_order ~ '^(0|-?[1-9][0-9]{0,6})$'::text));

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT public.owner_date_canonical(g.day) AS day,
    r.role,
    ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS drop_off_local,
    ((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS ready_local,
    b.service_name AS package,
    b.customer_name,
    public.phone_display(b.customer_phone) AS customer_phone,
    b.customer_email,
    b.notes,
    public.owner_status_of(b.status) AS status,
    b.reference,
    b.car_plate
   FROM ((public.bookings b
     CROSS JOIN LATERAL ( SELECT (d.d)::date AS day
           FROM generate_series((((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, (((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, '1 day'::interval) d(d)) g)
     CROSS JOIN LATERAL public.booking_day_role(b.*, g.day) r(role, at))
  WHERE ((b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text)) AND (g.day >= ((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date) AND ((b.status <> 'cancelled'::text) OR (r.role = ANY (ARRAY['aflevering'::text, 'aflevering og afhentning'::text]))))
  ORDER BY g.day, r.at, b.reference;

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

COMMENT ON COLUMN "public"."services"."duration_minutes" IS 'Hvor mange minutters åbningstid jobbet optager, f.eks. 120 = 2 timer, 480 = 8 timer (du kan også skrive 8 timer eller 2 t 30 min). Lange jobs fortsætter de næste åbningsdage.';

COMMENT ON COLUMN "public"."services"."price" IS 'Pris i hele kroner inkl. moms, f.eks. 399 eller 1800 (449 kr, 449,- og 1.800 læses også). Gemmes som tallet alene.';

COMMENT ON FUNCTION "public"."closed_dates_expand_period"() IS 'Trigger function: reads day and last_day the Danish way (owner_parse_date) into 2027-07-05; a row with last_day closes every day from day to last_day (same reason). A day that is already closed keeps its row and note (never a refusal of the whole period): no new row is made for it, and the saved row''s affected_bookings names those days (Allerede lukket før ...); when the period''s first day was closed before, the saved row is the period''s first day that was not. A single day that is already closed, a period closed entirely before and moving a row onto a closed day are refused in Danish.';

COMMENT ON FUNCTION "public"."owner_parse_whole_number"(text, text, text, integer, integer) IS 'A whole number the owner typed into services, read the Danish way and returned as its canonical digits: with p_unit kr, 449 kr, kr. 449 and 449,- are 449; 1.800 and 1 800 are 1800 (thousands); 449,00 is 449; with p_unit minutter, 8 timer, 2 t 30 min, 2,5 timer and 150 min are minutes. Decimals (449,50), words (to timer), empty and values outside p_min..p_max raise a Danish error naming the column, with an example.';

COMMENT ON VIEW "public"."owner_agenda" IS 'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

REVOKE ALL ON FUNCTION "public"."owner_parse_whole_number"(text, text, text, integer, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_parse_whole_number"(text, text, text, integer, integer) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

comment on column public.owner_agenda.day is
  'Dagen som år-måned-dag, f.eks. 2027-01-05 for 5. januar 2027. Filtrér med day equals og datoen skrevet sådan (05-01-2027 finder intet).';
comment on column public.owner_agenda.role is
  'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';
comment on column public.owner_agenda.drop_off_local is
  'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is
  'Hvornår bilen er færdig og kan hentes (dansk tid).';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer, f.eks. +45 20 11 22 33.';
comment on column public.owner_agenda.customer_email is
  'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is
  'bekræftet, eller aflyst (tiden er ledig igen; vises kun på afleveringsdagen).';
comment on column public.owner_agenda.reference is
  'Bookingnummer (står i kundens bekræftelsesmail).';
comment on column public.owner_agenda.car_plate is 'Bilens nummerplade (valgfri).';

REVOKE ALL ON TABLE "public"."owner_agenda" FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."owner_parse_whole_number"(text, text, text, integer, integer) FROM "anon", "authenticated";
