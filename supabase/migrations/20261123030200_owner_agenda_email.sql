-- The owner's morning agenda: one e-mail on opening days at 07:00 Copenhagen time listing the day's
-- drop-offs and pick-ups (package, customer, phone, notes), through the e-mail outbox (retries,
-- never twice). Opt-in: setting owner_agenda_email (0 = off, the default; 1 = on).
--
-- public.queue_owner_agenda() decides everything itself, so the schedule may call it as often as it
-- likes (pg_cron at 05:00 and 06:00 UTC covers 07:00 in winter and summer; the embedded stack calls
-- it with every sender run): it queues nothing before 07:00 local time, on a closed day, or when the
-- setting is off, and at most one e-mail per day (idempotency key owner_agenda:<day>).

insert into public.settings (key, value, description, is_public) values
  ('owner_agenda_email', '0',
   'Morgenoversigt: en e-mail kl. 7 på åbningsdage med dagens afleveringer og afhentninger: 1 = ja, 0 = nej.',
   false)
on conflict (key) do nothing;

create function public.owner_agenda_item(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', p_booking.reference,
    'serviceName', p_booking.service_name,
    'customerName', p_booking.customer_name,
    'customerPhone', p_booking.customer_phone,
    'notes', p_booking.notes,
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at));
$$;

comment on function public.owner_agenda_item(public.bookings) is 'One booking as a line of the morning agenda e-mail.';

create function public.queue_owner_agenda(p_now timestamptz default now())
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

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (null, 'owner_agenda', null,
          jsonb_build_object('day', v_day::text, 'dropOffs', v_drop_offs, 'pickUps', v_pick_ups),
          'owner_agenda:' || v_day, p_now)
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.queue_owner_agenda(timestamptz) is 'Queues the owner''s morning agenda e-mail (kind owner_agenda) when the setting owner_agenda_email is 1, it is 07:00 or later in Copenhagen and the workshop opens today; at most one per day. Returns how many were queued (0 or 1). Safe to call as often as wanted.';

revoke execute on function
  public.owner_agenda_item(public.bookings),
  public.queue_owner_agenda(timestamptz)
  from public, anon, authenticated;

grant execute on function
  public.owner_agenda_item(public.bookings),
  public.queue_owner_agenda(timestamptz)
  to service_role;
