-- Written by npm run db:diff from supabase/schemas/, reviewed: the owner sees each booking's job.
-- owner_bookings and owner_agenda show the car size, the add-ons and the total price as booked, and
-- a phone booking typed into owner_bookings takes the size and the add-ons by name (refused in
-- Danish naming what the package takes); the /ejer page's car carries the job; the page's
-- calendar, times and phone booking take p_car_size and p_addon_ids (and, for a move, p_booking:
-- the booking's own job). (The calendar feed and the morning agenda show the job booking_summary
-- carries.) The owner_agenda view is re-created over the wider owner_agenda_at
-- (its column comments with it), and the rows already in owner_bookings get their job.

SET local check_function_bodies = off;

DROP VIEW "public"."owner_agenda";

DROP FUNCTION "public"."owner_agenda_at"(timestamp WITH time zone);

DROP FUNCTION "public"."owner_available_slots"(uuid, date);

DROP FUNCTION "public"."owner_available_slots_at"(uuid, date, timestamp WITH time zone);

DROP FUNCTION "public"."owner_calendar"(uuid);

DROP FUNCTION "public"."owner_calendar_at"(uuid, timestamp WITH time zone);

DROP FUNCTION "public"."owner_phone_booking"(uuid, uuid, date, text, text, text, text, text, text);

DROP FUNCTION "public"."owner_phone_booking_at"(uuid, uuid, date, text, text, text, text, text, text, timestamp WITH time zone);

ALTER TABLE "public"."owner_bookings"
  ADD COLUMN "car_size" text;

ALTER TABLE "public"."owner_bookings"
  ADD COLUMN "addons" text;

ALTER TABLE "public"."owner_bookings"
  ADD COLUMN "price" numeric;

CREATE OR REPLACE FUNCTION public.owner_addon_ids (
  p_text text
)
  RETURNS uuid[]
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_addon_names (
  p_job jsonb
)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  -- PL/pgSQL: its plan is kept for the session (it is asked for every row of a day)
  return (select string_agg(e.value ->> 'name', ', ' order by e.ordinality)
            from jsonb_array_elements(coalesce(p_job -> 'addons', '[]'::jsonb)) with ordinality e);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_addons_of (
  p_service_id uuid
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select coalesce(string_agg(a.name, ', ' order by a.sort_order, a.name), 'ingen')
    from public.addons a
   where a.is_active
     and exists (select 1 from public.addon_services x
                  where x.addon_id = a.id and x.service_id = p_service_id);
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
    car_size       text,
    addons         text,
    price          numeric,
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
       -- the job as booked (bookings.job): the size's and the add-ons' names then, the total price
       b.job ->> 'carSizeName' as car_size,
       public.owner_addon_names(b.job) as addons,
       b.price::numeric as price,
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

CREATE OR REPLACE FUNCTION public.owner_available_slots (
  p_service_id uuid,
  p_day        date,
  p_car_size   text   DEFAULT NULL::text,
  p_addon_ids  uuid[] DEFAULT NULL::uuid[],
  p_booking    uuid   DEFAULT NULL::uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_available_slots_at(p_service_id, p_day, now(), p_car_size, p_addon_ids,
                                         p_booking);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_available_slots_at (
  p_service_id uuid,
  p_day        date,
  p_now        timestamp with time zone,
  p_car_size   text                     DEFAULT NULL::text,
  p_addon_ids  uuid[]                   DEFAULT NULL::uuid[],
  p_booking    uuid                     DEFAULT NULL::uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_result jsonb;
begin
  if p_booking is not null then
    -- a move keeps the job as booked: its own length, its own time free
    v_booking := public.owner_page_moved(p_booking);
    v_result := public.get_available_slots(v_booking.service_id, p_day, p_now, v_booking.id, true);
  else
    perform public.owner_page_job(p_service_id, p_car_size, p_addon_ids);
    v_result := public.get_available_slots(p_service_id, p_day, p_now, null, true, p_car_size,
                                           p_addon_ids);
  end if;
  if v_result ? 'error' then
    raise exception 'Vælg en gyldig service.' using errcode = 'invalid_parameter_value';
  end if;
  return v_result;
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_row (
  p_booking public.bookings
)
  RETURNS public.owner_bookings
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_calendar (
  p_service_id uuid,
  p_car_size   text   DEFAULT NULL::text,
  p_addon_ids  uuid[] DEFAULT NULL::uuid[],
  p_booking    uuid   DEFAULT NULL::uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_calendar_at(p_service_id, now(), p_car_size, p_addon_ids, p_booking);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_calendar_at (
  p_service_id uuid,
  p_now        timestamp with time zone,
  p_car_size   text                     DEFAULT NULL::text,
  p_addon_ids  uuid[]                   DEFAULT NULL::uuid[],
  p_booking    uuid                     DEFAULT NULL::uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
begin
  if p_booking is not null then
    -- a move keeps the job as booked: its own length, its own time free
    v_booking := public.owner_page_moved(p_booking);
    return public.booking_calendar(v_booking.service_id, p_now, v_booking.id, true,
                                   v_booking.duration_minutes);
  end if;
  return public.booking_calendar(p_service_id, p_now, null, true,
    (public.owner_page_job(p_service_id, p_car_size, p_addon_ids) ->> 'minutes')::integer);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_car_of (
  p_booking public.bookings,
  p_role    text,
  p_at      timestamp with time zone,
  p_now     timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- PL/pgSQL: its plan is kept for the session (an SQL function with SET is planned again for
  -- every car of the day)
  return (select jsonb_build_object(
    'id', p_booking.id,
    'reference', p_booking.reference,
    'role', p_role,
    'at', public.copenhagen_iso(p_at),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'ready', public.copenhagen_iso(coalesce(p_booking.new_ready_at, p_booking.ready_at)),
    'package', p_booking.service_name,
    'serviceId', p_booking.service_id,
    -- the job as booked (bookings.job): the size, the add-ons and the total price
    'carSize', p_booking.car_size,
    'carSizeName', p_booking.job ->> 'carSizeName',
    'addons', coalesce(p_booking.job -> 'addons', '[]'::jsonb),
    'price', p_booking.price,
    'customerName', p_booking.customer_name,
    'phone', p_booking.customer_phone,
    'phoneDisplay', public.phone_display(p_booking.customer_phone),
    'email', p_booking.customer_email,
    'carPlate', p_booking.car_plate,
    'notes', p_booking.notes,
    'status', p_booking.status,
    'statusText', public.booking_status_text(p_booking.status),
    'noShows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email, p_now),
    'source', p_booking.source,
    'next', to_jsonb(n.next),
    -- a tap to ready tells the customer (booking_queue_car_ready: once per booking, only with an
    -- address and the setting on): the page asks before that tap
    'nextNotifies', to_jsonb(array(
      select s from unnest(n.next) s
       where s = 'ready' and public.booking_car_message_notifies(p_booking)
         and not exists (select 1 from public.email_outbox o
                          where o.idempotency_key = 'car_ready:' || p_booking.id
                            and o.status in ('sending', 'sent')))),
    'undo', (select jsonb_build_object('status', u.from_status, 'until', public.copenhagen_iso(u.until))
               from public.booking_status_undo u
              where u.booking_id = p_booking.id and u.to_status = p_booking.status and u.until > p_now),
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', o.kind,
               'channel', case when o.kind like 'sms\_%' then 'sms' else 'email' end,
               -- a message being handed to the provider right now is still on its way
               'status', case when o.status = 'sending' then 'pending' else o.status end,
               'due', case when o.status in ('pending', 'sending') then public.copenhagen_iso(o.next_attempt_at) end,
               'sentAt', public.copenhagen_iso(o.sent_at))
             order by o.created_at, o.kind)
        from public.email_outbox o
       where o.booking_id = p_booking.id
         and o.kind not in ('owner_notification', 'owner_cancellation', 'owner_booking_moved', 'owner_agenda')),
      '[]'::jsonb))
    from (select public.owner_car_next(p_booking, p_now) as next) n);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_car_size_code (
  p_text text
)
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_job (
  p_service public.services,
  p_request public.booking_request
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_page_job (
  p_service_id uuid,
  p_car_size   text,
  p_addon_ids  uuid[]
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_service public.services;
begin
  select * into v_service from public.services s where s.id = p_service_id;
  if not found then
    raise exception 'Vælg en gyldig service.' using errcode = 'invalid_parameter_value';
  end if;
  -- the owner's booking's own answer (owner_job: Danish, naming the size or add-on)
  return public.owner_job(v_service, jsonb_populate_record(null::public.booking_request,
    jsonb_build_object('car_size', p_car_size, 'addon_ids', p_addon_ids)));
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_page_moved (
  p_booking uuid
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings b where b.id = p_booking and b.anonymised_at is null;
  if not found then
    raise exception 'Bookingen findes ikke (længere). Opdater siden.' using errcode = 'PT404';
  end if;
  return v_booking;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_phone_booking (
  p_request_id     uuid,
  p_service_id     uuid,
  p_date           date,
  p_time           text,
  p_customer_name  text,
  p_customer_phone text,
  p_customer_email text,
  p_car_plate      text,
  p_notes          text,
  p_car_size       text   DEFAULT NULL::text,
  p_addon_ids      uuid[] DEFAULT NULL::uuid[]
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_phone_booking_at(p_request_id, p_service_id, p_date, p_time, p_customer_name,
    p_customer_phone, p_customer_email, p_car_plate, p_notes, now(), p_car_size, p_addon_ids);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_phone_booking_at (
  p_request_id     uuid,
  p_service_id     uuid,
  p_date           date,
  p_time           text,
  p_customer_name  text,
  p_customer_phone text,
  p_customer_email text,
  p_car_plate      text,
  p_notes          text,
  p_now            timestamp with time zone,
  p_car_size       text                     DEFAULT NULL::text,
  p_addon_ids      uuid[]                   DEFAULT NULL::uuid[]
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_key text := 'owner:' || p_request_id;
  v_package text;
  v_booking public.bookings;
begin
  if p_request_id is null then
    raise exception 'Bookingen mangler sit id fra siden. Genindlæs siden, og prøv igen.'
      using errcode = 'invalid_parameter_value';
  end if;
  if p_date is null then
    raise exception 'Vælg en gyldig dato.' using errcode = 'invalid_parameter_value';
  end if;
  -- the same request twice waits here for the first; its booking (committed by then) is the answer
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(v_key, 0));
  select * into v_booking from public.bookings b where b.idempotency_key = v_key;
  if found then
    return jsonb_build_object('created', false,
      'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
  end if;

  select s.name into v_package from public.services s where s.id = p_service_id;
  if v_package is null then
    raise exception 'Vælg en gyldig service.' using errcode = 'invalid_parameter_value';
  end if;
  begin
    v_booking := public.owner_book(v_package,
      jsonb_populate_record(null::public.booking_request, jsonb_build_object(
        'booking_date', p_date,
        'booking_time', public.owner_time_of(p_time),
        'customer_name', p_customer_name,
        'customer_phone', p_customer_phone,
        'customer_email', coalesce(p_customer_email, ''),
        'car_plate', coalesce(p_car_plate, ''),
        'notes', coalesce(p_notes, ''),
        'car_size', p_car_size,
        'addon_ids', p_addon_ids)),
      p_now);
  exception when exclusion_violation then
    -- the time was taken: a conflict, as the online form answers it
    raise exception '%', sqlerrm using errcode = 'PT409';
  end;
  -- the page's request id, as the form's idempotency key (unique: the backstop of the lock)
  update public.bookings b set idempotency_key = v_key where b.id = v_booking.id
  returning * into v_booking;
  return jsonb_build_object('created', true,
    'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_sizes_of (
  p_service_id uuid
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  -- the standard size is the package's own price; another needs its row in service_size_prices
  select coalesce(string_agg(c.name, ', ' order by c.sort_order, c.code), 'ingen')
    from public.car_sizes c
   where c.is_active
     and (c.is_standard
          or exists (select 1 from public.service_size_prices p
                      where p.service_id = p_service_id and p.car_size = c.code));
$function$;

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT a.day,
    a.role,
    (a.drop_off_local)::timestamp(0) without time zone AS drop_off_local,
    (a.ready_local)::timestamp(0) without time zone AS ready_local,
    a.package,
    a.car_size,
    a.addons,
    a.price,
    a.customer_name,
    a.customer_phone,
    a.customer_email,
    a.notes,
    a.status,
    a.reference,
    a.car_plate,
    a.no_shows
   FROM public.owner_agenda_at(now()) a(day, role, drop_off_local, ready_local, package, car_size, addons, price, customer_name, customer_phone, customer_email, notes, status, reference, car_plate, no_shows);

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

-- the view's column comments went with it
comment on column public.owner_agenda.day is
  'Dagen som år-måned-dag, f.eks. 2027-01-05 for 5. januar 2027. Filtrér med day equals og datoen skrevet sådan (05-01-2027 finder intet).';
comment on column public.owner_agenda.role is
  'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';
comment on column public.owner_agenda.drop_off_local is
  'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is
  'Hvornår bilen er færdig og kan hentes (dansk tid); den nye færdigtid, når du har givet en.';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.car_size is
  'Bilens størrelse, f.eks. Almindelig personbil eller Stor bil (SUV, stationcar, 7-personers).';
comment on column public.owner_agenda.addons is
  'De bookede tilvalg, f.eks. Motorvask, Ozonbehandling (tom, når der ingen er).';
comment on column public.owner_agenda.price is
  'Hele prisen i kroner inkl. moms: pakken til bilens størrelse plus tilvalgene, som den blev booket.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer, f.eks. +45 20 11 22 33.';
comment on column public.owner_agenda.customer_email is
  'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is
  'bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst (tiden er ledig igen). En aflyst booking og en udeblevet kunde vises kun på afleveringsdagen. Ret status i owner_bookings.';
comment on column public.owner_agenda.reference is
  'Bookingnummer (står i kundens bekræftelsesmail).';
comment on column public.owner_agenda.car_plate is 'Bilens nummerplade (valgfri).';
comment on column public.owner_agenda.no_shows is
  'Hvor mange gange kunden (samme telefonnummer eller e-mailadresse) er udeblevet de seneste 12 måneder.';

COMMENT ON COLUMN "public"."owner_bookings"."addons" IS 'Tilvalg (valgfri): navnene som i addons, adskilt af komma, f.eks. Motorvask, Ozonbehandling. Kun tilvalg, der passer til pakken (addon_services). Kan ikke skiftes på en booking (aflys og book igen).';

COMMENT ON COLUMN "public"."owner_bookings"."car_size" IS 'Bilens størrelse: navnet eller koden som i car_sizes, f.eks. stor-bil eller Stor bil (SUV, stationcar, 7-personers). Tom = almindelig personbil. Vises med navnet. Kan ikke skiftes på en booking (aflys og book igen).';

COMMENT ON COLUMN "public"."owner_bookings"."price" IS 'Hele prisen i kroner inkl. moms: pakken til bilens størrelse plus tilvalgene, som den blev booket (udregnes automatisk; lad feltet være tomt).';

COMMENT ON FUNCTION "public"."owner_addon_ids"(text) IS 'The add-ons the owner typed in owner_bookings.addons (names as in addons, comma-separated, any case; empty: none) as their ids, in the order typed, or a Danish exception naming the one that does not exist. Whether they can be booked with the package is owner_job''s question.';

COMMENT ON FUNCTION "public"."owner_addon_names"(jsonb) IS 'The add-ons of a job (bookings.job, as booked) by name, comma-separated in the job''s order, e.g. Motorvask, Ozonbehandling; null when none. How the owner''s table, agenda, calendar and morning e-mail write them, and how owner_addon_ids reads them back.';

COMMENT ON FUNCTION "public"."owner_addons_of"(uuid) IS 'The names of the add-ons that can be booked with a package now, in the owner''s order, for the owner''s Danish refusals (''ingen'' when none).';

COMMENT ON FUNCTION "public"."owner_agenda_at"(timestamp with time zone) IS 'The rows of owner_agenda as seen at p_now (from p_now''s Copenhagen day on; the no-shows counted up to p_now). owner_agenda is owner_agenda_at(now()).';

COMMENT ON FUNCTION "public"."owner_available_slots"(uuid, date, text, uuid[], uuid) IS 'The free drop-off times of a day for a job (or for moving p_booking) on the owner page now (owner_available_slots_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_available_slots_at"(uuid, date, timestamp with time zone, text, uuid[], uuid) IS 'The free drop-off times of a day for the owner page at p_now: get_available_slots in the owner''s window (today included, only times after p_now), {slots, readyAt}, for a job (the package, p_car_size, p_addon_ids; refused in Danish as the phone booking would be, owner_page_job) or, with p_booking, for moving that booking (its job as booked, its own time free; PT404 when it is gone).';

COMMENT ON FUNCTION "public"."owner_book"(text, public.booking_request, timestamp with time zone) IS 'Books a job for the owner (phone or walk-in): the package by its name, the request''s car size and add-ons (owner_job: refused in Danish when the package cannot be booked with them), the request''s date and time are the Copenhagen wall-clock drop-off, today or later, any minute within opening hours, on a free bay (the exclusion constraint settles races); its service_id is the package''s. Queues the customer confirmation when there is an e-mail and owner_bookings_send_email is on. Raises a Danish exception otherwise.';

COMMENT ON FUNCTION "public"."owner_bookings_edit"() IS 'Trigger function of owner_bookings: the owner''s own statements write through to bookings: insert books (owner_book; the package, car_size and addons by name: owner_car_size_code, owner_addon_ids), status aflyst cancels (owner_cancel), bekræftet reconfirms, the car''s states (ankommet, klar, afhentet, udeblevet) go through booking_set_status, a new drop_off_local (Danish date and time, owner_parse_local_timestamp) moves (owner_move), a new ready_local tells the customer a new ready time (owner_set_ready_time), contact fields are corrected (never the size, add-ons or price: the job as booked); delete and other changes are refused in Danish. What the owner typed is never stored: the row stored (and returned) is owner_bookings_row of the booking as the engine left it. A write from inside a trigger (pg_trigger_depth above 1: owner_bookings_sync, a foreign key cascade) passes through.';

COMMENT ON FUNCTION "public"."owner_bookings_row"(public.bookings) IS 'The owner_bookings row of a booking: the request''s fields by name, Copenhagen wall-clock times as 2027-01-05 10:00 (ready_local is the new ready time when the owner gave one), the phone grouped (phone_display), the Danish status, the contact''s no-shows of the last 12 months (booking_no_shows), the job as booked: the car size''s name, the add-ons'' names (owner_addon_names, null when none) and the total price.';

COMMENT ON FUNCTION "public"."owner_calendar"(uuid, text, uuid[], uuid) IS 'The owner page''s booking calendar of a job (or of moving p_booking) now (owner_calendar_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_calendar_at"(uuid, timestamp with time zone, text, uuid[], uuid) IS 'The owner page''s booking calendar at p_now: booking_calendar in the owner''s window (from today) for a job (owner_page_job: the package, p_car_size, p_addon_ids; refused in Danish when it cannot be booked), or, with p_booking, for moving that booking (its job as booked, its own time free; PT404 when it is gone).';

COMMENT ON FUNCTION "public"."owner_calendar_bookings"(timestamp with time zone) IS 'The bookings of the owner''s calendar feed (owner-calendar function): jobs not over more than 7 days ago, cancelled ones included, with customer details, the job as booked (booking_summary''s job: the car size and add-ons), work periods, the ready time (the new one when the owner gave one), the status in Danish (statusText) and the contact''s no-shows in the last 12 months (noShows).';

COMMENT ON FUNCTION "public"."owner_car_of"(public.bookings, text, timestamp with time zone, timestamp with time zone) IS 'A booking as the owner page shows it, given its role and time on the day shown (booking_day_role; the Car of the page''s contract): drop-off and ready time (ISO, Copenhagen offset), package, the job as booked (carSize, carSizeName, addons [{id, name, price, minutes}], price: the total), customer, status in Danish, no-shows (booking_no_shows), the taps allowed now (next; nextNotifies: those that message the customer), the undo of the last tap while its window lasts, and the customer''s messages (email_outbox, e-mail and SMS) with their state.';

COMMENT ON FUNCTION "public"."owner_car_size_code"(text) IS 'The car size the owner typed in owner_bookings.car_size (its name or its code, any case; empty: the standard size) as its code, or a Danish exception naming the sizes there are. Whether the package can be booked for it is owner_job''s question.';

COMMENT ON FUNCTION "public"."owner_job"(public.services, public.booking_request) IS 'The job (booking_job) of the owner''s booking: the package with the request''s size and add-ons, or a Danish exception naming what cannot be booked and why (the size or the add-on, and what the package can be booked with).';

COMMENT ON FUNCTION "public"."owner_page_job"(uuid, text, uuid[]) IS 'The job (booking_job) the owner page asks days and times for: a package by id with a car size and add-ons, or the Danish refusal the phone booking would give (owner_job; an unknown package: Vælg en gyldig service.).';

COMMENT ON FUNCTION "public"."owner_page_moved"(uuid) IS 'The booking the owner page is moving, for its days and times (not locked: they are only read); a missing (or anonymised) one is refused in Danish with HTTP 404 (PT404).';

COMMENT ON FUNCTION "public"."owner_phone_booking"(uuid, uuid, date, text, text, text, text, text, text, text, uuid[]) IS 'A phone booking of a job (the package, p_car_size, p_addon_ids) from the owner page now (owner_phone_booking_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_phone_booking_at"(uuid, uuid, date, text, text, text, text, text, text, timestamp with time zone, text, uuid[]) IS 'A phone booking from the owner page at p_now: owner_book (the owner''s rules: today on, any minute in opening hours; the customer''s e-mails as for owner_bookings) of the job (the package, p_car_size: a car_sizes code, null for the ordinary car, p_addon_ids; owner_job refuses in Danish what cannot be booked) at a Copenhagen date and HH:MM. p_request_id is the page''s id of the request, stored as bookings.idempotency_key owner:<id>: the same id again, also racing, answers the first booking ({created: false}). A taken time is PT409 (HTTP 409); the engine''s other refusals stand. Returns {created, car}.';

COMMENT ON FUNCTION "public"."owner_sizes_of"(uuid) IS 'The names of the car sizes a package can be booked for now, in the owner''s order, for the owner''s Danish refusals (''ingen'' when none).';

COMMENT ON TABLE "public"."owner_bookings" IS 'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: Insert row med package, drop_off_local (f.eks. 05-01-2027 10:00), customer_name og customer_phone (car_size, addons, customer_email, notes og car_plate er valgfri). Aflys: vælg status aflyst. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';

COMMENT ON VIEW "public"."owner_agenda" IS 'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

REVOKE ALL ON FUNCTION "public"."owner_addon_ids"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_addon_ids"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_addon_names"(jsonb) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_addon_names"(jsonb) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_addons_of"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_addons_of"(uuid) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_agenda_at"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_agenda_at"(timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_available_slots"(uuid, date, text, uuid[], uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_available_slots"(uuid, date, text, uuid[], uuid) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_available_slots_at"(uuid, date, timestamp WITH time zone, text, uuid[], uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_available_slots_at"(uuid, date, timestamp WITH time zone, text, uuid[], uuid) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_calendar"(uuid, text, uuid[], uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_calendar"(uuid, text, uuid[], uuid) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_calendar_at"(uuid, timestamp WITH time zone, text, uuid[], uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_calendar_at"(uuid, timestamp WITH time zone, text, uuid[], uuid) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_car_size_code"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_car_size_code"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_page_job"(uuid, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_page_job"(uuid, text, uuid[]) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_page_moved"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_page_moved"(uuid) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_phone_booking"(uuid, uuid, date, text, text, text, text, text, text, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_phone_booking"(uuid, uuid, date, text, text, text, text, text, text, text, uuid[]) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_phone_booking_at"(uuid, uuid, date, text, text, text, text, text, text, timestamp WITH time zone, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."owner_phone_booking_at"(uuid, uuid, date, text, text, text, text, text, text, timestamp WITH time zone, text, uuid[])
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_sizes_of"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_sizes_of"(uuid) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

-- the rows already in owner_bookings: their job as booked (owner_bookings_row), written past the
-- owner's edit trigger, which refuses a change of the job
alter table public.owner_bookings disable trigger owner_bookings_edit;

update public.owner_bookings o
   set car_size = r.car_size, addons = r.addons, price = r.price
  from public.bookings b
 cross join lateral public.owner_bookings_row(b) r
 where b.reference = o.reference;

alter table public.owner_bookings enable trigger owner_bookings_edit;
