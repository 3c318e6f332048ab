-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

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
  -- the request's fields by name (the package is p_service): a new field needs no line here
  v_fields text[] := array_remove(public.booking_request_attributes(), 'service_id');
  v_insert text := format(
    'insert into public.bookings (id, service_id, service_name, duration_minutes, price,
       drop_off_at, ready_at, source, idempotency_key, idempotency_hash, client_ip, created_at, %s)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, %s
       from jsonb_populate_record(null::public.booking_request, $13) r
     returning *',
    (select string_agg(quote_ident(f), ', ') from unnest(v_fields) f),
    (select string_agg('r.' || quote_ident(f), ', ') from unnest(v_fields) f));
begin
  loop
    v_bay := public.booking_free_bay(p_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return null;
    end if;
    begin
      execute v_insert into v_booking
        using p_id, p_service.id, p_service.name, p_service.duration_minutes, p_service.price,
              p_drop_off, p_ready, p_source, p_idempotency_key, p_idempotency_hash, p_client_ip,
              p_created_at, to_jsonb(public.booking_request_tidied(p_request));
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

CREATE OR REPLACE FUNCTION public.booking_request_attributes (
  p_also_in regclass DEFAULT NULL::regclass
)
  RETURNS text[]
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
    from pg_catalog.pg_attribute a
   where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0 and not a.attisdropped
     and (p_also_in is null
          or exists (select 1 from pg_catalog.pg_attribute c
                      where c.attrelid = p_also_in and c.attname = a.attname
                        and c.attnum > 0 and not c.attisdropped));
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_tidied (
  p_request public.booking_request
)
  RETURNS public.booking_request
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  -- every text trimmed and '' when left out, the plate as it is printed, no SMS unless asked for
  select jsonb_populate_record(p_request,
    coalesce((select jsonb_object_agg(a.attname, btrim(coalesce(to_jsonb(p_request) ->> a.attname, '')))
                from pg_catalog.pg_attribute a
               where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0
                 and not a.attisdropped and a.atttypid = 'text'::regtype), '{}'::jsonb)
    || jsonb_build_object('car_plate', public.car_plate_normalised(p_request.car_plate),
                          'sms_opt_in', coalesce(p_request.sms_opt_in, false)));
$function$;

CREATE OR REPLACE FUNCTION public.bookings_forget_told()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if new.anonymised_at is null or old.anonymised_at is not null then
    return new;
  end if;
  new := jsonb_populate_record(new,
    coalesce((select jsonb_object_agg(a.attname, '')
                from pg_catalog.pg_attribute a
               where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0
                 and not a.attisdropped and a.atttypid = 'text'::regtype
                 and a.attname <> 'customer_name'), '{}'::jsonb)
    || jsonb_build_object('sms_opt_in', false));
  return new;
end;
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
  -- as the booking stores it: trimmed, the optional fields left out empty
  v_request public.booking_request := public.booking_request_tidied(p_request);
  v_hash text := public.booking_request_hash(v_request);
begin

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
  v_request := public.booking_request_tidied(v_request);
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
  v_fields text[];
  v_constraint text;
  v_column text;
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

  begin
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

    -- the request's fields the table shows (contact details, notes, car plate, ...), compared as
    -- the booking stores them, and written to it by name
    v_request := public.booking_request_tidied(v_request);
    v_old_request := public.booking_request_tidied(
      jsonb_populate_record(null::public.booking_request, to_jsonb(old)));
    if v_request is distinct from v_old_request then
      perform public.owner_check_customer(v_request);
      v_fields := public.booking_request_attributes('public.owner_bookings'::regclass);
      execute format(
        'update public.bookings b set (%s) = (select %s from jsonb_populate_record(null::public.booking_request, $1) r)
          where b.id = $2',
        (select string_agg(quote_ident(f), ', ') from unnest(v_fields) f),
        (select string_agg('r.' || quote_ident(f), ', ') from unnest(v_fields) f))
        using to_jsonb(v_request), v_booking.id;
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
  exception when check_violation then
    -- a value the table's own check refuses (a field without a Danish refusal of its own above):
    -- named by its column, with what the column takes (its comment), never in English
    get stacked diagnostics v_constraint = constraint_name;
    v_column := substring(v_constraint from '^bookings_(.+)_check$');
    if v_column is null or not exists (
         select 1 from pg_catalog.pg_attribute a
          where a.attrelid = 'public.owner_bookings'::regclass and a.attname = v_column) then
      raise;
    end if;
    raise exception 'Værdien i % passer ikke. %', v_column,
      coalesce(col_description('public.owner_bookings'::regclass,
        (select a.attnum from pg_catalog.pg_attribute a
          where a.attrelid = 'public.owner_bookings'::regclass and a.attname = v_column)::integer), '')
      using errcode = 'check_violation';
  end;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_sync()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_columns text[];
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
    -- every column by name, so a new column of the owner's table needs no line here
    select array_agg(quote_ident(a.attname) order by a.attnum) into v_columns
      from pg_catalog.pg_attribute a
     where a.attrelid = 'public.owner_bookings'::regclass and a.attnum > 0 and not a.attisdropped
       and a.attname <> 'reference';
    execute format(
      'insert into public.owner_bookings select ($1).* on conflict (reference) do update set (%s) = row(%s)',
      array_to_string(v_columns, ', '),
      (select string_agg('excluded.' || c, ', ') from unnest(v_columns) c))
      using public.owner_bookings_row(new);
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.run_retention (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_anonymised integer;
  v_purged integer;
  v_rate_limits integer;
  v_ips integer;
  v_challenges integer;
begin
  -- 1. contact and service data: 5 years after the customer's last contact (their latest booking,
  --    its drop-off/ready time or cancellation), every booking of that customer is anonymised. A
  --    customer is an e-mail address, or for the owner's phone bookings without one, a phone number
  with last_contact as (
    select coalesce(nullif(lower(b.customer_email), ''), 'phone:' || public.retention_phone_key(b.customer_phone)) as customer,
           max(greatest(b.created_at, b.ready_at, coalesce(b.cancelled_at, b.created_at))) as at
      from public.bookings b
     where b.anonymised_at is null
     group by 1
  )
  update public.bookings b
     -- the rest of what the customer told is emptied by bookings_forget_told, by name
     set customer_name = 'Anonymiseret',
         client_ip = null,
         idempotency_key = null,
         cancel_token = public.booking_random_token(),
         anonymised_at = p_now
    from last_contact l
   where b.anonymised_at is null
     and coalesce(nullif(lower(b.customer_email), ''), 'phone:' || public.retention_phone_key(b.customer_phone)) = l.customer
     and l.at < p_now - interval '5 years';
  get diagnostics v_anonymised = row_count;

  -- 2. e-mail copies: content and recipient of sent e-mails after 30 days, of failed or cancelled
  --    ones after 90 days, and of every e-mail of an anonymised booking
  update public.email_outbox o
     set payload = '{}'::jsonb, recipient = null, last_error = null, purged_at = p_now
   where o.purged_at is null
     and ((o.status = 'sent' and coalesce(o.sent_at, o.created_at) < p_now - interval '30 days')
       or (o.status in ('failed', 'cancelled') and o.created_at < p_now - interval '90 days')
       or exists (select 1 from public.bookings b
                   where b.id = o.booking_id and b.anonymised_at is not null));
  get diagnostics v_purged = row_count;

  -- 3. website usage data: rate-limit counters (IP and e-mail addresses) after one day, the IP
  --    address stored with a booking after 30 days (the policy allows at most 12 months)
  delete from public.booking_rate_limits r where r.window_start < p_now - interval '1 day';
  get diagnostics v_rate_limits = row_count;

  update public.bookings b set client_ip = null
   where b.client_ip is not null and b.created_at < p_now - interval '30 days';
  get diagnostics v_ips = row_count;

  -- 4. used proof-of-work challenges once they have expired (they cannot be replayed after that)
  delete from public.booking_challenge_uses c where c.expires_at < p_now;
  get diagnostics v_challenges = row_count;

  return jsonb_build_object(
    'bookingsAnonymised', v_anonymised,
    'emailsPurged', v_purged,
    'rateLimitRowsDeleted', v_rate_limits,
    'bookingIpsRemoved', v_ips,
    'challengeUsesDeleted', v_challenges);
end;
$function$;

CREATE TRIGGER bookings_forget_told
  BEFORE UPDATE ON public.bookings
  FOR EACH ROW
  EXECUTE FUNCTION public.bookings_forget_told();

COMMENT ON FUNCTION "public"."booking_request_attributes"(regclass) IS 'The attributes of booking_request in order (those that are also columns of p_also_in, when given): what booking_insert, the owner''s corrections and owner_bookings_sync write by name, so that a new field of the request needs no line in them.';

COMMENT ON FUNCTION "public"."booking_request_tidied"(public.booking_request) IS 'A request as a booking stores it: every text trimmed and empty when not given, the plate as car_plate_normalised writes it, sms_opt_in false unless true.';

COMMENT ON FUNCTION "public"."bookings_forget_told"() IS 'Trigger function: when a booking is anonymised (anonymised_at set), every text the customer gave with the request (booking_request''s text attributes but the name, which retention replaces) becomes empty and sms_opt_in false.';

REVOKE ALL ON FUNCTION "public"."booking_request_attributes"(regclass) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_request_attributes"(regclass) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_request_tidied"(public.booking_request) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_request_tidied"(public.booking_request) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."bookings_forget_told"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."bookings_forget_told"() TO "postgres", "service_role";
