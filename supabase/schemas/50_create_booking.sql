-- Creating a booking online: one transaction that checks everything again, takes a bay and queues
-- the two e-mails, behind a proof of work and the caps that keep one machine from filling the week.
--
-- Rules that live here:
-- - one ALTCHA solution gives at most one attempt: its signature is marked used in the booking's
--   transaction, so the same solution sent twice at once waits and is refused;
-- - an idempotency key is bound to its request (a fingerprint of what the visitor chose and typed):
--   a repeat returns the first booking, the same key with another booking is refused;
-- - a refused choice (package, day, time) counts against the client address only, in its own
--   bucket, never against the e-mail address or phone it names;
-- - every attempt that reaches the database counts against the hourly limits per address and per
--   e-mail address, except an idempotent replay;
-- - a request without a usable client address (the platform's header did not arrive) never lands
--   in a shared address bucket: it counts against the per-contact and hourly caps only, and the
--   owner hears of it once a day, so one missing header cannot stop every visitor after 5 bookings;
-- - a client address counts in the networks one holder gets (booking_address_networks, the one
--   place that knows them): an IPv4 address alone (IPv4-mapped IPv6 too), an IPv6 address as its
--   /64, /56 and /48, each wider one with a proportionally larger limit; so a fresh IPv6 address
--   per request is no fresh bucket;
-- - the shop-wide hourly number (max_new_bookings_per_hour) does not close booking for everyone:
--   from half of it the proof of work costs more (booking_challenge_cost), and a challenge that is
--   too cheap for the current pressure is refused at submit; only at four times the number is
--   online booking closed ("busy"), the last resort against an attacker with many networks;
-- - the caps (site per hour, address per day, open bookings per contact, confirmations per
--   recipient per day) are counted under one advisory lock, so simultaneous requests cannot slip
--   past them; the first refusal of a busy burst alerts the owner once;
-- - the bay is settled by the exclusion constraint (40_slots.sql): a lost race tries the next free
--   bay and answers conflict when none is left.

-- the proof of work's used challenges -------------------------------------------------------------

create table public.booking_challenge_uses (
  signature text not null,
  expires_at timestamptz not null,
  constraint booking_challenge_uses_pkey primary key (signature),
  constraint booking_challenge_uses_signature_check check (signature ~ '^[0-9a-f]{64}$')
);

-- retention deletes the expired ones
create index booking_challenge_uses_expires_at_idx on public.booking_challenge_uses (expires_at);

comment on table public.booking_challenge_uses is
  'Brugte sikkerhedstjek (ALTCHA) fra bookingformularen. Hvert tjek kan kun bruges til én booking; rækkerne slettes automatisk, når tjekket er udløbet.';
comment on column public.booking_challenge_uses.signature is
  'Sikkerhedstjekkets signatur (HMAC-SHA-256, hex).';
comment on column public.booking_challenge_uses.expires_at is
  'Hvornår sikkerhedstjekket udløber; derefter slettes rækken.';

alter table public.booking_challenge_uses enable row level security;
-- no policy and no grant for anon or authenticated

-- rate limits and caps ----------------------------------------------------------------------------

create table public.booking_rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  constraint booking_rate_limits_pkey primary key (bucket, window_start)
);

-- old windows are deleted as new ones are written, and by retention
create index booking_rate_limits_window_start_idx on public.booking_rate_limits (window_start);

comment on table public.booking_rate_limits is
  'Teknisk: antal bookingforsøg pr. IP-adresse (ip:...) og pr. e-mailadresse (email:...) pr. time. Gamle rækker slettes automatisk.';
comment on column public.booking_rate_limits.bucket is 'ip:<adresse> eller email:<adresse>.';
comment on column public.booking_rate_limits.window_start is 'Starten af den time, der tælles.';
comment on column public.booking_rate_limits.hits is 'Forsøg i den time.';

alter table public.booking_rate_limits enable row level security;
-- no policy and no grant for anon or authenticated

create function public.booking_rate_limit_hit(
  p_ip text,
  p_email text,
  p_now timestamptz default now()
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_rate_limit_hit(text, text, timestamptz) is
  'Counts one booking attempt for the IP and the e-mail address; true when either went over its hourly limit (settings rate_limit_per_ip_per_hour, default 20, and rate_limit_per_email_per_hour, default 5). The IP counts in each of its networks (booking_address_networks: IPv6 as /64, /56, /48), each with the limit times its factor. Without an IP (null or empty) only the e-mail address is counted.';

revoke all on function public.booking_rate_limit_hit(text, text, timestamptz)
  from public, anon, authenticated;

create function public.booking_invalid_hit(p_ip text, p_now timestamptz default now())
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_invalid_hit(text, timestamptz) is
  'Counts one refused choice (package, day or time) or refused contact field for the address, in each of its networks (booking_address_networks), apart from its e-mail address; true when one is over rate_limit_invalid_per_ip_per_hour times its factor. Without an address (null or empty) nothing is counted: false.';

revoke all on function public.booking_invalid_hit(text, timestamptz)
  from public, anon, authenticated;

create function public.booking_caps_lock_key()
returns bigint
language sql
immutable
security definer
set search_path = ''
as $$
  select 7243120012::bigint;
$$;

comment on function public.booking_caps_lock_key() is
  'The advisory lock create_booking holds while it counts the caps and inserts.';

revoke all on function public.booking_caps_lock_key() from public, anon, authenticated;

create function public.booking_hard_cap_per_hour()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select 4 * public.booking_setting('max_new_bookings_per_hour', 12);
$$;

comment on function public.booking_hard_cap_per_hour() is
  'Online bookings in the last hour at which online booking closes for everyone (busy): four times max_new_bookings_per_hour. Below it a burst only makes the proof of work costlier (booking_challenge_level).';

revoke all on function public.booking_hard_cap_per_hour() from public, anon, authenticated;

create function public.booking_challenge_level(p_now timestamptz default now())
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when n.count >= n.soft then 2
    when 2 * n.count >= n.soft then 1
    else 0
  end
  from (select count(*) count, public.booking_setting('max_new_bookings_per_hour', 12) soft
          from public.bookings b
         where b.source = 'online' and b.created_at > p_now - interval '1 hour') n;
$$;

comment on function public.booking_challenge_level(timestamptz) is
  'How hard booking is now: 0 normally, 1 from half of max_new_bookings_per_hour online bookings in the last hour, 2 from the whole number.';

revoke all on function public.booking_challenge_level(timestamptz) from public, anon, authenticated;

create function public.booking_challenge_cost_at(p_level integer)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  -- x1, x3, x6: at level 2 a solve takes a few seconds on a laptop and well under the widget's
  -- 90-second limit on an old phone (the form waits with "Venter på robottjekket..."), so an
  -- attacker pays six times for every booking while visitors still book
  select least(1000000, public.booking_setting('booking_challenge_cost', 5000)
                        * (array[1, 3, 6])[greatest(0, least(p_level, 2)) + 1]);
$$;

comment on function public.booking_challenge_cost_at(integer) is
  'The proof of work''s cost (PBKDF2 iterations, ALTCHA) at a level of booking_challenge_level: booking_challenge_cost times 1, 3 or 6, at most 1000000.';

revoke all on function public.booking_challenge_cost_at(integer) from public, anon, authenticated;

create function public.booking_challenge_cost(p_now timestamptz default now())
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_challenge_cost_at(public.booking_challenge_level(p_now));
$$;

comment on function public.booking_challenge_cost(timestamptz) is
  'The cost of a challenge booking-challenge issues now: booking_challenge_cost_at(booking_challenge_level(p_now)). A submit needs at least the cost of one level lower (create_booking_with_challenge), so a visitor who fetched the challenge just before a step up still books.';

revoke all on function public.booking_challenge_cost(timestamptz) from public, anon, authenticated;
-- booking-challenge reads it with the secret key
grant execute on function public.booking_challenge_cost(timestamptz) to service_role;

create function public.booking_cap_reached(
  p_ip text,
  p_email text,
  p_phone text,
  p_now timestamptz default now()
)
returns text
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_cap_reached(text, text, text, timestamptz) is
  'Which cap a new online booking would pass (busy: booking_hard_cap_per_hour() online bookings in the last hour; address_cap: max_bookings_per_ip_per_day times the factor in any network of the IP, booking_address_networks; contact_cap), or null; without an IP (null or empty) the address cap is not counted. Call it holding booking_caps_lock_key(): it counts, and queues the owner''s alert at the start of a busy burst.';

revoke all on function public.booking_cap_reached(text, text, text, timestamptz)
  from public, anon, authenticated;

create function public.booking_unknown_address_alert(p_now timestamptz default now())
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_unknown_address_alert(timestamptz) is
  'Queues the owner''s alert that online bookings arrive without a usable client address (kind owner_notification, payload.alert no_client_address): at most one a Copenhagen day (idempotency key owner_alert:no_client_address:<day>). Called by create_booking for such a request; the alert names the setting to check (CLIENT_IP_HEADER).';

revoke all on function public.booking_unknown_address_alert(timestamptz)
  from public, anon, authenticated;

-- the booking -------------------------------------------------------------------------------------

create function public.booking_request_hash(p_request public.booking_request)
returns text
language plpgsql
immutable
security definer
set search_path = ''
as $$
begin
  -- the whole record, so a new field is in the fingerprint without anyone listing it; the e-mail
  -- address in one case, the phone as the number it is (phone_e164) and the plate as it is stored
  return encode(sha256(convert_to((to_jsonb(p_request) || jsonb_build_object(
    'customer_email', lower(p_request.customer_email),
    'customer_phone', coalesce(public.phone_e164(p_request.customer_phone),
                               btrim(coalesce(p_request.customer_phone, ''))),
    'car_plate', public.car_plate_normalised(p_request.car_plate)))::text, 'UTF8')), 'hex');
end;
$$;

comment on function public.booking_request_hash(public.booking_request) is
  'Fingerprint of a booking request, the whole record (the e-mail address lower case, the phone as phone_e164, the plate as car_plate_normalised), to bind an idempotency key to it.';

revoke all on function public.booking_request_hash(public.booking_request)
  from public, anon, authenticated;

create function public.booking_result(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'status', 'created',
    'reference', p_booking.reference,
    'service', jsonb_build_object('id', p_booking.service_id, 'name', p_booking.service_name),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at),
    -- what the e-mails will say it costs: the confirmation on the page shows the same total
    'price', p_booking.price,
    'job', public.booking_job_summary(p_booking)
  );
$$;

comment on function public.booking_result(public.bookings) is
  'The answer the create-booking edge function gives for a booking (and move_booking for a move): reference, package, drop-off, ready time, the total price and the job as booked (booking_job_summary), as the e-mails show them.';

revoke all on function public.booking_result(public.bookings) from public, anon, authenticated;

-- a Danish plate (two letters, five digits) is written the one way it is printed, "AB 12 345",
-- however it was typed; any other plate (a foreign one, a personal plate) is kept as typed
create function public.car_plate_normalised(p_plate text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return case
    when upper(regexp_replace(coalesce(p_plate, ''), '[[:space:]-]', '', 'g')) ~ '^[A-Z]{2}[0-9]{5}$' then
      regexp_replace(upper(regexp_replace(p_plate, '[[:space:]-]', '', 'g')),
                     '^([A-Z]{2})([0-9]{2})([0-9]{3})$', '\1 \2 \3')
    else btrim(coalesce(p_plate, ''))
  end;
end;
$$;

comment on function public.car_plate_normalised(text) is
  'A car plate as stored: a Danish plate (two letters and five digits, typed with or without spaces or hyphens, in any case) as "AB 12 345"; any other plate trimmed and otherwise as typed.';

revoke all on function public.car_plate_normalised(text) from public, anon, authenticated;

-- what the visitor typed: checked here, so no value reaches a table check as an error (a refusal
-- is an answer, the proof of work and the counters stay used) --------------------------------------

create function public.text_has_link(p_text text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- a scheme (any "://"), "www.", an e-mail address ("@"), a domain (a letter or digit, a dot, a
  -- common top-level domain; fullwidth and ideographic dots count), an IP address or a punycode
  -- label; the same pattern as LINK_PATTERN in supabase/functions/_shared/validation.ts (a test
  -- runs one table of inputs through both)
  select coalesce(p_text, '') ~* '://|www[.．。｡]|@|＠|xn--|[0-9]{1,3}[.][0-9]{1,3}[.][0-9]{1,3}[.][0-9]{1,3}|[a-z0-9][.．。｡](com|net|org|info|biz|dk|de|se|no|fi|is|fo|gl|eu|uk|nl|be|fr|es|it|pt|pl|ch|at|cz|sk|hu|ro|bg|gr|ee|lv|lt|ru|ua|by|cn|jp|kr|in|br|us|ca|au|nz|io|co|me|tv|cc|ws|to|ly|ai|gg|vc|sh|app|dev|page|site|online|shop|store|xyz|top|link|click|live|life|today|news|club|vip|win|bid|icu|cyou|buzz|sbs|rest|fun|space|website|tech|pro|mobi|name|email|one|zip|mov|tk|ml|ga|cf|gq)(?![a-z0-9])';
$$;

comment on function public.text_has_link(text) is
  'Whether a text carries a link, a web address or an e-mail address (http://, www., @, evil.example.com, 10.0.0.1); "J. Hansen" and "Anne-Marie O''Brien" do not. A customer''s name greets him in every e-mail sent from the workshop''s domain, so a name must not carry one.';

revoke all on function public.text_has_link(text) from public, anon, authenticated;

create function public.booking_customer_refusal(p_request public.booking_request)
returns jsonb
language sql
immutable
set search_path = ''
as $$
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
$$;

comment on function public.booking_customer_refusal(public.booking_request) is
  'What is wrong with the contact fields of an online booking request, as {field, reason?} (field customerName, customerEmail, customerPhone, notes or carPlate; reason link for a name with a link), or null when the table would take them. create_booking answers {status: invalid, ...} with it.';

revoke all on function public.booking_customer_refusal(public.booking_request)
  from public, anon, authenticated;

create function public.create_booking(
  p_request public.booking_request,
  p_idempotency_key text default null,
  p_client_ip text default null,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
set jit = off
as $$
declare
  v_existing public.bookings;
  v_job jsonb;
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
  -- the job's price and length are the owner's (booking_job), never a total from the browser
  v_job := public.booking_job(v_request.service_id, v_request.car_size, v_request.addon_ids);
  if v_job ? 'error' then
    v_invalid := v_job ->> 'error';
  else
    -- the asked time if the rules offer it, else any offered time (the day is bookable) or none
    select * into v_candidate
      from public.booking_candidates(v_request.service_id, v_request.booking_date, p_now, false,
                                     (v_job ->> 'minutes')::integer) c
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
      p_job => v_job,
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
$$;

comment on function public.create_booking(public.booking_request, text, text, timestamptz) is
  'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request, booking_request_hash), the job (booking_job: package, car size, add-ons; its price and minutes are the owner''s, refused as field serviceId, carSize or addonIds), date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. The contact fields are checked first (booking_customer_refusal; a check violation of the insert is caught the same way): refused as {status: invalid, field, reason?} in this transaction, never as an error. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). A job over several days from a contact with a no-show in the last 12 months is refused (no_show_call) while the setting no_show_requires_call is 1. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap|no_show_call, ...}. Called by create_booking_with_challenge.';

revoke all on function public.create_booking(public.booking_request, text, text, timestamptz)
  from public, anon, authenticated;

create function public.create_booking_with_challenge(
  p_challenge text,
  p_challenge_expires_at timestamptz,
  p_request public.booking_request,
  p_idempotency_key text default null,
  p_client_ip text default null,
  p_now timestamptz default now(),
  p_challenge_cost integer default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.create_booking_with_challenge(
  text, timestamptz, public.booking_request, text, text, timestamptz, integer
) is
  'create_booking() behind a verified ALTCHA challenge: marks the challenge (its signature) used in the same transaction, so one solution gives at most one booking even when sent twice at once. p_challenge_cost is the cost signed into the challenge: while booking_challenge_level is above 0 it must be at least booking_challenge_cost_at(level - 1), else {status: challenge_too_easy} and the challenge stays unused (a replay of a booking made with it is answered as before). Returns create_booking''s answer, or {status: challenge_invalid|challenge_expired|challenge_too_easy|challenge_used}. A repeated submit with the same idempotency key gets create_booking''s replay. Called by the create-booking edge function after it verified the solution.';

revoke all on function public.create_booking_with_challenge(
  text, timestamptz, public.booking_request, text, text, timestamptz, integer
) from public, anon, authenticated;
-- the create-booking edge function calls it with the secret key, after it verified the solution
grant execute on function public.create_booking_with_challenge(
  text, timestamptz, public.booking_request, text, text, timestamptz, integer
) to service_role;
