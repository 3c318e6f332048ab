-- Abuse hardening, part 2: caps that hold from many addresses, and no open e-mail relay.
--
-- Settings (service_role may change them; anon cannot read them, is_public = false):
--   max_new_bookings_per_hour             12  online bookings in the last hour, whole site; past it
--                                             visitors are asked to call, and the owner gets one
--                                             alert e-mail per burst (a burst ends after an hour
--                                             without refusals)
--   max_bookings_per_ip_per_day            5  accepted online bookings from one client address per
--                                             Copenhagen day (mobile carriers put many phones
--                                             behind one address: the refusal gives the phone)
--   max_open_bookings_per_contact          2  future confirmed bookings per e-mail address and per
--                                             phone number
--   max_booking_emails_per_recipient_per_day 3 booking confirmations one address receives a day
--   rate_limit_invalid_per_ip_per_hour    30  refused choices (package, day, time) per address and
--                                             hour, counted apart from the e-mail address
-- Every cap is counted in create_booking's transaction under one advisory lock: two simultaneous
-- requests are counted one after the other, so a race cannot pass a cap. Only online bookings
-- (bookings.source = 'online') count; the owner's own bookings never do.
-- Bookings made through create_booking get created_at = p_now, so the caps count on one clock. The
-- counts have no upper time bound: p_now is when a transaction started, and a request that waited
-- for the lock must still see the bookings committed meanwhile (stamped later than its own p_now).

insert into public.settings (key, value, description, is_public) values
  ('max_new_bookings_per_hour', '12', 'Højst så mange nye online-bookinger i alt pr. time. Derefter bliver besøgende bedt om at ringe, og du får én advarsel pr. e-mail.', false),
  ('max_bookings_per_ip_per_day', '5', 'Højst så mange online-bookinger pr. dag fra samme internetadresse. Derefter bliver besøgende bedt om at ringe.', false),
  ('max_open_bookings_per_contact', '2', 'Højst så mange kommende bookinger pr. e-mailadresse og pr. telefonnummer, der kan laves online.', false),
  ('max_booking_emails_per_recipient_per_day', '3', 'Højst så mange bookingbekræftelser pr. dag til samme e-mailadresse.', false),
  ('rate_limit_invalid_per_ip_per_hour', '30', 'Højst så mange afviste bookingforsøg (ugyldig pakke, dag eller tid) pr. time fra samme internetadresse.', false)
on conflict (key) do nothing;

create index if not exists bookings_client_ip_created_at_idx on public.bookings (client_ip, created_at);
create index if not exists bookings_customer_phone_idx on public.bookings (customer_phone);
create index if not exists bookings_created_at_idx on public.bookings (created_at);

create function public.booking_caps_lock_key()
returns bigint
language sql
immutable
security definer
set search_path = ''
as $$
  select 7243120012::bigint;
$$;

comment on function public.booking_caps_lock_key() is 'The advisory lock create_booking holds while it counts the caps and inserts.';

create function public.booking_invalid_hit(p_ip text, p_now timestamptz default now())
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hits integer;
begin
  insert into public.booking_rate_limits as r (bucket, window_start, hits)
  values ('invalid:' || coalesce(nullif(p_ip, ''), 'unknown'), date_trunc('hour', p_now), 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning hits into v_hits;
  return v_hits > public.booking_setting('rate_limit_invalid_per_ip_per_hour', 30);
end;
$$;

comment on function public.booking_invalid_hit(text, timestamptz) is 'Counts one refused choice (package, day or time) for the address, apart from its e-mail address; true when over rate_limit_invalid_per_ip_per_hour.';

create function public.booking_cap_reached(
  p_ip text, p_email text, p_phone text, p_now timestamptz default now()
)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
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

  -- one client address: accepted online bookings this Copenhagen day
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and b.client_ip is not distinct from nullif(p_ip, '')
     and b.created_at >= v_today;
  if v_count >= public.booking_setting('max_bookings_per_ip_per_day', 5) then
    return 'address_cap';
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
$$;

comment on function public.booking_cap_reached(text, text, text, timestamptz) is 'Which cap a new online booking would pass (busy, address_cap, contact_cap), or null. Call it holding booking_caps_lock_key(): it counts, and queues the owner''s alert at the start of a busy burst.';

-- create_booking: choices checked first, then rate limits and caps under the lock -------------

create or replace function public.create_booking(
  p_service_id uuid,
  p_date date,
  p_time text,
  p_customer_name text,
  p_customer_email text,
  p_customer_phone text,
  p_notes text default '',
  p_idempotency_key text default null,
  p_client_ip text default null,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
-- the statements here and in the functions it calls are planned once per connection, not per call,
-- and never JIT-compiled (compiling costs more than these small queries take)
set plan_cache_mode = force_generic_plan
set jit = off
as $$
declare
  v_existing public.bookings;
  v_service public.services;
  v_candidate record;
  v_bay smallint;
  v_booking public.bookings;
  v_id uuid := gen_random_uuid();
  v_constraint text;
  v_tries integer := 0;
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

  loop
    v_bay := public.booking_free_bay(v_candidate.blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return jsonb_build_object('status', 'conflict');
    end if;
    begin
      insert into public.bookings (
        id, service_id, service_name, duration_minutes, price, booking_date, booking_time,
        drop_off_at, ready_at, customer_name, customer_email, customer_phone, notes,
        idempotency_key, idempotency_hash, client_ip, created_at
      ) values (
        v_id, v_service.id, v_service.name, v_service.duration_minutes, v_service.price, p_date,
        p_time::time, v_candidate.drop_off_at, v_candidate.ready_at, p_customer_name,
        p_customer_email, p_customer_phone, coalesce(p_notes, ''), p_idempotency_key,
        case when p_idempotency_key is not null then v_hash end, p_client_ip, p_now
      )
      returning * into v_booking;
      insert into public.booking_work_periods (booking_id, bay, period)
      select v_id, v_bay, r from unnest(v_candidate.blocked) r;
      exit;
    exception
      when exclusion_violation or deadlock_detected then
        -- another request took this bay meanwhile (now committed): look for another bay
        null;
      when unique_violation then
        get stacked diagnostics v_constraint = constraint_name;
        if v_constraint = 'bookings_idempotency_key_key' then
          -- the same submit raced with itself: return the one that won (if it is the same booking)
          select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
          if v_existing.idempotency_hash is distinct from v_hash then
            return jsonb_build_object('status', 'idempotency_mismatch');
          end if;
          return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
        elsif v_constraint <> 'bookings_reference_key' then
          raise;
        end if;
        -- reference collision: the next try draws a new reference
    end;
  end loop;

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
  values
    (v_booking.id, 'booking_confirmation', v_booking.customer_email,
     jsonb_build_object(
       'reference', v_booking.reference,
       'serviceName', v_booking.service_name,
       'price', v_booking.price,
       'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
       'readyAt', public.copenhagen_iso(v_booking.ready_at),
       'customerName', v_booking.customer_name,
       'cancelToken', v_booking.cancel_token),
     'booking_confirmation:' || v_booking.id),
    (v_booking.id, 'owner_notification', null,
     jsonb_build_object(
       'reference', v_booking.reference,
       'serviceName', v_booking.service_name,
       'price', v_booking.price,
       'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
       'readyAt', public.copenhagen_iso(v_booking.ready_at),
       'customerName', v_booking.customer_name,
       'customerEmail', v_booking.customer_email,
       'customerPhone', v_booking.customer_phone,
       'notes', v_booking.notes),
     'owner_notification:' || v_booking.id);

  return public.booking_result(v_booking);
end;
$$;

comment on function public.create_booking(uuid, date, text, text, text, text, text, text, text, timestamptz) is 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap, ...}. Called by the create-booking edge function.';

revoke execute on function
  public.booking_caps_lock_key(),
  public.booking_invalid_hit(text, timestamptz),
  public.booking_cap_reached(text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.booking_caps_lock_key(),
  public.booking_invalid_hit(text, timestamptz),
  public.booking_cap_reached(text, text, text, timestamptz)
  to service_role;
