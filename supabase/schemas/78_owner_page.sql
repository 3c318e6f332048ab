-- The owner's page (/ejer): who the owner is, and the calls the page makes through the Data API.
--
-- Rules that live here:
-- - who may use the page is data: public.owners, a list of e-mail addresses the owner keeps in
--   Studio (only the service role reads or changes it); Supabase Auth gives a token only to an
--   address on it (owner_access_token_hook), and every call checks the list again at that moment
--   (owner_required), so an address taken off the list is refused at its next call, while its
--   token is still valid;
-- - every call of the page is a thin wrapper: the owner check, then an internal *_at function that
--   takes the clock (p_now; the API never lets a caller pick it) and uses the booking engine's own
--   functions (booking_set_status, owner_book, owner_move, owner_cancel, owner_agenda_at,
--   booking_day_role, booking_no_shows, booking_calendar, get_available_slots, owner_job); no rule
--   of the engine is written again here;
-- - the days and times the page offers are those of the job asked about (the package, the car size,
--   the add-ons: owner_job's minutes), or, for a move, of the booking's own job as booked with its
--   own time free;
-- - a car is one JSON shape (owner_car) wherever the page gets one; times are ISO 8601 with the
--   Copenhagen offset;
-- - a status tap names the status the page showed (p_from): the same tap twice changes nothing the
--   second time, a status changed meanwhile elsewhere is refused with HTTP 409 (SQLSTATE PT409);
-- - a phone booking carries the page's request id: the same id twice is one booking, also when the
--   two calls race (a transaction lock on the id, and the unique bookings.idempotency_key);
-- - every refusal is Danish and has a 4xx status: a booking that is not there is PT404, a time
--   taken meanwhile PT409, the engine's own refusals keep their codes (400).

-- the owner list ----------------------------------------------------------------------------------

create table public.owners (
  email text not null,
  name text not null default '',
  constraint owners_pkey primary key (email),
  -- owners_tidy writes it so (and refuses in Danish what is not an address); this is the backstop
  constraint owners_email_check check (email = lower(btrim(email)) and char_length(email) <= 254)
);

comment on table public.owners is
  'Hvem der kan logge ind på ejersiden (/ejer): én række pr. e-mailadresse. Tilføj en ejer: opret brugeren under Authentication → Users → Add user (samme e-mailadresse, Auto Confirm User), og indsæt en række her. Fjern en ejer: slet rækken; adgangen stopper ved næste tryk på siden.';
comment on column public.owners.email is
  'Ejerens e-mailadresse, den samme som brugeren i Authentication. Gemmes med små bogstaver og uden mellemrum.';
comment on column public.owners.name is 'Ejerens navn (valgfrit), som siden hilser med.';

create function public.owners_tidy()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- the address is compared with the token's e-mail, which Auth stores in lower case
  new.email := lower(btrim(coalesce(new.email, '')));
  new.name := btrim(coalesce(new.name, ''));
  if new.email = '' then
    raise exception 'Skriv ejerens e-mailadresse i email.' using errcode = 'not_null_violation';
  end if;
  if char_length(new.email) > 254
     or new.email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$' then
    raise exception '"%" er ikke en e-mailadresse. Skriv adressen, ejeren logger ind med, f.eks. ejer@glanspunkt.dk.', new.email
      using errcode = 'check_violation';
  end if;
  -- the same address typed another way is the same owner (the primary key would say it in English)
  if (tg_op = 'INSERT' or new.email <> old.email)
     and exists (select 1 from public.owners o where o.email = new.email) then
    raise exception '% står allerede på listen.', new.email using errcode = 'unique_violation';
  end if;
  return new;
end;
$$;

comment on function public.owners_tidy() is
  'Trigger function: stores an owner''s address lower case and trimmed, and refuses in Danish one that is not an e-mail address or is on the list already.';

revoke all on function public.owners_tidy() from public, anon, authenticated;

create trigger owners_tidy
  before insert or update on public.owners
  for each row execute function public.owners_tidy();

-- "select all rows -> Delete" in Studio would lock every owner out at once
create trigger refuse_truncate
  before truncate on public.owners
  for each statement execute function public.refuse_truncate();

alter table public.owners enable row level security;
-- no policy: only the service role (Studio, scripts) and postgres read or change the list
revoke all on table public.owners from anon, authenticated;

-- the check every call makes first ----------------------------------------------------------------

create function public.owner_required()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_role text := auth.role();
  v_email text := lower(btrim(auth.jwt() ->> 'email'));
begin
  -- the secret key reaches every table and the engine's functions anyway (Studio, scripts):
  -- refusing it here would protect nothing. It has no address, so the answer is null.
  if v_role = 'service_role' then
    return null;
  end if;
  if v_role is distinct from 'authenticated' then
    raise exception 'Log ind som ejer for at bruge ejersiden.' using errcode = 'insufficient_privilege';
  end if;
  -- read at this moment: an address taken off the list is refused although its token is valid
  if coalesce(v_email, '') = ''
     or not exists (select 1 from public.owners o where o.email = v_email) then
    raise exception 'Din e-mailadresse har ikke adgang til ejersiden. Spørg ejeren, om den skal på listen.'
      using errcode = 'insufficient_privilege';
  end if;
  return v_email;
end;
$$;

comment on function public.owner_required() is
  'The owner check every call of the /ejer page makes first: the caller''s token is role authenticated and its e-mail is in owners now (else SQLSTATE 42501, Danish; PostgREST answers 403, 401 without a signed-in user); returns that address. The service role passes (null): it reaches everything behind these calls anyway.';

revoke all on function public.owner_required() from public, anon, authenticated;

-- Supabase Auth's custom access token hook --------------------------------------------------------

create function public.owner_access_token_hook(event jsonb)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- every token Auth issues (sign-in and every refresh) passes here: only an address on the list
  -- gets one, so a removed owner's session ends at its next refresh at the latest
  if exists (select 1 from public.owners o
              where o.email = lower(btrim(event -> 'claims' ->> 'email'))) then
    return jsonb_build_object('claims', event -> 'claims');
  end if;
  return jsonb_build_object('error', jsonb_build_object(
    'http_code', 403,
    'message', 'Denne e-mailadresse har ikke adgang til ejersiden.'));
end;
$$;

comment on function public.owner_access_token_hook(jsonb) is
  'Supabase Auth''s custom access token hook (config.toml [auth.hook.custom_access_token]): {claims} unchanged for an address in owners, else {error: {http_code: 403, message}} in Danish, so Auth issues no token to anyone else. Called by supabase_auth_admin only.';

revoke all on function public.owner_access_token_hook(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.owner_access_token_hook(jsonb) to supabase_auth_admin;

-- the undo window of a tap ------------------------------------------------------------------------

-- The status a tap on the page changed from, while the customer's message of it still waits
-- (owner_message_at): the page offers to go back. Only the last tap of a booking is kept.
create table public.booking_status_undo (
  booking_id uuid not null,
  from_status text not null,
  to_status text not null,
  until timestamptz not null,
  constraint booking_status_undo_pkey primary key (booking_id),
  constraint booking_status_undo_booking_id_fkey
    foreign key (booking_id) references public.bookings (id) on delete cascade
);

comment on table public.booking_status_undo is
  'Teknisk: den sidste status, du har ændret på ejersiden pr. booking, så siden kan tilbyde Fortryd, indtil kunden får besked (owner_message_delay_minutes). Ret ikke her.';
comment on column public.booking_status_undo.booking_id is 'Bookingen.';
comment on column public.booking_status_undo.from_status is 'Status før trykket.';
comment on column public.booking_status_undo.to_status is 'Status efter trykket.';
comment on column public.booking_status_undo.until is 'Hvornår Fortryd ikke længere tilbydes.';

alter table public.booking_status_undo enable row level security;
revoke all on table public.booking_status_undo from anon, authenticated;

-- a car as the page shows it ----------------------------------------------------------------------

create function public.owner_car_day(p_booking public.bookings, p_now timestamptz)
returns date
language plpgsql
stable
set search_path = ''
as $$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
begin
  -- the day it is on when that is today (a car in the workshop), else its drop-off day
  if v_today between (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date
                 and (coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen')::date then
    return v_today;
  end if;
  return (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date;
end;
$$;

comment on function public.owner_car_day(public.bookings, timestamptz) is
  'The Copenhagen day a single car is shown for on the owner page: today when the car is at the workshop today, else its drop-off day.';

revoke all on function public.owner_car_day(public.bookings, timestamptz) from public, anon, authenticated;

create function public.owner_car_next(p_booking public.bookings, p_now timestamptz)
returns text[]
language plpgsql
stable
set search_path = ''
as $$
begin
  -- one tap goes forward only (a correction is the undo, or owner_bookings in Studio), along the
  -- engine's transitions and not before the engine allows it. PL/pgSQL: its plan is kept for the
  -- session (an SQL function with SET is planned again for every car of the day)
  return (select coalesce(array_agg(s.status order by s.ord), '{}')
            from unnest(case p_booking.status
                          when 'confirmed' then array['arrived', 'no_show']
                          when 'arrived' then array['ready']
                          when 'ready' then array['collected']
                          else array[]::text[] end) with ordinality s(status, ord)
           where s.status = any(public.booking_status_next(p_booking.status))
             and public.booking_status_too_early(p_booking, s.status, p_now) is null);
end;
$$;

comment on function public.owner_car_next(public.bookings, timestamptz) is
  'The statuses one tap on the owner page may set now: forward only (confirmed to arrived or no_show, arrived to ready, ready to collected), as booking_status_next and booking_status_too_early allow at p_now.';

revoke all on function public.owner_car_next(public.bookings, timestamptz) from public, anon, authenticated;

create function public.owner_car_of(
  p_booking public.bookings,
  p_role text,
  p_at timestamptz,
  p_now timestamptz
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- PL/pgSQL: its plan is kept for the session (an SQL function with SET is planned again for
  -- every car of the day)
  return (select jsonb_build_object(
    'id', p_booking.id,
    'reference', p_booking.reference,
    'role', p_role,
    'at', public.copenhagen_iso(p_at),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'ready', public.copenhagen_iso(coalesce(p_booking.new_ready_at, p_booking.ready_at)),
    'package', p_booking.service_name,
    'serviceId', p_booking.service_id,
    -- the job as booked (bookings.job): the size, the add-ons and the total price
    'carSize', p_booking.car_size,
    'carSizeName', p_booking.job ->> 'carSizeName',
    'addons', coalesce(p_booking.job -> 'addons', '[]'::jsonb),
    'price', p_booking.price,
    'customerName', p_booking.customer_name,
    'phone', p_booking.customer_phone,
    'phoneDisplay', public.phone_display(p_booking.customer_phone),
    'email', p_booking.customer_email,
    'carPlate', p_booking.car_plate,
    'notes', p_booking.notes,
    'status', p_booking.status,
    'statusText', public.booking_status_text(p_booking.status),
    'noShows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email, p_now),
    'source', p_booking.source,
    'next', to_jsonb(n.next),
    -- a tap to ready tells the customer (booking_queue_car_ready: once per booking, only with an
    -- address and the setting on): the page asks before that tap
    'nextNotifies', to_jsonb(array(
      select s from unnest(n.next) s
       where s = 'ready' and public.booking_car_message_notifies(p_booking)
         and not exists (select 1 from public.email_outbox o
                          where o.idempotency_key = 'car_ready:' || p_booking.id
                            and o.status in ('sending', 'sent')))),
    'undo', (select jsonb_build_object('status', u.from_status, 'until', public.copenhagen_iso(u.until))
               from public.booking_status_undo u
              where u.booking_id = p_booking.id and u.to_status = p_booking.status and u.until > p_now),
    'messages', coalesce((
      select jsonb_agg(jsonb_build_object(
               'kind', o.kind,
               'channel', case when o.kind like 'sms\_%' then 'sms' else 'email' end,
               -- a message being handed to the provider right now is still on its way
               'status', case when o.status = 'sending' then 'pending' else o.status end,
               'due', case when o.status in ('pending', 'sending') then public.copenhagen_iso(o.next_attempt_at) end,
               'sentAt', public.copenhagen_iso(o.sent_at))
             order by o.created_at, o.kind)
        from public.email_outbox o
       where o.booking_id = p_booking.id
         and o.kind not in ('owner_notification', 'owner_cancellation', 'owner_booking_moved', 'owner_agenda')),
      '[]'::jsonb))
    from (select public.owner_car_next(p_booking, p_now) as next) n);
end;
$$;

comment on function public.owner_car_of(public.bookings, text, timestamptz, timestamptz) is
  'A booking as the owner page shows it, given its role and time on the day shown (booking_day_role; the Car of the page''s contract): drop-off and ready time (ISO, Copenhagen offset), package, the job as booked (carSize, carSizeName, addons [{id, name, price, minutes}], price: the total), customer, status in Danish, no-shows (booking_no_shows), the taps allowed now (next; nextNotifies: those that message the customer), the undo of the last tap while its window lasts, and the customer''s messages (email_outbox, e-mail and SMS) with their state.';

revoke all on function public.owner_car_of(public.bookings, text, timestamptz, timestamptz)
  from public, anon, authenticated;

create function public.owner_car(p_booking public.bookings, p_day date, p_now timestamptz)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select public.owner_car_of(p_booking, r.role, r.at, p_now)
            from public.booking_day_role(p_booking, p_day) r);
end;
$$;

comment on function public.owner_car(public.bookings, date, timestamptz) is
  'A booking as the owner page shows it on a day: owner_car_of with its role and time that day (booking_day_role).';

revoke all on function public.owner_car(public.bookings, date, timestamptz) from public, anon, authenticated;

create function public.owner_booking_found(p_booking_id uuid)
returns public.bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    raise exception 'Bookingen findes ikke (længere). Opdater siden.' using errcode = 'PT404';
  end if;
  return v_booking;
end;
$$;

comment on function public.owner_booking_found(uuid) is
  'The booking a call of the owner page names, locked for the change; a missing (or anonymised) one is refused in Danish with HTTP 404 (PT404), not with the engine''s no_data_found (a 500 through the Data API).';

revoke all on function public.owner_booking_found(uuid) from public, anon, authenticated;

-- the internal functions (the clock a parameter) --------------------------------------------------

create function public.owner_day_at(p_day date, p_now timestamptz)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
-- the planner's guess for the agenda's rows made it compile (JIT) the page's main read each time
set jit = off
as $$
declare
  v_result jsonb;
begin
  if p_day is null then
    raise exception 'Vælg en dag.' using errcode = 'invalid_parameter_value';
  end if;
  -- owner_agenda_at is the engine's answer to which cars a day has (a cancelled booking and a
  -- no-show on their drop-off day only, a collected car until it left); it shows the days from its
  -- clock's day on, so a past day is asked as at its own midnight
  select jsonb_build_object(
           'day', to_char(p_day, 'YYYY-MM-DD'),
           'dayText', (array['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'])
                        [extract(isodow from p_day)::int]
                      || ' ' || regexp_replace(public.owner_day_text(p_day), ' [0-9]+$', ''),
           'now', public.copenhagen_iso(p_now),
           -- no row when closed: null
           'hours', (select jsonb_build_object('opens', public.owner_time_text(h.opens_at),
                                               'closes', public.owner_time_text(h.closes_at))
                       from public.booking_day_hours(p_day) h),
           -- who waits for a free time that day ("Skriv mig op", 88_waitlist.sql)
           'waitlist', public.owner_day_waitlist(p_day),
           'cars', coalesce((
             select jsonb_agg(public.owner_car_of(b, r.role, r.at, p_now) order by r.at nulls last, b.reference)
               from public.owner_agenda_at(
                      least(p_now, p_day::timestamp at time zone 'Europe/Copenhagen')) a
               join public.bookings b on b.reference = a.reference
              cross join lateral public.booking_day_role(b, p_day) r
              where a.day = public.owner_date_canonical(p_day)), '[]'::jsonb))
    into v_result;
  return v_result;
end;
$$;

comment on function public.owner_day_at(date, timestamptz) is
  'The owner page''s day as seen at p_now: {day, dayText (Danish), now, hours {opens, closes} or null when closed, waitlist: [{email, phone} of those still waiting for a free time that day, owner_day_waitlist], cars: [owner_car]} of the cars owner_agenda_at shows that day, by their time that day.';

revoke all on function public.owner_day_at(date, timestamptz) from public, anon, authenticated;

create function public.owner_set_status_at(
  p_booking uuid,
  p_status text,
  p_from text,
  p_now timestamptz
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := public.owner_booking_found(p_booking);
  v_undo public.booking_status_undo;
  v_changed boolean := false;
  v_notifies boolean := false;
  v_car jsonb;
begin
  if p_from is null then
    raise exception 'Siden skal sende den status, den viste. Opdater siden, og prøv igen.'
      using errcode = 'invalid_parameter_value';
  end if;
  if v_booking.status = p_status then
    null; -- the same tap again (or it already is so): nothing changes, nothing is sent again
  elsif v_booking.status is distinct from p_from then
    raise exception 'Bookingen % er i mellemtiden sat til %. Siden viser nu, hvordan den står; tryk igen, hvis du stadig vil ændre den.',
      v_booking.reference, public.booking_status_text(v_booking.status)
      using errcode = 'PT409';
  else
    select * into v_undo from public.booking_status_undo u
     where u.booking_id = v_booking.id and u.to_status = v_booking.status and u.until > p_now;
    v_booking := public.booking_set_status(v_booking.id, p_status, p_now);
    v_changed := true;
    if v_undo.from_status = p_status then
      -- the undo itself: nothing to undo after it (the engine held the customer's message back)
      delete from public.booking_status_undo u where u.booking_id = v_booking.id;
    elsif public.owner_message_at(p_now) > p_now then
      insert into public.booking_status_undo (booking_id, from_status, to_status, until)
      values (v_booking.id, p_from, p_status, public.owner_message_at(p_now))
      on conflict (booking_id) do update
        set from_status = excluded.from_status, to_status = excluded.to_status, until = excluded.until;
    else
      delete from public.booking_status_undo u where u.booking_id = v_booking.id;
    end if;
    -- a customer message this change queued (it waits out the undo window)
    v_notifies := exists (
      select 1 from public.email_outbox o
       where o.booking_id = v_booking.id and o.status = 'pending'
         and o.next_attempt_at = public.owner_message_at(p_now)
         and o.kind not in ('owner_notification', 'owner_cancellation', 'owner_booking_moved', 'owner_agenda'));
  end if;
  v_car := public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now);
  return jsonb_build_object('changed', v_changed, 'car', v_car, 'undo', v_car -> 'undo',
                            'notifies', v_notifies);
end;
$$;

comment on function public.owner_set_status_at(uuid, text, text, timestamptz) is
  'A status tap of the owner page at p_now: p_from is the status the page showed. Already p_status: {changed: false} (a double tap). Another status than p_from: refused with PT409 (HTTP 409) in Danish. Else booking_set_status (its refusals stand), and the tap is kept for its undo while the customer''s message waits (owner_message_at); the undo (back to undo.status with p_from the current status) is a change like any other, and inside the window the engine holds the message back. Returns {changed, car, undo, notifies (a customer message was queued)}.';

revoke all on function public.owner_set_status_at(uuid, text, text, timestamptz)
  from public, anon, authenticated;

create function public.owner_page_job(p_service_id uuid, p_car_size text, p_addon_ids uuid[])
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_service public.services;
begin
  select * into v_service from public.services s where s.id = p_service_id;
  if not found then
    raise exception 'Vælg en gyldig service.' using errcode = 'invalid_parameter_value';
  end if;
  -- the owner's booking's own answer (owner_job: Danish, naming the size or add-on)
  return public.owner_job(v_service, jsonb_populate_record(null::public.booking_request,
    jsonb_build_object('car_size', p_car_size, 'addon_ids', p_addon_ids)));
end;
$$;

comment on function public.owner_page_job(uuid, text, uuid[]) is
  'The job (booking_job) the owner page asks days and times for: a package by id with a car size and add-ons, or the Danish refusal the phone booking would give (owner_job; an unknown package: Vælg en gyldig service.).';

revoke all on function public.owner_page_job(uuid, text, uuid[]) from public, anon, authenticated;

create function public.owner_page_moved(p_booking uuid)
returns public.bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings b where b.id = p_booking and b.anonymised_at is null;
  if not found then
    raise exception 'Bookingen findes ikke (længere). Opdater siden.' using errcode = 'PT404';
  end if;
  return v_booking;
end;
$$;

comment on function public.owner_page_moved(uuid) is
  'The booking the owner page is moving, for its days and times (not locked: they are only read); a missing (or anonymised) one is refused in Danish with HTTP 404 (PT404).';

revoke all on function public.owner_page_moved(uuid) from public, anon, authenticated;

create function public.owner_calendar_at(
  p_service_id uuid,
  p_now timestamptz,
  p_car_size text default null,
  p_addon_ids uuid[] default null,
  p_booking uuid default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
begin
  if p_booking is not null then
    -- a move keeps the job as booked: its own length, its own time free
    v_booking := public.owner_page_moved(p_booking);
    return public.booking_calendar(v_booking.service_id, p_now, v_booking.id, true,
                                   v_booking.duration_minutes);
  end if;
  return public.booking_calendar(p_service_id, p_now, null, true,
    (public.owner_page_job(p_service_id, p_car_size, p_addon_ids) ->> 'minutes')::integer);
end;
$$;

comment on function public.owner_calendar_at(uuid, timestamptz, text, uuid[], uuid) is
  'The owner page''s booking calendar at p_now: booking_calendar in the owner''s window (from today) for a job (owner_page_job: the package, p_car_size, p_addon_ids; refused in Danish when it cannot be booked), or, with p_booking, for moving that booking (its job as booked, its own time free; PT404 when it is gone).';

revoke all on function public.owner_calendar_at(uuid, timestamptz, text, uuid[], uuid)
  from public, anon, authenticated;

create function public.owner_available_slots_at(
  p_service_id uuid,
  p_day date,
  p_now timestamptz,
  p_car_size text default null,
  p_addon_ids uuid[] default null,
  p_booking uuid default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_result jsonb;
begin
  if p_booking is not null then
    -- a move keeps the job as booked: its own length, its own time free
    v_booking := public.owner_page_moved(p_booking);
    v_result := public.get_available_slots(v_booking.service_id, p_day, p_now, v_booking.id, true);
  else
    perform public.owner_page_job(p_service_id, p_car_size, p_addon_ids);
    v_result := public.get_available_slots(p_service_id, p_day, p_now, null, true, p_car_size,
                                           p_addon_ids);
  end if;
  if v_result ? 'error' then
    raise exception 'Vælg en gyldig service.' using errcode = 'invalid_parameter_value';
  end if;
  return v_result;
end;
$$;

comment on function public.owner_available_slots_at(uuid, date, timestamptz, text, uuid[], uuid) is
  'The free drop-off times of a day for the owner page at p_now: get_available_slots in the owner''s window (today included, only times after p_now), {slots, readyAt}, for a job (the package, p_car_size, p_addon_ids; refused in Danish as the phone booking would be, owner_page_job) or, with p_booking, for moving that booking (its job as booked, its own time free; PT404 when it is gone).';

revoke all on function public.owner_available_slots_at(uuid, date, timestamptz, text, uuid[], uuid)
  from public, anon, authenticated;

create function public.owner_customer_no_shows_at(p_phone text, p_email text, p_now timestamptz)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'noShows', n.n,
    'warning', case when n.n > 0 then
      format('Kunden er udeblevet %s %s de seneste 12 måneder. Overvej at bede kunden bekræfte tiden dagen før.',
             n.n, case when n.n = 1 then 'gang' else 'gange' end) end)
    from (select public.booking_no_shows(p_phone, p_email, p_now) as n) n;
$$;

comment on function public.owner_customer_no_shows_at(text, text, timestamptz) is
  'How often a phone number or e-mail address did not turn up in the 12 months before p_now (booking_no_shows), with the owner''s Danish warning when at least once: {noShows, warning}.';

revoke all on function public.owner_customer_no_shows_at(text, text, timestamptz)
  from public, anon, authenticated;

create function public.owner_time_of(p_time text)
returns time
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_time is null or p_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    raise exception 'Vælg et gyldigt tidspunkt.' using errcode = 'invalid_parameter_value';
  end if;
  return p_time::time;
end;
$$;

comment on function public.owner_time_of(text) is
  'A drop-off time HH:MM of the owner page, or a Danish refusal.';

revoke all on function public.owner_time_of(text) from public, anon, authenticated;

create function public.owner_phone_booking_at(
  p_request_id uuid,
  p_service_id uuid,
  p_date date,
  p_time text,
  p_customer_name text,
  p_customer_phone text,
  p_customer_email text,
  p_car_plate text,
  p_notes text,
  p_now timestamptz,
  p_car_size text default null,
  p_addon_ids uuid[] default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_key text := 'owner:' || p_request_id;
  v_package text;
  v_booking public.bookings;
begin
  if p_request_id is null then
    raise exception 'Bookingen mangler sit id fra siden. Genindlæs siden, og prøv igen.'
      using errcode = 'invalid_parameter_value';
  end if;
  if p_date is null then
    raise exception 'Vælg en gyldig dato.' using errcode = 'invalid_parameter_value';
  end if;
  -- the same request twice waits here for the first; its booking (committed by then) is the answer
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended(v_key, 0));
  select * into v_booking from public.bookings b where b.idempotency_key = v_key;
  if found then
    return jsonb_build_object('created', false,
      'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
  end if;

  select s.name into v_package from public.services s where s.id = p_service_id;
  if v_package is null then
    raise exception 'Vælg en gyldig service.' using errcode = 'invalid_parameter_value';
  end if;
  begin
    v_booking := public.owner_book(v_package,
      jsonb_populate_record(null::public.booking_request, jsonb_build_object(
        'booking_date', p_date,
        'booking_time', public.owner_time_of(p_time),
        'customer_name', p_customer_name,
        'customer_phone', p_customer_phone,
        'customer_email', coalesce(p_customer_email, ''),
        'car_plate', coalesce(p_car_plate, ''),
        'notes', coalesce(p_notes, ''),
        'car_size', p_car_size,
        'addon_ids', p_addon_ids)),
      p_now);
  exception when exclusion_violation then
    -- the time was taken: a conflict, as the online form answers it
    raise exception '%', sqlerrm using errcode = 'PT409';
  end;
  -- the page's request id, as the form's idempotency key (unique: the backstop of the lock)
  update public.bookings b set idempotency_key = v_key where b.id = v_booking.id
  returning * into v_booking;
  return jsonb_build_object('created', true,
    'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
end;
$$;

comment on function public.owner_phone_booking_at(uuid, uuid, date, text, text, text, text, text, text, timestamptz, text, uuid[]) is
  'A phone booking from the owner page at p_now: owner_book (the owner''s rules: today on, any minute in opening hours; the customer''s e-mails as for owner_bookings) of the job (the package, p_car_size: a car_sizes code, null for the ordinary car, p_addon_ids; owner_job refuses in Danish what cannot be booked) at a Copenhagen date and HH:MM. p_request_id is the page''s id of the request, stored as bookings.idempotency_key owner:<id>: the same id again, also racing, answers the first booking ({created: false}). A taken time is PT409 (HTTP 409); the engine''s other refusals stand. Returns {created, car}.';

revoke all on function public.owner_phone_booking_at(uuid, uuid, date, text, text, text, text, text, text, timestamptz, text, uuid[])
  from public, anon, authenticated;

create function public.owner_move_booking_at(p_booking uuid, p_date date, p_time text, p_now timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := public.owner_booking_found(p_booking);
  v_drop_off timestamp;
  v_moved boolean := false;
begin
  if p_date is null then
    raise exception 'Vælg en gyldig dato.' using errcode = 'invalid_parameter_value';
  end if;
  v_drop_off := p_date + public.owner_time_of(p_time);
  if (v_drop_off at time zone 'Europe/Copenhagen') is distinct from v_booking.drop_off_at then
    begin
      v_booking := public.owner_move(v_booking.id, v_drop_off, p_now);
    exception when exclusion_violation then
      raise exception '%', sqlerrm using errcode = 'PT409';
    end;
    v_moved := true;
  end if;
  return jsonb_build_object('moved', v_moved,
    'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
end;
$$;

comment on function public.owner_move_booking_at(uuid, date, text, timestamptz) is
  'Moves a booking from the owner page at p_now to a Copenhagen date and HH:MM (owner_move: the owner''s rules, the customer told by e-mail); the same time again moves nothing ({moved: false}). A taken time is PT409 (HTTP 409). Returns {moved, car}.';

revoke all on function public.owner_move_booking_at(uuid, date, text, timestamptz)
  from public, anon, authenticated;

create function public.owner_cancel_booking_at(p_booking uuid, p_now timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings := public.owner_booking_found(p_booking);
  v_cancelled boolean := false;
begin
  if v_booking.status <> 'cancelled' then
    -- the engine's one way to change a status: a car in the workshop is not cancelled (Danish)
    v_booking := public.booking_set_status(v_booking.id, 'cancelled', p_now);
    v_cancelled := true;
    delete from public.booking_status_undo u where u.booking_id = v_booking.id;
  end if;
  return jsonb_build_object('cancelled', v_cancelled,
    'car', public.owner_car(v_booking, public.owner_car_day(v_booking, p_now), p_now));
end;
$$;

comment on function public.owner_cancel_booking_at(uuid, timestamptz) is
  'Cancels a booking from the owner page at p_now (booking_set_status: frees the time, tells the customer after the undo window); a cancelled one again changes nothing ({cancelled: false}). Returns {cancelled, car}.';

revoke all on function public.owner_cancel_booking_at(uuid, timestamptz) from public, anon, authenticated;

-- the calls of the page (the Data API: POST /rest/v1/rpc/<name>) ---------------------------------
-- Each checks the caller first (owner_required) and answers for now(). Granted to authenticated
-- (a signed-in stranger is refused by the check: he reaches exactly what anon reaches) and to
-- service_role (the default privileges), not to anon or PUBLIC.

create function public.owner_me()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_email text := public.owner_required();
begin
  return (select jsonb_build_object('email', v_email, 'name', coalesce(o.name, ''))
            from (select 1) x left join public.owners o on o.email = v_email);
end;
$$;

comment on function public.owner_me() is
  'The signed-in owner: {email, name} from owners (the service role: {email: null, name: ""}).';

revoke all on function public.owner_me() from public, anon, authenticated;
grant execute on function public.owner_me() to authenticated;

create function public.owner_day(p_day date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_day_at(p_day, now());
end;
$$;

comment on function public.owner_day(date) is
  'The owner page''s day now (owner_day_at), for an owner only (owner_required).';

revoke all on function public.owner_day(date) from public, anon, authenticated;
grant execute on function public.owner_day(date) to authenticated;

create function public.owner_set_status(p_booking uuid, p_status text, p_from text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_set_status_at(p_booking, p_status, p_from, now());
end;
$$;

comment on function public.owner_set_status(uuid, text, text) is
  'A status tap of the owner page now (owner_set_status_at), for an owner only (owner_required).';

revoke all on function public.owner_set_status(uuid, text, text) from public, anon, authenticated;
grant execute on function public.owner_set_status(uuid, text, text) to authenticated;

create function public.owner_calendar(
  p_service_id uuid,
  p_car_size text default null,
  p_addon_ids uuid[] default null,
  p_booking uuid default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_calendar_at(p_service_id, now(), p_car_size, p_addon_ids, p_booking);
end;
$$;

comment on function public.owner_calendar(uuid, text, uuid[], uuid) is
  'The owner page''s booking calendar of a job (or of moving p_booking) now (owner_calendar_at), for an owner only (owner_required).';

revoke all on function public.owner_calendar(uuid, text, uuid[], uuid) from public, anon, authenticated;
grant execute on function public.owner_calendar(uuid, text, uuid[], uuid) to authenticated;

create function public.owner_available_slots(
  p_service_id uuid,
  p_day date,
  p_car_size text default null,
  p_addon_ids uuid[] default null,
  p_booking uuid default null
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_available_slots_at(p_service_id, p_day, now(), p_car_size, p_addon_ids,
                                         p_booking);
end;
$$;

comment on function public.owner_available_slots(uuid, date, text, uuid[], uuid) is
  'The free drop-off times of a day for a job (or for moving p_booking) on the owner page now (owner_available_slots_at), for an owner only (owner_required).';

revoke all on function public.owner_available_slots(uuid, date, text, uuid[], uuid)
  from public, anon, authenticated;
grant execute on function public.owner_available_slots(uuid, date, text, uuid[], uuid) to authenticated;

create function public.owner_customer_no_shows(p_phone text, p_email text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_customer_no_shows_at(p_phone, p_email, now());
end;
$$;

comment on function public.owner_customer_no_shows(text, text) is
  'A contact''s no-shows of the last 12 months and the warning (owner_customer_no_shows_at), for an owner only (owner_required).';

revoke all on function public.owner_customer_no_shows(text, text) from public, anon, authenticated;
grant execute on function public.owner_customer_no_shows(text, text) to authenticated;

create function public.owner_phone_booking(
  p_request_id uuid,
  p_service_id uuid,
  p_date date,
  p_time text,
  p_customer_name text,
  p_customer_phone text,
  p_customer_email text,
  p_car_plate text,
  p_notes text,
  p_car_size text default null,
  p_addon_ids uuid[] default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_phone_booking_at(p_request_id, p_service_id, p_date, p_time, p_customer_name,
    p_customer_phone, p_customer_email, p_car_plate, p_notes, now(), p_car_size, p_addon_ids);
end;
$$;

comment on function public.owner_phone_booking(uuid, uuid, date, text, text, text, text, text, text, text, uuid[]) is
  'A phone booking of a job (the package, p_car_size, p_addon_ids) from the owner page now (owner_phone_booking_at), for an owner only (owner_required).';

revoke all on function public.owner_phone_booking(uuid, uuid, date, text, text, text, text, text, text, text, uuid[])
  from public, anon, authenticated;
grant execute on function public.owner_phone_booking(uuid, uuid, date, text, text, text, text, text, text, text, uuid[])
  to authenticated;

create function public.owner_move_booking(p_booking uuid, p_date date, p_time text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_move_booking_at(p_booking, p_date, p_time, now());
end;
$$;

comment on function public.owner_move_booking(uuid, date, text) is
  'Moves a booking from the owner page now (owner_move_booking_at), for an owner only (owner_required).';

revoke all on function public.owner_move_booking(uuid, date, text) from public, anon, authenticated;
grant execute on function public.owner_move_booking(uuid, date, text) to authenticated;

create function public.owner_cancel_booking(p_booking uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.owner_required();
  return public.owner_cancel_booking_at(p_booking, now());
end;
$$;

comment on function public.owner_cancel_booking(uuid) is
  'Cancels a booking from the owner page now (owner_cancel_booking_at), for an owner only (owner_required).';

revoke all on function public.owner_cancel_booking(uuid) from public, anon, authenticated;
grant execute on function public.owner_cancel_booking(uuid) to authenticated;
