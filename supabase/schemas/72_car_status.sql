-- The car's day: once a booking's drop-off comes, the owner follows the car in the booking's status
-- (arrived, ready, collected, or no_show when the customer did not come), tells the customer when
-- the car is ready or will be ready later, and sees how often a contact did not turn up.
--
-- Rules that live here:
-- - bookings.status holds the booking's states (confirmed, cancelled) and the car's (arrived,
--   ready, collected, no_show); one function, booking_set_status, changes it, and only along the
--   transitions of booking_status_next; every refusal is Danish and says what to do;
-- - confirmed, arrived and ready hold the bay; cancelled frees all of it; no_show and collected
--   free the rest of the time from the moment they are marked (a no-show at 10:00 frees the rest
--   of the day for a phone booking); setting such a booking back takes the time again, refused in
--   Danish when it was booked meanwhile (the exclusion constraint settles races);
-- - the car's states do not change the customer's calendar event: only a cancellation or a
--   reconfirmation raises ics_sequence (bookings_status_revision);
-- - setting ready queues one car_ready message per booking (key car_ready:<id>): a retry or a
--   correction ready -> arrived -> ready never sends a second one; a correction before it was sent
--   holds it back (cancelled), and the next ready queues it again as new; a text-message twin
--   (kind sms_<kind>, key sms:<key>) is held back and queued again with it;
-- - a new ready time (owner_set_ready_time) is told once per change (key
--   car_ready_time:<id>:<ready_revision>); the same time again changes and sends nothing; a
--   newer change supersedes a message not sent yet; it does not change the bay time;
-- - the customer hears of the car only with an e-mail address, not anonymised, and while
--   owner_bookings_send_email is on (these are the owner's changes);
-- - with the setting no_show_requires_call on, create_booking refuses an online job over several
--   days from a phone number or e-mail address with a no-show in the last 12 months.

-- words and counts --------------------------------------------------------------------------------

create function public.booking_status_text(p_status text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- the owner's word (owner_status_of); an unknown code as it is
  select coalesce(public.owner_status_of(p_status)::text, p_status);
$$;

comment on function public.booking_status_text(text) is
  'A booking status in Danish as text, the owner''s word (owner_status_of): bekræftet, ankommet, klar, afhentet, udeblevet, aflyst.';

revoke all on function public.booking_status_text(text) from public, anon, authenticated;

create function public.booking_no_shows(p_phone text, p_email text, p_now timestamptz default now())
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.bookings b
   where b.status = 'no_show'
     and b.drop_off_at > p_now - interval '12 months'
     and b.drop_off_at <= p_now
     and b.anonymised_at is null
     -- stored numbers are E.164 (the bookings trigger); the asked one is read by the same rule, so
     -- every way of writing one number is that number (an unreadable one matches nothing)
     and (b.customer_phone = public.phone_e164(p_phone)
       or (coalesce(p_email, '') <> '' and lower(b.customer_email) = lower(p_email)));
$$;

comment on function public.booking_no_shows(text, text, timestamptz) is
  'How many bookings of this phone number or e-mail address were marked no_show (udeblevet) with a drop-off in the 12 months before p_now.';

revoke all on function public.booking_no_shows(text, text, timestamptz)
  from public, anon, authenticated;

create function public.booking_no_show_call_required(
  p_drop_off timestamptz,
  p_ready timestamptz,
  p_phone text,
  p_email text,
  p_now timestamptz
)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- a job over several days: it is not ready on the day it is dropped off
  select public.booking_setting('no_show_requires_call', 0) = 1
     and (p_ready at time zone 'Europe/Copenhagen')::date
         > (p_drop_off at time zone 'Europe/Copenhagen')::date
     and public.booking_no_shows(p_phone, p_email, p_now) > 0;
$$;

comment on function public.booking_no_show_call_required(timestamptz, timestamptz, text, text, timestamptz) is
  'Whether an online booking must be made by phone instead: the setting no_show_requires_call is 1, the job runs over several days, and the phone number or e-mail address has a no-show in the last 12 months.';

revoke all on function public.booking_no_show_call_required(timestamptz, timestamptz, text, text, timestamptz)
  from public, anon, authenticated;

-- the transitions ---------------------------------------------------------------------------------

create function public.booking_status_next(p_status text)
returns text[]
language sql
immutable
set search_path = ''
as $$
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
$$;

comment on function public.booking_status_next(text) is
  'The statuses a booking in p_status may be set to (booking_set_status).';

revoke all on function public.booking_status_next(text) from public, anon, authenticated;

create function public.booking_status_refusal(p_booking public.bookings, p_status text)
returns text
language sql
immutable
set search_path = ''
as $$
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
$$;

comment on function public.booking_status_refusal(public.bookings, text) is
  'The Danish refusal of a transition booking_status_next does not allow, with what to do instead.';

revoke all on function public.booking_status_refusal(public.bookings, text)
  from public, anon, authenticated;

create function public.booking_status_too_early(
  p_booking public.bookings,
  p_status text,
  p_now timestamptz
)
returns text
language plpgsql
stable
set search_path = ''
as $$
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
$$;

comment on function public.booking_status_too_early(public.bookings, text, timestamptz) is
  'The Danish refusal when a booking cannot be set to p_status yet at p_now (arrived or ready before the day before the drop-off day, no_show before the drop-off), else null. Used by booking_set_status and the owner page''s next statuses.';

revoke all on function public.booking_status_too_early(public.bookings, text, timestamptz)
  from public, anon, authenticated;

create function public.booking_release_bay(p_booking_id uuid, p_now timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_release_bay(uuid, timestamptz) is
  'Marks the work periods of a booking from p_now on released (a period running at p_now is split at p_now); they turn free while the status is no_show or collected.';

revoke all on function public.booking_release_bay(uuid, timestamptz) from public, anon, authenticated;

-- the customer's messages -------------------------------------------------------------------------

create function public.booking_car_message_notifies(p_booking public.bookings)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_booking.customer_email <> ''
     and p_booking.anonymised_at is null
     and public.owner_send_email();
$$;

comment on function public.booking_car_message_notifies(public.bookings) is
  'Whether the customer hears of the car (ready, new ready time): an e-mail address, not anonymised, and owner_bookings_send_email on.';

revoke all on function public.booking_car_message_notifies(public.bookings)
  from public, anon, authenticated;

create function public.booking_pickup_hours(p_now timestamptz)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_pickup_hours(timestamptz) is
  'When a car can be picked up, from p_now: up to 3 opening days within two weeks, [{day, opens (HH:MI, null when open now), closes}], today only while open.';

revoke all on function public.booking_pickup_hours(timestamptz) from public, anon, authenticated;

create function public.booking_cancel_car_messages(p_booking_id uuid, p_kinds text[], p_reason text)
returns void
language sql
security definer
set search_path = ''
as $$
  -- a text-message twin of a customer e-mail is named sms_<kind>: it is held back with it
  update public.email_outbox o
     set status = 'cancelled', last_error = p_reason, locked_until = null
   where o.booking_id = p_booking_id
     and (o.kind = any(p_kinds) or o.kind = any(array(select 'sms_' || k from unnest(p_kinds) k)))
     and o.status = 'pending';
$$;

comment on function public.booking_cancel_car_messages(uuid, text[], text) is
  'Holds back the pending messages of the given kinds of a booking, and their sms_<kind> twins (status cancelled, with the reason).';

revoke all on function public.booking_cancel_car_messages(uuid, text[], text)
  from public, anon, authenticated;

create function public.owner_message_undone(p_booking_id uuid, p_kind text, p_reason text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  -- only a message still waiting out the owner's undo window (owner_message_at): one that is due
  -- or went out stays, and the customer then hears of the correction as usual
  update public.email_outbox o
     set status = 'cancelled', last_error = p_reason, locked_until = null
   where o.booking_id = p_booking_id
     and o.kind in (p_kind, 'sms_' || p_kind)
     and o.status = 'pending'
     and o.next_attempt_at > now();
  get diagnostics v_count = row_count;
  return v_count > 0;
end;
$$;

comment on function public.owner_message_undone(uuid, text, text) is
  'Holds back a booking''s customer message of the kind (and its sms_ twin) that is still inside the owner''s undo window (pending, not due yet), with the reason; true when one was held back: the owner corrected a misclick, and the customer hears nothing of either.';

revoke all on function public.owner_message_undone(uuid, text, text) from public, anon, authenticated;

create function public.booking_queue_car_ready(p_booking public.bookings, p_now timestamptz)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
          'car_ready:' || p_booking.id, public.owner_message_at(p_now))
  on conflict (idempotency_key) do nothing;
end;
$$;

comment on function public.booking_queue_car_ready(public.bookings, timestamptz) is
  'Queues the customer''s car_ready message (the car can be picked up: pickup hours of the coming days and the address), at most one per booking (key car_ready:<id>); one held back by a correction is queued again.';

revoke all on function public.booking_queue_car_ready(public.bookings, timestamptz)
  from public, anon, authenticated;

create function public.booking_set_status(
  p_booking_id uuid,
  p_status text,
  p_now timestamptz default now()
)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_set_status(uuid, text, timestamptz) is
  'Sets a booking''s status along booking_status_next (refused in Danish otherwise): cancelled through owner_cancel; no_show and collected free the rest of the bay time from p_now; setting back takes it again (refused in Danish when booked meanwhile); ready queues the customer''s car_ready message once. arrived/ready from the day before the drop-off day, no_show from the drop-off. Used by owner_bookings.';

revoke all on function public.booking_set_status(uuid, text, timestamptz)
  from public, anon, authenticated;

-- a new ready time --------------------------------------------------------------------------------

create function public.owner_ready_time(p_typed timestamp)
returns timestamp
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- the one place that reads the owner's new ready time (Danish typing goes here)
  if p_typed is null then
    raise exception 'Skriv den nye færdigtid i ready_local, f.eks. 01-12-2026 16:00.'
      using errcode = 'not_null_violation';
  end if;
  return date_trunc('minute', p_typed);
end;
$$;

comment on function public.owner_ready_time(timestamp) is
  'The owner''s new ready time (Copenhagen local) to the minute; a missing one is refused in Danish.';

revoke all on function public.owner_ready_time(timestamp) from public, anon, authenticated;

create function public.owner_set_ready_time(
  p_booking_id uuid,
  p_ready timestamp,
  p_now timestamptz default now()
)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
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
            'car_ready_time:' || v_booking.id || ':' || v_booking.ready_revision,
            public.owner_message_at(p_now))
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
end;
$$;

comment on function public.owner_set_ready_time(uuid, timestamp, timestamptz) is
  'Gives a booking (confirmed or arrived) a new ready time (Copenhagen local; later than now and the drop-off, within opening hours) and tells the customer once per change (car_ready_time, key ends with ready_revision); the same time again changes nothing. The bay time is not changed. Used by owner_bookings (ready_local).';

revoke all on function public.owner_set_ready_time(uuid, timestamp, timestamptz)
  from public, anon, authenticated;

create function public.bookings_clear_new_ready()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- a moved booking has a new planned ready time; the earlier promise no longer applies
  if new.drop_off_at is distinct from old.drop_off_at then
    new.new_ready_at := null;
  end if;
  return new;
end;
$$;

comment on function public.bookings_clear_new_ready() is
  'Trigger function: a move clears the new ready time the owner gave (bookings.new_ready_at).';

revoke all on function public.bookings_clear_new_ready() from public, anon, authenticated;

create trigger bookings_clear_new_ready
  before update of drop_off_at on public.bookings
  for each row execute function public.bookings_clear_new_ready();
