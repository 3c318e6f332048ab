-- The car's registration number, an optional booking field (body key carPlate, at most 20
-- characters, trimmed): a column of bookings (with its check), owner_bookings and owner_agenda;
-- create_booking_with_challenge, create_booking and booking_insert take it by name (a parameter
-- with a default), the idempotency fingerprint includes it; the owner books and corrects it in
-- owner_bookings (owner_book, owner_check_customer, the edit and sync triggers); the owner's
-- e-mails, morning agenda and calendar feed carry it; retention anonymises it. A Danish plate
-- (two letters, five digits) is stored as printed, "AB 12 345", however it was typed
-- (car_plate_normalised, used by booking_insert and the owner's edit); any other plate, e.g. a
-- German one, is kept as typed.
--
-- Written by npm run db:diff from supabase/schemas/ and reviewed: a new parameter needs each
-- function dropped and created again (with its comment and grants), and the view dropped and
-- created again to place car_plate after its other columns. By hand: the revokes from anon and
-- authenticated of what it creates, and the comments of owner_agenda's columns, which dropping the
-- view loses.

SET local check_function_bodies = off;

DROP VIEW "public"."owner_agenda";

DROP FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
  WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone);

DROP FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text);

DROP FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone);

DROP FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone);

DROP FUNCTION "public"."owner_book"(text, timestamp WITHOUT time zone, text, text, text, text, timestamp WITH time zone);

DROP FUNCTION "public"."owner_check_customer"(text, text, text, text);

ALTER TABLE "public"."bookings"
  ADD COLUMN "car_plate" text NOT NULL DEFAULT ''::text;

ALTER TABLE "public"."owner_bookings"
  ADD COLUMN "car_plate" text;

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
  p_car_plate        text                        DEFAULT ''::text
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
        source, idempotency_key, idempotency_hash, client_ip, created_at
      ) values (
        p_id, p_service.id, p_service.name, p_service.duration_minutes, p_service.price,
        p_local::date, p_local::time, p_drop_off, p_ready, p_name, p_email, p_phone, p_notes,
        public.car_plate_normalised(p_car_plate), p_source, p_idempotency_key, p_idempotency_hash, p_client_ip,
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

CREATE OR REPLACE FUNCTION public.booking_queue_emails (
  p_booking         public.bookings,
  p_customer_kind   text,
  p_owner_kind      text,
  p_key_suffix      text,
  p_customer_extra  jsonb,
  p_owner_extra     jsonb,
  p_next_attempt_at timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_payload jsonb := public.booking_summary(p_booking)
                     || jsonb_build_object('customerName', p_booking.customer_name);
begin
  -- the keys are unique per event (a new booking id; ics_sequence grows with every move), so a
  -- conflict means the event was queued already (cancel_booking called twice in one transaction)
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    (p_booking.id, p_customer_kind, p_booking.customer_email, v_payload || p_customer_extra,
     p_customer_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at),
    (p_booking.id, p_owner_kind, null,
     v_payload || jsonb_build_object(
       'customerEmail', p_booking.customer_email,
       'customerPhone', p_booking.customer_phone,
       'notes', p_booking.notes,
       'carPlate', p_booking.car_plate) || p_owner_extra,
     p_owner_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at)
  on conflict (idempotency_key) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_hash (
  p_service_id uuid,
  p_date       date,
  p_time       text,
  p_name       text,
  p_email      text,
  p_phone      text,
  p_notes      text,
  p_car_plate  text DEFAULT ''::text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select encode(sha256(convert_to(jsonb_build_array(
    p_service_id, p_date, p_time, p_name, lower(p_email),
    regexp_replace(coalesce(p_phone, ''), '\s', '', 'g'), coalesce(p_notes, ''),
    coalesce(p_car_plate, ''))::text, 'UTF8')), 'hex');
$function$;

CREATE OR REPLACE FUNCTION public.car_plate_normalised (
  p_plate text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  select case
    when upper(regexp_replace(coalesce(p_plate, ''), '[[:space:]-]', '', 'g')) ~ '^[A-Z]{2}[0-9]{5}$' then
      regexp_replace(upper(regexp_replace(p_plate, '[[:space:]-]', '', 'g')),
                     '^([A-Z]{2})([0-9]{2})([0-9]{3})$', '\1 \2 \3')
    else btrim(coalesce(p_plate, ''))
  end;
$function$;

CREATE OR REPLACE FUNCTION public.create_booking (
  p_service_id      uuid,
  p_date            date,
  p_time            text,
  p_customer_name   text,
  p_customer_email  text,
  p_customer_phone  text,
  p_notes           text                     DEFAULT ''::text,
  p_idempotency_key text                     DEFAULT NULL::text,
  p_client_ip       text                     DEFAULT NULL::text,
  p_now             timestamp with time zone DEFAULT now(),
  p_car_plate       text                     DEFAULT ''::text
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
  v_hash text := public.booking_request_hash(p_service_id, p_date, p_time, p_customer_name,
                                             p_customer_email, p_customer_phone, p_notes,
                                             p_car_plate);
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

  -- what the visitor chose must be bookable; a refusal here counts against the address only, in
  -- a bucket of its own, never against the e-mail address or phone it names
  select * into v_service from public.services s where s.id = p_service_id and s.is_active;
  if not found then
    v_invalid := 'serviceId';
  else
    -- the asked time if the rules offer it, else any offered time (the day is bookable) or none
    select * into v_candidate from public.booking_candidates(p_service_id, p_date, p_now) c
     order by c.slot = p_time desc
     limit 1;
    if not found then
      v_invalid := 'bookingDate';
    elsif v_candidate.slot is distinct from p_time then
      v_invalid := 'bookingTime';
    end if;
  end if;
  if v_invalid is not null then
    if public.booking_invalid_hit(p_client_ip, p_now) then
      return jsonb_build_object('status', 'rate_limited');
    end if;
    return jsonb_build_object('status', 'invalid', 'field', v_invalid);
  end if;

  if public.booking_rate_limit_hit(p_client_ip, p_customer_email, p_now) then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  v_cap := public.booking_cap_reached(p_client_ip, p_customer_email, p_customer_phone, p_now);
  if v_cap is not null then
    return jsonb_build_object('status', v_cap);
  end if;

  begin
    v_booking := public.booking_insert(
      p_id => v_id,
      p_service => v_service,
      p_local => p_date + p_time::time,
      p_drop_off => v_candidate.drop_off_at,
      p_ready => v_candidate.ready_at,
      p_blocked => v_candidate.blocked,
      p_name => p_customer_name,
      p_email => p_customer_email,
      p_phone => p_customer_phone,
      p_notes => coalesce(p_notes, ''),
      p_car_plate => coalesce(p_car_plate, ''),
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
  end;
  if v_booking.id is null then
    return jsonb_build_object('status', 'conflict');
  end if;

  -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
  perform public.booking_queue_emails(v_booking, 'booking_confirmation', 'owner_notification', '',
    jsonb_build_object('cancelToken', v_booking.cancel_token), '{}', now());

  return public.booking_result(v_booking);
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_booking_with_challenge (
  p_challenge            text,
  p_challenge_expires_at timestamp with time zone,
  p_service_id           uuid,
  p_date                 date,
  p_time                 text,
  p_customer_name        text,
  p_customer_email       text,
  p_customer_phone       text,
  p_notes                text                     DEFAULT ''::text,
  p_idempotency_key      text                     DEFAULT NULL::text,
  p_client_ip            text                     DEFAULT NULL::text,
  p_now                  timestamp with time zone DEFAULT now(),
  p_car_plate            text                     DEFAULT ''::text
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
      return public.create_booking(
        p_service_id => p_service_id, p_date => p_date, p_time => p_time,
        p_customer_name => p_customer_name, p_customer_email => p_customer_email,
        p_customer_phone => p_customer_phone, p_notes => p_notes,
        p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now,
        p_car_plate => p_car_plate);
    end if;
    return jsonb_build_object('status', 'challenge_used');
  end if;
  -- the challenge stays used whatever create_booking answers: every attempt costs one solution
  return public.create_booking(
    p_service_id => p_service_id, p_date => p_date, p_time => p_time,
    p_customer_name => p_customer_name, p_customer_email => p_customer_email,
    p_customer_phone => p_customer_phone, p_notes => p_notes,
    p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now,
    p_car_plate => p_car_plate);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_agenda_item (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select (public.booking_summary(p_booking) - 'price')
         || jsonb_build_object('customerName', p_booking.customer_name,
                               'customerPhone', p_booking.customer_phone,
                               'notes', p_booking.notes,
                               'carPlate', p_booking.car_plate);
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
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 2026-12-01 09:00.');
  perform public.owner_check_customer(v_name, v_phone, v_email, v_notes, v_car_plate);
  v_blocked := public.owner_plan(v_service.duration_minutes, v_drop_off, p_now);

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

CREATE OR REPLACE FUNCTION public.owner_bookings_edit()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
begin
  if coalesce(current_setting('glanspunkt.owner_sync', true), '') = 'on' then
    return case when tg_op = 'DELETE' then old else new end; -- the mirror being written
  end if;

  if tg_op = 'DELETE' then
    if not exists (select 1 from public.bookings b where b.reference = old.reference) then
      return old; -- its booking was deleted (foreign key cascade)
    end if;
    raise exception 'Bookinger slettes ikke. Sæt status til cancelled for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  perform set_config('glanspunkt.owner_editing', 'on', true);
  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null then
      raise exception 'reference og ready_local udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'confirmed') <> 'confirmed' then
      raise exception 'En ny booking får status confirmed. Lad status være confirmed.'
        using errcode = 'check_violation';
    end if;
    v_booking := public.owner_book(new.package, new.drop_off_local, new.customer_name,
                                   new.customer_phone, new.customer_email, new.notes,
                                   p_car_plate => new.car_plate);
  else
    select * into v_booking from public.bookings b where b.reference = old.reference for update;
    if new.reference is distinct from old.reference or new.ready_local is distinct from old.ready_local then
      raise exception 'reference og ready_local udfyldes automatisk og kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.package is distinct from old.package then
      raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    if new.status is null or new.status not in ('confirmed', 'cancelled') then
      raise exception 'status skal være confirmed (bekræftet) eller cancelled (aflyst).'
        using errcode = 'check_violation';
    end if;

    -- contact details, notes and car plate
    if (new.customer_name, new.customer_phone, coalesce(new.customer_email, ''), coalesce(new.notes, ''),
        coalesce(new.car_plate, ''))
       is distinct from (old.customer_name, old.customer_phone, coalesce(old.customer_email, ''), coalesce(old.notes, ''),
        coalesce(old.car_plate, '')) then
      perform public.owner_check_customer(trim(coalesce(new.customer_name, '')),
        trim(coalesce(new.customer_phone, '')), trim(coalesce(new.customer_email, '')),
        coalesce(new.notes, ''), trim(coalesce(new.car_plate, '')));
      update public.bookings b
         set customer_name = trim(new.customer_name), customer_phone = trim(new.customer_phone),
             customer_email = trim(coalesce(new.customer_email, '')), notes = coalesce(new.notes, ''),
             car_plate = public.car_plate_normalised(new.car_plate)
       where b.id = v_booking.id
      returning * into v_booking;
    end if;

    if new.status = 'cancelled' and old.status <> 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'confirmed' and old.status = 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
        raise exception 'Genopret eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      -- reconfirming takes the work periods again, refused when the time was taken meanwhile
      begin
        update public.bookings b set status = 'confirmed' where b.id = v_booking.id
        returning * into v_booking;
      exception when exclusion_violation then
        raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', old.reference
          using errcode = 'exclusion_violation';
      end;
    elsif new.drop_off_local is distinct from old.drop_off_local then
      if new.status = 'cancelled' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, new.drop_off_local);
    end if;
  end if;
  perform set_config('glanspunkt.owner_editing', '', true);

  -- store the row as the engine left it
  new := public.owner_bookings_row(v_booking);
  return new;
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
  select p_booking.service_name,
         (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0),
         p_booking.customer_name,
         p_booking.customer_phone,
         nullif(p_booking.customer_email, ''),
         p_booking.notes,
         p_booking.status,
         (p_booking.ready_at at time zone 'Europe/Copenhagen')::timestamp(0),
         p_booking.reference,
         p_booking.car_plate;
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
  if coalesce(current_setting('glanspunkt.owner_editing', true), '') = 'on' then
    return null; -- the owner's own edit: its trigger stores the row itself
  end if;
  perform set_config('glanspunkt.owner_sync', 'on', true);
  if new.anonymised_at is not null then
    delete from public.owner_bookings o where o.reference = new.reference;
  else
    v_row := public.owner_bookings_row(new);
    insert into public.owner_bookings values (v_row.*)
    on conflict (reference) do update
      set package = excluded.package, drop_off_local = excluded.drop_off_local,
          customer_name = excluded.customer_name, customer_phone = excluded.customer_phone,
          customer_email = excluded.customer_email, notes = excluded.notes,
          car_plate = excluded.car_plate, status = excluded.status, ready_local = excluded.ready_local;
  end if;
  perform set_config('glanspunkt.owner_sync', '', true);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_calendar_bookings (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- sequence is the revision of the event as booked or moved: the feed adds one for a cancelled
  -- booking (owner-calendar.ts), whose counter already counts its cancellation
  select coalesce(jsonb_agg(public.booking_summary(b) || jsonb_build_object(
           'status', b.status,
           'customerName', b.customer_name,
           'customerPhone', b.customer_phone,
           'customerEmail', b.customer_email,
           'notes', b.notes,
           'carPlate', b.car_plate,
           'sequence', greatest(b.ics_sequence - case when b.status = 'cancelled' then 1 else 0 end, 0),
           'createdAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'updatedAt', to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'periods', coalesce((
             select jsonb_agg(jsonb_build_array(public.copenhagen_iso(lower(w.period)),
                                                public.copenhagen_iso(upper(w.period)))
                              order by lower(w.period))
               from public.booking_work_periods w
              where w.booking_id = b.id), '[]'::jsonb))
           order by b.drop_off_at, b.reference), '[]'::jsonb)
    from public.bookings b
   where b.anonymised_at is null
     and b.ready_at >= p_now - interval '7 days';
$function$;

CREATE OR REPLACE FUNCTION public.owner_check_customer (
  p_name      text,
  p_phone     text,
  p_email     text,
  p_notes     text,
  p_car_plate text DEFAULT ''::text
)
  RETURNS void
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  if p_name is null or p_name = '' then
    raise exception 'Skriv kundens navn i customer_name.' using errcode = 'not_null_violation';
  end if;
  if char_length(p_name) not between 2 and 100 or p_name ~ '[[:cntrl:]]' then
    raise exception 'Kundens navn skal være mellem 2 og 100 tegn.' using errcode = 'check_violation';
  end if;
  if p_phone is null or p_phone = '' then
    raise exception 'Skriv kundens telefonnummer i customer_phone.' using errcode = 'not_null_violation';
  end if;
  if p_phone !~ '^\+?[0-9 ()-]+$' or char_length(regexp_replace(p_phone, '[^0-9]', '', 'g')) not between 8 and 15
     or char_length(p_phone) > 30 then
    raise exception 'Telefonnummeret "%" ser forkert ud: skriv 8-15 cifre, f.eks. 12 34 56 78 eller +45 12 34 56 78.', p_phone
      using errcode = 'check_violation';
  end if;
  if p_email <> '' and (char_length(p_email) > 254
      or p_email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$') then
    raise exception 'E-mailadressen "%" ser forkert ud. Ret den, eller lad customer_email være tom.', p_email
      using errcode = 'check_violation';
  end if;
  if char_length(p_notes) > 1000 then
    raise exception 'Bemærkninger må højst være 1000 tegn.' using errcode = 'check_violation';
  end if;
  if char_length(p_car_plate) > 20 or p_car_plate ~ '[[:cntrl:]]' then
    raise exception 'Nummerpladen må højst være 20 tegn.' using errcode = 'check_violation';
  end if;
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
     set customer_name = 'Anonymiseret',
         customer_email = '',
         customer_phone = '',
         notes = '',
         car_plate = '',
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

ALTER TABLE "public"."bookings"
  ADD CONSTRAINT "bookings_car_plate_check" CHECK (((char_length(car_plate) <= 20) AND (car_plate = btrim(car_plate))));

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date AS day,
    ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS drop_off_local,
    ((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS ready_local,
    b.service_name AS package,
    b.customer_name,
    b.customer_phone,
    b.customer_email,
    b.notes,
    b.status,
    b.reference,
    b.car_plate
   FROM public.bookings b
  WHERE (b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text))
  ORDER BY b.drop_off_at, b.reference;

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

COMMENT ON COLUMN "public"."bookings"."car_plate" IS 'Bilens nummerplade (valgfri, højst 20 tegn).';

COMMENT ON COLUMN "public"."owner_bookings"."car_plate" IS 'Bilens nummerplade (valgfri, højst 20 tegn).';

COMMENT ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp without time zone, timestamp with time zone, timestamp
  with time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp with time zone, text) IS 'Inserts a booking of a package and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book, which call it with named arguments (a new booking field is one more parameter with a default, passed by name where it is known); the caller holds the locks and has checked the time.';

COMMENT ON FUNCTION "public"."booking_queue_emails"(public.bookings, text, text, text, jsonb, jsonb, timestamp with time zone) IS 'Queues the customer''s and the owner''s e-mail of a booking event: both get booking_summary and customerName, the owner also the contact details, notes and car plate; each its extra keys. Idempotency key kind:booking id plus p_key_suffix.';

COMMENT ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text) IS 'Fingerprint of a booking request (what the visitor chose and typed), to bind an idempotency key to it.';

COMMENT ON FUNCTION "public"."car_plate_normalised"(text) IS 'A car plate as stored: a Danish plate (two letters and five digits, typed with or without spaces or hyphens, in any case) as "AB 12 345"; any other plate trimmed and otherwise as typed.';

COMMENT ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp with time zone, text) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap, ...}. Called by the create-booking edge function.';

COMMENT ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp with time zone, uuid, date, text, text, text, text, text, text, text, timestamp
  with time zone, text) IS 'create_booking() behind a verified ALTCHA challenge: marks the challenge (its signature) used in the same transaction, so one solution gives at most one booking even when sent twice at once. Returns create_booking''s answer, or {status: challenge_invalid|challenge_expired|challenge_used}. A repeated submit with the same idempotency key gets create_booking''s replay. Called by the create-booking edge function after it verified the solution.';

COMMENT ON FUNCTION "public"."owner_book"(text, timestamp without time zone, text, text, text, text, timestamp with time zone, text) IS 'Books a package for the owner (phone or walk-in) at a Copenhagen wall-clock drop-off: today or later, any minute within opening hours, on a free bay (the exclusion constraint settles races). Queues the customer confirmation when there is an e-mail and owner_bookings_send_email is on. Raises a Danish exception otherwise.';

COMMENT ON FUNCTION "public"."owner_check_customer"(text, text, text, text, text) IS 'Refuses a malformed name, phone, e-mail, notes or car plate of an owner booking with a Danish message.';

COMMENT ON TABLE "public"."owner_bookings" IS 'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: Insert row med package, drop_off_local, customer_name og customer_phone (customer_email, notes og car_plate er valgfri). Aflys: sæt status til cancelled. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';

COMMENT ON VIEW "public"."owner_agenda" IS 'Dagens og de kommende dages arbejde (kun til at se, ikke rette). Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

REVOKE ALL
  ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."car_plate_normalised"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."car_plate_normalised"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text) TO "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_book"(text, timestamp WITHOUT time zone, text, text, text, text, timestamp WITH time zone, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_book"(text, timestamp WITHOUT time zone, text, text, text, text, timestamp WITH time zone, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_check_customer"(text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_check_customer"(text, text, text, text, text) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

COMMENT ON COLUMN "public"."owner_agenda"."day" IS 'Afleveringsdag (dansk dato).';
COMMENT ON COLUMN "public"."owner_agenda"."drop_off_local" IS 'Hvornår kunden afleverer bilen (dansk tid).';
COMMENT ON COLUMN "public"."owner_agenda"."ready_local" IS 'Hvornår bilen er færdig og kan hentes (dansk tid).';
COMMENT ON COLUMN "public"."owner_agenda"."package" IS 'Den bookede pakke.';
COMMENT ON COLUMN "public"."owner_agenda"."customer_name" IS 'Kundens navn.';
COMMENT ON COLUMN "public"."owner_agenda"."customer_phone" IS 'Kundens telefonnummer.';
COMMENT ON COLUMN "public"."owner_agenda"."customer_email" IS 'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
COMMENT ON COLUMN "public"."owner_agenda"."notes" IS 'Kundens eller dine bemærkninger.';
COMMENT ON COLUMN "public"."owner_agenda"."status" IS 'confirmed = bekræftet, cancelled = aflyst (tiden er ledig igen).';
COMMENT ON COLUMN "public"."owner_agenda"."reference" IS 'Bookingnummer (står i kundens bekræftelsesmail).';
COMMENT ON COLUMN "public"."owner_agenda"."car_plate" IS 'Bilens nummerplade (valgfri).';

-- the platform's default privileges would open what postgres creates: closed by name
REVOKE ALL
  ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text)
  FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."car_plate_normalised"(text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text) FROM "anon", "authenticated";
REVOKE ALL
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text)
  FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."owner_book"(text, timestamp WITHOUT time zone, text, text, text, text, timestamp WITH time zone, text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."owner_check_customer"(text, text, text, text, text) FROM "anon", "authenticated";
REVOKE ALL ON TABLE "public"."owner_agenda" FROM "anon", "authenticated";
