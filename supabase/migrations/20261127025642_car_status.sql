-- The car's day, merged onto the owner's values in Danish, the day's cars and SMS:
-- - bookings.status gains the car's states (arrived, ready, collected, no_show), changed only
--   through booking_set_status along its transitions, each refusal in Danish; no_show and
--   collected free the rest of the bay time from the moment they are marked
--   (booking_work_periods.released), setting them back takes it again (refused when booked
--   meanwhile); the car's states do not raise ics_sequence (bookings_status_revision);
-- - the owner's choice list public.owner_status gains ankommet, klar, afhentet and udeblevet
--   (between bekræftet and aflyst, in the order of the car's day), mapped both ways by
--   owner_status_of/owner_status_code; the words are cast at run time, so the functions can be
--   created in the transaction that adds the values (no row uses them yet);
-- - klar queues one car_ready message per booking; a new ready time typed in
--   owner_bookings.ready_local (Danish date and time; bookings.new_ready_at) is told once per
--   change (car_ready_time); both have an SMS twin (sms_car_ready, sms_car_ready_time) for a
--   customer who chose SMS;
-- - owner_agenda shows the Danish status, the contact's no-shows in the last 12 months and the new
--   ready time; the day roles run to the new ready day; the calendar feed and the morning agenda
--   show the new ready time; a cancelled booking or a no-show shows on its drop-off day only, a
--   collected car until the day it was collected;
-- - the setting no_show_requires_call (0 or 1, setting_range; 0 by default): create_booking
--   refuses an online job over several days from a contact with a no-show in the last 12 months;
-- - booking_day_role is declared to return one row (rows 1), so reading owner_agenda is planned
--   without JIT compilation;
-- Written by npm run db:diff from supabase/schemas/ after main's latest migration and reviewed:
-- owner_agenda is dropped and created again with its comments; everything new is revoked from
-- anon and authenticated by name; the settings row is written by hand.

SET local check_function_bodies = off;

DROP VIEW "public"."owner_agenda";

ALTER TABLE "public"."bookings"
  DROP CONSTRAINT "bookings_status_check";

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

ALTER TABLE "public"."booking_work_periods"
  ADD COLUMN "released" boolean NOT NULL DEFAULT false;

ALTER TABLE "public"."bookings"
  ADD COLUMN "new_ready_at" timestamp WITH time zone;

ALTER TABLE "public"."bookings"
  ADD COLUMN "ready_revision" integer NOT NULL DEFAULT 0;

ALTER TABLE "public"."bookings"
  ADD COLUMN "status_changed_at" timestamp WITH time zone;

ALTER TYPE "public"."owner_status" ADD VALUE 'ankommet' BEFORE 'aflyst';


SET local check_function_bodies = off;

ALTER TYPE "public"."owner_status" ADD VALUE 'klar' BEFORE 'aflyst';


SET local check_function_bodies = off;

ALTER TYPE "public"."owner_status" ADD VALUE 'afhentet' BEFORE 'aflyst';


SET local check_function_bodies = off;

ALTER TYPE "public"."owner_status" ADD VALUE 'udeblevet' BEFORE 'aflyst';


SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_cancel_car_messages (
  p_booking_id uuid,
  p_kinds      text[],
  p_reason     text
)
  RETURNS void
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- a text-message twin of a customer e-mail is named sms_<kind>: it is held back with it
  update public.email_outbox o
     set status = 'cancelled', last_error = p_reason, locked_until = null
   where o.booking_id = p_booking_id
     and (o.kind = any(p_kinds) or o.kind = any(array(select 'sms_' || k from unnest(p_kinds) k)))
     and o.status = 'pending';
$function$;

CREATE OR REPLACE FUNCTION public.booking_car_message_notifies (
  p_booking public.bookings
)
  RETURNS boolean
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select p_booking.customer_email <> ''
     and p_booking.anonymised_at is null
     and public.owner_send_email();
$function$;

CREATE OR REPLACE FUNCTION public.booking_day_role (
  p_booking public.bookings,
  p_day     date
)
  RETURNS TABLE (
    role text,
    at   timestamp with time zone
  )
  LANGUAGE sql
  STABLE
  ROWS 1
  SET search_path TO ''
  AS $function$
  select case when p_day = v.drop_day and p_day = v.ready_day then 'aflevering og afhentning'
              when p_day = v.drop_day then 'aflevering'
              when p_day = v.ready_day then 'klar til afhentning'
              when w.first_at is not null then 'arbejde'
              -- past the planned ready day (a new, later ready time): the work goes on while open
              when h.opens_at is not null then 'arbejde'
              else 'venter'
         end,
         case when p_day = v.drop_day then p_booking.drop_off_at
              when p_day = v.ready_day then coalesce(p_booking.new_ready_at, p_booking.ready_at)
              else coalesce(w.first_at, h.opens_at)
         end
    from (select (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date as drop_day,
                 -- the pickup follows the new ready time the owner gave (owner_set_ready_time)
                 (coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen')::date as ready_day,
                 (p_booking.ready_at at time zone 'Europe/Copenhagen')::date as planned_day) v
   -- the days between follow the job's own work periods (one per opening day, 40_slots.sql), kept
   -- when a booking is cancelled (inactive): a day without one is a closed day the car waits over
   cross join lateral (
     select min(lower(p.period)) as first_at
       from public.booking_work_periods p
      where p.booking_id = p_booking.id
        and p.period && tstzrange(p_day::timestamp at time zone 'Europe/Copenhagen',
                                  (p_day + 1)::timestamp at time zone 'Europe/Copenhagen', '[)')
   ) w
   -- after the planned ready day the bay time has ended: an opening day is a day of work
   cross join lateral (
     select (select min(d.opens_at) from public.booking_day_hours(p_day) d
              where p_day > v.planned_day) as opens_at
   ) h;
$function$;

CREATE OR REPLACE FUNCTION public.booking_days (
  p_booking public.bookings
)
  RETURNS TABLE (
    day  date,
    role text,
    at   timestamp with time zone
  )
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select g.day, r.role, r.at
    from (select d::date as day
            from generate_series(
                   (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date::timestamp,
                   (coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen')::date::timestamp,
                   interval '1 day') d) g
   cross join lateral public.booking_day_role(p_booking, g.day) r;
$function$;

CREATE OR REPLACE FUNCTION public.booking_link_view (
  p_booking public.bookings,
  p_now     timestamp with time zone,
  p_moving  boolean
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select case when p_booking.id is null then jsonb_build_object('state', 'not_found') else
    jsonb_build_object(
      'state', case
        when p_booking.status = 'cancelled' then 'cancelled'
        -- the car is there, ready, collected or did not come: too late to change online (the
        -- page says so in Danish and gives the phone number)
        when p_booking.status <> 'confirmed' then 'too_late'
        when p_now > public.booking_change_deadline(p_booking) then 'too_late'
        when p_moving and public.booking_moves_left(p_booking) = 0 then 'move_limit'
        else 'active' end,
      'booking', public.booking_summary(p_booking) || case
        when p_moving then jsonb_build_object(
          'serviceId', p_booking.service_id,
          'moveDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'movesLeft', public.booking_moves_left(p_booking))
        else jsonb_build_object(
          -- the cancel page offers to move instead while the move page would take it
          'canMove', p_booking.status <> 'cancelled'
                     and p_now <= public.booking_change_deadline(p_booking)
                     and public.booking_moves_left(p_booking) > 0,
          'cancelDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'cancelledAt', case when p_booking.cancelled_at is not null
                              then public.copenhagen_iso(p_booking.cancelled_at) end) end) end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_no_show_call_required (
  p_drop_off timestamp with time zone,
  p_ready    timestamp with time zone,
  p_phone    text,
  p_email    text,
  p_now      timestamp with time zone
)
  RETURNS boolean
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- a job over several days: it is not ready on the day it is dropped off
  select public.booking_setting('no_show_requires_call', 0) = 1
     and (p_ready at time zone 'Europe/Copenhagen')::date
         > (p_drop_off at time zone 'Europe/Copenhagen')::date
     and public.booking_no_shows(p_phone, p_email, p_now) > 0;
$function$;

CREATE OR REPLACE FUNCTION public.booking_no_shows (
  p_phone text,
  p_email text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select count(*)::integer
    from public.bookings b
   where b.status = 'no_show'
     and b.drop_off_at > p_now - interval '12 months'
     and b.drop_off_at <= p_now
     and b.anonymised_at is null
     and ((public.booking_phone_key(p_phone) <> ''
           and public.booking_phone_key(b.customer_phone) = public.booking_phone_key(p_phone))
       or (coalesce(p_email, '') <> '' and lower(b.customer_email) = lower(p_email)));
$function$;

CREATE OR REPLACE FUNCTION public.booking_phone_key (
  p_phone text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- a Danish number with or without +45 (or 0045) is one contact
  select regexp_replace(regexp_replace(coalesce(p_phone, ''), '[^0-9+]', '', 'g'), '^(\+45|0045)', '');
$function$;

CREATE OR REPLACE FUNCTION public.booking_pickup_hours (
  p_now timestamp with time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_day date;
  v_opens timestamptz;
  v_closes timestamptz;
  v_days jsonb := '[]';
begin
  -- today while it is still open, then the next opening days (closed dates, open dates and
  -- holidays as booking_day_hours has them): at most 3 days, looked for within two weeks
  for i in 0..13 loop
    v_day := v_today + i;
    select min(h.opens_at), max(h.closes_at) into v_opens, v_closes
      from public.booking_day_hours(v_day) h;
    if v_closes is not null and v_closes > p_now then
      v_days := v_days || jsonb_build_array(jsonb_build_object(
        'day', v_day::text,
        'opens', case when v_opens > p_now then public.owner_time_text(v_opens) end,
        'closes', public.owner_time_text(v_closes)));
      exit when jsonb_array_length(v_days) >= 3;
    end if;
  end loop;
  return v_days;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_queue_car_ready (
  p_booking public.bookings,
  p_now     timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if not public.booking_car_message_notifies(p_booking) then
    return;
  end if;
  -- one per booking: a retry or a second ready finds the key. A message held back by a
  -- correction before it went out (cancelled) is queued again, as new, with the pickup hours of
  -- now: the held-back row and its text-message twin (key sms:<key>) make way, so whatever an
  -- insert sets off (the twin, its caps) happens once more, and never after one was sent
  delete from public.email_outbox o
   where o.idempotency_key in ('car_ready:' || p_booking.id, 'sms:car_ready:' || p_booking.id)
     and o.status = 'cancelled'
     and exists (select 1 from public.email_outbox e
                  where e.idempotency_key = 'car_ready:' || p_booking.id and e.status = 'cancelled');
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (p_booking.id, 'car_ready', p_booking.customer_email,
          public.owner_booking_payload(p_booking)
            || jsonb_build_object('readyNow', public.copenhagen_iso(p_now),
                                  'pickupHours', public.booking_pickup_hours(p_now)),
          'car_ready:' || p_booking.id, p_now)
  on conflict (idempotency_key) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_release_bay (
  p_booking_id uuid,
  p_now        timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_period record;
begin
  -- the time from p_now on is released (a period running at p_now is split there, so the part
  -- before stays as it was); it turns free when the status says so (bookings_sync_work_periods)
  update public.booking_work_periods w set released = false
   where w.booking_id = p_booking_id and w.released;
  for v_period in
    select w.id, w.bay, w.period, w.active from public.booking_work_periods w
     where w.booking_id = p_booking_id and lower(w.period) < p_now and upper(w.period) > p_now
  loop
    update public.booking_work_periods w
       set period = tstzrange(lower(v_period.period), p_now, '[)')
     where w.id = v_period.id;
    insert into public.booking_work_periods (booking_id, bay, period, active, released)
    values (p_booking_id, v_period.bay, tstzrange(p_now, upper(v_period.period), '[)'),
            v_period.active, true);
  end loop;
  update public.booking_work_periods w set released = true
   where w.booking_id = p_booking_id and lower(w.period) >= p_now;
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

  -- the car's day begins on the drop-off day (or the evening before); no-show from the drop-off
  if v_from = 'confirmed' and p_status in ('arrived', 'ready')
     and p_now < (((v_booking.drop_off_at at time zone 'Europe/Copenhagen')::date - 1)::timestamp
                  at time zone 'Europe/Copenhagen') then
    raise exception 'Bookingen % skal først afleveres %: bilen kan tidligst meldes ankommet eller klar dagen før.',
      v_booking.reference, public.owner_day_text((v_booking.drop_off_at at time zone 'Europe/Copenhagen')::date)
      using errcode = 'feature_not_supported';
  end if;
  if p_status = 'no_show' and p_now < v_booking.drop_off_at then
    raise exception 'Bookingen % kan først meldes udeblevet fra afleveringstiden, % kl. %.',
      v_booking.reference, public.owner_day_text((v_booking.drop_off_at at time zone 'Europe/Copenhagen')::date),
      public.owner_time_text(v_booking.drop_off_at)
      using errcode = 'feature_not_supported';
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

CREATE OR REPLACE FUNCTION public.booking_status_next (
  p_status text
)
  RETURNS text[]
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- forward along the car's day, plus the corrections of a mistaken mark: arrived back to
  -- confirmed, ready back to arrived (not ready after all), collected back to ready, no_show back
  -- to confirmed or on to arrived (the customer came late). A cancelled booking is only
  -- reconfirmed; a car in the workshop is not cancelled or a no-show.
  select case p_status
    when 'confirmed' then array['arrived', 'ready', 'no_show', 'cancelled']
    when 'arrived' then array['ready', 'collected', 'confirmed']
    when 'ready' then array['collected', 'arrived']
    when 'collected' then array['ready']
    when 'no_show' then array['confirmed', 'arrived']
    when 'cancelled' then array['confirmed']
    else array[]::text[] end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_status_refusal (
  p_booking public.bookings,
  p_status  text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  select format('Bookingen %s er %s og kan ikke sættes til %s. %s', p_booking.reference,
    public.booking_status_text(p_booking.status), public.booking_status_text(p_status),
    case p_booking.status
      when 'cancelled' then
        'Genopret den først ved at vælge status bekræftet (kun hvis tiden stadig er ledig), eller book en ny tid.'
      when 'confirmed' then
        'Vælg først ankommet eller klar.'
      when 'arrived' then
        'Bilen er i værkstedet: vælg klar, eller afhentet, når kunden henter den. Var ankommet en fejl, så vælg bekræftet igen.'
      when 'ready' then
        'Vælg afhentet, når kunden har hentet bilen, eller ankommet igen, hvis den alligevel ikke er klar.'
      when 'collected' then
        'Var afhentet en fejl, så vælg klar igen.'
      when 'no_show' then
        'Kom kunden alligevel, så vælg ankommet; var udeblevet en fejl, så vælg bekræftet igen.'
      else '' end);
$function$;

CREATE OR REPLACE FUNCTION public.booking_status_text (
  p_status text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the owner's word (owner_status_of); an unknown code as it is
  select coalesce(public.owner_status_of(p_status)::text, p_status);
$function$;

CREATE OR REPLACE FUNCTION public.bookings_before_update()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    new.cancelled_at := coalesce(new.cancelled_at, now());
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
  end if;
  -- the car's states change only through booking_set_status (owner_bookings), which frees or
  -- takes the bay time and tells the customer; a direct edit here would do neither
  if new.status is distinct from old.status
     and (old.status not in ('confirmed', 'cancelled') or new.status not in ('confirmed', 'cancelled'))
     and coalesce(current_setting('glanspunkt.status_change', true), '') <> 'on' then
    raise exception 'Bilens status (ankommet, klar, afhentet, udeblevet) rettes i owner_bookings, så tiden og kundens besked følger med.'
      using errcode = 'feature_not_supported';
  end if;
  if new.status is distinct from old.status
     and new.status_changed_at is not distinct from old.status_changed_at then
    new.status_changed_at := now();
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_clear_new_ready()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  -- a moved booking has a new planned ready time; the earlier promise no longer applies
  if new.drop_off_at is distinct from old.drop_off_at then
    new.new_ready_at := null;
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_status_revision()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_token text;
  v_tokens jsonb;
begin
  -- only a cancellation or a reconfirmation changes the customer's calendar event (moves raise
  -- the counter themselves, in move_booking); the car's states (arrived, ready, collected,
  -- no_show) leave the event as it is, so its revision stays
  if new.status is not distinct from old.status
     or not (old.status = 'cancelled' or new.status = 'cancelled') then
    return new;
  end if;
  new.ics_sequence := old.ics_sequence + 1;
  if old.status = 'cancelled' and new.status = 'confirmed' then
    new.reconfirmed_at := now();
    -- the reconfirmation carries fresh links, as a move's e-mail does: bookings keeps only the
    -- hash, and the plain token waits for that e-mail (bookings_queue_reconfirmation) in a
    -- transaction-local map by booking id, since an update of several bookings runs every before
    -- trigger before the first after trigger. Without an e-mail the token stays, so links the
    -- customer already has work again.
    v_tokens := coalesce(nullif(current_setting('glanspunkt.reconfirm_tokens', true), ''), '{}')::jsonb
                - new.id::text;
    if public.booking_reconfirm_notifies(new) then
      v_token := public.booking_random_token();
      new.cancel_token_hash := public.booking_token_hash(v_token);
      v_tokens := v_tokens || jsonb_build_object(new.id::text, v_token);
    end if;
    perform set_config('glanspunkt.reconfirm_tokens', v_tokens::text, true);
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_sync_work_periods()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  begin
    -- a cancelled booking holds nothing; a no-show or a collected car holds only the time before
    -- it was marked (the rest is released)
    update public.booking_work_periods w
       set active = (new.status <> 'cancelled'
                     and not (w.released and new.status in ('no_show', 'collected')))
     where w.booking_id = new.id
       and w.active is distinct from (new.status <> 'cancelled'
                                      and not (w.released and new.status in ('no_show', 'collected')));
  exception when exclusion_violation then
    -- only taking the time back can overlap: a reconfirmation after the time was booked meanwhile.
    -- The owner's table said this in Danish already; an update of bookings itself said it in
    -- PostgreSQL's English.
    raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', new.reference
      using errcode = 'exclusion_violation';
  end;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.closed_days_affected (
  p_from date,
  p_to   date
)
  RETURNS SETOF public.bookings
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- a booking is affected when its car is dropped off, worked on or picked up on one of the days
  -- (booking_days); a car only waiting over a day the workshop was closed anyway is not. The
  -- engine's own instants are read (the index on ready_at), never the owner's typed columns. A job
  -- already over has nothing left to move (a day closed afterwards, for the record).
  select b.*
    from public.bookings b
   where b.status in ('confirmed', 'arrived', 'ready')
     and b.ready_at > now()
     and b.ready_at >= p_from::timestamp at time zone 'Europe/Copenhagen'
     and b.drop_off_at < (p_to + 1)::timestamp at time zone 'Europe/Copenhagen'
     and exists (select 1 from public.booking_days(b) d
                  where d.day between p_from and p_to and d.role <> 'venter');
$function$;

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
    jsonb_build_object('cancelToken', v_booking.cancel_token), '{}', now());

  return public.booking_result(v_booking);
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
    select c.drop_off_at, c.ready_at, c.blocked into v_drop_off, v_ready, v_blocked
      from public.booking_candidates(v_old.service_id, p_date, p_now) c
     order by c.slot = p_time desc
     limit 1;
    if not found then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    if to_char(v_drop_off at time zone 'Europe/Copenhagen', 'HH24:MI') <> p_time then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
    end if;
    v_minutes := v_service.duration_minutes::integer;
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

CREATE OR REPLACE FUNCTION public.opening_hours_keep_bookings()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_list text;
begin
  -- a future booking whose work on this weekday no longer lies within the day's opening hours
  -- (closed, or shorter); booking_day_hours reads the new row, open_dates and closed_dates. The
  -- buffer after a job may run past closing, so the work is compared up to the ready time.
  select string_agg(public.booking_owner_line(b), '; ' order by b.drop_off_at, b.reference)
    into v_list
    from public.bookings b
   where b.status in ('confirmed', 'arrived', 'ready')
     and b.ready_at > now()
     and exists (
       select 1
         from public.booking_work_periods w
        where w.booking_id = b.id
          and w.active
          and upper(w.period) > now()
          and extract(isodow from lower(w.period) at time zone 'Europe/Copenhagen') = new.weekday
          and not exists (
            select 1
              from public.booking_day_hours((lower(w.period) at time zone 'Europe/Copenhagen')::date) h
             where lower(w.period) >= h.opens_at
               and least(upper(w.period), b.ready_at) <= h.closes_at));
  if v_list is not null then
    raise exception 'Åbningstiden kan ikke ændres: der er bookinger om %en, som så ligger uden for åbningstiden: %. Flyt eller aflys dem først i owner_bookings, og ret så åbningstiden igen. Vil du stoppe nye bookinger med det samme, så luk de enkelte dage i closed_dates.',
      (array['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'])[new.weekday],
      v_list
      using errcode = 'check_violation';
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_agenda_item (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select (public.booking_summary(p_booking) - 'price')
         || jsonb_build_object('customerName', p_booking.customer_name,
                               'customerPhone', p_booking.customer_phone,
                               'notes', p_booking.notes,
                               'carPlate', p_booking.car_plate,
                               -- the new ready time when the owner gave one
                               'readyAt', public.copenhagen_iso(coalesce(p_booking.new_ready_at, p_booking.ready_at)));
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
  v_old_drop_off timestamp;
  v_ready timestamp;
  v_old_ready timestamp;
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
    if new.reference is distinct from old.reference then
      raise exception 'reference udfyldes automatisk og kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.package is distinct from old.package then
      raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
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

    if new.status = 'aflyst' and old.status = 'bekræftet' then
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'bekræftet' and old.status = 'aflyst' then
      if v_drop_off is distinct from v_old_drop_off then
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
    elsif new.status is distinct from old.status then
      -- the car's day (ankommet, klar, afhentet, udeblevet) and its corrections
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Ret status eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.booking_set_status(v_booking.id, public.owner_status_code(new.status));
    elsif v_drop_off is distinct from v_old_drop_off then
      if new.status = 'aflyst' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, v_drop_off);
    elsif v_ready is distinct from v_old_ready then
      v_booking := public.owner_set_ready_time(v_booking.id, v_ready);
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
         to_char(coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
         p_booking.reference,
         p_booking.car_plate;
$function$;

CREATE OR REPLACE FUNCTION public.owner_calendar_bookings (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- sequence is the revision of the event as booked or moved: the feed adds one for a cancelled
  -- booking (owner-calendar.ts), whose counter already counts its cancellation
  select coalesce(jsonb_agg(public.booking_summary(b) || jsonb_build_object(
           'status', b.status,
           'statusText', public.booking_status_text(b.status),
           'noShows', public.booking_no_shows(b.customer_phone, b.customer_email, p_now),
           'customerName', b.customer_name,
           'customerPhone', b.customer_phone,
           'customerEmail', b.customer_email,
           'notes', b.notes,
           'carPlate', b.car_plate,
           -- the new ready time when the owner gave one (booking_summary has the planned one)
           'readyAt', public.copenhagen_iso(coalesce(b.new_ready_at, b.ready_at)),
           'sequence', greatest(b.ics_sequence - case when b.status = 'cancelled' then 1 else 0 end, 0),
           'createdAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'updatedAt', to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'periods', coalesce((
             select jsonb_agg(jsonb_build_array(public.copenhagen_iso(lower(w.period)),
                                                public.copenhagen_iso(upper(w.period)))
                              order by lower(w.period))
               from public.booking_work_periods w
              where w.booking_id = b.id), '[]'::jsonb))
           order by b.drop_off_at, b.reference), '[]'::jsonb)
    from public.bookings b
   where b.anonymised_at is null
     and b.ready_at >= p_now - interval '7 days';
$function$;

CREATE OR REPLACE FUNCTION public.owner_move (
  p_booking_id uuid,
  p_drop_off   timestamp without time zone,
  p_now        timestamp with time zone    DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.owner_ready_time (
  p_typed timestamp without time zone
)
  RETURNS timestamp WITHOUT time zone
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  -- the one place that reads the owner's new ready time (Danish typing goes here)
  if p_typed is null then
    raise exception 'Skriv den nye færdigtid i ready_local, f.eks. 01-12-2026 16:00.'
      using errcode = 'not_null_violation';
  end if;
  return date_trunc('minute', p_typed);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_set_ready_time (
  p_booking_id uuid,
  p_ready      timestamp without time zone,
  p_now        timestamp with time zone    DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_local timestamp;
  v_at timestamptz;
  v_previous timestamptz;
begin
  select * into v_booking from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    raise exception 'Bookingen findes ikke.' using errcode = 'no_data_found';
  end if;
  v_local := public.owner_ready_time(p_ready);
  v_at := v_local at time zone 'Europe/Copenhagen';
  v_previous := coalesce(v_booking.new_ready_at, v_booking.ready_at);
  if v_at = v_previous then
    return v_booking; -- the same time: nothing to tell
  end if;
  if v_booking.status not in ('confirmed', 'arrived') then
    raise exception 'Bookingen % er % og kan ikke få en ny færdigtid.%', v_booking.reference,
      public.booking_status_text(v_booking.status),
      case when v_booking.status = 'ready'
           then ' Er bilen alligevel ikke klar, så vælg status ankommet først.' else '' end
      using errcode = 'feature_not_supported';
  end if;
  if v_at <= p_now then
    raise exception 'Den nye færdigtid skal være senere end nu (kl. %).', public.owner_time_text(p_now)
      using errcode = 'invalid_parameter_value';
  end if;
  if v_at <= v_booking.drop_off_at then
    raise exception 'Den nye færdigtid skal være efter afleveringen, % kl. %.',
      public.owner_day_text((v_booking.drop_off_at at time zone 'Europe/Copenhagen')::date),
      public.owner_time_text(v_booking.drop_off_at)
      using errcode = 'invalid_parameter_value';
  end if;
  if not exists (select 1 from public.booking_day_hours(v_local::date) h
                  where v_at >= h.opens_at and v_at <= h.closes_at) then
    raise exception 'Værkstedet har ikke åbent % kl. %, så kunden kan ikke hente bilen. Vælg en tid i åbningstiden.',
      public.owner_day_text(v_local::date), to_char(v_local, 'HH24:MI')
      using errcode = 'invalid_parameter_value';
  end if;

  update public.bookings b
     set new_ready_at = case when v_at = b.ready_at then null else v_at end,
         ready_revision = b.ready_revision + 1
   where b.id = v_booking.id
  returning * into v_booking;

  -- one message per change; an earlier one not sent yet would tell an outdated time
  perform public.booking_cancel_car_messages(v_booking.id, array['car_ready_time'], 'en nyere færdigtid');
  if public.booking_car_message_notifies(v_booking) then
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
    values (v_booking.id, 'car_ready_time', v_booking.customer_email,
            public.owner_booking_payload(v_booking)
              || jsonb_build_object('newReadyAt', public.copenhagen_iso(v_at),
                                    'previousReadyAt', public.copenhagen_iso(v_previous)),
            'car_ready_time:' || v_booking.id || ':' || v_booking.ready_revision, p_now)
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
end;
$function$;


SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.owner_status_code (
  p_status public.owner_status
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select case p_status::text
           when 'bekræftet' then 'confirmed'
           when 'ankommet' then 'arrived'
           when 'klar' then 'ready'
           when 'afhentet' then 'collected'
           when 'udeblevet' then 'no_show'
           when 'aflyst' then 'cancelled'
         end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_status_of (
  p_code text
)
  RETURNS public.owner_status
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select (case p_code
            when 'confirmed' then 'bekræftet'
            when 'arrived' then 'ankommet'
            when 'ready' then 'klar'
            when 'collected' then 'afhentet'
            when 'no_show' then 'udeblevet'
            when 'cancelled' then 'aflyst'
          end)::public.owner_status;
$function$;

CREATE OR REPLACE FUNCTION public.queue_owner_agenda (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_local timestamp := p_now at time zone 'Europe/Copenhagen';
  v_day date := v_local::date;
  v_from timestamptz := v_day::timestamp at time zone 'Europe/Copenhagen';
  v_to timestamptz := (v_day + 1)::timestamp at time zone 'Europe/Copenhagen';
  v_drop_offs jsonb;
  v_pick_ups jsonb;
  v_working jsonb;
  v_given_up_ids uuid[];
  v_given_up jsonb;
  v_count integer;
begin
  if public.booking_setting('owner_agenda_email', 0) <> 1
     or v_local::time < time '07:00'
     or not exists (select 1 from public.booking_day_hours(v_day)) then
    return 0;
  end if;
  if exists (select 1 from public.email_outbox o where o.idempotency_key = 'owner_agenda:' || v_day) then
    return 0;
  end if;

  -- the day's cars by their role that day, as owner_agenda has them (booking_day_role): the
  -- drop-offs, the pickups (a one-day job is in both) and the cars worked on or waiting in between
  select coalesce(jsonb_agg(public.owner_agenda_item(b) order by b.drop_off_at, b.reference)
                    filter (where d.role in ('aflevering', 'aflevering og afhentning')), '[]'),
         coalesce(jsonb_agg(public.owner_agenda_item(b) order by b.ready_at, b.reference)
                    filter (where d.role in ('klar til afhentning', 'aflevering og afhentning')), '[]'),
         coalesce(jsonb_agg(public.owner_agenda_item(b) || jsonb_build_object('role', d.role)
                            order by b.drop_off_at, b.reference)
                    filter (where d.role in ('arbejde', 'venter')), '[]')
    into v_drop_offs, v_pick_ups, v_working
    from public.bookings b
   cross join lateral public.booking_day_role(b, v_day) d
   where b.status in ('confirmed', 'arrived', 'ready') and b.anonymised_at is null
     and coalesce(b.new_ready_at, b.ready_at) >= v_from and b.drop_off_at < v_to;

  -- e-mails given up since they were last listed here (closed days carry them to the next
  -- opening day), whether or not their alert got through; the alert itself is not listed
  select array_agg(c.id order by c.id) into v_given_up_ids
    from (select o.id
            from public.email_outbox o
           where o.status = 'failed'
             and o.agenda_listed_at is null
             and o.purged_at is null
             and not starts_with(o.idempotency_key, 'owner_alert:given_up:')
             and coalesce(o.last_attempt_at, o.created_at) > p_now - interval '7 days'
             and coalesce(o.last_attempt_at, o.created_at) <= p_now
           order by o.id
             for update) c;
  select coalesce(jsonb_agg(public.email_given_up_item(o) order by o.created_at, o.id), '[]')
    into v_given_up
    from public.email_outbox o
   where o.id = any(coalesce(v_given_up_ids, '{}'));

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (null, 'owner_agenda', null,
          jsonb_build_object('day', v_day::text, 'dropOffs', v_drop_offs, 'pickUps', v_pick_ups,
                             'working', v_working, 'givenUp', v_given_up),
          'owner_agenda:' || v_day, p_now)
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  if v_count = 1 and v_given_up_ids is not null then
    update public.email_outbox o set agenda_listed_at = p_now where o.id = any(v_given_up_ids);
  end if;
  return v_count;
end;
$function$;

CREATE OR REPLACE FUNCTION public.setting_range (
  p_key text
)
  RETURNS TABLE (
    min_value integer,
    max_value integer,
    unit      text
  )
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select r.min_value, r.max_value, r.unit
    from (values
      ('min_advance_booking_days', 0, 365, 'dage'),
      ('max_advance_booking_days', 1, 730, 'dage'),
      ('slot_interval_minutes', 5, 240, 'minutter'),
      ('workshop_capacity', 1, 20, 'biler'),
      ('buffer_minutes', 0, 480, 'minutter'),
      ('cancellation_notice_hours', 0, 8760, 'timer'),
      ('reminder_hours_before', 1, 168, 'timer'),
      ('owner_bookings_send_email', 0, 1, '1 = ja, 0 = nej'),
      ('owner_agenda_email', 0, 1, '1 = ja, 0 = nej'),
      ('no_show_requires_call', 0, 1, '1 = ja, 0 = nej'),
      ('max_moves_per_booking', 0, 20, 'gange'),
      ('email_max_attempts', 1, 50, 'forsøg'),
      ('email_retry_base_seconds', 0, 3600, 'sekunder'),
      ('max_bookings_per_ip_per_day', 1, 1000000, 'bookinger'),
      ('max_open_bookings_per_contact', 1, 1000000, 'bookinger'),
      ('max_new_bookings_per_hour', 1, 1000000, 'bookinger'),
      ('max_booking_emails_per_recipient_per_day', 1, 1000000, 'mails'),
      ('rate_limit_invalid_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_email_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('booking_challenge_cost', 1, 1000000, 'gentagelser')
    ) as r(key, min_value, max_value, unit)
   where r.key = p_key;
$function$;

CREATE OR REPLACE FUNCTION public.sms_kind (
  p_email_kind text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- a new SMS (e.g. "din bil er klar") is one line here, its kind in email_outbox_kind_check and
  -- its text in _shared/sms/templates.ts
  select case p_email_kind
           when 'booking_confirmation' then 'sms_booking_confirmation'
           when 'booking_reminder' then 'sms_booking_reminder'
           when 'booking_moved' then 'sms_booking_moved'
           when 'cancellation_confirmation' then 'sms_cancellation_confirmation'
           when 'car_ready' then 'sms_car_ready'
           when 'car_ready_time' then 'sms_car_ready_time'
         end;
$function$;

ALTER TABLE "public"."bookings"
  ADD CONSTRAINT "bookings_ready_revision_check" CHECK ((ready_revision >= 0));

ALTER TABLE "public"."bookings"
  ADD CONSTRAINT "bookings_status_check" CHECK ((status = ANY (ARRAY['confirmed'::text, 'cancelled'::text, 'arrived'::text, 'ready'::text, 'collected'::text, 'no_show'::text])));

ALTER TABLE "public"."email_outbox"
  ADD CONSTRAINT "email_outbox_kind_check"
    CHECK
    ((kind = ANY (ARRAY['booking_confirmation'::text, 'owner_notification'::text, 'booking_reminder'::text, 'cancellation_confirmation'::text, 'owner_cancellation'::text,
    'booking_moved'::text,
    'owner_booking_moved'::text,
    'owner_agenda'::text,
    'booking_reconfirmed'::text,
    'car_ready'::text,
    'car_ready_time'::text,
    'sms_booking_confirmation'::text,
    'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text, 'sms_car_ready'::text, 'sms_car_ready_time'::text])));

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT public.owner_date_canonical(g.day) AS day,
    r.role,
    ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS drop_off_local,
    ((COALESCE(b.new_ready_at, b.ready_at) AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS ready_local,
    b.service_name AS package,
    b.customer_name,
    public.phone_display(b.customer_phone) AS customer_phone,
    b.customer_email,
    b.notes,
    public.owner_status_of(b.status) AS status,
    b.reference,
    b.car_plate,
    public.booking_no_shows(b.customer_phone, b.customer_email, now()) AS no_shows
   FROM ((public.bookings b
     CROSS JOIN LATERAL ( SELECT (d.d)::date AS day
           FROM generate_series((((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, (((COALESCE(b.new_ready_at, b.ready_at) AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone, '1 day'::interval) d(d)) g)
     CROSS JOIN LATERAL public.booking_day_role(b.*, g.day) r(role, at))
  WHERE (((b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text)) OR (b.new_ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text))) AND (g.day >= ((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date) AND ((b.status <> ALL (ARRAY['cancelled'::text, 'no_show'::text])) OR (r.role = ANY (ARRAY['aflevering'::text, 'aflevering og afhentning'::text]))) AND ((b.status <> 'collected'::text) OR (g.day <= COALESCE(((b.status_changed_at AT TIME ZONE 'Europe/Copenhagen'::text))::date, g.day))))
  ORDER BY g.day, r.at, b.reference;

CREATE INDEX bookings_new_ready_at_idx ON public.bookings USING btree (new_ready_at)
  WHERE (new_ready_at IS NOT NULL);

CREATE INDEX bookings_no_show_idx ON public.bookings USING btree (drop_off_at)
  WHERE (status = 'no_show'::text);

CREATE TRIGGER bookings_clear_new_ready
  BEFORE UPDATE OF drop_off_at ON public.bookings
  FOR EACH ROW
  EXECUTE FUNCTION public.bookings_clear_new_ready();

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

COMMENT ON COLUMN "public"."booking_work_periods"."active" IS 'false, når bookingen er aflyst, eller når tiden er frigivet (vedligeholdes automatisk).';

COMMENT ON COLUMN "public"."booking_work_periods"."released" IS 'true for tid efter, at bilen blev meldt udeblevet eller afhentet: den er ledig igen, så længe bookingen er udeblevet eller afhentet (vedligeholdes automatisk).';

COMMENT ON COLUMN "public"."bookings"."new_ready_at" IS 'Ny færdigtid i UTC, som du har givet kunden (ready_local i owner_bookings). Tom = bilen er klar til den bookede tid (ready_at).';

COMMENT ON COLUMN "public"."bookings"."ready_revision" IS 'Hvor mange gange du har givet bilen en ny færdigtid (hver ændring giver kunden én mail).';

COMMENT ON COLUMN "public"."bookings"."status" IS 'confirmed = bekræftet, cancelled = aflyst (en aflyst booking optager ikke værkstedet), arrived = bilen er ankommet, ready = klar til afhentning, collected = afhentet, no_show = udeblevet. Ret status i owner_bookings.';

COMMENT ON COLUMN "public"."bookings"."status_changed_at" IS 'Hvornår status sidst blev ændret (f.eks. hvornår bilen blev meldt klar eller udeblevet).';

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar) og car_ready_time (ny færdigtid) går til kunden; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat).';

COMMENT ON COLUMN "public"."owner_bookings"."ready_local" IS 'Hvornår bilen er færdig, dansk tid (udregnes ved booking). Bliver bilen ikke færdig til tiden, så skriv den nye tid her, f.eks. 05-01-2027 16:00: kunden får én besked med den nye tid.';

COMMENT ON COLUMN "public"."owner_bookings"."status" IS 'Vælg fra listen. bekræftet: bookingen gælder. aflyst: aflyser, og tiden bliver ledig med det samme; vælg bekræftet på en aflyst booking for at genoprette den (kun hvis tiden stadig er ledig), og kunden får en mail om, at bookingen gælder igen. Bilens dag: ankommet (bilen er afleveret), klar (kunden får én besked om, at bilen kan hentes), afhentet (kunden har hentet bilen), udeblevet (kunden kom ikke; resten af tiden bliver ledig).';

COMMENT ON FUNCTION "public"."booking_cancel_car_messages"(uuid, text[], text) IS 'Holds back the pending messages of the given kinds of a booking, and their sms_<kind> twins (status cancelled, with the reason).';

COMMENT ON FUNCTION "public"."booking_car_message_notifies"(public.bookings) IS 'Whether the customer hears of the car (ready, new ready time): an e-mail address, not anonymised, and owner_bookings_send_email on.';

COMMENT ON FUNCTION "public"."booking_day_role"(public.bookings, date) IS 'A booking''s role on one Copenhagen day from its drop-off day to its pickup day (the new ready time when the owner gave one): aflevering, arbejde (a work period that day, or an opening day after the planned ready day), venter (a day in between without one: closed), klar til afhentning, or aflevering og afhentning (a one-day job); at is the drop-off, the ready time or the first work that day (null when waiting).';

COMMENT ON FUNCTION "public"."booking_days"(public.bookings) IS 'The Copenhagen days a booking''s car is at the workshop, drop-off day to pickup day (the new ready time when given), each with its role that day (booking_day_role).';

COMMENT ON FUNCTION "public"."booking_no_show_call_required"(timestamp with time zone, timestamp with time zone, text, text, timestamp with time zone) IS 'Whether an online booking must be made by phone instead: the setting no_show_requires_call is 1, the job runs over several days, and the phone number or e-mail address has a no-show in the last 12 months.';

COMMENT ON FUNCTION "public"."booking_no_shows"(text, text, timestamp with time zone) IS 'How many bookings of this phone number or e-mail address were marked no_show (udeblevet) with a drop-off in the 12 months before p_now.';

COMMENT ON FUNCTION "public"."booking_phone_key"(text) IS 'A phone number as one contact is compared: digits only, a Danish +45/0045 prefix dropped.';

COMMENT ON FUNCTION "public"."booking_pickup_hours"(timestamp with time zone) IS 'When a car can be picked up, from p_now: up to 3 opening days within two weeks, [{day, opens (HH:MI, null when open now), closes}], today only while open.';

COMMENT ON FUNCTION "public"."booking_queue_car_ready"(public.bookings, timestamp with time zone) IS 'Queues the customer''s car_ready message (the car can be picked up: pickup hours of the coming days and the address), at most one per booking (key car_ready:<id>); one held back by a correction is queued again.';

COMMENT ON FUNCTION "public"."booking_release_bay"(uuid, timestamp with time zone) IS 'Marks the work periods of a booking from p_now on released (a period running at p_now is split at p_now); they turn free while the status is no_show or collected.';

COMMENT ON FUNCTION "public"."booking_set_status"(uuid, text, timestamp with time zone) IS 'Sets a booking''s status along booking_status_next (refused in Danish otherwise): cancelled through owner_cancel; no_show and collected free the rest of the bay time from p_now; setting back takes it again (refused in Danish when booked meanwhile); ready queues the customer''s car_ready message once. arrived/ready from the day before the drop-off day, no_show from the drop-off. Used by owner_bookings.';

COMMENT ON FUNCTION "public"."booking_status_next"(text) IS 'The statuses a booking in p_status may be set to (booking_set_status).';

COMMENT ON FUNCTION "public"."booking_status_refusal"(public.bookings, text) IS 'The Danish refusal of a transition booking_status_next does not allow, with what to do instead.';

COMMENT ON FUNCTION "public"."booking_status_text"(text) IS 'A booking status in Danish as text, the owner''s word (owner_status_of): bekræftet, ankommet, klar, afhentet, udeblevet, aflyst.';

COMMENT ON FUNCTION "public"."bookings_before_update"() IS 'Trigger function: stamps cancelled_at and status_changed_at of a booking (updated_at: set_updated_at, trigger bookings_set_updated_at), and refuses a change to or from the car''s states outside booking_set_status (transaction-local setting glanspunkt.status_change).';

COMMENT ON FUNCTION "public"."bookings_clear_new_ready"() IS 'Trigger function: a move clears the new ready time the owner gave (bookings.new_ready_at).';

COMMENT ON FUNCTION "public"."bookings_status_revision"() IS 'Trigger function: a cancellation or reconfirmation of a booking (on any path) raises ics_sequence by one (the car''s states do not); a reconfirmation stamps reconfirmed_at and, when the customer is e-mailed (booking_reconfirm_notifies), draws a new link token for that e-mail (transaction-local setting glanspunkt.reconfirm_tokens, by booking id).';

COMMENT ON FUNCTION "public"."bookings_sync_work_periods"() IS 'Trigger function: a cancelled booking frees its work periods, a no-show or collected one its released periods; reconfirming (or setting it back) takes them again, refused with a Danish message (23P01) when the time was taken meanwhile.';

COMMENT ON FUNCTION "public"."closed_days_affected"(date, date) IS 'The bookings not over yet (confirmed, or the car arrived or ready) that are dropped off, worked on or picked up between two Copenhagen days (inclusive): those a closing of the days leaves for the owner to move or cancel.';

COMMENT ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp with time zone, text, boolean) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). A job over several days from a contact with a no-show in the last 12 months is refused (no_show_call) while the setting no_show_requires_call is 1. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap|no_show_call, ...}. Called by the create-booking edge function.';

COMMENT ON FUNCTION "public"."owner_agenda_item"(public.bookings) IS 'One booking as a line of the morning agenda e-mail (readyAt is the new ready time when the owner gave one).';

COMMENT ON FUNCTION "public"."owner_bookings_edit"() IS 'Trigger function of owner_bookings: insert books (owner_book), status aflyst cancels (owner_cancel), bekræftet reconfirms, the car''s states (ankommet, klar, afhentet, udeblevet) go through booking_set_status, a new drop_off_local (Danish date and time, owner_parse_local_timestamp) moves (owner_move), a new ready_local tells the customer a new ready time (owner_set_ready_time), contact fields are corrected; delete and other changes are refused in Danish. The stored row is the booking as the engine left it.';

COMMENT ON FUNCTION "public"."owner_bookings_row"(public.bookings) IS 'The owner_bookings row of a booking: Copenhagen wall-clock times as 2027-01-05 10:00 (ready_local is the new ready time when the owner gave one), the phone grouped (phone_display), the Danish status.';

COMMENT ON FUNCTION "public"."owner_calendar_bookings"(timestamp with time zone) IS 'The bookings of the owner''s calendar feed (owner-calendar function): jobs not over more than 7 days ago, cancelled ones included, with customer details, work periods, the ready time (the new one when the owner gave one), the status in Danish (statusText) and the contact''s no-shows in the last 12 months (noShows).';

COMMENT ON FUNCTION "public"."owner_ready_time"(timestamp without time zone) IS 'The owner''s new ready time (Copenhagen local) to the minute; a missing one is refused in Danish.';

COMMENT ON FUNCTION "public"."owner_set_ready_time"(uuid, timestamp without time zone, timestamp with time zone) IS 'Gives a booking (confirmed or arrived) a new ready time (Copenhagen local; later than now and the drop-off, within opening hours) and tells the customer once per change (car_ready_time, key ends with ready_revision); the same time again changes nothing. The bay time is not changed. Used by owner_bookings (ready_local).';

COMMENT ON FUNCTION "public"."owner_status_of"(text) IS 'The owner''s Danish status of an engine status code (bookings.status): confirmed bekræftet, arrived ankommet, ready klar, collected afhentet, no_show udeblevet, cancelled aflyst.';

COMMENT ON TYPE "public"."owner_status" IS 'En bookings status, som du ser og vælger den: bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.';

COMMENT ON VIEW "public"."owner_agenda" IS 'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

REVOKE ALL ON FUNCTION "public"."booking_cancel_car_messages"(uuid, text[], text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_cancel_car_messages"(uuid, text[], text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_car_message_notifies"(public.bookings) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_car_message_notifies"(public.bookings) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_no_show_call_required"(timestamp WITH time zone, timestamp WITH time zone, text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE
  ON FUNCTION "public"."booking_no_show_call_required"(timestamp WITH time zone, timestamp WITH time zone, text, text, timestamp WITH time zone)
  TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_no_shows"(text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_no_shows"(text, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_phone_key"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_phone_key"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_pickup_hours"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_pickup_hours"(timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_queue_car_ready"(public.bookings, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_queue_car_ready"(public.bookings, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_release_bay"(uuid, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_release_bay"(uuid, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_set_status"(uuid, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_set_status"(uuid, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_status_next"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_status_next"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_status_refusal"(public.bookings, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_status_refusal"(public.bookings, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."booking_status_text"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_status_text"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."bookings_clear_new_ready"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."bookings_clear_new_ready"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_ready_time"(timestamp WITHOUT time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_ready_time"(timestamp WITHOUT time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_set_ready_time"(uuid, timestamp WITHOUT time zone, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_set_ready_time"(uuid, timestamp WITHOUT time zone, timestamp WITH time zone) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

-- hosted Supabase grants new functions and views to anon and authenticated by default
REVOKE ALL ON FUNCTION "public"."booking_cancel_car_messages"(uuid, text[], text) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_car_message_notifies"(public.bookings) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_no_show_call_required"(timestamp WITH time zone, timestamp WITH time zone, text, text, timestamp WITH time zone) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_no_shows"(text, text, timestamp WITH time zone) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_phone_key"(text) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_pickup_hours"(timestamp WITH time zone) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_queue_car_ready"(public.bookings, timestamp WITH time zone) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_release_bay"(uuid, timestamp WITH time zone) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_set_status"(uuid, text, timestamp WITH time zone) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_status_next"(text) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_status_refusal"(public.bookings, text) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."booking_status_text"(text) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."bookings_clear_new_ready"() FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."owner_ready_time"(timestamp WITHOUT time zone) FROM anon, authenticated;
REVOKE ALL ON FUNCTION "public"."owner_set_ready_time"(uuid, timestamp WITHOUT time zone, timestamp WITH time zone) FROM anon, authenticated;
REVOKE ALL ON TABLE "public"."owner_agenda" FROM anon, authenticated;

-- the view was created again: its column comments too
comment on column public.owner_agenda.day is
  'Dagen som år-måned-dag, f.eks. 2027-01-05 for 5. januar 2027. Filtrér med day equals og datoen skrevet sådan (05-01-2027 finder intet).';
comment on column public.owner_agenda.role is
  'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';
comment on column public.owner_agenda.drop_off_local is
  'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is
  'Hvornår bilen er færdig og kan hentes (dansk tid); den nye færdigtid, når du har givet en.';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
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

-- the new setting (rows are not diffed)
insert into public.settings (key, value, description, is_public) values
  ('no_show_requires_call', '0',
   'Om en kunde, der er udeblevet inden for de seneste 12 måneder (samme telefonnummer eller e-mailadresse), skal ringe i stedet for at booke et job over flere dage online: 1 = ja, 0 = nej.',
   false)
on conflict (key) do nothing;
