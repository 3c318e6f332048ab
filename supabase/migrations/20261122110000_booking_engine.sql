-- Booking engine: the rules that decide which drop-off times are offered and which bookings are
-- accepted, in one place, so the slots shown and the bookings taken can never disagree.
--
-- open_dates            days the owner opens although the calendar says closed (e.g. a holiday)
-- bookings              one row per booking made on the website
-- booking_work_periods  the time each booking occupies a bay; an exclusion constraint makes two
--                       overlapping periods on one bay impossible, however many requests race
-- email_outbox          e-mails to send (customer confirmation, owner notification), queued in the
--                       same transaction as the booking; a later job sends them
-- booking_rate_limits   request counters per IP address and per e-mail address
--
-- All times are Europe/Copenhagen. Danish public holidays are computed (Easter based ones too), so
-- nobody types them in. Every function takes "now" as a parameter (default now()) so tests can use a
-- fixed clock. Only service_role (the edge functions) may call the functions or touch the booking
-- tables; anon and authenticated can read open_dates and nothing else added here.

create extension if not exists btree_gist with schema extensions;

-- settings helper ---------------------------------------------------------------------------------

create function public.booking_setting(p_key text, p_default integer)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select trim(s.value)::integer
       from public.settings s
      where s.key = p_key and s.value ~ '^\s*[0-9]{1,9}\s*$'),
    p_default
  );
$$;

comment on function public.booking_setting(text, integer) is 'A whole-number setting, or p_default when the row is missing or not a whole number.';

-- Danish public holidays --------------------------------------------------------------------------

create function public.easter_sunday(p_year integer)
returns date
language plpgsql
immutable
strict
security definer
set search_path = ''
as $$
declare
  a integer := p_year % 19;
  b integer := p_year / 100;
  c integer := p_year % 100;
  h integer;
  l integer;
  m integer;
begin
  -- anonymous Gregorian algorithm (Meeus/Jones/Butcher)
  h := (19 * a + b - b / 4 - (b - (b + 8) / 25 + 1) / 3 + 15) % 30;
  l := (32 + 2 * (b % 4) + 2 * (c / 4) - h - c % 4) % 7;
  m := (a + 11 * h + 22 * l) / 451;
  return make_date(p_year, (h + l - 7 * m + 114) / 31, (h + l - 7 * m + 114) % 31 + 1);
end;
$$;

comment on function public.easter_sunday(integer) is 'Easter Sunday (Påskedag) of a year in the Gregorian calendar.';

create function public.danish_public_holidays(p_year integer)
returns table (day date, name text)
language sql
immutable
strict
security definer
set search_path = ''
as $$
  with e as (select public.easter_sunday(p_year) as d)
  select h.day, h.name
    from e,
    lateral (values
      (make_date(p_year, 1, 1), 'Nytårsdag'),
      (e.d - 3, 'Skærtorsdag'),
      (e.d - 2, 'Langfredag'),
      (e.d, 'Påskedag'),
      (e.d + 1, '2. Påskedag'),
      (case when p_year < 2024 then e.d + 26 end, 'Store Bededag'),
      (e.d + 39, 'Kristi Himmelfartsdag'),
      (e.d + 49, 'Pinsedag'),
      (e.d + 50, '2. Pinsedag'),
      (make_date(p_year, 12, 25), 'Juledag'),
      (make_date(p_year, 12, 26), '2. Juledag')
    ) as h(day, name)
   where h.day is not null
   order by h.day;
$$;

comment on function public.danish_public_holidays(integer) is 'The official Danish public holidays (helligdage) of a year. Store Bededag was abolished from 2024. Grundlovsdag, juleaften and nytårsaftensdag are not public holidays: add them to closed_dates to close.';

create function public.is_danish_public_holiday(p_day date)
returns boolean
language plpgsql
immutable
strict
security definer
set search_path = ''
as $$
declare
  v_year integer := extract(year from p_day)::integer;
  v_easter date := public.easter_sunday(v_year);
begin
  -- the same days as danish_public_holidays(), without building the list
  return p_day in (make_date(v_year, 1, 1), v_easter - 3, v_easter - 2, v_easter, v_easter + 1,
                   v_easter + 39, v_easter + 49, v_easter + 50, make_date(v_year, 12, 25),
                   make_date(v_year, 12, 26))
      or (v_year < 2024 and p_day = v_easter + 26);
end;
$$;

comment on function public.is_danish_public_holiday(date) is 'Whether a day is an official Danish public holiday.';

-- open_dates: the owner reopens a closed day ------------------------------------------------------

create table public.open_dates (
  day date primary key,
  opens_at time,
  closes_at time,
  reason text not null default '',
  constraint open_dates_both_or_neither check ((opens_at is null) = (closes_at is null)),
  constraint open_dates_closes_after_opens check (closes_at > opens_at)
);

comment on table public.open_dates is 'Days the workshop is open although it would be closed, e.g. a public holiday. Leave the times empty to use the normal hours of that weekday. A day in closed_dates stays closed.';
comment on column public.open_dates.day is 'The day to open (Europe/Copenhagen calendar date).';
comment on column public.open_dates.opens_at is 'Opening time that day, or empty for the normal hours of the weekday.';
comment on column public.open_dates.closes_at is 'Closing time that day, or empty for the normal hours of the weekday.';
comment on column public.open_dates.reason is 'Why the day is open (internal note).';

alter table public.open_dates enable row level security;

create policy "anon reads open dates" on public.open_dates
  for select to anon using (true);
create policy "authenticated reads open dates" on public.open_dates
  for select to authenticated using (true);

revoke all on public.open_dates from anon, authenticated;
grant select on public.open_dates to anon, authenticated;
grant select, insert, update, delete on public.open_dates to service_role;

-- opening hours of one day ------------------------------------------------------------------------

create function public.booking_day_hours(p_day date)
returns table (opens_at timestamptz, closes_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- precedence: closed_dates > open_dates > public holidays > weekly opening hours
  return query
    select (p_day + h.o) at time zone 'Europe/Copenhagen', (p_day + h.c) at time zone 'Europe/Copenhagen'
      from (
        select case when od.opens_at is not null then od.opens_at else oh.opens_at end as o,
               case when od.opens_at is not null then od.closes_at else oh.closes_at end as c,
               od.day is not null as reopened
          from (select 1) as one
          left join public.opening_hours oh on oh.weekday = extract(isodow from p_day)
          left join public.open_dates od on od.day = p_day
      ) as h
     where h.o is not null and h.c is not null
       and not exists (select 1 from public.closed_dates cd where cd.day = p_day)
       and (h.reopened or not public.is_danish_public_holiday(p_day));
end;
$$;

comment on function public.booking_day_hours(date) is 'Opening interval of a day as instants (Europe/Copenhagen, DST aware); no row when closed. Precedence: closed_dates, open_dates, public holidays, opening_hours.';

-- work periods of a job ---------------------------------------------------------------------------

create function public.booking_job_periods(p_start timestamptz, p_minutes integer)
returns tstzrange[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_day date := (p_start at time zone 'Europe/Copenhagen')::date;
  v_left interval := make_interval(mins => p_minutes);
  v_periods tstzrange[] := '{}';
  v_from timestamptz;
  v_to timestamptz;
  v_hours record;
  v_days integer := 0;
begin
  while v_left > interval '0' loop
    v_days := v_days + 1;
    if v_days > 400 then
      return null; -- no opening time left within a year: cannot be planned
    end if;
    for v_hours in select * from public.booking_day_hours(v_day) loop
      v_from := greatest(v_hours.opens_at, p_start);
      if v_from < v_hours.closes_at then
        v_to := least(v_hours.closes_at, v_from + v_left);
        v_periods := v_periods || tstzrange(v_from, v_to, '[)');
        v_left := v_left - (v_to - v_from);
      end if;
    end loop;
    v_day := v_day + 1;
  end loop;
  return v_periods;
end;
$$;

comment on function public.booking_job_periods(timestamptz, integer) is 'The work periods of a job of p_minutes opening-time minutes started at p_start: it works until closing and continues at the next opening days, skipping closed days.';

-- bookings ----------------------------------------------------------------------------------------

create function public.booking_random_reference()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- 32 characters without the look-alikes 0/O and 1/I: 8 characters give 40 random bits
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_bytes bytea := extensions.gen_random_bytes(8);
  v_ref text := '';
begin
  for i in 0..7 loop
    v_ref := v_ref || substr(v_alphabet, get_byte(v_bytes, i) % 32 + 1, 1);
  end loop;
  return v_ref;
end;
$$;

comment on function public.booking_random_reference() is 'A new random 8-character booking reference from an alphabet without look-alike characters.';

create function public.booking_random_token()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select encode(extensions.gen_random_bytes(32), 'hex');
$$;

comment on function public.booking_random_token() is 'A new random 256-bit token (64 hex characters) for cancel links.';

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique default public.booking_random_reference()
    check (reference ~ '^[A-Z0-9]{8}$'),
  service_id uuid not null references public.services (id),
  service_name text not null,
  duration_minutes integer not null check (duration_minutes > 0),
  price integer not null check (price >= 0),
  booking_date date not null,
  booking_time time not null,
  drop_off_at timestamptz not null,
  ready_at timestamptz not null,
  customer_name text not null check (char_length(customer_name) between 2 and 100),
  customer_email text not null check (char_length(customer_email) <= 254),
  customer_phone text not null check (char_length(customer_phone) <= 30),
  notes text not null default '' check (char_length(notes) <= 1000),
  status text not null default 'confirmed' check (status in ('confirmed', 'cancelled')),
  cancel_token text not null unique default public.booking_random_token(),
  cancelled_at timestamptz,
  idempotency_key text unique check (char_length(idempotency_key) <= 128),
  client_ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint bookings_ready_after_drop_off check (ready_at > drop_off_at)
);

comment on table public.bookings is 'Bookings made on the website. Set status to cancelled to free the time; do not delete rows.';
comment on column public.bookings.id is 'Unique id of the booking (generated).';
comment on column public.bookings.reference is 'Short booking reference given to the customer, e.g. K7M2QX9D.';
comment on column public.bookings.service_id is 'The booked package.';
comment on column public.bookings.service_name is 'Package name at the time of booking.';
comment on column public.bookings.duration_minutes is 'Job length in minutes of opening time at the time of booking.';
comment on column public.bookings.price is 'Price in DKK at the time of booking.';
comment on column public.bookings.booking_date is 'Drop-off day (Europe/Copenhagen).';
comment on column public.bookings.booking_time is 'Drop-off time (Europe/Copenhagen).';
comment on column public.bookings.drop_off_at is 'Drop-off instant (the customer brings the car).';
comment on column public.bookings.ready_at is 'When the car is ready to be picked up.';
comment on column public.bookings.customer_name is 'Customer''s full name.';
comment on column public.bookings.customer_email is 'Customer''s e-mail address (confirmation is sent there).';
comment on column public.bookings.customer_phone is 'Customer''s phone number.';
comment on column public.bookings.notes is 'Customer''s notes (optional).';
comment on column public.bookings.status is 'confirmed, or cancelled (a cancelled booking no longer occupies the workshop).';
comment on column public.bookings.cancel_token is 'Secret for the customer''s cancel link. Never show it to anyone else.';
comment on column public.bookings.cancelled_at is 'When the booking was cancelled.';
comment on column public.bookings.idempotency_key is 'Key sent by the booking form; a repeated submit with the same key returns this booking.';
comment on column public.bookings.client_ip is 'IP address the booking came from (abuse handling).';
comment on column public.bookings.created_at is 'When the booking was made.';
comment on column public.bookings.updated_at is 'When the booking was last changed (maintained automatically).';

create index bookings_drop_off_at_idx on public.bookings (drop_off_at);
create index bookings_customer_email_idx on public.bookings (lower(customer_email));

create function public.bookings_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    new.cancelled_at := coalesce(new.cancelled_at, now());
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
  end if;
  return new;
end;
$$;

comment on function public.bookings_before_update() is 'Trigger function: stamps updated_at and cancelled_at of a booking.';

create trigger bookings_before_update
  before update on public.bookings
  for each row execute function public.bookings_before_update();

create table public.booking_work_periods (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.bookings (id) on delete cascade,
  bay smallint not null check (bay >= 1),
  period tstzrange not null
    check (not isempty(period) and lower_inc(period) and not upper_inc(period)
           and not lower_inf(period) and not upper_inf(period)),
  active boolean not null default true,
  constraint booking_work_periods_no_overlap
    exclude using gist (bay with =, period with &&) where (active)
);

comment on table public.booking_work_periods is 'Time each booking occupies a bay, one row per opening-day piece of the job. The database refuses two overlapping active periods on the same bay.';
comment on column public.booking_work_periods.booking_id is 'The booking.';
comment on column public.booking_work_periods.bay is 'Workshop bay number (1 .. workshop_capacity).';
comment on column public.booking_work_periods.period is 'Occupied time [from, to): the work, and after the last piece the buffer_minutes.';
comment on column public.booking_work_periods.active is 'False when the booking is cancelled (maintained automatically from bookings.status).';

create index booking_work_periods_booking_id_idx on public.booking_work_periods (booking_id);

create function public.bookings_sync_work_periods()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.booking_work_periods w
     set active = (new.status <> 'cancelled')
   where w.booking_id = new.id and w.active is distinct from (new.status <> 'cancelled');
  return null;
end;
$$;

comment on function public.bookings_sync_work_periods() is 'Trigger function: a cancelled booking frees its work periods; reconfirming takes them again (refused when the time was taken meanwhile).';

create trigger bookings_sync_work_periods
  after update of status on public.bookings
  for each row execute function public.bookings_sync_work_periods();

-- e-mail outbox -----------------------------------------------------------------------------------

create table public.email_outbox (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid references public.bookings (id) on delete set null,
  kind text not null check (kind in ('booking_confirmation', 'owner_notification')),
  recipient text constraint email_outbox_recipient_check
    check (recipient is not null or kind = 'owner_notification'),
  payload jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  idempotency_key text not null unique,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  created_at timestamptz not null default now()
);

comment on table public.email_outbox is 'E-mails waiting to be sent, queued together with the booking. A sender job picks pending rows.';
comment on column public.email_outbox.booking_id is 'The booking the e-mail is about.';
comment on column public.email_outbox.kind is 'booking_confirmation (to the customer) or owner_notification (to the workshop).';
comment on column public.email_outbox.recipient is 'Recipient address; empty for owner_notification (the sender uses the workshop''s address).';
comment on column public.email_outbox.payload is 'Data for the e-mail template (reference, package, drop-off, ready time, customer details).';
comment on column public.email_outbox.status is 'pending, sending, sent or failed.';
comment on column public.email_outbox.attempts is 'How many times sending was tried.';
comment on column public.email_outbox.last_error is 'Error of the last failed attempt.';
comment on column public.email_outbox.idempotency_key is 'Sent to the e-mail API so a retried send is not delivered twice.';
comment on column public.email_outbox.next_attempt_at is 'Earliest time of the next attempt.';
comment on column public.email_outbox.sent_at is 'When the e-mail was accepted by the e-mail API.';
comment on column public.email_outbox.created_at is 'When the e-mail was queued.';

create index email_outbox_pending_idx on public.email_outbox (next_attempt_at) where status = 'pending';
create index email_outbox_booking_id_idx on public.email_outbox (booking_id);

-- rate limits -------------------------------------------------------------------------------------

create table public.booking_rate_limits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null default 0,
  primary key (bucket, window_start)
);

comment on table public.booking_rate_limits is 'Booking attempts per IP address (ip:...) and per e-mail address (email:...) per hour. Old rows are removed automatically.';
comment on column public.booking_rate_limits.bucket is 'ip:<address> or email:<address>.';
comment on column public.booking_rate_limits.window_start is 'Start of the hour counted.';
comment on column public.booking_rate_limits.hits is 'Attempts in that hour.';

create index booking_rate_limits_window_start_idx on public.booking_rate_limits (window_start);

-- RLS and grants: only service_role ---------------------------------------------------------------

alter table public.bookings enable row level security;
alter table public.booking_work_periods enable row level security;
alter table public.email_outbox enable row level security;
alter table public.booking_rate_limits enable row level security;

-- no policies for anon or authenticated: with RLS on and no grants they can do nothing
revoke all on public.bookings, public.booking_work_periods, public.email_outbox,
  public.booking_rate_limits from public, anon, authenticated;
grant select, insert, update, delete on public.bookings, public.booking_work_periods,
  public.email_outbox, public.booking_rate_limits to service_role;

-- formatting --------------------------------------------------------------------------------------

create function public.copenhagen_iso(p_at timestamptz)
returns text
language sql
stable
security definer
set search_path = ''
set timezone = 'Europe/Copenhagen'
as $$
  select to_char(p_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM');
$$;

comment on function public.copenhagen_iso(timestamptz) is 'ISO 8601 local time in Copenhagen with its UTC offset, e.g. 2026-12-01T16:00:00+01:00.';

-- slot planning -----------------------------------------------------------------------------------

create function public.booking_candidates(p_service_id uuid, p_day date, p_now timestamptz default now())
returns table (slot text, drop_off_at timestamptz, ready_at timestamptz, blocked tstzrange[])
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_min integer;
  v_max integer;
  v_step integer;
  v_buffer interval;
  v_minutes integer;
  v_job interval;
  v_open timestamptz;
  v_close timestamptz;
  v_work tstzrange[];
  v_last integer;
begin
  -- the rule settings in one read; a missing or malformed value falls back to the default
  select coalesce(max(trim(s.value)::integer) filter (where s.key = 'min_advance_booking_days'), 1),
         coalesce(max(trim(s.value)::integer) filter (where s.key = 'max_advance_booking_days'), 60),
         coalesce(max(trim(s.value)::integer) filter (where s.key = 'slot_interval_minutes'), 30),
         make_interval(mins => coalesce(max(trim(s.value)::integer) filter (where s.key = 'buffer_minutes'), 0))
    into v_min, v_max, v_step, v_buffer
    from public.settings s
   where s.key in ('min_advance_booking_days', 'max_advance_booking_days', 'slot_interval_minutes',
                   'buffer_minutes')
     and s.value ~ '^\s*[0-9]{1,9}\s*$';
  if v_step < 5 then
    v_step := 30;
  end if;

  select sv.duration_minutes into v_minutes
    from public.services sv where sv.id = p_service_id and sv.is_active;
  if v_minutes is null or p_day < v_today + v_min or p_day > v_today + v_max then
    return;
  end if;
  select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(p_day) h;
  if v_open is null then
    return;
  end if;
  v_job := make_interval(mins => v_minutes);

  if v_job > v_close - v_open then
    -- a job longer than the whole day starts at opening time and continues on the next open days
    v_work := public.booking_job_periods(v_open, v_minutes);
    if v_work is null or v_open <= p_now then
      return;
    end if;
    v_last := array_length(v_work, 1);
    slot := to_char(v_open at time zone 'Europe/Copenhagen', 'HH24:MI');
    drop_off_at := v_open;
    ready_at := upper(v_work[v_last]);
    blocked := v_work;
    blocked[v_last] := tstzrange(lower(v_work[v_last]), ready_at + v_buffer, '[)');
    return next;
    return;
  end if;

  -- a job that fits the day may start at any grid time (wall clock) that lets it finish by closing
  return query
    select to_char(g.l, 'HH24:MI'), x.d, x.d + v_job, array[tstzrange(x.d, x.d + v_job + v_buffer, '[)')]
      from generate_series(v_open at time zone 'Europe/Copenhagen', v_close at time zone 'Europe/Copenhagen',
                           make_interval(mins => v_step)) as g(l)
      cross join lateral (select g.l at time zone 'Europe/Copenhagen' as d) as x
     where x.d + v_job <= v_close and x.d > p_now
     order by g.l;
end;
$$;

comment on function public.booking_candidates(uuid, date, timestamptz) is 'Every drop-off time the rules allow for a package on a day (ignoring other bookings), with ready time and the bay time it would occupy.';

create function public.booking_free_bay(p_blocked tstzrange[])
returns smallint
language sql
stable
security definer
set search_path = ''
as $$
  select b::smallint
    from generate_series(1, greatest(1, least(public.booking_setting('workshop_capacity', 1), 50))) b
   where not exists (
     select 1 from unnest(p_blocked) r
       join public.booking_work_periods w on w.bay = b and w.period && r and w.active
   )
   order by b
   limit 1;
$$;

comment on function public.booking_free_bay(tstzrange[]) is 'Lowest bay (1 .. workshop_capacity) free during all the given periods, or null.';

create function public.get_available_slots(p_service_id uuid, p_date date, p_now timestamptz default now())
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set timezone = 'Europe/Copenhagen'
-- the statements here and in the functions it calls are planned once per connection, not per call,
-- and never JIT-compiled (compiling costs more than these small queries take)
set plan_cache_mode = force_generic_plan
set jit = off
as $$
declare
  v_capacity integer := greatest(1, least(public.booking_setting('workshop_capacity', 1), 50));
  v_result jsonb;
begin
  if not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    return jsonb_build_object('error', 'unknown_service');
  end if;
  -- one read of the busy periods around the day's candidates, then a free bay per candidate
  with c as materialized (
    select * from public.booking_candidates(p_service_id, p_date, p_now)
  ), span as (
    select tstzrange(min(lower(r)), max(upper(r)), '[)') as s from c cross join lateral unnest(c.blocked) r
  ), busy as materialized (
    select w.bay, w.period
      from public.booking_work_periods w, span
     where w.active and w.period && span.s and w.bay <= v_capacity
  ), free as (
    select c.slot, c.drop_off_at, c.ready_at
      from c
     where exists (
       select 1 from generate_series(1, v_capacity) b
        where not exists (
          select 1 from unnest(c.blocked) r join busy on busy.bay = b and busy.period && r))
  )
  select jsonb_build_object(
           'slots', coalesce(jsonb_agg(f.slot order by f.drop_off_at), '[]'::jsonb),
           'readyAt', coalesce(jsonb_object_agg(f.slot, to_char(f.ready_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')),
                               '{}'::jsonb))
    into v_result
    from free f;
  return v_result;
end;
$$;

comment on function public.get_available_slots(uuid, date, timestamptz) is 'Free drop-off times of a day for a package: {slots: [HH:MI...], readyAt: {HH:MI: iso}}, or {error: unknown_service}. Called by the get-available-slots edge function.';

-- rate limiting -----------------------------------------------------------------------------------

create function public.booking_rate_limit_hit(p_ip text, p_email text, p_now timestamptz default now())
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_window timestamptz := date_trunc('hour', p_now);
  v_ip_hits integer;
  v_email_hits integer;
begin
  delete from public.booking_rate_limits where window_start < v_window - interval '1 day';
  insert into public.booking_rate_limits as r (bucket, window_start, hits)
  values ('ip:' || coalesce(nullif(p_ip, ''), 'unknown'), v_window, 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning hits into v_ip_hits;
  insert into public.booking_rate_limits as r (bucket, window_start, hits)
  values ('email:' || lower(p_email), v_window, 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning hits into v_email_hits;
  return v_ip_hits > public.booking_setting('rate_limit_per_ip_per_hour', 20)
      or v_email_hits > public.booking_setting('rate_limit_per_email_per_hour', 5);
end;
$$;

comment on function public.booking_rate_limit_hit(text, text, timestamptz) is 'Counts one booking attempt for the IP and the e-mail address; true when either went over its hourly limit (settings rate_limit_per_ip_per_hour, default 20, and rate_limit_per_email_per_hour, default 5).';

-- creating a booking ------------------------------------------------------------------------------

create function public.booking_result(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'status', 'created',
    'reference', p_booking.reference,
    'service', jsonb_build_object('id', p_booking.service_id, 'name', p_booking.service_name),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at)
  );
$$;

comment on function public.booking_result(public.bookings) is 'The answer the create-booking edge function gives for a booking.';

create function public.create_booking(
  p_service_id uuid,
  p_date date,
  p_time text,
  p_customer_name text,
  p_customer_email text,
  p_customer_phone text,
  p_notes text default '',
  p_idempotency_key text default null,
  p_client_ip text default null,
  p_now timestamptz default now()
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
-- the statements here and in the functions it calls are planned once per connection, not per call,
-- and never JIT-compiled (compiling costs more than these small queries take)
set plan_cache_mode = force_generic_plan
set jit = off
as $$
declare
  v_existing public.bookings;
  v_service public.services;
  v_candidate record;
  v_bay smallint;
  v_booking public.bookings;
  v_id uuid := gen_random_uuid();
  v_constraint text;
  v_tries integer := 0;
begin
  -- a repeated submit returns the first booking (and does not count against the rate limit)
  if p_idempotency_key is not null then
    select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
    if found then
      return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
    end if;
  end if;

  if public.booking_rate_limit_hit(p_client_ip, p_customer_email, p_now) then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  select * into v_service from public.services s where s.id = p_service_id and s.is_active;
  if not found then
    return jsonb_build_object('status', 'invalid', 'field', 'serviceId');
  end if;

  -- the asked time if the rules offer it, else any offered time (the day is bookable) or none
  select * into v_candidate from public.booking_candidates(p_service_id, p_date, p_now) c
   order by c.slot = p_time desc
   limit 1;
  if not found then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
  end if;
  if v_candidate.slot is distinct from p_time then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
  end if;

  loop
    v_bay := public.booking_free_bay(v_candidate.blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return jsonb_build_object('status', 'conflict');
    end if;
    begin
      insert into public.bookings (
        id, service_id, service_name, duration_minutes, price, booking_date, booking_time,
        drop_off_at, ready_at, customer_name, customer_email, customer_phone, notes,
        idempotency_key, client_ip
      ) values (
        v_id, v_service.id, v_service.name, v_service.duration_minutes, v_service.price, p_date,
        p_time::time, v_candidate.drop_off_at, v_candidate.ready_at, p_customer_name,
        p_customer_email, p_customer_phone, coalesce(p_notes, ''), p_idempotency_key, p_client_ip
      )
      returning * into v_booking;
      insert into public.booking_work_periods (booking_id, bay, period)
      select v_id, v_bay, r from unnest(v_candidate.blocked) r;
      exit;
    exception
      when exclusion_violation or deadlock_detected then
        -- another request took this bay meanwhile (now committed): look for another bay
        null;
      when unique_violation then
        get stacked diagnostics v_constraint = constraint_name;
        if v_constraint = 'bookings_idempotency_key_key' then
          -- the same submit raced with itself: return the one that won
          select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
          return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
        elsif v_constraint <> 'bookings_reference_key' then
          raise;
        end if;
        -- reference collision: the next try draws a new reference
    end;
  end loop;

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
  values
    (v_booking.id, 'booking_confirmation', v_booking.customer_email,
     jsonb_build_object(
       'reference', v_booking.reference,
       'serviceName', v_booking.service_name,
       'price', v_booking.price,
       'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
       'readyAt', public.copenhagen_iso(v_booking.ready_at),
       'customerName', v_booking.customer_name,
       'cancelToken', v_booking.cancel_token),
     'booking_confirmation:' || v_booking.id),
    (v_booking.id, 'owner_notification', null,
     jsonb_build_object(
       'reference', v_booking.reference,
       'serviceName', v_booking.service_name,
       'price', v_booking.price,
       'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
       'readyAt', public.copenhagen_iso(v_booking.ready_at),
       'customerName', v_booking.customer_name,
       'customerEmail', v_booking.customer_email,
       'customerPhone', v_booking.customer_phone,
       'notes', v_booking.notes),
     'owner_notification:' || v_booking.id);

  return public.booking_result(v_booking);
end;
$$;

comment on function public.create_booking(uuid, date, text, text, text, text, text, text, text, timestamptz) is 'Checks and books a drop-off time in one transaction: idempotency, rate limits, package, date window, slot, free bay (the exclusion constraint settles races), then queues the two e-mails. Returns {status: created|rate_limited|invalid|conflict, ...}. Called by the create-booking edge function.';

-- execute only for service_role -------------------------------------------------------------------

revoke execute on function
  public.booking_setting(text, integer),
  public.easter_sunday(integer),
  public.danish_public_holidays(integer),
  public.is_danish_public_holiday(date),
  public.booking_day_hours(date),
  public.booking_job_periods(timestamptz, integer),
  public.booking_random_reference(),
  public.booking_random_token(),
  public.bookings_before_update(),
  public.bookings_sync_work_periods(),
  public.copenhagen_iso(timestamptz),
  public.booking_candidates(uuid, date, timestamptz),
  public.booking_free_bay(tstzrange[]),
  public.get_available_slots(uuid, date, timestamptz),
  public.booking_rate_limit_hit(text, text, timestamptz),
  public.booking_result(public.bookings),
  public.create_booking(uuid, date, text, text, text, text, text, text, text, timestamptz)
  from public, anon, authenticated;

grant execute on function
  public.booking_setting(text, integer),
  public.easter_sunday(integer),
  public.danish_public_holidays(integer),
  public.is_danish_public_holiday(date),
  public.booking_day_hours(date),
  public.booking_job_periods(timestamptz, integer),
  public.copenhagen_iso(timestamptz),
  public.booking_candidates(uuid, date, timestamptz),
  public.booking_free_bay(tstzrange[]),
  public.get_available_slots(uuid, date, timestamptz),
  public.booking_rate_limit_hit(text, text, timestamptz),
  public.booking_result(public.bookings),
  public.create_booking(uuid, date, text, text, text, text, text, text, text, timestamptz)
  to service_role;
