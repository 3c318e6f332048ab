-- The customer's links: the cancel (/afbestil) and move (/flyt) pages behind the token in the
-- booking's e-mails, and the move engine the owner shares (70_owner_bookings.sql).
--
-- Rules that live here:
-- - a link finds its booking by the token's SHA-256; a malformed or unknown token, or an
--   anonymised booking, finds nothing;
-- - the pages see reference, package, price and times, never contact details;
-- - the customer may cancel or move until cancellation_notice_hours before drop-off (the deadline
--   itself included), and move at most max_moves_per_booking times; the owner's moves are not
--   counted;
-- - a move offers exactly the times the booking form offers, takes the new bay time before it lets
--   go of the old (a lost race keeps the old time), draws a new token (the old links stop working)
--   and cancels the pending reminder of the old time; the times it offers count the booking's own
--   time as free, so a half-hour shift on the same day is possible;
-- - a replaced link (a move's, or a reconfirmation's new e-mail) is remembered by its hash only, so
--   that its page says why it stopped working (moved: use the newest e-mail) and nothing else;
-- - a refusal changes nothing;
-- - once the car has arrived (or is ready, collected, or did not come) the links refuse as too
--   late.

-- links replaced by a newer e-mail ------------------------------------------------------------------

create table public.booking_replaced_links (
  token_hash text not null,
  booking_id uuid not null,
  reason text not null,
  replaced_at timestamptz not null default now(),
  constraint booking_replaced_links_pkey primary key (token_hash),
  constraint booking_replaced_links_booking_id_fkey
    foreign key (booking_id) references public.bookings (id) on delete cascade,
  constraint booking_replaced_links_token_hash_format check (token_hash ~ '^[0-9a-f]{64}$'),
  constraint booking_replaced_links_reason_check check (reason in ('moved', 'reissued'))
);

create index booking_replaced_links_booking_id_idx on public.booking_replaced_links (booking_id);

comment on table public.booking_replaced_links is
  'Teknisk: kontrolsummer af kundens gamle links (afbestil/flyt), der er afløst af et nyere link, så siden kan sige, at bookingen er flyttet, og at det nyeste link skal bruges. Vedligeholdes automatisk. Ret ikke her.';
comment on column public.booking_replaced_links.token_hash is
  'SHA-256 (hex) af det gamle link (selve linket gemmes ikke).';
comment on column public.booking_replaced_links.booking_id is 'Bookingen.';
comment on column public.booking_replaced_links.reason is
  'moved = bookingen blev flyttet; reissued = nyt link sendt af anden grund (genoprettet booking).';
comment on column public.booking_replaced_links.replaced_at is 'Hvornår linket blev afløst.';

alter table public.booking_replaced_links enable row level security;
-- no policy and no grant for anon or authenticated

create function public.bookings_remember_replaced_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.anonymised_at is not null then
    -- an anonymised booking answers no link at all, old or new
    delete from public.booking_replaced_links l where l.booking_id = new.id;
    return null;
  end if;
  insert into public.booking_replaced_links (token_hash, booking_id, reason)
  values (old.cancel_token_hash, new.id,
          case when new.drop_off_at is distinct from old.drop_off_at then 'moved' else 'reissued' end)
  on conflict (token_hash) do nothing;
  return null;
end;
$$;

comment on function public.bookings_remember_replaced_link() is
  'Trigger function: a booking''s link token replaced (a move, a reconfirmation''s new e-mail) leaves the old hash in booking_replaced_links with its reason; anonymising a booking forgets them.';

revoke all on function public.bookings_remember_replaced_link() from public, anon, authenticated;

-- not "update of cancel_token_hash": a before trigger sets it (from cancel_token, on a
-- reconfirmation), and those updates do not name the column
create trigger bookings_remember_replaced_link
  after update on public.bookings
  for each row
  when (old.cancel_token_hash is distinct from new.cancel_token_hash)
  execute function public.bookings_remember_replaced_link();

create function public.booking_replaced_link_state(p_token text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  -- 'moved' or 'replaced' for a link a newer e-mail replaced, else null; says nothing of the booking
  select case l.reason when 'moved' then 'moved' else 'replaced' end
    from public.booking_replaced_links l
    join public.bookings b on b.id = l.booking_id and b.anonymised_at is null
   where p_token ~ '^[0-9a-f]{64}$' and l.token_hash = public.booking_token_hash(p_token);
$$;

comment on function public.booking_replaced_link_state(text) is
  'For a link token that finds no booking: moved (the booking was moved since, a newer e-mail has the link) or replaced (a newer e-mail has the link for another reason), else null. Returns no booking data.';

revoke all on function public.booking_replaced_link_state(text) from public, anon, authenticated;

-- finding and showing the booking behind a link ---------------------------------------------------

create function public.booking_by_token(p_token text)
returns public.bookings
language sql
stable
set search_path = ''
as $$
  select b.* from public.bookings b
   where p_token ~ '^[0-9a-f]{64}$'
     and b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null;
$$;

comment on function public.booking_by_token(text) is
  'The booking behind a cancel/move link token (64 hex digits; bookings keep only its hash), or null for a malformed or unknown token or an anonymised booking. Takes no lock.';

revoke all on function public.booking_by_token(text) from public, anon, authenticated;

create function public.booking_change_deadline(p_booking public.bookings)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select p_booking.drop_off_at
         - make_interval(hours => public.booking_setting('cancellation_notice_hours', 24));
$$;

comment on function public.booking_change_deadline(public.bookings) is
  'Until when the customer may cancel or move a booking: its drop-off minus the cancellation_notice_hours setting (default 24).';

revoke all on function public.booking_change_deadline(public.bookings)
  from public, anon, authenticated;

create function public.booking_moves_left(p_booking public.bookings)
returns integer
language sql
stable
set search_path = ''
as $$
  select greatest(public.booking_setting('max_moves_per_booking', 3) - p_booking.move_count, 0);
$$;

comment on function public.booking_moves_left(public.bookings) is
  'How many more times the customer may move a booking (max_moves_per_booking, default 3, minus the moves made; never below 0).';

revoke all on function public.booking_moves_left(public.bookings) from public, anon, authenticated;

create function public.booking_link_view(
  p_booking public.bookings,
  p_now timestamptz,
  p_moving boolean
)
returns jsonb
language sql
stable
set search_path = ''
as $$
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
$$;

comment on function public.booking_link_view(public.bookings, timestamptz, boolean) is
  'What the cancel page (p_moving false: state active, cancelled or too_late; canMove: the move page would still take it) or the move page (true: also move_limit) may show of a booking, without contact details; {state: not_found} for a null booking.';

revoke all on function public.booking_link_view(public.bookings, timestamptz, boolean)
  from public, anon, authenticated;

create function public.booking_cancel_view(p_booking public.bookings, p_now timestamptz)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_link_view(p_booking, p_now, false);
$$;

comment on function public.booking_cancel_view(public.bookings, timestamptz) is
  'What the cancel page may show of a booking (no contact details) and whether it can still be cancelled: state active, cancelled or too_late.';

revoke all on function public.booking_cancel_view(public.bookings, timestamptz)
  from public, anon, authenticated;

create function public.booking_move_view(p_booking public.bookings, p_now timestamptz)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_link_view(p_booking, p_now, true);
$$;

comment on function public.booking_move_view(public.bookings, timestamptz) is
  'What the move page may show of a booking (no contact details) and whether the customer may still move it: state active, cancelled, too_late or move_limit.';

revoke all on function public.booking_move_view(public.bookings, timestamptz)
  from public, anon, authenticated;

create function public.booking_link_answer(p_token text, p_now timestamptz, p_moving boolean)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_view jsonb := public.booking_link_view(public.booking_by_token(p_token), p_now, p_moving);
  v_replaced text;
begin
  if v_view ->> 'state' = 'not_found' then
    v_replaced := public.booking_replaced_link_state(p_token);
    if v_replaced is not null then
      return jsonb_build_object('state', v_replaced);
    end if;
  end if;
  return v_view;
end;
$$;

comment on function public.booking_link_answer(text, timestamptz, boolean) is
  'booking_link_view of the booking behind a link token; for a token a newer e-mail replaced, {state: moved|replaced} (no booking data).';

revoke all on function public.booking_link_answer(text, timestamptz, boolean)
  from public, anon, authenticated;

create function public.booking_cancel_info(p_token text, p_now timestamptz default now())
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_link_answer(p_token, p_now, false);
$$;

comment on function public.booking_cancel_info(text, timestamptz) is
  'The booking behind a cancel link: {state: active|cancelled|too_late|not_found|moved|replaced, booking}. moved/replaced: a newer e-mail has the link (no booking data). Changes nothing.';

revoke all on function public.booking_cancel_info(text, timestamptz)
  from public, anon, authenticated;
-- the cancel-booking edge function calls it with the secret key
grant execute on function public.booking_cancel_info(text, timestamptz) to service_role;

create function public.booking_move_info(p_token text, p_now timestamptz default now())
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_link_answer(p_token, p_now, true);
$$;

comment on function public.booking_move_info(text, timestamptz) is
  'The booking behind a move link: {state: active|cancelled|too_late|move_limit|not_found|moved|replaced, booking}. moved/replaced: a newer e-mail has the link (no booking data). Changes nothing.';

revoke all on function public.booking_move_info(text, timestamptz) from public, anon, authenticated;
-- the reschedule-booking edge function calls it with the secret key
grant execute on function public.booking_move_info(text, timestamptz) to service_role;

-- cancelling --------------------------------------------------------------------------------------

create function public.cancel_booking(p_token text, p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
  if v_view ->> 'state' = 'not_found' then
    return public.booking_link_answer(p_token, p_now, false);
  end if;
  if v_view ->> 'state' <> 'active' then
    return v_view;
  end if;

  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods); the
  -- status change raises ics_sequence (trigger bookings_status_revision)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = v_booking.id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev afbestilt', locked_until = null
   where o.booking_id = v_booking.id and o.kind in ('booking_reminder', 'sms_booking_reminder') and o.status = 'pending';

  -- the key ends with the cancellation's revision: a booking reconfirmed by the workshop and
  -- cancelled again gets a cancellation again. sequence names the revision cancelled; the .ics is
  -- one above it (= ics_sequence now)
  perform public.booking_queue_emails(v_booking, 'cancellation_confirmation', 'owner_cancellation',
    ':' || v_booking.ics_sequence,
    jsonb_build_object('sequence', v_booking.ics_sequence - 1),
    jsonb_build_object('sequence', v_booking.ics_sequence - 1), p_now);

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
end;
$$;

comment on function public.cancel_booking(text, timestamptz) is
  'Cancels the booking behind a cancel link when it is still allowed (until cancellation_notice_hours before drop-off), frees its time, drops its pending reminder and queues e-mails to customer and workshop (keys end with the new ics_sequence). Returns {state, booking}: state cancelled and cancelledNow true on success, else not_found, moved or replaced (a newer e-mail has the link; no booking data), cancelled (was already) or too_late; nothing changes then.';

revoke all on function public.cancel_booking(text, timestamptz) from public, anon, authenticated;
-- the cancel-booking edge function calls it with the secret key
grant execute on function public.cancel_booking(text, timestamptz) to service_role;

-- moving ------------------------------------------------------------------------------------------

create table public.booking_moves (
  id bigint generated always as identity,
  booking_id uuid not null,
  moved_by text not null,
  from_drop_off_at timestamptz not null,
  from_ready_at timestamptz not null,
  to_drop_off_at timestamptz not null,
  to_ready_at timestamptz not null,
  moved_at timestamptz not null default now(),
  constraint booking_moves_pkey primary key (id),
  constraint booking_moves_booking_id_fkey
    foreign key (booking_id) references public.bookings (id) on delete cascade,
  constraint booking_moves_moved_by_check check (moved_by in ('customer', 'owner'))
);

create index booking_moves_booking_id_idx on public.booking_moves (booking_id);

comment on table public.booking_moves is
  'Historik: hver flytning af en booking, fra hvilken tid til hvilken, af kunden (linket i mailen) eller af dig (owner_bookings). Tiderne er i UTC.';
comment on column public.booking_moves.id is 'Løbenummer (automatisk).';
comment on column public.booking_moves.booking_id is 'Bookingen.';
comment on column public.booking_moves.moved_by is 'customer = kunden, owner = dig.';
comment on column public.booking_moves.from_drop_off_at is 'Aflevering før flytningen (UTC).';
comment on column public.booking_moves.from_ready_at is 'Færdig før flytningen (UTC).';
comment on column public.booking_moves.to_drop_off_at is 'Aflevering efter flytningen (UTC).';
comment on column public.booking_moves.to_ready_at is 'Færdig efter flytningen (UTC).';
comment on column public.booking_moves.moved_at is 'Hvornår bookingen blev flyttet.';

alter table public.booking_moves enable row level security;
-- no policy and no grant for anon or authenticated

create function public.move_booking(
  p_booking_id uuid,
  p_date date,
  p_time text,
  p_check_window boolean default true,
  p_check_deadline boolean default true,
  p_check_move_limit boolean default true,
  p_moved_by text default 'customer',
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
security definer
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
set jit = off
as $$
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
$$;

comment on function public.move_booking(
  uuid, date, text, boolean, boolean, boolean, text, timestamptz
) is
  'Moves a booking to a new drop-off (p_date, p_time local Copenhagen) in one transaction. p_check_window: only the times the booking form offers (window, grid); else any start within opening hours. p_check_deadline: refused later than cancellation_notice_hours before the current drop-off. p_check_move_limit: at most max_moves_per_booking customer moves. p_moved_by: customer or owner (owner moves are not counted). Returns {status: moved, reference, service, dropOff, readyAt, previousDropOff, previousReadyAt, movedBy, sequence, movesLeft} or {status: not_found|cancelled|too_late|move_limit|unchanged|conflict|invalid(field)}; nothing changes unless moved. Queues booking_moved and owner_booking_moved e-mails.';

revoke all on function public.move_booking(
  uuid, date, text, boolean, boolean, boolean, text, timestamptz
) from public, anon, authenticated;

create function public.reschedule_booking(
  p_token text,
  p_date date,
  p_time text,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid := (public.booking_by_token(p_token)).id;
begin
  -- the token is checked again under the row's lock: a move that committed while this one waited
  -- replaced the token, so the same link cannot move the booking twice (PostgreSQL re-reads the
  -- locked row and drops it when its hash no longer matches)
  select b.id into v_id from public.bookings b
   where b.id = v_id and b.cancel_token_hash = public.booking_token_hash(p_token)
     and b.anonymised_at is null
     for update;
  if v_id is null then
    return jsonb_build_object('status',
      coalesce('link_' || public.booking_replaced_link_state(p_token), 'not_found'));
  end if;
  return public.move_booking(v_id, p_date, p_time, true, true, true, 'customer', p_now);
end;
$$;

comment on function public.reschedule_booking(text, date, text, timestamptz) is
  'The customer''s move through the link in the e-mail: move_booking() with every customer rule. A token a newer e-mail replaced answers {status: link_moved|link_replaced} instead of not_found. Called by the reschedule-booking edge function.';

revoke all on function public.reschedule_booking(text, date, text, timestamptz)
  from public, anon, authenticated;
-- the reschedule-booking edge function calls it with the secret key
grant execute on function public.reschedule_booking(text, date, text, timestamptz) to service_role;

-- the move page's calendar and times ------------------------------------------------------------

create function public.booking_move_calendar(p_token text, p_now timestamptz default now())
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

comment on function public.booking_move_calendar(text, timestamptz) is
  'The move page''s calendar (booking_calendar of the package) for the booking behind a move link, its own time counted as free; null when the link finds no booking that may be moved now.';

revoke all on function public.booking_move_calendar(text, timestamptz)
  from public, anon, authenticated;
-- the reschedule-booking edge function calls it with the secret key
grant execute on function public.booking_move_calendar(text, timestamptz) to service_role;

create function public.booking_move_slots(
  p_token text,
  p_date date,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
begin
  if v_booking.id is null
     or public.booking_link_view(v_booking, p_now, true) ->> 'state' <> 'active' then
    return null;
  end if;
  return public.get_available_slots(v_booking.service_id, p_date, p_now, v_booking.id);
end;
$$;

comment on function public.booking_move_slots(text, date, timestamptz) is
  'The free drop-off times of a day (get_available_slots) for the booking behind a move link, its own time counted as free (a half-hour shift on the same day is offered); null when the link finds no booking that may be moved now.';

revoke all on function public.booking_move_slots(text, date, timestamptz)
  from public, anon, authenticated;
-- the reschedule-booking edge function calls it with the secret key
grant execute on function public.booking_move_slots(text, date, timestamptz) to service_role;
