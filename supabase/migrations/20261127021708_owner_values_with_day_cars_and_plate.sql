-- Three changes written side by side, put together: the day's cars (agenda_day_cars), the car
-- plate (add_car_plate) and the owner's values in Danish (owner_values_in_danish) each replaced
-- owner_agenda, owner_book and the owner_bookings triggers from the version before them. This
-- writes the one version the schema has: the agenda with its day roles, the Danish status, the
-- grouped phone and the plate; owner_book with the plate and the parsed drop-off (the plate-less
-- overload the Danish-values migration left is dropped); closing a day names its bookings reading
-- day and last_day with the Danish parser. The view's column comments are written again and the
-- platform's default grants revoked by name.

SET local check_function_bodies = off;

DROP VIEW "public"."owner_agenda";

DROP FUNCTION "public"."owner_book"(text, timestamp WITHOUT time zone, text, text, text, text, timestamp WITH time zone);

CREATE OR REPLACE FUNCTION public.closed_dates_name_bookings()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  -- day and last_day are still as the owner typed them (this trigger runs before
  -- closed_dates_expand_period, which stores them): read them with the same Danish parser
  v_day date := public.owner_parse_date(new.day, 'day');
  v_to date := greatest(v_day, coalesce(public.owner_parse_date(new.last_day, 'last_day'), v_day));
  v_bookings jsonb;
begin
  if v_day is null then
    return new; -- closed_dates_expand_period refuses the empty day in Danish
  end if;
  -- the saved row is what the Table Editor shows the owner after the edit: it names the bookings
  -- on the day, and on a period's first row those of the whole period (this trigger runs before
  -- closed_dates_expand_period, by name, so it still sees last_day). The closing itself is kept:
  -- new bookings stop at once, and the owner moves or cancels the named ones.
  new.affected_bookings := public.closed_days_bookings(v_day, v_to);

  -- and one e-mail per closing, to keep as a list to work through: the owner's own edit (depth 1;
  -- a period's other days are inserted by closed_dates_expand_period, below it), a new row or a
  -- changed day, never a save of the reason alone
  if pg_trigger_depth() = 1
     and (tg_op = 'INSERT' or v_day is distinct from public.owner_parse_date(old.day, 'day')
          or new.last_day is not null) then
    select jsonb_agg(public.booking_summary(b) - 'price'
                     || jsonb_build_object('customerName', b.customer_name,
                                           'customerPhone', b.customer_phone)
                     order by b.drop_off_at, b.reference)
      into v_bookings
      from public.closed_days_affected(v_day, v_to) b;
    if v_bookings is not null then
      insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
      values (null, 'owner_notification', null,
              jsonb_build_object('alert', 'closed_day', 'from', v_day::text, 'to', v_to::text,
                                 'bookings', v_bookings),
              'owner_alert:closed_day:' || gen_random_uuid(), now());
    end if;
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_book (
  p_package        text,
  p_drop_off       timestamp without time zone,
  p_customer_name  text,
  p_customer_phone text,
  p_customer_email text                        DEFAULT NULL::text,
  p_notes          text                        DEFAULT NULL::text,
  p_now            timestamp with time zone    DEFAULT now(),
  p_car_plate      text                        DEFAULT NULL::text
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_service public.services;
  v_name text := trim(coalesce(p_customer_name, ''));
  v_phone text := trim(coalesce(p_customer_phone, ''));
  v_email text := trim(coalesce(p_customer_email, ''));
  v_notes text := coalesce(p_notes, '');
  v_car_plate text := trim(coalesce(p_car_plate, ''));
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
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 05-01-2027 10:00.');
  perform public.owner_check_customer(v_name, v_phone, v_email, v_notes, v_car_plate);
  v_blocked := public.owner_plan(v_service.duration_minutes, v_drop_off, p_now);

  -- no idempotency key and no client address: the owner books from the dashboard
  v_booking := public.booking_insert(
    p_id => gen_random_uuid(),
    p_service => v_service,
    p_local => v_drop_off,
    p_drop_off => v_drop_off at time zone 'Europe/Copenhagen',
    p_ready => upper(v_blocked[array_length(v_blocked, 1)])
      - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
    p_blocked => v_blocked,
    p_name => v_name,
    p_email => v_email,
    p_phone => v_phone,
    p_notes => v_notes,
    p_car_plate => v_car_plate,
    p_source => 'owner',
    p_created_at => now());
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_edit()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_drop_off timestamp;
begin
  if coalesce(current_setting('glanspunkt.owner_sync', true), '') = 'on' then
    return case when tg_op = 'DELETE' then old else new end; -- the mirror being written
  end if;

  if tg_op = 'DELETE' then
    if not exists (select 1 from public.bookings b where b.reference = old.reference) then
      return old; -- its booking was deleted (foreign key cascade)
    end if;
    raise exception 'Bookinger slettes ikke. Vælg status aflyst for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  perform set_config('glanspunkt.owner_editing', 'on', true);
  -- the owner's text, read the Danish way (a refusal names the column and gives an example)
  v_drop_off := public.owner_parse_local_timestamp(new.drop_off_local, 'drop_off_local');
  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null then
      raise exception 'reference og ready_local udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'bekræftet') <> 'bekræftet' then
      raise exception 'En ny booking får status bekræftet. Lad status være bekræftet.'
        using errcode = 'check_violation';
    end if;
    v_booking := public.owner_book(new.package, v_drop_off, new.customer_name,
                                   new.customer_phone, new.customer_email, new.notes,
                                   p_car_plate => new.car_plate);
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
    if new.status is null then
      raise exception 'status kan ikke være tom. Vælg bekræftet eller aflyst på listen.'
        using errcode = 'check_violation';
    end if;

    -- contact details, notes and car plate
    if (new.customer_name, new.customer_phone, coalesce(new.customer_email, ''), coalesce(new.notes, ''),
        coalesce(new.car_plate, ''))
       is distinct from (old.customer_name, old.customer_phone, coalesce(old.customer_email, ''), coalesce(old.notes, ''),
        coalesce(old.car_plate, '')) then
      perform public.owner_check_customer(trim(coalesce(new.customer_name, '')),
        trim(coalesce(new.customer_phone, '')), trim(coalesce(new.customer_email, '')),
        coalesce(new.notes, ''), trim(coalesce(new.car_plate, '')));
      update public.bookings b
         set customer_name = trim(new.customer_name), customer_phone = trim(new.customer_phone),
             customer_email = trim(coalesce(new.customer_email, '')), notes = coalesce(new.notes, ''),
             car_plate = public.car_plate_normalised(new.car_plate)
       where b.id = v_booking.id
      returning * into v_booking;
    end if;

    if new.status = 'aflyst' and old.status <> 'aflyst' then
      if v_drop_off is distinct from public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local') then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'bekræftet' and old.status = 'aflyst' then
      if v_drop_off is distinct from public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local') then
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
    elsif v_drop_off is distinct from public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local') then
      if new.status = 'aflyst' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, v_drop_off);
    end if;
  end if;
  perform set_config('glanspunkt.owner_editing', '', true);

  -- store the row as the engine left it
  new := public.owner_bookings_row(v_booking);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_row (
  p_booking public.bookings
)
  RETURNS public.owner_bookings
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select p_booking.service_name,
         to_char(p_booking.drop_off_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
         p_booking.customer_name,
         public.phone_display(p_booking.customer_phone),
         nullif(p_booking.customer_email, ''),
         p_booking.notes,
         public.owner_status_of(p_booking.status),
         to_char(p_booking.ready_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
         p_booking.reference,
         p_booking.car_plate;
$function$;

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT g.day,
    r.role,
    ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS drop_off_local,
    ((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS ready_local,
    b.service_name AS package,
    b.customer_name,
    public.phone_display(b.customer_phone) AS customer_phone,
    b.customer_email,
    b.notes,
    public.owner_status_of(b.status) AS status,
    b.reference,
    b.car_plate
   FROM ((public.bookings b
     CROSS JOIN LATERAL ( SELECT (d.d)::date AS day
           FROM generate_series((((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, (((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, '1 day'::interval) d(d)) g)
     CROSS JOIN LATERAL public.booking_day_role(b.*, g.day) r(role, at))
  WHERE ((b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text)) AND (g.day >= ((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date) AND ((b.status <> 'cancelled'::text) OR (r.role = ANY (ARRAY['aflevering'::text, 'aflevering og afhentning'::text]))))
  ORDER BY g.day, r.at, b.reference;

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

COMMENT ON TABLE "public"."owner_bookings" IS 'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: Insert row med package, drop_off_local (f.eks. 05-01-2027 10:00), customer_name og customer_phone (customer_email, notes og car_plate er valgfri). Aflys: vælg status aflyst. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';

COMMENT ON VIEW "public"."owner_agenda" IS 'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

comment on column public.owner_agenda.day is 'Dagen (dansk dato).';
comment on column public.owner_agenda.role is
  'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';
comment on column public.owner_agenda.drop_off_local is
  'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is
  'Hvornår bilen er færdig og kan hentes (dansk tid).';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer, f.eks. +45 20 11 22 33.';
comment on column public.owner_agenda.customer_email is
  'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is
  'bekræftet, eller aflyst (tiden er ledig igen; vises kun på afleveringsdagen).';
comment on column public.owner_agenda.reference is
  'Bookingnummer (står i kundens bekræftelsesmail).';
comment on column public.owner_agenda.car_plate is 'Bilens nummerplade (valgfri).';

REVOKE ALL ON TABLE "public"."owner_agenda" FROM "anon", "authenticated";
