-- A booking request without a usable client address (the platform's header did not arrive, or
-- CLIENT_IP_HEADER names the wrong one) no longer lands in one shared "unknown" bucket, where the
-- first 5 bookings of the day (or 20 attempts of the hour) would stop online booking for every
-- visitor: it counts against the per-contact and hourly caps only, and the owner gets one alert a
-- day (booking_unknown_address_alert, an owner_notification through the outbox) naming the setting
-- to check. With an address nothing changes. Written by npm run db:diff from supabase/schemas/ and
-- reviewed: four functions replaced in place with their comments, one new one, revoked by name
-- from anon and authenticated (hosted Supabase's default privileges grant them everything new).

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_cap_reached (
  p_ip    text,
  p_email text,
  p_phone text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS text
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_today timestamptz := date_trunc('day', p_now at time zone 'Europe/Copenhagen')
                         at time zone 'Europe/Copenhagen';
  v_phone text := regexp_replace(coalesce(p_phone, ''), '\s', '', 'g');
  v_count integer;
  v_last timestamptz;
  v_cap integer;
begin
  -- the whole site: online bookings in the last hour
  v_cap := public.booking_setting('max_new_bookings_per_hour', 12);
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and b.created_at > p_now - interval '1 hour';
  if v_count >= v_cap then
    -- one alert per burst: a refusal within an hour of the previous one belongs to the same burst
    select max(r.window_start) into v_last from public.booking_rate_limits r where r.bucket = 'site:busy';
    if v_last is null or v_last < p_now - interval '1 hour' then
      insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
      values (null, 'owner_notification', null,
              jsonb_build_object('alert', 'busy', 'count', v_count, 'cap', v_cap,
                                 'at', public.copenhagen_iso(p_now)),
              'owner_alert:busy:' || gen_random_uuid(), p_now);
    end if;
    delete from public.booking_rate_limits r where r.bucket = 'site:busy';
    insert into public.booking_rate_limits (bucket, window_start, hits) values ('site:busy', p_now, 1);
    return 'busy';
  end if;

  -- one client address: accepted online bookings this Copenhagen day; without a usable address
  -- there is no address to count (every such visitor would share one bucket of 5 a day), so the
  -- hourly cap above and the contact caps below are what hold
  if nullif(p_ip, '') is not null then
    select count(*) into v_count from public.bookings b
     where b.source = 'online' and b.client_ip = p_ip and b.created_at >= v_today;
    if v_count >= public.booking_setting('max_bookings_per_ip_per_day', 5) then
      return 'address_cap';
    end if;
  end if;

  -- one contact: future confirmed bookings per e-mail address and per phone number
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and b.status = 'confirmed' and b.drop_off_at > p_now
     and b.anonymised_at is null and (lower(b.customer_email) = lower(p_email) or b.customer_phone = v_phone);
  if v_count >= public.booking_setting('max_open_bookings_per_contact', 2) then
    return 'contact_cap';
  end if;

  -- one recipient: booking confirmations (one per online booking) this Copenhagen day
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and lower(b.customer_email) = lower(p_email)
     and b.created_at >= v_today;
  if v_count >= public.booking_setting('max_booking_emails_per_recipient_per_day', 3) then
    return 'contact_cap';
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_invalid_hit (
  p_ip  text,
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_hits integer;
begin
  -- no usable address: nothing to count it against (each attempt still cost a proof of work)
  if nullif(p_ip, '') is null then
    return false;
  end if;
  insert into public.booking_rate_limits as r (bucket, window_start, hits)
  values ('invalid:' || p_ip, date_trunc('hour', p_now), 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning hits into v_hits;
  return v_hits > public.booking_setting('rate_limit_invalid_per_ip_per_hour', 30);
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_rate_limit_hit (
  p_ip    text,
  p_email text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS boolean
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_window timestamptz := date_trunc('hour', p_now);
  v_ip_hits integer := 0;
  v_email_hits integer;
begin
  delete from public.booking_rate_limits where window_start < v_window - interval '1 day';
  -- no usable address: no address bucket at all (one shared "unknown" bucket would let the first
  -- 20 attempts of the hour lock every other visitor out)
  if nullif(p_ip, '') is not null then
    insert into public.booking_rate_limits as r (bucket, window_start, hits)
    values ('ip:' || p_ip, v_window, 1)
    on conflict (bucket, window_start) do update set hits = r.hits + 1
    returning hits into v_ip_hits;
  end if;
  insert into public.booking_rate_limits as r (bucket, window_start, hits)
  values ('email:' || lower(p_email), v_window, 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning hits into v_email_hits;
  return v_ip_hits > public.booking_setting('rate_limit_per_ip_per_hour', 20)
      or v_email_hits > public.booking_setting('rate_limit_per_email_per_hour', 5);
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_unknown_address_alert (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_day date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_key text := 'owner_alert:no_client_address:' || v_day;
begin
  -- at most one a Copenhagen day: the owner needs to hear it once, not once per booking
  if exists (select 1 from public.email_outbox o where o.idempotency_key = v_key) then
    return;
  end if;
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (null, 'owner_notification', null,
          jsonb_build_object('alert', 'no_client_address', 'day', v_day::text,
                             'at', public.copenhagen_iso(p_now)),
          v_key, p_now)
  on conflict (idempotency_key) do nothing;
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
  v_hash text := public.booking_request_hash(p_service_id, p_date, p_time, p_customer_name,
                                             p_customer_email, p_customer_phone, p_notes);
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

COMMENT ON FUNCTION "public"."booking_cap_reached"(text, text, text, timestamp with time zone) IS 'Which cap a new online booking would pass (busy, address_cap, contact_cap), or null; without an IP (null or empty) the address cap is not counted. Call it holding booking_caps_lock_key(): it counts, and queues the owner''s alert at the start of a busy burst.';

COMMENT ON FUNCTION "public"."booking_invalid_hit"(text, timestamp with time zone) IS 'Counts one refused choice (package, day or time) for the address, apart from its e-mail address; true when over rate_limit_invalid_per_ip_per_hour. Without an address (null or empty) nothing is counted: false.';

COMMENT ON FUNCTION "public"."booking_rate_limit_hit"(text, text, timestamp with time zone) IS 'Counts one booking attempt for the IP and the e-mail address; true when either went over its hourly limit (settings rate_limit_per_ip_per_hour, default 20, and rate_limit_per_email_per_hour, default 5). Without an IP (null or empty) only the e-mail address is counted.';

COMMENT ON FUNCTION "public"."booking_unknown_address_alert"(timestamp with time zone) IS 'Queues the owner''s alert that online bookings arrive without a usable client address (kind owner_notification, payload.alert no_client_address): at most one a Copenhagen day (idempotency key owner_alert:no_client_address:<day>). Called by create_booking for such a request; the alert names the setting to check (CLIENT_IP_HEADER).';

COMMENT ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp with time zone) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap, ...}. Called by the create-booking edge function.';

REVOKE ALL ON FUNCTION "public"."booking_unknown_address_alert"(timestamp WITH time zone) FROM PUBLIC, "anon", "authenticated";

GRANT EXECUTE ON FUNCTION "public"."booking_unknown_address_alert"(timestamp WITH time zone) TO "postgres", "service_role";
