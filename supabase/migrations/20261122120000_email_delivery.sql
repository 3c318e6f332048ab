-- After the booking: sending the queued e-mails, cancel links, reminders and data retention.
--
-- email_outbox (from the booking engine) gets a lease (locked_until), the provider's message id and
-- a purge stamp, and more kinds: booking_reminder, cancellation_confirmation, owner_cancellation.
-- The sender (edge function process-email-outbox, run on a schedule) works like this:
--   email_queue_reminders()  queues one reminder per booking about 24 hours before drop-off
--   email_claim()            takes due rows atomically (for update skip locked) under a lease
--   email_mark_sent()        records success
--   email_mark_failed()      records the error and plans the next try with exponential backoff,
--                            or gives up (status failed) after email_max_attempts tries
-- Every row has an idempotency key that goes to the e-mail API, so a retry after a lost answer is
-- not delivered twice.
--
-- booking_cancel_info() / cancel_booking() serve the customer's cancel link (bookings.cancel_token).
-- run_retention() anonymises bookings 5 years after the customer's last contact and removes other
-- personal data as the privacy policy states (see docs/emails.md).
--
-- Every function takes "now" as a parameter (default now()) so tests can use a fixed clock. Only
-- service_role may call them.

-- settings ----------------------------------------------------------------------------------------

insert into public.settings (key, value, description, is_public) values
  ('reminder_hours_before', '24', 'Hours before drop-off the reminder e-mail is sent.', false),
  ('email_max_attempts', '10', 'Tries to send one e-mail before it is marked failed.', false),
  ('email_retry_base_seconds', '60', 'Wait after the first failed try; it doubles after every further failure (at most 6 hours).', false)
on conflict (key) do nothing;

-- outbox: more kinds, lease, purge ----------------------------------------------------------------

-- the booking engine's inline checks on kind, status and recipient are replaced (found by their
-- definition, since PostgreSQL names inline checks itself)
do $$
declare
  v_name text;
begin
  for v_name in
    select c.conname from pg_catalog.pg_constraint c
     where c.conrelid = 'public.email_outbox'::regclass and c.contype = 'c'
       and (pg_catalog.pg_get_constraintdef(c.oid) like '%kind%'
         or pg_catalog.pg_get_constraintdef(c.oid) like '%status%'
         or pg_catalog.pg_get_constraintdef(c.oid) like '%recipient%')
  loop
    execute format('alter table public.email_outbox drop constraint %I', v_name);
  end loop;
end;
$$;

alter table public.email_outbox add constraint email_outbox_kind_check check (kind in (
  'booking_confirmation', 'owner_notification', 'booking_reminder',
  'cancellation_confirmation', 'owner_cancellation'));

alter table public.email_outbox add constraint email_outbox_status_check
  check (status in ('pending', 'sending', 'sent', 'failed', 'cancelled'));

alter table public.email_outbox
  add column locked_until timestamptz,
  add column last_attempt_at timestamptz,
  add column provider_message_id text,
  add column purged_at timestamptz;

alter table public.email_outbox add constraint email_outbox_recipient_check check (
  recipient is not null
  or kind in ('owner_notification', 'owner_cancellation')
  or purged_at is not null);

comment on table public.email_outbox is 'E-mails to customers and to the workshop. The sender job sends pending rows and retries failures with growing waits. Failed rows (status failed, see last_error) were given up: set status back to pending to try again.';
comment on column public.email_outbox.kind is 'booking_confirmation, booking_reminder and cancellation_confirmation go to the customer; owner_notification and owner_cancellation to the workshop (OWNER_EMAIL).';
comment on column public.email_outbox.recipient is 'Recipient address; empty for the workshop''s own e-mails (the sender uses OWNER_EMAIL) and after the content was purged.';
comment on column public.email_outbox.status is 'pending (waiting for its next try), sending (being sent now), sent, failed (given up; see last_error) or cancelled (no longer needed, e.g. the reminder of a cancelled booking).';
comment on column public.email_outbox.locked_until is 'While sending: until when this try owns the row. A try that died is taken over after this time.';
comment on column public.email_outbox.last_attempt_at is 'When the last try started.';
comment on column public.email_outbox.provider_message_id is 'Id the e-mail API gave the message.';
comment on column public.email_outbox.purged_at is 'When the recipient and content were removed (privacy policy: kept only as long as needed).';

create index email_outbox_sending_idx on public.email_outbox (locked_until) where status = 'sending';

-- bookings: anonymisation stamp -------------------------------------------------------------------

alter table public.bookings add column anonymised_at timestamptz;

comment on column public.bookings.anonymised_at is 'When the customer''s personal data was removed (5 years after the last contact).';

-- sending -----------------------------------------------------------------------------------------

create function public.email_claim(
  p_limit integer default 10,
  p_lease_seconds integer default 300,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_max integer := greatest(public.booking_setting('email_max_attempts', 10), 1);
  v_messages jsonb;
  v_hours jsonb;
begin
  -- a try that died while sending: give up when it was the last allowed try, else take it over
  update public.email_outbox o
     set status = 'failed', locked_until = null,
         last_error = coalesce(o.last_error || ' / ', '') || 'afbrudt under afsendelse'
   where o.status = 'sending' and o.locked_until <= p_now and o.attempts >= v_max;

  with due as (
    select c.id
      from public.email_outbox c
     where (c.status = 'pending' and c.next_attempt_at <= p_now)
        or (c.status = 'sending' and c.locked_until <= p_now)
     order by c.next_attempt_at, c.created_at
     limit greatest(p_limit, 0)
       for update skip locked
  ), claimed as (
    update public.email_outbox o
       set status = 'sending',
           attempts = o.attempts + 1,
           last_attempt_at = p_now,
           locked_until = p_now + make_interval(secs => greatest(p_lease_seconds, 1))
      from due
     where o.id = due.id
    returning o.id, o.kind, o.recipient, o.payload, o.idempotency_key, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', c.id, 'kind', c.kind, 'recipient', c.recipient, 'payload', c.payload,
           'idempotencyKey', c.idempotency_key, 'attempts', c.attempts,
           'createdAt', c.created_at)
           order by c.created_at), '[]'::jsonb)
    into v_messages
    from claimed c;

  select coalesce(jsonb_agg(jsonb_build_object(
           'weekday', h.weekday,
           'opensAt', to_char(h.opens_at, 'HH24:MI'),
           'closesAt', to_char(h.closes_at, 'HH24:MI')) order by h.weekday), '[]'::jsonb)
    into v_hours
    from public.opening_hours h;

  return jsonb_build_object(
    'messages', v_messages,
    'openingHours', v_hours,
    'cancellationNoticeHours', public.booking_setting('cancellation_notice_hours', 24));
end;
$$;

comment on function public.email_claim(integer, integer, timestamptz) is 'Takes up to p_limit due e-mails for sending (pending and due, or sending with an expired lease), skipping rows another sender holds; returns {messages: [...], openingHours: [...], cancellationNoticeHours} for the templates.';

create function public.email_mark_sent(
  p_id uuid,
  p_provider_message_id text default null,
  p_now timestamptz default now()
)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  update public.email_outbox o
     set status = 'sent', sent_at = p_now, locked_until = null, last_error = null,
         provider_message_id = left(p_provider_message_id, 200)
   where o.id = p_id and o.status = 'sending'
  returning true;
$$;

comment on function public.email_mark_sent(uuid, text, timestamptz) is 'Records that the e-mail API accepted the message.';

create function public.email_retry_delay(p_attempts integer)
returns interval
language sql
stable
security definer
set search_path = ''
as $$
  select least(
    make_interval(secs => public.booking_setting('email_retry_base_seconds', 60)
                          * power(2, least(greatest(p_attempts, 1) - 1, 20))),
    interval '6 hours');
$$;

comment on function public.email_retry_delay(integer) is 'Wait before the next try after p_attempts failed tries: base, 2 x base, 4 x base ... at most 6 hours.';

create function public.email_mark_failed(
  p_id uuid,
  p_error text,
  p_permanent boolean default false,
  p_now timestamptz default now()
)
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  update public.email_outbox o
     set status = case
           when p_permanent or o.attempts >= greatest(public.booking_setting('email_max_attempts', 10), 1)
             then 'failed' else 'pending' end,
         last_error = left(coalesce(p_error, 'ukendt fejl'), 1000),
         locked_until = null,
         next_attempt_at = p_now + public.email_retry_delay(o.attempts)
   where o.id = p_id and o.status = 'sending'
  returning o.status;
$$;

comment on function public.email_mark_failed(uuid, text, boolean, timestamptz) is 'Records a failed try: pending again after the backoff delay, or failed when permanent or out of tries. Returns the new status.';

-- reminders ---------------------------------------------------------------------------------------

create function public.email_queue_reminders(p_now timestamptz default now())
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
  -- bookings made less than 12 hours before the reminder time get none: the confirmation is recent
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  select b.id, 'booking_reminder', b.customer_email,
         jsonb_build_object(
           'reference', b.reference,
           'serviceName', b.service_name,
           'price', b.price,
           'dropOff', public.copenhagen_iso(b.drop_off_at),
           'readyAt', public.copenhagen_iso(b.ready_at),
           'customerName', b.customer_name),
         'booking_reminder:' || b.id,
         p_now
    from public.bookings b
   where b.status = 'confirmed'
     and b.anonymised_at is null
     and b.drop_off_at > p_now
     and b.drop_off_at <= p_now + v_hours
     and b.created_at <= b.drop_off_at - v_hours - interval '12 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.email_queue_reminders(timestamptz) is 'Queues the reminder of every confirmed booking whose drop-off is within reminder_hours_before hours; each booking gets at most one (idempotency key booking_reminder:<id>). Returns how many were queued.';

-- cancel links ------------------------------------------------------------------------------------

create function public.booking_cancel_view(p_booking public.bookings, p_now timestamptz)
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
      else 'active' end,
    'booking', jsonb_build_object(
      'reference', p_booking.reference,
      'serviceName', p_booking.service_name,
      'price', p_booking.price,
      'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
      'readyAt', public.copenhagen_iso(p_booking.ready_at),
      'cancelDeadline', public.copenhagen_iso(p_booking.drop_off_at
        - make_interval(hours => public.booking_setting('cancellation_notice_hours', 24))),
      'cancelledAt', case when p_booking.cancelled_at is not null
                          then public.copenhagen_iso(p_booking.cancelled_at) end));
$$;

comment on function public.booking_cancel_view(public.bookings, timestamptz) is 'What the cancel page may show of a booking (no contact details) and whether it can still be cancelled: state active, cancelled or too_late.';

create function public.booking_cancel_info(p_token text, p_now timestamptz default now())
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
   where b.cancel_token = p_token and b.anonymised_at is null;
  if not found then
    return jsonb_build_object('state', 'not_found');
  end if;
  return public.booking_cancel_view(v_booking, p_now);
end;
$$;

comment on function public.booking_cancel_info(text, timestamptz) is 'The booking behind a cancel link: {state: active|cancelled|too_late|not_found, booking}. Changes nothing.';

create function public.cancel_booking(p_token text, p_now timestamptz default now())
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
   where b.cancel_token = p_token and b.anonymised_at is null
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

comment on function public.cancel_booking(text, timestamptz) is 'Cancels the booking behind a cancel link when it is still allowed (until cancellation_notice_hours before drop-off), frees its time, drops its pending reminder and queues e-mails to customer and workshop. Returns {state, booking}: state cancelled and cancelledNow true on success, else not_found, cancelled (was already) or too_late; nothing changes then.';

-- retention ---------------------------------------------------------------------------------------

create function public.run_retention(p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_anonymised integer;
  v_purged integer;
  v_rate_limits integer;
  v_ips integer;
begin
  -- 1. contact and service data: 5 years after the customer's last contact (their latest booking,
  --    its drop-off/ready time or cancellation), every booking of that e-mail address is anonymised
  with last_contact as (
    select lower(b.customer_email) as email,
           max(greatest(b.created_at, b.ready_at, coalesce(b.cancelled_at, b.created_at))) as at
      from public.bookings b
     where b.anonymised_at is null
     group by lower(b.customer_email)
  )
  update public.bookings b
     set customer_name = 'Anonymiseret',
         customer_email = '',
         customer_phone = '',
         notes = '',
         client_ip = null,
         idempotency_key = null,
         cancel_token = public.booking_random_token(),
         anonymised_at = p_now
    from last_contact l
   where b.anonymised_at is null
     and lower(b.customer_email) = l.email
     and l.at < p_now - interval '5 years';
  get diagnostics v_anonymised = row_count;

  -- 2. e-mail copies: content and recipient of sent e-mails after 30 days, of failed or cancelled
  --    ones after 90 days, and of every e-mail of an anonymised booking
  update public.email_outbox o
     set payload = '{}'::jsonb, recipient = null, last_error = null, purged_at = p_now
   where o.purged_at is null
     and ((o.status = 'sent' and coalesce(o.sent_at, o.created_at) < p_now - interval '30 days')
       or (o.status in ('failed', 'cancelled') and o.created_at < p_now - interval '90 days')
       or exists (select 1 from public.bookings b
                   where b.id = o.booking_id and b.anonymised_at is not null));
  get diagnostics v_purged = row_count;

  -- 3. website usage data: rate-limit counters (IP and e-mail addresses) after one day, the IP
  --    address stored with a booking after 30 days (the policy allows at most 12 months)
  delete from public.booking_rate_limits r where r.window_start < p_now - interval '1 day';
  get diagnostics v_rate_limits = row_count;

  update public.bookings b set client_ip = null
   where b.client_ip is not null and b.created_at < p_now - interval '30 days';
  get diagnostics v_ips = row_count;

  return jsonb_build_object(
    'bookingsAnonymised', v_anonymised,
    'emailsPurged', v_purged,
    'rateLimitRowsDeleted', v_rate_limits,
    'bookingIpsRemoved', v_ips);
end;
$$;

comment on function public.run_retention(timestamptz) is 'Deletes personal data the privacy policy no longer allows us to keep: anonymises bookings 5 years after the customer''s last contact, purges e-mail copies (sent: 30 days, failed: 90 days), rate-limit rows after 1 day and booking IP addresses after 30 days. Run daily (pg_cron). Returns counts.';

-- execute only for service_role -------------------------------------------------------------------

revoke execute on function
  public.email_claim(integer, integer, timestamptz),
  public.email_mark_sent(uuid, text, timestamptz),
  public.email_retry_delay(integer),
  public.email_mark_failed(uuid, text, boolean, timestamptz),
  public.email_queue_reminders(timestamptz),
  public.booking_cancel_view(public.bookings, timestamptz),
  public.booking_cancel_info(text, timestamptz),
  public.cancel_booking(text, timestamptz),
  public.run_retention(timestamptz)
  from public, anon, authenticated;

grant execute on function
  public.email_claim(integer, integer, timestamptz),
  public.email_mark_sent(uuid, text, timestamptz),
  public.email_retry_delay(integer),
  public.email_mark_failed(uuid, text, boolean, timestamptz),
  public.email_queue_reminders(timestamptz),
  public.booking_cancel_view(public.bookings, timestamptz),
  public.booking_cancel_info(text, timestamptz),
  public.cancel_booking(text, timestamptz),
  public.run_retention(timestamptz)
  to service_role;
