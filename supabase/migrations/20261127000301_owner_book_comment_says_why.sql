-- owner_book's comment on the confirmation's link token names the reason (bookings keeps only the
-- token's hash) instead of a migration that was squashed into the baseline and no longer exists.
-- Nothing else changes: the code is the same, and create or replace keeps the function's comment
-- and grants.

create or replace function public.owner_book(
  p_package text,
  p_drop_off timestamp,
  p_customer_name text,
  p_customer_phone text,
  p_customer_email text default null,
  p_notes text default null,
  p_now timestamptz default now()
)
returns public.bookings
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
set jit = off
as $$
declare
  v_service public.services;
  v_name text := trim(coalesce(p_customer_name, ''));
  v_phone text := trim(coalesce(p_customer_phone, ''));
  v_email text := trim(coalesce(p_customer_email, ''));
  v_notes text := coalesce(p_notes, '');
  v_drop_off timestamp;
  v_blocked tstzrange[];
  v_booking public.bookings;
begin
  if p_package is null or trim(p_package) = '' then
    raise exception 'Skriv pakkens navn i package, f.eks. Guldpakken (se services).'
      using errcode = 'not_null_violation';
  end if;
  select * into v_service from public.services s where lower(s.name) = lower(trim(p_package));
  if not found then
    raise exception 'Pakken "%" findes ikke. Skriv navnet som i services, f.eks. Guldpakken.', trim(p_package)
      using errcode = 'invalid_parameter_value';
  end if;
  if not v_service.is_active then
    raise exception 'Pakken "%" er slået fra (is_active = false i services) og kan ikke bookes.', v_service.name
      using errcode = 'invalid_parameter_value';
  end if;
  v_drop_off := public.owner_drop_off(p_drop_off,
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 2026-12-01 09:00.');
  perform public.owner_check_customer(v_name, v_phone, v_email, v_notes);
  v_blocked := public.owner_plan(v_service.duration_minutes, v_drop_off, p_now);

  v_booking := public.booking_insert(
    gen_random_uuid(), v_service, v_drop_off, v_drop_off at time zone 'Europe/Copenhagen',
    upper(v_blocked[array_length(v_blocked, 1)])
      - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
    v_blocked, v_name, v_email, v_phone, v_notes, 'owner', null, null, null, now());
  if v_booking.id is null then
    raise exception '%', public.owner_taken_message(v_blocked) using errcode = 'exclusion_violation';
  end if;

  if v_booking.customer_email <> '' and public.owner_send_email() then
    -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
    -- (bookings keeps only its hash, so the token cannot be read back from the booking)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
    values (v_booking.id, 'booking_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking) || jsonb_build_object('cancelToken', null),
            'booking_confirmation:' || v_booking.id);
  end if;
  return v_booking;
end;
$$;
