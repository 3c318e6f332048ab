-- The e-mails the jobs queue: the customer's reminder, the owner's morning agenda, and the owner's alert
-- about e-mails given up after their last try. Each is safe to run as often as wanted: a unique
-- idempotency key per booking revision or per day makes the second run queue nothing.
--
-- Rules that live here:
-- - a reminder goes reminder_hours_before hours before drop-off to each confirmed booking with an
--   address, once per revision of the booking (moves, cancellations and reconfirmations raise it);
--   none when the booking was made, moved or reconfirmed less than 12 hours before that, none late,
--   and the owner's bookings only while owner_bookings_send_email is on;
-- - the morning agenda (setting owner_agenda_email) goes at 07:00 Copenhagen time on opening days,
--   once a day, with the day's cars by their role that day (booking_day_role, as owner_agenda:
--   drop-offs, pick-ups, cars in work or waiting) and the e-mails given up since the last one;
-- - a given-up e-mail reaches the owner in at most one alert a day; each one is reported once (a
--   later one in the next day's alert), only from the last 7 days, and an alert never reports
--   itself, so a broken owner address costs one failing alert a day, never a chain. The sender
--   queues it after every run; a row the owner sends again is reported again if given up again.

-- reminders ---------------------------------------------------------------------------------------

create function public.email_queue_reminders(p_now timestamptz default now())
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
         public.booking_summary(b) || jsonb_build_object('customerName', b.customer_name),
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

comment on function public.email_queue_reminders(timestamptz) is
  'Queues the reminder of every confirmed booking whose drop-off is within reminder_hours_before hours, unless it was booked, moved or reconfirmed less than 12 hours before that; one per revision of the booking (idempotency key booking_reminder:<id>[:<ics_sequence>]). Returns how many were queued.';

revoke all on function public.email_queue_reminders(timestamptz) from public, anon, authenticated;
-- the process-email-outbox edge function queues them on every run, with the secret key
grant execute on function public.email_queue_reminders(timestamptz) to service_role;

-- given-up e-mails --------------------------------------------------------------------------------

create function public.email_given_up_item(p_email public.email_outbox)
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

-- only the alert and the agenda use it
revoke all on function public.email_given_up_item(public.email_outbox)
  from public, anon, authenticated, service_role;

create function public.queue_given_up_alert(p_now timestamptz default now())
returns integer
language plpgsql
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

comment on function public.queue_given_up_alert(timestamptz) is
  'Queues the owner''s alert about e-mails given up after their last try (kind owner_notification, payload.alert given_up): at most one a Copenhagen day (idempotency key owner_alert:given_up:<day>), listing every given-up e-mail of the last 7 days not reported yet, each reported once; never about a given-up alert. Returns how many were queued (0 or 1). Called by the sender after every run; safe to call as often as wanted.';

revoke all on function public.queue_given_up_alert(timestamptz) from public, anon, authenticated;
-- the process-email-outbox edge function calls it after every run, with the secret key
grant execute on function public.queue_given_up_alert(timestamptz) to service_role;

-- the owner's morning agenda ----------------------------------------------------------------------

create function public.owner_agenda_item(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select (public.booking_summary(p_booking) - 'price')
         || public.booking_contact(p_booking)
         || jsonb_build_object(-- the new ready time when the owner gave one
                               'readyAt', public.copenhagen_iso(coalesce(p_booking.new_ready_at, p_booking.ready_at)));
$$;

comment on function public.owner_agenda_item(public.bookings) is
  'One booking as a line of the morning agenda e-mail (readyAt is the new ready time when the owner gave one).';

revoke all on function public.owner_agenda_item(public.bookings) from public, anon, authenticated;

create function public.queue_owner_agenda(p_now timestamptz default now())
returns integer
language plpgsql
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
$$;

comment on function public.queue_owner_agenda(timestamptz) is
  'Queues the owner''s morning agenda e-mail (kind owner_agenda) when the setting owner_agenda_email is 1, it is 07:00 or later in Copenhagen and the workshop opens today; at most one per day. Lists the day''s cars by their role that day (booking_day_role, as owner_agenda): drop-offs, pick-ups, the cars worked on or waiting in between, and the e-mails given up (last 7 days) not listed in an earlier agenda. Returns how many were queued (0 or 1). Safe to call as often as wanted.';

revoke all on function public.queue_owner_agenda(timestamptz) from public, anon, authenticated;
-- the local stack's worker calls it with the secret key (pg_cron on the platform)
grant execute on function public.queue_owner_agenda(timestamptz) to service_role;
