-- One place for each booking rule and fragment that the booking functions repeated (issue 13):
--
-- booking_summary(b)          reference, package, price, drop-off and ready time of a booking: the
--                             part every e-mail, the cancel and move pages and the owner's calendar
--                             feed show.
-- booking_change_deadline(b)  until when the customer may cancel or move (drop-off minus the
--                             cancellation_notice_hours setting).
-- booking_moves_left(b)       how many more times the customer may move it (max_moves_per_booking).
-- booking_by_token(token)     the booking behind a cancel/move link (null for a malformed or unknown
--                             token, or an anonymised booking). Takes no lock: cancel_booking locks
--                             the row it found again by id and hash.
-- booking_link_view(b, now, moving)  what the cancel page (moving = false) or the move page (true)
--                             may show; booking_cancel_view and booking_move_view are now these two.
-- booking_queue_emails(...)   the customer's and the owner's e-mail of a booking event, queued in
--                             the outbox (create_booking, move_booking, cancel_booking).
-- booking_insert(...)         a new booking and its work periods on the first free bay, tried again
--                             after a lost race or a reference collision; null when no bay is free
--                             (create_booking, owner_book; the callers keep their checks and locks).
-- owner_drop_off(t, message)  the owner's drop-off time to the minute, refused when missing
--                             (owner_book, owner_move).
--
-- Behaviour is unchanged: same signatures, answers, locks and e-mail payloads (jsonb, so key order
-- is not part of a payload). The helpers are internal: plain SECURITY INVOKER functions (they run as
-- the owner of the SECURITY DEFINER functions that call them), EXECUTE revoked from public, anon and
-- authenticated like the other internal functions; only service_role keeps it.

create function public.booking_summary(p_booking public.bookings)
returns jsonb language sql stable set search_path = '' as $$
  select jsonb_build_object(
    'reference', p_booking.reference,
    'serviceName', p_booking.service_name,
    'price', p_booking.price,
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at));
$$;
comment on function public.booking_summary(public.bookings) is
  'Reference, package, price, drop-off and ready time of a booking (Copenhagen ISO times): the part shared by the booking e-mails, the cancel and move pages and the owner''s calendar feed.';

create function public.booking_change_deadline(p_booking public.bookings)
returns timestamptz language sql stable set search_path = '' as $$
  select p_booking.drop_off_at
         - make_interval(hours => public.booking_setting('cancellation_notice_hours', 24));
$$;
comment on function public.booking_change_deadline(public.bookings) is
  'Until when the customer may cancel or move a booking: its drop-off minus the cancellation_notice_hours setting (default 24).';

create function public.booking_moves_left(p_booking public.bookings)
returns integer language sql stable set search_path = '' as $$
  select greatest(public.booking_setting('max_moves_per_booking', 3) - p_booking.move_count, 0);
$$;
comment on function public.booking_moves_left(public.bookings) is
  'How many more times the customer may move a booking (max_moves_per_booking, default 3, minus the moves made; never below 0).';

create function public.booking_by_token(p_token text)
returns public.bookings language sql stable set search_path = '' as $_$
  select b.* from public.bookings b
   where p_token ~ '^[0-9a-f]{64}$'
     and b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null;
$_$;
comment on function public.booking_by_token(text) is
  'The booking behind a cancel/move link token (64 hex digits; bookings keep only its hash), or null for a malformed or unknown token or an anonymised booking. Takes no lock.';

create function public.booking_link_view(p_booking public.bookings, p_now timestamptz, p_moving boolean)
returns jsonb language sql stable set search_path = '' as $$
  select case when p_booking.id is null then jsonb_build_object('state', 'not_found') else
    jsonb_build_object(
      'state', case
        when p_booking.status = 'cancelled' then 'cancelled'
        when p_now > public.booking_change_deadline(p_booking) then 'too_late'
        when p_moving and public.booking_moves_left(p_booking) = 0 then 'move_limit'
        else 'active' end,
      'booking', public.booking_summary(p_booking) || case
        when p_moving then jsonb_build_object(
          'serviceId', p_booking.service_id,
          'moveDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'movesLeft', public.booking_moves_left(p_booking))
        else jsonb_build_object(
          'cancelDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'cancelledAt', case when p_booking.cancelled_at is not null
                              then public.copenhagen_iso(p_booking.cancelled_at) end) end) end;
$$;
comment on function public.booking_link_view(public.bookings, timestamptz, boolean) is
  'What the cancel page (p_moving false: state active, cancelled or too_late) or the move page (true: also move_limit) may show of a booking, without contact details; {state: not_found} for a null booking.';

create function public.booking_queue_emails(
  p_booking public.bookings, p_customer_kind text, p_owner_kind text, p_key_suffix text,
  p_customer_extra jsonb, p_owner_extra jsonb, p_next_attempt_at timestamptz)
returns void language plpgsql set search_path = '' as $$
declare
  v_payload jsonb := public.booking_summary(p_booking)
                     || jsonb_build_object('customerName', p_booking.customer_name);
begin
  -- the keys are unique per event (a new booking id; ics_sequence grows with every move), so a
  -- conflict means the event was queued already (cancel_booking called twice in one transaction)
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    (p_booking.id, p_customer_kind, p_booking.customer_email, v_payload || p_customer_extra,
     p_customer_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at),
    (p_booking.id, p_owner_kind, null,
     v_payload || jsonb_build_object(
       'customerEmail', p_booking.customer_email,
       'customerPhone', p_booking.customer_phone,
       'notes', p_booking.notes) || p_owner_extra,
     p_owner_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at)
  on conflict (idempotency_key) do nothing;
end;
$$;
comment on function public.booking_queue_emails(public.bookings, text, text, text, jsonb, jsonb, timestamptz) is
  'Queues the customer''s and the owner''s e-mail of a booking event: both get booking_summary and customerName, the owner also the contact details and notes; each its extra keys. Idempotency key kind:booking id plus p_key_suffix.';

create function public.booking_insert(
  p_id uuid, p_service public.services, p_local timestamp, p_drop_off timestamptz,
  p_ready timestamptz, p_blocked tstzrange[], p_name text, p_email text, p_phone text, p_notes text,
  p_source text, p_idempotency_key text, p_idempotency_hash text, p_client_ip text,
  p_created_at timestamptz)
returns public.bookings language plpgsql set search_path = '' as $$
declare
  v_bay smallint;
  v_booking public.bookings;
  v_constraint text;
  v_tries integer := 0;
begin
  loop
    v_bay := public.booking_free_bay(p_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return null;
    end if;
    begin
      insert into public.bookings (
        id, service_id, service_name, duration_minutes, price, booking_date, booking_time,
        drop_off_at, ready_at, customer_name, customer_email, customer_phone, notes, source,
        idempotency_key, idempotency_hash, client_ip, created_at
      ) values (
        p_id, p_service.id, p_service.name, p_service.duration_minutes, p_service.price,
        p_local::date, p_local::time, p_drop_off, p_ready, p_name, p_email, p_phone, p_notes,
        p_source, p_idempotency_key, p_idempotency_hash, p_client_ip, p_created_at
      )
      returning * into v_booking;
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
$$;
comment on function public.booking_insert(uuid, public.services, timestamp, timestamptz, timestamptz, tstzrange[], text, text, text, text, text, text, text, text, timestamptz) is
  'Inserts a booking of a package and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book; the caller holds the locks and has checked the time.';

create function public.owner_drop_off(p_drop_off timestamp, p_missing text)
returns timestamp language plpgsql immutable set search_path = '' as $$
begin
  if p_drop_off is null then
    raise exception '%', p_missing using errcode = 'not_null_violation';
  end if;
  return date_trunc('minute', p_drop_off);
end;
$$;
comment on function public.owner_drop_off(timestamp, text) is
  'The owner''s drop-off time (Copenhagen local) to the minute; refuses a missing one with the given Danish message (not_null_violation). Used by owner_book and owner_move.';

revoke execute on function
  public.booking_summary(public.bookings),
  public.booking_change_deadline(public.bookings),
  public.booking_moves_left(public.bookings),
  public.booking_by_token(text),
  public.booking_link_view(public.bookings, timestamptz, boolean),
  public.booking_queue_emails(public.bookings, text, text, text, jsonb, jsonb, timestamptz),
  public.booking_insert(uuid, public.services, timestamp, timestamptz, timestamptz, tstzrange[], text, text, text, text, text, text, text, text, timestamptz),
  public.owner_drop_off(timestamp, text)
  from public, anon, authenticated;
grant execute on function
  public.booking_summary(public.bookings),
  public.booking_change_deadline(public.bookings),
  public.booking_moves_left(public.bookings),
  public.booking_by_token(text),
  public.booking_link_view(public.bookings, timestamptz, boolean),
  public.booking_queue_emails(public.bookings, text, text, text, jsonb, jsonb, timestamptz),
  public.booking_insert(uuid, public.services, timestamp, timestamptz, timestamptz, tstzrange[], text, text, text, text, text, text, text, text, timestamptz),
  public.owner_drop_off(timestamp, text)
  to service_role;

-- the cancel and move pages --------------------------------------------------------------------

create or replace function public.booking_cancel_view(p_booking public.bookings, p_now timestamptz)
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.booking_link_view(p_booking, p_now, false);
$$;

create or replace function public.booking_move_view(p_booking public.bookings, p_now timestamptz)
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.booking_link_view(p_booking, p_now, true);
$$;

create or replace function public.booking_cancel_info(p_token text, p_now timestamptz default now())
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.booking_link_view(public.booking_by_token(p_token), p_now, false);
$$;

create or replace function public.booking_move_info(p_token text, p_now timestamptz default now())
returns jsonb language sql stable security definer set search_path = '' as $$
  select public.booking_link_view(public.booking_by_token(p_token), p_now, true);
$$;

create or replace function public.reschedule_booking(p_token text, p_date date, p_time text,
                                                     p_now timestamptz default now())
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_id uuid := (public.booking_by_token(p_token)).id;
begin
  if v_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  return public.move_booking(v_id, p_date, p_time, true, true, true, 'customer', p_now);
end;
$$;

create or replace function public.cancel_booking(p_token text, p_now timestamptz default now())
returns jsonb language plpgsql security definer set search_path = '' as $$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
  v_view jsonb;
begin
  -- lock the booking found; a move or cancel that committed meanwhile is seen here (a move changes
  -- the hash, so the old link then finds nothing, as before)
  select * into v_booking from public.bookings b
   where b.id = v_booking.id and b.cancel_token_hash = v_booking.cancel_token_hash
     and b.anonymised_at is null
     for update;
  v_view := public.booking_cancel_view(v_booking, p_now);
  if v_view ->> 'state' <> 'active' then
    return v_view;
  end if;

  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = v_booking.id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev afbestilt', locked_until = null
   where o.booking_id = v_booking.id and o.kind = 'booking_reminder' and o.status = 'pending';

  perform public.booking_queue_emails(v_booking, 'cancellation_confirmation', 'owner_cancellation', '',
    jsonb_build_object('sequence', v_booking.ics_sequence),
    jsonb_build_object('sequence', v_booking.ics_sequence), p_now);

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
end;
$$;

-- the booking functions ------------------------------------------------------------------------

create or replace function public.create_booking(p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text DEFAULT ''::text, p_idempotency_key text DEFAULT NULL::text, p_client_ip text DEFAULT NULL::text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
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
                                             p_customer_email, p_customer_phone, p_notes);
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

  begin
    v_booking := public.booking_insert(
      v_id, v_service, p_date + p_time::time, v_candidate.drop_off_at, v_candidate.ready_at,
      v_candidate.blocked, p_customer_name, p_customer_email, p_customer_phone,
      coalesce(p_notes, ''), 'online', p_idempotency_key,
      case when p_idempotency_key is not null then v_hash end, p_client_ip, p_now);
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
$$;

create or replace function public.move_booking(p_booking_id uuid, p_date date, p_time text, p_check_window boolean DEFAULT true, p_check_deadline boolean DEFAULT true, p_check_move_limit boolean DEFAULT true, p_moved_by text DEFAULT 'customer'::text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $_$
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
    v_minutes := v_service.duration_minutes;
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
   where o.booking_id = v_old.id and o.kind = 'booking_reminder' and o.status = 'pending';

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
$_$;

create or replace function public.owner_calendar_bookings(p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(public.booking_summary(b) || jsonb_build_object(
           'status', b.status,
           'customerName', b.customer_name,
           'customerPhone', b.customer_phone,
           'customerEmail', b.customer_email,
           'notes', b.notes,
           'sequence', b.ics_sequence,
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
$$;


create or replace function public.owner_book(p_package text, p_drop_off timestamp without time zone, p_customer_name text, p_customer_phone text, p_customer_email text DEFAULT NULL::text, p_notes text DEFAULT NULL::text, p_now timestamp with time zone DEFAULT now()) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
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
    -- (bookings keeps only its hash, 20261123030000_move_booking.sql)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
    values (v_booking.id, 'booking_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking) || jsonb_build_object('cancelToken', null),
            'booking_confirmation:' || v_booking.id);
  end if;
  return v_booking;
end;
$$;

create or replace function public.owner_move(p_booking_id uuid, p_drop_off timestamp without time zone, p_now timestamp with time zone DEFAULT now()) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
  v_drop_off := public.owner_drop_off(p_drop_off,
    'Skriv det nye afleveringstidspunkt i drop_off_local, f.eks. 2026-12-01 09:00.');
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

