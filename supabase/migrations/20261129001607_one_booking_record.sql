-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

DROP FUNCTION "public"."booking_customer_refusal"(text, text, text, text, text);

DROP FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
  WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean);

DROP FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text, boolean);

DROP FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean);

DROP FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp
  WITH time zone, text, boolean, integer);

DROP FUNCTION "public"."owner_book"(text, timestamp WITHOUT time zone, text, text, text, text, timestamp WITH time zone, text);

DROP FUNCTION "public"."owner_check_customer"(text, text, text, text, text);

CREATE TYPE "public"."booking_request" AS (
  "service_id"     uuid,
  "booking_date"   date,
  "booking_time"   time WITHOUT time zone,
  "customer_name"  text,
  "customer_email" text,
  "customer_phone" text,
  "notes"          text,
  "car_plate"      text,
  "sms_opt_in"     boolean
);

CREATE OR REPLACE FUNCTION public.booking_customer_refusal (
  p_request public.booking_request
)
  RETURNS jsonb
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the field named as the create-booking function names it (its Danish message is chosen there)
  select case
           when p_request.customer_name is null
                or char_length(p_request.customer_name) not between 2 and 100
             then '{"field": "customerName"}'::jsonb
           when public.text_has_link(p_request.customer_name)
             then '{"field": "customerName", "reason": "link"}'::jsonb
           when p_request.customer_email is null or char_length(p_request.customer_email) > 254
                or p_request.customer_email !~ '^[^@[:space:]]+@[^@[:space:]]+$'
             then '{"field": "customerEmail"}'::jsonb
           when public.phone_e164(p_request.customer_phone) is null
             then '{"field": "customerPhone"}'::jsonb
           when char_length(coalesce(p_request.notes, '')) > 1000 then '{"field": "notes"}'::jsonb
           when char_length(public.car_plate_normalised(p_request.car_plate)) > 20
             then '{"field": "carPlate"}'::jsonb
         end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_insert (
  p_id               uuid,
  p_service          public.services,
  p_request          public.booking_request,
  p_drop_off         timestamp with time zone,
  p_ready            timestamp with time zone,
  p_blocked          tstzrange[],
  p_source           text,
  p_idempotency_key  text                     DEFAULT NULL::text,
  p_idempotency_hash text                     DEFAULT NULL::text,
  p_client_ip        text                     DEFAULT NULL::text,
  p_created_at       timestamp with time zone DEFAULT now()
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
        drop_off_at, ready_at, source, idempotency_key, idempotency_hash, client_ip, created_at,
        -- the request's fields, as create_booking or owner_book made them
        customer_name, customer_email, customer_phone, notes, car_plate, sms_opt_in
      ) values (
        p_id, p_service.id, p_service.name, p_service.duration_minutes, p_service.price,
        p_request.booking_date, p_request.booking_time, p_drop_off, p_ready, p_source,
        p_idempotency_key, p_idempotency_hash, p_client_ip, p_created_at,
        p_request.customer_name, p_request.customer_email, p_request.customer_phone,
        coalesce(p_request.notes, ''), public.car_plate_normalised(p_request.car_plate),
        coalesce(p_request.sms_opt_in, false)
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

CREATE OR REPLACE FUNCTION public.booking_request_hash (
  p_request public.booking_request
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- the whole record, so a new field is in the fingerprint without anyone listing it; the e-mail
  -- address in one case, the phone as the number it is (phone_e164) and the plate as it is stored
  select encode(sha256(convert_to((to_jsonb(p_request) || jsonb_build_object(
    'customer_email', lower(p_request.customer_email),
    'customer_phone', coalesce(public.phone_e164(p_request.customer_phone),
                               btrim(coalesce(p_request.customer_phone, ''))),
    'car_plate', public.car_plate_normalised(p_request.car_plate)))::text, 'UTF8')), 'hex');
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_of (
  p_booking public.bookings
)
  RETURNS public.booking_request
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- by name: every attribute of the request is a bookings column
  select jsonb_populate_record(null::public.booking_request, to_jsonb(p_booking));
$function$;

CREATE OR REPLACE FUNCTION public.create_booking (
  p_request         public.booking_request,
  p_idempotency_key text                     DEFAULT NULL::text,
  p_client_ip       text                     DEFAULT NULL::text,
  p_now             timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_existing public.bookings;
  v_service public.services;
  v_candidate record;
  v_booking public.bookings;
  v_id uuid := gen_random_uuid();
  v_constraint text;
  v_invalid text;
  v_cap text;
  v_refusal jsonb;
  v_request public.booking_request := p_request;
  v_hash text;
begin
  -- optional fields left out are empty, as the form sends them
  v_request.notes := coalesce(p_request.notes, '');
  v_request.car_plate := coalesce(p_request.car_plate, '');
  v_request.sms_opt_in := coalesce(p_request.sms_opt_in, false);
  v_hash := public.booking_request_hash(v_request);

  -- a repeated submit returns the first booking (and does not count against the rate limit);
  -- the same key with another booking is refused, never answered with the first booking
  if p_idempotency_key is not null then
    select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
    if found then
      if v_existing.idempotency_hash is distinct from v_hash then
        return jsonb_build_object('status', 'idempotency_mismatch');
      end if;
      return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
    end if;
  end if;

  -- the caps below are counted under one lock, so simultaneous requests are counted one after the
  -- other and none can slip past a cap (the lock is held to the end of this transaction)
  perform pg_catalog.pg_advisory_xact_lock(public.booking_caps_lock_key());

  -- no usable client address: the platform's header did not arrive (or CLIENT_IP_HEADER names the
  -- wrong one); the request is counted without address caps below, and the owner hears of it
  if nullif(p_client_ip, '') is null then
    perform public.booking_unknown_address_alert(p_now);
  end if;

  -- what the visitor typed must fit the table: refused here as an answer (the edge function checks
  -- the same first), never as a check violation that rolls back the proof of work and the counters
  -- and writes the row into the server's log; counted like a refused choice, against the address
  v_refusal := public.booking_customer_refusal(v_request);
  if v_refusal is not null then
    if public.booking_invalid_hit(p_client_ip, p_now) then
      return jsonb_build_object('status', 'rate_limited');
    end if;
    return jsonb_build_object('status', 'invalid') || v_refusal;
  end if;

  -- what the visitor chose must be bookable; a refusal here counts against the address only, in
  -- a bucket of its own, never against the e-mail address or phone it names
  select * into v_service from public.services s where s.id = v_request.service_id and s.is_active;
  if not found then
    v_invalid := 'serviceId';
  else
    -- the asked time if the rules offer it, else any offered time (the day is bookable) or none
    select * into v_candidate
      from public.booking_candidates(v_request.service_id, v_request.booking_date, p_now) c
     order by c.slot::time = v_request.booking_time desc
     limit 1;
    if not found then
      v_invalid := 'bookingDate';
    elsif v_candidate.slot::time is distinct from v_request.booking_time then
      v_invalid := 'bookingTime';
    end if;
  end if;
  if v_invalid is not null then
    if public.booking_invalid_hit(p_client_ip, p_now) then
      return jsonb_build_object('status', 'rate_limited');
    end if;
    return jsonb_build_object('status', 'invalid', 'field', v_invalid);
  end if;

  if public.booking_rate_limit_hit(p_client_ip, v_request.customer_email, p_now) then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  v_cap := public.booking_cap_reached(p_client_ip, v_request.customer_email,
                                      v_request.customer_phone, p_now);
  if v_cap is not null then
    return jsonb_build_object('status', v_cap);
  end if;

  -- a job over several days from a contact that did not turn up before: the owner may want a call
  -- first (setting no_show_requires_call, off by default)
  if public.booking_no_show_call_required(v_candidate.drop_off_at, v_candidate.ready_at,
                                          v_request.customer_phone, v_request.customer_email,
                                          p_now) then
    return jsonb_build_object('status', 'no_show_call');
  end if;

  begin
    v_booking := public.booking_insert(
      p_id => v_id,
      p_service => v_service,
      p_request => v_request,
      p_drop_off => v_candidate.drop_off_at,
      p_ready => v_candidate.ready_at,
      p_blocked => v_candidate.blocked,
      p_source => 'online',
      p_idempotency_key => p_idempotency_key,
      p_idempotency_hash => case when p_idempotency_key is not null then v_hash end,
      p_client_ip => p_client_ip,
      p_created_at => p_now);
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint <> 'bookings_idempotency_key_key' then
        raise;
      end if;
      -- the same submit raced with itself: return the one that won (if it is the same booking)
      select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
      if v_existing.idempotency_hash is distinct from v_hash then
        return jsonb_build_object('status', 'idempotency_mismatch');
      end if;
      return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
    when check_violation or not_null_violation then
      -- the backstop of booking_customer_refusal: a value the table refuses is an answer, inside
      -- this transaction (only the insert is undone; the proof of work stays used, the attempt is
      -- counted), and a caught error writes nothing to the server's log
      get stacked diagnostics v_constraint = constraint_name;
      if public.booking_invalid_hit(p_client_ip, p_now) then
        return jsonb_build_object('status', 'rate_limited');
      end if;
      return jsonb_strip_nulls(jsonb_build_object('status', 'invalid', 'field',
        case v_constraint
          when 'bookings_customer_name_check' then 'customerName'
          when 'bookings_customer_email_check' then 'customerEmail'
          when 'bookings_customer_phone_format' then 'customerPhone'
          when 'bookings_notes_check' then 'notes'
          when 'bookings_car_plate_check' then 'carPlate'
        end));
  end;
  if v_booking.id is null then
    return jsonb_build_object('status', 'conflict');
  end if;

  -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
  perform public.booking_queue_emails(v_booking, 'booking_confirmation', 'owner_notification', '',
    jsonb_build_object('cancelToken', v_booking.cancel_token), '{}', p_now);

  return public.booking_result(v_booking);
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_booking_with_challenge (
  p_challenge            text,
  p_challenge_expires_at timestamp with time zone,
  p_request              public.booking_request,
  p_idempotency_key      text                     DEFAULT NULL::text,
  p_client_ip            text                     DEFAULT NULL::text,
  p_now                  timestamp with time zone DEFAULT now(),
  p_challenge_cost       integer                  DEFAULT NULL::integer
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;
  -- a second request with the same challenge waits here until the first one's transaction ends,
  -- then finds the row and inserts nothing
  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    -- the same submit sent again (a lost answer): create_booking answers with its booking, or
    -- refuses the key if it was used for another booking
    if p_idempotency_key is not null
       and exists (select 1 from public.bookings b where b.idempotency_key = p_idempotency_key) then
      return public.create_booking(p_request, p_idempotency_key, p_client_ip, p_now);
    end if;
    return jsonb_build_object('status', 'challenge_used');
  end if;
  -- under pressure a cheap challenge is refused and stays unused (a lost answer's replay above is
  -- not refused): at least the cost of one level below the current one, so a challenge fetched
  -- just before a step up still counts
  if public.booking_challenge_level(p_now) > 0
     and coalesce(p_challenge_cost, 0)
         < public.booking_challenge_cost_at(public.booking_challenge_level(p_now) - 1) then
    delete from public.booking_challenge_uses u where u.signature = p_challenge;
    return jsonb_build_object('status', 'challenge_too_easy');
  end if;
  -- the challenge stays used whatever create_booking answers: every attempt costs one solution
  return public.create_booking(p_request, p_idempotency_key, p_client_ip, p_now);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_book (
  p_package text,
  p_request public.booking_request,
  p_now     timestamp with time zone DEFAULT now()
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
  v_request public.booking_request := p_request;
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
  v_drop_off := public.owner_drop_off(p_request.booking_date + p_request.booking_time,
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 05-01-2027 10:00.');
  v_request.service_id := v_service.id;
  v_request.booking_date := v_drop_off::date;
  v_request.booking_time := v_drop_off::time;
  v_request.customer_name := trim(coalesce(p_request.customer_name, ''));
  v_request.customer_phone := trim(coalesce(p_request.customer_phone, ''));
  v_request.customer_email := trim(coalesce(p_request.customer_email, ''));
  v_request.notes := coalesce(p_request.notes, '');
  v_request.car_plate := trim(coalesce(p_request.car_plate, ''));
  perform public.owner_check_customer(v_request);
  -- a function argument takes no assignment cast: the numeric column (whole by its check) is
  -- handed over as the integer minutes the plan counts
  v_blocked := public.owner_plan(v_service.duration_minutes::integer, v_drop_off, p_now);

  -- no idempotency key and no client address: the owner books from the dashboard
  v_booking := public.booking_insert(
    p_id => gen_random_uuid(),
    p_service => v_service,
    p_request => v_request,
    p_drop_off => v_drop_off at time zone 'Europe/Copenhagen',
    p_ready => upper(v_blocked[array_length(v_blocked, 1)])
      - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
    p_blocked => v_blocked,
    p_source => 'owner',
    p_created_at => p_now);
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

CREATE OR REPLACE FUNCTION public.owner_bookings_edit()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_request public.booking_request;
  v_old_request public.booking_request;
  v_drop_off timestamp;
  v_old_drop_off timestamp;
  v_ready timestamp;
  v_old_ready timestamp;
begin
  -- written from inside a trigger: owner_bookings_sync showing a booking as it now is (or a
  -- foreign key cascade); only a statement of the owner's own (trigger depth 1) is an edit
  if pg_trigger_depth() > 1 then
    return case when tg_op = 'DELETE' then old else new end;
  end if;

  if tg_op = 'DELETE' then
    raise exception 'Bookinger slettes ikke. Vælg status aflyst for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  -- the owner's text, read the Danish way (a refusal names the column and gives an example)
  v_drop_off := public.owner_parse_local_timestamp(new.drop_off_local, 'drop_off_local');
  -- the request's fields by name (customer_name, customer_phone, ...), as the owner typed them
  v_request := jsonb_populate_record(null::public.booking_request, to_jsonb(new));
  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null or new.no_shows is not null then
      raise exception 'reference, ready_local og no_shows udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'bekræftet') <> 'bekræftet' then
      raise exception 'En ny booking får status bekræftet. Lad status være bekræftet.'
        using errcode = 'check_violation';
    end if;
    v_request.booking_date := v_drop_off::date;
    v_request.booking_time := v_drop_off::time;
    v_booking := public.owner_book(new.package, v_request);
    return public.owner_bookings_row(v_booking);
  end if;

  select * into v_booking from public.bookings b where b.reference = old.reference for update;
  if new.reference is distinct from old.reference then
    raise exception 'reference udfyldes automatisk og kan ikke rettes.'
      using errcode = 'feature_not_supported';
  end if;
  if new.no_shows is distinct from old.no_shows then
    raise exception 'no_shows tælles automatisk (kundens udeblivelser de seneste 12 måneder) og kan ikke rettes. Vælg status udeblevet på den booking, kunden udeblev fra.'
      using errcode = 'feature_not_supported';
  end if;
  if new.package is distinct from old.package then
    raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
      using errcode = 'feature_not_supported';
  end if;
  if new.status is null then
    raise exception 'status kan ikke være tom. Vælg på listen: bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.'
      using errcode = 'check_violation';
  end if;
  -- compared as the times they are, so the same time typed another way is no change
  v_old_drop_off := public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local');
  v_ready := public.owner_parse_local_timestamp(new.ready_local, 'ready_local');
  v_old_ready := public.owner_parse_local_timestamp(old.ready_local, 'ready_local');
  if v_ready is distinct from v_old_ready
     and (new.status is distinct from old.status or v_drop_off is distinct from v_old_drop_off) then
    raise exception 'Ret ready_local for sig: ikke sammen med status eller drop_off_local.'
      using errcode = 'feature_not_supported';
  end if;

  -- contact details, notes and car plate: the request's fields, compared as the booking stores them
  v_request.customer_name := trim(coalesce(v_request.customer_name, ''));
  v_request.customer_phone := trim(coalesce(v_request.customer_phone, ''));
  v_request.customer_email := trim(coalesce(v_request.customer_email, ''));
  v_request.notes := coalesce(v_request.notes, '');
  v_request.car_plate := trim(coalesce(v_request.car_plate, ''));
  v_old_request := jsonb_populate_record(null::public.booking_request, to_jsonb(old));
  v_old_request.customer_email := coalesce(v_old_request.customer_email, '');
  v_old_request.notes := coalesce(v_old_request.notes, '');
  v_old_request.car_plate := coalesce(v_old_request.car_plate, '');
  if v_request is distinct from v_old_request then
    perform public.owner_check_customer(v_request);
    update public.bookings b
       set customer_name = v_request.customer_name, customer_phone = v_request.customer_phone,
           customer_email = v_request.customer_email, notes = v_request.notes,
           car_plate = public.car_plate_normalised(v_request.car_plate)
     where b.id = v_booking.id
    returning * into v_booking;
  end if;

  if new.status = 'aflyst' and old.status = 'bekræftet' then
    if v_drop_off is distinct from v_old_drop_off then
      raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
    end if;
    perform public.owner_cancel(v_booking.id);
  elsif new.status = 'bekræftet' and old.status = 'aflyst' then
    if v_drop_off is distinct from v_old_drop_off then
      raise exception 'Genopret eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
    end if;
    -- reconfirming takes the work periods again, refused when the time was taken meanwhile
    begin
      update public.bookings b set status = 'confirmed' where b.id = v_booking.id;
    exception when exclusion_violation then
      raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', old.reference
        using errcode = 'exclusion_violation';
    end;
  elsif new.status is distinct from old.status then
    -- the car's day (ankommet, klar, afhentet, udeblevet) and its corrections
    if v_drop_off is distinct from v_old_drop_off then
      raise exception 'Ret status eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
    end if;
    perform public.booking_set_status(v_booking.id, public.owner_status_code(new.status));
  elsif v_drop_off is distinct from v_old_drop_off then
    if new.status = 'aflyst' then
      raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    perform public.owner_move(v_booking.id, v_drop_off);
  elsif v_ready is distinct from v_old_ready then
    perform public.owner_set_ready_time(v_booking.id, v_ready);
  end if;

  -- the row is stored as the engine left the booking (owner_bookings_sync leaves this row to this
  -- statement: it is being written by it)
  select * into v_booking from public.bookings b where b.id = v_booking.id;
  return public.owner_bookings_row(v_booking);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_row (
  p_booking public.bookings
)
  RETURNS public.owner_bookings
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- by name: the request's fields the owner sees are owner_bookings columns of the same names
  select jsonb_populate_record(null::public.owner_bookings,
    to_jsonb(public.booking_request_of(p_booking)) || jsonb_build_object(
      'package', p_booking.service_name,
      'drop_off_local',
        to_char(p_booking.drop_off_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
      'customer_phone', public.phone_display(p_booking.customer_phone),
      'customer_email', nullif(p_booking.customer_email, ''),
      'status', public.owner_status_of(p_booking.status),
      'ready_local',
        to_char(coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen',
                'YYYY-MM-DD HH24:MI'),
      'reference', p_booking.reference,
      'no_shows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email, now())));
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_sync()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_row public.owner_bookings;
begin
  -- a no-show marked or taken back (by the owner's edit too) changes the count on the contact's
  -- other rows; phones are stored in one form (bookings_normalise_phone), so equal is the same
  if tg_op = 'UPDATE' and (old.status = 'no_show') is distinct from (new.status = 'no_show') then
    update public.owner_bookings o
       set no_shows = public.booking_no_shows(b.customer_phone, b.customer_email, now())
      from public.bookings b
     where b.reference = o.reference and b.id <> new.id and b.anonymised_at is null
       and (b.customer_phone = new.customer_phone
            or (b.customer_email <> '' and lower(b.customer_email) = lower(new.customer_email)));
  end if;
  -- a booking changed from inside a trigger: the only such change is the owner's statement on
  -- owner_bookings writing through (owner_bookings_edit), which stores this booking's row itself,
  -- computed from the booking as here (owner-bookings.test.ts checks the table against
  -- owner_bookings_row after every kind of change)
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  if new.anonymised_at is not null then
    delete from public.owner_bookings o where o.reference = new.reference;
  else
    v_row := public.owner_bookings_row(new);
    insert into public.owner_bookings values (v_row.*)
    on conflict (reference) do update
      set package = excluded.package, drop_off_local = excluded.drop_off_local,
          customer_name = excluded.customer_name, customer_phone = excluded.customer_phone,
          customer_email = excluded.customer_email, notes = excluded.notes,
          car_plate = excluded.car_plate, status = excluded.status, ready_local = excluded.ready_local,
          no_shows = excluded.no_shows;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_check_customer (
  p_request public.booking_request
)
  RETURNS void
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  if coalesce(p_request.customer_name, '') = '' then
    raise exception 'Skriv kundens navn i customer_name.' using errcode = 'not_null_violation';
  end if;
  if char_length(p_request.customer_name) not between 2 and 100
     or p_request.customer_name ~ '[[:cntrl:]]' then
    raise exception 'Kundens navn skal være mellem 2 og 100 tegn.' using errcode = 'check_violation';
  end if;
  if coalesce(p_request.customer_phone, '') = '' then
    raise exception 'Skriv kundens telefonnummer i customer_phone.' using errcode = 'not_null_violation';
  end if;
  -- the one phone rule and its Danish refusal (05_owner_values.sql)
  perform public.phone_checked(p_request.customer_phone);
  if p_request.customer_email <> '' and (char_length(p_request.customer_email) > 254
      or p_request.customer_email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$') then
    raise exception 'E-mailadressen "%" ser forkert ud. Ret den, eller lad customer_email være tom.', p_request.customer_email
      using errcode = 'check_violation';
  end if;
  if char_length(p_request.notes) > 1000 then
    raise exception 'Bemærkninger må højst være 1000 tegn.' using errcode = 'check_violation';
  end if;
  if char_length(p_request.car_plate) > 20 or p_request.car_plate ~ '[[:cntrl:]]' then
    raise exception 'Nummerpladen må højst være 20 tegn.' using errcode = 'check_violation';
  end if;
end;
$function$;

COMMENT ON FUNCTION "public"."booking_customer_refusal"(public.booking_request) IS 'What is wrong with the contact fields of an online booking request, as {field, reason?} (field customerName, customerEmail, customerPhone, notes or carPlate; reason link for a name with a link), or null when the table would take them. create_booking answers {status: invalid, ...} with it.';

COMMENT ON FUNCTION "public"."booking_insert"(uuid, public.services, public.booking_request, timestamp with time zone, timestamp
  with time zone, tstzrange[], text, text, text, text, timestamp with time zone) IS 'Inserts a booking of a package (the request as given; its date and time are the Copenhagen drop-off) and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book; the caller holds the locks and has checked the time.';

COMMENT ON FUNCTION "public"."booking_request_hash"(public.booking_request) IS 'Fingerprint of a booking request, the whole record (the e-mail address lower case, the phone as phone_e164, the plate as car_plate_normalised), to bind an idempotency key to it.';

COMMENT ON FUNCTION "public"."booking_request_of"(public.bookings) IS 'The request a booking stores (its booking_request attributes, read by name).';

COMMENT ON FUNCTION "public"."create_booking"(public.booking_request, text, text, timestamp with time zone) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request, booking_request_hash), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. The contact fields are checked first (booking_customer_refusal; a check violation of the insert is caught the same way): refused as {status: invalid, field, reason?} in this transaction, never as an error. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). A job over several days from a contact with a no-show in the last 12 months is refused (no_show_call) while the setting no_show_requires_call is 1. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap|no_show_call, ...}. Called by create_booking_with_challenge.';

COMMENT ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp with time zone, public.booking_request, text, text, timestamp
  with time zone, integer) IS 'create_booking() behind a verified ALTCHA challenge: marks the challenge (its signature) used in the same transaction, so one solution gives at most one booking even when sent twice at once. p_challenge_cost is the cost signed into the challenge: while booking_challenge_level is above 0 it must be at least booking_challenge_cost_at(level - 1), else {status: challenge_too_easy} and the challenge stays unused (a replay of a booking made with it is answered as before). Returns create_booking''s answer, or {status: challenge_invalid|challenge_expired|challenge_too_easy|challenge_used}. A repeated submit with the same idempotency key gets create_booking''s replay. Called by the create-booking edge function after it verified the solution.';

COMMENT ON FUNCTION "public"."owner_book"(text, public.booking_request, timestamp with time zone) IS 'Books a package (by its name) for the owner (phone or walk-in): the request''s date and time are the Copenhagen wall-clock drop-off, today or later, any minute within opening hours, on a free bay (the exclusion constraint settles races); its service_id is the package''s. Queues the customer confirmation when there is an e-mail and owner_bookings_send_email is on. Raises a Danish exception otherwise.';

COMMENT ON FUNCTION "public"."owner_bookings_edit"() IS 'Trigger function of owner_bookings: the owner''s own statements write through to bookings: insert books (owner_book), status aflyst cancels (owner_cancel), bekræftet reconfirms, the car''s states (ankommet, klar, afhentet, udeblevet) go through booking_set_status, a new drop_off_local (Danish date and time, owner_parse_local_timestamp) moves (owner_move), a new ready_local tells the customer a new ready time (owner_set_ready_time), contact fields are corrected; delete and other changes are refused in Danish. What the owner typed is never stored: the row stored (and returned) is owner_bookings_row of the booking as the engine left it. A write from inside a trigger (pg_trigger_depth above 1: owner_bookings_sync, a foreign key cascade) passes through.';

COMMENT ON FUNCTION "public"."owner_bookings_row"(public.bookings) IS 'The owner_bookings row of a booking: the request''s fields by name, Copenhagen wall-clock times as 2027-01-05 10:00 (ready_local is the new ready time when the owner gave one), the phone grouped (phone_display), the Danish status, the contact''s no-shows of the last 12 months (booking_no_shows).';

COMMENT ON FUNCTION "public"."owner_bookings_sync"() IS 'Trigger function: shows a booking in owner_bookings as it now is (owner_bookings_row; the one direction: bookings to owner_bookings). A booking changed from inside a trigger is the owner''s own statement on owner_bookings writing through, which stores that row itself; a no-show marked or taken back recounts no_shows on the rows of the same contact in every case.';

COMMENT ON FUNCTION "public"."owner_check_customer"(public.booking_request) IS 'Refuses a malformed name, phone, e-mail, notes or car plate of an owner booking with a Danish message.';

COMMENT ON TYPE "public"."booking_request" IS 'A booking request as the visitor sent it (the create-booking function''s validated body under the bookings columns'' names): what create_booking, booking_insert and booking_request_hash take whole.';

REVOKE ALL ON FUNCTION "public"."booking_customer_refusal"(public.booking_request) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_customer_refusal"(public.booking_request) TO "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."booking_insert"(uuid, public.services, public.booking_request, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, timestamp WITH time zone)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."booking_insert"(uuid, public.services, public.booking_request, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, timestamp WITH time zone)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_request_hash"(public.booking_request) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_request_hash"(public.booking_request) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_request_of"(public.bookings) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_request_of"(public.bookings) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_booking"(public.booking_request, text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_booking"(public.booking_request, text, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, public.booking_request, text, text, timestamp WITH time zone, integer) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, public.booking_request, text, text, timestamp WITH time zone, integer)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_book"(text, public.booking_request, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_book"(text, public.booking_request, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_check_customer"(public.booking_request) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_check_customer"(public.booking_request) TO "postgres", "service_role";

GRANT USAGE ON TYPE "public"."booking_request" TO "postgres";

-- the fingerprint is now of the whole request: the bookings made with an idempotency key get the
-- new one, so a submit retried across this migration is still answered with its booking
UPDATE "public"."bookings" b
   SET idempotency_hash = public.booking_request_hash(public.booking_request_of(b))
 WHERE b.idempotency_key IS NOT NULL AND b.anonymised_at IS NULL;
