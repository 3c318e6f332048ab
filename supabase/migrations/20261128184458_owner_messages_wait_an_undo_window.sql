-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_queue_car_ready (
  p_booking public.bookings,
  p_now     timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if not public.booking_car_message_notifies(p_booking) then
    return;
  end if;
  -- one per booking: a retry or a second ready finds the key. A message held back by a
  -- correction before it went out (cancelled) is queued again, as new, with the pickup hours of
  -- now: the held-back row and its text-message twin (key sms:<key>) make way, so whatever an
  -- insert sets off (the twin, its caps) happens once more, and never after one was sent
  delete from public.email_outbox o
   where o.idempotency_key in ('car_ready:' || p_booking.id, 'sms:car_ready:' || p_booking.id)
     and o.status = 'cancelled'
     and exists (select 1 from public.email_outbox e
                  where e.idempotency_key = 'car_ready:' || p_booking.id and e.status = 'cancelled');
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (p_booking.id, 'car_ready', p_booking.customer_email,
          public.owner_booking_payload(p_booking)
            || jsonb_build_object('readyNow', public.copenhagen_iso(p_now),
                                  'pickupHours', public.booking_pickup_hours(p_now)),
          'car_ready:' || p_booking.id, public.owner_message_at(p_now))
  on conflict (idempotency_key) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_queue_reconfirmation()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_tokens jsonb;
  v_token text;
begin
  if not (old.status = 'cancelled' and new.status = 'confirmed') then
    return null;
  end if;
  -- the owner took back a cancellation the customer has not been sent yet: neither goes out
  if public.owner_message_undone(new.id, 'cancellation_confirmation', 'aflysningen blev fortrudt') then
    return null;
  end if;
  -- bookings_status_revision decided (booking_reconfirm_notifies) and drew the token; a token
  -- that is not the booking's current one (left from an earlier statement) is never sent
  v_tokens := coalesce(nullif(current_setting('glanspunkt.reconfirm_tokens', true), ''), '{}')::jsonb;
  v_token := v_tokens ->> new.id::text;
  if v_token is null or public.booking_token_hash(v_token) <> new.cancel_token_hash then
    return null;
  end if;
  perform set_config('glanspunkt.reconfirm_tokens', (v_tokens - new.id::text)::text, true);

  -- queued in the statement that reconfirms: when the time turns out to be taken
  -- (bookings_sync_work_periods refuses), the e-mail goes with the rolled-back change. The key
  -- ends with the revision, so each reconfirmation is queued exactly once.
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (new.id, 'booking_reconfirmed', new.customer_email,
          public.owner_booking_payload(new)
            || jsonb_build_object('cancelToken', v_token, 'sequence', new.ics_sequence),
          'booking_reconfirmed:' || new.id || ':' || new.ics_sequence, public.owner_message_at(now()))
  on conflict (idempotency_key) do nothing;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_status_revision()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_token text;
  v_tokens jsonb;
begin
  -- only a cancellation or a reconfirmation changes the customer's calendar event (moves raise
  -- the counter themselves, in move_booking); the car's states (arrived, ready, collected,
  -- no_show) leave the event as it is, so its revision stays
  if new.status is not distinct from old.status
     or not (old.status = 'cancelled' or new.status = 'cancelled') then
    return new;
  end if;
  new.ics_sequence := old.ics_sequence + 1;
  if old.status = 'cancelled' and new.status = 'confirmed' then
    new.reconfirmed_at := now();
    -- the reconfirmation carries fresh links, as a move's e-mail does: bookings keeps only the
    -- hash, and the plain token waits for that e-mail (bookings_queue_reconfirmation) in a
    -- transaction-local map by booking id, since an update of several bookings runs every before
    -- trigger before the first after trigger. Without an e-mail the token stays, so links the
    -- customer already has work again.
    v_tokens := coalesce(nullif(current_setting('glanspunkt.reconfirm_tokens', true), ''), '{}')::jsonb
                - new.id::text;
    -- a cancellation the customer has not been sent yet (inside the owner's undo window) is undone
    -- instead (bookings_queue_reconfirmation): no e-mail, and the links the customer has keep working
    if public.booking_reconfirm_notifies(new)
       and not exists (select 1 from public.email_outbox o
                        where o.booking_id = new.id and o.kind = 'cancellation_confirmation'
                          and o.status = 'pending' and o.next_attempt_at > now()) then
      v_token := public.booking_random_token();
      new.cancel_token_hash := public.booking_token_hash(v_token);
      v_tokens := v_tokens || jsonb_build_object(new.id::text, v_token);
    end if;
    perform set_config('glanspunkt.reconfirm_tokens', v_tokens::text, true);
  end if;
  return new;
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

  -- a reconfirmation still inside its undo window: the cancellation undoes it, and the customer,
  -- who heard of neither, is told nothing
  if public.owner_message_undone(v_booking.id, 'booking_reconfirmed', 'genoprettelsen blev fortrudt') then
    return v_booking;
  end if;
  if v_booking.customer_email <> '' and v_booking.anonymised_at is null and public.owner_send_email() then
    -- as cancel_booking: the key ends with the cancellation's revision, and sequence names the
    -- revision cancelled (before, an owner's cancellation carried none and its .ics said 1, which
    -- did not outrank a move)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
    values (v_booking.id, 'cancellation_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking)
              || jsonb_build_object('sequence', v_booking.ics_sequence - 1),
            'cancellation_confirmation:' || v_booking.id || ':' || v_booking.ics_sequence,
            public.owner_message_at(p_now))
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_message_at (
  p_now timestamp with time zone
)
  RETURNS timestamp WITH time zone
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- a misclick in the dashboard is corrected within minutes: the customer's message waits that
  -- long, and a correction before then holds it back, so the customer hears nothing of it
  select p_now + make_interval(mins => public.booking_setting('owner_message_delay_minutes', 3));
$function$;

CREATE OR REPLACE FUNCTION public.owner_message_undone (
  p_booking_id uuid,
  p_kind       text,
  p_reason     text
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_count integer;
begin
  -- only a message still waiting out the owner's undo window (owner_message_at): one that is due
  -- or went out stays, and the customer then hears of the correction as usual
  update public.email_outbox o
     set status = 'cancelled', last_error = p_reason, locked_until = null
   where o.booking_id = p_booking_id
     and o.kind in (p_kind, 'sms_' || p_kind)
     and o.status = 'pending'
     and o.next_attempt_at > now();
  get diagnostics v_count = row_count;
  return v_count > 0;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_set_ready_time (
  p_booking_id uuid,
  p_ready      timestamp without time zone,
  p_now        timestamp with time zone    DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_local timestamp;
  v_at timestamptz;
  v_previous timestamptz;
begin
  select * into v_booking from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    raise exception 'Bookingen findes ikke.' using errcode = 'no_data_found';
  end if;
  v_local := public.owner_ready_time(p_ready);
  v_at := v_local at time zone 'Europe/Copenhagen';
  v_previous := coalesce(v_booking.new_ready_at, v_booking.ready_at);
  if v_at = v_previous then
    return v_booking; -- the same time: nothing to tell
  end if;
  if v_booking.status not in ('confirmed', 'arrived') then
    raise exception 'Bookingen % er % og kan ikke få en ny færdigtid.%', v_booking.reference,
      public.booking_status_text(v_booking.status),
      case when v_booking.status = 'ready'
           then ' Er bilen alligevel ikke klar, så vælg status ankommet først.' else '' end
      using errcode = 'feature_not_supported';
  end if;
  if v_at <= p_now then
    raise exception 'Den nye færdigtid skal være senere end nu (kl. %).', public.owner_time_text(p_now)
      using errcode = 'invalid_parameter_value';
  end if;
  if v_at <= v_booking.drop_off_at then
    raise exception 'Den nye færdigtid skal være efter afleveringen, % kl. %.',
      public.owner_day_text((v_booking.drop_off_at at time zone 'Europe/Copenhagen')::date),
      public.owner_time_text(v_booking.drop_off_at)
      using errcode = 'invalid_parameter_value';
  end if;
  if not exists (select 1 from public.booking_day_hours(v_local::date) h
                  where v_at >= h.opens_at and v_at <= h.closes_at) then
    raise exception 'Værkstedet har ikke åbent % kl. %, så kunden kan ikke hente bilen. Vælg en tid i åbningstiden.',
      public.owner_day_text(v_local::date), to_char(v_local, 'HH24:MI')
      using errcode = 'invalid_parameter_value';
  end if;

  update public.bookings b
     set new_ready_at = case when v_at = b.ready_at then null else v_at end,
         ready_revision = b.ready_revision + 1
   where b.id = v_booking.id
  returning * into v_booking;

  -- one message per change; an earlier one not sent yet would tell an outdated time
  perform public.booking_cancel_car_messages(v_booking.id, array['car_ready_time'], 'en nyere færdigtid');
  if public.booking_car_message_notifies(v_booking) then
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
    values (v_booking.id, 'car_ready_time', v_booking.customer_email,
            public.owner_booking_payload(v_booking)
              || jsonb_build_object('newReadyAt', public.copenhagen_iso(v_at),
                                    'previousReadyAt', public.copenhagen_iso(v_previous)),
            'car_ready_time:' || v_booking.id || ':' || v_booking.ready_revision,
            public.owner_message_at(p_now))
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
end;
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
  select r.min_value, r.max_value, r.unit
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
    ) as r(key, min_value, max_value, unit)
   where r.key = p_key;
$function$;

COMMENT ON FUNCTION "public"."owner_message_at"(timestamp with time zone) IS 'When a customer message set off by the owner''s change at p_now goes out: after owner_message_delay_minutes (default 3), the window in which a correction sends nothing.';

COMMENT ON FUNCTION "public"."owner_message_undone"(uuid, text, text) IS 'Holds back a booking''s customer message of the kind (and its sms_ twin) that is still inside the owner''s undo window (pending, not due yet), with the reason; true when one was held back: the owner corrected a misclick, and the customer hears nothing of either.';

REVOKE ALL ON FUNCTION "public"."owner_message_at"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_message_at"(timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_message_undone"(uuid, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_message_undone"(uuid, text, text) TO "postgres", "service_role";

-- rows of public.settings differ:
-- only from the schema: settings (owner_message_delay_minutes,3,"Minutter før kunden får besked om det, du retter i owner_bookings (klar, ny færdigtid, aflyst, genoprettet). Retter du fejlen inden da (f.eks. klar tilbage til ankommet), får kunden ingen besked. 0 = med det samme.",f)

-- the rule's row, so the owner finds it in the dashboard (as supabase/schemas/10_catalogue.sql)
insert into public.settings (key, value, description, is_public) values
  ('owner_message_delay_minutes', '3',
   'Minutter før kunden får besked om det, du retter i owner_bookings (klar, ny færdigtid, aflyst, genoprettet). Retter du fejlen inden da (f.eks. klar tilbage til ankommet), får kunden ingen besked. 0 = med det samme.',
   false)
on conflict (key) do nothing;
