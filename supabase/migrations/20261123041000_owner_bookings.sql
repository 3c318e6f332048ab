-- Phone and walk-in bookings, cancelling and moving, by the owner: the owner_bookings view.
--
-- owner_bookings  one row per booking (online and the owner's own), times as Copenhagen wall-clock
--                 timestamps. Inserting a row books through the same engine as the website: the
--                 package's work periods on a free bay, the exclusion constraint, capacity and
--                 buffer. The owner may book today and beyond the online window and at any minute
--                 of the opening hours (not only the online grid), but never in closed time nor
--                 over another job. Setting status to cancelled frees the time at once. Deleting
--                 is refused (cancel instead). Refusals are Danish exceptions with a standard
--                 SQLSTATE the dashboard shows and the Data API turns into a 4xx:
--                   23P01 exclusion_violation   the time is taken (PostgREST: 400)
--                   22023 invalid_parameter_value  closed, outside opening hours, unknown package,
--                                               a date that is over (400)
--                   23502 not_null_violation    a required column is empty (400)
--                   23514 check_violation       name, phone, e-mail or notes malformed (400)
--                   0A000 feature_not_supported delete, changing reference/ready_local/package (400)
--                 (P0001 would be 400 too; codes in classes 25/40/55/57 would be a 500.)
--
-- bookings.source      'online' (create-booking) or 'owner' (owner_bookings): the public caps and
--                      rate limits count only what comes through the website.
-- owner_bookings_send_email (setting, default 1): a customer with an e-mail gets the same e-mails
--                      as an online booking (confirmation with cancel link, reminder, cancellation).
--                      The owner gets no notification of their own changes.
--
-- The view is security_invoker, and only service_role (and the dashboard's postgres role) may use
-- it: anon and authenticated are refused by grants, as for bookings.

-- bookings.source -------------------------------------------------------------------------------------

alter table public.bookings
  add column source text not null default 'online' check (source in ('online', 'owner'));

comment on column public.bookings.source is 'Hvor bookingen kom fra: online (hjemmesiden) eller owner (dig, i owner_bookings, f.eks. en telefonbooking).';

-- setting -------------------------------------------------------------------------------------------

insert into public.settings (key, value, description, is_public) values
  ('owner_bookings_send_email', '1',
   'Om kunder, du booker, aflyser eller flytter i owner_bookings, får de samme mails som ved en onlinebooking, når der er en e-mailadresse: 1 = ja, 0 = nej.',
   false)
on conflict (key) do nothing;

create function public.owner_send_email()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select lower(trim(s.value)) not in ('0', 'false', 'nej', 'fra', 'off', 'no')
       from public.settings s where s.key = 'owner_bookings_send_email'),
    true);
$$;

comment on function public.owner_send_email() is 'Whether owner_bookings changes e-mail the customer (setting owner_bookings_send_email, default on).';

-- Danish texts for messages ---------------------------------------------------------------------------

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

comment on function public.owner_day_text(date) is 'A date in Danish words, e.g. 24. november 2026.';

create function public.owner_time_text(p_at timestamptz)
returns text
language sql
stable
strict
set search_path = ''
as $$
  select to_char(p_at at time zone 'Europe/Copenhagen', 'HH24:MI');
$$;

comment on function public.owner_time_text(timestamptz) is 'Copenhagen wall-clock time HH:MI of an instant.';

-- reminders skip bookings without an e-mail address -------------------------------------------------

create or replace function public.email_queue_reminders(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_hours interval := make_interval(hours => public.booking_setting('reminder_hours_before', 24));
  v_count integer;
begin
  -- bookings made (or moved) less than 12 hours before the reminder time get none: the
  -- confirmation is recent. A moved booking has its own key per move, so a reminder sent for the
  -- old time does not stop the one of the new time (20261123030000_move_booking.sql).
  -- Added here: phone bookings without an e-mail address get none, and the owner's bookings get
  -- none while owner_bookings_send_email is off.
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  select b.id, 'booking_reminder', b.customer_email,
         jsonb_build_object(
           'reference', b.reference,
           'serviceName', b.service_name,
           'price', b.price,
           'dropOff', public.copenhagen_iso(b.drop_off_at),
           'readyAt', public.copenhagen_iso(b.ready_at),
           'customerName', b.customer_name),
         'booking_reminder:' || b.id
           || case when b.ics_sequence > 0 then ':' || b.ics_sequence else '' end,
         p_now
    from public.bookings b
   where b.status = 'confirmed'
     and b.anonymised_at is null
     and b.customer_email <> ''
     and (b.source = 'online' or public.owner_send_email())
     and b.drop_off_at > p_now
     and b.drop_off_at <= p_now + v_hours
     and coalesce(b.moved_at, b.created_at) <= b.drop_off_at - v_hours - interval '12 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- booking as the owner ------------------------------------------------------------------------------

create function public.owner_booking_payload(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', p_booking.reference,
    'serviceName', p_booking.service_name,
    'price', p_booking.price,
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at),
    'customerName', p_booking.customer_name);
$$;

comment on function public.owner_booking_payload(public.bookings) is 'The e-mail template data of a booking (as create_booking and cancel_booking build it).';

create function public.owner_check_customer(
  p_name text,
  p_phone text,
  p_email text,
  p_notes text
)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_name is null or p_name = '' then
    raise exception 'Skriv kundens navn i customer_name.' using errcode = 'not_null_violation';
  end if;
  if char_length(p_name) not between 2 and 100 or p_name ~ '[[:cntrl:]]' then
    raise exception 'Kundens navn skal være mellem 2 og 100 tegn.' using errcode = 'check_violation';
  end if;
  if p_phone is null or p_phone = '' then
    raise exception 'Skriv kundens telefonnummer i customer_phone.' using errcode = 'not_null_violation';
  end if;
  if p_phone !~ '^\+?[0-9 ()-]+$' or char_length(regexp_replace(p_phone, '[^0-9]', '', 'g')) not between 8 and 15
     or char_length(p_phone) > 30 then
    raise exception 'Telefonnummeret "%" ser forkert ud: skriv 8-15 cifre, f.eks. 12 34 56 78 eller +45 12 34 56 78.', p_phone
      using errcode = 'check_violation';
  end if;
  if p_email <> '' and (char_length(p_email) > 254
      or p_email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$') then
    raise exception 'E-mailadressen "%" ser forkert ud. Ret den, eller lad customer_email være tom.', p_email
      using errcode = 'check_violation';
  end if;
  if char_length(p_notes) > 1000 then
    raise exception 'Bemærkninger må højst være 1000 tegn.' using errcode = 'check_violation';
  end if;
end;
$$;

comment on function public.owner_check_customer(text, text, text, text) is 'Refuses a malformed name, phone, e-mail or notes of an owner booking with a Danish message.';

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

comment on function public.owner_plan(integer, timestamp, timestamptz) is 'The bay time (work periods, the last one with buffer) of a job of p_minutes dropped off at a Copenhagen wall-clock time, or a Danish exception when that time is over, closed or the job cannot finish by closing.';

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

comment on function public.owner_taken_message(tstzrange[]) is 'The Danish refusal when the bay time is taken.';

create function public.owner_book(
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
volatile
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
set jit = off
as $$
declare
  v_service public.services;
  v_name text := trim(coalesce(p_customer_name, ''));
  v_phone text := trim(coalesce(p_customer_phone, ''));
  v_email text := trim(coalesce(p_customer_email, ''));
  v_notes text := coalesce(p_notes, '');
  v_drop_off timestamp := date_trunc('minute', p_drop_off);
  v_blocked tstzrange[];
  v_bay smallint;
  v_booking public.bookings;
  v_id uuid := gen_random_uuid();
  v_constraint text;
  v_tries integer := 0;
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
  if p_drop_off is null then
    raise exception 'Skriv afleveringstidspunktet i drop_off_local, f.eks. 2026-12-01 09:00.'
      using errcode = 'not_null_violation';
  end if;
  perform public.owner_check_customer(v_name, v_phone, v_email, v_notes);
  v_blocked := public.owner_plan(v_service.duration_minutes, v_drop_off, p_now);

  loop
    v_bay := public.booking_free_bay(v_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      raise exception '%', public.owner_taken_message(v_blocked) using errcode = 'exclusion_violation';
    end if;
    begin
      insert into public.bookings (
        id, service_id, service_name, duration_minutes, price, booking_date, booking_time,
        drop_off_at, ready_at, customer_name, customer_email, customer_phone, notes, source
      ) values (
        v_id, v_service.id, v_service.name, v_service.duration_minutes, v_service.price,
        v_drop_off::date, v_drop_off::time, v_drop_off at time zone 'Europe/Copenhagen',
        upper(v_blocked[array_length(v_blocked, 1)])
          - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
        v_name, v_email, v_phone, v_notes, 'owner'
      )
      returning * into v_booking;
      insert into public.booking_work_periods (booking_id, bay, period)
      select v_id, v_bay, r from unnest(v_blocked) r;
      exit;
    exception
      when exclusion_violation or deadlock_detected then
        -- another booking took this bay meanwhile (now committed): look for another bay
        null;
      when unique_violation then
        get stacked diagnostics v_constraint = constraint_name;
        if v_constraint <> 'bookings_reference_key' then
          raise;
        end if;
    end;
  end loop;

  if v_booking.customer_email <> '' and public.owner_send_email() then
    -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
    -- (bookings keeps only its hash, 20261123030000_move_booking.sql)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
    values (v_booking.id, 'booking_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking) || jsonb_build_object('cancelToken', null),
            'booking_confirmation:' || v_booking.id);
  end if;
  return v_booking;
end;
$$;

comment on function public.owner_book(text, timestamp, text, text, text, text, timestamptz) is 'Books a package for the owner (phone or walk-in) at a Copenhagen wall-clock drop-off: today or later, any minute within opening hours, on a free bay (the exclusion constraint settles races). Queues the customer confirmation when there is an e-mail and owner_bookings_send_email is on. Raises a Danish exception otherwise.';

create function public.owner_cancel(p_booking_id uuid, p_now timestamptz default now())
returns public.bookings
language plpgsql
volatile
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
  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = p_booking_id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev aflyst', locked_until = null
   where o.booking_id = v_booking.id and o.kind = 'booking_reminder' and o.status = 'pending';

  if v_booking.customer_email <> '' and v_booking.anonymised_at is null and public.owner_send_email() then
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
    values (v_booking.id, 'cancellation_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking),
            'cancellation_confirmation:' || v_booking.id, p_now)
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
end;
$$;

comment on function public.owner_cancel(uuid, timestamptz) is 'Cancels a booking as the owner (at any time, online bookings too): frees its time, drops its pending reminder and e-mails the customer when there is an e-mail and owner_bookings_send_email is on.';

-- moving: move_booking() (20261123030000_move_booking.sql) in its owner mode does the atomic move
-- (free the old periods and take the new ones in one transaction, booking_moves history, new link
-- token, the customer's booking_moved e-mail); owner_plan() checks the time first so every refusal
-- is the same Danish message as when booking
create function public.owner_move(p_booking_id uuid, p_drop_off timestamp, p_now timestamptz default now())
returns public.bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_drop_off timestamp := date_trunc('minute', p_drop_off);
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
  if v_drop_off is null then
    raise exception 'Skriv det nye afleveringstidspunkt i drop_off_local, f.eks. 2026-12-01 09:00.'
      using errcode = 'not_null_violation';
  end if;
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

comment on function public.owner_move(uuid, timestamp, timestamptz) is 'Moves a booking as the owner to a Copenhagen wall-clock drop-off (later than now, within opening hours; a job that fits in a day must finish by closing) through move_booking() in its owner mode. The customer gets the booking_moved e-mail when there is an address and owner_bookings_send_email is on; the owner gets none. Raises a Danish exception when the time is closed or taken.';

-- the view ------------------------------------------------------------------------------------------

create view public.owner_bookings
with (security_invoker = true)
as
select b.service_name as package,
       (b.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0) as drop_off_local,
       b.customer_name,
       b.customer_phone,
       nullif(b.customer_email, '') as customer_email,
       b.notes,
       b.status,
       (b.ready_at at time zone 'Europe/Copenhagen')::timestamp(0) as ready_local,
       b.reference
  from public.bookings b
 where b.anonymised_at is null
 order by b.drop_off_at, b.reference;

comment on view public.owner_bookings is 'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: indsæt en række med package, drop_off_local, customer_name, customer_phone (customer_email og notes er valgfri). Aflys: sæt status til cancelled. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';
comment on column public.owner_bookings.package is 'Pakkens navn som i services, f.eks. Guldpakken. Kan ikke skiftes på en booking (aflys og book igen).';
comment on column public.owner_bookings.drop_off_local is 'Aflevering, dansk tid, f.eks. 2026-12-01 09:00. Ret den for at flytte bookingen.';
comment on column public.owner_bookings.customer_name is 'Kundens navn (2-100 tegn).';
comment on column public.owner_bookings.customer_phone is 'Kundens telefonnummer (8-15 cifre).';
comment on column public.owner_bookings.customer_email is 'Kundens e-mailadresse (valgfri). Er den udfyldt, får kunden de samme mails som ved en onlinebooking (indstillingen owner_bookings_send_email).';
comment on column public.owner_bookings.notes is 'Bemærkninger (valgfri), f.eks. bilmærke.';
comment on column public.owner_bookings.status is 'confirmed = bekræftet. Sæt til cancelled for at aflyse: tiden bliver ledig med det samme.';
comment on column public.owner_bookings.ready_local is 'Hvornår bilen er færdig, dansk tid (udregnes automatisk).';
comment on column public.owner_bookings.reference is 'Bookingnummer (dannes automatisk).';

create function public.owner_bookings_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  if tg_op = 'DELETE' then
    raise exception 'Bookinger slettes ikke. Sæt status til cancelled for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null then
      raise exception 'reference og ready_local udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'confirmed') <> 'confirmed' then
      raise exception 'En ny booking får status confirmed. Lad status være tom.'
        using errcode = 'check_violation';
    end if;
    v_booking := public.owner_book(new.package, new.drop_off_local, new.customer_name,
                                   new.customer_phone, new.customer_email, new.notes);
  else
    select * into v_booking from public.bookings b where b.reference = old.reference for update;
    if new.reference is distinct from old.reference or new.ready_local is distinct from old.ready_local then
      raise exception 'reference og ready_local udfyldes automatisk og kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.package is distinct from old.package then
      raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    if new.status is null or new.status not in ('confirmed', 'cancelled') then
      raise exception 'status skal være confirmed (bekræftet) eller cancelled (aflyst).'
        using errcode = 'check_violation';
    end if;

    -- contact details and notes
    if (new.customer_name, new.customer_phone, coalesce(new.customer_email, ''), new.notes)
       is distinct from (old.customer_name, old.customer_phone, coalesce(old.customer_email, ''), old.notes) then
      perform public.owner_check_customer(trim(coalesce(new.customer_name, '')),
        trim(coalesce(new.customer_phone, '')), trim(coalesce(new.customer_email, '')),
        coalesce(new.notes, ''));
      update public.bookings b
         set customer_name = trim(new.customer_name), customer_phone = trim(new.customer_phone),
             customer_email = trim(coalesce(new.customer_email, '')), notes = new.notes
       where b.id = v_booking.id
      returning * into v_booking;
    end if;

    if new.status = 'cancelled' and old.status <> 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'confirmed' and old.status = 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
        raise exception 'Genopret eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      -- reconfirming takes the work periods again, refused when the time was taken meanwhile
      begin
        update public.bookings b set status = 'confirmed' where b.id = v_booking.id
        returning * into v_booking;
      exception when exclusion_violation then
        raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', old.reference
          using errcode = 'exclusion_violation';
      end;
    elsif new.drop_off_local is distinct from old.drop_off_local then
      if new.status = 'cancelled' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, new.drop_off_local);
    end if;
  end if;

  new.package := v_booking.service_name;
  new.drop_off_local := (v_booking.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0);
  new.customer_name := v_booking.customer_name;
  new.customer_phone := v_booking.customer_phone;
  new.customer_email := nullif(v_booking.customer_email, '');
  new.notes := v_booking.notes;
  new.status := v_booking.status;
  new.ready_local := (v_booking.ready_at at time zone 'Europe/Copenhagen')::timestamp(0);
  new.reference := v_booking.reference;
  return new;
end;
$$;

comment on function public.owner_bookings_write() is 'Trigger function of owner_bookings: insert books (owner_book), status cancelled cancels (owner_cancel), a new drop_off_local moves (owner_move), contact fields are corrected; delete and other changes are refused in Danish.';

create trigger owner_bookings_write
  instead of insert or update or delete on public.owner_bookings
  for each row execute function public.owner_bookings_write();

-- grants --------------------------------------------------------------------------------------------

revoke all on public.owner_bookings from public, anon, authenticated;
grant select, insert, update, delete on public.owner_bookings to service_role;

revoke execute on function
  public.owner_send_email(),
  public.owner_day_text(date),
  public.owner_time_text(timestamptz),
  public.owner_booking_payload(public.bookings),
  public.owner_check_customer(text, text, text, text),
  public.owner_plan(integer, timestamp, timestamptz),
  public.owner_taken_message(tstzrange[]),
  public.owner_book(text, timestamp, text, text, text, text, timestamptz),
  public.owner_cancel(uuid, timestamptz),
  public.owner_move(uuid, timestamp, timestamptz),
  public.owner_bookings_write()
  from public, anon, authenticated;

grant execute on function
  public.owner_send_email(),
  public.owner_day_text(date),
  public.owner_time_text(timestamptz),
  public.owner_booking_payload(public.bookings),
  public.owner_check_customer(text, text, text, text),
  public.owner_plan(integer, timestamp, timestamptz),
  public.owner_taken_message(tstzrange[]),
  public.owner_book(text, timestamp, text, text, text, text, timestamptz),
  public.owner_cancel(uuid, timestamptz),
  public.owner_move(uuid, timestamp, timestamptz)
  to service_role;

-- Danish for what the move change added to tables the owner sees ----------------------------------

comment on column public.bookings.cancel_token is 'Altid tom: nøglen til kundens links gemmes kun som kontrolsum i cancel_token_hash.';
comment on column public.bookings.cancel_token_hash is 'Kontrolsum (SHA-256) af nøglen i kundens links til at afbestille og flytte (selve nøglen gemmes ikke).';
comment on column public.bookings.move_count is 'Hvor mange gange kunden selv har flyttet bookingen via linket i mailen (højst max_moves_per_booking).';
comment on column public.bookings.ics_sequence is 'Antal flytninger (af kunden og af dig): versionsnummeret på bookingens kalenderinvitation.';
comment on column public.bookings.moved_at is 'Hvornår bookingen sidst blev flyttet.';

comment on table public.booking_moves is 'Historik: hver flytning af en booking, fra hvilken tid til hvilken, af kunden (linket i mailen) eller af dig (owner_bookings). Tiderne er i UTC.';
comment on column public.booking_moves.id is 'Løbenummer (automatisk).';
comment on column public.booking_moves.booking_id is 'Bookingen.';
comment on column public.booking_moves.moved_by is 'customer = kunden, owner = dig.';
comment on column public.booking_moves.from_drop_off_at is 'Aflevering før flytningen (UTC).';
comment on column public.booking_moves.from_ready_at is 'Færdig før flytningen (UTC).';
comment on column public.booking_moves.to_drop_off_at is 'Aflevering efter flytningen (UTC).';
comment on column public.booking_moves.to_ready_at is 'Færdig efter flytningen (UTC).';
comment on column public.booking_moves.moved_at is 'Hvornår bookingen blev flyttet.';

comment on column public.email_outbox.kind is 'Slags mail: booking_confirmation, booking_reminder, booking_moved og cancellation_confirmation går til kunden; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL).';

update public.settings
   set description = 'Hvor mange gange en kunde selv må flytte en booking via linket i mailen.'
 where key = 'max_moves_per_booking';
