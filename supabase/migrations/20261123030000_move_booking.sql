-- Cancel tokens stored only as a hash, and moving a booking ("Flyt booking").
--
-- 1. Tokens. bookings.cancel_token_hash holds the SHA-256 (hex) of the secret in the customer's
--    links (/afbestil?token=… and /flyt?token=…); bookings.cancel_token is kept as a column only so
--    that code which still writes it (create_booking's default, run_retention) keeps working: a
--    trigger hashes whatever is written there and empties it, and a check constraint makes a plain
--    token at rest in bookings impossible. The plain token exists only where it must, to send the
--    e-mail: in the payload of the pending outbox row that carries the link. It reaches that row
--    through a transaction-local setting (the insert trigger of email_outbox fills payload
--    cancelToken of the booking's row from it), and it is removed from the payload the moment the
--    e-mail is sent or cancelled. A move draws a new token (its e-mail carries the new links; the
--    links of earlier e-mails stop working).
--
-- 2. Moving. public.move_booking() is the one atomic move, used by the customer's link
--    (reschedule_booking(), the reschedule-booking edge function) and by the owner's dashboard:
--    lock the booking, check the rules that apply, free its work periods and take the new ones in
--    one transaction (the exclusion constraint settles races: a lost race changes nothing), record
--    the move in booking_moves, draw a new token, cancel a pending reminder of the old time and
--    queue the e-mails (booking_moved to the customer with an .ics of SEQUENCE ics_sequence,
--    owner_booking_moved to the workshop). The flags choose the rules:
--      customer: booking window, cancellation_notice_hours deadline, max_moves_per_booking moves,
--                the form's drop-off times (booking_candidates), capacity
--      owner:    any start within the day's opening hours (long jobs continue on the next opening
--                days), capacity; no window, deadline or move limit, not counted as a customer move
--    Both refuse a cancelled or anonymised booking and a drop-off in the past.
--
-- 3. Reminders: the reminder's idempotency key carries the booking's move number, so a reminder
--    sent for the old time does not stop the reminder of the new time.
--
-- Outbox kinds added: booking_moved, owner_booking_moved, owner_agenda (the morning agenda).

-- settings ----------------------------------------------------------------------------------------

insert into public.settings (key, value, description, is_public) values
  ('max_moves_per_booking', '3', 'How many times a customer may move a booking with the link in the e-mail.', false)
on conflict (key) do nothing;

-- 1. cancel tokens as SHA-256 ---------------------------------------------------------------------

create function public.booking_token_hash(p_token text)
returns text
language sql
immutable
strict
security definer
set search_path = ''
as $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
$$;

comment on function public.booking_token_hash(text) is 'SHA-256 (hex) of a cancel/move token: what bookings.cancel_token_hash stores.';

alter table public.bookings add column cancel_token_hash text;

update public.bookings set cancel_token_hash = public.booking_token_hash(cancel_token)
 where cancel_token is not null;

-- the plain token of a booking whose confirmation was already sent is of no further use
update public.email_outbox set payload = payload - 'cancelToken'
 where payload ? 'cancelToken' and status in ('sent', 'cancelled');

alter table public.bookings
  drop constraint bookings_cancel_token_key,
  alter column cancel_token drop not null;
update public.bookings set cancel_token = null;
alter table public.bookings
  alter column cancel_token_hash set not null,
  add constraint bookings_cancel_token_hash_key unique (cancel_token_hash),
  add constraint bookings_cancel_token_hash_format check (cancel_token_hash ~ '^[0-9a-f]{64}$'),
  add constraint bookings_no_plain_cancel_token check (cancel_token is null);

comment on column public.bookings.cancel_token is 'Always empty: a token written here is replaced by its hash in cancel_token_hash.';
comment on column public.bookings.cancel_token_hash is 'SHA-256 of the secret in the customer''s cancel and move links (the secret itself is not stored).';

create function public.bookings_hash_cancel_token()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.cancel_token is not null then
    new.cancel_token_hash := public.booking_token_hash(new.cancel_token);
    if tg_op = 'INSERT' then
      -- for the confirmation e-mail queued next in this transaction (email_outbox_fill_cancel_token)
      perform set_config('glanspunkt.new_cancel_token', new.id::text || ':' || new.cancel_token, true);
    end if;
    new.cancel_token := null;
  end if;
  return new;
end;
$$;

comment on function public.bookings_hash_cancel_token() is 'Trigger function: a token written to bookings.cancel_token is stored as its SHA-256 in cancel_token_hash; on insert the plain token is handed to the confirmation e-mail of the same transaction.';

create trigger bookings_hash_cancel_token
  before insert or update of cancel_token on public.bookings
  for each row execute function public.bookings_hash_cancel_token();

create function public.email_outbox_fill_cancel_token()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_pending text;
begin
  if new.payload ? 'cancelToken' and jsonb_typeof(new.payload -> 'cancelToken') = 'null'
     and new.booking_id is not null then
    v_pending := current_setting('glanspunkt.new_cancel_token', true);
    if v_pending like new.booking_id::text || ':%' then
      new.payload := jsonb_set(new.payload, '{cancelToken}',
                               to_jsonb(substr(v_pending, length(new.booking_id::text) + 2)));
    end if;
  end if;
  return new;
end;
$$;

comment on function public.email_outbox_fill_cancel_token() is 'Trigger function: an e-mail queued with cancelToken null in the transaction that created its booking gets the plain token (which bookings does not keep).';

create trigger email_outbox_fill_cancel_token
  before insert on public.email_outbox
  for each row execute function public.email_outbox_fill_cancel_token();

create function public.email_outbox_drop_cancel_token()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('sent', 'cancelled') and new.payload ? 'cancelToken' then
    new.payload := new.payload - 'cancelToken';
  end if;
  return new;
end;
$$;

comment on function public.email_outbox_drop_cancel_token() is 'Trigger function: the plain token leaves the outbox as soon as its e-mail is sent (or no longer needed).';

create trigger email_outbox_drop_cancel_token
  before update of status on public.email_outbox
  for each row execute function public.email_outbox_drop_cancel_token();

-- the cancel link looks the booking up by the token's hash
create or replace function public.booking_cancel_info(p_token text, p_now timestamptz default now())
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('state', 'not_found');
  end if;
  select * into v_booking from public.bookings b
   where b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null;
  if not found then
    return jsonb_build_object('state', 'not_found');
  end if;
  return public.booking_cancel_view(v_booking, p_now);
end;
$$;

create or replace function public.cancel_booking(p_token text, p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_view jsonb;
  v_payload jsonb;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('state', 'not_found');
  end if;
  select * into v_booking from public.bookings b
   where b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null
     for update;
  if not found then
    return jsonb_build_object('state', 'not_found');
  end if;
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

  v_payload := jsonb_build_object(
    'reference', v_booking.reference,
    'serviceName', v_booking.service_name,
    'price', v_booking.price,
    'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(v_booking.ready_at),
    'customerName', v_booking.customer_name);
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    (v_booking.id, 'cancellation_confirmation', v_booking.customer_email, v_payload,
     'cancellation_confirmation:' || v_booking.id, p_now),
    (v_booking.id, 'owner_cancellation', null,
     v_payload || jsonb_build_object(
       'customerEmail', v_booking.customer_email,
       'customerPhone', v_booking.customer_phone,
       'notes', v_booking.notes),
     'owner_cancellation:' || v_booking.id, p_now)
  on conflict (idempotency_key) do nothing;

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
end;
$$;

-- 2. moving ---------------------------------------------------------------------------------------

alter table public.bookings
  add column move_count integer not null default 0 check (move_count >= 0),
  add column ics_sequence integer not null default 0 check (ics_sequence >= 0),
  add column moved_at timestamptz;

comment on column public.bookings.move_count is 'How many times the customer moved the booking with the link in the e-mail (at most max_moves_per_booking).';
comment on column public.bookings.ics_sequence is 'Number of moves (customer and workshop): the SEQUENCE of the booking''s calendar event.';
comment on column public.bookings.moved_at is 'When the booking was last moved.';

create table public.booking_moves (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  moved_by text not null check (moved_by in ('customer', 'owner')),
  from_drop_off_at timestamptz not null,
  from_ready_at timestamptz not null,
  to_drop_off_at timestamptz not null,
  to_ready_at timestamptz not null,
  moved_at timestamptz not null default now()
);

comment on table public.booking_moves is 'Every move of a booking: from which time to which, by the customer (link in the e-mail) or the workshop.';
comment on column public.booking_moves.booking_id is 'The booking.';
comment on column public.booking_moves.moved_by is 'customer or owner.';
comment on column public.booking_moves.from_drop_off_at is 'Drop-off before the move.';
comment on column public.booking_moves.from_ready_at is 'Ready time before the move.';
comment on column public.booking_moves.to_drop_off_at is 'Drop-off after the move.';
comment on column public.booking_moves.to_ready_at is 'Ready time after the move.';
comment on column public.booking_moves.moved_at is 'When it was moved.';

create index booking_moves_booking_id_idx on public.booking_moves (booking_id);

alter table public.booking_moves enable row level security;
revoke all on public.booking_moves from public, anon, authenticated;
grant select, insert, update, delete on public.booking_moves to service_role;

-- outbox kinds: the previous list plus the move e-mails and the owner's morning agenda
alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (kind in (
  'booking_confirmation', 'owner_notification', 'booking_reminder',
  'cancellation_confirmation', 'owner_cancellation',
  'booking_moved', 'owner_booking_moved', 'owner_agenda'));

alter table public.email_outbox drop constraint email_outbox_recipient_check;
alter table public.email_outbox add constraint email_outbox_recipient_check check (
  recipient is not null
  or kind in ('owner_notification', 'owner_cancellation', 'owner_booking_moved', 'owner_agenda')
  or purged_at is not null);

comment on column public.email_outbox.kind is 'booking_confirmation, booking_reminder, booking_moved and cancellation_confirmation go to the customer; owner_notification, owner_cancellation, owner_booking_moved and owner_agenda to the workshop (OWNER_EMAIL).';

-- what a move link shows (no contact details) and whether the customer may still move
create function public.booking_move_view(p_booking public.bookings, p_now timestamptz)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'state', case
      when p_booking.status = 'cancelled' then 'cancelled'
      when p_now > p_booking.drop_off_at
                   - make_interval(hours => public.booking_setting('cancellation_notice_hours', 24))
        then 'too_late'
      when p_booking.move_count >= public.booking_setting('max_moves_per_booking', 3) then 'move_limit'
      else 'active' end,
    'booking', jsonb_build_object(
      'reference', p_booking.reference,
      'serviceId', p_booking.service_id,
      'serviceName', p_booking.service_name,
      'price', p_booking.price,
      'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
      'readyAt', public.copenhagen_iso(p_booking.ready_at),
      'moveDeadline', public.copenhagen_iso(p_booking.drop_off_at
        - make_interval(hours => public.booking_setting('cancellation_notice_hours', 24))),
      'movesLeft', greatest(public.booking_setting('max_moves_per_booking', 3) - p_booking.move_count, 0)));
$$;

comment on function public.booking_move_view(public.bookings, timestamptz) is 'What the move page may show of a booking (no contact details) and whether the customer may still move it: state active, cancelled, too_late or move_limit.';

create function public.booking_move_info(p_token text, p_now timestamptz default now())
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('state', 'not_found');
  end if;
  select * into v_booking from public.bookings b
   where b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null;
  if not found then
    return jsonb_build_object('state', 'not_found');
  end if;
  return public.booking_move_view(v_booking, p_now);
end;
$$;

comment on function public.booking_move_info(text, timestamptz) is 'The booking behind a move link: {state: active|cancelled|too_late|move_limit|not_found, booking}. Changes nothing.';

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
volatile
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
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
  if p_check_deadline and p_now > v_old.drop_off_at
       - make_interval(hours => public.booking_setting('cancellation_notice_hours', 24)) then
    return jsonb_build_object('status', 'too_late');
  end if;
  if p_check_move_limit and v_old.move_count >= public.booking_setting('max_moves_per_booking', 3) then
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
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    (v_booking.id, 'booking_moved', v_booking.customer_email,
     jsonb_build_object(
       'reference', v_booking.reference,
       'serviceName', v_booking.service_name,
       'price', v_booking.price,
       'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
       'readyAt', public.copenhagen_iso(v_booking.ready_at),
       'customerName', v_booking.customer_name,
       'cancelToken', v_token) || v_previous,
     'booking_moved:' || v_booking.id || ':' || v_booking.ics_sequence, p_now),
    (v_booking.id, 'owner_booking_moved', null,
     jsonb_build_object(
       'reference', v_booking.reference,
       'serviceName', v_booking.service_name,
       'price', v_booking.price,
       'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
       'readyAt', public.copenhagen_iso(v_booking.ready_at),
       'customerName', v_booking.customer_name,
       'customerEmail', v_booking.customer_email,
       'customerPhone', v_booking.customer_phone,
       'notes', v_booking.notes) || v_previous,
     'owner_booking_moved:' || v_booking.id || ':' || v_booking.ics_sequence, p_now);

  return public.booking_result(v_booking) || jsonb_build_object('status', 'moved') || v_previous
    || jsonb_build_object('movesLeft',
         greatest(public.booking_setting('max_moves_per_booking', 3) - v_booking.move_count, 0));
end;
$$;

comment on function public.move_booking(uuid, date, text, boolean, boolean, boolean, text, timestamptz) is 'Moves a booking to a new drop-off (p_date, p_time local Copenhagen) in one transaction. p_check_window: only the times the booking form offers (window, grid); else any start within opening hours. p_check_deadline: refused later than cancellation_notice_hours before the current drop-off. p_check_move_limit: at most max_moves_per_booking customer moves. p_moved_by: customer or owner (owner moves are not counted). Returns {status: moved, reference, service, dropOff, readyAt, previousDropOff, previousReadyAt, movedBy, sequence, movesLeft} or {status: not_found|cancelled|too_late|move_limit|unchanged|conflict|invalid(field)}; nothing changes unless moved. Queues booking_moved and owner_booking_moved e-mails.';

create function public.reschedule_booking(
  p_token text,
  p_date date,
  p_time text,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('status', 'not_found');
  end if;
  select b.id into v_id from public.bookings b
   where b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null;
  if v_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  return public.move_booking(v_id, p_date, p_time, true, true, true, 'customer', p_now);
end;
$$;

comment on function public.reschedule_booking(text, date, text, timestamptz) is 'The customer''s move through the link in the e-mail: move_booking() with every customer rule. Called by the reschedule-booking edge function.';

-- 3. reminders keyed per move ---------------------------------------------------------------------

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
  -- old time does not stop the one of the new time.
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
     and b.drop_off_at > p_now
     and b.drop_off_at <= p_now + v_hours
     and coalesce(b.moved_at, b.created_at) <= b.drop_off_at - v_hours - interval '12 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

-- execute only for service_role -------------------------------------------------------------------

revoke execute on function
  public.booking_token_hash(text),
  public.bookings_hash_cancel_token(),
  public.email_outbox_fill_cancel_token(),
  public.email_outbox_drop_cancel_token(),
  public.booking_move_view(public.bookings, timestamptz),
  public.booking_move_info(text, timestamptz),
  public.move_booking(uuid, date, text, boolean, boolean, boolean, text, timestamptz),
  public.reschedule_booking(text, date, text, timestamptz)
  from public, anon, authenticated;

grant execute on function
  public.booking_token_hash(text),
  public.booking_move_view(public.bookings, timestamptz),
  public.booking_move_info(text, timestamptz),
  public.move_booking(uuid, date, text, boolean, boolean, boolean, text, timestamptz),
  public.reschedule_booking(text, date, text, timestamptz)
  to service_role;
