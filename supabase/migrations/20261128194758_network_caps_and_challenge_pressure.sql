-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

DROP FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp
  WITH time zone, text, boolean);

CREATE OR REPLACE FUNCTION public.booking_address_networks (
  p_ip text
)
  RETURNS TABLE (
    bucket text,
    factor integer
  )
  LANGUAGE plpgsql
  IMMUTABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_addr inet;
begin
  if nullif(p_ip, '') is null then
    return;
  end if;
  begin
    v_addr := host(p_ip::inet)::inet;
  exception
    when others then
      -- not an address (the edge function sends only normalised ones): counted as the text it is
      bucket := p_ip;
      factor := 1;
      return next;
      return;
  end;
  -- ::ffff:1.2.3.4 is the IPv4 address 1.2.3.4 seen through an IPv6 socket
  if family(v_addr) = 6 and v_addr <<= '::ffff:0:0/96'::inet then
    v_addr := '0.0.0.0'::inet + (v_addr - '::ffff:0.0.0.0'::inet);
  end if;
  if family(v_addr) = 4 then
    -- the address alone: IPv4 is scarce (an attacker's few addresses sit in unrelated ranges),
    -- while a /24 of a mobile operator's shared (CGNAT) pool is thousands of real visitors
    bucket := host(v_addr);
    factor := 1;
    return next;
    return;
  end if;
  -- IPv6: a line gets a /64 at least, a home a /56 or a /48, so every address of a /64 is one
  -- holder; the wider networks hold more holders (a mobile operator's /48), so more is allowed
  bucket := network(set_masklen(v_addr, 64))::text;
  factor := 1;
  return next;
  bucket := network(set_masklen(v_addr, 56))::text;
  factor := 2;
  return next;
  bucket := network(set_masklen(v_addr, 48))::text;
  factor := 3;
  return next;
end;
$function$;

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
  v_phone text := public.phone_e164(p_phone);
  v_count integer;
  v_last timestamptz;
  v_cap integer;
  v_net record;
begin
  -- the whole site: online bookings in the last hour; up to four times the setting the proof of
  -- work only gets costlier (booking_challenge_cost), past it online booking closes for all
  v_cap := public.booking_hard_cap_per_hour();
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

  -- one client address: accepted online bookings this Copenhagen day, in each of its networks
  -- (an IPv6 /64, /56 and /48 with the cap times its factor); without a usable address there is
  -- no address to count (every such visitor would share one bucket of 5 a day), so the hourly cap
  -- above and the contact caps below are what hold
  v_cap := public.booking_setting('max_bookings_per_ip_per_day', 5);
  for v_net in select * from public.booking_address_networks(p_ip) loop
    select count(*) into v_count from public.bookings b
     where b.source = 'online' and b.client_ip is not null and b.created_at >= v_today
       and exists (select 1 from public.booking_address_networks(b.client_ip) n
                    where n.bucket = v_net.bucket);
    if v_count >= v_cap * v_net.factor then
      return 'address_cap';
    end if;
  end loop;

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

CREATE OR REPLACE FUNCTION public.booking_challenge_cost (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select public.booking_challenge_cost_at(public.booking_challenge_level(p_now));
$function$;

CREATE OR REPLACE FUNCTION public.booking_challenge_cost_at (
  p_level integer
)
  RETURNS integer
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- x1, x3, x6: at level 2 a solve takes a few seconds on a laptop and well under the widget's
  -- 90-second limit on an old phone (the form waits with "Venter på robottjekket..."), so an
  -- attacker pays six times for every booking while visitors still book
  select least(1000000, public.booking_setting('booking_challenge_cost', 5000)
                        * (array[1, 3, 6])[greatest(0, least(p_level, 2)) + 1]);
$function$;

CREATE OR REPLACE FUNCTION public.booking_challenge_level (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select case
    when n.count >= n.soft then 2
    when 2 * n.count >= n.soft then 1
    else 0
  end
  from (select count(*) count, public.booking_setting('max_new_bookings_per_hour', 12) soft
          from public.bookings b
         where b.source = 'online' and b.created_at > p_now - interval '1 hour') n;
$function$;

CREATE OR REPLACE FUNCTION public.booking_hard_cap_per_hour()
  RETURNS integer
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select 4 * public.booking_setting('max_new_bookings_per_hour', 12);
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
  v_limit integer := public.booking_setting('rate_limit_invalid_per_ip_per_hour', 30);
  v_over boolean := false;
  v_net record;
  v_hits integer;
begin
  -- no usable address: nothing to count it against (each attempt still cost a proof of work)
  for v_net in select * from public.booking_address_networks(p_ip) loop
    insert into public.booking_rate_limits as r (bucket, window_start, hits)
    values ('invalid:' || v_net.bucket, date_trunc('hour', p_now), 1)
    on conflict (bucket, window_start) do update set hits = r.hits + 1
    returning hits into v_hits;
    v_over := v_over or v_hits > v_limit * v_net.factor;
  end loop;
  return v_over;
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
  v_limit integer := public.booking_setting('rate_limit_per_ip_per_hour', 20);
  v_over boolean := false;
  v_net record;
  v_hits integer;
  v_email_hits integer;
begin
  delete from public.booking_rate_limits where window_start < v_window - interval '1 day';
  -- no usable address: no address bucket at all (one shared "unknown" bucket would let the first
  -- 20 attempts of the hour lock every other visitor out); every network of the address counts
  for v_net in select * from public.booking_address_networks(p_ip) loop
    insert into public.booking_rate_limits as r (bucket, window_start, hits)
    values ('ip:' || v_net.bucket, v_window, 1)
    on conflict (bucket, window_start) do update set hits = r.hits + 1
    returning hits into v_hits;
    v_over := v_over or v_hits > v_limit * v_net.factor;
  end loop;
  insert into public.booking_rate_limits as r (bucket, window_start, hits)
  values ('email:' || lower(p_email), v_window, 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning hits into v_email_hits;
  return v_over or v_email_hits > public.booking_setting('rate_limit_per_email_per_hour', 5);
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
  p_sms                  boolean                  DEFAULT false,
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
      return public.create_booking(
        p_service_id => p_service_id, p_date => p_date, p_time => p_time,
        p_customer_name => p_customer_name, p_customer_email => p_customer_email,
        p_customer_phone => p_customer_phone, p_notes => p_notes,
        p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now,
        p_car_plate => p_car_plate, p_sms => p_sms);
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
  return public.create_booking(
    p_service_id => p_service_id, p_date => p_date, p_time => p_time,
    p_customer_name => p_customer_name, p_customer_email => p_customer_email,
    p_customer_phone => p_customer_phone, p_notes => p_notes,
    p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now,
    p_car_plate => p_car_plate, p_sms => p_sms);
end;
$function$;

COMMENT ON FUNCTION "public"."booking_address_networks"(text) IS 'The networks a client address counts in, each with the factor its limits are multiplied by: an IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) alone as a.b.c.d (factor 1); an IPv6 address as its /64 (1), /56 (2) and /48 (3), written network/len. No rows without an address (null or empty); text that is no address counts as itself (factor 1). The one place that groups addresses: the hourly attempt limits (booking_rate_limit_hit, booking_invalid_hit) and the day cap per address (booking_cap_reached) use it.';

COMMENT ON FUNCTION "public"."booking_cap_reached"(text, text, text, timestamp with time zone) IS 'Which cap a new online booking would pass (busy: booking_hard_cap_per_hour() online bookings in the last hour; address_cap: max_bookings_per_ip_per_day times the factor in any network of the IP, booking_address_networks; contact_cap), or null; without an IP (null or empty) the address cap is not counted. Call it holding booking_caps_lock_key(): it counts, and queues the owner''s alert at the start of a busy burst.';

COMMENT ON FUNCTION "public"."booking_challenge_cost"(timestamp with time zone) IS 'The cost of a challenge booking-challenge issues now: booking_challenge_cost_at(booking_challenge_level(p_now)). A submit needs at least the cost of one level lower (create_booking_with_challenge), so a visitor who fetched the challenge just before a step up still books.';

COMMENT ON FUNCTION "public"."booking_challenge_cost_at"(integer) IS 'The proof of work''s cost (PBKDF2 iterations, ALTCHA) at a level of booking_challenge_level: booking_challenge_cost times 1, 3 or 6, at most 1000000.';

COMMENT ON FUNCTION "public"."booking_challenge_level"(timestamp with time zone) IS 'How hard booking is now: 0 normally, 1 from half of max_new_bookings_per_hour online bookings in the last hour, 2 from the whole number.';

COMMENT ON FUNCTION "public"."booking_hard_cap_per_hour"() IS 'Online bookings in the last hour at which online booking closes for everyone (busy): four times max_new_bookings_per_hour. Below it a burst only makes the proof of work costlier (booking_challenge_level).';

COMMENT ON FUNCTION "public"."booking_invalid_hit"(text, timestamp with time zone) IS 'Counts one refused choice (package, day or time) for the address, in each of its networks (booking_address_networks), apart from its e-mail address; true when one is over rate_limit_invalid_per_ip_per_hour times its factor. Without an address (null or empty) nothing is counted: false.';

COMMENT ON FUNCTION "public"."booking_rate_limit_hit"(text, text, timestamp with time zone) IS 'Counts one booking attempt for the IP and the e-mail address; true when either went over its hourly limit (settings rate_limit_per_ip_per_hour, default 20, and rate_limit_per_email_per_hour, default 5). The IP counts in each of its networks (booking_address_networks: IPv6 as /64, /56, /48), each with the limit times its factor. Without an IP (null or empty) only the e-mail address is counted.';

COMMENT ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp with time zone, uuid, date, text, text, text, text, text, text, text, timestamp
  with time zone, text, boolean, integer) IS 'create_booking() behind a verified ALTCHA challenge: marks the challenge (its signature) used in the same transaction, so one solution gives at most one booking even when sent twice at once. p_challenge_cost is the cost signed into the challenge: while booking_challenge_level is above 0 it must be at least booking_challenge_cost_at(level - 1), else {status: challenge_too_easy} and the challenge stays unused (a replay of a booking made with it is answered as before). Returns create_booking''s answer, or {status: challenge_invalid|challenge_expired|challenge_too_easy|challenge_used}. A repeated submit with the same idempotency key gets create_booking''s replay. Called by the create-booking edge function after it verified the solution.';

REVOKE ALL ON FUNCTION "public"."booking_address_networks"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_address_networks"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_challenge_cost"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_challenge_cost"(timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_challenge_cost_at"(integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_challenge_cost_at"(integer) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_challenge_level"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_challenge_level"(timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_hard_cap_per_hour"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_hard_cap_per_hour"() TO "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp
    WITH time zone, text, boolean, integer)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."create_booking_with_challenge"(text, timestamp WITH time zone, uuid, date, text, text, text, text, text, text, text, timestamp
    WITH time zone, text, boolean, integer)
  TO "postgres", "service_role";

-- rows of public.settings differ:
-- only from the migrations: settings (max_bookings_per_ip_per_day,5,"Højst så mange online-bookinger pr. dag fra samme internetadresse. Derefter bliver besøgende bedt om at ringe.",f)
-- only from the migrations: settings (max_new_bookings_per_hour,12,"Højst så mange nye online-bookinger i alt pr. time. Derefter bliver besøgende bedt om at ringe, og du får én advarsel pr. e-mail.",f)
-- only from the schema: settings (max_bookings_per_ip_per_day,5,"Højst så mange online-bookinger pr. dag fra samme internetadresse (IPv6: samme /64-net; et /56-net må 2 gange så mange, et /48-net 3 gange). Derefter bliver besøgende bedt om at ringe.",f)
-- only from the schema: settings (max_new_bookings_per_hour,12,"Så mange nye online-bookinger i alt pr. time er normalt. Fra halvdelen bliver robottjekket før en booking sværere (3 gange), fra tallet 6 gange; først ved 4 gange tallet bliver besøgende bedt om at ringe, og du får én advarsel pr. e-mail.",f)

-- the owner's descriptions of the two settings say what they do now (rows the schema inserts)
update public.settings
   set description = 'Så mange nye online-bookinger i alt pr. time er normalt. Fra halvdelen bliver robottjekket før en booking sværere (3 gange), fra tallet 6 gange; først ved 4 gange tallet bliver besøgende bedt om at ringe, og du får én advarsel pr. e-mail.'
 where key = 'max_new_bookings_per_hour';
update public.settings
   set description = 'Højst så mange online-bookinger pr. dag fra samme internetadresse (IPv6: samme /64-net; et /56-net må 2 gange så mange, et /48-net 3 gange). Derefter bliver besøgende bedt om at ringe.'
 where key = 'max_bookings_per_ip_per_day';
