-- A cancelled booking set back to confirmed tells the customer, and so does every later cancellation.
--
-- Until now the owner could set a cancelled booking back to confirmed (docs/owner.md says how) and
-- the customer heard nothing: they held only the cancellation, and their calendar had dropped the
-- event. A second cancellation after that sent nothing either: the cancellation's idempotency key
-- was one per booking, so the outbox took it for the first one again.
--
-- One rule for the calendar file's SEQUENCE (RFC 5545: a later revision of an event must carry a
-- higher SEQUENCE, or calendar programs ignore it): bookings.ics_sequence is the SEQUENCE of the
-- latest revision of the event, and every change the customer is told about raises it by one: a
-- move (move_booking, as before), a cancellation and a reconfirmation (the trigger
-- bookings_status_revision, whatever path changes the status). The idempotency key of each of
-- these e-mails ends with that number, so one change is queued and delivered once however often it
-- is retried, and the next cycle has a key of its own. A cancellation's payload still names the
-- revision it cancels (sequence = ics_sequence - 1) and the renderer puts the file one above it, as
-- it always has, so rows queued before this migration render unchanged.
--
-- The reconfirmation (kind booking_reconfirmed) goes to the customer only, like the owner's
-- cancellations and moves: the workshop is the only one who can reconfirm, so it needs no copy. It
-- follows owner_bookings_send_email, needs an address and a job that is not over yet, and carries
-- new links (a new token, as a move does), a booking.ics with the same UID and the higher SEQUENCE.
--
-- Reminders: a reconfirmed booking is confirmed again and gets its reminder; the reminder key
-- carries ics_sequence, so the reminder cancelled with the cancellation does not block it. A
-- reconfirmation counts as a fresh confirmation (reconfirmed_at), like a move: none follows when
-- it was sent less than 12 hours before the reminder would be, so a reminder already sent before
-- the cancellation is not sent a second time.
--
-- Refusals: reconfirming takes the booking's work periods back; when its time was booked
-- meanwhile the exclusion constraint refuses it, now with the Danish message the owner's table gave
-- (also for an update of bookings.status itself, which raised PostgreSQL's English error).
--
-- Every function this file creates or replaces ends closed (revoke from public, anon and
-- authenticated by name: the hosted image grants new functions in public to both); only those an
-- edge function calls with the service key are granted to service_role.

-- the booking's new column and the counter's new meaning --------------------------------------------

alter table public.bookings add column reconfirmed_at timestamptz;

comment on column public.bookings.reconfirmed_at is
  'Hvornår bookingen sidst blev genoprettet (sat tilbage fra cancelled til confirmed).';

comment on column public.bookings.ics_sequence is
  'Versionsnummeret på bookingens kalenderinvitation: 0 ved booking og én mere ved hver flytning, aflysning og genoprettelse.';

-- Bookings cancelled before this migration: their customer holds a cancellation one above
-- ics_sequence (the old rule). The counter now counts that cancellation, so a reconfirmation
-- outranks it.
update public.bookings set ics_sequence = ics_sequence + 1 where status = 'cancelled';

-- the e-mail kind ------------------------------------------------------------------------------------

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check check (kind = any (array[
  'booking_confirmation', 'owner_notification', 'booking_reminder', 'cancellation_confirmation',
  'owner_cancellation', 'booking_moved', 'owner_booking_moved', 'owner_agenda',
  'booking_reconfirmed']));

comment on column public.email_outbox.kind is
  'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet) og cancellation_confirmation går til kunden; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL).';

-- who hears of a reconfirmation ----------------------------------------------------------------------

create or replace function public.booking_reconfirm_notifies(p_booking public.bookings)
returns boolean
language sql
stable
set search_path = ''
as $$
  -- the owner's changes follow owner_bookings_send_email; a job that is over (the owner tidying up
  -- after the day) is not announced to the customer
  select p_booking.customer_email <> ''
     and p_booking.anonymised_at is null
     and p_booking.ready_at > now()
     and public.owner_send_email();
$$;

comment on function public.booking_reconfirm_notifies(public.bookings) is
  'Whether the reconfirmation of a booking is e-mailed to the customer: an address, not anonymised, the job not over yet, and owner_bookings_send_email on.';

revoke all on function public.booking_reconfirm_notifies(public.bookings) from public, anon, authenticated;

-- every status change is a new revision of the customer's event -------------------------------------

create or replace function public.bookings_status_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_token text;
  v_tokens jsonb;
begin
  if new.status is not distinct from old.status then
    return new;
  end if;
  -- a cancellation or a reconfirmation: the customer's calendar gets a new revision of the event
  -- (moves raise the counter themselves, in move_booking)
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
$$;

comment on function public.bookings_status_revision() is
  'Trigger function: a change of a booking''s status (cancellation or reconfirmation, on any path) raises ics_sequence by one; a reconfirmation stamps reconfirmed_at and, when the customer is e-mailed (booking_reconfirm_notifies), draws a new link token for that e-mail (transaction-local setting glanspunkt.reconfirm_tokens, by booking id).';

revoke all on function public.bookings_status_revision() from public, anon, authenticated;

create trigger bookings_status_revision
  before update of status on public.bookings
  for each row execute function public.bookings_status_revision();

create or replace function public.bookings_queue_reconfirmation()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tokens jsonb;
  v_token text;
begin
  if not (old.status = 'cancelled' and new.status = 'confirmed') then
    return null;
  end if;
  -- bookings_status_revision decided (booking_reconfirm_notifies) and drew the token; a token
  -- that is not the booking's current one (left from an earlier statement) is never sent
  v_tokens := coalesce(nullif(current_setting('glanspunkt.reconfirm_tokens', true), ''), '{}')::jsonb;
  v_token := v_tokens ->> new.id::text;
  if v_token is null or public.booking_token_hash(v_token) <> new.cancel_token_hash then
    return null;
  end if;
  perform set_config('glanspunkt.reconfirm_tokens', (v_tokens - new.id::text)::text, true);

  -- queued in the statement that reconfirms: when the time turns out to be taken
  -- (bookings_sync_work_periods refuses), the e-mail goes with the rolled-back change. The key
  -- ends with the revision, so each reconfirmation is queued exactly once.
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (new.id, 'booking_reconfirmed', new.customer_email,
          public.owner_booking_payload(new)
            || jsonb_build_object('cancelToken', v_token, 'sequence', new.ics_sequence),
          'booking_reconfirmed:' || new.id || ':' || new.ics_sequence, now())
  on conflict (idempotency_key) do nothing;
  return null;
end;
$$;

comment on function public.bookings_queue_reconfirmation() is
  'Trigger function: a booking set back from cancelled to confirmed (on any path) queues the customer''s booking_reconfirmed e-mail (new links, booking.ics with the raised SEQUENCE) when bookings_status_revision drew a token for it (booking_reconfirm_notifies). The owner gets no copy: only the workshop reconfirms.';

revoke all on function public.bookings_queue_reconfirmation() from public, anon, authenticated;

create trigger bookings_queue_reconfirmation
  after update of status on public.bookings
  for each row execute function public.bookings_queue_reconfirmation();

-- a reconfirmation over taken time is refused in Danish, on every path ----------------------------

create or replace function public.bookings_sync_work_periods()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  begin
    update public.booking_work_periods w
       set active = (new.status <> 'cancelled')
     where w.booking_id = new.id and w.active is distinct from (new.status <> 'cancelled');
  exception when exclusion_violation then
    -- only taking the time back can overlap: a reconfirmation after the time was booked meanwhile.
    -- The owner's table said this in Danish already; an update of bookings itself said it in
    -- PostgreSQL's English.
    raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', new.reference
      using errcode = 'exclusion_violation';
  end;
  return null;
end;
$$;

comment on function public.bookings_sync_work_periods() is
  'Trigger function: a cancelled booking frees its work periods; reconfirming takes them again, refused with a Danish message (23P01) when the time was taken meanwhile.';

revoke all on function public.bookings_sync_work_periods() from public, anon, authenticated;

-- cancellations: one e-mail per cancellation, one above the revision it cancels -------------------

create or replace function public.cancel_booking(p_token text, p_now timestamp with time zone default now())
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
   where o.booking_id = v_booking.id and o.kind = 'booking_reminder' and o.status = 'pending';

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

comment on function public.cancel_booking(text, timestamp with time zone) is
  'Cancels the booking behind a cancel link when it is still allowed (until cancellation_notice_hours before drop-off), frees its time, drops its pending reminder and queues e-mails to customer and workshop (keys end with the new ics_sequence). Returns {state, booking}: state cancelled and cancelledNow true on success, else not_found, cancelled (was already) or too_late; nothing changes then.';

revoke all on function public.cancel_booking(text, timestamp with time zone) from public, anon, authenticated;
-- the cancel-booking edge function calls it with the service key
grant execute on function public.cancel_booking(text, timestamp with time zone) to service_role;

create or replace function public.owner_cancel(p_booking_id uuid, p_now timestamp with time zone default now())
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings b where b.id = p_booking_id for update;
  if not found or v_booking.status = 'cancelled' then
    return v_booking;
  end if;
  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods); the
  -- status change raises ics_sequence (trigger bookings_status_revision)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = p_booking_id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev aflyst', locked_until = null
   where o.booking_id = v_booking.id and o.kind = 'booking_reminder' and o.status = 'pending';

  if v_booking.customer_email <> '' and v_booking.anonymised_at is null and public.owner_send_email() then
    -- as cancel_booking: the key ends with the cancellation's revision, and sequence names the
    -- revision cancelled (before, an owner's cancellation carried none and its .ics said 1, which
    -- did not outrank a move)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
    values (v_booking.id, 'cancellation_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking)
              || jsonb_build_object('sequence', v_booking.ics_sequence - 1),
            'cancellation_confirmation:' || v_booking.id || ':' || v_booking.ics_sequence, p_now)
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
end;
$$;

comment on function public.owner_cancel(uuid, timestamp with time zone) is
  'Cancels a booking as the owner (at any time, online bookings too): frees its time, drops its pending reminder and e-mails the customer when there is an e-mail and owner_bookings_send_email is on (key ends with the new ics_sequence, so each cancellation is sent once).';

revoke all on function public.owner_cancel(uuid, timestamp with time zone) from public, anon, authenticated;

-- reminders: a reconfirmation is a fresh confirmation ----------------------------------------------

create or replace function public.email_queue_reminders(p_now timestamp with time zone default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_hours interval := make_interval(hours => public.booking_setting('reminder_hours_before', 24));
  v_count integer;
begin
  -- bookings made, moved or reconfirmed less than 12 hours before the reminder time get none: the
  -- confirmation is recent. The key carries ics_sequence (raised by every move, cancellation and
  -- reconfirmation), so a reminder sent or cancelled for an earlier revision does not stop the one
  -- of the current revision. Phone bookings without an e-mail address get none, and the owner's
  -- bookings get none while owner_bookings_send_email is off.
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
     and b.customer_email <> ''
     and (b.source = 'online' or public.owner_send_email())
     and b.drop_off_at > p_now
     and b.drop_off_at <= p_now + v_hours
     and greatest(coalesce(b.moved_at, b.created_at), b.reconfirmed_at)
           <= b.drop_off_at - v_hours - interval '12 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.email_queue_reminders(timestamp with time zone) is
  'Queues the reminder of every confirmed booking whose drop-off is within reminder_hours_before hours, unless it was booked, moved or reconfirmed less than 12 hours before that; one per revision of the booking (idempotency key booking_reminder:<id>[:<ics_sequence>]). Returns how many were queued.';

revoke all on function public.email_queue_reminders(timestamp with time zone) from public, anon, authenticated;
-- the process-email-outbox edge function calls it with the service key
grant execute on function public.email_queue_reminders(timestamp with time zone) to service_role;

-- the owner's calendar feed keeps its SEQUENCE rule ------------------------------------------------

create or replace function public.owner_calendar_bookings(p_now timestamp with time zone default now())
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- sequence is the revision of the event as booked or moved: the feed adds one for a cancelled
  -- booking (owner-calendar.ts), whose counter already counts its cancellation
  select coalesce(jsonb_agg(public.booking_summary(b) || jsonb_build_object(
           'status', b.status,
           'customerName', b.customer_name,
           'customerPhone', b.customer_phone,
           'customerEmail', b.customer_email,
           'notes', b.notes,
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
$$;

revoke all on function public.owner_calendar_bookings(timestamp with time zone) from public, anon, authenticated;
-- the owner-calendar edge function calls it with the service key
grant execute on function public.owner_calendar_bookings(timestamp with time zone) to service_role;

-- what the owner reads in the Table Editor ---------------------------------------------------------

comment on column public.owner_bookings.status is
  'confirmed = bekræftet. Sæt til cancelled for at aflyse: tiden bliver ledig med det samme. Sæt en aflyst booking tilbage til confirmed for at genoprette den (kun hvis tiden stadig er ledig); kunden får en mail om, at bookingen gælder igen.';
