-- Slots: which drop-off times a package can take on a day, and the guarantee that no bay is ever
-- booked twice.
--
-- Rules that live here:
-- - a booking stores the bay time it takes as work periods, one per opening-day piece of the job,
--   half-open [from, to); the exclusion constraint refuses two overlapping active periods on one
--   bay however many transactions race, and half-open ranges make back-to-back jobs legal;
-- - a cancelled booking's periods turn inactive at once (the time is free again); reconfirming
--   takes them back, refused in Danish when the time was taken meanwhile;
-- - a no-show, or a car collected before its time, frees the rest of its time from that moment
--   (the periods after it are marked released); setting it back takes them again, refused in
--   Danish when the time was taken meanwhile (72_car_status.sql);
-- - drop-off times lie on the slot_interval_minutes grid counted from opening (wall clock); a job
--   that fits the day must finish by closing, a longer one starts only at opening time and
--   continues on the next opening days;
-- - buffer_minutes stays free on the bay after each job (it may run past closing);
-- - workshop_capacity is the number of bays; a time is offered when one bay is free for all of the
--   job's periods, and a booking takes the lowest free bay.

-- booking_work_periods ----------------------------------------------------------------------------

create table public.booking_work_periods (
  id bigint generated always as identity,
  booking_id uuid not null,
  bay smallint not null,
  period tstzrange not null,
  active boolean not null default true,
  released boolean not null default false,
  constraint booking_work_periods_pkey primary key (id),
  constraint booking_work_periods_booking_id_fkey
    foreign key (booking_id) references public.bookings (id) on delete cascade,
  constraint booking_work_periods_bay_check check (bay >= 1),
  constraint booking_work_periods_period_check check (
    not isempty(period) and lower_inc(period) and not upper_inc(period)
    and not lower_inf(period) and not upper_inf(period)
  ),
  -- no double booking: the database itself refuses overlapping active work on one bay
  constraint booking_work_periods_no_overlap
    exclude using gist (bay with =, period with &&) where (active)
);

create index booking_work_periods_booking_id_idx on public.booking_work_periods (booking_id);

comment on table public.booking_work_periods is
  'Teknisk: den tid hver booking optager en plads i værkstedet, ét stykke pr. åbningsdag. Databasen afviser to overlappende perioder på samme plads. Ret ikke her.';
comment on column public.booking_work_periods.booking_id is 'Bookingen.';
comment on column public.booking_work_periods.bay is
  'Pladsnummer i værkstedet (1 til workshop_capacity).';
comment on column public.booking_work_periods.period is
  'Optaget tid [fra, til) i UTC: arbejdet og efter det sidste stykke buffer_minutes.';
comment on column public.booking_work_periods.active is
  'false, når bookingen er aflyst, eller når tiden er frigivet (vedligeholdes automatisk).';
comment on column public.booking_work_periods.released is
  'true for tid efter, at bilen blev meldt udeblevet eller afhentet: den er ledig igen, så længe bookingen er udeblevet eller afhentet (vedligeholdes automatisk).';

alter table public.booking_work_periods enable row level security;
-- no policy and no grant for anon or authenticated

create function public.bookings_sync_work_periods()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_days text;
begin
  -- restoring a cancelled booking onto a day since closed (or hours since shortened) would leave
  -- the customer a time the workshop is not open: refused before anything is taken or e-mailed.
  -- A job already over is only the owner tidying up.
  if old.status = 'cancelled' and new.status <> 'cancelled' and new.ready_at > now() then
    select string_agg(distinct public.owner_day_text((lower(w.period) at time zone 'Europe/Copenhagen')::date), ' og ')
      into v_days
      from public.booking_work_periods w
     where w.booking_id = new.id
       and not exists (
         select 1
           from public.booking_day_hours((lower(w.period) at time zone 'Europe/Copenhagen')::date) h
          where lower(w.period) >= h.opens_at and least(upper(w.period), new.ready_at) <= h.closes_at);
    if v_days is not null then
      raise exception 'Bookingen % kan ikke genoprettes: værkstedet har ikke åbent den % på bookingens tid (lukket dag eller kortere åbningstid). Book kunden på en ny tid i owner_bookings.',
        new.reference, v_days
        using errcode = 'check_violation';
    end if;
  end if;
  begin
    -- a cancelled booking holds nothing; a no-show or a collected car holds only the time before
    -- it was marked (the rest is released)
    update public.booking_work_periods w
       set active = (new.status <> 'cancelled'
                     and not (w.released and new.status in ('no_show', 'collected')))
     where w.booking_id = new.id
       and w.active is distinct from (new.status <> 'cancelled'
                                      and not (w.released and new.status in ('no_show', 'collected')));
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
  'Trigger function: a cancelled booking frees its work periods, a no-show or collected one its released periods; reconfirming (or setting it back) takes them again, refused with a Danish message (23P01) when the time was taken meanwhile, or (23514) when its day is closed now or its hours no longer hold the work.';

revoke all on function public.bookings_sync_work_periods() from public, anon, authenticated;

create trigger bookings_sync_work_periods
  after update of status on public.bookings
  for each row execute function public.bookings_sync_work_periods();

-- the bay time of a job ---------------------------------------------------------------------------

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

comment on function public.booking_job_periods(timestamptz, integer) is
  'The work periods of a job of p_minutes opening-time minutes started at p_start: it works until closing and continues at the next opening days, skipping closed days.';

revoke all on function public.booking_job_periods(timestamptz, integer)
  from public, anon, authenticated;

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

comment on function public.booking_free_bay(tstzrange[]) is
  'Lowest bay (1 .. workshop_capacity) free during all the given periods, or null.';

revoke all on function public.booking_free_bay(tstzrange[]) from public, anon, authenticated;

-- the times offered -------------------------------------------------------------------------------

create function public.booking_candidates(
  p_service_id uuid,
  p_day date,
  p_now timestamptz default now(),
  p_owner boolean default false,
  p_minutes integer default null
)
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
  -- the owner (the /ejer page) books today too; the rest of the rules are the customers'
  if p_owner then
    v_min := 0;
  end if;

  -- the job's minutes (booking_job: package, size, add-ons), else the package's own
  select coalesce(p_minutes, sv.duration_minutes) into v_minutes
    from public.services sv where sv.id = p_service_id and sv.is_active;
  if v_minutes is null or v_minutes < 1 or p_day < v_today + v_min or p_day > v_today + v_max then
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

comment on function public.booking_candidates(uuid, date, timestamptz, boolean, integer) is
  'Every drop-off time the rules allow for a job of an active package on a day (ignoring other bookings), with ready time and the bay time it would occupy. p_minutes: the job''s length (booking_job''s minutes, or a booking''s own when it is moved); null: the package''s own. p_owner: the owner''s window, which starts today (min_advance_booking_days does not apply).';

revoke all on function public.booking_candidates(uuid, date, timestamptz, boolean, integer)
  from public, anon, authenticated;

create function public.booking_free_times(
  p_service_id uuid,
  p_date date,
  p_now timestamptz,
  p_minutes integer,
  p_own_booking uuid default null,
  p_owner boolean default false
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
set timezone = 'Europe/Copenhagen'
set plan_cache_mode = 'force_generic_plan'
set jit = off
as $$
declare
  v_capacity integer := greatest(1, least(public.booking_setting('workshop_capacity', 1), 50));
  v_result jsonb;
begin
  -- one read of the busy periods around the day's candidates, then a free bay per candidate
  with c as materialized (
    select * from public.booking_candidates(p_service_id, p_date, p_now, p_owner, p_minutes)
  ), span as (
    select tstzrange(min(lower(r)), max(upper(r)), '[)') as s from c cross join lateral unnest(c.blocked) r
  ), busy as materialized (
    select w.bay, w.period
      from public.booking_work_periods w, span
     where w.active and w.period && span.s and w.bay <= v_capacity
       -- a booking being moved does not stand in its own way (move_booking frees its time in the
       -- same transaction that takes the new one)
       and w.booking_id is distinct from p_own_booking
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

comment on function public.booking_free_times(uuid, date, timestamptz, integer, uuid, boolean) is
  'Free drop-off times of a day for a job of p_minutes of an active package: {slots: [HH:MI...], readyAt: {HH:MI: iso}}. p_own_booking: the booking being moved, whose own time counts as free. p_owner: the owner''s window (today included, booking_candidates).';

revoke all on function public.booking_free_times(uuid, date, timestamptz, integer, uuid, boolean)
  from public, anon, authenticated;

create function public.get_available_slots(
  p_service_id uuid,
  p_date date,
  p_now timestamptz default now(),
  p_own_booking uuid default null,
  p_owner boolean default false,
  p_car_size text default null,
  p_addon_ids uuid[] default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_job jsonb;
  v_minutes integer;
begin
  if p_own_booking is not null then
    -- a move keeps the job as it was booked: its size, add-ons and length
    select b.duration_minutes into v_minutes from public.bookings b where b.id = p_own_booking;
  else
    v_job := public.booking_job(p_service_id, p_car_size, p_addon_ids);
    case v_job ->> 'error'
      when 'serviceId' then return jsonb_build_object('error', 'unknown_service');
      when 'carSize' then return jsonb_build_object('error', 'unknown_car_size');
      when 'addonIds' then return jsonb_build_object('error', 'unknown_addon');
      else v_minutes := (v_job ->> 'minutes')::integer;
    end case;
  end if;
  if not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    return jsonb_build_object('error', 'unknown_service');
  end if;
  return public.booking_free_times(p_service_id, p_date, p_now, v_minutes, p_own_booking, p_owner);
end;
$$;

comment on function public.get_available_slots(uuid, date, timestamptz, uuid, boolean, text, uuid[]) is
  'Free drop-off times of a day for a job (booking_job: the package, p_car_size, p_addon_ids): {slots: [HH:MI...], readyAt: {HH:MI: iso}}, or {error: unknown_service|unknown_car_size|unknown_addon}. p_own_booking: the booking being moved, whose own time counts as free and whose own job (its length as booked) is planned. p_owner: the owner''s window (today included, booking_candidates). Called by the get-available-slots edge function.';

revoke all on function public.get_available_slots(uuid, date, timestamptz, uuid, boolean, text, uuid[])
  from public, anon, authenticated;
-- the get-available-slots edge function calls it with the secret key
grant execute on function public.get_available_slots(uuid, date, timestamptz, uuid, boolean, text, uuid[]) to service_role;
