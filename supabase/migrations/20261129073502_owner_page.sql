-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

DROP FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid);

DROP FUNCTION "public"."booking_candidates"(uuid, date, timestamp WITH time zone);

DROP FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid);

CREATE TABLE "public"."booking_status_undo" (
  "booking_id"  uuid                     NOT NULL,
  "from_status" text                     NOT NULL,
  "to_status"   text                     NOT NULL,
  "until"       timestamp with time zone NOT NULL,
  CONSTRAINT "booking_status_undo_pkey" PRIMARY KEY (booking_id)
);

ALTER TABLE "public"."booking_status_undo"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "public"."owners" (
  "email" text NOT NULL,
  "name"  text NOT NULL DEFAULT ''::text,
  CONSTRAINT "owners_email_check" CHECK (((email = lower(btrim(email))) AND (char_length(email) <= 254))),
  CONSTRAINT "owners_pkey" PRIMARY KEY (email)
);

ALTER TABLE "public"."owners"
  ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION public.booking_calendar (
  p_service_id  uuid,
  p_now         timestamp with time zone DEFAULT now(),
  p_own_booking uuid                     DEFAULT NULL::uuid,
  p_owner       boolean                  DEFAULT false
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
begin
  if p_service_id is null
     or not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
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
                 public.get_available_slots(p_service_id, g.day::date, p_now, p_own_booking, p_owner)
                   -> 'slots' ->> 0
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
  p_owner      boolean                  DEFAULT false
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

  select sv.duration_minutes into v_minutes
    from public.services sv where sv.id = p_service_id and sv.is_active;
  if v_minutes is null or p_day < v_today + v_min or p_day > v_today + v_max then
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

CREATE OR REPLACE FUNCTION public.booking_set_status (
  p_booking_id uuid,
  p_status     text,
  p_now        timestamp with time zone DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_from text;
  v_early text;
begin
  select * into v_booking from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    raise exception 'Bookingen findes ikke.' using errcode = 'no_data_found';
  end if;
  if p_status is null
     or p_status not in ('confirmed', 'cancelled', 'arrived', 'ready', 'collected', 'no_show') then
    raise exception 'status skal være bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.'
      using errcode = 'check_violation';
  end if;
  v_from := v_booking.status;
  if p_status = v_from then
    return v_booking; -- already so: nothing changes, nothing is sent again
  end if;
  if not p_status = any(public.booking_status_next(v_from)) then
    raise exception '%', public.booking_status_refusal(v_booking, p_status)
      using errcode = 'feature_not_supported';
  end if;

  v_early := public.booking_status_too_early(v_booking, p_status, p_now);
  if v_early is not null then
    raise exception '%', v_early using errcode = 'feature_not_supported';
  end if;

  if p_status = 'cancelled' then
    v_booking := public.owner_cancel(v_booking.id, p_now);
    perform public.booking_cancel_car_messages(v_booking.id, array['car_ready_time'], 'bookingen blev aflyst');
    return v_booking;
  end if;

  if p_status in ('no_show', 'collected') then
    perform public.booking_release_bay(v_booking.id, p_now);
  end if;
  begin
    -- the time is taken back when it was freed (cancelled, no_show, collected), refused when it
    -- was booked meanwhile (bookings_sync_work_periods; the exclusion constraint settles races)
    perform set_config('glanspunkt.status_change', 'on', true);
    update public.bookings b set status = p_status, status_changed_at = p_now
     where b.id = v_booking.id
    returning * into v_booking;
    perform set_config('glanspunkt.status_change', '', true);
  exception when exclusion_violation then
    if v_from = 'cancelled' then
      raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', v_booking.reference
        using errcode = 'exclusion_violation';
    end if;
    raise exception 'Bookingen % kan ikke sættes til %: resten af tiden blev ledig, da den blev meldt %, og er booket i mellemtiden. Se owner_agenda og ret den anden booking eller book en ny tid.',
      v_booking.reference, public.booking_status_text(p_status), public.booking_status_text(v_from)
      using errcode = 'exclusion_violation';
  end;

  -- what the customer was going to be told and no longer fits
  if v_from = 'confirmed' then
    perform public.booking_cancel_car_messages(v_booking.id, array['booking_reminder'],
      'bilen er ' || public.booking_status_text(p_status));
  end if;
  if v_from = 'ready' then
    perform public.booking_cancel_car_messages(v_booking.id, array['car_ready'],
      'bilen er ' || public.booking_status_text(p_status));
  end if;
  if p_status in ('ready', 'collected', 'no_show') then
    perform public.booking_cancel_car_messages(v_booking.id, array['car_ready_time'],
      'bilen er ' || public.booking_status_text(p_status));
  end if;
  if p_status = 'ready' then
    perform public.booking_queue_car_ready(v_booking, p_now);
  end if;
  return v_booking;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_status_too_early (
  p_booking public.bookings,
  p_status  text,
  p_now     timestamp with time zone
)
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  -- (PL/pgSQL keeps its plan for the session; an SQL function with SET is planned on every call,
  -- and the owner page asks this for every car of a day)
  -- the car's day begins on the drop-off day (or the evening before); no-show from the drop-off
  if p_booking.status = 'confirmed' and p_status in ('arrived', 'ready')
     and p_now < (((p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date - 1)::timestamp
                  at time zone 'Europe/Copenhagen') then
    return format('Bookingen %s skal først afleveres %s: bilen kan tidligst meldes ankommet eller klar dagen før.',
      p_booking.reference, public.owner_day_text((p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date));
  end if;
  if p_status = 'no_show' and p_now < p_booking.drop_off_at then
    return format('Bookingen %s kan først meldes udeblevet fra afleveringstiden, %s kl. %s.',
      p_booking.reference, public.owner_day_text((p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date),
      public.owner_time_text(p_booking.drop_off_at));
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.get_available_slots (
  p_service_id  uuid,
  p_date        date,
  p_now         timestamp with time zone DEFAULT now(),
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
  if not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    return jsonb_build_object('error', 'unknown_service');
  end if;
  -- one read of the busy periods around the day's candidates, then a free bay per candidate
  with c as materialized (
    select * from public.booking_candidates(p_service_id, p_date, p_now, p_owner)
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

CREATE OR REPLACE FUNCTION public.owner_access_token_hook (
  event jsonb
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- every token Auth issues (sign-in and every refresh) passes here: only an address on the list
  -- gets one, so a removed owner's session ends at its next refresh at the latest
  if exists (select 1 from public.owners o
              where o.email = lower(btrim(event -> 'claims' ->> 'email'))) then
    return jsonb_build_object('claims', event -> 'claims');
  end if;
  return jsonb_build_object('error', jsonb_build_object(
    'http_code', 403,
    'message', 'Denne e-mailadresse har ikke adgang til ejersiden.'));
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_available_slots (
  p_service_id uuid,
  p_day        date
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_available_slots_at(p_service_id, p_day, now());
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_available_slots_at (
  p_service_id uuid,
  p_day        date,
  p_now        timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_result jsonb := public.get_available_slots(p_service_id, p_day, p_now, null, true);
begin
  if v_result ? 'error' then
    raise exception 'Vælg en gyldig service.' using errcode = 'invalid_parameter_value';
  end if;
  return v_result;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_booking_found (
  p_booking_id uuid
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    raise exception 'Bookingen findes ikke (længere). Opdater siden.' using errcode = 'PT404';
  end if;
  return v_booking;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_calendar (
  p_service_id uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_calendar_at(p_service_id, now());
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_calendar_at (
  p_service_id uuid,
  p_now        timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select public.booking_calendar(p_service_id, p_now, null, true);
$function$;

CREATE OR REPLACE FUNCTION public.owner_cancel_booking (
  p_booking uuid
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_cancel_booking_at(p_booking, now());
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_cancel_booking_at (
  p_booking uuid,
  p_now     timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.owner_booking_found(p_booking);
  v_cancelled boolean := false;
begin
  if v_booking.status <> 'cancelled' then
    -- the engine's one way to change a status: a car in the workshop is not cancelled (Danish)
    v_booking := public.booking_set_status(v_booking.id, 'cancelled', p_now);
    v_cancelled := true;
    delete from public.booking_status_undo u where u.booking_id = v_booking.id;
  end if;
  return jsonb_build_object('cancelled', v_cancelled,
    'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_car (
  p_booking public.bookings,
  p_day     date,
  p_now     timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  return (select public.owner_car_of(p_booking, r.role, r.at, p_now)
            from public.booking_day_role(p_booking, p_day) r);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_car_day (
  p_booking public.bookings,
  p_now     timestamp with time zone
)
  RETURNS date
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
begin
  -- the day it is on when that is today (a car in the workshop), else its drop-off day
  if v_today between (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date
                 and (coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen')::date then
    return v_today;
  end if;
  return (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_car_next (
  p_booking public.bookings,
  p_now     timestamp with time zone
)
  RETURNS text[]
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  -- one tap goes forward only (a correction is the undo, or owner_bookings in Studio), along the
  -- engine's transitions and not before the engine allows it. PL/pgSQL: its plan is kept for the
  -- session (an SQL function with SET is planned again for every car of the day)
  return (select coalesce(array_agg(s.status order by s.ord), '{}')
            from unnest(case p_booking.status
                          when 'confirmed' then array['arrived', 'no_show']
                          when 'arrived' then array['ready']
                          when 'ready' then array['collected']
                          else array[]::text[] end) with ordinality s(status, ord)
           where s.status = any(public.booking_status_next(p_booking.status))
             and public.booking_status_too_early(p_booking, s.status, p_now) is null);
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

CREATE OR REPLACE FUNCTION public.owner_customer_no_shows (
  p_phone text,
  p_email text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_customer_no_shows_at(p_phone, p_email, now());
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_customer_no_shows_at (
  p_phone text,
  p_email text,
  p_now   timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select jsonb_build_object(
    'noShows', n.n,
    'warning', case when n.n > 0 then
      format('Kunden er udeblevet %s %s de seneste 12 måneder. Overvej at bede kunden bekræfte tiden dagen før.',
             n.n, case when n.n = 1 then 'gang' else 'gange' end) end)
    from (select public.booking_no_shows(p_phone, p_email, p_now) as n) n;
$function$;

CREATE OR REPLACE FUNCTION public.owner_day (
  p_day date
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_day_at(p_day, now());
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_day_at (
  p_day date,
  p_now timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET jit TO 'off'
  AS $function$
declare
  v_result jsonb;
begin
  if p_day is null then
    raise exception 'Vælg en dag.' using errcode = 'invalid_parameter_value';
  end if;
  -- owner_agenda_at is the engine's answer to which cars a day has (a cancelled booking and a
  -- no-show on their drop-off day only, a collected car until it left); it shows the days from its
  -- clock's day on, so a past day is asked as at its own midnight
  select jsonb_build_object(
           'day', to_char(p_day, 'YYYY-MM-DD'),
           'dayText', (array['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'])
                        [extract(isodow from p_day)::int]
                      || ' ' || regexp_replace(public.owner_day_text(p_day), ' [0-9]+$', ''),
           'now', public.copenhagen_iso(p_now),
           -- no row when closed: null
           'hours', (select jsonb_build_object('opens', public.owner_time_text(h.opens_at),
                                               'closes', public.owner_time_text(h.closes_at))
                       from public.booking_day_hours(p_day) h),
           'cars', coalesce((
             select jsonb_agg(public.owner_car_of(b, r.role, r.at, p_now) order by r.at nulls last, b.reference)
               from public.owner_agenda_at(
                      least(p_now, p_day::timestamp at time zone 'Europe/Copenhagen')) a
               join public.bookings b on b.reference = a.reference
              cross join lateral public.booking_day_role(b, p_day) r
              where a.day = public.owner_date_canonical(p_day)), '[]'::jsonb))
    into v_result;
  return v_result;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_me()
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text := public.owner_required();
begin
  return (select jsonb_build_object('email', v_email, 'name', coalesce(o.name, ''))
            from (select 1) x left join public.owners o on o.email = v_email);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_move_booking (
  p_booking uuid,
  p_date    date,
  p_time    text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_move_booking_at(p_booking, p_date, p_time, now());
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_move_booking_at (
  p_booking uuid,
  p_date    date,
  p_time    text,
  p_now     timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.owner_booking_found(p_booking);
  v_drop_off timestamp;
  v_moved boolean := false;
begin
  if p_date is null then
    raise exception 'Vælg en gyldig dato.' using errcode = 'invalid_parameter_value';
  end if;
  v_drop_off := p_date + public.owner_time_of(p_time);
  if (v_drop_off at time zone 'Europe/Copenhagen') is distinct from v_booking.drop_off_at then
    begin
      v_booking := public.owner_move(v_booking.id, v_drop_off, p_now);
    exception when exclusion_violation then
      raise exception '%', sqlerrm using errcode = 'PT409';
    end;
    v_moved := true;
  end if;
  return jsonb_build_object('moved', v_moved,
    'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
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
  p_notes          text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_phone_booking_at(p_request_id, p_service_id, p_date, p_time, p_customer_name,
    p_customer_phone, p_customer_email, p_car_plate, p_notes, now());
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
  p_now            timestamp with time zone
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
        'notes', coalesce(p_notes, ''))),
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

CREATE OR REPLACE FUNCTION public.owner_required()
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_role text := auth.role();
  v_email text := lower(btrim(auth.jwt() ->> 'email'));
begin
  -- the secret key reaches every table and the engine's functions anyway (Studio, scripts):
  -- refusing it here would protect nothing. It has no address, so the answer is null.
  if v_role = 'service_role' then
    return null;
  end if;
  if v_role is distinct from 'authenticated' then
    raise exception 'Log ind som ejer for at bruge ejersiden.' using errcode = 'insufficient_privilege';
  end if;
  -- read at this moment: an address taken off the list is refused although its token is valid
  if coalesce(v_email, '') = ''
     or not exists (select 1 from public.owners o where o.email = v_email) then
    raise exception 'Din e-mailadresse har ikke adgang til ejersiden. Spørg ejeren, om den skal på listen.'
      using errcode = 'insufficient_privilege';
  end if;
  return v_email;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_set_status (
  p_booking uuid,
  p_status  text,
  p_from    text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  perform public.owner_required();
  return public.owner_set_status_at(p_booking, p_status, p_from, now());
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_set_status_at (
  p_booking uuid,
  p_status  text,
  p_from    text,
  p_now     timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.owner_booking_found(p_booking);
  v_undo public.booking_status_undo;
  v_changed boolean := false;
  v_notifies boolean := false;
  v_car jsonb;
begin
  if p_from is null then
    raise exception 'Siden skal sende den status, den viste. Opdater siden, og prøv igen.'
      using errcode = 'invalid_parameter_value';
  end if;
  if v_booking.status = p_status then
    null; -- the same tap again (or it already is so): nothing changes, nothing is sent again
  elsif v_booking.status is distinct from p_from then
    raise exception 'Bookingen % er i mellemtiden sat til %. Siden viser nu, hvordan den står; tryk igen, hvis du stadig vil ændre den.',
      v_booking.reference, public.booking_status_text(v_booking.status)
      using errcode = 'PT409';
  else
    select * into v_undo from public.booking_status_undo u
     where u.booking_id = v_booking.id and u.to_status = v_booking.status and u.until > p_now;
    v_booking := public.booking_set_status(v_booking.id, p_status, p_now);
    v_changed := true;
    if v_undo.from_status = p_status then
      -- the undo itself: nothing to undo after it (the engine held the customer's message back)
      delete from public.booking_status_undo u where u.booking_id = v_booking.id;
    elsif public.owner_message_at(p_now) > p_now then
      insert into public.booking_status_undo (booking_id, from_status, to_status, until)
      values (v_booking.id, p_from, p_status, public.owner_message_at(p_now))
      on conflict (booking_id) do update
        set from_status = excluded.from_status, to_status = excluded.to_status, until = excluded.until;
    else
      delete from public.booking_status_undo u where u.booking_id = v_booking.id;
    end if;
    -- a customer message this change queued (it waits out the undo window)
    v_notifies := exists (
      select 1 from public.email_outbox o
       where o.booking_id = v_booking.id and o.status = 'pending'
         and o.next_attempt_at = public.owner_message_at(p_now)
         and o.kind not in ('owner_notification', 'owner_cancellation', 'owner_booking_moved', 'owner_agenda'));
  end if;
  v_car := public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now);
  return jsonb_build_object('changed', v_changed, 'car', v_car, 'undo', v_car -> 'undo',
                            'notifies', v_notifies);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_time_of (
  p_time text
)
  RETURNS time WITHOUT time zone
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  if p_time is null or p_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    raise exception 'Vælg et gyldigt tidspunkt.' using errcode = 'invalid_parameter_value';
  end if;
  return p_time::time;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owners_tidy()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  -- the address is compared with the token's e-mail, which Auth stores in lower case
  new.email := lower(btrim(coalesce(new.email, '')));
  new.name := btrim(coalesce(new.name, ''));
  if new.email = '' then
    raise exception 'Skriv ejerens e-mailadresse i email.' using errcode = 'not_null_violation';
  end if;
  if char_length(new.email) > 254
     or new.email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$' then
    raise exception '"%" er ikke en e-mailadresse. Skriv adressen, ejeren logger ind med, f.eks. ejer@glanspunkt.dk.', new.email
      using errcode = 'check_violation';
  end if;
  -- the same address typed another way is the same owner (the primary key would say it in English)
  if (tg_op = 'INSERT' or new.email <> old.email)
     and exists (select 1 from public.owners o where o.email = new.email) then
    raise exception '% står allerede på listen.', new.email using errcode = 'unique_violation';
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.refuse_truncate()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  raise exception using
    errcode = 'feature_not_supported',
    message = case tg_table_name
      when 'owner_bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking ved at vælge status aflyst; den bliver stående i tabellen.'
      when 'bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking i owner_bookings ved at vælge status aflyst.'
      when 'opening_hours' then
        'Åbningstiderne kan ikke slettes. Luk en ugedag ved at gøre opens_at og closes_at tomme (NULL) i dens række, eller luk enkelte dage i closed_dates.'
      when 'closed_dates' then
        'Alle lukkedage kan ikke slettes på én gang. Markér de dage, der skal åbne igen, og slet dem; helligdage åbnes i open_dates.'
      when 'open_dates' then
        'Alle ekstra åbne dage kan ikke slettes på én gang. Markér de dage, der skal lukke igen, og slet dem.'
      when 'settings' then
        'Indstillingerne kan ikke slettes: siden og bookingen bruger dem. Ret værdien (value) i den enkelte række.'
      when 'services' then
        'Pakkerne kan ikke slettes, heller ikke alle på én gang: bookingerne peger på dem. Tag en pakke af siden ved at sætte is_active til false.'
      when 'owners' then
        'Ejerlisten kan ikke tømmes på én gang: så kunne ingen logge ind på ejersiden. Markér de adresser, der skal fjernes, og slet dem.'
      else
        format('Tabellen %s kan ikke tømmes på én gang.', tg_table_name)
    end;
end;
$function$;

ALTER TABLE "public"."booking_status_undo"
  ADD CONSTRAINT "booking_status_undo_booking_id_fkey" FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

CREATE TRIGGER owners_tidy
  BEFORE INSERT OR UPDATE ON public.owners
  FOR EACH ROW
  EXECUTE FUNCTION public.owners_tidy();

CREATE TRIGGER refuse_truncate
  BEFORE TRUNCATE ON public.owners
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.refuse_truncate();

COMMENT ON COLUMN "public"."booking_status_undo"."booking_id" IS 'Bookingen.';

COMMENT ON COLUMN "public"."booking_status_undo"."from_status" IS 'Status før trykket.';

COMMENT ON COLUMN "public"."booking_status_undo"."to_status" IS 'Status efter trykket.';

COMMENT ON COLUMN "public"."booking_status_undo"."until" IS 'Hvornår Fortryd ikke længere tilbydes.';


COMMENT ON COLUMN "public"."owners"."email" IS 'Ejerens e-mailadresse, den samme som brugeren i Authentication. Gemmes med små bogstaver og uden mellemrum.';

COMMENT ON COLUMN "public"."owners"."name" IS 'Ejerens navn (valgfrit), som siden hilser med.';

COMMENT ON FUNCTION "public"."booking_calendar"(uuid, timestamp with time zone, uuid, boolean) IS 'The booking window for a package as seen at p_now: {today, first, last, days: [{day, status, time?, holiday?}]} from today to last, status bookable (time: its first free drop-off, HH:MI), full (open but no free drop-off time for this package), closed_weekday, holiday, closed_date or outside_window (before first). p_own_booking: the booking being moved, whose own time counts as free. p_owner: the owner''s window, from today (first is today). Raises P0001 for an unknown or inactive package.';

COMMENT ON FUNCTION "public"."booking_candidates"(uuid, date, timestamp with time zone, boolean) IS 'Every drop-off time the rules allow for a package on a day (ignoring other bookings), with ready time and the bay time it would occupy. p_owner: the owner''s window, which starts today (min_advance_booking_days does not apply).';

COMMENT ON FUNCTION "public"."booking_status_too_early"(public.bookings, text, timestamp with time zone) IS 'The Danish refusal when a booking cannot be set to p_status yet at p_now (arrived or ready before the day before the drop-off day, no_show before the drop-off), else null. Used by booking_set_status and the owner page''s next statuses.';

COMMENT ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp with time zone, uuid, boolean) IS 'Free drop-off times of a day for a package: {slots: [HH:MI...], readyAt: {HH:MI: iso}}, or {error: unknown_service}. p_own_booking: the booking being moved, whose own time counts as free. p_owner: the owner''s window (today included, booking_candidates). Called by the get-available-slots edge function.';

COMMENT ON FUNCTION "public"."owner_access_token_hook"(jsonb) IS 'Supabase Auth''s custom access token hook (config.toml [auth.hook.custom_access_token]): {claims} unchanged for an address in owners, else {error: {http_code: 403, message}} in Danish, so Auth issues no token to anyone else. Called by supabase_auth_admin only.';

COMMENT ON FUNCTION "public"."owner_available_slots"(uuid, date) IS 'The free drop-off times of a day for the owner page now (owner_available_slots_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_available_slots_at"(uuid, date, timestamp with time zone) IS 'The free drop-off times of a day for the owner page at p_now: get_available_slots in the owner''s window (today included, only times after p_now), {slots, readyAt}; an unknown package is refused in Danish (400).';

COMMENT ON FUNCTION "public"."owner_booking_found"(uuid) IS 'The booking a call of the owner page names, locked for the change; a missing (or anonymised) one is refused in Danish with HTTP 404 (PT404), not with the engine''s no_data_found (a 500 through the Data API).';

COMMENT ON FUNCTION "public"."owner_calendar"(uuid) IS 'The owner page''s booking calendar of a package now (owner_calendar_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_calendar_at"(uuid, timestamp with time zone) IS 'The owner page''s booking calendar of a package at p_now: booking_calendar in the owner''s window (from today).';

COMMENT ON FUNCTION "public"."owner_cancel_booking"(uuid) IS 'Cancels a booking from the owner page now (owner_cancel_booking_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_cancel_booking_at"(uuid, timestamp with time zone) IS 'Cancels a booking from the owner page at p_now (booking_set_status: frees the time, tells the customer after the undo window); a cancelled one again changes nothing ({cancelled: false}). Returns {cancelled, car}.';

COMMENT ON FUNCTION "public"."owner_car"(public.bookings, date, timestamp with time zone) IS 'A booking as the owner page shows it on a day: owner_car_of with its role and time that day (booking_day_role).';

COMMENT ON FUNCTION "public"."owner_car_day"(public.bookings, timestamp with time zone) IS 'The Copenhagen day a single car is shown for on the owner page: today when the car is at the workshop today, else its drop-off day.';

COMMENT ON FUNCTION "public"."owner_car_next"(public.bookings, timestamp with time zone) IS 'The statuses one tap on the owner page may set now: forward only (confirmed to arrived or no_show, arrived to ready, ready to collected), as booking_status_next and booking_status_too_early allow at p_now.';

COMMENT ON FUNCTION "public"."owner_car_of"(public.bookings, text, timestamp with time zone, timestamp with time zone) IS 'A booking as the owner page shows it, given its role and time on the day shown (booking_day_role; the Car of the page''s contract): drop-off and ready time (ISO, Copenhagen offset), package, customer, status in Danish, no-shows (booking_no_shows), the taps allowed now (next; nextNotifies: those that message the customer), the undo of the last tap while its window lasts, and the customer''s messages (email_outbox, e-mail and SMS) with their state.';

COMMENT ON FUNCTION "public"."owner_customer_no_shows"(text, text) IS 'A contact''s no-shows of the last 12 months and the warning (owner_customer_no_shows_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_customer_no_shows_at"(text, text, timestamp with time zone) IS 'How often a phone number or e-mail address did not turn up in the 12 months before p_now (booking_no_shows), with the owner''s Danish warning when at least once: {noShows, warning}.';

COMMENT ON FUNCTION "public"."owner_day"(date) IS 'The owner page''s day now (owner_day_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_day_at"(date, timestamp with time zone) IS 'The owner page''s day as seen at p_now: {day, dayText (Danish), now, hours {opens, closes} or null when closed, cars: [owner_car]} of the cars owner_agenda_at shows that day, by their time that day.';

COMMENT ON FUNCTION "public"."owner_me"() IS 'The signed-in owner: {email, name} from owners (the service role: {email: null, name: ""}).';

COMMENT ON FUNCTION "public"."owner_move_booking"(uuid, date, text) IS 'Moves a booking from the owner page now (owner_move_booking_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_move_booking_at"(uuid, date, text, timestamp with time zone) IS 'Moves a booking from the owner page at p_now to a Copenhagen date and HH:MM (owner_move: the owner''s rules, the customer told by e-mail); the same time again moves nothing ({moved: false}). A taken time is PT409 (HTTP 409). Returns {moved, car}.';

COMMENT ON FUNCTION "public"."owner_phone_booking"(uuid, uuid, date, text, text, text, text, text, text) IS 'A phone booking from the owner page now (owner_phone_booking_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_phone_booking_at"(uuid, uuid, date, text, text, text, text, text, text, timestamp with time zone) IS 'A phone booking from the owner page at p_now: owner_book (the owner''s rules: today on, any minute in opening hours; the customer''s e-mails as for owner_bookings) of the package at a Copenhagen date and HH:MM. p_request_id is the page''s id of the request, stored as bookings.idempotency_key owner:<id>: the same id again, also racing, answers the first booking ({created: false}). A taken time is PT409 (HTTP 409); the engine''s other refusals stand. Returns {created, car}.';

COMMENT ON FUNCTION "public"."owner_required"() IS 'The owner check every call of the /ejer page makes first: the caller''s token is role authenticated and its e-mail is in owners now (else SQLSTATE 42501, Danish; PostgREST answers 403, 401 without a signed-in user); returns that address. The service role passes (null): it reaches everything behind these calls anyway.';

COMMENT ON FUNCTION "public"."owner_set_status"(uuid, text, text) IS 'A status tap of the owner page now (owner_set_status_at), for an owner only (owner_required).';

COMMENT ON FUNCTION "public"."owner_set_status_at"(uuid, text, text, timestamp with time zone) IS 'A status tap of the owner page at p_now: p_from is the status the page showed. Already p_status: {changed: false} (a double tap). Another status than p_from: refused with PT409 (HTTP 409) in Danish. Else booking_set_status (its refusals stand), and the tap is kept for its undo while the customer''s message waits (owner_message_at); the undo (back to undo.status with p_from the current status) is a change like any other, and inside the window the engine holds the message back. Returns {changed, car, undo, notifies (a customer message was queued)}.';

COMMENT ON FUNCTION "public"."owner_time_of"(text) IS 'A drop-off time HH:MM of the owner page, or a Danish refusal.';

COMMENT ON FUNCTION "public"."owners_tidy"() IS 'Trigger function: stores an owner''s address lower case and trimmed, and refuses in Danish one that is not an e-mail address or is on the list already.';

COMMENT ON TABLE "public"."booking_status_undo" IS 'Teknisk: den sidste status, du har ændret på ejersiden pr. booking, så siden kan tilbyde Fortryd, indtil kunden får besked (owner_message_delay_minutes). Ret ikke her.';

COMMENT ON TABLE "public"."owners" IS 'Hvem der kan logge ind på ejersiden (/ejer): én række pr. e-mailadresse. Tilføj en ejer: opret brugeren under Authentication → Users → Add user (samme e-mailadresse, Auto Confirm User), og indsæt en række her. Fjern en ejer: slet rækken; adgangen stopper ved næste tryk på siden.';

REVOKE ALL ON FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_calendar"(uuid, timestamp WITH time zone, uuid, boolean) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_candidates"(uuid, date, timestamp WITH time zone, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_candidates"(uuid, date, timestamp WITH time zone, boolean) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_status_too_early"(public.bookings, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_status_too_early"(public.bookings, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid, boolean) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."get_available_slots"(uuid, date, timestamp WITH time zone, uuid, boolean) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_access_token_hook"(jsonb) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_access_token_hook"(jsonb) TO "postgres", "supabase_auth_admin";

-- the default privileges grant every new function to service_role: the hook is Auth's alone
REVOKE ALL ON FUNCTION "public"."owner_access_token_hook"(jsonb) FROM "service_role";

REVOKE ALL ON FUNCTION "public"."owner_available_slots"(uuid, date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_available_slots"(uuid, date) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_available_slots_at"(uuid, date, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_available_slots_at"(uuid, date, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_booking_found"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_booking_found"(uuid) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_calendar"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_calendar"(uuid) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_calendar_at"(uuid, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_calendar_at"(uuid, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_cancel_booking"(uuid) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_cancel_booking"(uuid) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_cancel_booking_at"(uuid, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_cancel_booking_at"(uuid, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_car"(public.bookings, date, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_car"(public.bookings, date, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_car_day"(public.bookings, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_car_day"(public.bookings, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_car_next"(public.bookings, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_car_next"(public.bookings, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_car_of"(public.bookings, text, timestamp WITH time zone, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_car_of"(public.bookings, text, timestamp WITH time zone, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_customer_no_shows"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_customer_no_shows"(text, text) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_customer_no_shows_at"(text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_customer_no_shows_at"(text, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_day"(date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_day"(date) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_day_at"(date, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_day_at"(date, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_me"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_me"() TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_move_booking"(uuid, date, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_move_booking"(uuid, date, text) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_move_booking_at"(uuid, date, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_move_booking_at"(uuid, date, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_phone_booking"(uuid, uuid, date, text, text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_phone_booking"(uuid, uuid, date, text, text, text, text, text, text) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_phone_booking_at"(uuid, uuid, date, text, text, text, text, text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_phone_booking_at"(uuid, uuid, date, text, text, text, text, text, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_required"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_required"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_set_status"(uuid, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_set_status"(uuid, text, text) TO "authenticated", "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_set_status_at"(uuid, text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_set_status_at"(uuid, text, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_time_of"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_time_of"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owners_tidy"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owners_tidy"() TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."booking_status_undo" TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owners" TO "postgres", "service_role";
