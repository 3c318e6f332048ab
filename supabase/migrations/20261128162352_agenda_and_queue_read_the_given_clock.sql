-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.
-- The clock is a parameter: create_booking and owner_book queue and stamp at p_now, and the
-- agenda is owner_agenda_at(p_now), which owner_agenda reads at now().

SET local check_function_bodies = off;

DROP VIEW "public"."owner_agenda";

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
  p_now             timestamp with time zone DEFAULT now(),
  p_car_plate       text                     DEFAULT ''::text,
  p_sms             boolean                  DEFAULT false
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
                                             p_customer_email, p_customer_phone, p_notes,
                                             p_car_plate, p_sms);
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

  -- a job over several days from a contact that did not turn up before: the owner may want a call
  -- first (setting no_show_requires_call, off by default)
  if public.booking_no_show_call_required(v_candidate.drop_off_at, v_candidate.ready_at,
                                          p_customer_phone, p_customer_email, p_now) then
    return jsonb_build_object('status', 'no_show_call');
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
      p_car_plate => coalesce(p_car_plate, ''),
      p_sms => coalesce(p_sms, false),
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
    jsonb_build_object('cancelToken', v_booking.cancel_token), '{}', p_now);

  return public.booking_result(v_booking);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_agenda_at (
  p_now timestamp with time zone
)
  RETURNS TABLE (
    day            text,
    role           text,
    drop_off_local timestamp without time zone,
    ready_local    timestamp without time zone,
    package        text,
    customer_name  text,
    customer_phone text,
    customer_email text,
    notes          text,
    status         public.owner_status,
    reference      text,
    car_plate      text,
    no_shows       integer
  )
  LANGUAGE sql
  STABLE
  AS $function$
select public.owner_date_canonical(g.day) as day,
       r.role,
       (b.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0) as drop_off_local,
       (coalesce(b.new_ready_at, b.ready_at) at time zone 'Europe/Copenhagen')::timestamp(0) as ready_local,
       b.service_name as package,
       b.customer_name,
       public.phone_display(b.customer_phone) as customer_phone,
       b.customer_email,
       b.notes,
       public.owner_status_of(b.status) as status,
       b.reference,
       b.car_plate,
       public.booking_no_shows(b.customer_phone, b.customer_email, p_now) as no_shows
  from public.bookings b
  -- the days of booking_days, written out so that a filter on day reaches them before the role of
  -- each day is worked out: a day's agenda works out the roles of that day's cars only
 cross join lateral (
   select d::date as day
     from pg_catalog.generate_series((b.drop_off_at at time zone 'Europe/Copenhagen')::date::timestamp,
                          (coalesce(b.new_ready_at, b.ready_at) at time zone 'Europe/Copenhagen')::date::timestamp,
                          interval '1 day') d
 ) g
 cross join lateral public.booking_day_role(b, g.day) r
 -- a car given a later ready time is still here after its planned one (bookings_new_ready_at_idx)
 where (b.ready_at >= ((p_now at time zone 'Europe/Copenhagen')::date)::timestamp
                      at time zone 'Europe/Copenhagen'
        or b.new_ready_at >= ((p_now at time zone 'Europe/Copenhagen')::date)::timestamp
                             at time zone 'Europe/Copenhagen')
   and g.day >= (p_now at time zone 'Europe/Copenhagen')::date
   -- a cancelled booking or a no-show shows on its drop-off day only; a collected car until the
   -- day it was collected
   and (b.status not in ('cancelled', 'no_show') or r.role in ('aflevering', 'aflevering og afhentning'))
   and (b.status <> 'collected'
        or g.day <= coalesce((b.status_changed_at at time zone 'Europe/Copenhagen')::date, g.day))
 order by g.day, r.at nulls last, b.reference;
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
  -- a function argument takes no assignment cast: the numeric column (whole by its check) is
  -- handed over as the integer minutes the plan counts
  v_blocked := public.owner_plan(v_service.duration_minutes::integer, v_drop_off, p_now);

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
$function$;

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT a.day,
    a.role,
    (a.drop_off_local)::timestamp(0) without time zone AS drop_off_local,
    (a.ready_local)::timestamp(0) without time zone AS ready_local,
    a.package,
    a.customer_name,
    a.customer_phone,
    a.customer_email,
    a.notes,
    a.status,
    a.reference,
    a.car_plate,
    a.no_shows
   FROM public.owner_agenda_at(now()) a(day, role, drop_off_local, ready_local, package, customer_name, customer_phone, customer_email, notes, status, reference, car_plate, no_shows);

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

COMMENT ON FUNCTION "public"."owner_agenda_at"(timestamp with time zone) IS 'The rows of owner_agenda as seen at p_now (from p_now''s Copenhagen day on; the no-shows counted up to p_now). owner_agenda is owner_agenda_at(now()).';

COMMENT ON VIEW "public"."owner_agenda" IS 'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

REVOKE ALL ON FUNCTION "public"."owner_agenda_at"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_agenda_at"(timestamp WITH time zone) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

-- dropping the view dropped its column comments: the Table Editor shows them to the owner
comment on column public.owner_agenda.day is 'Dagen som år-måned-dag, f.eks. 2027-01-05 for 5. januar 2027. Filtrér med day equals og datoen skrevet sådan (05-01-2027 finder intet).';
comment on column public.owner_agenda.role is 'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';
comment on column public.owner_agenda.drop_off_local is 'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is 'Hvornår bilen er færdig og kan hentes (dansk tid); den nye færdigtid, når du har givet en.';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer, f.eks. +45 20 11 22 33.';
comment on column public.owner_agenda.customer_email is 'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is 'bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst (tiden er ledig igen). En aflyst booking og en udeblevet kunde vises kun på afleveringsdagen. Ret status i owner_bookings.';
comment on column public.owner_agenda.reference is 'Bookingnummer (står i kundens bekræftelsesmail).';
comment on column public.owner_agenda.car_plate is 'Bilens nummerplade (valgfri).';
comment on column public.owner_agenda.no_shows is 'Hvor mange gange kunden (samme telefonnummer eller e-mailadresse) er udeblevet de seneste 12 måneder.';
