-- E-mail: the outbox every e-mail goes through, and how the sender (the process-email-outbox edge
-- function) takes, marks and retries its rows. What is queued when is in 85_email_jobs.sql and
-- beside the booking events that queue it.
--
-- Rules that live here:
-- - an e-mail is queued in the same transaction as its event, so a booking never exists without
--   its e-mails and a rolled-back one sends nothing;
-- - its idempotency key (unique) is the event's, so an event is queued once however often it is
--   retried, and the e-mail API gets the same key on every try;
-- - senders take due rows with a lease (skip locked), so two never share a row; a try that died is
--   taken over when its lease ends, or given up when it was the last allowed try;
-- - a failed try waits email_retry_base_seconds, doubling, at most 6 hours; after
--   email_max_attempts (or a permanent error) the row is failed (given up);
-- - the plain link token lives only in the payload of the e-mail that carries it, and leaves it
--   when that e-mail is sent or cancelled.

-- email_outbox ------------------------------------------------------------------------------------

create table public.email_outbox (
  id uuid not null default gen_random_uuid(),
  booking_id uuid,
  kind text not null,
  recipient text,
  payload jsonb not null default '{}',
  status text not null default 'pending',
  attempts integer not null default 0,
  last_error text,
  idempotency_key text not null,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  locked_until timestamptz,
  last_attempt_at timestamptz,
  provider_message_id text,
  purged_at timestamptz,
  owner_alerted_at timestamptz,
  agenda_listed_at timestamptz,
  constraint email_outbox_pkey primary key (id),
  constraint email_outbox_idempotency_key_key unique (idempotency_key),
  constraint email_outbox_booking_id_fkey
    foreign key (booking_id) references public.bookings (id) on delete set null,
  constraint email_outbox_kind_check check (kind in (
    'booking_confirmation', 'owner_notification', 'booking_reminder', 'cancellation_confirmation',
    'owner_cancellation', 'booking_moved', 'owner_booking_moved', 'owner_agenda',
    'booking_reconfirmed', 'car_ready', 'car_ready_time', 'review_request',
    -- the waiting list of a full day (88_waitlist.sql)
    'waitlist_receipt', 'waitlist_free',
    -- a visitor's message from /contact#besked (82_visitor_messages.sql): to the owner, and the
    -- visitor's receipt
    'owner_visitor_message', 'visitor_message_receipt',
    -- the SMS twins of customer e-mails (public.sms_kind), sent to recipient, a +45 number
    'sms_booking_confirmation', 'sms_booking_reminder', 'sms_booking_moved',
    'sms_cancellation_confirmation', 'sms_car_ready', 'sms_car_ready_time',
    -- the waiting list's "ledig tid" by SMS, to a subscriber who gave his phone (88_waitlist.sql)
    'sms_waitlist_free'
  )),
  -- the owner's e-mails go to the sender's configured address; a purged row keeps no recipient
  constraint email_outbox_recipient_check check (
    recipient is not null
    or kind in ('owner_notification', 'owner_cancellation', 'owner_booking_moved', 'owner_agenda',
                'owner_visitor_message')
    or purged_at is not null
  ),
  constraint email_outbox_status_check check (
    status in ('pending', 'sending', 'sent', 'failed', 'cancelled')
  ),
  constraint email_outbox_attempts_check check (attempts >= 0)
);

create index email_outbox_booking_id_idx on public.email_outbox (booking_id);
-- the sender reads the due and the leased rows, the given-up sweeps the failed ones: few rows of a
-- table that only grows
create index email_outbox_pending_idx on public.email_outbox (next_attempt_at)
  where status = 'pending';
create index email_outbox_sending_idx on public.email_outbox (locked_until)
  where status = 'sending';
create index email_outbox_failed_idx on public.email_outbox (last_attempt_at)
  where status = 'failed';

comment on table public.email_outbox is
  'Mails til kunder og til dig. De sendes automatisk og prøves igen ved fejl. Status failed = opgivet (se last_error); sæt status til pending for at prøve igen.';
comment on column public.email_outbox.id is 'Mailens faste id (automatisk).';
comment on column public.email_outbox.booking_id is 'Bookingen, mailen handler om.';
comment on column public.email_outbox.kind is
  'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar), car_ready_time (ny færdigtid), review_request (anmodning om anmeldelse, dagen efter afhentning) og visitor_message_receipt (kvittering for en besked fra hjemmesiden) går til kunden, waitlist_receipt (skrevet op på ventelisten) og waitlist_free (en tid er blevet ledig) til kunden på ventelisten; owner_notification, owner_cancellation, owner_booking_moved, owner_agenda og owner_visitor_message (en besked fra hjemmesiden, svar går til afsenderen) til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat; sms_waitlist_free til den på ventelisten, der har givet sit telefonnummer).';
comment on column public.email_outbox.recipient is
  'Modtagerens adresse (ved SMS: telefonnummeret). Tom ved mails til dig (så bruges OWNER_EMAIL) og når indholdet er slettet.';
comment on column public.email_outbox.payload is
  'Indholdet, mailen laves ud fra (bookingnummer, pakke, tider, kundens navn).';
comment on column public.email_outbox.status is
  'pending = venter, sending = sendes nu, sent = sendt, failed = opgivet (se last_error), cancelled = ikke længere nødvendig (f.eks. påmindelse om en aflyst booking).';
comment on column public.email_outbox.attempts is 'Antal forsøg på at sende.';
comment on column public.email_outbox.last_error is 'Fejlen ved det seneste mislykkede forsøg.';
comment on column public.email_outbox.idempotency_key is
  'Teknisk nøgle, så et nyt forsøg ikke giver to ens mails.';
comment on column public.email_outbox.next_attempt_at is 'Tidligst næste forsøg (UTC).';
comment on column public.email_outbox.sent_at is 'Hvornår mailtjenesten tog imod mailen (UTC).';
comment on column public.email_outbox.created_at is 'Hvornår mailen blev lagt i kø (UTC).';
comment on column public.email_outbox.locked_until is
  'Teknisk: mens der sendes, hvor længe dette forsøg har rækken.';
comment on column public.email_outbox.last_attempt_at is 'Hvornår seneste forsøg startede (UTC).';
comment on column public.email_outbox.provider_message_id is
  'Mailtjenestens id for mailen (findes i Resends log).';
comment on column public.email_outbox.purged_at is
  'Hvornår modtager og indhold blev slettet (privatlivspolitikken: kun så længe det er nødvendigt).';
comment on column public.email_outbox.owner_alerted_at is
  'Hvornår mailen kom med i en advarsel til dig om mails, der ikke kunne sendes (kun ved status failed). Tom = ikke meldt endnu.';
comment on column public.email_outbox.agenda_listed_at is
  'Hvornår mailen stod i din morgenoversigt under "E-mails der ikke kunne sendes" (kun ved status failed).';

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

comment on function public.email_outbox_fill_cancel_token() is
  'Trigger function: an e-mail queued with cancelToken null in the transaction that created its booking gets the plain token (which bookings does not keep).';

revoke all on function public.email_outbox_fill_cancel_token() from public, anon, authenticated;

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

comment on function public.email_outbox_drop_cancel_token() is
  'Trigger function: the plain token leaves the outbox as soon as its e-mail is sent (or no longer needed).';

revoke all on function public.email_outbox_drop_cancel_token() from public, anon, authenticated;

create function public.email_outbox_check_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- the owner sets a failed e-mail back to pending in the dashboard (docs/owner.md)
  if new.status is null or new.status not in ('pending', 'sending', 'sent', 'failed', 'cancelled') then
    raise exception 'status i email_outbox skal være pending (send igen), failed, sent, sending eller cancelled. Skriv pending for at sende mailen igen.'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

comment on function public.email_outbox_check_status() is
  'Trigger function: refuses an unknown e-mail status in Danish (the owner types pending to send a failed e-mail again).';

revoke all on function public.email_outbox_check_status() from public, anon, authenticated;

create trigger email_outbox_check_status
  before update of status on public.email_outbox
  for each row execute function public.email_outbox_check_status();

create trigger email_outbox_drop_cancel_token
  before update of status on public.email_outbox
  for each row execute function public.email_outbox_drop_cancel_token();

create function public.email_outbox_given_up_reset()
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

-- only its trigger calls it
revoke all on function public.email_outbox_given_up_reset()
  from public, anon, authenticated, service_role;

create trigger email_outbox_given_up_reset
  before update of status on public.email_outbox
  for each row
  when (old.status = 'failed' and new.status is distinct from 'failed')
  execute function public.email_outbox_given_up_reset();

-- SMS ---------------------------------------------------------------------------------------------
-- A customer who ticked "Send mig SMS" gets an SMS beside some of the customer e-mails. The SMS is a
-- row of this outbox (same sender, retries, idempotency and retention), queued by a trigger when its
-- e-mail is queued, so it exists only once the booking is accepted and rolls back with it. Defence
-- against SMS pumping (someone booking with other people's numbers to make the workshop pay for
-- SMS): only Danish subscriber numbers, and at most 3 SMS a Copenhagen day per number.

create function public.sms_number(p_phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- the number by the one phone rule (phone_e164). Refused (null): a foreign number, and the Danish
  -- ranges that are not a subscriber's phone: 70 (split charge), 80 (freephone), 90 (premium
  -- rate); 0x and 1x are no Danish number at all; see docs/emails.md
  select case
           when e ~ '^\+45[2-9][0-9]{7}$' and substr(e, 4, 2) not in ('70', '80', '90') then e
         end
    from (select public.phone_e164(p_phone) as e) x;
$$;

comment on function public.sms_number(text) is
  'The E.164 number (+45 and 8 digits) an SMS may go to, from a phone number read by phone_e164; null for a foreign number, for what is no phone number (0x, 1x) and for 70, 80 and 90 numbers (not a subscriber''s phone; 90 is premium rate).';

revoke all on function public.sms_number(text) from public, anon, authenticated;

create function public.sms_kind(p_email_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- a new SMS (e.g. "din bil er klar") is one line here, its kind in email_outbox_kind_check and
  -- its text in _shared/sms/templates.ts
  select case p_email_kind
           when 'booking_confirmation' then 'sms_booking_confirmation'
           when 'booking_reminder' then 'sms_booking_reminder'
           when 'booking_moved' then 'sms_booking_moved'
           when 'cancellation_confirmation' then 'sms_cancellation_confirmation'
           when 'car_ready' then 'sms_car_ready'
           when 'car_ready_time' then 'sms_car_ready_time'
           -- queued by waitlist_notify itself (the list's phone is not a booking's)
           when 'waitlist_free' then 'sms_waitlist_free'
         end;
$$;

comment on function public.sms_kind(text) is
  'The SMS sent beside a customer e-mail of this kind to a customer who chose SMS, or null (no SMS for it).';

revoke all on function public.sms_kind(text) from public, anon, authenticated;

create function public.sms_queue(
  p_booking_id uuid,
  p_kind text,
  p_phone text,
  p_payload jsonb,
  p_idempotency_key text,
  p_next_attempt_at timestamptz,
  p_created_at timestamptz
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_number text := public.sms_number(p_phone);
  v_count integer;
  v_status text := 'pending';
  v_error text;
begin
  if v_number is null then
    v_status := 'cancelled';
    v_error := 'Ikke sendt: SMS går kun til danske mobilnumre (+45 og 8 cifre; ikke 70-, 80-, 90- eller 1-numre).';
  else
    -- counted one at a time per number, so two events at once cannot both pass the cap
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('sms:' || v_number, 0));
    select count(*) into v_count
      from public.email_outbox o
     where o.recipient = v_number
       and o.kind like 'sms\_%'
       and o.status in ('pending', 'sending', 'sent', 'failed')
       and (o.created_at at time zone 'Europe/Copenhagen')::date
           = (p_created_at at time zone 'Europe/Copenhagen')::date;
    if v_count >= 3 then
      v_status := 'cancelled';
      v_error := 'Ikke sendt: højst 3 SMS om dagen til samme nummer.';
    end if;
  end if;
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key,
                                   next_attempt_at, created_at, status, last_error)
  values (p_booking_id, p_kind, coalesce(v_number, p_phone), p_payload, p_idempotency_key,
          p_next_attempt_at, p_created_at, v_status, v_error)
  on conflict (idempotency_key) do nothing;
end;
$$;

comment on function public.sms_queue(uuid, text, text, jsonb, text, timestamptz, timestamptz) is
  'Queues one SMS (kind sms_..., its idempotency key): pending to a Danish subscriber number (sms_number), or cancelled with the reason when the number is refused or already had 3 SMS that Copenhagen day. A key already queued is left as it is. The one place of the SMS rules: email_outbox_queue_sms (a booking''s) and waitlist_notify call it.';

revoke all on function public.sms_queue(uuid, text, text, jsonb, text, timestamptz, timestamptz)
  from public, anon, authenticated;

create function public.email_outbox_queue_sms()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text := public.sms_kind(new.kind);
  v_booking public.bookings;
begin
  if v_kind is null or new.booking_id is null then
    return null;
  end if;
  select * into v_booking from public.bookings b where b.id = new.booking_id;
  if not found or not v_booking.sms_opt_in or v_booking.anonymised_at is not null then
    return null;
  end if;
  -- the SMS carries no link: the plain cancel token stays in the e-mail
  perform public.sms_queue(new.booking_id, v_kind, v_booking.customer_phone,
                           new.payload - 'cancelToken', 'sms:' || new.idempotency_key,
                           new.next_attempt_at, new.created_at);
  return null;
end;
$$;

comment on function public.email_outbox_queue_sms() is
  'Trigger function: a customer e-mail with an SMS twin (sms_kind) to a booking whose customer chose SMS queues the SMS in the same transaction (idempotency key sms:<the e-mail''s key>) by sms_queue: pending to a Danish subscriber number, or cancelled with the reason when the number is refused or already had 3 SMS that Copenhagen day.';

revoke all on function public.email_outbox_queue_sms() from public, anon, authenticated;

create trigger email_outbox_queue_sms
  after insert on public.email_outbox
  for each row
  when (public.sms_kind(new.kind) is not null)
  execute function public.email_outbox_queue_sms();

alter table public.email_outbox enable row level security;
-- no policy and no grant for anon or authenticated

-- queueing a booking's e-mails --------------------------------------------------------------------

create function public.booking_queue_emails(
  p_booking public.bookings,
  p_customer_kind text,
  p_owner_kind text,
  p_key_suffix text,
  p_customer_extra jsonb,
  p_owner_extra jsonb,
  p_next_attempt_at timestamptz
)
returns void
language plpgsql
set search_path = ''
as $$
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
     v_payload || public.booking_contact(p_booking) || jsonb_build_object(
       -- the owner sees at once a contact who did not turn up before (as owner_agenda counts it)
       'noShows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email,
                                          p_next_attempt_at)) || p_owner_extra,
     p_owner_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at)
  on conflict (idempotency_key) do nothing;
end;
$$;

comment on function public.booking_queue_emails(
  public.bookings, text, text, text, jsonb, jsonb, timestamptz
) is
  'Queues the customer''s and the owner''s e-mail of a booking event: both get booking_summary and customerName, the owner also what the customer told (booking_contact) and the contact''s no-shows of the last 12 months (noShows); each its extra keys. Idempotency key kind:booking id plus p_key_suffix.';

revoke all on function public.booking_queue_emails(
  public.bookings, text, text, text, jsonb, jsonb, timestamptz
) from public, anon, authenticated;

-- the sender --------------------------------------------------------------------------------------

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

comment on function public.email_retry_delay(integer) is
  'Wait before the next try after p_attempts failed tries: base, 2 x base, 4 x base ... at most 6 hours.';

revoke all on function public.email_retry_delay(integer) from public, anon, authenticated;

create function public.email_claim(
  p_limit integer default 10,
  p_lease_seconds integer default 300,
  p_now timestamptz default now(),
  p_due_by timestamptz default null
)
returns jsonb
language plpgsql
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

  -- p_due_by: a sender that claims row by row passes the time of its run's first claim (the
  -- database's, from that claim's answer), so a row that failed during the run waits for the next
  -- run instead of being tried again at once
  with due as (
    select c.id
      from public.email_outbox c
     where (c.status = 'pending' and c.next_attempt_at <= least(p_now, coalesce(p_due_by, p_now)))
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
    'cancellationNoticeHours', public.booking_setting('cancellation_notice_hours', 24),
    'now', p_now);
end;
$$;

comment on function public.email_claim(integer, integer, timestamptz, timestamptz) is
  'Takes up to p_limit due e-mails for sending (pending and due, by p_due_by when given, or sending with an expired lease), skipping rows another sender holds; returns {messages: [...], openingHours: [...], cancellationNoticeHours} for the templates and now, the database''s time of the claim (a sender''s p_due_by for its later claims).';

revoke all on function public.email_claim(integer, integer, timestamptz, timestamptz)
  from public, anon, authenticated;
-- the process-email-outbox edge function calls it with the secret key
grant execute on function public.email_claim(integer, integer, timestamptz, timestamptz)
  to service_role;

create function public.email_mark_sent(
  p_id uuid,
  p_provider_message_id text default null,
  p_now timestamptz default now()
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  update public.email_outbox o
     set status = 'sent', sent_at = p_now, locked_until = null, last_error = null,
         provider_message_id = left(p_provider_message_id, 200)
   where o.id = p_id and o.status = 'sending'
  returning true;
$$;

comment on function public.email_mark_sent(uuid, text, timestamptz) is
  'Records that the e-mail API accepted the message.';

revoke all on function public.email_mark_sent(uuid, text, timestamptz)
  from public, anon, authenticated;
-- the process-email-outbox edge function calls it with the secret key
grant execute on function public.email_mark_sent(uuid, text, timestamptz) to service_role;

create function public.email_mark_failed(
  p_id uuid,
  p_error text,
  p_permanent boolean default false,
  p_now timestamptz default now(),
  p_retry_after_seconds integer default null
)
returns text
language sql
security definer
set search_path = ''
as $$
  -- the e-mail API may say when to come back (429 with Retry-After): never sooner than that, nor
  -- sooner than the backoff; at most the backoff's own ceiling of 6 hours, whatever it says
  update public.email_outbox o
     set status = case
           when p_permanent or o.attempts >= greatest(public.booking_setting('email_max_attempts', 10), 1)
             then 'failed' else 'pending' end,
         last_error = left(coalesce(p_error, 'ukendt fejl'), 1000),
         locked_until = null,
         next_attempt_at = p_now + greatest(
           public.email_retry_delay(o.attempts),
           make_interval(secs => least(greatest(coalesce(p_retry_after_seconds, 0), 0), 6 * 3600)))
   where o.id = p_id and o.status = 'sending'
  returning o.status;
$$;

comment on function public.email_mark_failed(uuid, text, boolean, timestamptz, integer) is
  'Records a failed try: pending again after the backoff delay (or after p_retry_after_seconds, the API''s Retry-After, when that is longer; at most 6 hours), or failed when permanent or out of tries. Returns the new status.';

revoke all on function public.email_mark_failed(uuid, text, boolean, timestamptz, integer)
  from public, anon, authenticated;
-- the process-email-outbox edge function calls it with the secret key
grant execute on function public.email_mark_failed(uuid, text, boolean, timestamptz, integer)
  to service_role;

create function public.email_mark_cancelled(
  p_id uuid,
  p_reason text,
  p_now timestamptz default now()
)
returns boolean
language sql
security definer
set search_path = ''
as $$
  update public.email_outbox o
     set status = 'cancelled', locked_until = null, last_error = left(coalesce(p_reason, ''), 1000)
   where o.id = p_id and o.status = 'sending'
  returning true;
$$;

comment on function public.email_mark_cancelled(uuid, text, timestamptz) is
  'Records that a claimed message is not sent, and why (an SMS while GATEWAYAPI_TOKEN is not set): cancelled, not failed, so no alert is sent about it.';

revoke all on function public.email_mark_cancelled(uuid, text, timestamptz)
  from public, anon, authenticated;
-- the process-email-outbox edge function calls it with the secret key
grant execute on function public.email_mark_cancelled(uuid, text, timestamptz) to service_role;
