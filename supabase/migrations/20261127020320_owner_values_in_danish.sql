-- What the owner types and reads, in Danish and one form (05_owner_values.sql):
-- - the dates and times the owner types become text read by our own parser in a BEFORE trigger
--   (owner_parse_date/_time/_local_timestamp): "05-01-2027 10:00" is 5 January whatever the
--   session's DateStyle, ISO still works, and anything ambiguous or unreadable is refused in Danish
--   with an example. owner_bookings.drop_off_local/ready_local (stored 2027-01-05 10:00),
--   closed_dates.day/last_day, open_dates.day (2027-01-05) and the opening times of opening_hours
--   and open_dates (09:00:00, what the site read before; an empty string is closed/none) change
--   type; booking_day_rule and email_claim read the text;
-- - a closing period over days already closed closes the rest and names those in a notice;
-- - owner_bookings.status is the Danish choice list owner_status (bekræftet, aflyst), mapped to
--   the engine's unchanged codes; owner_agenda shows it too;
-- - phone numbers are stored as E.164 (+4520112233, existing rows rewritten) and shown grouped to
--   the owner (phone_display);
-- - every settings value with a range is checked when written (setting_range), and what the owner
--   types into services is refused in Danish by a trigger before the English constraints; so is
--   an unknown email_outbox status (the owner sets pending), a changed opening_hours weekday and
--   deleting a package that has bookings (the foreign key's English before).
-- Written by npm run db:diff from supabase/schemas/ and reviewed: the type changes convert with
-- explicit formats (a date's text follows DateStyle), the enum is created before the column uses
-- it, the rows are rewritten before the new phone check, and every new object is revoked from anon
-- and authenticated by name.

SET local check_function_bodies = off;

DROP TRIGGER "closed_dates_expand_period" ON "public"."closed_dates";

DROP VIEW "public"."owner_agenda";

ALTER TABLE "public"."bookings"
  DROP CONSTRAINT "bookings_customer_phone_format";

ALTER TABLE "public"."closed_dates"
  ALTER COLUMN "day" TYPE text USING to_char("day", 'YYYY-MM-DD'),
  ALTER COLUMN "last_day" TYPE text USING to_char("last_day", 'YYYY-MM-DD');

ALTER TABLE "public"."open_dates"
  ALTER COLUMN "day" TYPE text USING to_char("day", 'YYYY-MM-DD'),
  ALTER COLUMN "opens_at" TYPE text USING to_char("opens_at", 'HH24:MI:SS'),
  ALTER COLUMN "closes_at" TYPE text USING to_char("closes_at", 'HH24:MI:SS');

ALTER TABLE "public"."opening_hours"
  ALTER COLUMN "opens_at" TYPE text USING to_char("opens_at", 'HH24:MI:SS'),
  ALTER COLUMN "closes_at" TYPE text USING to_char("closes_at", 'HH24:MI:SS');

CREATE TYPE "public"."owner_status" AS ENUM (
  'bekræftet',
  'aflyst'
);

ALTER TABLE "public"."owner_bookings"
  ALTER COLUMN "status" DROP DEFAULT;

ALTER TABLE "public"."owner_bookings"
  ALTER COLUMN "drop_off_local" TYPE text USING to_char("drop_off_local", 'YYYY-MM-DD HH24:MI'),
  ALTER COLUMN "ready_local" TYPE text USING to_char("ready_local", 'YYYY-MM-DD HH24:MI'),
  ALTER COLUMN "status" TYPE public.owner_status USING (
    CASE "status" WHEN 'confirmed' THEN 'bekræftet' WHEN 'cancelled' THEN 'aflyst' END
  )::public.owner_status;

ALTER TABLE "public"."owner_bookings"
  ALTER COLUMN "status" SET DEFAULT 'bekræftet'::public.owner_status;

CREATE OR REPLACE FUNCTION public.booking_cap_reached (
  p_ip    text,
  p_email text,
  p_phone text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS text
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_today timestamptz := date_trunc('day', p_now at time zone 'Europe/Copenhagen')
                         at time zone 'Europe/Copenhagen';
  v_phone text := public.phone_e164(p_phone);
  v_count integer;
  v_last timestamptz;
  v_cap integer;
begin
  -- the whole site: online bookings in the last hour
  v_cap := public.booking_setting('max_new_bookings_per_hour', 12);
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and b.created_at > p_now - interval '1 hour';
  if v_count >= v_cap then
    -- one alert per burst: a refusal within an hour of the previous one belongs to the same burst
    select max(r.window_start) into v_last from public.booking_rate_limits r where r.bucket = 'site:busy';
    if v_last is null or v_last < p_now - interval '1 hour' then
      insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
      values (null, 'owner_notification', null,
              jsonb_build_object('alert', 'busy', 'count', v_count, 'cap', v_cap,
                                 'at', public.copenhagen_iso(p_now)),
              'owner_alert:busy:' || gen_random_uuid(), p_now);
    end if;
    delete from public.booking_rate_limits r where r.bucket = 'site:busy';
    insert into public.booking_rate_limits (bucket, window_start, hits) values ('site:busy', p_now, 1);
    return 'busy';
  end if;

  -- one client address: accepted online bookings this Copenhagen day; without a usable address
  -- there is no address to count (every such visitor would share one bucket of 5 a day), so the
  -- hourly cap above and the contact caps below are what hold
  if nullif(p_ip, '') is not null then
    select count(*) into v_count from public.bookings b
     where b.source = 'online' and b.client_ip = p_ip and b.created_at >= v_today;
    if v_count >= public.booking_setting('max_bookings_per_ip_per_day', 5) then
      return 'address_cap';
    end if;
  end if;

  -- one contact: future confirmed bookings per e-mail address and per phone number
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and b.status = 'confirmed' and b.drop_off_at > p_now
     and b.anonymised_at is null and (lower(b.customer_email) = lower(p_email) or b.customer_phone = v_phone);
  if v_count >= public.booking_setting('max_open_bookings_per_contact', 2) then
    return 'contact_cap';
  end if;

  -- one recipient: booking confirmations (one per online booking) this Copenhagen day
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and lower(b.customer_email) = lower(p_email)
     and b.created_at >= v_today;
  if v_count >= public.booking_setting('max_booking_emails_per_recipient_per_day', 3) then
    return 'contact_cap';
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_day_rule (
  p_day date
)
  RETURNS TABLE (
    closed_reason text,
    holiday       text,
    opens_at      timestamp with time zone,
    closes_at     timestamp with time zone
  )
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- precedence: closed_dates > open_dates > public holidays > weekly opening hours
  select case
           when cd.day is not null then 'closed_date'
           when od.day is not null then
             case when coalesce(od.opens_at, oh.opens_at) is null then 'closed_weekday' end
           when hol.name is not null then 'holiday'
           when oh.opens_at is null then 'closed_weekday'
         end,
         hol.name,
         case when cd.day is null and (od.day is not null or hol.name is null)
              then (p_day + coalesce(od.opens_at, oh.opens_at)::time) at time zone 'Europe/Copenhagen' end,
         case when cd.day is null and (od.day is not null or hol.name is null)
              then (p_day + (case when od.opens_at is not null then od.closes_at else oh.closes_at end)::time)
                   at time zone 'Europe/Copenhagen' end
    from (select 1) as one
    left join public.opening_hours oh on oh.weekday = extract(isodow from p_day)
    -- the owner's days are stored as 2026-12-24 (and times as 09:00:00), read the same under any
    -- DateStyle
    left join public.open_dates od on od.day = public.owner_date_canonical(p_day)
    left join public.closed_dates cd on cd.day = public.owner_date_canonical(p_day)
    left join lateral (
      select h.name from public.danish_public_holidays(extract(year from p_day)::integer) h
       where h.day = p_day
    ) as hol on true;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_normalise_phone()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  new.customer_phone := public.phone_e164(new.customer_phone);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.closed_dates_expand_period()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_day date := public.owner_parse_date(new.day, 'day');
  v_last date := public.owner_parse_date(new.last_day, 'last_day');
  v_closed date[];
  v_already text;
begin
  if v_day is null then
    raise exception 'Skriv den lukkede dag i day, f.eks. 24-12-2026.' using errcode = 'not_null_violation';
  end if;
  new.day := public.owner_date_canonical(v_day);
  new.last_day := null;
  new.reason := coalesce(new.reason, '');
  if tg_op = 'UPDATE' and new.day <> old.day
     and exists (select 1 from public.closed_dates c where c.day = new.day) then
    raise exception 'Den % er allerede lukket (den har sin egen række). Slet denne række, hvis dagen skal åbne igen.',
      public.owner_day_text(v_day) using errcode = 'unique_violation';
  end if;
  if v_last is not null then
    if v_last < v_day then
      raise exception 'last_day (%) ligger før day (%). Skriv periodens sidste dag i last_day, f.eks. 25-07-2027.',
        public.owner_day_text(v_last), public.owner_day_text(v_day) using errcode = 'check_violation';
    end if;
    if v_last > v_day + 366 then
      raise exception 'En lukkeperiode kan højst være et år. Luk en kortere periode ad gangen.' using errcode = 'check_violation';
    end if;
    -- the rest of the period: days already closed keep their row and note, the others are closed
    select coalesce(array_agg(d::date order by d), '{}') into v_closed
      from generate_series(v_day + 1, v_last, interval '1 day') d
     where exists (select 1 from public.closed_dates c where c.day = public.owner_date_canonical(d::date));
    insert into public.closed_dates (day, reason)
    select public.owner_date_canonical(d::date), new.reason
      from generate_series(v_day + 1, v_last, interval '1 day') d
     where d::date <> all (v_closed)
    on conflict (day) do nothing;
  end if;
  if tg_op = 'INSERT' and exists (select 1 from public.closed_dates c where c.day = new.day) then
    v_closed := array_prepend(v_day, coalesce(v_closed, '{}'));
    new := null; -- the day stays as it was closed before
  end if;
  if cardinality(v_closed) > 0 then
    select string_agg(public.owner_day_text(d), ', ' order by d) into v_already from unnest(v_closed) d;
    raise notice 'Allerede lukket før (uændret): %. De andre dage er lukket nu.', v_already;
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.email_claim (
  p_limit         integer                  DEFAULT 10,
  p_lease_seconds integer                  DEFAULT 300,
  p_now           timestamp with time zone DEFAULT now(),
  p_due_by        timestamp with time zone DEFAULT NULL::timestamp WITH time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
           'opensAt', left(h.opens_at, 5),
           'closesAt', left(h.closes_at, 5)) order by h.weekday), '[]'::jsonb)
    into v_hours
    from public.opening_hours h;

  return jsonb_build_object(
    'messages', v_messages,
    'openingHours', v_hours,
    'cancellationNoticeHours', public.booking_setting('cancellation_notice_hours', 24),
    'now', p_now);
end;
$function$;

CREATE OR REPLACE FUNCTION public.email_outbox_check_status()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  -- the owner sets a failed e-mail back to pending in the dashboard (docs/owner.md)
  if new.status is null or new.status not in ('pending', 'sending', 'sent', 'failed', 'cancelled') then
    raise exception 'status i email_outbox skal være pending (send igen), failed, sent, sending eller cancelled. Skriv pending for at sende mailen igen.'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.open_dates_read_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_day date := public.owner_parse_date(new.day, 'day');
  v_times text[];
begin
  if v_day is null then
    raise exception 'Skriv dagen, der skal være åben, i day, f.eks. 14-05-2026.' using errcode = 'not_null_violation';
  end if;
  new.day := public.owner_date_canonical(v_day);
  if (tg_op = 'INSERT' or new.day <> old.day)
     and exists (select 1 from public.open_dates o where o.day = new.day) then
    raise exception 'Den % står allerede i open_dates. Ret tiderne i dens række i stedet.',
      public.owner_day_text(v_day) using errcode = 'unique_violation';
  end if;
  new.reason := coalesce(new.reason, '');
  v_times := public.owner_opening_times(new.opens_at, new.closes_at, 'ugedagens normale tider');
  new.opens_at := v_times[1];
  new.closes_at := v_times[2];
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.opening_hours_read_times()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_times text[];
begin
  if new.weekday is null or new.weekday not between 1 and 7
     or (tg_op = 'UPDATE' and new.weekday <> old.weekday)
     or (tg_op = 'INSERT' and exists (select 1 from public.opening_hours h where h.weekday = new.weekday)) then
    raise exception 'weekday skal være et tal fra 1 (mandag) til 7 (søndag). Der er én række pr. ugedag: ret tiderne i dens række.'
      using errcode = 'check_violation';
  end if;
  v_times := public.owner_opening_times(new.opens_at, new.closes_at, 'lukket hele dagen');
  new.opens_at := v_times[1];
  new.closes_at := v_times[2];
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_book (
  p_package        text,
  p_drop_off       timestamp without time zone,
  p_customer_name  text,
  p_customer_phone text,
  p_customer_email text                        DEFAULT NULL::text,
  p_notes          text                        DEFAULT NULL::text,
  p_now            timestamp with time zone    DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_service public.services;
  v_name text := trim(coalesce(p_customer_name, ''));
  v_phone text := trim(coalesce(p_customer_phone, ''));
  v_email text := trim(coalesce(p_customer_email, ''));
  v_notes text := coalesce(p_notes, '');
  v_drop_off timestamp;
  v_blocked tstzrange[];
  v_booking public.bookings;
begin
  if p_package is null or trim(p_package) = '' then
    raise exception 'Skriv pakkens navn i package, f.eks. Guldpakken (se services).'
      using errcode = 'not_null_violation';
  end if;
  select * into v_service from public.services s where lower(s.name) = lower(trim(p_package));
  if not found then
    raise exception 'Pakken "%" findes ikke. Skriv navnet som i services, f.eks. Guldpakken.', trim(p_package)
      using errcode = 'invalid_parameter_value';
  end if;
  if not v_service.is_active then
    raise exception 'Pakken "%" er slået fra (is_active = false i services) og kan ikke bookes.', v_service.name
      using errcode = 'invalid_parameter_value';
  end if;
  v_drop_off := public.owner_drop_off(p_drop_off,
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 05-01-2027 10:00.');
  perform public.owner_check_customer(v_name, v_phone, v_email, v_notes);
  v_blocked := public.owner_plan(v_service.duration_minutes, v_drop_off, p_now);

  -- no idempotency key and no client address: the owner books from the dashboard
  v_booking := public.booking_insert(
    p_id => gen_random_uuid(),
    p_service => v_service,
    p_local => v_drop_off,
    p_drop_off => v_drop_off at time zone 'Europe/Copenhagen',
    p_ready => upper(v_blocked[array_length(v_blocked, 1)])
      - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
    p_blocked => v_blocked,
    p_name => v_name,
    p_email => v_email,
    p_phone => v_phone,
    p_notes => v_notes,
    p_source => 'owner',
    p_created_at => now());
  if v_booking.id is null then
    raise exception '%', public.owner_taken_message(v_blocked) using errcode = 'exclusion_violation';
  end if;

  if v_booking.customer_email <> '' and public.owner_send_email() then
    -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
    -- (bookings keeps only its hash, so the token cannot be read back from the booking)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
    values (v_booking.id, 'booking_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking) || jsonb_build_object('cancelToken', null),
            'booking_confirmation:' || v_booking.id);
  end if;
  return v_booking;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_edit()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_drop_off timestamp;
begin
  if coalesce(current_setting('glanspunkt.owner_sync', true), '') = 'on' then
    return case when tg_op = 'DELETE' then old else new end; -- the mirror being written
  end if;

  if tg_op = 'DELETE' then
    if not exists (select 1 from public.bookings b where b.reference = old.reference) then
      return old; -- its booking was deleted (foreign key cascade)
    end if;
    raise exception 'Bookinger slettes ikke. Vælg status aflyst for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  perform set_config('glanspunkt.owner_editing', 'on', true);
  -- the owner's text, read the Danish way (a refusal names the column and gives an example)
  v_drop_off := public.owner_parse_local_timestamp(new.drop_off_local, 'drop_off_local');
  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null then
      raise exception 'reference og ready_local udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'bekræftet') <> 'bekræftet' then
      raise exception 'En ny booking får status bekræftet. Lad status være bekræftet.'
        using errcode = 'check_violation';
    end if;
    v_booking := public.owner_book(new.package, v_drop_off, new.customer_name,
                                   new.customer_phone, new.customer_email, new.notes);
  else
    select * into v_booking from public.bookings b where b.reference = old.reference for update;
    if new.reference is distinct from old.reference or new.ready_local is distinct from old.ready_local then
      raise exception 'reference og ready_local udfyldes automatisk og kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.package is distinct from old.package then
      raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    if new.status is null then
      raise exception 'status kan ikke være tom. Vælg bekræftet eller aflyst på listen.'
        using errcode = 'check_violation';
    end if;

    -- contact details and notes
    if (new.customer_name, new.customer_phone, coalesce(new.customer_email, ''), coalesce(new.notes, ''))
       is distinct from (old.customer_name, old.customer_phone, coalesce(old.customer_email, ''), coalesce(old.notes, '')) then
      perform public.owner_check_customer(trim(coalesce(new.customer_name, '')),
        trim(coalesce(new.customer_phone, '')), trim(coalesce(new.customer_email, '')),
        coalesce(new.notes, ''));
      update public.bookings b
         set customer_name = trim(new.customer_name), customer_phone = trim(new.customer_phone),
             customer_email = trim(coalesce(new.customer_email, '')), notes = coalesce(new.notes, '')
       where b.id = v_booking.id
      returning * into v_booking;
    end if;

    if new.status = 'aflyst' and old.status <> 'aflyst' then
      if v_drop_off is distinct from public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local') then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'bekræftet' and old.status = 'aflyst' then
      if v_drop_off is distinct from public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local') then
        raise exception 'Genopret eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      -- reconfirming takes the work periods again, refused when the time was taken meanwhile
      begin
        update public.bookings b set status = 'confirmed' where b.id = v_booking.id
        returning * into v_booking;
      exception when exclusion_violation then
        raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', old.reference
          using errcode = 'exclusion_violation';
      end;
    elsif v_drop_off is distinct from public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local') then
      if new.status = 'aflyst' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, v_drop_off);
    end if;
  end if;
  perform set_config('glanspunkt.owner_editing', '', true);

  -- store the row as the engine left it
  new := public.owner_bookings_row(v_booking);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_row (
  p_booking public.bookings
)
  RETURNS public.owner_bookings
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select p_booking.service_name,
         to_char(p_booking.drop_off_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
         p_booking.customer_name,
         public.phone_display(p_booking.customer_phone),
         nullif(p_booking.customer_email, ''),
         p_booking.notes,
         public.owner_status_of(p_booking.status),
         to_char(p_booking.ready_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
         p_booking.reference,
         p_booking.car_plate;
$function$;

CREATE OR REPLACE FUNCTION public.owner_date_canonical (
  p_day date
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select to_char(p_day, 'YYYY-MM-DD');
$function$;

CREATE OR REPLACE FUNCTION public.owner_move (
  p_booking_id uuid,
  p_drop_off   timestamp without time zone,
  p_now        timestamp with time zone    DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_drop_off timestamp;
  v_blocked tstzrange[];
  v_result jsonb;
begin
  select * into v_booking from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    raise exception 'Bookingen findes ikke.' using errcode = 'no_data_found';
  end if;
  if v_booking.status = 'cancelled' then
    raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', v_booking.reference
      using errcode = 'feature_not_supported';
  end if;
  v_drop_off := public.owner_drop_off(p_drop_off,
    'Skriv det nye afleveringstidspunkt i drop_off_local, f.eks. 05-01-2027 10:00.');
  v_blocked := public.owner_plan(v_booking.duration_minutes, v_drop_off, p_now);
  if (v_drop_off at time zone 'Europe/Copenhagen') <= p_now then
    raise exception 'En booking kan kun flyttes til et senere tidspunkt end nu (kl. %).', public.owner_time_text(p_now)
      using errcode = 'invalid_parameter_value';
  end if;

  v_result := public.move_booking(v_booking.id, v_drop_off::date, to_char(v_drop_off, 'HH24:MI'),
                                  false, false, false, 'owner', p_now);
  case v_result ->> 'status'
    when 'moved', 'unchanged' then
      null;
    when 'conflict' then
      raise exception '%', public.owner_taken_message(v_blocked) using errcode = 'exclusion_violation';
    else
      raise exception 'Bookingen % kan ikke flyttes til %.', v_booking.reference, to_char(v_drop_off, 'YYYY-MM-DD HH24:MI')
        using errcode = 'invalid_parameter_value';
  end case;

  select * into v_booking from public.bookings b where b.id = p_booking_id;
  if v_result ->> 'status' = 'moved' then
    -- the owner is not notified of their own move; the customer only with an address and while
    -- owner_bookings_send_email is on
    delete from public.email_outbox o
     where o.booking_id = v_booking.id
       and o.idempotency_key in ('owner_booking_moved:' || v_booking.id || ':' || v_booking.ics_sequence,
                                 'booking_moved:' || v_booking.id || ':' || v_booking.ics_sequence)
       and (o.kind = 'owner_booking_moved' or v_booking.customer_email = '' or not public.owner_send_email());
  end if;
  return v_booking;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_opening_times (
  p_opens  text,
  p_closes text,
  p_empty  text
)
  RETURNS text[]
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v_opens time := public.owner_parse_time(p_opens, 'opens_at');
  v_closes time := public.owner_parse_time(p_closes, 'closes_at');
begin
  if (v_opens is null) <> (v_closes is null) then
    raise exception 'Udfyld både opens_at og closes_at (f.eks. 09:00 og 17:00), eller tøm dem begge (%).', p_empty
      using errcode = 'check_violation';
  end if;
  if v_closes <= v_opens then
    raise exception 'closes_at (%) skal være senere end opens_at (%). Skriv f.eks. 09:00 og 17:00.',
      to_char(v_closes, 'HH24:MI'), to_char(v_opens, 'HH24:MI')
      using errcode = 'check_violation';
  end if;
  return array[public.owner_time_canonical(v_opens), public.owner_time_canonical(v_closes)];
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_parse_date (
  p_text   text,
  p_column text
)
  RETURNS date
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v text := lower(btrim(coalesce(p_text, '')));
  m text[];
  v_year integer;
  v_month integer;
  v_day integer;
  v_example text := 'Skriv dag-måned-år med firecifret år, f.eks. 05-01-2027 (5. januar 2027) eller 2027-01-05.';
begin
  if v = '' then
    return null;
  end if;
  if v ~ '^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$' then
    m := regexp_match(v, '^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$');
    v_year := m[1]::integer; v_month := m[2]::integer; v_day := m[3]::integer;
  elsif v ~ '^[0-9]{1,2}\s*[-./]\s*[0-9]{1,2}\s*([-./]|\s)\s*[0-9]{4}$' then
    m := regexp_match(v, '^([0-9]{1,2})\s*[-./]\s*([0-9]{1,2})\s*(?:[-./]|\s)\s*([0-9]{4})$');
    v_day := m[1]::integer; v_month := m[2]::integer; v_year := m[3]::integer;
  elsif v ~ '^[0-9]{1,2}\.?\s*[a-zæøå]+\.?\s+[0-9]{4}$' then
    m := regexp_match(v, '^([0-9]{1,2})\.?\s*([a-zæøå]+)\.?\s+([0-9]{4})$');
    v_day := m[1]::integer; v_year := m[3]::integer;
    v_month := array_position(array['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep',
                                    'okt', 'nov', 'dec'], left(m[2], 3));
    if v_month is null or not (array['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli',
        'august', 'september', 'oktober', 'november', 'december'])[v_month] like m[2] || '%' then
      raise exception '%: "%" i "%" er ikke et månedsnavn. %', p_column, m[2], btrim(p_text), v_example
        using errcode = 'invalid_datetime_format';
    end if;
  elsif v ~ '^[0-9]{1,2}\s*[-./]\s*[0-9]{1,2}\s*([-./]|\s)\s*[0-9]{2}$' then
    raise exception '%: "%" har et tocifret år, og det gætter databasen ikke på. %', p_column, btrim(p_text), v_example
      using errcode = 'invalid_datetime_format';
  elsif v ~ '^[0-9]{1,2}\s*[-./]\s*[0-9]{1,2}\.?$' then
    raise exception '%: "%" mangler året. %', p_column, btrim(p_text), v_example
      using errcode = 'invalid_datetime_format';
  else
    raise exception '%: "%" kan ikke læses som en dato. %', p_column, left(btrim(p_text), 40), v_example
      using errcode = 'invalid_datetime_format';
  end if;
  if v_year not between 2000 and 2999 or v_month not between 1 and 12 or v_day < 1
     or v_day > extract(day from make_date(v_year, v_month, 1) + interval '1 month' - interval '1 day') then
    raise exception '%: datoen "%" findes ikke. %', p_column, btrim(p_text), v_example
      using errcode = 'invalid_datetime_format';
  end if;
  return make_date(v_year, v_month, v_day);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_parse_local_timestamp (
  p_text   text,
  p_column text
)
  RETURNS timestamp WITHOUT time zone
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v text := btrim(coalesce(p_text, ''));
  m text[];
begin
  if v = '' then
    return null;
  end if;
  -- ISO with a T (2027-01-05T10:00) or a space; the time is the last word, "kl." optional
  v := regexp_replace(v, '\s+kl\.?\s*', ' ', 'i');
  m := regexp_match(v, '^(.*[0-9a-zA-ZæøåÆØÅ.])(?:\s+|T)([0-9]{1,2}[:.][0-9]{2}(?:[:.][0-9]{2})?)$');
  if m is null then
    raise exception '%: "%" kan ikke læses som dato og klokkeslæt. Skriv dag-måned-år og tid, f.eks. 05-01-2027 10:00 (5. januar 2027 kl. 10).', p_column, left(v, 40)
      using errcode = 'invalid_datetime_format';
  end if;
  return public.owner_parse_date(m[1], p_column) + public.owner_parse_time(m[2], p_column);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_parse_time (
  p_text   text,
  p_column text
)
  RETURNS time WITHOUT time zone
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v text := lower(btrim(coalesce(p_text, '')));
  m text[];
begin
  -- "kl. 10.00" as written in Danish
  v := regexp_replace(v, '^kl\.?\s*', '');
  if v = '' then
    return null;
  end if;
  m := regexp_match(v, '^([0-9]{1,2})(?:[:.]([0-9]{2}))?(?:[:.]([0-9]{2}))?$');
  if m is null then
    raise exception '%: "%" kan ikke læses som et klokkeslæt. Skriv timer og minutter, f.eks. 09:00 eller 9.30.', p_column, left(btrim(p_text), 40)
      using errcode = 'invalid_datetime_format';
  end if;
  if m[1]::integer > 23 or coalesce(m[2], '0')::integer > 59 or coalesce(m[3], '0')::integer > 59 then
    raise exception '%: klokkeslættet "%" findes ikke. Skriv et tidspunkt mellem 00:00 og 23:59, f.eks. 17:30.', p_column, btrim(p_text)
      using errcode = 'invalid_datetime_format';
  end if;
  return make_time(m[1]::integer, coalesce(m[2], '0')::integer, coalesce(m[3], '0')::integer);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_status_code (
  p_status public.owner_status
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select case p_status
           when 'bekræftet' then 'confirmed'
           when 'aflyst' then 'cancelled'
         end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_status_of (
  p_code text
)
  RETURNS public.owner_status
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select case p_code
           when 'confirmed' then 'bekræftet'::public.owner_status
           when 'cancelled' then 'aflyst'::public.owner_status
         end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_time_canonical (
  p_time time without time zone
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select to_char(p_time, 'HH24:MI:SS');
$function$;

CREATE OR REPLACE FUNCTION public.phone_display (
  p_phone text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the same grouping as supabase/functions/_shared/phone.ts (a test holds the two together)
  select case
           when p_phone ~ '^\+45[0-9]{8}$' then
             regexp_replace(p_phone, '^\+45([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})$', '+45 \1 \2 \3 \4')
           else p_phone
         end;
$function$;

CREATE OR REPLACE FUNCTION public.phone_e164 (
  p_phone text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- spaces, dots, hyphens and brackets are layout; 00 is the international prefix; 8 digits are a
  -- Danish number; more digits without + are taken as a number with its country code
  with d as (
    select btrim(coalesce(p_phone, '')) as raw,
           regexp_replace(coalesce(p_phone, ''), '[\s().-]', '', 'g') as compact
  )
  select case
           when d.compact = '' then ''
           when d.compact !~ '^\+?[0-9]+$' then d.raw
           when d.compact like '+%' then d.compact
           when d.compact like '00%' then '+' || substr(d.compact, 3)
           when length(d.compact) = 8 then '+45' || d.compact
           else '+' || d.compact
         end
    from d;
$function$;

CREATE OR REPLACE FUNCTION public.refuse_truncate()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  raise exception using
    errcode = 'feature_not_supported',
    message = case tg_table_name
      when 'owner_bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking ved at vælge status aflyst; den bliver stående i tabellen.'
      when 'bookings' then
        'Bookinger kan ikke slettes, heller ikke alle på én gang. Aflys en booking i owner_bookings ved at vælge status aflyst.'
      when 'opening_hours' then
        'Åbningstiderne kan ikke slettes. Luk en ugedag ved at gøre opens_at og closes_at tomme (NULL) i dens række, eller luk enkelte dage i closed_dates.'
      when 'closed_dates' then
        'Alle lukkedage kan ikke slettes på én gang. Markér de dage, der skal åbne igen, og slet dem; helligdage åbnes i open_dates.'
      when 'open_dates' then
        'Alle ekstra åbne dage kan ikke slettes på én gang. Markér de dage, der skal lukke igen, og slet dem.'
      when 'settings' then
        'Indstillingerne kan ikke slettes: siden og bookingen bruger dem. Ret værdien (value) i den enkelte række.'
      when 'services' then
        'Pakkerne kan ikke slettes, heller ikke alle på én gang: bookingerne peger på dem. Tag en pakke af siden ved at sætte is_active til false.'
      else
        format('Tabellen %s kan ikke tømmes på én gang.', tg_table_name)
    end;
end;
$function$;

CREATE OR REPLACE FUNCTION public.services_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_slug text;
begin
  if tg_op = 'UPDATE' and (new.id, new.created_at) is distinct from (old.id, old.created_at) then
    raise exception 'id og created_at udfyldes automatisk og kan ikke rettes.' using errcode = 'feature_not_supported';
  end if;
  if new.name is null or btrim(new.name) = '' then
    raise exception 'Skriv pakkens navn i name, f.eks. Guldpakken.' using errcode = 'not_null_violation';
  end if;
  new.name := btrim(new.name);
  if exists (select 1 from public.services s where lower(s.name) = lower(new.name) and s.id is distinct from new.id) then
    raise exception 'Der er allerede en pakke, der hedder "%". Giv pakken et andet navn.', new.name
      using errcode = 'unique_violation';
  end if;
  if new.category is null or new.category not in ('vask', 'polering', 'special') then
    raise exception 'category skal være vask, polering eller special (små bogstaver).' using errcode = 'check_violation';
  end if;
  if new.price is null or new.price < 0 or new.price > 1000000 then
    raise exception 'price skal være prisen i hele kroner fra 0 til 1000000. Skriv kun tallet, f.eks. 449.' using errcode = 'check_violation';
  end if;
  if new.duration_minutes is null or new.duration_minutes not between 1 and 10080 then
    raise exception 'duration_minutes skal være jobbets varighed i minutter åbningstid, fra 1 til 10080. Skriv kun tallet, f.eks. 120.' using errcode = 'check_violation';
  end if;
  if new.sort_order is null or new.sort_order not between -1000000 and 1000000 then
    raise exception 'sort_order skal være et helt tal, f.eks. 10: laveste tal står først på prissiden.' using errcode = 'check_violation';
  end if;
  if new.is_active is null then
    raise exception 'is_active skal være true (pakken kan bookes) eller false (slået fra).' using errcode = 'not_null_violation';
  end if;
  if new.description is null then
    new.description := '';
  end if;
  -- the slug as services_fill_slug will fill it (that trigger fires after this one)
  v_slug := coalesce(nullif(btrim(new.slug), ''), public.service_slug(new.name));
  if v_slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'slug må kun have små bogstaver a-z, tal og bindestreger, f.eks. guldpakken (og navnet mindst ét bogstav eller tal). Lad slug være tom på en ny pakke.' using errcode = 'check_violation';
  end if;
  if exists (select 1 from public.services s where s.slug = v_slug and s.id is distinct from new.id) then
    raise exception 'En anden pakke har allerede slug "%". Lad slug stå, som den er, eller giv pakken et andet navn.', v_slug using errcode = 'unique_violation';
  end if;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.services_refuse_delete()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- the foreign key from bookings would refuse it in English; a package nobody booked may go
  if exists (select 1 from public.bookings b where b.service_id = old.id) then
    raise exception 'Pakken "%" har bookinger og kan ikke slettes. Slå den fra i stedet: sæt is_active til false.', old.name
      using errcode = 'foreign_key_violation';
  end if;
  return old;
end;
$function$;

CREATE OR REPLACE FUNCTION public.setting_range (
  p_key text
)
  RETURNS TABLE (
    min_value integer,
    max_value integer,
    unit      text
  )
  LANGUAGE sql
  IMMUTABLE
  STRICT
  SET search_path TO ''
  AS $function$
  select r.min_value, r.max_value, r.unit
    from (values
      ('min_advance_booking_days', 0, 365, 'dage'),
      ('max_advance_booking_days', 1, 730, 'dage'),
      ('slot_interval_minutes', 5, 240, 'minutter'),
      ('workshop_capacity', 1, 20, 'biler'),
      ('buffer_minutes', 0, 480, 'minutter'),
      ('cancellation_notice_hours', 0, 8760, 'timer'),
      ('reminder_hours_before', 1, 168, 'timer'),
      ('owner_bookings_send_email', 0, 1, '1 = ja, 0 = nej'),
      ('owner_agenda_email', 0, 1, '1 = ja, 0 = nej'),
      ('max_moves_per_booking', 0, 20, 'gange'),
      ('email_max_attempts', 1, 50, 'forsøg'),
      ('email_retry_base_seconds', 0, 3600, 'sekunder'),
      ('max_bookings_per_ip_per_day', 1, 1000000, 'bookinger'),
      ('max_open_bookings_per_contact', 1, 1000000, 'bookinger'),
      ('max_new_bookings_per_hour', 1, 1000000, 'bookinger'),
      ('max_booking_emails_per_recipient_per_day', 1, 1000000, 'mails'),
      ('rate_limit_invalid_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_email_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('booking_challenge_cost', 1, 1000000, 'gentagelser')
    ) as r(key, min_value, max_value, unit)
   where r.key = p_key;
$function$;

CREATE OR REPLACE FUNCTION public.settings_check_value()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_range record;
  v_value text := btrim(coalesce(new.value, ''));
  v_number integer;
  v_other integer;
begin
  if tg_op = 'UPDATE' and (new.key, new.is_public) is distinct from (old.key, old.is_public) then
    raise exception 'Indstillingens navn (key) og is_public kan ikke rettes. Ret kun value.' using errcode = 'feature_not_supported';
  end if;
  new.description := coalesce(new.description, '');
  new.is_public := coalesce(new.is_public, false);
  if new.key is null or btrim(new.key) = '' then
    raise exception 'Skriv indstillingens navn i key, f.eks. max_advance_booking_days.' using errcode = 'not_null_violation';
  end if;
  select * into v_range from public.setting_range(new.key);
  if not found then
    new.value := coalesce(new.value, '');
    return new;
  end if;
  if v_value !~ '^[0-9]{1,9}$' then
    raise exception '% skal være et helt tal fra % til % (%), uden tekst og enhed, f.eks. %. "%" kan ikke bruges.',
      new.key, v_range.min_value, v_range.max_value, v_range.unit,
      greatest(v_range.min_value, least(v_range.max_value, 10)),
      left(v_value, 40)
      using errcode = 'check_violation';
  end if;
  v_number := v_value::integer;
  if v_number not between v_range.min_value and v_range.max_value then
    raise exception '% skal være et helt tal fra % til % (%). % er uden for.',
      new.key, v_range.min_value, v_range.max_value, v_range.unit, v_number
      using errcode = 'check_violation';
  end if;
  -- the online window: the last bookable day is not before the first
  if new.key in ('min_advance_booking_days', 'max_advance_booking_days') then
    select nullif(regexp_replace(s.value, '\s', '', 'g'), '')::integer into v_other
      from public.settings s
     where s.key = case new.key when 'min_advance_booking_days' then 'max_advance_booking_days'
                                else 'min_advance_booking_days' end
       and s.value ~ '^\s*[0-9]{1,9}\s*$';
    if v_other is not null and
       ((new.key = 'min_advance_booking_days' and v_number > v_other)
        or (new.key = 'max_advance_booking_days' and v_number < v_other)) then
      raise exception 'max_advance_booking_days (seneste dag) skal være mindst min_advance_booking_days (tidligste dag). Ret den ene, så de passer sammen.'
        using errcode = 'check_violation';
    end if;
  end if;
  new.value := v_number::text;
  return new;
end;
$function$;

-- every phone number in its one form (the new trigger bookings_normalise_phone rewrites it; the
-- mirror follows through owner_bookings_sync), then every owner_bookings row in the new forms
UPDATE public.bookings
   SET customer_phone = public.phone_e164(customer_phone)
 WHERE customer_phone <> '' AND customer_phone IS DISTINCT FROM public.phone_e164(customer_phone);

SELECT set_config('glanspunkt.owner_sync', 'on', true);

UPDATE public.owner_bookings o
   SET drop_off_local = r.drop_off_local, customer_phone = r.customer_phone,
       status = r.status, ready_local = r.ready_local
  FROM public.bookings b
 CROSS JOIN LATERAL public.owner_bookings_row(b) r
 WHERE b.reference = o.reference;

SELECT set_config('glanspunkt.owner_sync', '', true);

ALTER TABLE "public"."bookings"
  ADD CONSTRAINT "bookings_customer_phone_format" CHECK (((customer_phone ~ '^\+[0-9]{8,17}$'::text) OR ((customer_phone = ''::text) AND (anonymised_at IS NOT NULL))));

ALTER TABLE "public"."closed_dates"
  ADD CONSTRAINT "closed_dates_day_format" CHECK ((day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'::text));

ALTER TABLE "public"."open_dates"
  ADD CONSTRAINT "open_dates_closes_at_format" CHECK ((closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'::text));

ALTER TABLE "public"."open_dates"
  ADD CONSTRAINT "open_dates_day_format" CHECK ((day ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'::text));

ALTER TABLE "public"."open_dates"
  ADD CONSTRAINT "open_dates_opens_at_format" CHECK ((opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'::text));

ALTER TABLE "public"."opening_hours"
  ADD CONSTRAINT "opening_hours_closes_at_format" CHECK ((closes_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'::text));

ALTER TABLE "public"."opening_hours"
  ADD CONSTRAINT "opening_hours_opens_at_format" CHECK ((opens_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$'::text));

CREATE VIEW "public"."owner_agenda" WITH (security_invoker=true) AS  SELECT ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date AS day,
    ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS drop_off_local,
    ((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS ready_local,
    b.service_name AS package,
    b.customer_name,
    public.phone_display(b.customer_phone) AS customer_phone,
    b.customer_email,
    b.notes,
    public.owner_status_of(b.status) AS status,
    b.reference
   FROM public.bookings b
  WHERE (b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text))
  ORDER BY b.drop_off_at, b.reference;

CREATE TRIGGER closed_dates_expand_period
  BEFORE INSERT OR UPDATE ON public.closed_dates
  FOR EACH ROW
  EXECUTE FUNCTION public.closed_dates_expand_period();

CREATE TRIGGER email_outbox_check_status
  BEFORE UPDATE OF status ON public.email_outbox
  FOR EACH ROW
  EXECUTE FUNCTION public.email_outbox_check_status();

CREATE TRIGGER open_dates_read_values
  BEFORE INSERT OR UPDATE ON public.open_dates
  FOR EACH ROW
  EXECUTE FUNCTION public.open_dates_read_values();

CREATE TRIGGER opening_hours_read_times
  BEFORE INSERT OR UPDATE ON public.opening_hours
  FOR EACH ROW
  EXECUTE FUNCTION public.opening_hours_read_times();

CREATE TRIGGER owner_agenda_read_only
  INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda
  FOR EACH ROW
  EXECUTE FUNCTION public.owner_agenda_read_only();

CREATE TRIGGER services_check_values
  BEFORE INSERT OR UPDATE ON public.services
  FOR EACH ROW
  EXECUTE FUNCTION public.services_check_values();

CREATE TRIGGER services_refuse_delete
  BEFORE DELETE ON public.services
  FOR EACH ROW
  EXECUTE FUNCTION public.services_refuse_delete();

CREATE TRIGGER settings_check_value
  BEFORE INSERT OR UPDATE ON public.settings
  FOR EACH ROW
  EXECUTE FUNCTION public.settings_check_value();

COMMENT ON COLUMN "public"."closed_dates"."day" IS 'Den lukkede dag: dag-måned-år, f.eks. 24-12-2026 (gemmes som 2026-12-24).';

COMMENT ON COLUMN "public"."closed_dates"."last_day" IS 'Til og med (valgfri): udfyld for at lukke en hel periode, f.eks. en ferie, fra day til og med denne dato (f.eks. 25-07-2027). Der laves én række pr. dag, og feltet tømmes bagefter. Dage, der allerede er lukket, beholder deres række.';

COMMENT ON COLUMN "public"."open_dates"."closes_at" IS 'Lukker kl. den dag, f.eks. 14:00, eller tom (begge tider) for ugedagens normale tider.';

COMMENT ON COLUMN "public"."open_dates"."day" IS 'Dagen, der skal være åben: dag-måned-år, f.eks. 14-05-2026 (gemmes som 2026-05-14).';

COMMENT ON COLUMN "public"."open_dates"."opens_at" IS 'Åbner kl. den dag, f.eks. 10:00, eller tom (begge tider) for ugedagens normale tider.';

COMMENT ON COLUMN "public"."opening_hours"."closes_at" IS 'Lukker kl., f.eks. 20:00 eller 17.30 (senere end åbningstiden). Tøm både opens_at og closes_at for at holde lukket hele dagen.';

COMMENT ON COLUMN "public"."opening_hours"."opens_at" IS 'Åbner kl., f.eks. 09:00 eller 9.30. Tøm både opens_at og closes_at for at holde lukket hele dagen.';

COMMENT ON COLUMN "public"."owner_bookings"."customer_phone" IS 'Kundens telefonnummer, f.eks. 20 11 22 33 (8 cifre er dansk) eller +46 70 123 45 67. Vises som +45 20 11 22 33.';

COMMENT ON COLUMN "public"."owner_bookings"."drop_off_local" IS 'Aflevering, dansk tid: dag-måned-år og klokkeslæt, f.eks. 05-01-2027 10:00 (5. januar 2027 kl. 10). Gemmes som 2027-01-05 10:00. Ret den for at flytte bookingen.';

COMMENT ON COLUMN "public"."owner_bookings"."status" IS 'Vælg fra listen: bekræftet eller aflyst. Vælg aflyst for at aflyse: tiden bliver ledig med det samme. Vælg bekræftet på en aflyst booking for at genoprette den (kun hvis tiden stadig er ledig); kunden får en mail om, at bookingen gælder igen.';

COMMENT ON COLUMN "public"."services"."price" IS 'Pris i hele kroner inkl. moms, skrevet som tal uden "kr" og punktum, f.eks. 399 eller 1800.';

COMMENT ON COLUMN "public"."services"."sort_order" IS 'Rækkefølgen på prissiderne inden for kategorien (vask, polering, special): laveste tal står først. Bookingformularens liste er altid sorteret efter navn.';

COMMENT ON COLUMN "public"."settings"."value" IS 'Indstillingens værdi. Tal skrives som hele tal uden enhed, f.eks. 60. Til/fra skrives 1 (til) eller 0 (fra). Et tal uden for det tilladte interval afvises med en forklaring.';

COMMENT ON FUNCTION "public"."bookings_normalise_phone"() IS 'Trigger function: stores a booking''s phone number in its one form, E.164 (phone_e164), whatever path wrote it.';

COMMENT ON FUNCTION "public"."closed_dates_expand_period"() IS 'Trigger function: reads day and last_day the Danish way (owner_parse_date) into 2027-07-05; a row with last_day closes every day from day to last_day (same reason). A day that is already closed keeps its row (never a refusal of the whole period): the new row for it is skipped and a Danish notice names those days. Moving a row onto a closed day is refused in Danish.';

COMMENT ON FUNCTION "public"."email_outbox_check_status"() IS 'Trigger function: refuses an unknown e-mail status in Danish (the owner types pending to send a failed e-mail again).';

COMMENT ON FUNCTION "public"."open_dates_read_values"() IS 'Trigger function: reads the day and times of an extra open day the Danish way (owner_parse_date, owner_opening_times) into 2026-05-14 and 10:00:00; a day already listed is refused in Danish.';

COMMENT ON FUNCTION "public"."opening_hours_read_times"() IS 'Trigger function: reads the opening times the owner typed the Danish way (9.30, 17:00; empty = closed) into 09:30:00, refusing in Danish.';

COMMENT ON FUNCTION "public"."owner_bookings_edit"() IS 'Trigger function of owner_bookings: insert books (owner_book), status aflyst cancels (owner_cancel), bekræftet reconfirms, a new drop_off_local (Danish date and time, owner_parse_local_timestamp) moves (owner_move), contact fields are corrected; delete and other changes are refused in Danish. The stored row is the booking as the engine left it.';

COMMENT ON FUNCTION "public"."owner_bookings_row"(public.bookings) IS 'The owner_bookings row of a booking: Copenhagen wall-clock times as 2027-01-05 10:00, the phone grouped (phone_display), the Danish status.';

COMMENT ON FUNCTION "public"."owner_date_canonical"(date) IS 'The one stored text form of an owner date: 2027-01-05 (sorts as the calendar does, and is what the site read as a date before).';

COMMENT ON FUNCTION "public"."owner_opening_times"(text, text, text) IS 'Reads a pair of opening times the owner typed (empty or an empty string is none): both or neither, closing after opening, as canonical texts [opens, closes]; refuses in Danish (p_empty says what two empty times mean).';

COMMENT ON FUNCTION "public"."owner_parse_date"(text, text) IS 'A date the owner typed, read the Danish way whatever the session''s DateStyle: 05-01-2027, 5/1 2027, 5.1.2027 and 5. januar 2027 are 5 January 2027, ISO 2027-01-05 too; empty is null. A two-digit year, a missing year, an impossible or unreadable date raise a Danish invalid_datetime_format naming the column, with an example.';

COMMENT ON FUNCTION "public"."owner_parse_local_timestamp"(text, text) IS 'A Copenhagen wall-clock date and time the owner typed: a date as owner_parse_date then a time as owner_parse_time (05-01-2027 10:00, 5/1 2027 10.00, 2027-01-05 10:00, 2027-01-05T10:00); empty is null. Refuses anything else in Danish with an example.';

COMMENT ON FUNCTION "public"."owner_parse_time"(text, text) IS 'A time of day the owner typed: 9, 09:00, 9.30, 10.00, kl. 10.00 or 10:00:00; empty is null. Anything else raises a Danish invalid_datetime_format naming the column, with an example.';

COMMENT ON FUNCTION "public"."owner_status_code"(public.owner_status) IS 'The engine status code (bookings.status) of the owner''s Danish status.';

COMMENT ON FUNCTION "public"."owner_status_of"(text) IS 'The owner''s Danish status of an engine status code (bookings.status).';

COMMENT ON FUNCTION "public"."owner_time_canonical"(time without time zone) IS 'The one stored text form of an owner time of day: 09:00:00 (what the site read as a time before).';

COMMENT ON FUNCTION "public"."phone_display"(text) IS 'A stored (E.164) phone number as the owner reads it: +4520112233 is +45 20 11 22 33; other numbers are shown as stored.';

COMMENT ON FUNCTION "public"."phone_e164"(text) IS 'A phone number in its one stored form, E.164: 20 11 22 33, 20112233, 0045 20112233 and +45 20 11 22 33 are all +4520112233; a foreign number keeps its country code (+46..., 0046...). Text that is not a number is returned trimmed, for the caller''s check to refuse.';

COMMENT ON FUNCTION "public"."services_check_values"() IS 'Trigger function: refuses, in Danish and saying what to type, a package whose name, category, price, duration, sort_order, is_active or slug the table''s constraints would refuse in English.';

COMMENT ON FUNCTION "public"."services_refuse_delete"() IS 'Trigger function: refuses, in Danish, deleting a package that bookings point at (switch it off with is_active instead).';

COMMENT ON FUNCTION "public"."setting_range"(text) IS 'The allowed whole-number range of a setting (and its unit in Danish); no row for a setting that is free text.';

COMMENT ON FUNCTION "public"."settings_check_value"() IS 'Trigger function: a whole-number setting must be a whole number within its range (setting_range) when written, refused in Danish with the range; the key cannot be renamed.';

COMMENT ON TABLE "public"."owner_bookings" IS 'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: Insert row med package, drop_off_local (f.eks. 05-01-2027 10:00), customer_name og customer_phone (customer_email og notes er valgfri). Aflys: vælg status aflyst. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';

COMMENT ON TYPE "public"."owner_status" IS 'En bookings status, som du ser og vælger den: bekræftet eller aflyst.';

COMMENT ON VIEW "public"."owner_agenda" IS 'Dagens og de kommende dages arbejde (kun til at se, ikke rette). Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

REVOKE ALL ON FUNCTION "public"."email_outbox_check_status"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."email_outbox_check_status"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."open_dates_read_values"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."open_dates_read_values"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."opening_hours_read_times"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."opening_hours_read_times"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_date_canonical"(date) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_date_canonical"(date) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_opening_times"(text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_opening_times"(text, text, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_parse_date"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_parse_date"(text, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_parse_local_timestamp"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_parse_local_timestamp"(text, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_parse_time"(text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_parse_time"(text, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_status_code"(public.owner_status) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_status_code"(public.owner_status) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_status_of"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_status_of"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."owner_time_canonical"(time WITHOUT time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."owner_time_canonical"(time WITHOUT time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."phone_display"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."phone_display"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."phone_e164"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."phone_e164"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."services_check_values"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."services_check_values"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."services_refuse_delete"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."services_refuse_delete"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."setting_range"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."setting_range"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."settings_check_value"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."settings_check_value"() TO "postgres", "service_role";

GRANT USAGE ON TYPE "public"."owner_status" TO "postgres";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."owner_agenda" TO "postgres", "service_role";

COMMENT ON COLUMN "public"."owner_agenda"."day" IS 'Afleveringsdag (dansk dato).';

COMMENT ON COLUMN "public"."owner_agenda"."drop_off_local" IS 'Hvornår kunden afleverer bilen (dansk tid).';

COMMENT ON COLUMN "public"."owner_agenda"."ready_local" IS 'Hvornår bilen er færdig og kan hentes (dansk tid).';

COMMENT ON COLUMN "public"."owner_agenda"."package" IS 'Den bookede pakke.';

COMMENT ON COLUMN "public"."owner_agenda"."customer_name" IS 'Kundens navn.';

COMMENT ON COLUMN "public"."owner_agenda"."customer_phone" IS 'Kundens telefonnummer, f.eks. +45 20 11 22 33.';

COMMENT ON COLUMN "public"."owner_agenda"."customer_email" IS 'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';

COMMENT ON COLUMN "public"."owner_agenda"."notes" IS 'Kundens eller dine bemærkninger.';

COMMENT ON COLUMN "public"."owner_agenda"."status" IS 'bekræftet, eller aflyst (tiden er ledig igen).';

COMMENT ON COLUMN "public"."owner_agenda"."reference" IS 'Bookingnummer (står i kundens bekræftelsesmail).';

REVOKE ALL ON TABLE "public"."owner_agenda" FROM "anon", "authenticated";

REVOKE ALL ON TYPE "public"."owner_status" FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION
  "public"."email_outbox_check_status"(),
  "public"."open_dates_read_values"(),
  "public"."opening_hours_read_times"(),
  "public"."owner_date_canonical"(date),
  "public"."owner_opening_times"(text, text, text),
  "public"."owner_parse_date"(text, text),
  "public"."owner_parse_local_timestamp"(text, text),
  "public"."owner_parse_time"(text, text),
  "public"."owner_status_code"(public.owner_status),
  "public"."owner_status_of"(text),
  "public"."owner_time_canonical"(time WITHOUT time zone),
  "public"."phone_display"(text),
  "public"."phone_e164"(text),
  "public"."services_check_values"(),
  "public"."services_refuse_delete"(),
  "public"."setting_range"(text),
  "public"."settings_check_value"()
  FROM "anon", "authenticated";
