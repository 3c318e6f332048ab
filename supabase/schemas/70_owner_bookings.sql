-- The owner's table: owner_bookings, where the owner books, cancels and moves in the dashboard's
-- Table Editor in Danish wall-clock time, and the functions behind it. The owner's view of the
-- week, the calendar feed and reconfirmation are in 75_owner_agenda.sql.
--
-- Rules that live here:
-- - owner_bookings mirrors bookings (one row per booking, Copenhagen local times); an insert books,
--   status aflyst cancels, a new drop_off_local moves, the contact fields may be corrected;
--   the car's states (ankommet, klar, afhentet, udeblevet) and a new ready_local go through
--   booking_set_status and owner_set_ready_time (72_car_status.sql);
--   anything else, and deleting a row, is refused with a Danish message that says what to do;
-- - a booking's job (package, car size, add-ons, price) is shown by name and, when booking, typed by
--   name (the size's name or code, the add-ons' names comma-separated); it is kept as booked: a
--   change of it is refused (cancel and book again);
-- - the owner books today or later, at any minute within opening hours, beyond the online window;
--   a job that fits the day must finish by closing, a longer one continues on the next opening
--   days;
-- - the owner's bookings and changes e-mail the customer only when there is an address and the
--   setting owner_bookings_send_email is on; the owner gets no e-mail of their own changes;
-- - a taken, closed or past time is refused in Danish, naming the day and times.

-- Danish words for the refusals -------------------------------------------------------------------

create function public.owner_day_text(p_day date)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select extract(day from p_day)::int || '. '
      || (array['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september',
                'oktober', 'november', 'december'])[extract(month from p_day)::int]
      || ' ' || extract(year from p_day)::int;
$$;

comment on function public.owner_day_text(date) is
  'A date in Danish words, e.g. 24. november 2026.';

revoke all on function public.owner_day_text(date) from public, anon, authenticated;

create function public.owner_time_text(p_at timestamptz)
returns text
language sql
stable
strict
set search_path = ''
as $$
  select to_char(p_at at time zone 'Europe/Copenhagen', 'HH24:MI');
$$;

comment on function public.owner_time_text(timestamptz) is
  'Copenhagen wall-clock time HH:MI of an instant.';

revoke all on function public.owner_time_text(timestamptz) from public, anon, authenticated;

create function public.owner_taken_message(p_blocked tstzrange[])
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select format('Tiden er optaget: værkstedet har ikke en ledig plads i hele tiden fra %s kl. %s til %s kl. %s. Se owner_agenda og vælg en anden tid.',
    public.owner_day_text((lower(p_blocked[1]) at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(lower(p_blocked[1])),
    public.owner_day_text((upper(p_blocked[array_length(p_blocked, 1)]) at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(upper(p_blocked[array_length(p_blocked, 1)])));
$$;

comment on function public.owner_taken_message(tstzrange[]) is
  'The Danish refusal when the bay time is taken.';

revoke all on function public.owner_taken_message(tstzrange[]) from public, anon, authenticated;

-- checking what the owner typed -------------------------------------------------------------------

create function public.owner_drop_off(p_drop_off timestamp, p_missing text)
returns timestamp
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_drop_off is null then
    raise exception '%', p_missing using errcode = 'not_null_violation';
  end if;
  return date_trunc('minute', p_drop_off);
end;
$$;

comment on function public.owner_drop_off(timestamp, text) is
  'The owner''s drop-off time (Copenhagen local) to the minute; refuses a missing one with the given Danish message (not_null_violation). Used by owner_book and owner_move.';

revoke all on function public.owner_drop_off(timestamp, text) from public, anon, authenticated;

create function public.owner_check_customer(p_request public.booking_request)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if coalesce(p_request.customer_name, '') = '' then
    raise exception 'Skriv kundens navn i customer_name.' using errcode = 'not_null_violation';
  end if;
  if char_length(p_request.customer_name) not between 2 and 100
     or p_request.customer_name ~ '[[:cntrl:]]' then
    raise exception 'Kundens navn skal være mellem 2 og 100 tegn.' using errcode = 'check_violation';
  end if;
  if coalesce(p_request.customer_phone, '') = '' then
    raise exception 'Skriv kundens telefonnummer i customer_phone.' using errcode = 'not_null_violation';
  end if;
  -- the one phone rule and its Danish refusal (05_owner_values.sql)
  perform public.phone_checked(p_request.customer_phone);
  if p_request.customer_email <> '' and (char_length(p_request.customer_email) > 254
      or p_request.customer_email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$') then
    raise exception 'E-mailadressen "%" ser forkert ud. Ret den, eller lad customer_email være tom.', p_request.customer_email
      using errcode = 'check_violation';
  end if;
  if char_length(p_request.notes) > 1000 then
    raise exception 'Bemærkninger må højst være 1000 tegn.' using errcode = 'check_violation';
  end if;
  if char_length(p_request.car_plate) > 20 or p_request.car_plate ~ '[[:cntrl:]]' then
    raise exception 'Nummerpladen må højst være 20 tegn.' using errcode = 'check_violation';
  end if;
end;
$$;

comment on function public.owner_check_customer(public.booking_request) is
  'Refuses a malformed name, phone, e-mail, notes or car plate of an owner booking with a Danish message.';

revoke all on function public.owner_check_customer(public.booking_request)
  from public, anon, authenticated;

create function public.owner_plan(
  p_minutes integer,
  p_drop_off timestamp,
  p_now timestamptz default now()
)
returns tstzrange[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_day date := p_drop_off::date;
  v_start timestamptz := p_drop_off at time zone 'Europe/Copenhagen';
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_open timestamptz;
  v_close timestamptz;
  v_work tstzrange[];
  v_last integer;
  v_job interval := make_interval(mins => p_minutes);
begin
  if v_day < v_today then
    raise exception 'Datoen % er overstået. Vælg i dag eller en senere dag.', public.owner_day_text(v_day)
      using errcode = 'invalid_parameter_value';
  end if;
  select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(v_day) h;
  if v_open is null then
    raise exception 'Der er lukket den % (lukkedag, helligdag eller lukket ugedag). Vælg en anden dag, eller åbn dagen i open_dates.', public.owner_day_text(v_day)
      using errcode = 'invalid_parameter_value';
  end if;
  if v_start < v_open or v_start >= v_close then
    raise exception 'Den % er der åbent %-%. Vælg et afleveringstidspunkt inden for åbningstiden.',
      public.owner_day_text(v_day), public.owner_time_text(v_open), public.owner_time_text(v_close)
      using errcode = 'invalid_parameter_value';
  end if;
  -- a job that fits in the day must be done by closing time, as online; a longer one continues on
  -- the next opening days
  if v_job <= v_close - v_open and v_start + v_job > v_close then
    raise exception 'Jobbet tager % og kan ikke blive færdigt inden lukketid kl. % den %. Vælg et tidligere tidspunkt.',
      case when p_minutes < 90 then p_minutes || ' min' else round(p_minutes / 60.0) || ' timer' end,
      public.owner_time_text(v_close), public.owner_day_text(v_day)
      using errcode = 'invalid_parameter_value';
  end if;
  v_work := public.booking_job_periods(v_start, p_minutes);
  if v_work is null then
    raise exception 'Jobbet kan ikke planlægges: der er ikke åbent nok det næste år.'
      using errcode = 'invalid_parameter_value';
  end if;
  v_last := array_length(v_work, 1);
  v_work[v_last] := tstzrange(lower(v_work[v_last]),
    upper(v_work[v_last]) + make_interval(mins => public.booking_setting('buffer_minutes', 0)), '[)');
  return v_work;
end;
$$;

comment on function public.owner_plan(integer, timestamp, timestamptz) is
  'The bay time (work periods, the last one with buffer) of a job of p_minutes dropped off at a Copenhagen wall-clock time, or a Danish exception when that time is over, closed or the job cannot finish by closing.';

revoke all on function public.owner_plan(integer, timestamp, timestamptz)
  from public, anon, authenticated;

-- booking, cancelling and moving as the owner -----------------------------------------------------

create function public.owner_booking_payload(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_summary(p_booking) || jsonb_build_object('customerName', p_booking.customer_name);
$$;

comment on function public.owner_booking_payload(public.bookings) is
  'The e-mail template data of a booking (as create_booking and cancel_booking build it).';

revoke all on function public.owner_booking_payload(public.bookings)
  from public, anon, authenticated;

create function public.owner_car_size_code(p_text text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_code text;
begin
  -- nothing typed is the ordinary car, as the booking form's default
  if p_text is null or btrim(p_text) = '' then
    return public.car_size_standard();
  end if;
  -- the name the owner sees, or the code he types in service_size_prices; a code wins over a
  -- name that happens to read the same
  select c.code into v_code
    from public.car_sizes c
   where c.code = lower(btrim(p_text)) or lower(c.name) = lower(btrim(p_text))
   order by c.code = lower(btrim(p_text)) desc
   limit 1;
  if v_code is null then
    raise exception 'Størrelsen "%" findes ikke. Skriv navnet eller koden som i car_sizes, f.eks. %, eller lad car_size være tom for %.',
      left(btrim(p_text), 60),
      coalesce((select string_agg(c.code, ' eller ' order by c.sort_order, c.code)
                  from public.car_sizes c where c.is_active and not c.is_standard), 'stor-bil'),
      coalesce((select lower(c.name) from public.car_sizes c where c.is_standard), 'almindelig personbil')
      using errcode = 'invalid_parameter_value';
  end if;
  return v_code;
end;
$$;

comment on function public.owner_car_size_code(text) is
  'The car size the owner typed in owner_bookings.car_size (its name or its code, any case; empty: the standard size) as its code, or a Danish exception naming the sizes there are. Whether the package can be booked for it is owner_job''s question.';

revoke all on function public.owner_car_size_code(text) from public, anon, authenticated;

create function public.owner_addon_ids(p_text text)
returns uuid[]
language plpgsql
stable
set search_path = ''
as $$
declare
  v_name text;
  v_id uuid;
  v_ids uuid[] := '{}';
begin
  -- names as in addons, separated by commas, any case; empty: no add-ons
  foreach v_name in array coalesce(string_to_array(p_text, ','), '{}') loop
    v_name := btrim(v_name);
    continue when v_name = '';
    select a.id into v_id from public.addons a where lower(a.name) = lower(v_name);
    if not found then
      raise exception 'Tilvalget "%" findes ikke. Skriv tilvalgenes navne som i addons, adskilt af komma, f.eks. Motorvask, Ozonbehandling, eller lad addons være tom.',
        left(v_name, 60)
        using errcode = 'invalid_parameter_value';
    end if;
    v_ids := v_ids || v_id;
  end loop;
  return v_ids;
end;
$$;

comment on function public.owner_addon_ids(text) is
  'The add-ons the owner typed in owner_bookings.addons (names as in addons, comma-separated, any case; empty: none) as their ids, in the order typed, or a Danish exception naming the one that does not exist. Whether they can be booked with the package is owner_job''s question.';

revoke all on function public.owner_addon_ids(text) from public, anon, authenticated;

create function public.owner_sizes_of(p_service_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  -- the standard size is the package's own price; another needs its row in service_size_prices
  select coalesce(string_agg(c.name, ', ' order by c.sort_order, c.code), 'ingen')
    from public.car_sizes c
   where c.is_active
     and (c.is_standard
          or exists (select 1 from public.service_size_prices p
                      where p.service_id = p_service_id and p.car_size = c.code));
$$;

comment on function public.owner_sizes_of(uuid) is
  'The names of the car sizes a package can be booked for now, in the owner''s order, for the owner''s Danish refusals (''ingen'' when none).';

revoke all on function public.owner_sizes_of(uuid) from public, anon, authenticated;

create function public.owner_addons_of(p_service_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(string_agg(a.name, ', ' order by a.sort_order, a.name), 'ingen')
    from public.addons a
   where a.is_active
     and exists (select 1 from public.addon_services x
                  where x.addon_id = a.id and x.service_id = p_service_id);
$$;

comment on function public.owner_addons_of(uuid) is
  'The names of the add-ons that can be booked with a package now, in the owner''s order, for the owner''s Danish refusals (''ingen'' when none).';

revoke all on function public.owner_addons_of(uuid) from public, anon, authenticated;

create function public.owner_job(p_service public.services, p_request public.booking_request)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_job jsonb := public.booking_job(p_service.id, p_request.car_size, p_request.addon_ids);
  v_size public.car_sizes;
  v_addon public.addons;
begin
  case v_job ->> 'error'
    when 'carSize' then
      select * into v_size from public.car_sizes c
       where c.code = coalesce(nullif(lower(btrim(p_request.car_size)), ''), public.car_size_standard());
      raise exception '% kan ikke bookes til %: %. Størrelser til %: %.',
        coalesce('Størrelsen "' || v_size.name || '"', format('Størrelsen "%s"', left(p_request.car_size, 60))),
        p_service.name,
        case when v_size.code is null then 'den findes ikke'
             when not v_size.is_active then 'den er slået fra (is_active = false i car_sizes)'
             else 'pakken har ingen pris til den (se service_size_prices)' end,
        p_service.name,
        public.owner_sizes_of(p_service.id)
        using errcode = 'invalid_parameter_value';
    when 'addonIds' then
      -- the first add-on that cannot be booked, named: twice, unknown, switched off or not fitting
      select * into v_addon from public.addons a
       where a.id = (select x from unnest(p_request.addon_ids) x group by x having count(*) > 1 limit 1);
      if found then
        raise exception 'Tilvalget "%" står der to gange. Skriv hvert tilvalg én gang.', v_addon.name
          using errcode = 'invalid_parameter_value';
      end if;
      if exists (select 1 from unnest(p_request.addon_ids) x
                  where x is null or not exists (select 1 from public.addons a where a.id = x)) then
        raise exception 'Et af tilvalgene findes ikke (længere). Vælg blandt tilvalgene til %: %.',
          p_service.name, public.owner_addons_of(p_service.id)
          using errcode = 'invalid_parameter_value';
      end if;
      select * into v_addon from public.addons a
       where a.id = any (p_request.addon_ids)
         and (not a.is_active
              or not exists (select 1 from public.addon_services x
                              where x.addon_id = a.id and x.service_id = p_service.id))
       order by a.sort_order, a.name
       limit 1;
      raise exception 'Tilvalget "%" kan ikke bookes til %: %. Tilvalg til %: %.',
        v_addon.name, p_service.name,
        case when not v_addon.is_active then 'det er slået fra (is_active = false i addons)'
             else 'det passer ikke til pakken (se addon_services)' end,
        p_service.name, public.owner_addons_of(p_service.id)
        using errcode = 'invalid_parameter_value';
    when 'serviceId' then
      raise exception 'Pakken "%" er slået fra (is_active = false i services) og kan ikke bookes.', p_service.name
        using errcode = 'invalid_parameter_value';
    else
      return v_job;
  end case;
end;
$$;

comment on function public.owner_job(public.services, public.booking_request) is
  'The job (booking_job) of the owner''s booking: the package with the request''s size and add-ons, or a Danish exception naming what cannot be booked and why (the size or the add-on, and what the package can be booked with).';

revoke all on function public.owner_job(public.services, public.booking_request)
  from public, anon, authenticated;

create function public.owner_book(
  p_package text,
  p_request public.booking_request,
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
  v_request public.booking_request := p_request;
  v_job jsonb;
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
  v_drop_off := public.owner_drop_off(p_request.booking_date + p_request.booking_time,
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 05-01-2027 10:00.');
  v_request.service_id := v_service.id;
  v_request.booking_date := v_drop_off::date;
  v_request.booking_time := v_drop_off::time;
  v_request := public.booking_request_tidied(v_request);
  perform public.owner_check_customer(v_request);
  v_job := public.owner_job(v_service, v_request);
  v_blocked := public.owner_plan((v_job ->> 'minutes')::integer, v_drop_off, p_now);

  -- no idempotency key and no client address: the owner books from the dashboard
  v_booking := public.booking_insert(
    p_id => gen_random_uuid(),
    p_job => v_job,
    p_request => v_request,
    p_drop_off => v_drop_off at time zone 'Europe/Copenhagen',
    p_ready => upper(v_blocked[array_length(v_blocked, 1)])
      - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
    p_blocked => v_blocked,
    p_source => 'owner',
    p_created_at => p_now);
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

comment on function public.owner_book(text, public.booking_request, timestamptz) is
  'Books a job for the owner (phone or walk-in): the package by its name, the request''s car size and add-ons (owner_job: refused in Danish when the package cannot be booked with them), the request''s date and time are the Copenhagen wall-clock drop-off, today or later, any minute within opening hours, on a free bay (the exclusion constraint settles races); its service_id is the package''s. Queues the customer confirmation when there is an e-mail and owner_bookings_send_email is on. Raises a Danish exception otherwise.';

revoke all on function public.owner_book(text, public.booking_request, timestamptz)
  from public, anon, authenticated;

create function public.owner_cancel(p_booking_id uuid, p_now timestamptz default now())
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.owner_cancel(uuid, timestamptz) is
  'Cancels a booking as the owner (at any time, online bookings too): frees its time, drops its pending reminder and e-mails the customer when there is an e-mail and owner_bookings_send_email is on (key ends with the new ics_sequence, so each cancellation is sent once).';

revoke all on function public.owner_cancel(uuid, timestamptz) from public, anon, authenticated;

create function public.owner_move(
  p_booking_id uuid,
  p_drop_off timestamp,
  p_now timestamptz default now()
)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_drop_off timestamp;
  v_blocked tstzrange[];
  v_result jsonb;
begin
  select * into v_booking from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    raise exception 'Bookingen findes ikke.' using errcode = 'no_data_found';
  end if;
  if v_booking.status = 'cancelled' then
    raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', v_booking.reference
      using errcode = 'feature_not_supported';
  end if;
  if v_booking.status <> 'confirmed' then
    raise exception 'Bookingen % er %, så tiden kan ikke flyttes. Skal bilen være færdig senere, så ret ready_local.',
      v_booking.reference, public.booking_status_text(v_booking.status)
      using errcode = 'feature_not_supported';
  end if;
  v_drop_off := public.owner_drop_off(p_drop_off,
    'Skriv det nye afleveringstidspunkt i drop_off_local, f.eks. 05-01-2027 10:00.');
  v_blocked := public.owner_plan(v_booking.duration_minutes, v_drop_off, p_now);
  if (v_drop_off at time zone 'Europe/Copenhagen') <= p_now then
    raise exception 'En booking kan kun flyttes til et senere tidspunkt end nu (kl. %).', public.owner_time_text(p_now)
      using errcode = 'invalid_parameter_value';
  end if;

  v_result := public.move_booking(v_booking.id, v_drop_off::date, to_char(v_drop_off, 'HH24:MI'),
                                  false, false, false, 'owner', p_now);
  case v_result ->> 'status'
    when 'moved', 'unchanged' then
      null;
    when 'conflict' then
      raise exception '%', public.owner_taken_message(v_blocked) using errcode = 'exclusion_violation';
    else
      raise exception 'Bookingen % kan ikke flyttes til %.', v_booking.reference, to_char(v_drop_off, 'YYYY-MM-DD HH24:MI')
        using errcode = 'invalid_parameter_value';
  end case;

  select * into v_booking from public.bookings b where b.id = p_booking_id;
  if v_result ->> 'status' = 'moved' then
    -- the owner is not notified of their own move; the customer only with an address and while
    -- owner_bookings_send_email is on
    delete from public.email_outbox o
     where o.booking_id = v_booking.id
       and o.idempotency_key in ('owner_booking_moved:' || v_booking.id || ':' || v_booking.ics_sequence,
                                 'booking_moved:' || v_booking.id || ':' || v_booking.ics_sequence)
       and (o.kind = 'owner_booking_moved' or v_booking.customer_email = '' or not public.owner_send_email());
  end if;
  return v_booking;
end;
$$;

comment on function public.owner_move(uuid, timestamp, timestamptz) is
  'Moves a booking as the owner to a Copenhagen wall-clock drop-off (later than now, within opening hours; a job that fits in a day must finish by closing) through move_booking() in its owner mode. The customer gets the booking_moved e-mail when there is an address and owner_bookings_send_email is on; the owner gets none. Raises a Danish exception when the time is closed or taken.';

revoke all on function public.owner_move(uuid, timestamp, timestamptz)
  from public, anon, authenticated;

-- owner_bookings ----------------------------------------------------------------------------------

create table public.owner_bookings (
  package text,
  drop_off_local text,
  customer_name text,
  customer_phone text,
  customer_email text,
  notes text,
  status public.owner_status default 'bekræftet',
  ready_local text,
  reference text not null,
  car_plate text,
  no_shows integer,
  -- the job besides the package: shown by name, typed by name (owner_car_size_code,
  -- owner_addon_ids); the price is numeric so that any number typed reaches the Danish refusal
  car_size text,
  addons text,
  price numeric,
  constraint owner_bookings_pkey primary key (reference),
  constraint owner_bookings_reference_fkey
    foreign key (reference) references public.bookings (reference) on delete cascade
);

create index owner_bookings_drop_off_local_idx on public.owner_bookings (drop_off_local);

comment on table public.owner_bookings is
  'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: Insert row med package, drop_off_local (f.eks. 05-01-2027 10:00), customer_name og customer_phone (car_size, addons, customer_email, notes og car_plate er valgfri). Aflys: vælg status aflyst. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';
comment on column public.owner_bookings.package is
  'Pakkens navn som i services, f.eks. Guldpakken. Kan ikke skiftes på en booking (aflys og book igen).';
comment on column public.owner_bookings.drop_off_local is
  'Aflevering, dansk tid: dag-måned-år og klokkeslæt, f.eks. 05-01-2027 10:00 (5. januar 2027 kl. 10). Gemmes som 2027-01-05 10:00. Ret den for at flytte bookingen.';
comment on column public.owner_bookings.customer_name is 'Kundens navn (2-100 tegn).';
comment on column public.owner_bookings.customer_phone is
  'Kundens telefonnummer, f.eks. 20 11 22 33 (8 cifre er dansk) eller +46 70 123 45 67. Vises som +45 20 11 22 33.';
comment on column public.owner_bookings.customer_email is
  'Kundens e-mailadresse (valgfri). Er den udfyldt, får kunden de samme mails som ved en onlinebooking (indstillingen owner_bookings_send_email).';
comment on column public.owner_bookings.notes is 'Bemærkninger (valgfri), f.eks. bilmærke.';
comment on column public.owner_bookings.car_plate is 'Bilens nummerplade (valgfri, højst 20 tegn).';
comment on column public.owner_bookings.status is
  'Vælg fra listen. bekræftet: bookingen gælder. aflyst: aflyser, og tiden bliver ledig med det samme; vælg bekræftet på en aflyst booking for at genoprette den (kun hvis tiden stadig er ledig), og kunden får en mail om, at bookingen gælder igen. Bilens dag: ankommet (bilen er afleveret), klar (kunden får én besked om, at bilen kan hentes), afhentet (kunden har hentet bilen), udeblevet (kunden kom ikke; resten af tiden bliver ledig).';
comment on column public.owner_bookings.ready_local is
  'Hvornår bilen er færdig, dansk tid (udregnes ved booking). Bliver bilen ikke færdig til tiden, så skriv den nye tid her, f.eks. 05-01-2027 16:00: kunden får én besked med den nye tid.';
comment on column public.owner_bookings.reference is
  'Bookingnummer (dannes automatisk; lad feltet være tomt).';
comment on column public.owner_bookings.car_size is
  'Bilens størrelse: navnet eller koden som i car_sizes, f.eks. stor-bil eller Stor bil (SUV, stationcar, 7-personers). Tom = almindelig personbil. Vises med navnet. Kan ikke skiftes på en booking (aflys og book igen).';
comment on column public.owner_bookings.addons is
  'Tilvalg (valgfri): navnene som i addons, adskilt af komma, f.eks. Motorvask, Ozonbehandling. Kun tilvalg, der passer til pakken (addon_services). Kan ikke skiftes på en booking (aflys og book igen).';
comment on column public.owner_bookings.price is
  'Hele prisen i kroner inkl. moms: pakken til bilens størrelse plus tilvalgene, som den blev booket (udregnes automatisk; lad feltet være tomt).';
comment on column public.owner_bookings.no_shows is
  'Hvor mange gange kunden (samme telefonnummer eller e-mailadresse) er udeblevet de seneste 12 måneder. Udfyldes automatisk, også når du booker kunden; lad feltet være tomt.';

create function public.owner_addon_names(p_job jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- PL/pgSQL: its plan is kept for the session (it is asked for every row of a day)
  return (select string_agg(e.value ->> 'name', ', ' order by e.ordinality)
            from jsonb_array_elements(coalesce(p_job -> 'addons', '[]'::jsonb)) with ordinality e);
end;
$$;

comment on function public.owner_addon_names(jsonb) is
  'The add-ons of a job (bookings.job, as booked) by name, comma-separated in the job''s order, e.g. Motorvask, Ozonbehandling; null when none. How the owner''s table, agenda, calendar and morning e-mail write them, and how owner_addon_ids reads them back.';

revoke all on function public.owner_addon_names(jsonb) from public, anon, authenticated;

create function public.owner_bookings_row(p_booking public.bookings)
returns public.owner_bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- by name: the request's fields the owner sees are owner_bookings columns of the same names
  return jsonb_populate_record(null::public.owner_bookings,
    to_jsonb(public.booking_request_of(p_booking)) || jsonb_build_object(
      'package', p_booking.service_name,
      'drop_off_local',
        to_char(p_booking.drop_off_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
      'customer_phone', public.phone_display(p_booking.customer_phone),
      'customer_email', nullif(p_booking.customer_email, ''),
      'status', public.owner_status_of(p_booking.status),
      'ready_local',
        to_char(coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen',
                'YYYY-MM-DD HH24:MI'),
      'reference', p_booking.reference,
      'no_shows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email, now()),
      -- the job as booked (bookings.job): names as they were then, the total price
      'car_size', p_booking.job ->> 'carSizeName',
      'addons', public.owner_addon_names(p_booking.job),
      'price', p_booking.price));
end;
$$;

comment on function public.owner_bookings_row(public.bookings) is
  'The owner_bookings row of a booking: the request''s fields by name, Copenhagen wall-clock times as 2027-01-05 10:00 (ready_local is the new ready time when the owner gave one), the phone grouped (phone_display), the Danish status, the contact''s no-shows of the last 12 months (booking_no_shows), the job as booked: the car size''s name, the add-ons'' names (owner_addon_names, null when none) and the total price.';

revoke all on function public.owner_bookings_row(public.bookings) from public, anon, authenticated;

create function public.owner_bookings_edit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_request public.booking_request;
  v_old_request public.booking_request;
  v_drop_off timestamp;
  v_old_drop_off timestamp;
  v_ready timestamp;
  v_old_ready timestamp;
  v_fields text[];
  v_constraint text;
  v_column text;
begin
  -- written from inside a trigger: owner_bookings_sync showing a booking as it now is (or a
  -- foreign key cascade); only a statement of the owner's own (trigger depth 1) is an edit
  if pg_trigger_depth() > 1 then
    return case when tg_op = 'DELETE' then old else new end;
  end if;

  if tg_op = 'DELETE' then
    raise exception 'Bookinger slettes ikke. Vælg status aflyst for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  begin
    -- the owner's text, read the Danish way (a refusal names the column and gives an example)
    v_drop_off := public.owner_parse_local_timestamp(new.drop_off_local, 'drop_off_local');
    -- the request's fields by name (customer_name, customer_phone, ...), as the owner typed them
    v_request := jsonb_populate_record(null::public.booking_request, to_jsonb(new));
    if tg_op = 'INSERT' then
      if new.reference is not null or new.ready_local is not null or new.no_shows is not null
         or new.price is not null then
        raise exception 'reference, ready_local, no_shows og price udfyldes automatisk: lad dem være tomme.'
          using errcode = 'feature_not_supported';
      end if;
      if coalesce(new.status, 'bekræftet') <> 'bekræftet' then
        raise exception 'En ny booking får status bekræftet. Lad status være bekræftet.'
          using errcode = 'check_violation';
      end if;
      v_request.booking_date := v_drop_off::date;
      v_request.booking_time := v_drop_off::time;
      -- the size and the add-ons by name, as the package: what the job is, owner_book decides
      v_request.car_size := public.owner_car_size_code(new.car_size);
      v_request.addon_ids := public.owner_addon_ids(new.addons);
      v_booking := public.owner_book(new.package, v_request);
      return public.owner_bookings_row(v_booking);
    end if;

    select * into v_booking from public.bookings b where b.reference = old.reference for update;
    if new.reference is distinct from old.reference then
      raise exception 'reference udfyldes automatisk og kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.no_shows is distinct from old.no_shows then
      raise exception 'no_shows tælles automatisk (kundens udeblivelser de seneste 12 måneder) og kan ikke rettes. Vælg status udeblevet på den booking, kunden udeblev fra.'
        using errcode = 'feature_not_supported';
    end if;
    if new.package is distinct from old.package then
      raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    -- the job is priced and planned as booked: another size or other add-ons are a new booking
    if new.car_size is distinct from old.car_size then
      raise exception 'Bilens størrelse kan ikke skiftes på en booking. Aflys bookingen % og book igen med den rigtige størrelse.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    if new.addons is distinct from old.addons then
      raise exception 'Tilvalgene kan ikke skiftes på en booking. Aflys bookingen % og book igen med de rigtige tilvalg.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    if new.price is distinct from old.price then
      raise exception 'price er jobbets pris fra bookingen (pakken til bilens størrelse plus tilvalgene) og udfyldes automatisk. Den kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.status is null then
      raise exception 'status kan ikke være tom. Vælg på listen: bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.'
        using errcode = 'check_violation';
    end if;
    -- compared as the times they are, so the same time typed another way is no change
    v_old_drop_off := public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local');
    v_ready := public.owner_parse_local_timestamp(new.ready_local, 'ready_local');
    v_old_ready := public.owner_parse_local_timestamp(old.ready_local, 'ready_local');
    if v_ready is distinct from v_old_ready
       and (new.status is distinct from old.status or v_drop_off is distinct from v_old_drop_off) then
      raise exception 'Ret ready_local for sig: ikke sammen med status eller drop_off_local.'
        using errcode = 'feature_not_supported';
    end if;

    -- the request's fields the table shows (contact details, notes, car plate, ...), compared as
    -- the booking stores them, and written to it by name
    v_request := public.booking_request_tidied(v_request);
    v_old_request := public.booking_request_tidied(
      jsonb_populate_record(null::public.booking_request, to_jsonb(old)));
    if v_request is distinct from v_old_request then
      perform public.owner_check_customer(v_request);
      -- what the customer told; what he chose (the size, shown here by its name) stays as booked
      v_fields := array(select f from unnest(public.booking_request_attributes('public.owner_bookings'::regclass)) f
                         where f <> all (public.booking_request_choices()));
      execute format(
        'update public.bookings b set (%s) = (select %s from jsonb_populate_record(null::public.booking_request, $1) r)
          where b.id = $2',
        (select string_agg(quote_ident(f), ', ') from unnest(v_fields) f),
        (select string_agg('r.' || quote_ident(f), ', ') from unnest(v_fields) f))
        using to_jsonb(v_request), v_booking.id;
    end if;

    if new.status = 'aflyst' and old.status = 'bekræftet' then
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      perform public.owner_cancel(v_booking.id);
    elsif new.status = 'bekræftet' and old.status = 'aflyst' then
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Genopret eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      -- reconfirming takes the work periods again, refused when the time was taken meanwhile
      begin
        update public.bookings b set status = 'confirmed' where b.id = v_booking.id;
      exception when exclusion_violation then
        raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', old.reference
          using errcode = 'exclusion_violation';
      end;
    elsif new.status is distinct from old.status then
      -- the car's day (ankommet, klar, afhentet, udeblevet) and its corrections
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Ret status eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      perform public.booking_set_status(v_booking.id, public.owner_status_code(new.status));
    elsif v_drop_off is distinct from v_old_drop_off then
      if new.status = 'aflyst' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      perform public.owner_move(v_booking.id, v_drop_off);
    elsif v_ready is distinct from v_old_ready then
      perform public.owner_set_ready_time(v_booking.id, v_ready);
    end if;

    -- the row is stored as the engine left the booking (owner_bookings_sync leaves this row to this
    -- statement: it is being written by it)
    select * into v_booking from public.bookings b where b.id = v_booking.id;
    return public.owner_bookings_row(v_booking);
  exception when check_violation then
    -- a value the table's own check refuses (a field without a Danish refusal of its own above):
    -- named by its column, with what the column takes (its comment), never in English
    get stacked diagnostics v_constraint = constraint_name;
    v_column := substring(v_constraint from '^bookings_(.+)_check$');
    if v_column is null or not exists (
         select 1 from pg_catalog.pg_attribute a
          where a.attrelid = 'public.owner_bookings'::regclass and a.attname = v_column) then
      raise;
    end if;
    raise exception 'Værdien i % passer ikke. %', v_column,
      coalesce(col_description('public.owner_bookings'::regclass,
        (select a.attnum from pg_catalog.pg_attribute a
          where a.attrelid = 'public.owner_bookings'::regclass and a.attname = v_column)::integer), '')
      using errcode = 'check_violation';
  end;
end;
$$;

comment on function public.owner_bookings_edit() is
  'Trigger function of owner_bookings: the owner''s own statements write through to bookings: insert books (owner_book; the package, car_size and addons by name: owner_car_size_code, owner_addon_ids), status aflyst cancels (owner_cancel), bekræftet reconfirms, the car''s states (ankommet, klar, afhentet, udeblevet) go through booking_set_status, a new drop_off_local (Danish date and time, owner_parse_local_timestamp) moves (owner_move), a new ready_local tells the customer a new ready time (owner_set_ready_time), contact fields are corrected (never the size, add-ons or price: the job as booked); delete and other changes are refused in Danish. What the owner typed is never stored: the row stored (and returned) is owner_bookings_row of the booking as the engine left it. A write from inside a trigger (pg_trigger_depth above 1: owner_bookings_sync, a foreign key cascade) passes through.';

revoke all on function public.owner_bookings_edit() from public, anon, authenticated;

create trigger owner_bookings_edit
  before insert or delete or update on public.owner_bookings
  for each row execute function public.owner_bookings_edit();

create function public.owner_bookings_sync()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- a no-show marked or taken back (by the owner's edit too) changes the count on the contact's
  -- other rows; phones are stored in one form (bookings_normalise_phone), so equal is the same
  if tg_op = 'UPDATE' and (old.status = 'no_show') is distinct from (new.status = 'no_show') then
    update public.owner_bookings o
       set no_shows = public.booking_no_shows(b.customer_phone, b.customer_email, now())
      from public.bookings b
     where b.reference = o.reference and b.id <> new.id and b.anonymised_at is null
       and (b.customer_phone = new.customer_phone
            or (b.customer_email <> '' and lower(b.customer_email) = lower(new.customer_email)));
  end if;
  -- a booking changed from inside a trigger: the only such change is the owner's statement on
  -- owner_bookings writing through (owner_bookings_edit), which stores this booking's row itself,
  -- computed from the booking as here (owner-bookings.test.ts checks the table against
  -- owner_bookings_row after every kind of change)
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  -- the row as the booking now is, whole (so a new column of the owner's table needs no line
  -- here): the old row out, the new one in, as static statements whose plans the session keeps
  if tg_op = 'UPDATE' then
    delete from public.owner_bookings o where o.reference = old.reference;
  end if;
  if new.anonymised_at is null then
    insert into public.owner_bookings select r.* from public.owner_bookings_row(new) r;
  end if;
  return null;
end;
$$;

comment on function public.owner_bookings_sync() is
  'Trigger function: shows a booking in owner_bookings as it now is (owner_bookings_row; the one direction: bookings to owner_bookings). A booking changed from inside a trigger is the owner''s own statement on owner_bookings writing through, which stores that row itself; a no-show marked or taken back recounts no_shows on the rows of the same contact in every case.';

revoke all on function public.owner_bookings_sync() from public, anon, authenticated;

create trigger owner_bookings_sync
  after insert or update on public.bookings
  for each row execute function public.owner_bookings_sync();

create trigger refuse_truncate
  before truncate on public.owner_bookings
  for each statement execute function public.refuse_truncate();

alter table public.owner_bookings enable row level security;
-- no policy and no grant for anon or authenticated: the owner works as postgres in the dashboard
