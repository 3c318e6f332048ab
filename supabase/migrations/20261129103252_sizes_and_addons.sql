-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.
-- Reviewed: the request's two new attributes are added in the schema's order (car_size, then
-- addon_ids; the diff wrote them the other way round); the changed signatures are dropped and made
-- again with their grants (get_booking_calendar keeps the anon grant, get_available_slots the
-- service role's). At the end, by hand: the car sizes the engine needs (the standard size is the
-- packages' own price and time), and the bookings made before them as the ordinary car's jobs.

SET local check_function_bodies = off;

DROP FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid, boolean);

DROP FUNCTION "public"."booking_candidates"(uuid, date, timestamp WITH time zone, boolean);

DROP FUNCTION "public"."booking_insert"(uuid, public.services, public.booking_request, timestamp WITH time zone, timestamp
  WITH time zone, tstzrange[], text, text, text, text, timestamp WITH time zone);

DROP FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid, boolean);

DROP FUNCTION "public"."get_booking_calendar"(uuid);

CREATE TABLE "public"."addon_services" (
  "addon_id"   uuid NOT NULL,
  "service_id" uuid NOT NULL,
  CONSTRAINT "addon_services_pkey" PRIMARY KEY (addon_id, service_id)
);

ALTER TABLE "public"."addon_services"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "public"."addons" (
  "id"               uuid                     NOT NULL DEFAULT gen_random_uuid(),
  "name"             text                     NOT NULL,
  "description"      text                     NOT NULL DEFAULT ''::text,
  "price"            numeric                  NOT NULL,
  "duration_minutes" numeric                  NOT NULL DEFAULT 0,
  "sort_order"       numeric                  NOT NULL DEFAULT 0,
  "is_active"        boolean                  NOT NULL DEFAULT true,
  "created_at"       timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at"       timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "addons_duration_minutes_whole_0_to_1440"
    CHECK (((duration_minutes = trunc(duration_minutes)) AND ((duration_minutes >= (0)::numeric) AND (duration_minutes <= (1440)::numeric)))),
  CONSTRAINT "addons_name_key" UNIQUE (name),
  CONSTRAINT "addons_pkey" PRIMARY KEY (id),
  CONSTRAINT "addons_price_whole_kroner_1_to_100000" CHECK (((price = trunc(price)) AND ((price >= (1)::numeric) AND (price <= (100000)::numeric)))),
  CONSTRAINT "addons_sort_order_whole_within_a_million"
    CHECK (((sort_order = trunc(sort_order)) AND ((sort_order >= ('-1000000'::integer)::numeric) AND (sort_order <= (1000000)::numeric))))
);

ALTER TABLE "public"."addons"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "public"."car_sizes" (
  "code"        text                     NOT NULL,
  "name"        text                     NOT NULL,
  "description" text                     NOT NULL DEFAULT ''::text,
  "sort_order"  numeric                  NOT NULL DEFAULT 0,
  "is_standard" boolean                  NOT NULL DEFAULT false,
  "is_active"   boolean                  NOT NULL DEFAULT true,
  "created_at"  timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at"  timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "car_sizes_code_format" CHECK ((code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text)),
  CONSTRAINT "car_sizes_name_key" UNIQUE (name),
  CONSTRAINT "car_sizes_pkey" PRIMARY KEY (code),
  CONSTRAINT "car_sizes_sort_order_whole_within_a_million"
    CHECK (((sort_order = trunc(sort_order)) AND ((sort_order >= ('-1000000'::integer)::numeric) AND (sort_order <= (1000000)::numeric)))),
  CONSTRAINT "car_sizes_standard_is_active" CHECK ((is_active OR (NOT is_standard)))
);

ALTER TABLE "public"."car_sizes"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "public"."service_size_prices" (
  "service_id"    uuid                     NOT NULL,
  "car_size"      text                     NOT NULL,
  "price"         numeric                  NOT NULL,
  "extra_minutes" numeric                  NOT NULL DEFAULT 0,
  "created_at"    timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at"    timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "service_size_prices_extra_minutes_whole_0_to_10080"
    CHECK (((extra_minutes = trunc(extra_minutes)) AND ((extra_minutes >= (0)::numeric) AND (extra_minutes <= (10080)::numeric)))),
  CONSTRAINT "service_size_prices_pkey" PRIMARY KEY (service_id, car_size),
  CONSTRAINT "service_size_prices_price_whole_kroner_1_to_1000000" CHECK (((price = trunc(price)) AND ((price >= (1)::numeric) AND (price <= (1000000)::numeric))))
);

ALTER TABLE "public"."service_size_prices"
  ENABLE ROW LEVEL SECURITY;

ALTER TABLE "public"."bookings"
  ADD COLUMN "car_size" text NOT NULL DEFAULT ''::text;

ALTER TABLE "public"."bookings"
  ADD COLUMN "addon_ids" uuid[] NOT NULL DEFAULT '{}'::uuid[];

ALTER TABLE "public"."bookings"
  ADD COLUMN "job" jsonb;

ALTER TYPE "public"."booking_request" ADD ATTRIBUTE "car_size" text CASCADE;

ALTER TYPE "public"."booking_request" ADD ATTRIBUTE "addon_ids" uuid[] CASCADE;

CREATE OR REPLACE FUNCTION public.addon_services_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if new.addon_id is null or not exists (select 1 from public.addons a where a.id = new.addon_id) then
    raise exception 'Vælg tilvalget i addon_id (et tilvalg fra addons).' using errcode = 'foreign_key_violation';
  end if;
  if new.service_id is null or not exists (select 1 from public.services s where s.id = new.service_id) then
    raise exception 'Vælg pakken i service_id (en pakke fra services).' using errcode = 'foreign_key_violation';
  end if;
  if tg_op = 'INSERT' and exists (select 1 from public.addon_services x
                                    where x.addon_id = new.addon_id and x.service_id = new.service_id) then
    raise exception 'Tilvalget passer allerede til den pakke.' using errcode = 'unique_violation';
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.addons_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if tg_op = 'UPDATE' and (new.id, new.created_at) is distinct from (old.id, old.created_at) then
    raise exception 'id og created_at udfyldes automatisk og kan ikke rettes.' using errcode = 'feature_not_supported';
  end if;
  if new.name is null or btrim(new.name) = '' then
    raise exception 'Skriv tilvalgets navn i name, f.eks. Motorvask.' using errcode = 'not_null_violation';
  end if;
  new.name := btrim(new.name);
  if exists (select 1 from public.addons a where lower(a.name) = lower(new.name) and a.id is distinct from new.id) then
    raise exception 'Der er allerede et tilvalg, der hedder "%". Giv det et andet navn.', new.name
      using errcode = 'unique_violation';
  end if;
  new.description := btrim(coalesce(new.description, ''));
  if new.price is null then
    raise exception 'price mangler. Skriv prisen i hele kroner, f.eks. 299.' using errcode = 'not_null_violation';
  end if;
  if new.price <> trunc(new.price) or new.price not between 1 and 100000 then
    raise exception 'price: % kan ikke bruges. Skriv prisen i hele kroner fra 1 til 100000, f.eks. 299.', new.price
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes is null then
    new.duration_minutes := 0;
  end if;
  if new.duration_minutes <> trunc(new.duration_minutes) or new.duration_minutes not between 0 and 1440 then
    raise exception 'duration_minutes: % kan ikke bruges. Skriv minutterne som et helt tal fra 0 til 1440, f.eks. 45 (0 = ingen ekstra tid).', new.duration_minutes
      using errcode = 'check_violation';
  end if;
  if new.sort_order is null then
    raise exception 'sort_order mangler. Skriv et helt tal, f.eks. 10 (laveste tal står først).' using errcode = 'not_null_violation';
  end if;
  if new.sort_order <> trunc(new.sort_order) or new.sort_order not between -1000000 and 1000000 then
    raise exception 'sort_order: % kan ikke bruges. Skriv et helt tal fra -1000000 til 1000000, f.eks. 10.', new.sort_order
      using errcode = 'check_violation';
  end if;
  if new.is_active is null then
    raise exception 'is_active skal være true (kan vælges) eller false (slået fra).' using errcode = 'not_null_violation';
  end if;
  new.price := trunc(new.price);
  new.duration_minutes := trunc(new.duration_minutes);
  new.sort_order := trunc(new.sort_order);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.addons_refuse_delete()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if exists (select 1 from public.bookings b where old.id = any (b.addon_ids)) then
    raise exception 'Tilvalget "%" er booket og kan ikke slettes. Slå det fra i stedet: sæt is_active til false.', old.name
      using errcode = 'foreign_key_violation';
  end if;
  return old;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_calendar (
  p_service_id  uuid,
  p_now         timestamp with time zone DEFAULT now(),
  p_own_booking uuid                     DEFAULT NULL::uuid,
  p_owner       boolean                  DEFAULT false,
  p_minutes     integer                  DEFAULT NULL::integer
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET "TimeZone" TO 'Europe/Copenhagen'
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  -- the owner's window starts today (booking_candidates' p_owner); it ends where the customers' does
  v_min integer := case when p_owner then 0 else public.booking_setting('min_advance_booking_days', 1) end;
  v_max integer := public.booking_setting('max_advance_booking_days', 60);
  v_days jsonb;
  v_minutes integer;
begin
  -- the job's length: as given (booking_job's, or a moved booking's own), else the package's own
  select coalesce(p_minutes, s.duration_minutes) into v_minutes
    from public.services s where s.id = p_service_id and s.is_active;
  if v_minutes is null then
    raise exception using
      errcode = 'P0001',
      message = 'Ukendt service.',
      hint = 'Vælg en af de viste services.';
  end if;
  if v_max < v_min then
    v_max := v_min;
  end if;

  -- every day from today to the window's end; the rule of each day, and for an open day in the
  -- window whether any drop-off time is still free for this package and the first of them (the
  -- form offers the next free time with it when a chosen day is full)
  select jsonb_agg(
           jsonb_strip_nulls(jsonb_build_object(
             'day', to_char(d.day, 'YYYY-MM-DD'),
             'status', case
               when d.status is not null then d.status
               when d.first_time is null then 'full'
               else 'bookable' end,
             'time', d.first_time,
             'holiday', d.holiday))
           order by d.day)
    into v_days
    from (
      select g.day::date as day,
             r.holiday,
             case
               when g.day < v_today + v_min then 'outside_window'
               when r.closed_reason is not null then r.closed_reason
             end as status,
             case
               when g.day >= v_today + v_min and r.closed_reason is null then
                 public.booking_free_times(p_service_id, g.day::date, p_now, v_minutes,
                                           p_own_booking, p_owner) -> 'slots' ->> 0
             end as first_time
        from generate_series(v_today, v_today + v_max, interval '1 day') as g(day)
        cross join lateral public.booking_day_rule(g.day::date) r
    ) as d;

  return jsonb_build_object(
    'today', to_char(v_today, 'YYYY-MM-DD'),
    'first', to_char(v_today + v_min, 'YYYY-MM-DD'),
    'last', to_char(v_today + v_max, 'YYYY-MM-DD'),
    'days', coalesce(v_days, '[]'::jsonb));
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_candidates (
  p_service_id uuid,
  p_day        date,
  p_now        timestamp with time zone DEFAULT now(),
  p_owner      boolean                  DEFAULT false,
  p_minutes    integer                  DEFAULT NULL::integer
)
  RETURNS TABLE (
    slot        text,
    drop_off_at timestamp with time zone,
    ready_at    timestamp with time zone,
    blocked     tstzrange[]
  )
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_min integer;
  v_max integer;
  v_step integer;
  v_buffer interval;
  v_minutes integer;
  v_job interval;
  v_open timestamptz;
  v_close timestamptz;
  v_work tstzrange[];
  v_last integer;
begin
  -- the rule settings in one read; a missing or malformed value falls back to the default
  select coalesce(max(trim(s.value)::integer) filter (where s.key = 'min_advance_booking_days'), 1),
         coalesce(max(trim(s.value)::integer) filter (where s.key = 'max_advance_booking_days'), 60),
         coalesce(max(trim(s.value)::integer) filter (where s.key = 'slot_interval_minutes'), 30),
         make_interval(mins => coalesce(max(trim(s.value)::integer) filter (where s.key = 'buffer_minutes'), 0))
    into v_min, v_max, v_step, v_buffer
    from public.settings s
   where s.key in ('min_advance_booking_days', 'max_advance_booking_days', 'slot_interval_minutes',
                   'buffer_minutes')
     and s.value ~ '^\s*[0-9]{1,9}\s*$';
  if v_step < 5 then
    v_step := 30;
  end if;
  -- the owner (the /ejer page) books today too; the rest of the rules are the customers'
  if p_owner then
    v_min := 0;
  end if;

  -- the job's minutes (booking_job: package, size, add-ons), else the package's own
  select coalesce(p_minutes, sv.duration_minutes) into v_minutes
    from public.services sv where sv.id = p_service_id and sv.is_active;
  if v_minutes is null or v_minutes < 1 or p_day < v_today + v_min or p_day > v_today + v_max then
    return;
  end if;
  select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(p_day) h;
  if v_open is null then
    return;
  end if;
  v_job := make_interval(mins => v_minutes);

  if v_job > v_close - v_open then
    -- a job longer than the whole day starts at opening time and continues on the next open days
    v_work := public.booking_job_periods(v_open, v_minutes);
    if v_work is null or v_open <= p_now then
      return;
    end if;
    v_last := array_length(v_work, 1);
    slot := to_char(v_open at time zone 'Europe/Copenhagen', 'HH24:MI');
    drop_off_at := v_open;
    ready_at := upper(v_work[v_last]);
    blocked := v_work;
    blocked[v_last] := tstzrange(lower(v_work[v_last]), ready_at + v_buffer, '[)');
    return next;
    return;
  end if;

  -- a job that fits the day may start at any grid time (wall clock) that lets it finish by closing
  return query
    select to_char(g.l, 'HH24:MI'), x.d, x.d + v_job, array[tstzrange(x.d, x.d + v_job + v_buffer, '[)')]
      from generate_series(v_open at time zone 'Europe/Copenhagen', v_close at time zone 'Europe/Copenhagen',
                           make_interval(mins => v_step)) as g(l)
      cross join lateral (select g.l at time zone 'Europe/Copenhagen' as d) as x
     where x.d + v_job <= v_close and x.d > p_now
     order by g.l;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_contact (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  -- every attribute of the request but what the visitor chose (booking_summary has the job and
  -- the time), under the create-booking function's names: customer_phone is customerPhone
  return (
    select coalesce(jsonb_object_agg(
             lower(left(r.key, 1))
               || substr(replace(initcap(replace(r.key, '_', ' ')), ' ', ''), 2),
             r.value), '{}'::jsonb)
      from jsonb_each(to_jsonb(public.booking_request_of(p_booking))
                      - public.booking_request_choices()) r);
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_free_times (
  p_service_id  uuid,
  p_date        date,
  p_now         timestamp with time zone,
  p_minutes     integer,
  p_own_booking uuid                     DEFAULT NULL::uuid,
  p_owner       boolean                  DEFAULT false
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET "TimeZone" TO 'Europe/Copenhagen'
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_capacity integer := greatest(1, least(public.booking_setting('workshop_capacity', 1), 50));
  v_result jsonb;
begin
  -- one read of the busy periods around the day's candidates, then a free bay per candidate
  with c as materialized (
    select * from public.booking_candidates(p_service_id, p_date, p_now, p_owner, p_minutes)
  ), span as (
    select tstzrange(min(lower(r)), max(upper(r)), '[)') as s from c cross join lateral unnest(c.blocked) r
  ), busy as materialized (
    select w.bay, w.period
      from public.booking_work_periods w, span
     where w.active and w.period && span.s and w.bay <= v_capacity
       -- a booking being moved does not stand in its own way (move_booking frees its time in the
       -- same transaction that takes the new one)
       and w.booking_id is distinct from p_own_booking
  ), free as (
    select c.slot, c.drop_off_at, c.ready_at
      from c
     where exists (
       select 1 from generate_series(1, v_capacity) b
        where not exists (
          select 1 from unnest(c.blocked) r join busy on busy.bay = b and busy.period && r))
  )
  select jsonb_build_object(
           'slots', coalesce(jsonb_agg(f.slot order by f.drop_off_at), '[]'::jsonb),
           'readyAt', coalesce(jsonb_object_agg(f.slot, to_char(f.ready_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')),
                               '{}'::jsonb))
    into v_result
    from free f;
  return v_result;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_insert (
  p_id               uuid,
  p_job              jsonb,
  p_request          public.booking_request,
  p_drop_off         timestamp with time zone,
  p_ready            timestamp with time zone,
  p_blocked          tstzrange[],
  p_source           text,
  p_idempotency_key  text                     DEFAULT NULL::text,
  p_idempotency_hash text                     DEFAULT NULL::text,
  p_client_ip        text                     DEFAULT NULL::text,
  p_created_at       timestamp with time zone DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_bay smallint;
  v_booking public.bookings;
  v_constraint text;
  v_tries integer := 0;
  -- the request's fields by name (the package, size and add-ons are the job's): a new field needs
  -- no line here
  v_fields text[] := array(select f from unnest(public.booking_request_attributes()) f
                            where f <> all (array['service_id', 'car_size', 'addon_ids']));
  v_insert text := format(
    'insert into public.bookings (id, service_id, service_name, duration_minutes, price,
       drop_off_at, ready_at, source, idempotency_key, idempotency_hash, client_ip, created_at,
       car_size, addon_ids, job, %s)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14, $15, $16, %s
       from jsonb_populate_record(null::public.booking_request, $13) r
     returning *',
    (select string_agg(quote_ident(f), ', ') from unnest(v_fields) f),
    (select string_agg('r.' || quote_ident(f), ', ') from unnest(v_fields) f));
begin
  loop
    v_bay := public.booking_free_bay(p_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return null;
    end if;
    begin
      execute v_insert into v_booking
        using p_id, (p_job ->> 'serviceId')::uuid, p_job ->> 'serviceName',
              (p_job ->> 'minutes')::integer, (p_job ->> 'price')::integer,
              p_drop_off, p_ready, p_source, p_idempotency_key, p_idempotency_hash, p_client_ip,
              p_created_at, to_jsonb(public.booking_request_tidied(p_request)),
              p_job ->> 'carSize',
              array(select (e ->> 'id')::uuid from jsonb_array_elements(p_job -> 'addons') e),
              p_job;
      insert into public.booking_work_periods (booking_id, bay, period)
      select p_id, v_bay, r from unnest(p_blocked) r;
      return v_booking;
    exception
      when exclusion_violation or deadlock_detected then
        -- another booking took this bay meanwhile (now committed): look for another bay
        null;
      when unique_violation then
        get stacked diagnostics v_constraint = constraint_name;
        if v_constraint <> 'bookings_reference_key' then
          raise;
        end if;
        -- reference collision: the next try draws a new reference
    end;
  end loop;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_job (
  p_service_id uuid,
  p_car_size   text   DEFAULT NULL::text,
  p_addon_ids  uuid[] DEFAULT NULL::uuid[]
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v_service public.services;
  v_size public.car_sizes;
  v_price integer;
  v_minutes integer;
  v_addons jsonb;
  v_wanted integer;
begin
  select * into v_service from public.services s where s.id = p_service_id and s.is_active;
  if not found then
    return jsonb_build_object('error', 'serviceId');
  end if;
  select * into v_size from public.car_sizes c
   where c.code = coalesce(nullif(lower(btrim(p_car_size)), ''), public.car_size_standard())
     and c.is_active;
  if not found then
    return jsonb_build_object('error', 'carSize');
  end if;
  if v_size.is_standard then
    v_price := v_service.price;
    v_minutes := v_service.duration_minutes;
  else
    select p.price, v_service.duration_minutes + p.extra_minutes into v_price, v_minutes
      from public.service_size_prices p
     where p.service_id = v_service.id and p.car_size = v_size.code;
    if not found then
      return jsonb_build_object('error', 'carSize');
    end if;
  end if;
  -- every add-on asked for once, active and fitting the package; in the owner's order
  v_wanted := coalesce(cardinality(p_addon_ids), 0);
  if v_wanted > 0 and (array_position(p_addon_ids, null) is not null
                       or (select count(distinct x) from unnest(p_addon_ids) x) <> v_wanted) then
    return jsonb_build_object('error', 'addonIds');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'price', a.price::integer,
                                               'minutes', a.duration_minutes::integer)
                            order by a.sort_order, a.name), '[]'::jsonb)
    into v_addons
    from public.addons a
   where a.id = any (coalesce(p_addon_ids, '{}')) and a.is_active
     and exists (select 1 from public.addon_services x where x.addon_id = a.id and x.service_id = v_service.id);
  if jsonb_array_length(v_addons) <> v_wanted then
    return jsonb_build_object('error', 'addonIds');
  end if;
  return jsonb_build_object(
    'serviceId', v_service.id,
    'serviceName', v_service.name,
    'carSize', v_size.code,
    'carSizeName', v_size.name,
    'packagePrice', v_price,
    'packageMinutes', v_minutes,
    'addons', v_addons,
    'price', v_price + coalesce((select sum((e ->> 'price')::integer) from jsonb_array_elements(v_addons) e), 0),
    'minutes', v_minutes + coalesce((select sum((e ->> 'minutes')::integer) from jsonb_array_elements(v_addons) e), 0));
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_move_calendar (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
begin
  if v_booking.id is null
     or public.booking_link_view(v_booking, p_now, true) ->> 'state' <> 'active' then
    return null;
  end if;
  return public.booking_calendar(v_booking.service_id, p_now, v_booking.id, false,
                                 v_booking.duration_minutes);
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_choices()
  RETURNS text[]
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  -- what the visitor chose from the site's lists, not what he told about himself: the owner's
  -- contact lines leave them out, and anonymising keeps them (they say nothing of the person)
  return array['service_id', 'booking_date', 'booking_time', 'sms_opt_in', 'car_size', 'addon_ids'];
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_tidied (
  p_request public.booking_request
)
  RETURNS public.booking_request
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  -- every text trimmed and '' when left out, the plate as it is printed, no SMS unless asked for
  return jsonb_populate_record(p_request,
    coalesce((select jsonb_object_agg(a.attname, btrim(coalesce(to_jsonb(p_request) ->> a.attname, '')))
                from pg_catalog.pg_attribute a
               where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0
                 and not a.attisdropped and a.atttypid = 'text'::regtype), '{}'::jsonb)
    || jsonb_build_object('car_plate', public.car_plate_normalised(p_request.car_plate),
                          'sms_opt_in', coalesce(p_request.sms_opt_in, false),
                          'car_size', coalesce(nullif(lower(btrim(p_request.car_size)), ''),
                                               public.car_size_standard(), ''),
                          'addon_ids', (select coalesce(array_agg(x order by x::text), '{}')
                                          from unnest(p_request.addon_ids) x)));
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_forget_told()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if new.anonymised_at is null or old.anonymised_at is not null then
    return new;
  end if;
  new := jsonb_populate_record(new,
    coalesce((select jsonb_object_agg(a.attname, '')
                from pg_catalog.pg_attribute a
               where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0
                 and not a.attisdropped and a.atttypid = 'text'::regtype
                 and a.attname <> 'customer_name'
                 and a.attname <> all (public.booking_request_choices())), '{}'::jsonb)
    || jsonb_build_object('sms_opt_in', false));
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.car_size_standard()
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  return (select s.code from public.car_sizes s where s.is_standard);
end;
$function$;

CREATE OR REPLACE FUNCTION public.car_sizes_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if tg_op = 'UPDATE' and (new.code, new.created_at) is distinct from (old.code, old.created_at) then
    raise exception 'code og created_at kan ikke rettes (code er størrelsens faste nøgle). Ret name i stedet.'
      using errcode = 'feature_not_supported';
  end if;
  if tg_op = 'UPDATE' and new.is_standard is distinct from old.is_standard then
    raise exception 'is_standard kan ikke rettes: almindelig personbil er pakkernes egen pris og tid i services.'
      using errcode = 'feature_not_supported';
  end if;
  if tg_op = 'INSERT' and coalesce(new.is_standard, false)
     and exists (select 1 from public.car_sizes s where s.is_standard) then
    raise exception 'Der er allerede en almindelig størrelse (is_standard). En ny størrelse får sin pris pr. pakke i service_size_prices; sæt is_standard til false.'
      using errcode = 'unique_violation';
  end if;
  new.is_standard := coalesce(new.is_standard, false);
  new.code := lower(btrim(coalesce(new.code, '')));
  if new.code !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'code skal være små bogstaver a-z, tal og bindestreger, f.eks. stor-bil.'
      using errcode = 'check_violation';
  end if;
  if new.name is null or btrim(new.name) = '' then
    raise exception 'Skriv størrelsens navn i name, f.eks. Stor bil (SUV, stationcar).'
      using errcode = 'not_null_violation';
  end if;
  new.name := btrim(new.name);
  if exists (select 1 from public.car_sizes s where lower(s.name) = lower(new.name) and s.code <> new.code) then
    raise exception 'Der er allerede en størrelse, der hedder "%". Giv den et andet navn.', new.name
      using errcode = 'unique_violation';
  end if;
  new.description := btrim(coalesce(new.description, ''));
  if new.sort_order is null then
    raise exception 'sort_order mangler. Skriv et helt tal, f.eks. 10 (laveste tal står først).'
      using errcode = 'not_null_violation';
  end if;
  if new.sort_order <> trunc(new.sort_order) or new.sort_order not between -1000000 and 1000000 then
    raise exception 'sort_order: % kan ikke bruges. Skriv et helt tal fra -1000000 til 1000000, f.eks. 10.', new.sort_order
      using errcode = 'check_violation';
  end if;
  new.sort_order := trunc(new.sort_order);
  if new.is_active is null then
    raise exception 'is_active skal være true (kan vælges) eller false (slået fra).'
      using errcode = 'not_null_violation';
  end if;
  if new.is_standard and not new.is_active then
    raise exception 'Almindelig personbil kan ikke slås fra: dens pris og tid er pakkernes egen.'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.car_sizes_refuse_delete()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if old.is_standard then
    raise exception 'Almindelig personbil kan ikke slettes: dens pris og tid er pakkernes egen.'
      using errcode = 'feature_not_supported';
  end if;
  if exists (select 1 from public.bookings b where b.car_size = old.code) then
    raise exception 'Størrelsen "%" har bookinger og kan ikke slettes. Slå den fra i stedet: sæt is_active til false.', old.name
      using errcode = 'foreign_key_violation';
  end if;
  return old;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_booking (
  p_request         public.booking_request,
  p_idempotency_key text                     DEFAULT NULL::text,
  p_client_ip       text                     DEFAULT NULL::text,
  p_now             timestamp with time zone DEFAULT now()
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
$function$;

CREATE OR REPLACE FUNCTION public.get_available_slots (
  p_service_id  uuid,
  p_date        date,
  p_now         timestamp with time zone DEFAULT now(),
  p_own_booking uuid                     DEFAULT NULL::uuid,
  p_owner       boolean                  DEFAULT false,
  p_car_size    text                     DEFAULT NULL::text,
  p_addon_ids   uuid[]                   DEFAULT NULL::uuid[]
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_job jsonb;
  v_minutes integer;
begin
  if p_own_booking is not null then
    -- a move keeps the job as it was booked: its size, add-ons and length
    select b.duration_minutes into v_minutes from public.bookings b where b.id = p_own_booking;
  else
    v_job := public.booking_job(p_service_id, p_car_size, p_addon_ids);
    case v_job ->> 'error'
      when 'serviceId' then return jsonb_build_object('error', 'unknown_service');
      when 'carSize' then return jsonb_build_object('error', 'unknown_car_size');
      when 'addonIds' then return jsonb_build_object('error', 'unknown_addon');
      else v_minutes := (v_job ->> 'minutes')::integer;
    end case;
  end if;
  if not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    return jsonb_build_object('error', 'unknown_service');
  end if;
  return public.booking_free_times(p_service_id, p_date, p_now, v_minutes, p_own_booking, p_owner);
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_booking_calendar (
  p_service_id uuid,
  p_car_size   text   DEFAULT NULL::text,
  p_addon_ids  uuid[] DEFAULT NULL::uuid[]
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_job jsonb := public.booking_job(p_service_id, p_car_size, p_addon_ids);
begin
  case v_job ->> 'error'
    when 'serviceId' then
      raise exception using errcode = 'P0001', message = 'Ukendt service.',
        hint = 'Vælg en af de viste services.';
    when 'carSize' then
      raise exception using errcode = 'P0001', message = 'Pakken kan ikke bookes til den bilstørrelse.',
        hint = 'Vælg en af de viste størrelser.';
    when 'addonIds' then
      raise exception using errcode = 'P0001', message = 'Et af tilvalgene kan ikke vælges til pakken.',
        hint = 'Vælg blandt de viste tilvalg.';
    else
      return public.booking_calendar(p_service_id, now(), null, false, (v_job ->> 'minutes')::integer);
  end case;
end;
$function$;

CREATE OR REPLACE FUNCTION public.move_booking (
  p_booking_id       uuid,
  p_date             date,
  p_time             text,
  p_check_window     boolean                  DEFAULT true,
  p_check_deadline   boolean                  DEFAULT true,
  p_check_move_limit boolean                  DEFAULT true,
  p_moved_by         text                     DEFAULT 'customer'::text,
  p_now              timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_old public.bookings;
  v_booking public.bookings;
  v_service public.services;
  v_minutes integer;
  v_start timestamptz;
  v_open timestamptz;
  v_close timestamptz;
  v_blocked tstzrange[];
  v_drop_off timestamptz;
  v_ready timestamptz;
  v_last integer;
  v_bay smallint;
  v_tries integer := 0;
  v_token text;
  v_previous jsonb;
begin
  if p_moved_by is null or p_moved_by not in ('customer', 'owner') then
    raise exception 'move_booking: p_moved_by must be customer or owner' using errcode = '22023';
  end if;

  select * into v_old from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_old.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v_old.status <> 'confirmed' then
    -- the car has arrived, is ready, collected or did not come: its time is not moved
    return jsonb_build_object('status', 'too_late');
  end if;
  if p_check_deadline and p_now > public.booking_change_deadline(v_old) then
    return jsonb_build_object('status', 'too_late');
  end if;
  if p_check_move_limit and public.booking_moves_left(v_old) = 0 then
    return jsonb_build_object('status', 'move_limit');
  end if;
  if p_date is null then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
  end if;
  if p_time is null or p_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
  end if;

  if p_check_window then
    -- exactly the drop-off times the booking form offers for the package (window, hours, holidays,
    -- grid, multi-day jobs); the package must still be offered
    select * into v_service from public.services s where s.id = v_old.service_id and s.is_active;
    if not found then
      return jsonb_build_object('status', 'invalid', 'field', 'serviceId');
    end if;
    -- the job as it was booked (its size and add-ons, its length)
    select c.drop_off_at, c.ready_at, c.blocked into v_drop_off, v_ready, v_blocked
      from public.booking_candidates(v_old.service_id, p_date, p_now, false, v_old.duration_minutes) c
     order by c.slot = p_time desc
     limit 1;
    if not found then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    if to_char(v_drop_off at time zone 'Europe/Copenhagen', 'HH24:MI') <> p_time then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
    end if;
    v_minutes := v_old.duration_minutes;
  else
    -- the workshop: any start within the day's opening hours, in the future; the job's length as
    -- booked, continuing on the next opening days when it does not fit the day
    select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(p_date) h;
    if v_open is null then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    v_start := (p_date + p_time::time) at time zone 'Europe/Copenhagen';
    if v_start < v_open or v_start >= v_close or v_start <= p_now then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
    end if;
    v_minutes := v_old.duration_minutes;
    v_blocked := public.booking_job_periods(v_start, v_minutes);
    if v_blocked is null then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    v_last := array_length(v_blocked, 1);
    v_drop_off := v_start;
    v_ready := upper(v_blocked[v_last]);
    v_blocked[v_last] := tstzrange(lower(v_blocked[v_last]),
      v_ready + make_interval(mins => public.booking_setting('buffer_minutes', 0)), '[)');
  end if;

  if v_drop_off = v_old.drop_off_at then
    return jsonb_build_object('status', 'unchanged');
  end if;

  -- free the old time and take the new one; a lost race rolls both back (the old time stays)
  loop
    v_tries := v_tries + 1;
    if v_tries > 60 then
      return jsonb_build_object('status', 'conflict');
    end if;
    begin
      delete from public.booking_work_periods w where w.booking_id = v_old.id;
      v_bay := public.booking_free_bay(v_blocked);
      if v_bay is null then
        raise exception using errcode = 'P0001', message = 'move_booking: no free bay';
      end if;
      insert into public.booking_work_periods (booking_id, bay, period)
      select v_old.id, v_bay, r from unnest(v_blocked) r;
      exit;
    exception
      when exclusion_violation or deadlock_detected then
        -- another request took this bay meanwhile (now committed): look again
        null;
      when raise_exception then
        if sqlerrm <> 'move_booking: no free bay' then
          raise;
        end if;
        return jsonb_build_object('status', 'conflict');
    end;
  end loop;

  v_token := public.booking_random_token();
  update public.bookings b
     set booking_date = (v_drop_off at time zone 'Europe/Copenhagen')::date,
         booking_time = (v_drop_off at time zone 'Europe/Copenhagen')::time,
         drop_off_at = v_drop_off,
         ready_at = v_ready,
         duration_minutes = v_minutes,
         move_count = b.move_count + case when p_moved_by = 'customer' then 1 else 0 end,
         ics_sequence = b.ics_sequence + 1,
         moved_at = p_now,
         cancel_token_hash = public.booking_token_hash(v_token)
   where b.id = v_old.id
  returning * into v_booking;

  insert into public.booking_moves (booking_id, moved_by, from_drop_off_at, from_ready_at,
                                    to_drop_off_at, to_ready_at, moved_at)
  values (v_old.id, p_moved_by, v_old.drop_off_at, v_old.ready_at, v_booking.drop_off_at,
          v_booking.ready_at, p_now);

  -- the reminder of the old time is no longer right; the new time gets its own (own key)
  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev flyttet', locked_until = null
   where o.booking_id = v_old.id and o.kind in ('booking_reminder', 'sms_booking_reminder') and o.status = 'pending';

  v_previous := jsonb_build_object(
    'previousDropOff', public.copenhagen_iso(v_old.drop_off_at),
    'previousReadyAt', public.copenhagen_iso(v_old.ready_at),
    'movedBy', p_moved_by,
    'sequence', v_booking.ics_sequence);
  perform public.booking_queue_emails(v_booking, 'booking_moved', 'owner_booking_moved',
    ':' || v_booking.ics_sequence, jsonb_build_object('cancelToken', v_token) || v_previous,
    v_previous, p_now);

  return public.booking_result(v_booking) || jsonb_build_object('status', 'moved') || v_previous
    || jsonb_build_object('movesLeft', public.booking_moves_left(v_booking));
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_book (
  p_package text,
  p_request public.booking_request,
  p_now     timestamp with time zone DEFAULT now()
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
begin
  case v_job ->> 'error'
    when 'carSize' then
      raise exception 'Størrelsen "%" kan ikke bookes til %: den findes ikke, er slået fra, eller pakken har ingen pris til den. Se car_sizes og service_size_prices.',
        p_request.car_size, p_service.name
        using errcode = 'invalid_parameter_value';
    when 'addonIds' then
      raise exception 'Et af tilvalgene kan ikke bookes til %: det findes ikke, er slået fra, står der to gange, eller passer ikke til pakken. Se addons og addon_services.',
        p_service.name
        using errcode = 'invalid_parameter_value';
    when 'serviceId' then
      raise exception 'Pakken "%" er slået fra (is_active = false i services) og kan ikke bookes.', p_service.name
        using errcode = 'invalid_parameter_value';
    else
      return v_job;
  end case;
end;
$function$;

CREATE OR REPLACE FUNCTION public.service_size_prices_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_size public.car_sizes;
begin
  if new.service_id is null or not exists (select 1 from public.services s where s.id = new.service_id) then
    raise exception 'Vælg pakken i service_id (en pakke fra services).' using errcode = 'foreign_key_violation';
  end if;
  select * into v_size from public.car_sizes s where s.code = lower(btrim(coalesce(new.car_size, '')));
  if not found then
    raise exception 'car_size: "%" er ikke en størrelse. Skriv en code fra car_sizes, f.eks. %.',
      left(coalesce(new.car_size, ''), 40),
      coalesce((select string_agg(s.code, ' eller ' order by s.sort_order, s.code)
                  from public.car_sizes s where not s.is_standard), 'stor-bil')
      using errcode = 'foreign_key_violation';
  end if;
  if v_size.is_standard then
    raise exception '% har pakkens egen pris og tid: ret dem i services (price og duration_minutes).', v_size.name
      using errcode = 'check_violation';
  end if;
  new.car_size := v_size.code;
  if new.price is null then
    raise exception 'price mangler. Skriv pakkens hele pris til % i hele kroner, f.eks. 499.', v_size.name
      using errcode = 'not_null_violation';
  end if;
  if new.price <> trunc(new.price) or new.price not between 1 and 1000000 then
    raise exception 'price: % kan ikke bruges. Skriv pakkens hele pris i hele kroner fra 1 til 1000000, f.eks. 499.', new.price
      using errcode = 'check_violation';
  end if;
  if new.extra_minutes is null then
    new.extra_minutes := 0;
  end if;
  if new.extra_minutes <> trunc(new.extra_minutes) or new.extra_minutes not between 0 and 10080 then
    raise exception 'extra_minutes: % kan ikke bruges. Skriv de ekstra minutter som et helt tal fra 0 til 10080, f.eks. 30.', new.extra_minutes
      using errcode = 'check_violation';
  end if;
  new.price := trunc(new.price);
  new.extra_minutes := trunc(new.extra_minutes);
  return new;
end;
$function$;

ALTER TABLE "public"."addon_services"
  ADD CONSTRAINT "addon_services_service_id_fkey" FOREIGN KEY (service_id) REFERENCES public.services(id) ON DELETE CASCADE;

ALTER TABLE "public"."addon_services"
  ADD CONSTRAINT "addon_services_addon_id_fkey" FOREIGN KEY (addon_id) REFERENCES public.addons(id) ON DELETE CASCADE;

ALTER TABLE "public"."bookings"
  ADD CONSTRAINT "bookings_addon_ids_check" CHECK ((cardinality(addon_ids) <= 50));

ALTER TABLE "public"."bookings"
  ADD CONSTRAINT "bookings_car_size_check" CHECK ((car_size ~ '^([a-z0-9]+(-[a-z0-9]+)*)?$'::text));

ALTER TABLE "public"."bookings"
  ADD CONSTRAINT "bookings_job_check" CHECK ((jsonb_typeof(job) = 'object'::text));

ALTER TABLE "public"."service_size_prices"
  ADD CONSTRAINT "service_size_prices_car_size_fkey" FOREIGN KEY (car_size) REFERENCES public.car_sizes(code);

ALTER TABLE "public"."service_size_prices"
  ADD CONSTRAINT "service_size_prices_service_id_fkey" FOREIGN KEY (service_id) REFERENCES public.services(id) ON DELETE CASCADE;

CREATE INDEX addon_services_service_id_idx ON public.addon_services USING btree (service_id);

CREATE UNIQUE INDEX car_sizes_one_standard ON public.car_sizes USING btree (is_standard)
  WHERE is_standard;

CREATE INDEX service_size_prices_car_size_idx ON public.service_size_prices USING btree (car_size);

CREATE TRIGGER addon_services_check_values
  BEFORE INSERT OR UPDATE ON public.addon_services
  FOR EACH ROW
  EXECUTE FUNCTION public.addon_services_check_values();

CREATE TRIGGER site_rebuild_after_change
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.addon_services
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.site_rebuild_after_change();

CREATE TRIGGER addons_check_values
  BEFORE INSERT OR UPDATE ON public.addons
  FOR EACH ROW
  EXECUTE FUNCTION public.addons_check_values();

CREATE TRIGGER addons_refuse_delete
  BEFORE DELETE ON public.addons
  FOR EACH ROW
  EXECUTE FUNCTION public.addons_refuse_delete();

CREATE TRIGGER addons_set_updated_at
  BEFORE UPDATE ON public.addons
  FOR EACH ROW
  EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER refuse_truncate
  BEFORE TRUNCATE ON public.addons
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER site_rebuild_after_change
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.addons
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.site_rebuild_after_change();

CREATE TRIGGER car_sizes_check_values
  BEFORE INSERT OR UPDATE ON public.car_sizes
  FOR EACH ROW
  EXECUTE FUNCTION public.car_sizes_check_values();

CREATE TRIGGER car_sizes_refuse_delete
  BEFORE DELETE ON public.car_sizes
  FOR EACH ROW
  EXECUTE FUNCTION public.car_sizes_refuse_delete();

CREATE TRIGGER car_sizes_set_updated_at
  BEFORE UPDATE ON public.car_sizes
  FOR EACH ROW
  EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER refuse_truncate
  BEFORE TRUNCATE ON public.car_sizes
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.refuse_truncate();

CREATE TRIGGER site_rebuild_after_change
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.car_sizes
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.site_rebuild_after_change();

CREATE TRIGGER service_size_prices_check_values
  BEFORE INSERT OR UPDATE ON public.service_size_prices
  FOR EACH ROW
  EXECUTE FUNCTION public.service_size_prices_check_values();

CREATE TRIGGER service_size_prices_set_updated_at
  BEFORE UPDATE ON public.service_size_prices
  FOR EACH ROW
  EXECUTE FUNCTION public.set_updated_at();

CREATE TRIGGER site_rebuild_after_change
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.service_size_prices
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.site_rebuild_after_change();

CREATE POLICY "anon reads offered addons" ON "public"."addon_services"
  FOR SELECT
  TO "anon"
  USING (((EXISTS ( SELECT 1
   FROM public.services s
  WHERE ((s.id = addon_services.service_id) AND s.is_active))) AND (EXISTS ( SELECT 1
   FROM public.addons a
  WHERE ((a.id = addon_services.addon_id) AND a.is_active)))));

CREATE POLICY "authenticated reads offered addons" ON "public"."addon_services"
  FOR SELECT
  TO "authenticated"
  USING (((EXISTS ( SELECT 1
   FROM public.services s
  WHERE ((s.id = addon_services.service_id) AND s.is_active))) AND (EXISTS ( SELECT 1
   FROM public.addons a
  WHERE ((a.id = addon_services.addon_id) AND a.is_active)))));

CREATE POLICY "anon reads active addons" ON "public"."addons"
  FOR SELECT
  TO "anon"
  USING (is_active);

CREATE POLICY "authenticated reads active addons" ON "public"."addons"
  FOR SELECT
  TO "authenticated"
  USING (is_active);

CREATE POLICY "anon reads active car sizes" ON "public"."car_sizes"
  FOR SELECT
  TO "anon"
  USING (is_active);

CREATE POLICY "authenticated reads active car sizes" ON "public"."car_sizes"
  FOR SELECT
  TO "authenticated"
  USING (is_active);

CREATE POLICY "anon reads offered size prices" ON "public"."service_size_prices"
  FOR SELECT
  TO "anon"
  USING (((EXISTS ( SELECT 1
   FROM public.services s
  WHERE ((s.id = service_size_prices.service_id) AND s.is_active))) AND (EXISTS ( SELECT 1
   FROM public.car_sizes c
  WHERE ((c.code = service_size_prices.car_size) AND c.is_active)))));

CREATE POLICY "authenticated reads offered size prices" ON "public"."service_size_prices"
  FOR SELECT
  TO "authenticated"
  USING (((EXISTS ( SELECT 1
   FROM public.services s
  WHERE ((s.id = service_size_prices.service_id) AND s.is_active))) AND (EXISTS ( SELECT 1
   FROM public.car_sizes c
  WHERE ((c.code = service_size_prices.car_size) AND c.is_active)))));

COMMENT ON COLUMN "public"."addon_services"."addon_id" IS 'Tilvalget (vælg det i addons).';

COMMENT ON COLUMN "public"."addon_services"."service_id" IS 'Pakken, tilvalget passer til (vælg den i services).';

COMMENT ON COLUMN "public"."addons"."created_at" IS 'Hvornår tilvalget blev oprettet (automatisk).';

COMMENT ON COLUMN "public"."addons"."description" IS 'Kort beskrivelse, kunden ser ved valget.';

COMMENT ON COLUMN "public"."addons"."duration_minutes" IS 'Hvor mange minutter tilvalget lægger til jobbet, et helt tal fra 0 til 1440, f.eks. 45 (0 = ingen ekstra tid).';

COMMENT ON COLUMN "public"."addons"."id" IS 'Tilvalgets faste id (dannes automatisk; ret det ikke).';

COMMENT ON COLUMN "public"."addons"."is_active" IS 'true = kan vælges. false = slået fra (bookinger med tilvalget bevares).';

COMMENT ON COLUMN "public"."addons"."name" IS 'Navnet, kunden ser, f.eks. Motorvask. Skal være unikt.';

COMMENT ON COLUMN "public"."addons"."price" IS 'Pris i hele kroner inkl. moms, kun tallet, f.eks. 299 (fra 1 til 100000).';

COMMENT ON COLUMN "public"."addons"."sort_order" IS 'Rækkefølgen i bookingen, et helt tal, f.eks. 10: laveste tal står først.';

COMMENT ON COLUMN "public"."addons"."updated_at" IS 'Hvornår tilvalget sidst blev ændret (automatisk).';

COMMENT ON COLUMN "public"."bookings"."addon_ids" IS 'Tilvalgene, kunden valgte (id i addons).';

COMMENT ON COLUMN "public"."bookings"."car_size" IS 'Bilens størrelse, kunden valgte (code i car_sizes), f.eks. almindelig eller stor-bil.';

COMMENT ON COLUMN "public"."bookings"."job" IS 'Jobbet, som det blev prissat og planlagt ved bookingen (teknisk): pakke, størrelse og tilvalg med pris og minutter. price og duration_minutes er dets totaler.';

COMMENT ON COLUMN "public"."car_sizes"."code" IS 'Fast nøgle (små bogstaver a-z, tal og bindestreg, f.eks. stor-bil). Ret den ikke, når den er brugt.';

COMMENT ON COLUMN "public"."car_sizes"."created_at" IS 'Hvornår størrelsen blev oprettet (automatisk).';

COMMENT ON COLUMN "public"."car_sizes"."description" IS 'Kort forklaring, kunden ser ved valget, f.eks. Mini, hatchback og sedan.';

COMMENT ON COLUMN "public"."car_sizes"."is_active" IS 'true = kan vælges i bookingen. false = slået fra (bookinger med størrelsen bevares). Almindelig personbil kan ikke slås fra.';

COMMENT ON COLUMN "public"."car_sizes"."is_standard" IS 'true på almindelig personbil alene: dens pris og tid er pakkens egen i services. Kan ikke ændres.';

COMMENT ON COLUMN "public"."car_sizes"."name" IS 'Navnet, kunden ser, f.eks. Stor bil (SUV, stationcar). Skal være unikt.';

COMMENT ON COLUMN "public"."car_sizes"."sort_order" IS 'Rækkefølgen i bookingen, et helt tal, f.eks. 10: laveste tal står først.';

COMMENT ON COLUMN "public"."car_sizes"."updated_at" IS 'Hvornår størrelsen sidst blev ændret (automatisk).';

COMMENT ON COLUMN "public"."service_size_prices"."car_size" IS 'Bilstørrelsen (code i car_sizes), f.eks. stor-bil.';

COMMENT ON COLUMN "public"."service_size_prices"."created_at" IS 'Hvornår rækken blev oprettet (automatisk).';

COMMENT ON COLUMN "public"."service_size_prices"."extra_minutes" IS 'Hvor mange minutter længere jobbet tager end pakkens egen varighed, et helt tal fra 0 til 10080, f.eks. 30.';

COMMENT ON COLUMN "public"."service_size_prices"."price" IS 'Pakkens hele pris til denne størrelse i hele kroner inkl. moms, kun tallet, f.eks. 499 (ikke et tillæg).';

COMMENT ON COLUMN "public"."service_size_prices"."service_id" IS 'Pakken (vælg den i services).';

COMMENT ON COLUMN "public"."service_size_prices"."updated_at" IS 'Hvornår rækken sidst blev ændret (automatisk).';

COMMENT ON FUNCTION "public"."addon_services_check_values"() IS 'Trigger function: refuses, in Danish, a row naming an unknown add-on or package, or one that is already there.';

COMMENT ON FUNCTION "public"."addons_check_values"() IS 'Trigger function: refuses, in Danish and saying what to type, an add-on whose name, price (whole kroner 1..100000), minutes (whole 0..1440), sort_order or is_active the constraints would refuse in English.';

COMMENT ON FUNCTION "public"."addons_refuse_delete"() IS 'Trigger function: refuses, in Danish, deleting an add-on that bookings have (switch it off with is_active instead).';

COMMENT ON FUNCTION "public"."booking_calendar"(uuid, timestamp with time zone, uuid, boolean, integer) IS 'The booking window for a job of a package (p_minutes long: booking_job''s minutes, or a moved booking''s own; null: the package''s own) as seen at p_now: {today, first, last, days: [{day, status, time?, holiday?}]} from today to last, status bookable (time: its first free drop-off, HH:MI), full (open but no free drop-off time for this package), closed_weekday, holiday, closed_date or outside_window (before first). p_own_booking: the booking being moved, whose own time counts as free. p_owner: the owner''s window, from today (first is today). Raises P0001 for an unknown or inactive package.';

COMMENT ON FUNCTION "public"."booking_candidates"(uuid, date, timestamp with time zone, boolean, integer) IS 'Every drop-off time the rules allow for a job of an active package on a day (ignoring other bookings), with ready time and the bay time it would occupy. p_minutes: the job''s length (booking_job''s minutes, or a booking''s own when it is moved); null: the package''s own. p_owner: the owner''s window, which starts today (min_advance_booking_days does not apply).';

COMMENT ON FUNCTION "public"."booking_free_times"(uuid, date, timestamp with time zone, integer, uuid, boolean) IS 'Free drop-off times of a day for a job of p_minutes of an active package: {slots: [HH:MI...], readyAt: {HH:MI: iso}}. p_own_booking: the booking being moved, whose own time counts as free. p_owner: the owner''s window (today included, booking_candidates).';

COMMENT ON FUNCTION "public"."booking_insert"(uuid, jsonb, public.booking_request, timestamp with time zone, timestamp
  with time zone, tstzrange[], text, text, text, text, timestamp with time zone) IS 'Inserts a booking of a job (booking_job: its package, size, add-ons, total price and minutes are the job''s, whatever the request says; the rest of the request as booking_request_tidied gives it, whatever the caller passed; its date and time are the Copenhagen drop-off) and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book; the caller holds the locks and has checked the time.';

COMMENT ON FUNCTION "public"."booking_job"(uuid, text, uuid[]) IS 'A job as the owner prices and times it: the package (active), the car size (code; null or empty is the standard size, whose price and minutes are the package''s own; another size needs its service_size_prices row) and the add-ons (each once, active, fitting the package). {serviceId, serviceName, carSize, carSizeName, packagePrice, packageMinutes, addons: [{id, name, price, minutes}], price, minutes}: price and minutes are the totals; or {error: serviceId|carSize|addonIds}. The one place a job''s price and length are worked out: slots, calendar, booking and the owner''s tools read it, never a total from the browser.';

COMMENT ON FUNCTION "public"."booking_request_choices"() IS 'The attributes of booking_request the visitor chose rather than told (package, time, size, add-ons, the SMS choice): left out of booking_contact, kept by anonymising.';

COMMENT ON FUNCTION "public"."booking_request_tidied"(public.booking_request) IS 'A request as a booking stores it: every text trimmed and empty when not given, the plate as car_plate_normalised writes it, sms_opt_in false unless true, the car size lower case (the standard size when not given), the add-ons in one order (so that the same choice has one fingerprint).';

COMMENT ON FUNCTION "public"."bookings_forget_told"() IS 'Trigger function: when a booking is anonymised (anonymised_at set), every text the customer gave with the request (booking_request''s text attributes but the name, which retention replaces, and what he chose, booking_request_choices) becomes empty and sms_opt_in false.';

COMMENT ON FUNCTION "public"."car_size_standard"() IS 'The code of the standard size (almindelig personbil), whose price and duration are the package''s own.';

COMMENT ON FUNCTION "public"."car_sizes_check_values"() IS 'Trigger function: refuses, in Danish and saying what to type, a car size whose code, name, sort_order or is_active the constraints would refuse in English, a second standard size, a change of code or is_standard, and switching the standard size off.';

COMMENT ON FUNCTION "public"."car_sizes_refuse_delete"() IS 'Trigger function: refuses, in Danish, deleting the standard size or a size bookings have (switch it off with is_active instead).';

COMMENT ON FUNCTION "public"."create_booking"(public.booking_request, text, text, timestamp with time zone) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request, booking_request_hash), the job (booking_job: package, car size, add-ons; its price and minutes are the owner''s, refused as field serviceId, carSize or addonIds), date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. The contact fields are checked first (booking_customer_refusal; a check violation of the insert is caught the same way): refused as {status: invalid, field, reason?} in this transaction, never as an error. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). A job over several days from a contact with a no-show in the last 12 months is refused (no_show_call) while the setting no_show_requires_call is 1. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap|no_show_call, ...}. Called by create_booking_with_challenge.';

COMMENT ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp with time zone, uuid, boolean, text, uuid[]) IS 'Free drop-off times of a day for a job (booking_job: the package, p_car_size, p_addon_ids): {slots: [HH:MI...], readyAt: {HH:MI: iso}}, or {error: unknown_service|unknown_car_size|unknown_addon}. p_own_booking: the booking being moved, whose own time counts as free and whose own job (its length as booked) is planned. p_owner: the owner''s window (today included, booking_candidates). Called by the get-available-slots edge function.';

COMMENT ON FUNCTION "public"."get_booking_calendar"(uuid, text, uuid[]) IS 'The booking calendar of a job now (booking_job: the package, the car size, the add-ons; see booking_calendar): which days of the window can be booked and why the others cannot. Public: the anon key calls it as POST /rest/v1/rpc/get_booking_calendar. An unknown package, size or add-on is P0001 in Danish.';

COMMENT ON FUNCTION "public"."owner_job"(public.services, public.booking_request) IS 'The job (booking_job) of the owner''s booking: the package with the request''s size and add-ons, or a Danish exception naming what cannot be booked.';

COMMENT ON FUNCTION "public"."service_size_prices_check_values"() IS 'Trigger function: refuses, in Danish, a size price for an unknown package or size, for the standard size (its price is the package''s own), or a price (whole kroner 1..1000000) or extra minutes (whole 0..10080) the constraints would refuse in English.';

COMMENT ON FUNCTION "public"."site_rebuild_after_change"() IS 'Trigger: a change to services, opening_hours, settings, car sizes, size prices, add-ons or the packages they fit asks the static host to rebuild the site, at most once a minute (later changes wait for site_rebuild_flush()).';

COMMENT ON TABLE "public"."addon_services" IS 'Hvilke pakker et tilvalg passer til: én række pr. tilvalg og pakke. Et tilvalg uden rækker kan ikke vælges.';

COMMENT ON TABLE "public"."addons" IS 'Tilvalg, kunden kan lægge til en pakke, f.eks. motorvask eller ozonbehandling. Hvilke pakker et tilvalg passer til, står i addon_services. Slet aldrig et tilvalg, der er booket: sæt is_active til false.';

COMMENT ON TABLE "public"."car_sizes" IS 'Bilstørrelser, kunden vælger imellem i bookingen, f.eks. almindelig personbil, stor bil/SUV og varebil. Prisen og tiden for hver pakke til en størrelse står i service_size_prices. Almindelig personbil (is_standard) er pakkernes egen pris og tid i services.';

COMMENT ON TABLE "public"."service_size_prices" IS 'Hvad en pakke koster og hvor meget længere den tager til en bilstørrelse (ikke almindelig personbil: den er pakkens egen pris og tid i services). En pakke uden række for en størrelse kan ikke bookes til den størrelse.';

REVOKE ALL ON FUNCTION "public"."addon_services_check_values"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."addon_services_check_values"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."addons_check_values"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."addons_check_values"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."addons_refuse_delete"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."addons_refuse_delete"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid, boolean, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid, boolean, integer) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_candidates"(uuid, date, timestamp WITH time zone, boolean, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_candidates"(uuid, date, timestamp WITH time zone, boolean, integer) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_free_times"(uuid, date, timestamp WITH time zone, integer, uuid, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_free_times"(uuid, date, timestamp WITH time zone, integer, uuid, boolean) TO "postgres", "service_role";

REVOKE ALL
  ON FUNCTION "public"."booking_insert"(uuid, jsonb, public.booking_request, timestamp WITH time zone, timestamp WITH time zone, tstzrange[], text, text, text, text, timestamp
    WITH time zone)
  FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."booking_insert"(uuid, jsonb, public.booking_request, timestamp WITH time zone, timestamp WITH time zone, tstzrange[], text, text, text, text, timestamp
    WITH time zone)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_job"(uuid, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_job"(uuid, text, uuid[]) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_request_choices"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_request_choices"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."car_size_standard"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."car_size_standard"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."car_sizes_check_values"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."car_sizes_check_values"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."car_sizes_refuse_delete"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."car_sizes_refuse_delete"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid, boolean, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid, boolean, text, uuid[]) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_booking_calendar"(uuid, text, uuid[]) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_booking_calendar"(uuid, text, uuid[]) TO "anon", "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_job"(public.services, public.booking_request) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_job"(public.services, public.booking_request) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."service_size_prices_check_values"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."service_size_prices_check_values"() TO "postgres", "service_role";

GRANT SELECT ON TABLE "public"."addon_services" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."addon_services" TO "postgres", "service_role";

GRANT SELECT ON TABLE "public"."addons" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."addons" TO "postgres", "service_role";

GRANT SELECT ON TABLE "public"."car_sizes" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."car_sizes" TO "postgres", "service_role";

GRANT SELECT ON TABLE "public"."service_size_prices" TO "anon", "authenticated";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."service_size_prices" TO "postgres", "service_role";

-- the sizes: the standard one is the packages' own price and time; the other two are offered for a
-- package once the owner gives it a price for them in service_size_prices
insert into public.car_sizes (code, name, description, sort_order, is_standard) values
  ('almindelig', 'Almindelig personbil', 'Mini-, små og mellemstore biler: hatchback og sedan.', 1, true),
  ('stor-bil', 'Stor bil (SUV, stationcar, 7-personers)', 'SUV, stationcar, MPV og store sedaner.', 2, false),
  ('varebil', 'Varebil', 'Varebiler og pickupper.', 3, false)
on conflict (code) do nothing;

-- every booking made before sizes and add-ons: the ordinary car's job, priced as it was booked
-- (its updated_at stays: nothing of it changed for the owner)
alter table public.bookings disable trigger bookings_set_updated_at;
update public.bookings b
   set car_size = 'almindelig',
       job = jsonb_build_object(
         'serviceId', b.service_id, 'serviceName', b.service_name,
         'carSize', 'almindelig', 'carSizeName', 'Almindelig personbil',
         'packagePrice', b.price, 'packageMinutes', b.duration_minutes, 'addons', '[]'::jsonb,
         'price', b.price, 'minutes', b.duration_minutes)
 where b.job is null;
alter table public.bookings enable trigger bookings_set_updated_at;
