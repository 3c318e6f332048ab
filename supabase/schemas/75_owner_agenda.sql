-- The owner's view of the work and of a booking's revisions: owner_agenda (today and later, read
-- only), the calendar feed, and reconfirming a cancelled booking.
--
-- Rules that live here:
-- - owner_agenda shows every booking not over before today, in Copenhagen local time; it cannot be
--   edited (the owner edits owner_bookings);
-- - bookings.ics_sequence is the SEQUENCE of the latest revision of the customer's calendar event
--   (RFC 5545: a later revision must carry a higher one): every move, cancellation and
--   reconfirmation raises it by one, whatever path changes the booking;
-- - a cancelled booking set back to confirmed takes its bay time back (refused in Danish when it
--   was taken meanwhile), and e-mails the customer new links and the raised SEQUENCE when there is
--   an address, the job is not over and owner_bookings_send_email is on; the owner gets no copy.

-- owner_agenda ------------------------------------------------------------------------------------

-- security_invoker: it runs with the caller's rights, so the grants and row-level security of
-- bookings apply (the Data API exposes views in public)
create view public.owner_agenda
with (security_invoker = true)
as
select (b.drop_off_at at time zone 'Europe/Copenhagen')::date as day,
       (b.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0) as drop_off_local,
       (b.ready_at at time zone 'Europe/Copenhagen')::timestamp(0) as ready_local,
       b.service_name as package,
       b.customer_name,
       b.customer_phone,
       b.customer_email,
       b.notes,
       public.booking_status_text(b.status) as status,
       b.reference,
       public.booking_no_shows(b.customer_phone, b.customer_email, now()) as no_shows
  from public.bookings b
 where b.ready_at >= ((now() at time zone 'Europe/Copenhagen')::date)::timestamp
                     at time zone 'Europe/Copenhagen'
 order by b.drop_off_at, b.reference;

comment on view public.owner_agenda is
  'Dagens og de kommende dages arbejde (kun til at se, ikke rette). Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';
comment on column public.owner_agenda.day is 'Afleveringsdag (dansk dato).';
comment on column public.owner_agenda.drop_off_local is
  'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is
  'Hvornår bilen er færdig og kan hentes (dansk tid).';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer.';
comment on column public.owner_agenda.customer_email is
  'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is
  'bekræftet, aflyst (tiden er ledig igen), ankommet, klar, afhentet eller udeblevet. Ret status i owner_bookings.';
comment on column public.owner_agenda.reference is
  'Bookingnummer (står i kundens bekræftelsesmail).';
comment on column public.owner_agenda.no_shows is
  'Hvor mange gange kunden (samme telefonnummer eller e-mailadresse) er udeblevet de seneste 12 måneder.';

-- the view is simple enough for PostgreSQL to make it updatable: refuse every change with a
-- Danish message instead (bookings are changed through owner_bookings)
create function public.owner_agenda_read_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'owner_agenda er kun til at se. Book, aflys eller flyt i owner_bookings.'
    using errcode = 'feature_not_supported';
end;
$$;

comment on function public.owner_agenda_read_only() is
  'Trigger function: owner_agenda is read-only.';

revoke all on function public.owner_agenda_read_only() from public, anon, authenticated;

create trigger owner_agenda_read_only
  instead of insert or delete or update on public.owner_agenda
  for each row execute function public.owner_agenda_read_only();

-- no grant for anon or authenticated

-- the owner's calendar feed -----------------------------------------------------------------------

create function public.owner_calendar_bookings(p_now timestamptz default now())
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
           'statusText', public.booking_status_text(b.status),
           'noShows', public.booking_no_shows(b.customer_phone, b.customer_email, p_now),
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

comment on function public.owner_calendar_bookings(timestamptz) is
  'The bookings of the owner''s calendar feed (owner-calendar function): jobs not over more than 7 days ago, cancelled ones included, with customer details, work periods, the status in Danish (statusText) and the contact''s no-shows in the last 12 months (noShows).';

revoke all on function public.owner_calendar_bookings(timestamptz) from public, anon, authenticated;
-- the owner-calendar edge function calls it with the secret key
grant execute on function public.owner_calendar_bookings(timestamptz) to service_role;

-- every status change is a new revision; reconfirming e-mails the customer ------------------------

create function public.booking_reconfirm_notifies(p_booking public.bookings)
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

revoke all on function public.booking_reconfirm_notifies(public.bookings)
  from public, anon, authenticated;

create function public.bookings_status_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

comment on function public.bookings_status_revision() is
  'Trigger function: a cancellation or reconfirmation of a booking (on any path) raises ics_sequence by one (the car''s states do not); a reconfirmation stamps reconfirmed_at and, when the customer is e-mailed (booking_reconfirm_notifies), draws a new link token for that e-mail (transaction-local setting glanspunkt.reconfirm_tokens, by booking id).';

revoke all on function public.bookings_status_revision() from public, anon, authenticated;

create trigger bookings_status_revision
  before update of status on public.bookings
  for each row execute function public.bookings_status_revision();

create function public.bookings_queue_reconfirmation()
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
