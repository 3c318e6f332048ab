-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

DROP FUNCTION "public"."join_waitlist"(text, timestamp WITH time zone, uuid, date, text, text, timestamp WITH time zone, text);

DROP FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp WITH time zone);

ALTER TABLE "public"."waitlist_entries"
  ADD COLUMN "car_size" text;

ALTER TABLE "public"."waitlist_entries"
  ADD COLUMN "addon_ids" uuid[] NOT NULL DEFAULT '{}'::uuid[];

CREATE OR REPLACE FUNCTION public.join_waitlist (
  p_challenge            text,
  p_challenge_expires_at timestamp with time zone,
  p_service_id           uuid,
  p_day                  date,
  p_email                text,
  p_client_ip            text                     DEFAULT NULL::text,
  p_now                  timestamp with time zone DEFAULT now(),
  p_phone                text                     DEFAULT NULL::text,
  p_car_size             text                     DEFAULT NULL::text,
  p_addon_ids            uuid[]                   DEFAULT NULL::uuid[]
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
  -- the job as booking_job names it: the add-ons once each, sorted, and the size's code
  v_addon_ids uuid[] := array(select distinct x from unnest(coalesce(p_addon_ids, '{}')) x
                               order by x);
  v_job jsonb := public.booking_job(p_service_id, p_car_size, v_addon_ids);
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

  v_state := public.waitlist_day_state(p_service_id, p_day, p_now, p_car_size, v_addon_ids);
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
                                       created_at, car_size, addon_ids)
  values (p_day, p_service_id, v_email, v_phone, public.booking_token_hash(v_token),
          nullif(p_client_ip, ''), p_now, v_job ->> 'carSize', v_addon_ids)
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

CREATE OR REPLACE FUNCTION public.waitlist_day_state (
  p_service_id uuid,
  p_day        date,
  p_now        timestamp with time zone,
  p_car_size   text                     DEFAULT NULL::text,
  p_addon_ids  uuid[]                   DEFAULT NULL::uuid[]
)
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_job jsonb := public.booking_job(p_service_id, p_car_size, p_addon_ids);
begin
  case v_job ->> 'error'
    when 'serviceId' then return 'unknown_service';
    when 'carSize' then return 'unknown_car_size';
    when 'addonIds' then return 'unknown_addon';
    else null;
  end case;
  if p_day < v_today + public.booking_setting('min_advance_booking_days', 1)
     or p_day > v_today + greatest(public.booking_setting('max_advance_booking_days', 60),
                                   public.booking_setting('min_advance_booking_days', 1)) then
    return 'outside_window';
  end if;
  if (select r.closed_reason from public.booking_day_rule(p_day) r) is not null then
    return 'closed';
  end if;
  if jsonb_array_length(
       public.booking_free_times(p_service_id, p_day, p_now, (v_job ->> 'minutes')::integer)
         -> 'slots') > 0 then
    return 'free';
  end if;
  return 'full';
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
  v_job jsonb;
begin
  if not exists (select 1 from public.waitlist_entries e where e.notified_at is null) then
    return 0;
  end if;
  -- per day and job: a time free for a short job may be too short for a longer one (a bigger
  -- car, an add-on)
  for v_day in
    select e.day, e.service_id, e.car_size, e.addon_ids
      from public.waitlist_entries e
     where e.notified_at is null
       and e.day >= (p_now at time zone 'Europe/Copenhagen')::date
     group by e.day, e.service_id, e.car_size, e.addon_ids
     order by e.day
  loop
    v_job := public.booking_job(v_day.service_id, v_day.car_size, v_day.addon_ids);
    -- a package, size or add-on the owner has since taken away: nothing can be booked for it
    continue when v_job ? 'error';
    if public.waitlist_day_state(v_day.service_id, v_day.day, p_now, v_day.car_size,
                                 v_day.addon_ids) = 'free' then
      v_first := public.booking_free_times(v_day.service_id, v_day.day, p_now,
                                           (v_job ->> 'minutes')::integer) -> 'slots' ->> 0;
      -- the job's size (when not the ordinary car) and add-ons, for the mail's rows and its link
      v_payload := jsonb_build_object('day', to_char(v_day.day, 'YYYY-MM-DD'),
                                      'serviceName', v_job ->> 'serviceName', 'time', v_first)
        || case when v_job ->> 'carSize' <> public.car_size_standard()
                then jsonb_build_object('carSize', v_job ->> 'carSize',
                                        'carSizeName', v_job ->> 'carSizeName')
                else '{}'::jsonb end
        || case when jsonb_array_length(v_job -> 'addons') > 0
                then jsonb_build_object('addons',
                       (select jsonb_agg(jsonb_build_object('id', a ->> 'id', 'name', a ->> 'name'))
                          from jsonb_array_elements(v_job -> 'addons') a))
                else '{}'::jsonb end;
      for v_entry in
        update public.waitlist_entries e
           set notified_at = p_now
         where e.day = v_day.day and e.service_id = v_day.service_id
           and e.car_size is not distinct from v_day.car_size and e.addon_ids = v_day.addon_ids
           and e.notified_at is null
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

COMMENT ON COLUMN "public"."waitlist_entries"."addon_ids" IS 'Tilvalgene, kunden ville have med (id''er fra addons). Kunden får kun besked, når der bliver en tid ledig, der er lang nok til hele jobbet.';

COMMENT ON COLUMN "public"."waitlist_entries"."car_size" IS 'Bilstørrelsen, kunden ville booke til (koden fra car_sizes). Kunden får kun besked, når der bliver en tid ledig, der er lang nok til hele jobbet.';

COMMENT ON FUNCTION "public"."join_waitlist"(text, timestamp with time zone, uuid, date, text, text, timestamp with time zone, text, text, uuid[]) IS 'Puts an e-mail address (and the phone, stored as phone_e164 writes it, when given for an SMS) on the waiting list of a day full for the job (the package, p_car_size and p_addon_ids, as booking_job takes them; stored with the entry) behind a verified ALTCHA challenge (marked used, booking_challenge_uses) and queues the receipt (waitlist_receipt, with the leave link''s token, and smsTo: the phone as the owner reads it, when given). Returns {status: joined, already, day, serviceName} (already: the address was on the list, nothing new written), or {status: not_full (reason: free|closed|outside_window|unknown_service|unknown_car_size|unknown_addon), list_full (waitlist_max_per_day, default 20), contact_cap (3 days per e-mail address or phone), address_cap (5 a Copenhagen day per network of the IP), invalid (field email or phone), challenge_invalid|challenge_expired|challenge_used}. Called by the join-waitlist edge function.';

COMMENT ON FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp with time zone, text, uuid[]) IS 'A day as the waiting list sees it for a job at p_now (the package, the car size and the add-ons, as booking_job prices and times them): full (open, in the booking window, no free drop-off for the whole job''s length), free, closed, outside_window, or unknown_service|unknown_car_size|unknown_addon.';

COMMENT ON FUNCTION "public"."waitlist_notify"(timestamp with time zone) IS 'Tells every waiting subscriber of a day on which a drop-off time is free for his job at p_now (the package, the car size and the add-ons he signed up with; waitlist_day_state free): one waitlist_free e-mail each (the day, the package, the first free time, and the job''s car size and add-ons when he gave them), the same as an SMS (sms_waitlist_free, by sms_queue) to one who gave his phone, and notified_at set, so a second free time tells him nothing. Returns how many were told. Run when a transaction that may have freed a time commits (waitlist_after_change).';

REVOKE ALL ON FUNCTION "public"."join_waitlist"(text, timestamp WITH time zone, uuid, date, text, text, timestamp WITH time zone, text, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."join_waitlist"(text, timestamp WITH time zone, uuid, date, text, text, timestamp WITH time zone, text, text, uuid[])
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp WITH time zone, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp WITH time zone, text, uuid[]) TO "postgres", "service_role";
-- as the schema has them: a function created here also gets the platform's default grants to anon
-- and authenticated, which the lines above leave
revoke all on function public.join_waitlist(text, timestamptz, uuid, date, text, text, timestamptz, text, text, uuid[])
  from public, anon, authenticated;
grant execute on function public.join_waitlist(text, timestamptz, uuid, date, text, text, timestamptz, text, text, uuid[])
  to service_role;

revoke all on function public.waitlist_day_state(uuid, date, timestamptz, text, uuid[])
  from public, anon, authenticated;
