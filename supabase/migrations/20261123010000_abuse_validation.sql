-- Abuse hardening, part 1: input the function already refuses is refused by the table too, and an
-- idempotency key is bound to the request it was first used with.
--
-- bookings.customer_phone   stored normalised (no spaces, e.g. +4512345678) by a trigger, so the
--                           owner may still type spaces in the dashboard; the check is the same
--                           rule as the function's: optional +45 and 8-15 digits (or '' once
--                           anonymised). The old 30-character check let a 33-character phone
--                           through the function and fail the insert with a 500.
-- bookings.idempotency_hash SHA-256 of the request a key was first used with; the same key with
--                           another request is refused (status idempotency_mismatch -> 422).
--                           Cleared with the key (retention), as it is derived from personal data.
-- closed_dates, open_dates  anon and authenticated read only the day, not the internal reason.
-- sequences                 no identity sequence of public is usable by anon or authenticated
--                           (hosted Supabase grants them by default).

-- phone: normalised, and the same limit as the function -------------------------------------------

create function public.bookings_normalise_phone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.customer_phone := regexp_replace(new.customer_phone, '\s', '', 'g');
  return new;
end;
$$;

comment on function public.bookings_normalise_phone() is 'Trigger function: stores a booking''s phone number without spaces.';

create trigger bookings_normalise_phone
  before insert or update of customer_phone on public.bookings
  for each row execute function public.bookings_normalise_phone();

update public.bookings set customer_phone = regexp_replace(customer_phone, '\s', '', 'g')
 where customer_phone ~ '\s';

do $$
declare
  v_name text;
begin
  for v_name in
    select c.conname from pg_catalog.pg_constraint c
     where c.conrelid = 'public.bookings'::regclass and c.contype = 'c'
       and pg_catalog.pg_get_constraintdef(c.oid) like '%customer_phone%'
  loop
    execute format('alter table public.bookings drop constraint %I', v_name);
  end loop;
end;
$$;

alter table public.bookings add constraint bookings_customer_phone_format
  check (customer_phone ~ '^(\+45)?[0-9]{8,15}$' or (customer_phone = '' and anonymised_at is not null));

comment on column public.bookings.customer_phone is 'Customer''s phone number, stored without spaces: 8-15 digits, optionally after +45.';

-- idempotency bound to the request ----------------------------------------------------------------

alter table public.bookings add column idempotency_hash text
  check (idempotency_hash ~ '^[0-9a-f]{64}$');

comment on column public.bookings.idempotency_hash is 'Fingerprint (SHA-256) of the booking request the idempotency key was first used with. Cleared together with the key.';

create function public.bookings_clear_idempotency_hash()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.idempotency_key is null then
    new.idempotency_hash := null;
  end if;
  return new;
end;
$$;

comment on function public.bookings_clear_idempotency_hash() is 'Trigger function: a booking without idempotency key keeps no request fingerprint.';

create trigger bookings_clear_idempotency_hash
  before insert or update on public.bookings
  for each row execute function public.bookings_clear_idempotency_hash();

create function public.booking_request_hash(
  p_service_id uuid, p_date date, p_time text, p_name text, p_email text, p_phone text, p_notes text
)
returns text
language sql
immutable
security definer
set search_path = ''
as $$
  select encode(sha256(convert_to(jsonb_build_array(
    p_service_id, p_date, p_time, p_name, lower(p_email),
    regexp_replace(coalesce(p_phone, ''), '\s', '', 'g'), coalesce(p_notes, ''))::text, 'UTF8')), 'hex');
$$;

comment on function public.booking_request_hash(uuid, date, text, text, text, text, text) is 'Fingerprint of a booking request (what the visitor chose and typed), to bind an idempotency key to it.';

-- create_booking: the idempotency key is bound to the request -----------------------------------

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

  if public.booking_rate_limit_hit(p_client_ip, p_customer_email, p_now) then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  select * into v_service from public.services s where s.id = p_service_id and s.is_active;
  if not found then
    return jsonb_build_object('status', 'invalid', 'field', 'serviceId');
  end if;

  -- the asked time if the rules offer it, else any offered time (the day is bookable) or none
  select * into v_candidate from public.booking_candidates(p_service_id, p_date, p_now) c
   order by c.slot = p_time desc
   limit 1;
  if not found then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
  end if;
  if v_candidate.slot is distinct from p_time then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
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
        idempotency_key, idempotency_hash, client_ip
      ) values (
        v_id, v_service.id, v_service.name, v_service.duration_minutes, v_service.price, p_date,
        p_time::time, v_candidate.drop_off_at, v_candidate.ready_at, p_customer_name,
        p_customer_email, p_customer_phone, coalesce(p_notes, ''), p_idempotency_key,
        case when p_idempotency_key is not null then v_hash end, p_client_ip
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

comment on function public.create_booking(uuid, date, text, text, text, text, text, text, text, timestamptz) is 'Checks and books a drop-off time in one transaction: idempotency, rate limits, package, date window, slot, free bay (the exclusion constraint settles races), then queues the two e-mails. An idempotency key already used for another request gives idempotency_mismatch. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch, ...}. Called by the create-booking edge function.';


revoke execute on function
  public.bookings_normalise_phone(),
  public.bookings_clear_idempotency_hash(),
  public.booking_request_hash(uuid, date, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function
  public.booking_request_hash(uuid, date, text, text, text, text, text)
  to service_role;

-- closed_dates and open_dates: the day only ---------------------------------------------------------

revoke select on public.closed_dates, public.open_dates from anon, authenticated;
grant select (day) on public.closed_dates, public.open_dates to anon, authenticated;

comment on column public.closed_dates.reason is 'Why the workshop is closed (internal note, not shown on the website).';
comment on column public.open_dates.reason is 'Why the day is open (internal note, not shown on the website).';

-- sequences: nothing for the API roles -------------------------------------------------------------

do $$
declare
  v_seq text;
begin
  for v_seq in
    select format('%I.%I', n.nspname, c.relname) from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname = 'public'
  loop
    execute format('revoke all on sequence %s from anon, authenticated', v_seq);
  end loop;
end;
$$;

alter default privileges in schema public revoke all on sequences from anon, authenticated;
