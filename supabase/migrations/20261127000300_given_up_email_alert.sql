-- An e-mail given up after its last try (email_outbox.status = 'failed') now reaches the owner.
-- Before this, a customer could miss a confirmation or a cancellation and nobody would know.
--
--   public.queue_given_up_alert()  queues at most one alert e-mail a day (Copenhagen day,
--                                  idempotency key owner_alert:given_up:<day>) listing every
--                                  given-up e-mail not yet reported in an alert. Each given-up
--                                  e-mail is reported in one alert: one given up after the day's
--                                  alert goes into the next day's alert.
--   public.queue_owner_agenda()    the morning agenda lists the same kind of list, of the e-mails
--                                  given up since they were last listed in an agenda (each one in
--                                  one agenda), so the owner also sees them when an alert was lost.
--
-- What triggers it: the sender (process-email-outbox) calls queue_given_up_alert() at the end of
-- every run. Every give-up happens inside a sender run (email_mark_failed, or email_claim taking
-- over a dead try), and pg_cron runs the sender every minute (the embedded stack every few
-- seconds), so the next run reports it; the first run of a new Copenhagen day reports what came
-- after the previous day's alert. No schedule of its own is needed.
--
-- The alert is an ordinary outbox e-mail (kind owner_notification with payload.alert = 'given_up',
-- as the busy alert of booking_cap_reached): retries, backoff, sent once. It never reports itself:
-- an alert that is given up is left out of the next alerts and agendas, so a broken owner address
-- costs at most one failing alert a day, never a chain. The e-mails it listed are still listed in
-- the next morning agenda (tracked apart, agenda_listed_at).
--
-- Only given-up e-mails of the last 7 days are reported (the first alert after this migration
-- reports the week before it; nothing older, e.g. after a long stop of the sender). A failed
-- e-mail the owner sends again (status back to pending) that is given up again is a new failure
-- and is reported again.
--
-- Safe to run again (if not exists, create or replace); every function it creates or replaces ends
-- closed to the public roles whatever the default privileges (see the end).

-- what has been reported -------------------------------------------------------------------------

alter table public.email_outbox add column if not exists owner_alerted_at timestamptz;
alter table public.email_outbox add column if not exists agenda_listed_at timestamptz;

comment on column public.email_outbox.owner_alerted_at is
  'Hvornår mailen kom med i en advarsel til dig om mails, der ikke kunne sendes (kun ved status failed). Tom = ikke meldt endnu.';
comment on column public.email_outbox.agenda_listed_at is
  'Hvornår mailen stod i din morgenoversigt under "E-mails der ikke kunne sendes" (kun ved status failed).';

-- the sweeps read the failed rows only; there are few of them in a table that only grows
create index if not exists email_outbox_failed_idx
  on public.email_outbox (last_attempt_at) where status = 'failed';

create or replace function public.email_outbox_given_up_reset()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- sent again after a give-up: if it is given up again, the owner hears of it again
  new.owner_alerted_at := null;
  new.agenda_listed_at := null;
  return new;
end;
$$;

comment on function public.email_outbox_given_up_reset() is
  'Trigger function: a failed e-mail that leaves status failed (sent again) is no longer reported, so a new give-up is reported again.';

create or replace trigger email_outbox_given_up_reset
  before update of status on public.email_outbox
  for each row
  when (old.status = 'failed' and new.status is distinct from 'failed')
  execute function public.email_outbox_given_up_reset();

-- one line of the list --------------------------------------------------------------------------

create or replace function public.email_given_up_item(p_email public.email_outbox)
returns jsonb
language sql
stable
set search_path = ''
as $$
  -- the booking as it is now (the owner calls about the current time and phone number), the
  -- e-mail's own data where the booking is gone; nothing of an anonymised booking
  select jsonb_strip_nulls(jsonb_build_object(
    'kind', p_email.kind,
    'alert', p_email.payload ->> 'alert',
    'recipient', p_email.recipient,
    'reference', coalesce(b.reference, p_email.payload ->> 'reference'),
    'serviceName', coalesce(b.service_name, p_email.payload ->> 'serviceName'),
    'dropOff', coalesce(public.copenhagen_iso(b.drop_off_at), p_email.payload ->> 'dropOff'),
    'bookingStatus', b.status,
    'customerName', coalesce(b.customer_name, p_email.payload ->> 'customerName'),
    'customerEmail', coalesce(nullif(b.customer_email, ''), p_email.payload ->> 'customerEmail'),
    'customerPhone', coalesce(nullif(b.customer_phone, ''), p_email.payload ->> 'customerPhone'),
    'day', p_email.payload ->> 'day',
    'error', left(coalesce(p_email.last_error, ''), 500),
    'attempts', p_email.attempts))
    from (select 1) as one
    left join public.bookings b on b.id = p_email.booking_id and b.anonymised_at is null;
$$;

comment on function public.email_given_up_item(public.email_outbox) is
  'One given-up e-mail as a line of the owner''s alert and morning agenda: kind, recipient, the booking (reference, package, drop-off, status) with the customer''s name, e-mail and phone, the last error and the tries.';

-- the alert --------------------------------------------------------------------------------------

create or replace function public.queue_given_up_alert(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_day date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_key text := 'owner_alert:given_up:' || v_day;
  v_ids uuid[];
  v_items jsonb;
  v_id uuid;
begin
  -- at most one a day: a later give-up waits for the next day's alert
  if exists (select 1 from public.email_outbox o where o.idempotency_key = v_key) then
    return 0;
  end if;

  -- locked (in one order, as the agenda does) so a concurrent run, a resend by the owner or the
  -- agenda cannot change them between listing and marking
  select array_agg(c.id order by c.id) into v_ids
    from (select o.id
            from public.email_outbox o
           where o.status = 'failed'
             and o.owner_alerted_at is null
             and o.purged_at is null
             and not starts_with(o.idempotency_key, 'owner_alert:given_up:')
             and coalesce(o.last_attempt_at, o.created_at) > p_now - interval '7 days'
             and coalesce(o.last_attempt_at, o.created_at) <= p_now
           order by o.id
             for update) c;
  if v_ids is null then
    return 0;
  end if;

  select jsonb_agg(public.email_given_up_item(o) order by o.created_at, o.id) into v_items
    from public.email_outbox o
   where o.id = any(v_ids);

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (null, 'owner_notification', null,
          jsonb_build_object('alert', 'given_up', 'day', v_day::text, 'emails', v_items),
          v_key, p_now)
  on conflict (idempotency_key) do nothing
  returning id into v_id;
  -- a concurrent run queued the day's alert first: it reported what it saw; the rest waits
  if v_id is null then
    return 0;
  end if;

  update public.email_outbox o set owner_alerted_at = p_now where o.id = any(v_ids);
  return 1;
end;
$$;

comment on function public.queue_given_up_alert(p_now timestamptz) is
  'Queues the owner''s alert about e-mails given up after their last try (kind owner_notification, payload.alert given_up): at most one a Copenhagen day (idempotency key owner_alert:given_up:<day>), listing every given-up e-mail of the last 7 days not reported yet, each reported once; never about a given-up alert. Returns how many were queued (0 or 1). Called by the sender after every run; safe to call as often as wanted.';

-- the morning agenda lists them too ----------------------------------------------------------------

create or replace function public.queue_owner_agenda(p_now timestamptz default now())
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_local timestamp := p_now at time zone 'Europe/Copenhagen';
  v_day date := v_local::date;
  v_from timestamptz := v_day::timestamp at time zone 'Europe/Copenhagen';
  v_to timestamptz := (v_day + 1)::timestamp at time zone 'Europe/Copenhagen';
  v_drop_offs jsonb;
  v_pick_ups jsonb;
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

  select coalesce(jsonb_agg(public.owner_agenda_item(b) order by b.drop_off_at, b.reference), '[]')
    into v_drop_offs
    from public.bookings b
   where b.status = 'confirmed' and b.anonymised_at is null
     and b.drop_off_at >= v_from and b.drop_off_at < v_to;
  select coalesce(jsonb_agg(public.owner_agenda_item(b) order by b.ready_at, b.reference), '[]')
    into v_pick_ups
    from public.bookings b
   where b.status = 'confirmed' and b.anonymised_at is null
     and b.ready_at >= v_from and b.ready_at < v_to;

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
                             'givenUp', v_given_up),
          'owner_agenda:' || v_day, p_now)
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  if v_count = 1 and v_given_up_ids is not null then
    update public.email_outbox o set agenda_listed_at = p_now where o.id = any(v_given_up_ids);
  end if;
  return v_count;
end;
$$;

comment on function public.queue_owner_agenda(p_now timestamptz) is
  'Queues the owner''s morning agenda e-mail (kind owner_agenda) when the setting owner_agenda_email is 1, it is 07:00 or later in Copenhagen and the workshop opens today; at most one per day. Lists the day''s drop-offs and pick-ups, and the e-mails given up (last 7 days) not listed in an earlier agenda. Returns how many were queued (0 or 1). Safe to call as often as wanted.';

-- closed ------------------------------------------------------------------------------------------
-- The hosted image grants every new function in public to anon and authenticated, and this
-- schema's default privileges grant it to service_role: revoke by name. Only the sender (the
-- process-email-outbox edge function, with the service key) calls queue_given_up_alert. The
-- replaced queue_owner_agenda keeps the service_role grant it had (create or replace keeps the
-- privileges); it is only closed to the public roles again.

revoke all on function public.email_outbox_given_up_reset() from public, anon, authenticated, service_role;
revoke all on function public.email_given_up_item(public.email_outbox) from public, anon, authenticated, service_role;
revoke all on function public.queue_given_up_alert(timestamptz) from public, anon, authenticated;
grant execute on function public.queue_given_up_alert(timestamptz) to service_role;
revoke all on function public.queue_owner_agenda(timestamptz) from public, anon, authenticated;
