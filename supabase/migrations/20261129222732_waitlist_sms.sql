-- Written by npm run db:diff from supabase/schemas/ (88_waitlist.sql, 80_email_outbox.sql), reviewed.
--
-- The waiting list's SMS: a subscriber may leave his phone (waitlist_entries.phone, E.164 as
-- phone_e164 writes it; join_waitlist takes p_phone, so it is dropped and created again with the
-- grants below; its receipt names the number), and when a time frees he gets one
-- sms_waitlist_free beside his e-mail. The SMS rules (Danish subscriber numbers, 3 a day per
-- number) move from the booking trigger into sms_queue, which both call. Leaving the list cancels
-- a free-time e-mail and SMS still pending; the owner's day lists each subscriber as {email, phone}.

SET local check_function_bodies = off;

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

DROP FUNCTION "public"."join_waitlist"(text, timestamp WITH time zone, uuid, date, text, text, timestamp WITH time zone);

ALTER TABLE "public"."waitlist_entries"
  ADD COLUMN "phone" text;

CREATE OR REPLACE FUNCTION public.email_outbox_queue_sms()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_kind text := public.sms_kind(new.kind);
  v_booking public.bookings;
begin
  if v_kind is null or new.booking_id is null then
    return null;
  end if;
  select * into v_booking from public.bookings b where b.id = new.booking_id;
  if not found or not v_booking.sms_opt_in or v_booking.anonymised_at is not null then
    return null;
  end if;
  -- the SMS carries no link: the plain cancel token stays in the e-mail
  perform public.sms_queue(new.booking_id, v_kind, v_booking.customer_phone,
                           new.payload - 'cancelToken', 'sms:' || new.idempotency_key,
                           new.next_attempt_at, new.created_at);
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.join_waitlist (
  p_challenge            text,
  p_challenge_expires_at timestamp with time zone,
  p_service_id           uuid,
  p_day                  date,
  p_email                text,
  p_client_ip            text                     DEFAULT NULL::text,
  p_now                  timestamp with time zone DEFAULT now(),
  p_phone                text                     DEFAULT NULL::text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text := btrim(coalesce(p_email, ''));
  v_phone text := nullif(btrim(coalesce(p_phone, '')), '');
  v_today timestamptz := date_trunc('day', p_now at time zone 'Europe/Copenhagen')
                         at time zone 'Europe/Copenhagen';
  v_entry public.waitlist_entries;
  v_state text;
  v_token text;
  v_count integer;
  v_net record;
  v_service_name text;
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    return jsonb_build_object('status', 'invalid', 'field', 'email');
  end if;
  if v_phone is not null then
    -- the booking's one phone rule, and its stored form (+45 and 8 digits for a Danish number)
    v_phone := public.phone_e164(v_phone);
    if v_phone is null then
      return jsonb_build_object('status', 'invalid', 'field', 'phone');
    end if;
  end if;
  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    return jsonb_build_object('status', 'challenge_used');
  end if;

  -- one sign-up at a time, so that two at once cannot both pass a cap
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('waitlist', 0));

  select s.name into v_service_name from public.services s where s.id = p_service_id;

  -- already on this day's list: the same receipt, no second row and no second e-mail
  select * into v_entry from public.waitlist_entries e
   where e.day = p_day and lower(e.email) = lower(v_email);
  if found and v_entry.notified_at is null then
    return jsonb_build_object('status', 'joined', 'already', true,
                              'day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name);
  end if;

  v_state := public.waitlist_day_state(p_service_id, p_day, p_now);
  if v_state <> 'full' then
    return jsonb_build_object('status', 'not_full', 'reason', v_state);
  end if;

  select count(*) into v_count from public.waitlist_entries e
   where e.day = p_day and e.notified_at is null;
  if v_count >= public.booking_setting('waitlist_max_per_day', 20) then
    return jsonb_build_object('status', 'list_full');
  end if;

  -- a phone counts like an address: one number cannot be put on every list to be sent SMS
  select count(*) into v_count from public.waitlist_entries e
   where (lower(e.email) = lower(v_email) or e.phone = v_phone) and e.notified_at is null
     and e.day >= (p_now at time zone 'Europe/Copenhagen')::date;
  if v_count >= 3 then
    return jsonb_build_object('status', 'contact_cap');
  end if;

  for v_net in select * from public.booking_address_networks(p_client_ip) loop
    select count(*) into v_count from public.waitlist_entries e
     where e.created_at >= v_today
       and v_net.bucket = any(public.booking_address_buckets(e.client_ip));
    if v_count >= 5 * v_net.factor then
      return jsonb_build_object('status', 'address_cap');
    end if;
  end loop;

  -- told before and back again (the time went to someone else): waiting again
  delete from public.waitlist_entries e where e.id = v_entry.id;

  v_token := public.booking_random_token();
  insert into public.waitlist_entries (day, service_id, email, phone, leave_token_hash, client_ip,
                                       created_at)
  values (p_day, p_service_id, v_email, v_phone, public.booking_token_hash(v_token),
          nullif(p_client_ip, ''), p_now)
  returning * into v_entry;

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at, created_at)
  values (null, 'waitlist_receipt', v_email,
          jsonb_build_object('day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name,
                             'leaveToken', v_token)
          -- the number the SMS will go to, so that a mistyped one shows
          || case when v_phone is not null
                  then jsonb_build_object('smsTo', public.phone_display(v_phone))
                  else '{}'::jsonb end,
          'waitlist_receipt:' || v_entry.id, p_now, p_now);

  return jsonb_build_object('status', 'joined', 'already', false,
                            'day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name);
end;
$function$;

CREATE OR REPLACE FUNCTION public.leave_waitlist (
  p_token text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_day date;
  v_id uuid;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('status', 'not_found');
  end if;
  delete from public.waitlist_entries e
   where e.leave_token_hash = public.booking_token_hash(p_token)
  returning e.day, e.id into v_day, v_id;
  if v_day is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  -- told but not yet sent (the sender runs every minute): neither the e-mail nor the SMS goes
  update public.email_outbox o
     set status = 'cancelled', last_error = 'Ikke sendt: kunden har fjernet sig fra ventelisten.'
   where o.idempotency_key in ('waitlist_free:' || v_id, 'sms:waitlist_free:' || v_id)
     and o.status = 'pending';
  return jsonb_build_object('status', 'left', 'day', to_char(v_day, 'YYYY-MM-DD'));
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
  select coalesce(jsonb_agg(jsonb_build_object('email', e.email,
                                               'phone', public.phone_display(e.phone))
                            order by e.created_at), '[]'::jsonb)
    from public.waitlist_entries e
   where e.day = p_day and e.notified_at is null;
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
           when 'car_ready' then 'sms_car_ready'
           when 'car_ready_time' then 'sms_car_ready_time'
           -- queued by waitlist_notify itself (the list's phone is not a booking's)
           when 'waitlist_free' then 'sms_waitlist_free'
         end;
$function$;

CREATE OR REPLACE FUNCTION public.sms_queue (
  p_booking_id      uuid,
  p_kind            text,
  p_phone           text,
  p_payload         jsonb,
  p_idempotency_key text,
  p_next_attempt_at timestamp with time zone,
  p_created_at      timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_number text := public.sms_number(p_phone);
  v_count integer;
  v_status text := 'pending';
  v_error text;
begin
  if v_number is null then
    v_status := 'cancelled';
    v_error := 'Ikke sendt: SMS går kun til danske mobilnumre (+45 og 8 cifre; ikke 70-, 80-, 90- eller 1-numre).';
  else
    -- counted one at a time per number, so two events at once cannot both pass the cap
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('sms:' || v_number, 0));
    select count(*) into v_count
      from public.email_outbox o
     where o.recipient = v_number
       and o.kind like 'sms\_%'
       and o.status in ('pending', 'sending', 'sent', 'failed')
       and (o.created_at at time zone 'Europe/Copenhagen')::date
           = (p_created_at at time zone 'Europe/Copenhagen')::date;
    if v_count >= 3 then
      v_status := 'cancelled';
      v_error := 'Ikke sendt: højst 3 SMS om dagen til samme nummer.';
    end if;
  end if;
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key,
                                   next_attempt_at, created_at, status, last_error)
  values (p_booking_id, p_kind, coalesce(v_number, p_phone), p_payload, p_idempotency_key,
          p_next_attempt_at, p_created_at, v_status, v_error)
  on conflict (idempotency_key) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION public.waitlist_notify (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_day record;
  v_entry record;
  v_payload jsonb;
  v_count integer := 0;
  v_first text;
begin
  if not exists (select 1 from public.waitlist_entries e where e.notified_at is null) then
    return 0;
  end if;
  -- per day and package: a time free for a short package may be too short for a long one
  for v_day in
    select e.day, e.service_id, s.name, s.duration_minutes
      from public.waitlist_entries e
      join public.services s on s.id = e.service_id and s.is_active
     where e.notified_at is null
       and e.day >= (p_now at time zone 'Europe/Copenhagen')::date
     group by e.day, e.service_id, s.name, s.duration_minutes
     order by e.day
  loop
    if public.waitlist_day_state(v_day.service_id, v_day.day, p_now) = 'free' then
      v_first := public.booking_free_times(v_day.service_id, v_day.day, p_now,
                                           v_day.duration_minutes::integer) -> 'slots' ->> 0;
      v_payload := jsonb_build_object('day', to_char(v_day.day, 'YYYY-MM-DD'),
                                      'serviceName', v_day.name, 'time', v_first);
      for v_entry in
        update public.waitlist_entries e
           set notified_at = p_now
         where e.day = v_day.day and e.service_id = v_day.service_id and e.notified_at is null
        returning e.id, e.email, e.phone
      loop
        insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key,
                                         next_attempt_at, created_at)
        values (null, 'waitlist_free', v_entry.email, v_payload, 'waitlist_free:' || v_entry.id,
                p_now, p_now)
        on conflict (idempotency_key) do nothing;
        if found then
          v_count := v_count + 1;
        end if;
        -- the same message by SMS, when he gave his phone: its key is the e-mail's, so once
        if v_entry.phone is not null then
          perform public.sms_queue(null, 'sms_waitlist_free', v_entry.phone, v_payload,
                                   'sms:waitlist_free:' || v_entry.id, p_now, p_now);
        end if;
      end loop;
    end if;
  end loop;
  return v_count;
end;
$function$;

ALTER TABLE "public"."email_outbox"
  ADD CONSTRAINT "email_outbox_kind_check"
    CHECK
    ((kind = ANY (ARRAY['booking_confirmation'::text, 'owner_notification'::text, 'booking_reminder'::text, 'cancellation_confirmation'::text, 'owner_cancellation'::text,
    'booking_moved'::text,
    'owner_booking_moved'::text,
    'owner_agenda'::text,
    'booking_reconfirmed'::text,
    'car_ready'::text,
    'car_ready_time'::text,
    'review_request'::text,
    'waitlist_receipt'::text,
    'waitlist_free'::text,
    'owner_visitor_message'::text,
    'visitor_message_receipt'::text,
    'sms_booking_confirmation'::text,
    'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text, 'sms_car_ready'::text, 'sms_car_ready_time'::text, 'sms_waitlist_free'::text])));

ALTER TABLE "public"."waitlist_entries"
  ADD CONSTRAINT "waitlist_entries_phone_format" CHECK ((phone ~ '^\+[0-9]{8,17}$'::text));

CREATE INDEX waitlist_entries_phone_idx ON public.waitlist_entries USING btree (phone)
  WHERE (phone IS NOT NULL);

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar), car_ready_time (ny færdigtid), review_request (anmodning om anmeldelse, dagen efter afhentning) og visitor_message_receipt (kvittering for en besked fra hjemmesiden) går til kunden, waitlist_receipt (skrevet op på ventelisten) og waitlist_free (en tid er blevet ledig) til kunden på ventelisten; owner_notification, owner_cancellation, owner_booking_moved, owner_agenda og owner_visitor_message (en besked fra hjemmesiden, svar går til afsenderen) til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat; sms_waitlist_free til den på ventelisten, der har givet sit telefonnummer).';

COMMENT ON COLUMN "public"."waitlist_entries"."phone" IS 'Kundens telefonnummer, hvis kunden også vil have besked på SMS (tom = kun mail). Slettes med rækken.';

COMMENT ON FUNCTION "public"."email_outbox_queue_sms"() IS 'Trigger function: a customer e-mail with an SMS twin (sms_kind) to a booking whose customer chose SMS queues the SMS in the same transaction (idempotency key sms:<the e-mail''s key>) by sms_queue: pending to a Danish subscriber number, or cancelled with the reason when the number is refused or already had 3 SMS that Copenhagen day.';

COMMENT ON FUNCTION "public"."join_waitlist"(text, timestamp with time zone, uuid, date, text, text, timestamp with time zone, text) IS 'Puts an e-mail address (and the phone, stored as phone_e164 writes it, when given for an SMS) on the waiting list of a full day behind a verified ALTCHA challenge (marked used, booking_challenge_uses) and queues the receipt (waitlist_receipt, with the leave link''s token, and smsTo: the phone as the owner reads it, when given). Returns {status: joined, already, day, serviceName} (already: the address was on the list, nothing new written), or {status: not_full (reason: free|closed|outside_window|unknown_service), list_full (waitlist_max_per_day, default 20), contact_cap (3 days per e-mail address or phone), address_cap (5 a Copenhagen day per network of the IP), invalid (field email or phone), challenge_invalid|challenge_expired|challenge_used}. Called by the join-waitlist edge function.';

COMMENT ON FUNCTION "public"."leave_waitlist"(text) IS 'Takes an address off a day''s waiting list by the token of the receipt''s leave link, and cancels its free-time e-mail and SMS if they are still pending: {status: left, day} or {status: not_found} (an unknown token, or the list is gone).';

COMMENT ON FUNCTION "public"."owner_day_at"(date, timestamp with time zone) IS 'The owner page''s day as seen at p_now: {day, dayText (Danish), now, hours {opens, closes} or null when closed, waitlist: [{email, phone} of those still waiting for a free time that day, owner_day_waitlist], cars: [owner_car]} of the cars owner_agenda_at shows that day, by their time that day.';

COMMENT ON FUNCTION "public"."owner_day_waitlist"(date) IS 'Who is still waiting for a free time on a day (not yet told), first written up first, as [{email, phone (grouped for reading, null when only e-mail)}]: the owner page''s day (owner_day_at).';

COMMENT ON FUNCTION "public"."sms_queue"(uuid, text, text, jsonb, text, timestamp with time zone, timestamp with time zone) IS 'Queues one SMS (kind sms_..., its idempotency key): pending to a Danish subscriber number (sms_number), or cancelled with the reason when the number is refused or already had 3 SMS that Copenhagen day. A key already queued is left as it is. The one place of the SMS rules: email_outbox_queue_sms (a booking''s) and waitlist_notify call it.';

COMMENT ON FUNCTION "public"."waitlist_notify"(timestamp with time zone) IS 'Tells every waiting subscriber of a day on which a drop-off time is free for his package at p_now (waitlist_day_state free): one waitlist_free e-mail each (the day, the package, the first free time), the same as an SMS (sms_waitlist_free, by sms_queue) to one who gave his phone, and notified_at set, so a second free time tells him nothing. Returns how many were told. Run when a transaction that may have freed a time commits (waitlist_after_change).';

COMMENT ON FUNCTION "public"."waitlist_retention"(timestamp with time zone) IS 'Deletes the waiting lists (e-mail, phone, IP) of days before p_now''s Copenhagen day (the privacy policy: kept until the day has passed). Called by run_retention. Returns how many rows were deleted.';

COMMENT ON TABLE "public"."waitlist_entries" IS 'Ventelisten ("Skriv mig op"): kunder, der vil have besked, hvis der bliver en tid ledig på en fuld dag. Når en tid bliver ledig (aflysning, flytning, udeblevet, en dag du åbner), får alle på dagens liste én mail med et link til at booke (og én SMS med samme link, hvis de har givet deres telefonnummer), og notified_at sættes. Rækkerne slettes automatisk, når dagen er gået. Ret ikke her; slet gerne en række, hvis kunden beder om det.';

revoke all on function public.join_waitlist(text, timestamptz, uuid, date, text, text, timestamptz, text)
  from public, anon, authenticated;
grant execute on function public.join_waitlist(text, timestamptz, uuid, date, text, text, timestamptz, text)
  to service_role;

revoke all on function public.sms_queue(uuid, text, text, jsonb, text, timestamptz, timestamptz)
  from public, anon, authenticated;
