-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_address_buckets (
  p_ip text
)
  RETURNS text[]
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  -- null without an address, as client_ip is once retention has removed it
  return nullif(array(select n.bucket from public.booking_address_networks(p_ip) n), '{}');
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
     where b.source = 'online' and b.created_at >= v_today
       and v_net.bucket = any(b.client_networks);
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

COMMENT ON FUNCTION "public"."booking_address_buckets"(text) IS 'The networks a client address counts in (booking_address_networks), as an array: bookings.client_networks, stored with each booking so that the day cap per address compares networks instead of working them out again for every booking of the day.';

COMMENT ON FUNCTION "public"."booking_address_networks"(text) IS 'The networks a client address counts in, each with the factor its limits are multiplied by: an IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) alone as a.b.c.d (factor 1); an IPv6 address as its /64 (1), /56 (2) and /48 (3), written network/len. No rows without an address (null or empty); text that is no address counts as itself (factor 1). The one place that groups addresses: the hourly attempt limits (booking_rate_limit_hit, booking_invalid_hit) use it, and the day cap per address (booking_cap_reached) reads it off each booking (bookings.client_networks).';

REVOKE ALL ON FUNCTION "public"."booking_address_buckets"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_address_buckets"(text) TO "postgres", "service_role";

ALTER TABLE "public"."bookings"
  ADD COLUMN "client_networks" text[] GENERATED ALWAYS AS (public.booking_address_buckets(client_ip)) STORED;

COMMENT ON COLUMN "public"."bookings"."client_networks" IS 'Teknisk: de netværk, IP-adressen tæller i mod misbrug (udregnes af client_ip og slettes med den).';
