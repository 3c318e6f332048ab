-- SMS beside the customer's e-mails, for a customer who ticked "Send mig SMS" (bookings.sms_opt_in,
-- body key sms, passed by name through create_booking_with_challenge, create_booking and
-- booking_insert, and part of the idempotency fingerprint; retention sets it back to false).
-- An SMS is a row of email_outbox (kinds sms_*), queued by the trigger email_outbox_queue_sms when
-- its e-mail is queued (sms_kind: confirmation, reminder, move, cancellation), so it exists only
-- once the booking is accepted, and has the outbox's retries, idempotency and retention. Against
-- SMS pumping: only a Danish subscriber number (sms_number: +45 and 8 digits, not 0x, 1x, 70, 80,
-- 90) and at most 3 SMS a Copenhagen day per number; a refused SMS is stored cancelled with the
-- reason. A pending SMS reminder is cancelled with the e-mail reminder. The sender sends SMS only
-- when GATEWAYAPI_TOKEN is set, else it cancels them with the reason
-- (email_mark_cancelled: cancelled, not failed, so the owner gets no alert about them).
--
-- Written by npm run db:diff from supabase/schemas/ and reviewed: the functions with a new
-- parameter dropped and created again with their comments and grants. By hand: the revokes from
-- anon and authenticated of what it creates.

SET local check_function_bodies = off;

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

DROP FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
  WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text);

DROP FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text);

DROP FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text);

DROP FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text);

ALTER TABLE "public"."bookings"
  ADD COLUMN "sms_opt_in" boolean NOT NULL DEFAULT false;

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

CREATE OR REPLACE FUNCTION public.booking_request_hash (
  p_service_id uuid,
  p_date       date,
  p_time       text,
  p_name       text,
  p_email      text,
  p_phone      text,
  p_notes      text,
  p_car_plate  text    DEFAULT ''::text,
  p_sms        boolean DEFAULT false
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
    coalesce(p_car_plate, ''), coalesce(p_sms, false))::text, 'UTF8')), 'hex');
$function$;

CREATE OR REPLACE FUNCTION public.cancel_booking (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
  v_view jsonb;
begin
  -- lock the booking found; a move or cancel that committed meanwhile is seen here (a move changes
  -- the hash, so the old link then finds nothing, as before)
  select * into v_booking from public.bookings b
   where b.id = v_booking.id and b.cancel_token_hash = v_booking.cancel_token_hash
     and b.anonymised_at is null
     for update;
  v_view := public.booking_cancel_view(v_booking, p_now);
  if v_view ->> 'state' <> 'active' then
    return v_view;
  end if;

  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods); the
  -- status change raises ics_sequence (trigger bookings_status_revision)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = v_booking.id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev afbestilt', locked_until = null
   where o.booking_id = v_booking.id and o.kind in ('booking_reminder', 'sms_booking_reminder') and o.status = 'pending';

  -- the key ends with the cancellation's revision: a booking reconfirmed by the workshop and
  -- cancelled again gets a cancellation again. sequence names the revision cancelled; the .ics is
  -- one above it (= ics_sequence now)
  perform public.booking_queue_emails(v_booking, 'cancellation_confirmation', 'owner_cancellation',
    ':' || v_booking.ics_sequence,
    jsonb_build_object('sequence', v_booking.ics_sequence - 1),
    jsonb_build_object('sequence', v_booking.ics_sequence - 1), p_now);

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
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
  p_car_plate       text                     DEFAULT ''::text,
  p_sms             boolean                  DEFAULT false
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
                                             p_car_plate, p_sms);
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
      p_sms => coalesce(p_sms, false),
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
  p_car_plate            text                     DEFAULT ''::text,
  p_sms                  boolean                  DEFAULT false
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
        p_car_plate => p_car_plate, p_sms => p_sms);
    end if;
    return jsonb_build_object('status', 'challenge_used');
  end if;
  -- the challenge stays used whatever create_booking answers: every attempt costs one solution
  return public.create_booking(
    p_service_id => p_service_id, p_date => p_date, p_time => p_time,
    p_customer_name => p_customer_name, p_customer_email => p_customer_email,
    p_customer_phone => p_customer_phone, p_notes => p_notes,
    p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now,
    p_car_plate => p_car_plate, p_sms => p_sms);
end;
$function$;

CREATE OR REPLACE FUNCTION public.email_outbox_queue_sms()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_kind text := public.sms_kind(new.kind);
  v_booking public.bookings;
  v_number text;
  v_count integer;
  v_status text := 'pending';
  v_error text;
begin
  if v_kind is null or new.booking_id is null then
    return null;
  end if;
  select * into v_booking from public.bookings b where b.id = new.booking_id;
  if not found or not v_booking.sms_opt_in or v_booking.anonymised_at is not null then
    return null;
  end if;
  v_number := public.sms_number(v_booking.customer_phone);
  if v_number is null then
    v_status := 'cancelled';
    v_error := 'Ikke sendt: SMS går kun til danske mobilnumre (+45 og 8 cifre; ikke 70-, 80-, 90- eller 1-numre).';
  else
    -- counted one at a time per number, so two bookings at once cannot both pass the cap
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('sms:' || v_number, 0));
    select count(*) into v_count
      from public.email_outbox o
     where o.recipient = v_number
       and o.kind like 'sms\_%'
       and o.status in ('pending', 'sending', 'sent', 'failed')
       and (o.created_at at time zone 'Europe/Copenhagen')::date
           = (new.created_at at time zone 'Europe/Copenhagen')::date;
    if v_count >= 3 then
      v_status := 'cancelled';
      v_error := 'Ikke sendt: højst 3 SMS om dagen til samme nummer.';
    end if;
  end if;
  -- the SMS carries no link: the plain cancel token stays in the e-mail
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key,
                                   next_attempt_at, created_at, status, last_error)
  values (new.booking_id, v_kind, coalesce(v_number, v_booking.customer_phone),
          new.payload - 'cancelToken', 'sms:' || new.idempotency_key, new.next_attempt_at,
          new.created_at, v_status, v_error)
  on conflict (idempotency_key) do nothing;
  return null;
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

CREATE OR REPLACE FUNCTION public.owner_cancel (
  p_booking_id uuid,
  p_now        timestamp with time zone DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings b where b.id = p_booking_id for update;
  if not found or v_booking.status = 'cancelled' then
    return v_booking;
  end if;
  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods); the
  -- status change raises ics_sequence (trigger bookings_status_revision)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = p_booking_id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev aflyst', locked_until = null
   where o.booking_id = v_booking.id and o.kind in ('booking_reminder', 'sms_booking_reminder') and o.status = 'pending';

  if v_booking.customer_email <> '' and v_booking.anonymised_at is null and public.owner_send_email() then
    -- as cancel_booking: the key ends with the cancellation's revision, and sequence names the
    -- revision cancelled (before, an owner's cancellation carried none and its .ics said 1, which
    -- did not outrank a move)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
    values (v_booking.id, 'cancellation_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking)
              || jsonb_build_object('sequence', v_booking.ics_sequence - 1),
            'cancellation_confirmation:' || v_booking.id || ':' || v_booking.ics_sequence, p_now)
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
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
         sms_opt_in = false,
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

CREATE OR REPLACE FUNCTION public.sms_kind (
  p_email_kind text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- a new SMS (e.g. "din bil er klar") is one line here, its kind in email_outbox_kind_check and
  -- its text in _shared/sms/templates.ts
  select case p_email_kind
           when 'booking_confirmation' then 'sms_booking_confirmation'
           when 'booking_reminder' then 'sms_booking_reminder'
           when 'booking_moved' then 'sms_booking_moved'
           when 'cancellation_confirmation' then 'sms_cancellation_confirmation'
         end;
$function$;

CREATE OR REPLACE FUNCTION public.sms_number (
  p_phone text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- E.164 "+4520112233", or the older stored forms "20112233", "+45 20 11 22 33", "0045 2011 2233".
  -- Refused (null): a foreign number, and the Danish ranges that are not a subscriber's phone: 0x and
  -- 1x (reserved, carrier, short and service codes, premium SMS codes), 70 (split charge), 80
  -- (freephone), 90 (premium rate); see docs/emails.md
  select case
           when d ~ '^[2-9][0-9]{7}$' and left(d, 2) not in ('70', '80', '90') then '+45' || d
         end
    from (select case
                   when c ~ '^\+45[0-9]{8}$' then substr(c, 4)
                   when c ~ '^0045[0-9]{8}$' then substr(c, 5)
                   when c ~ '^[0-9]{8}$' then c
                 end as d
            from (select regexp_replace(coalesce(p_phone, ''), '[[:space:]().-]', '', 'g') as c) x) y;
$function$;

ALTER TABLE "public"."email_outbox"
  ADD CONSTRAINT "email_outbox_kind_check"
    CHECK
    ((kind = ANY (ARRAY['booking_confirmation'::text, 'owner_notification'::text, 'booking_reminder'::text, 'cancellation_confirmation'::text, 'owner_cancellation'::text,
    'booking_moved'::text,
    'owner_booking_moved'::text,
    'owner_agenda'::text,
    'booking_reconfirmed'::text, 'sms_booking_confirmation'::text, 'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text])));

CREATE TRIGGER email_outbox_queue_sms
  AFTER INSERT ON public.email_outbox
  FOR EACH ROW
  WHEN ((public.sms_kind(new.kind) IS NOT NULL))
  EXECUTE FUNCTION public.email_outbox_queue_sms();

COMMENT ON COLUMN "public"."bookings"."sms_opt_in" IS 'Kunden har bedt om SMS (bekræftelse, påmindelse, flytning, aflysning) ud over mails. Sendes kun, når GATEWAYAPI_TOKEN er sat, og kun til danske mobilnumre.';

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet) og cancellation_confirmation går til kunden; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat).';

COMMENT ON COLUMN "public"."email_outbox"."recipient" IS 'Modtagerens adresse (ved SMS: telefonnummeret). Tom ved mails til dig (så bruges OWNER_EMAIL) og når indholdet er slettet.';

COMMENT ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp without time zone, timestamp with time zone, timestamp
  with time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp with time zone, text, boolean) IS 'Inserts a booking of a package and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book, which call it with named arguments (a new booking field is one more parameter with a default, passed by name where it is known); the caller holds the locks and has checked the time.';

COMMENT ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text, boolean) IS 'Fingerprint of a booking request (what the visitor chose and typed), to bind an idempotency key to it.';

COMMENT ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp with time zone, text, boolean) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap, ...}. Called by the create-booking edge function.';

COMMENT ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp with time zone, uuid, date, text, text, text, text, text, text, text, timestamp
  with time zone, text, boolean) IS 'create_booking() behind a verified ALTCHA challenge: marks the challenge (its signature) used in the same transaction, so one solution gives at most one booking even when sent twice at once. Returns create_booking''s answer, or {status: challenge_invalid|challenge_expired|challenge_used}. A repeated submit with the same idempotency key gets create_booking''s replay. Called by the create-booking edge function after it verified the solution.';

COMMENT ON FUNCTION "public"."email_outbox_queue_sms"() IS 'Trigger function: a customer e-mail with an SMS twin (sms_kind) to a booking whose customer chose SMS queues the SMS in the same transaction (idempotency key sms:<the e-mail''s key>): pending to a Danish subscriber number (sms_number), or cancelled with the reason when the number is refused or already had 3 SMS that Copenhagen day.';

COMMENT ON FUNCTION "public"."sms_kind"(text) IS 'The SMS sent beside a customer e-mail of this kind to a customer who chose SMS, or null (no SMS for it).';

COMMENT ON FUNCTION "public"."sms_number"(text) IS 'The E.164 number (+45 and 8 digits) an SMS may go to, from a phone number as stored (E.164 or the older forms: 8 digits, +45..., 0045..., with spaces); null for a foreign number and for 0x, 1x, 70, 80 and 90 numbers (not a subscriber''s phone; 90 is premium rate).';

REVOKE ALL
  ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text, boolean) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean) TO "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp
    WITH time zone, text, boolean)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp
    WITH time zone, text, boolean)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."email_outbox_queue_sms"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."email_outbox_queue_sms"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."sms_kind"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."sms_kind"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."sms_number"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."sms_number"(text) TO "postgres", "service_role";

CREATE OR REPLACE FUNCTION public.email_mark_cancelled (
  p_id     uuid,
  p_reason text,
  p_now    timestamp with time zone DEFAULT now()
)
  RETURNS boolean
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  update public.email_outbox o
     set status = 'cancelled', locked_until = null, last_error = left(coalesce(p_reason, ''), 1000)
   where o.id = p_id and o.status = 'sending'
  returning true;
$function$;

COMMENT ON FUNCTION "public"."email_mark_cancelled"(uuid, text, timestamp with time zone) IS 'Records that a claimed message is not sent, and why (an SMS while GATEWAYAPI_TOKEN is not set): cancelled, not failed, so no alert is sent about it.';

REVOKE ALL ON FUNCTION "public"."email_mark_cancelled"(uuid, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."email_mark_cancelled"(uuid, text, timestamp WITH time zone) TO "postgres", "service_role";

-- the platform's default privileges would open what postgres creates: closed by name
REVOKE ALL
  ON FUNCTION "public"."booking_insert"(uuid, public.services, timestamp WITHOUT time zone, timestamp WITH time zone, timestamp
    WITH time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean)
  FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text, boolean) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean) FROM "anon", "authenticated";
REVOKE ALL
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp WITH time zone, text, boolean)
  FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."email_outbox_queue_sms"() FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."sms_kind"(text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."sms_number"(text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."email_mark_cancelled"(uuid, text, timestamp WITH time zone) FROM "anon", "authenticated";
