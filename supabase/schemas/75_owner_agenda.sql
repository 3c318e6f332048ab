-- The owner's view of the work and of a booking's revisions: owner_agenda (today and later, read
-- only), closing a day over bookings, the calendar feed, and reconfirming a cancelled booking.
--
-- Rules that live here:
-- - owner_agenda is the day's cars: one row per car per Copenhagen day from today on that it is at
--   the workshop (booking_day_role: aflevering, arbejde, venter, klar til afhentning, or
--   aflevering og afhentning), in local time; a cancelled booking shows on its drop-off day only;
--   its day is the canonical text 2027-01-05, not a date: a filter typed the Danish way
--   (05-01-2027) then finds nothing, where a date column would read it by DateStyle (MDY: 1 May);
--   it cannot be edited (the owner edits owner_bookings); each car's job is shown as booked (the
--   package, the size's and add-ons' names, the total price);
-- - closing a day (closed_dates) over bookings saves, the saved row names them (affected_bookings)
--   and the owner gets one e-mail listing them; a change of opening_hours that leaves a future
--   booking outside the hours is refused, naming the bookings;
-- - bookings.ics_sequence is the SEQUENCE of the latest revision of the customer's calendar event
--   (RFC 5545: a later revision must carry a higher one): every move, cancellation and
--   reconfirmation raises it by one, whatever path changes the booking;
-- - a cancelled booking set back to confirmed takes its bay time back (refused in Danish when it
--   was taken meanwhile), and e-mails the customer new links and the raised SEQUENCE when there is
--   an address, the job is not over and owner_bookings_send_email is on; the owner gets no copy.

-- the days of a booking ---------------------------------------------------------------------------

-- what happens to a car on one local day between its drop-off and its pickup: the one answer of
-- the agenda view, the morning e-mail and the closing of a day
create function public.booking_day_role(p_booking public.bookings, p_day date)
returns table (role text, at timestamptz)
language sql
stable
-- exactly one row: the planner's default guess (1000) made owner_agenda look costly enough to be
-- compiled (JIT) on every read, 0.2 s each on PostgreSQL
rows 1
set search_path = ''
as $$
  select case when p_day = v.drop_day and p_day = v.ready_day then 'aflevering og afhentning'
              when p_day = v.drop_day then 'aflevering'
              when p_day = v.ready_day then 'klar til afhentning'
              when w.first_at is not null then 'arbejde'
              -- past the planned ready day (a new, later ready time): the work goes on while open
              when h.opens_at is not null then 'arbejde'
              else 'venter'
         end,
         case when p_day = v.drop_day then p_booking.drop_off_at
              when p_day = v.ready_day then coalesce(p_booking.new_ready_at, p_booking.ready_at)
              else coalesce(w.first_at, h.opens_at)
         end
    from (select (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date as drop_day,
                 -- the pickup follows the new ready time the owner gave (owner_set_ready_time)
                 (coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen')::date as ready_day,
                 (p_booking.ready_at at time zone 'Europe/Copenhagen')::date as planned_day) v
   -- the days between follow the job's own work periods (one per opening day, 40_slots.sql), kept
   -- when a booking is cancelled (inactive): a day without one is a closed day the car waits over
   cross join lateral (
     select min(lower(p.period)) as first_at
       from public.booking_work_periods p
      where p.booking_id = p_booking.id
        and p.period && tstzrange(p_day::timestamp at time zone 'Europe/Copenhagen',
                                  (p_day + 1)::timestamp at time zone 'Europe/Copenhagen', '[)')
   ) w
   -- after the planned ready day the bay time has ended: an opening day is a day of work
   cross join lateral (
     select (select min(d.opens_at) from public.booking_day_hours(p_day) d
              where p_day > v.planned_day) as opens_at
   ) h;
$$;

comment on function public.booking_day_role(public.bookings, date) is
  'A booking''s role on one Copenhagen day from its drop-off day to its pickup day (the new ready time when the owner gave one): aflevering, arbejde (a work period that day, or an opening day after the planned ready day), venter (a day in between without one: closed), klar til afhentning, or aflevering og afhentning (a one-day job); at is the drop-off, the ready time or the first work that day (null when waiting).';

revoke all on function public.booking_day_role(public.bookings, date)
  from public, anon, authenticated;

create function public.booking_days(p_booking public.bookings)
returns table (day date, role text, at timestamptz)
language sql
stable
set search_path = ''
as $$
  select g.day, r.role, r.at
    from (select d::date as day
            from generate_series(
                   (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date::timestamp,
                   (coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen')::date::timestamp,
                   interval '1 day') d) g
   cross join lateral public.booking_day_role(p_booking, g.day) r;
$$;

comment on function public.booking_days(public.bookings) is
  'The Copenhagen days a booking''s car is at the workshop, drop-off day to pickup day (the new ready time when given), each with its role that day (booking_day_role).';

revoke all on function public.booking_days(public.bookings) from public, anon, authenticated;

-- owner_agenda ------------------------------------------------------------------------------------

-- The day's cars as seen at p_now: one row per car per day it is at the workshop, from p_now's day
-- on. A cancelled booking shows only on its drop-off day, marked cancelled, so the owner does not
-- wait for that car; it is not in the workshop on the days after. The clock is a parameter so that
-- what the agenda shows can be checked for any moment; owner_agenda is this at now().
-- Security invoker and without its own search_path (every name is qualified), so PostgreSQL
-- inlines it into the view's query: a filter on day reaches the days before the role of each day
-- is worked out, and the grants and row-level security of bookings apply to the caller.
create function public.owner_agenda_at(p_now timestamptz)
returns table (
  day text,
  role text,
  drop_off_local timestamp,
  ready_local timestamp,
  package text,
  car_size text,
  addons text,
  price numeric,
  customer_name text,
  customer_phone text,
  customer_email text,
  notes text,
  status public.owner_status,
  reference text,
  car_plate text,
  no_shows integer
)
language sql
stable
as $$
select public.owner_date_canonical(g.day) as day,
       r.role,
       (b.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0) as drop_off_local,
       (coalesce(b.new_ready_at, b.ready_at) at time zone 'Europe/Copenhagen')::timestamp(0) as ready_local,
       b.service_name as package,
       -- the job as booked (bookings.job): the size's and the add-ons' names then, the total price
       b.job ->> 'carSizeName' as car_size,
       public.owner_addon_names(b.job) as addons,
       b.price::numeric as price,
       b.customer_name,
       public.phone_display(b.customer_phone) as customer_phone,
       b.customer_email,
       b.notes,
       public.owner_status_of(b.status) as status,
       b.reference,
       b.car_plate,
       public.booking_no_shows(b.customer_phone, b.customer_email, p_now) as no_shows
  from public.bookings b
  -- the days of booking_days, written out so that a filter on day reaches them before the role of
  -- each day is worked out: a day's agenda works out the roles of that day's cars only
 cross join lateral (
   select d::date as day
     from pg_catalog.generate_series((b.drop_off_at at time zone 'Europe/Copenhagen')::date::timestamp,
                          (coalesce(b.new_ready_at, b.ready_at) at time zone 'Europe/Copenhagen')::date::timestamp,
                          interval '1 day') d
 ) g
 cross join lateral public.booking_day_role(b, g.day) r
 -- a car given a later ready time is still here after its planned one (bookings_new_ready_at_idx)
 where (b.ready_at >= ((p_now at time zone 'Europe/Copenhagen')::date)::timestamp
                      at time zone 'Europe/Copenhagen'
        or b.new_ready_at >= ((p_now at time zone 'Europe/Copenhagen')::date)::timestamp
                             at time zone 'Europe/Copenhagen')
   and g.day >= (p_now at time zone 'Europe/Copenhagen')::date
   -- a cancelled booking or a no-show shows on its drop-off day only; a collected car until the
   -- day it was collected
   and (b.status not in ('cancelled', 'no_show') or r.role in ('aflevering', 'aflevering og afhentning'))
   and (b.status <> 'collected'
        or g.day <= coalesce((b.status_changed_at at time zone 'Europe/Copenhagen')::date, g.day))
 order by g.day, r.at nulls last, b.reference;
$$;

comment on function public.owner_agenda_at(timestamptz) is
  'The rows of owner_agenda as seen at p_now (from p_now''s Copenhagen day on; the no-shows counted up to p_now). owner_agenda is owner_agenda_at(now()).';

revoke all on function public.owner_agenda_at(timestamptz) from public, anon, authenticated;
grant execute on function public.owner_agenda_at(timestamptz) to service_role;

-- security_invoker: the view runs with the caller's rights, so the grants and row-level security
-- of bookings apply (the Data API exposes views in public).
create view public.owner_agenda
with (security_invoker = true)
as
-- (a function's result columns carry no precision: the times are cast back to whole seconds)
select a.day, a.role, a.drop_off_local::timestamp(0) as drop_off_local,
       a.ready_local::timestamp(0) as ready_local, a.package, a.car_size, a.addons, a.price,
       a.customer_name, a.customer_phone,
       a.customer_email, a.notes, a.status, a.reference, a.car_plate, a.no_shows
  from public.owner_agenda_at(now()) a;

comment on view public.owner_agenda is
  'Bilerne i værkstedet, dag for dag, fra i dag (kun til at se, ikke rette). Én række pr. bil pr. dag, den er her: afleveres, arbejdes på, venter eller hentes. Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';
comment on column public.owner_agenda.day is
  'Dagen som år-måned-dag, f.eks. 2027-01-05 for 5. januar 2027. Filtrér med day equals og datoen skrevet sådan (05-01-2027 finder intet).';
comment on column public.owner_agenda.role is
  'Hvad der sker med bilen den dag: aflevering, arbejde, venter (lukket dag midt i jobbet), klar til afhentning, eller aflevering og afhentning (samme dag).';
comment on column public.owner_agenda.drop_off_local is
  'Hvornår kunden afleverer bilen (dansk tid).';
comment on column public.owner_agenda.ready_local is
  'Hvornår bilen er færdig og kan hentes (dansk tid); den nye færdigtid, når du har givet en.';
comment on column public.owner_agenda.package is 'Den bookede pakke.';
comment on column public.owner_agenda.car_size is
  'Bilens størrelse, f.eks. Almindelig personbil eller Stor bil (SUV, stationcar, 7-personers).';
comment on column public.owner_agenda.addons is
  'De bookede tilvalg, f.eks. Motorvask, Ozonbehandling (tom, når der ingen er).';
comment on column public.owner_agenda.price is
  'Hele prisen i kroner inkl. moms: pakken til bilens størrelse plus tilvalgene, som den blev booket.';
comment on column public.owner_agenda.customer_name is 'Kundens navn.';
comment on column public.owner_agenda.customer_phone is 'Kundens telefonnummer, f.eks. +45 20 11 22 33.';
comment on column public.owner_agenda.customer_email is
  'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';
comment on column public.owner_agenda.notes is 'Kundens eller dine bemærkninger.';
comment on column public.owner_agenda.status is
  'bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst (tiden er ledig igen). En aflyst booking og en udeblevet kunde vises kun på afleveringsdagen. Ret status i owner_bookings.';
comment on column public.owner_agenda.reference is
  'Bookingnummer (står i kundens bekræftelsesmail).';
comment on column public.owner_agenda.car_plate is 'Bilens nummerplade (valgfri).';
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

-- closing a day over bookings --------------------------------------------------------------------

-- one booking as the owner names it when a closing touches it
create function public.booking_owner_line(p_booking public.bookings)
returns text
language sql
stable
set search_path = ''
as $$
  select format('%s %s %s (aflevering %s kl. %s, klar %s kl. %s)',
    p_booking.reference, p_booking.customer_name, public.phone_display(p_booking.customer_phone),
    public.owner_day_text((p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(p_booking.drop_off_at),
    public.owner_day_text((p_booking.ready_at at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(p_booking.ready_at));
$$;

comment on function public.booking_owner_line(public.bookings) is
  'A booking in one line for the owner: reference, customer name, phone, drop-off and ready time (Danish words, Copenhagen time).';

revoke all on function public.booking_owner_line(public.bookings) from public, anon, authenticated;

create function public.closed_days_affected(p_from date, p_to date)
returns setof public.bookings
language sql
stable
security definer
set search_path = ''
as $$
  -- a booking is affected when its car is dropped off, worked on or picked up on one of the days
  -- (booking_days); a car only waiting over a day the workshop was closed anyway is not. The
  -- engine's own instants are read (the index on ready_at), never the owner's typed columns. A job
  -- already over has nothing left to move (a day closed afterwards, for the record).
  select b.*
    from public.bookings b
   where b.status in ('confirmed', 'arrived', 'ready')
     and b.ready_at > now()
     and b.ready_at >= p_from::timestamp at time zone 'Europe/Copenhagen'
     and b.drop_off_at < (p_to + 1)::timestamp at time zone 'Europe/Copenhagen'
     and exists (select 1 from public.booking_days(b) d
                  where d.day between p_from and p_to and d.role <> 'venter');
$$;

comment on function public.closed_days_affected(date, date) is
  'The bookings not over yet (confirmed, or the car arrived or ready) that are dropped off, worked on or picked up between two Copenhagen days (inclusive): those a closing of the days leaves for the owner to move or cancel.';

revoke all on function public.closed_days_affected(date, date) from public, anon, authenticated;

create function public.closed_days_bookings(p_from date, p_to date)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
           'Flyt eller aflys i owner_bookings: '
             || string_agg(public.booking_owner_line(b), '; ' order by b.drop_off_at, b.reference),
           'Ingen bookinger.')
    from public.closed_days_affected(p_from, p_to) b;
$$;

comment on function public.closed_days_bookings(date, date) is
  'The bookings a closing of the days touches (closed_days_affected) in one Danish text for the owner (booking_owner_line, by drop-off), or Ingen bookinger.';

revoke all on function public.closed_days_bookings(date, date) from public, anon, authenticated;

create function public.closed_dates_name_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- last_day is still given (this trigger runs before closed_dates_expand_period, which empties it)
  v_day date := new.day;
  v_to date := greatest(v_day, coalesce(new.last_day, v_day));
  v_bookings jsonb;
begin
  if v_day is null then
    return new; -- closed_dates_expand_period refuses the empty day in Danish
  end if;
  -- the saved row is what the Table Editor shows the owner after the edit: it names the bookings
  -- on the day, and on a period's first row those of the whole period (this trigger runs before
  -- closed_dates_expand_period, by name, so it still sees last_day). The closing itself is kept:
  -- new bookings stop at once, and the owner moves or cancels the named ones.
  new.affected_bookings := public.closed_days_bookings(v_day, v_to);

  -- and one e-mail per closing, to keep as a list to work through: the owner's own edit (depth 1;
  -- a period's other days are inserted by closed_dates_expand_period, below it), a new row or a
  -- changed day, never a save of the reason alone
  if pg_trigger_depth() = 1
     and (tg_op = 'INSERT' or v_day is distinct from old.day
          or new.last_day is not null) then
    select jsonb_agg(public.booking_summary(b) - 'price'
                     || jsonb_build_object('customerName', b.customer_name,
                                           'customerPhone', b.customer_phone)
                     order by b.drop_off_at, b.reference)
      into v_bookings
      from public.closed_days_affected(v_day, v_to) b;
    if v_bookings is not null then
      insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
      values (null, 'owner_notification', null,
              jsonb_build_object('alert', 'closed_day', 'from', v_day::text, 'to', v_to::text,
                                 'bookings', v_bookings),
              'owner_alert:closed_day:' || gen_random_uuid(), now());
    end if;
  end if;
  return new;
end;
$$;

comment on function public.closed_dates_name_bookings() is
  'Trigger function: fills closed_dates.affected_bookings with the bookings on the closed day, or on the whole period when last_day is given (closed_days_bookings), on every insert and update; a new closing (or a changed day) with bookings also queues the owner one e-mail listing them (kind owner_notification, payload.alert closed_day).';

revoke all on function public.closed_dates_name_bookings() from public, anon, authenticated;

create trigger closed_dates_affected_bookings
  before insert or update on public.closed_dates
  for each row execute function public.closed_dates_name_bookings();

create function public.bookings_off_hours(p_days date[], p_weekdays integer[])
returns text
language sql
stable
security definer
set search_path = ''
as $$
  -- a future booking with work on one of the days (or weekdays) that no longer lies within the
  -- day's opening hours (closed, or shorter); booking_day_hours reads opening_hours, open_dates and
  -- closed_dates as they are now, in the statement that changed them. The buffer after a job may
  -- run past closing, so the work is compared up to the ready time.
  select string_agg(public.booking_owner_line(b), '; ' order by b.drop_off_at, b.reference)
    from public.bookings b
   where b.status in ('confirmed', 'arrived', 'ready')
     and b.ready_at > now()
     and exists (
       select 1
         from public.booking_work_periods w
        where w.booking_id = b.id
          and w.active
          and upper(w.period) > now()
          and ((lower(w.period) at time zone 'Europe/Copenhagen')::date = any(p_days)
               or extract(isodow from lower(w.period) at time zone 'Europe/Copenhagen')::integer
                  = any(p_weekdays))
          and not exists (
            select 1
              from public.booking_day_hours((lower(w.period) at time zone 'Europe/Copenhagen')::date) h
             where lower(w.period) >= h.opens_at
               and least(upper(w.period), b.ready_at) <= h.closes_at));
$$;

comment on function public.bookings_off_hours(date[], integer[]) is
  'The future bookings (confirmed, or the car arrived or ready) with work on one of the days or ISO weekdays that now lies outside that day''s opening hours, in one Danish text for the owner (booking_owner_line, by drop-off), or null. What opening_hours and open_dates refuse a change by.';

revoke all on function public.bookings_off_hours(date[], integer[]) from public, anon, authenticated;

create function public.opening_hours_keep_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_weekday integer := coalesce(new.weekday, old.weekday);
  v_list text := public.bookings_off_hours('{}',
    array_remove(array[old.weekday::integer, new.weekday::integer], null));
begin
  if v_list is not null then
    raise exception 'Åbningstiden kan ikke %: der er bookinger om %en, som så ligger uden for åbningstiden: %. Flyt eller aflys dem først i owner_bookings, og ret så åbningstiden igen. Vil du stoppe nye bookinger med det samme, så luk de enkelte dage i closed_dates.',
      case tg_op when 'DELETE' then 'slettes' else 'ændres' end,
      (array['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'])[v_weekday],
      v_list
      using errcode = 'check_violation';
  end if;
  return null;
end;
$$;

comment on function public.opening_hours_keep_bookings() is
  'Trigger function: refuses, in Danish and naming them (bookings_off_hours), a change or delete of opening_hours that leaves a future booking''s work outside the weekday''s hours.';

revoke all on function public.opening_hours_keep_bookings() from public, anon, authenticated;

create trigger opening_hours_keep_bookings
  after update or delete on public.opening_hours
  for each row execute function public.opening_hours_keep_bookings();

create function public.open_dates_keep_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_list text := public.bookings_off_hours(array_remove(array[old.day, new.day], null), '{}');
  v_day date := coalesce(new.day, old.day);
begin
  if v_list is not null then
    raise exception 'open_dates for den % kan ikke %: der er bookinger, som så ligger uden for åbningstiden: %. Flyt eller aflys dem først i owner_bookings.',
      public.owner_day_text(v_day),
      case tg_op when 'DELETE' then 'slettes' else 'ændres sådan' end,
      v_list
      using errcode = 'check_violation';
  end if;
  -- a row that opens nothing is a mistake the owner would not see: the day stays closed
  if tg_op <> 'DELETE' and not exists (select 1 from public.booking_day_hours(new.day)) then
    if exists (select 1 from public.closed_dates c where c.day = new.day) then
      raise exception 'Den % står i closed_dates, og en lukket dag forbliver lukket. Slet dagen i closed_dates, hvis den skal være åben.',
        public.owner_day_text(new.day) using errcode = 'check_violation';
    end if;
    raise exception 'Den % har ingen normale åbningstider, så tomme tider åbner ikke dagen. Skriv opens_at og closes_at, f.eks. 10:00 og 14:00.',
      public.owner_day_text(new.day) using errcode = 'check_violation';
  end if;
  return null;
end;
$$;

comment on function public.open_dates_keep_bookings() is
  'Trigger function: refuses in Danish an open_dates change or delete that leaves a future booking''s work outside the day''s hours (naming them, bookings_off_hours), and a row that opens nothing (the day in closed_dates, or empty times on a day without normal hours).';

revoke all on function public.open_dates_keep_bookings() from public, anon, authenticated;

create trigger open_dates_keep_bookings
  after insert or update or delete on public.open_dates
  for each row execute function public.open_dates_keep_bookings();

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
  select coalesce(jsonb_agg(public.booking_summary(b) || public.booking_contact(b) || jsonb_build_object(
           'status', b.status,
           'statusText', public.booking_status_text(b.status),
           'noShows', public.booking_no_shows(b.customer_phone, b.customer_email, p_now),
           -- the new ready time when the owner gave one (booking_summary has the planned one)
           'readyAt', public.copenhagen_iso(coalesce(b.new_ready_at, b.ready_at)),
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
  'The bookings of the owner''s calendar feed (owner-calendar function): jobs not over more than 7 days ago, cancelled ones included, with customer details, the job as booked (booking_summary''s job: the car size and add-ons), work periods, the ready time (the new one when the owner gave one), the status in Danish (statusText) and the contact''s no-shows in the last 12 months (noShows).';

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
    -- a cancellation the customer has not been sent yet (inside the owner's undo window) is undone
    -- instead (bookings_queue_reconfirmation): no e-mail, and the links the customer has keep working
    if public.booking_reconfirm_notifies(new)
       and not exists (select 1 from public.email_outbox o
                        where o.booking_id = new.id and o.kind = 'cancellation_confirmation'
                          and o.status = 'pending' and o.next_attempt_at > now()) then
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
  -- the owner took back a cancellation the customer has not been sent yet: neither goes out
  if public.owner_message_undone(new.id, 'cancellation_confirmation', 'aflysningen blev fortrudt') then
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
          'booking_reconfirmed:' || new.id || ':' || new.ics_sequence, public.owner_message_at(now()))
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
