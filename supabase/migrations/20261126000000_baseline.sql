-- Baseline: the schema the 25 migrations 20261122100000_data_model .. 20261125020100_owner_messages built,
-- squashed into one file by scripts/db/squash.sh (do not edit by hand: change the schema in a new
-- migration; to squash again, run the script). pg_dump --schema-only --no-owner -n public from
-- PostgreSQL 15 after applying them on local/db/bootstrap.sql; each function appears once, in its
-- final form. Why each rule is what it is: the old files in git history (git log -- supabase/migrations)
-- and docs/. Edited by the script after the dump (scripts/db/squash-check.sh proves the result identical):
--   - btree_gist created here (pg_dump -n public leaves extensions out); pg_dump's preamble, CREATE
--     SCHEMA public and its built-in comment left out;
--   - check_function_bodies off while the dump's order creates functions before their tables;
--   - the rows the migrations inserted, placed before the triggers as they were;
--   - the revokes from service_role that pg_dump omits (see the end).
-- The schedules are in the next migration, *_scheduled_jobs.sql. A project that ran the old
-- migrations runs neither file: see docs/deploy.md, "Once: a project pushed before the squash".

create extension if not exists btree_gist with schema extensions;
-- pg_dump's order creates functions before the tables their bodies read
set check_function_bodies = false;

--
-- Name: booking_random_reference(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_random_reference() RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION booking_random_reference(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_random_reference() IS 'A new random 8-character booking reference from an alphabet without look-alike characters.';

--
-- Name: booking_random_token(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_random_token() RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select encode(extensions.gen_random_bytes(32), 'hex');
$$;

--
-- Name: FUNCTION booking_random_token(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_random_token() IS 'A new random 256-bit token (64 hex characters) for cancel links.';

--
-- Name: bookings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.bookings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reference text DEFAULT public.booking_random_reference() NOT NULL,
    service_id uuid NOT NULL,
    service_name text NOT NULL,
    duration_minutes integer NOT NULL,
    price integer NOT NULL,
    booking_date date NOT NULL,
    booking_time time without time zone NOT NULL,
    drop_off_at timestamp with time zone NOT NULL,
    ready_at timestamp with time zone NOT NULL,
    customer_name text NOT NULL,
    customer_email text NOT NULL,
    customer_phone text NOT NULL,
    notes text DEFAULT ''::text NOT NULL,
    status text DEFAULT 'confirmed'::text NOT NULL,
    cancel_token text DEFAULT public.booking_random_token(),
    cancelled_at timestamp with time zone,
    idempotency_key text,
    client_ip text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    anonymised_at timestamp with time zone,
    idempotency_hash text,
    cancel_token_hash text NOT NULL,
    move_count integer DEFAULT 0 NOT NULL,
    ics_sequence integer DEFAULT 0 NOT NULL,
    moved_at timestamp with time zone,
    source text DEFAULT 'online'::text NOT NULL,
    CONSTRAINT bookings_cancel_token_hash_format CHECK ((cancel_token_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT bookings_customer_email_check CHECK ((char_length(customer_email) <= 254)),
    CONSTRAINT bookings_customer_name_check CHECK (((char_length(customer_name) >= 2) AND (char_length(customer_name) <= 100))),
    CONSTRAINT bookings_customer_phone_format CHECK (((customer_phone ~ '^(\+45)?[0-9]{8,15}$'::text) OR ((customer_phone = ''::text) AND (anonymised_at IS NOT NULL)))),
    CONSTRAINT bookings_duration_minutes_check CHECK ((duration_minutes > 0)),
    CONSTRAINT bookings_ics_sequence_check CHECK ((ics_sequence >= 0)),
    CONSTRAINT bookings_idempotency_hash_check CHECK ((idempotency_hash ~ '^[0-9a-f]{64}$'::text)),
    CONSTRAINT bookings_idempotency_key_check CHECK ((char_length(idempotency_key) <= 128)),
    CONSTRAINT bookings_move_count_check CHECK ((move_count >= 0)),
    CONSTRAINT bookings_no_plain_cancel_token CHECK ((cancel_token IS NULL)),
    CONSTRAINT bookings_notes_check CHECK ((char_length(notes) <= 1000)),
    CONSTRAINT bookings_price_check CHECK ((price >= 0)),
    CONSTRAINT bookings_ready_after_drop_off CHECK ((ready_at > drop_off_at)),
    CONSTRAINT bookings_reference_check CHECK ((reference ~ '^[A-Z0-9]{8}$'::text)),
    CONSTRAINT bookings_source_check CHECK ((source = ANY (ARRAY['online'::text, 'owner'::text]))),
    CONSTRAINT bookings_status_check CHECK ((status = ANY (ARRAY['confirmed'::text, 'cancelled'::text])))
);

--
-- Name: TABLE bookings; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.bookings IS 'Alle bookinger (teknisk tabel; tiderne her er i UTC, verdenstid). Se dagens arbejde i owner_agenda, og book, aflys eller flyt i owner_bookings (dansk tid). Slet aldrig rækker.';

--
-- Name: COLUMN bookings.id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.id IS 'Bookingens faste id (automatisk).';

--
-- Name: COLUMN bookings.reference; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.reference IS 'Bookingnummer, som kunden får, f.eks. K7M2QX9D.';

--
-- Name: COLUMN bookings.service_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.service_id IS 'Den bookede pakke (id i services).';

--
-- Name: COLUMN bookings.service_name; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.service_name IS 'Pakkens navn, da der blev booket.';

--
-- Name: COLUMN bookings.duration_minutes; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.duration_minutes IS 'Jobbets længde i minutters åbningstid, da der blev booket.';

--
-- Name: COLUMN bookings.price; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.price IS 'Pris i kroner, da der blev booket.';

--
-- Name: COLUMN bookings.booking_date; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.booking_date IS 'Afleveringsdag (dansk dato).';

--
-- Name: COLUMN bookings.booking_time; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.booking_time IS 'Afleveringstid (dansk tid).';

--
-- Name: COLUMN bookings.drop_off_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.drop_off_at IS 'Aflevering i UTC (verdenstid). Dansk tid: se owner_agenda eller owner_bookings.';

--
-- Name: COLUMN bookings.ready_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.ready_at IS 'Færdig i UTC (verdenstid). Dansk tid: se owner_agenda eller owner_bookings.';

--
-- Name: COLUMN bookings.customer_name; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.customer_name IS 'Kundens fulde navn.';

--
-- Name: COLUMN bookings.customer_email; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.customer_email IS 'Kundens e-mailadresse (bekræftelsen sendes hertil). Tom ved telefonbookinger uden e-mail.';

--
-- Name: COLUMN bookings.customer_phone; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.customer_phone IS 'Kundens telefonnummer.';

--
-- Name: COLUMN bookings.notes; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.notes IS 'Kundens bemærkninger (valgfrit).';

--
-- Name: COLUMN bookings.status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.status IS 'confirmed = bekræftet, cancelled = aflyst (en aflyst booking optager ikke værkstedet).';

--
-- Name: COLUMN bookings.cancel_token; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.cancel_token IS 'Altid tom: nøglen til kundens links gemmes kun som kontrolsum i cancel_token_hash.';

--
-- Name: COLUMN bookings.cancelled_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.cancelled_at IS 'Hvornår bookingen blev aflyst.';

--
-- Name: COLUMN bookings.idempotency_key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.idempotency_key IS 'Teknisk nøgle fra bookingformularen, så et dobbeltklik ikke giver to bookinger.';

--
-- Name: COLUMN bookings.client_ip; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.client_ip IS 'IP-adressen, bookingen kom fra (mod misbrug; slettes efter 30 dage).';

--
-- Name: COLUMN bookings.created_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.created_at IS 'Hvornår bookingen blev lavet.';

--
-- Name: COLUMN bookings.updated_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.updated_at IS 'Hvornår bookingen sidst blev ændret (automatisk).';

--
-- Name: COLUMN bookings.anonymised_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.anonymised_at IS 'Hvornår kundens personoplysninger blev slettet (5 år efter sidste kontakt).';

--
-- Name: COLUMN bookings.idempotency_hash; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.idempotency_hash IS 'Fingeraftryk (SHA-256) af den bookinganmodning, som gentagelsesnøglen først blev brugt med. Slettes sammen med nøglen.';

--
-- Name: COLUMN bookings.cancel_token_hash; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.cancel_token_hash IS 'Kontrolsum (SHA-256) af nøglen i kundens links til at afbestille og flytte (selve nøglen gemmes ikke).';

--
-- Name: COLUMN bookings.move_count; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.move_count IS 'Hvor mange gange kunden selv har flyttet bookingen via linket i mailen (højst max_moves_per_booking).';

--
-- Name: COLUMN bookings.ics_sequence; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.ics_sequence IS 'Antal flytninger (af kunden og af dig): versionsnummeret på bookingens kalenderinvitation.';

--
-- Name: COLUMN bookings.moved_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.moved_at IS 'Hvornår bookingen sidst blev flyttet.';

--
-- Name: COLUMN bookings.source; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.bookings.source IS 'Hvor bookingen kom fra: online (hjemmesiden) eller owner (dig, i owner_bookings, f.eks. en telefonbooking).';

--
-- Name: booking_by_token(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_by_token(p_token text) RETURNS public.bookings
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $_$
  select b.* from public.bookings b
   where p_token ~ '^[0-9a-f]{64}$'
     and b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null;
$_$;

--
-- Name: FUNCTION booking_by_token(p_token text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_by_token(p_token text) IS 'The booking behind a cancel/move link token (64 hex digits; bookings keep only its hash), or null for a malformed or unknown token or an anonymised booking. Takes no lock.';

--
-- Name: booking_calendar(uuid, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_calendar(p_service_id uuid, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET "TimeZone" TO 'Europe/Copenhagen'
    AS $$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_min integer := public.booking_setting('min_advance_booking_days', 1);
  v_max integer := public.booking_setting('max_advance_booking_days', 60);
  v_days jsonb;
begin
  if p_service_id is null
     or not exists (select 1 from public.services s where s.id = p_service_id and s.is_active) then
    raise exception using
      errcode = 'P0001',
      message = 'Ukendt service.',
      hint = 'Vælg en af de viste services.';
  end if;
  if v_max < v_min then
    v_max := v_min;
  end if;

  -- every day from today to the window's end; the rule of each day, and for an open day in the
  -- window whether any drop-off time is still free for this package
  select jsonb_agg(
           jsonb_strip_nulls(jsonb_build_object(
             'day', to_char(d.day, 'YYYY-MM-DD'),
             'status', d.status,
             'holiday', d.holiday))
           order by d.day)
    into v_days
    from (
      select g.day::date as day,
             r.holiday,
             case
               when g.day < v_today + v_min then 'outside_window'
               when r.closed_reason is not null then r.closed_reason
               when jsonb_array_length(
                      public.get_available_slots(p_service_id, g.day::date, p_now) -> 'slots') = 0
                 then 'full'
               else 'bookable'
             end as status
        from generate_series(v_today, v_today + v_max, interval '1 day') as g(day)
        cross join lateral public.booking_day_rule(g.day::date) r
    ) as d;

  return jsonb_build_object(
    'today', to_char(v_today, 'YYYY-MM-DD'),
    'first', to_char(v_today + v_min, 'YYYY-MM-DD'),
    'last', to_char(v_today + v_max, 'YYYY-MM-DD'),
    'days', coalesce(v_days, '[]'::jsonb));
end;
$$;

--
-- Name: FUNCTION booking_calendar(p_service_id uuid, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_calendar(p_service_id uuid, p_now timestamp with time zone) IS 'The booking window for a package as seen at p_now: {today, first, last, days: [{day, status, holiday?}]} from today to last, status bookable, full (open but no free drop-off time for this package), closed_weekday, holiday, closed_date or outside_window (before first). Raises P0001 for an unknown or inactive package.';

--
-- Name: booking_cancel_info(text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_cancel_info(p_token text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.booking_link_view(public.booking_by_token(p_token), p_now, false);
$$;

--
-- Name: FUNCTION booking_cancel_info(p_token text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_cancel_info(p_token text, p_now timestamp with time zone) IS 'The booking behind a cancel link: {state: active|cancelled|too_late|not_found, booking}. Changes nothing.';

--
-- Name: booking_cancel_view(public.bookings, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_cancel_view(p_booking public.bookings, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.booking_link_view(p_booking, p_now, false);
$$;

--
-- Name: FUNCTION booking_cancel_view(p_booking public.bookings, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_cancel_view(p_booking public.bookings, p_now timestamp with time zone) IS 'What the cancel page may show of a booking (no contact details) and whether it can still be cancelled: state active, cancelled or too_late.';

--
-- Name: booking_candidates(uuid, date, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_candidates(p_service_id uuid, p_day date, p_now timestamp with time zone DEFAULT now()) RETURNS TABLE(slot text, drop_off_at timestamp with time zone, ready_at timestamp with time zone, blocked tstzrange[])
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
$_$;

--
-- Name: FUNCTION booking_candidates(p_service_id uuid, p_day date, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_candidates(p_service_id uuid, p_day date, p_now timestamp with time zone) IS 'Every drop-off time the rules allow for a package on a day (ignoring other bookings), with ready time and the bay time it would occupy.';

--
-- Name: booking_cap_reached(text, text, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_cap_reached(p_ip text, p_email text, p_phone text, p_now timestamp with time zone DEFAULT now()) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_today timestamptz := date_trunc('day', p_now at time zone 'Europe/Copenhagen')
                         at time zone 'Europe/Copenhagen';
  v_phone text := regexp_replace(coalesce(p_phone, ''), '\s', '', 'g');
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

  -- one client address: accepted online bookings this Copenhagen day
  select count(*) into v_count from public.bookings b
   where b.source = 'online' and b.client_ip is not distinct from nullif(p_ip, '')
     and b.created_at >= v_today;
  if v_count >= public.booking_setting('max_bookings_per_ip_per_day', 5) then
    return 'address_cap';
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
$$;

--
-- Name: FUNCTION booking_cap_reached(p_ip text, p_email text, p_phone text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_cap_reached(p_ip text, p_email text, p_phone text, p_now timestamp with time zone) IS 'Which cap a new online booking would pass (busy, address_cap, contact_cap), or null. Call it holding booking_caps_lock_key(): it counts, and queues the owner''s alert at the start of a busy burst.';

--
-- Name: booking_caps_lock_key(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_caps_lock_key() RETURNS bigint
    LANGUAGE sql IMMUTABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select 7243120012::bigint;
$$;

--
-- Name: FUNCTION booking_caps_lock_key(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_caps_lock_key() IS 'The advisory lock create_booking holds while it counts the caps and inserts.';

--
-- Name: booking_change_deadline(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_change_deadline(p_booking public.bookings) RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p_booking.drop_off_at
         - make_interval(hours => public.booking_setting('cancellation_notice_hours', 24));
$$;

--
-- Name: FUNCTION booking_change_deadline(p_booking public.bookings); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_change_deadline(p_booking public.bookings) IS 'Until when the customer may cancel or move a booking: its drop-off minus the cancellation_notice_hours setting (default 24).';

--
-- Name: booking_day_hours(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_day_hours(p_day date) RETURNS TABLE(opens_at timestamp with time zone, closes_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.opens_at, r.closes_at
    from public.booking_day_rule(p_day) r
   where r.closed_reason is null and r.opens_at is not null and r.closes_at is not null;
$$;

--
-- Name: FUNCTION booking_day_hours(p_day date); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_day_hours(p_day date) IS 'Opening interval of a day as instants (Europe/Copenhagen, DST aware); no row when closed. Precedence: closed_dates, open_dates, public holidays, opening_hours.';

--
-- Name: booking_day_rule(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_day_rule(p_day date) RETURNS TABLE(closed_reason text, holiday text, opens_at timestamp with time zone, closes_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
              then (p_day + coalesce(od.opens_at, oh.opens_at)) at time zone 'Europe/Copenhagen' end,
         case when cd.day is null and (od.day is not null or hol.name is null)
              then (p_day + case when od.opens_at is not null then od.closes_at else oh.closes_at end)
                   at time zone 'Europe/Copenhagen' end
    from (select 1) as one
    left join public.opening_hours oh on oh.weekday = extract(isodow from p_day)
    left join public.open_dates od on od.day = p_day
    left join public.closed_dates cd on cd.day = p_day
    left join lateral (
      select h.name from public.danish_public_holidays(extract(year from p_day)::integer) h
       where h.day = p_day
    ) as hol on true;
$$;

--
-- Name: FUNCTION booking_day_rule(p_day date); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_day_rule(p_day date) IS 'Whether the workshop is open on a day and why not: closed_reason closed_date, holiday or closed_weekday (then no times), else null with the opening interval as instants (Europe/Copenhagen, DST aware). Precedence: closed_dates, open_dates, public holidays, opening_hours. holiday names the public holiday, if any.';

--
-- Name: booking_free_bay(tstzrange[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_free_bay(p_blocked tstzrange[]) RETURNS smallint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select b::smallint
    from generate_series(1, greatest(1, least(public.booking_setting('workshop_capacity', 1), 50))) b
   where not exists (
     select 1 from unnest(p_blocked) r
       join public.booking_work_periods w on w.bay = b and w.period && r and w.active
   )
   order by b
   limit 1;
$$;

--
-- Name: FUNCTION booking_free_bay(p_blocked tstzrange[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_free_bay(p_blocked tstzrange[]) IS 'Lowest bay (1 .. workshop_capacity) free during all the given periods, or null.';

--
-- Name: services; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.services (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    category text NOT NULL,
    duration_minutes integer NOT NULL,
    price integer NOT NULL,
    sort_order integer DEFAULT 0 NOT NULL,
    is_active boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    slug text NOT NULL,
    CONSTRAINT services_category_check CHECK ((category = ANY (ARRAY['vask'::text, 'polering'::text, 'special'::text]))),
    CONSTRAINT services_duration_minutes_check CHECK ((duration_minutes > 0)),
    CONSTRAINT services_price_check CHECK ((price >= 0)),
    CONSTRAINT services_slug_format CHECK ((slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text))
);

--
-- Name: TABLE services; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.services IS 'Pakkerne (vask og polering) på hjemmesiden og i bookingen. Ret pris, navn og varighed her. Slet aldrig en pakke: sæt is_active til false for at skjule den.';

--
-- Name: COLUMN services.id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.id IS 'Pakkens faste id (dannes automatisk; ret det ikke).';

--
-- Name: COLUMN services.name; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.name IS 'Pakkens navn, som kunden ser det, f.eks. Guldpakken. Skal være unikt.';

--
-- Name: COLUMN services.description; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.description IS 'Kort beskrivelse, som kunden ser i bookingen.';

--
-- Name: COLUMN services.category; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.category IS 'Slags pakke: vask, polering eller special (pris og tid aftales).';

--
-- Name: COLUMN services.duration_minutes; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.duration_minutes IS 'Hvor mange minutters åbningstid jobbet optager, f.eks. 120 = 2 timer, 480 = 8 timer. Lange jobs fortsætter de næste åbningsdage.';

--
-- Name: COLUMN services.price; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.price IS 'Pris i hele kroner inkl. moms, f.eks. 399.';

--
-- Name: COLUMN services.sort_order; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.sort_order IS 'Rækkefølge inden for kategorien: laveste tal vises først.';

--
-- Name: COLUMN services.is_active; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.is_active IS 'true = pakken vises og kan bookes. false = pakken er slået fra (eksisterende bookinger bevares).';

--
-- Name: COLUMN services.created_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.created_at IS 'Hvornår pakken blev oprettet (automatisk).';

--
-- Name: COLUMN services.updated_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.updated_at IS 'Hvornår pakken sidst blev ændret (automatisk).';

--
-- Name: COLUMN services.slug; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.services.slug IS 'Fast nøgle, som hjemmesiden bruger til at finde pakkens beskrivelse, indhold og billede. Lad den stå, også når du omdøber pakken. Udfyldes automatisk ud fra navnet på en ny pakke.';

--
-- Name: booking_insert(uuid, public.services, timestamp without time zone, timestamp with time zone, timestamp with time zone, tstzrange[], text, text, text, text, text, text, text, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_insert(p_id uuid, p_service public.services, p_local timestamp without time zone, p_drop_off timestamp with time zone, p_ready timestamp with time zone, p_blocked tstzrange[], p_name text, p_email text, p_phone text, p_notes text, p_source text, p_idempotency_key text, p_idempotency_hash text, p_client_ip text, p_created_at timestamp with time zone) RETURNS public.bookings
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  v_bay smallint;
  v_booking public.bookings;
  v_constraint text;
  v_tries integer := 0;
begin
  loop
    v_bay := public.booking_free_bay(p_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return null;
    end if;
    begin
      insert into public.bookings (
        id, service_id, service_name, duration_minutes, price, booking_date, booking_time,
        drop_off_at, ready_at, customer_name, customer_email, customer_phone, notes, source,
        idempotency_key, idempotency_hash, client_ip, created_at
      ) values (
        p_id, p_service.id, p_service.name, p_service.duration_minutes, p_service.price,
        p_local::date, p_local::time, p_drop_off, p_ready, p_name, p_email, p_phone, p_notes,
        p_source, p_idempotency_key, p_idempotency_hash, p_client_ip, p_created_at
      )
      returning * into v_booking;
      insert into public.booking_work_periods (booking_id, bay, period)
      select p_id, v_bay, r from unnest(p_blocked) r;
      return v_booking;
    exception
      when exclusion_violation or deadlock_detected then
        -- another booking took this bay meanwhile (now committed): look for another bay
        null;
      when unique_violation then
        get stacked diagnostics v_constraint = constraint_name;
        if v_constraint <> 'bookings_reference_key' then
          raise;
        end if;
        -- reference collision: the next try draws a new reference
    end;
  end loop;
end;
$$;

--
-- Name: FUNCTION booking_insert(p_id uuid, p_service public.services, p_local timestamp without time zone, p_drop_off timestamp with time zone, p_ready timestamp with time zone, p_blocked tstzrange[], p_name text, p_email text, p_phone text, p_notes text, p_source text, p_idempotency_key text, p_idempotency_hash text, p_client_ip text, p_created_at timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_insert(p_id uuid, p_service public.services, p_local timestamp without time zone, p_drop_off timestamp with time zone, p_ready timestamp with time zone, p_blocked tstzrange[], p_name text, p_email text, p_phone text, p_notes text, p_source text, p_idempotency_key text, p_idempotency_hash text, p_client_ip text, p_created_at timestamp with time zone) IS 'Inserts a booking of a package and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book; the caller holds the locks and has checked the time.';

--
-- Name: booking_invalid_hit(text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_invalid_hit(p_ip text, p_now timestamp with time zone DEFAULT now()) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_hits integer;
begin
  insert into public.booking_rate_limits as r (bucket, window_start, hits)
  values ('invalid:' || coalesce(nullif(p_ip, ''), 'unknown'), date_trunc('hour', p_now), 1)
  on conflict (bucket, window_start) do update set hits = r.hits + 1
  returning hits into v_hits;
  return v_hits > public.booking_setting('rate_limit_invalid_per_ip_per_hour', 30);
end;
$$;

--
-- Name: FUNCTION booking_invalid_hit(p_ip text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_invalid_hit(p_ip text, p_now timestamp with time zone) IS 'Counts one refused choice (package, day or time) for the address, apart from its e-mail address; true when over rate_limit_invalid_per_ip_per_hour.';

--
-- Name: booking_job_periods(timestamp with time zone, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_job_periods(p_start timestamp with time zone, p_minutes integer) RETURNS tstzrange[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION booking_job_periods(p_start timestamp with time zone, p_minutes integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_job_periods(p_start timestamp with time zone, p_minutes integer) IS 'The work periods of a job of p_minutes opening-time minutes started at p_start: it works until closing and continues at the next opening days, skipping closed days.';

--
-- Name: booking_link_view(public.bookings, timestamp with time zone, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_link_view(p_booking public.bookings, p_now timestamp with time zone, p_moving boolean) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select case when p_booking.id is null then jsonb_build_object('state', 'not_found') else
    jsonb_build_object(
      'state', case
        when p_booking.status = 'cancelled' then 'cancelled'
        when p_now > public.booking_change_deadline(p_booking) then 'too_late'
        when p_moving and public.booking_moves_left(p_booking) = 0 then 'move_limit'
        else 'active' end,
      'booking', public.booking_summary(p_booking) || case
        when p_moving then jsonb_build_object(
          'serviceId', p_booking.service_id,
          'moveDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'movesLeft', public.booking_moves_left(p_booking))
        else jsonb_build_object(
          'cancelDeadline', public.copenhagen_iso(public.booking_change_deadline(p_booking)),
          'cancelledAt', case when p_booking.cancelled_at is not null
                              then public.copenhagen_iso(p_booking.cancelled_at) end) end) end;
$$;

--
-- Name: FUNCTION booking_link_view(p_booking public.bookings, p_now timestamp with time zone, p_moving boolean); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_link_view(p_booking public.bookings, p_now timestamp with time zone, p_moving boolean) IS 'What the cancel page (p_moving false: state active, cancelled or too_late) or the move page (true: also move_limit) may show of a booking, without contact details; {state: not_found} for a null booking.';

--
-- Name: booking_move_info(text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_move_info(p_token text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.booking_link_view(public.booking_by_token(p_token), p_now, true);
$$;

--
-- Name: FUNCTION booking_move_info(p_token text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_move_info(p_token text, p_now timestamp with time zone) IS 'The booking behind a move link: {state: active|cancelled|too_late|move_limit|not_found, booking}. Changes nothing.';

--
-- Name: booking_move_view(public.bookings, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_move_view(p_booking public.bookings, p_now timestamp with time zone) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.booking_link_view(p_booking, p_now, true);
$$;

--
-- Name: FUNCTION booking_move_view(p_booking public.bookings, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_move_view(p_booking public.bookings, p_now timestamp with time zone) IS 'What the move page may show of a booking (no contact details) and whether the customer may still move it: state active, cancelled, too_late or move_limit.';

--
-- Name: booking_moves_left(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_moves_left(p_booking public.bookings) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select greatest(public.booking_setting('max_moves_per_booking', 3) - p_booking.move_count, 0);
$$;

--
-- Name: FUNCTION booking_moves_left(p_booking public.bookings); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_moves_left(p_booking public.bookings) IS 'How many more times the customer may move a booking (max_moves_per_booking, default 3, minus the moves made; never below 0).';

--
-- Name: booking_queue_emails(public.bookings, text, text, text, jsonb, jsonb, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_queue_emails(p_booking public.bookings, p_customer_kind text, p_owner_kind text, p_key_suffix text, p_customer_extra jsonb, p_owner_extra jsonb, p_next_attempt_at timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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
     v_payload || jsonb_build_object(
       'customerEmail', p_booking.customer_email,
       'customerPhone', p_booking.customer_phone,
       'notes', p_booking.notes) || p_owner_extra,
     p_owner_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at)
  on conflict (idempotency_key) do nothing;
end;
$$;

--
-- Name: FUNCTION booking_queue_emails(p_booking public.bookings, p_customer_kind text, p_owner_kind text, p_key_suffix text, p_customer_extra jsonb, p_owner_extra jsonb, p_next_attempt_at timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_queue_emails(p_booking public.bookings, p_customer_kind text, p_owner_kind text, p_key_suffix text, p_customer_extra jsonb, p_owner_extra jsonb, p_next_attempt_at timestamp with time zone) IS 'Queues the customer''s and the owner''s e-mail of a booking event: both get booking_summary and customerName, the owner also the contact details and notes; each its extra keys. Idempotency key kind:booking id plus p_key_suffix.';

--
-- Name: booking_rate_limit_hit(text, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_rate_limit_hit(p_ip text, p_email text, p_now timestamp with time zone DEFAULT now()) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION booking_rate_limit_hit(p_ip text, p_email text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_rate_limit_hit(p_ip text, p_email text, p_now timestamp with time zone) IS 'Counts one booking attempt for the IP and the e-mail address; true when either went over its hourly limit (settings rate_limit_per_ip_per_hour, default 20, and rate_limit_per_email_per_hour, default 5).';

--
-- Name: booking_request_hash(uuid, date, text, text, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_request_hash(p_service_id uuid, p_date date, p_time text, p_name text, p_email text, p_phone text, p_notes text) RETURNS text
    LANGUAGE sql IMMUTABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select encode(sha256(convert_to(jsonb_build_array(
    p_service_id, p_date, p_time, p_name, lower(p_email),
    regexp_replace(coalesce(p_phone, ''), '\s', '', 'g'), coalesce(p_notes, ''))::text, 'UTF8')), 'hex');
$$;

--
-- Name: FUNCTION booking_request_hash(p_service_id uuid, p_date date, p_time text, p_name text, p_email text, p_phone text, p_notes text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_request_hash(p_service_id uuid, p_date date, p_time text, p_name text, p_email text, p_phone text, p_notes text) IS 'Fingerprint of a booking request (what the visitor chose and typed), to bind an idempotency key to it.';

--
-- Name: booking_result(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_result(p_booking public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'status', 'created',
    'reference', p_booking.reference,
    'service', jsonb_build_object('id', p_booking.service_id, 'name', p_booking.service_name),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at)
  );
$$;

--
-- Name: FUNCTION booking_result(p_booking public.bookings); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_result(p_booking public.bookings) IS 'The answer the create-booking edge function gives for a booking.';

--
-- Name: booking_setting(text, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_setting(p_key text, p_default integer) RETURNS integer
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select coalesce(
    (select trim(s.value)::integer
       from public.settings s
      where s.key = p_key and s.value ~ '^\s*[0-9]{1,9}\s*$'),
    p_default
  );
$_$;

--
-- Name: FUNCTION booking_setting(p_key text, p_default integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_setting(p_key text, p_default integer) IS 'A whole-number setting, or p_default when the row is missing or not a whole number.';

--
-- Name: booking_summary(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_summary(p_booking public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select jsonb_build_object(
    'reference', p_booking.reference,
    'serviceName', p_booking.service_name,
    'price', p_booking.price,
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at));
$$;

--
-- Name: FUNCTION booking_summary(p_booking public.bookings); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_summary(p_booking public.bookings) IS 'Reference, package, price, drop-off and ready time of a booking (Copenhagen ISO times): the part shared by the booking e-mails, the cancel and move pages and the owner''s calendar feed.';

--
-- Name: booking_token_hash(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.booking_token_hash(p_token text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
$$;

--
-- Name: FUNCTION booking_token_hash(p_token text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.booking_token_hash(p_token text) IS 'SHA-256 (hex) of a cancel/move token: what bookings.cancel_token_hash stores.';

--
-- Name: bookings_before_update(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_before_update() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    new.cancelled_at := coalesce(new.cancelled_at, now());
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
  end if;
  return new;
end;
$$;

--
-- Name: FUNCTION bookings_before_update(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.bookings_before_update() IS 'Trigger function: stamps cancelled_at of a booking (updated_at: set_updated_at, trigger bookings_set_updated_at).';

--
-- Name: bookings_clear_idempotency_hash(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_clear_idempotency_hash() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.idempotency_key is null then
    new.idempotency_hash := null;
  end if;
  return new;
end;
$$;

--
-- Name: FUNCTION bookings_clear_idempotency_hash(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.bookings_clear_idempotency_hash() IS 'Trigger function: a booking without idempotency key keeps no request fingerprint.';

--
-- Name: bookings_hash_cancel_token(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_hash_cancel_token() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.cancel_token is not null then
    new.cancel_token_hash := public.booking_token_hash(new.cancel_token);
    if tg_op = 'INSERT' then
      -- for the confirmation e-mail queued next in this transaction (email_outbox_fill_cancel_token)
      perform set_config('glanspunkt.new_cancel_token', new.id::text || ':' || new.cancel_token, true);
    end if;
    new.cancel_token := null;
  end if;
  return new;
end;
$$;

--
-- Name: FUNCTION bookings_hash_cancel_token(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.bookings_hash_cancel_token() IS 'Trigger function: a token written to bookings.cancel_token is stored as its SHA-256 in cancel_token_hash; on insert the plain token is handed to the confirmation e-mail of the same transaction.';

--
-- Name: bookings_normalise_phone(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_normalise_phone() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.customer_phone := regexp_replace(new.customer_phone, '\s', '', 'g');
  return new;
end;
$$;

--
-- Name: FUNCTION bookings_normalise_phone(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.bookings_normalise_phone() IS 'Trigger function: stores a booking''s phone number without spaces.';

--
-- Name: bookings_sync_work_periods(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.bookings_sync_work_periods() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.booking_work_periods w
     set active = (new.status <> 'cancelled')
   where w.booking_id = new.id and w.active is distinct from (new.status <> 'cancelled');
  return null;
end;
$$;

--
-- Name: FUNCTION bookings_sync_work_periods(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.bookings_sync_work_periods() IS 'Trigger function: a cancelled booking frees its work periods; reconfirming takes them again (refused when the time was taken meanwhile).';

--
-- Name: call_edge_function(text, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.call_edge_function(p_name text, p_body jsonb DEFAULT '{}'::jsonb) RETURNS bigint
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  v_url text;
  v_key text;
  v_request bigint;
begin
  if p_name is null or p_name !~ '^[a-z0-9][a-z0-9_-]*$' then
    raise exception 'call_edge_function: invalid function name %', p_name;
  end if;
  if to_regclass('vault.decrypted_secrets') is null then
    raise exception 'call_edge_function: Supabase Vault is not available in this database';
  end if;
  select s.decrypted_secret into v_url
    from vault.decrypted_secrets s where s.name = 'project_url' order by s.created_at desc limit 1;
  select s.decrypted_secret into v_key
    from vault.decrypted_secrets s where s.name = 'email_processor_secret'
   order by s.created_at desc limit 1;
  if coalesce(v_url, '') = '' then
    raise exception 'call_edge_function: Vault secret project_url is missing (select vault.create_secret(''https://<ref>.supabase.co'', ''project_url'');)';
  end if;
  if coalesce(v_key, '') = '' then
    raise exception 'call_edge_function: Vault secret email_processor_secret is missing (select vault.create_secret(''<EMAIL_PROCESSOR_SECRET>'', ''email_processor_secret'');)';
  end if;
  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null then
    raise exception 'call_edge_function: pg_net is not enabled (create extension pg_net with schema extensions;)';
  end if;
  select net.http_post(
           url := pg_catalog.rtrim(v_url, '/') || '/functions/v1/' || p_name,
           body := coalesce(p_body, '{}'::jsonb),
           params := '{}'::jsonb,
           headers := pg_catalog.jsonb_build_object(
             'Content-Type', 'application/json',
             'Authorization', 'Bearer ' || v_key),
           timeout_milliseconds := 60000)
    into v_request;
  return v_request;
end;
$_$;

--
-- Name: FUNCTION call_edge_function(p_name text, p_body jsonb); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.call_edge_function(p_name text, p_body jsonb) IS 'Used by the scheduled jobs (pg_cron): POSTs to the edge function p_name of this project through pg_net, with the project URL (Vault secret project_url) and the key (Vault secret email_processor_secret) read from Vault. Returns the pg_net request id.';

--
-- Name: cancel_booking(text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.cancel_booking(p_token text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
  v_view jsonb;
begin
  -- lock the booking found; a move or cancel that committed meanwhile is seen here (a move changes
  -- the hash, so the old link then finds nothing, as before)
  select * into v_booking from public.bookings b
   where b.id = v_booking.id and b.cancel_token_hash = v_booking.cancel_token_hash
     and b.anonymised_at is null
     for update;
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

  perform public.booking_queue_emails(v_booking, 'cancellation_confirmation', 'owner_cancellation', '',
    jsonb_build_object('sequence', v_booking.ics_sequence),
    jsonb_build_object('sequence', v_booking.ics_sequence), p_now);

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
end;
$$;

--
-- Name: FUNCTION cancel_booking(p_token text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.cancel_booking(p_token text, p_now timestamp with time zone) IS 'Cancels the booking behind a cancel link when it is still allowed (until cancellation_notice_hours before drop-off), frees its time, drops its pending reminder and queues e-mails to customer and workshop. Returns {state, booking}: state cancelled and cancelledNow true on success, else not_found, cancelled (was already) or too_late; nothing changes then.';

--
-- Name: closed_dates_expand_period(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.closed_dates_expand_period() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.last_day is null then
    return new;
  end if;
  if new.last_day < new.day then
    raise exception 'last_day (%) ligger før day (%). Skriv periodens sidste dag i last_day.', new.last_day, new.day
      using errcode = 'check_violation';
  end if;
  if new.last_day > new.day + 366 then
    raise exception 'En lukkeperiode kan højst være et år.' using errcode = 'check_violation';
  end if;
  insert into public.closed_dates (day, reason)
  select d::date, new.reason
    from generate_series(new.day + 1, new.last_day, interval '1 day') d
  on conflict (day) do nothing;
  new.last_day := null;
  return new;
end;
$$;

--
-- Name: FUNCTION closed_dates_expand_period(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.closed_dates_expand_period() IS 'Trigger function: a closed_dates row with last_day becomes one row per day from day to last_day (same reason).';

--
-- Name: copenhagen_iso(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.copenhagen_iso(p_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET "TimeZone" TO 'Europe/Copenhagen'
    AS $$
  select to_char(p_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM');
$$;

--
-- Name: FUNCTION copenhagen_iso(p_at timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.copenhagen_iso(p_at timestamp with time zone) IS 'ISO 8601 local time in Copenhagen with its UTC offset, e.g. 2026-12-01T16:00:00+01:00.';

--
-- Name: create_booking(uuid, date, text, text, text, text, text, text, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.create_booking(p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text DEFAULT ''::text, p_idempotency_key text DEFAULT NULL::text, p_client_ip text DEFAULT NULL::text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
declare
  v_existing public.bookings;
  v_service public.services;
  v_candidate record;
  v_booking public.bookings;
  v_id uuid := gen_random_uuid();
  v_constraint text;
  v_invalid text;
  v_cap text;
  v_hash text := public.booking_request_hash(p_service_id, p_date, p_time, p_customer_name,
                                             p_customer_email, p_customer_phone, p_notes);
begin
  -- a repeated submit returns the first booking (and does not count against the rate limit);
  -- the same key with another booking is refused, never answered with the first booking
  if p_idempotency_key is not null then
    select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
    if found then
      if v_existing.idempotency_hash is distinct from v_hash then
        return jsonb_build_object('status', 'idempotency_mismatch');
      end if;
      return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
    end if;
  end if;

  -- the caps below are counted under one lock, so simultaneous requests are counted one after the
  -- other and none can slip past a cap (the lock is held to the end of this transaction)
  perform pg_catalog.pg_advisory_xact_lock(public.booking_caps_lock_key());

  -- what the visitor chose must be bookable; a refusal here counts against the address only, in
  -- a bucket of its own, never against the e-mail address or phone it names
  select * into v_service from public.services s where s.id = p_service_id and s.is_active;
  if not found then
    v_invalid := 'serviceId';
  else
    -- the asked time if the rules offer it, else any offered time (the day is bookable) or none
    select * into v_candidate from public.booking_candidates(p_service_id, p_date, p_now) c
     order by c.slot = p_time desc
     limit 1;
    if not found then
      v_invalid := 'bookingDate';
    elsif v_candidate.slot is distinct from p_time then
      v_invalid := 'bookingTime';
    end if;
  end if;
  if v_invalid is not null then
    if public.booking_invalid_hit(p_client_ip, p_now) then
      return jsonb_build_object('status', 'rate_limited');
    end if;
    return jsonb_build_object('status', 'invalid', 'field', v_invalid);
  end if;

  if public.booking_rate_limit_hit(p_client_ip, p_customer_email, p_now) then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  v_cap := public.booking_cap_reached(p_client_ip, p_customer_email, p_customer_phone, p_now);
  if v_cap is not null then
    return jsonb_build_object('status', v_cap);
  end if;

  begin
    v_booking := public.booking_insert(
      v_id, v_service, p_date + p_time::time, v_candidate.drop_off_at, v_candidate.ready_at,
      v_candidate.blocked, p_customer_name, p_customer_email, p_customer_phone,
      coalesce(p_notes, ''), 'online', p_idempotency_key,
      case when p_idempotency_key is not null then v_hash end, p_client_ip, p_now);
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint <> 'bookings_idempotency_key_key' then
        raise;
      end if;
      -- the same submit raced with itself: return the one that won (if it is the same booking)
      select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
      if v_existing.idempotency_hash is distinct from v_hash then
        return jsonb_build_object('status', 'idempotency_mismatch');
      end if;
      return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
  end;
  if v_booking.id is null then
    return jsonb_build_object('status', 'conflict');
  end if;

  -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
  perform public.booking_queue_emails(v_booking, 'booking_confirmation', 'owner_notification', '',
    jsonb_build_object('cancelToken', v_booking.cancel_token), '{}', now());

  return public.booking_result(v_booking);
end;
$$;

--
-- Name: FUNCTION create_booking(p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.create_booking(p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap, ...}. Called by the create-booking edge function.';

--
-- Name: create_booking_with_challenge(text, timestamp with time zone, uuid, date, text, text, text, text, text, text, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.create_booking_with_challenge(p_challenge text, p_challenge_expires_at timestamp with time zone, p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text DEFAULT ''::text, p_idempotency_key text DEFAULT NULL::text, p_client_ip text DEFAULT NULL::text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;
  -- a second request with the same challenge waits here until the first one's transaction ends,
  -- then finds the row and inserts nothing
  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    -- the same submit sent again (a lost answer): create_booking answers with its booking, or
    -- refuses the key if it was used for another booking
    if p_idempotency_key is not null
       and exists (select 1 from public.bookings b where b.idempotency_key = p_idempotency_key) then
      return public.create_booking(
        p_service_id => p_service_id, p_date => p_date, p_time => p_time,
        p_customer_name => p_customer_name, p_customer_email => p_customer_email,
        p_customer_phone => p_customer_phone, p_notes => p_notes,
        p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now);
    end if;
    return jsonb_build_object('status', 'challenge_used');
  end if;
  -- the challenge stays used whatever create_booking answers: every attempt costs one solution
  return public.create_booking(
    p_service_id => p_service_id, p_date => p_date, p_time => p_time,
    p_customer_name => p_customer_name, p_customer_email => p_customer_email,
    p_customer_phone => p_customer_phone, p_notes => p_notes,
    p_idempotency_key => p_idempotency_key, p_client_ip => p_client_ip, p_now => p_now);
end;
$_$;

--
-- Name: FUNCTION create_booking_with_challenge(p_challenge text, p_challenge_expires_at timestamp with time zone, p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.create_booking_with_challenge(p_challenge text, p_challenge_expires_at timestamp with time zone, p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone) IS 'create_booking() behind a verified ALTCHA challenge: marks the challenge (its signature) used in the same transaction, so one solution gives at most one booking even when sent twice at once. Returns create_booking''s answer, or {status: challenge_invalid|challenge_expired|challenge_used}. A repeated submit with the same idempotency key gets create_booking''s replay. Called by the create-booking edge function after it verified the solution.';

--
-- Name: danish_public_holidays(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.danish_public_holidays(p_year integer) RETURNS TABLE(day date, name text)
    LANGUAGE sql IMMUTABLE STRICT SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION danish_public_holidays(p_year integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.danish_public_holidays(p_year integer) IS 'The official Danish public holidays (helligdage) of a year. Store Bededag was abolished from 2024. Grundlovsdag, juleaften and nytårsaftensdag are not public holidays: add them to closed_dates to close.';

--
-- Name: easter_sunday(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.easter_sunday(p_year integer) RETURNS date
    LANGUAGE plpgsql IMMUTABLE STRICT SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION easter_sunday(p_year integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.easter_sunday(p_year integer) IS 'Easter Sunday (Påskedag) of a year in the Gregorian calendar.';

--
-- Name: email_claim(integer, integer, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.email_claim(p_limit integer DEFAULT 10, p_lease_seconds integer DEFAULT 300, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION email_claim(p_limit integer, p_lease_seconds integer, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.email_claim(p_limit integer, p_lease_seconds integer, p_now timestamp with time zone) IS 'Takes up to p_limit due e-mails for sending (pending and due, or sending with an expired lease), skipping rows another sender holds; returns {messages: [...], openingHours: [...], cancellationNoticeHours} for the templates.';

--
-- Name: email_mark_failed(uuid, text, boolean, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.email_mark_failed(p_id uuid, p_error text, p_permanent boolean DEFAULT false, p_now timestamp with time zone DEFAULT now()) RETURNS text
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION email_mark_failed(p_id uuid, p_error text, p_permanent boolean, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.email_mark_failed(p_id uuid, p_error text, p_permanent boolean, p_now timestamp with time zone) IS 'Records a failed try: pending again after the backoff delay, or failed when permanent or out of tries. Returns the new status.';

--
-- Name: email_mark_sent(uuid, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.email_mark_sent(p_id uuid, p_provider_message_id text DEFAULT NULL::text, p_now timestamp with time zone DEFAULT now()) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  update public.email_outbox o
     set status = 'sent', sent_at = p_now, locked_until = null, last_error = null,
         provider_message_id = left(p_provider_message_id, 200)
   where o.id = p_id and o.status = 'sending'
  returning true;
$$;

--
-- Name: FUNCTION email_mark_sent(p_id uuid, p_provider_message_id text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.email_mark_sent(p_id uuid, p_provider_message_id text, p_now timestamp with time zone) IS 'Records that the e-mail API accepted the message.';

--
-- Name: email_outbox_drop_cancel_token(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.email_outbox_drop_cancel_token() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.status in ('sent', 'cancelled') and new.payload ? 'cancelToken' then
    new.payload := new.payload - 'cancelToken';
  end if;
  return new;
end;
$$;

--
-- Name: FUNCTION email_outbox_drop_cancel_token(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.email_outbox_drop_cancel_token() IS 'Trigger function: the plain token leaves the outbox as soon as its e-mail is sent (or no longer needed).';

--
-- Name: email_outbox_fill_cancel_token(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.email_outbox_fill_cancel_token() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION email_outbox_fill_cancel_token(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.email_outbox_fill_cancel_token() IS 'Trigger function: an e-mail queued with cancelToken null in the transaction that created its booking gets the plain token (which bookings does not keep).';

--
-- Name: email_queue_reminders(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.email_queue_reminders(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_hours interval := make_interval(hours => public.booking_setting('reminder_hours_before', 24));
  v_count integer;
begin
  -- bookings made (or moved) less than 12 hours before the reminder time get none: the
  -- confirmation is recent. A moved booking has its own key per move, so a reminder sent for the
  -- old time does not stop the one of the new time (20261123030000_move_booking.sql).
  -- Added here: phone bookings without an e-mail address get none, and the owner's bookings get
  -- none while owner_bookings_send_email is off.
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  select b.id, 'booking_reminder', b.customer_email,
         jsonb_build_object(
           'reference', b.reference,
           'serviceName', b.service_name,
           'price', b.price,
           'dropOff', public.copenhagen_iso(b.drop_off_at),
           'readyAt', public.copenhagen_iso(b.ready_at),
           'customerName', b.customer_name),
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
     and coalesce(b.moved_at, b.created_at) <= b.drop_off_at - v_hours - interval '12 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

--
-- Name: FUNCTION email_queue_reminders(p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.email_queue_reminders(p_now timestamp with time zone) IS 'Queues the reminder of every confirmed booking whose drop-off is within reminder_hours_before hours; each booking gets at most one (idempotency key booking_reminder:<id>). Returns how many were queued.';

--
-- Name: email_retry_delay(integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.email_retry_delay(p_attempts integer) RETURNS interval
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select least(
    make_interval(secs => public.booking_setting('email_retry_base_seconds', 60)
                          * power(2, least(greatest(p_attempts, 1) - 1, 20))),
    interval '6 hours');
$$;

--
-- Name: FUNCTION email_retry_delay(p_attempts integer); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.email_retry_delay(p_attempts integer) IS 'Wait before the next try after p_attempts failed tries: base, 2 x base, 4 x base ... at most 6 hours.';

--
-- Name: get_available_slots(uuid, date, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_available_slots(p_service_id uuid, p_date date, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET "TimeZone" TO 'Europe/Copenhagen'
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
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

--
-- Name: FUNCTION get_available_slots(p_service_id uuid, p_date date, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_available_slots(p_service_id uuid, p_date date, p_now timestamp with time zone) IS 'Free drop-off times of a day for a package: {slots: [HH:MI...], readyAt: {HH:MI: iso}}, or {error: unknown_service}. Called by the get-available-slots edge function.';

--
-- Name: get_booking_calendar(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.get_booking_calendar(p_service_id uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.booking_calendar(p_service_id, now());
$$;

--
-- Name: FUNCTION get_booking_calendar(p_service_id uuid); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.get_booking_calendar(p_service_id uuid) IS 'The booking calendar of a package now (see booking_calendar): which days of the window can be booked and why the others cannot. Public: the anon key calls it as POST /rest/v1/rpc/get_booking_calendar.';

--
-- Name: is_danish_public_holiday(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.is_danish_public_holiday(p_day date) RETURNS boolean
    LANGUAGE sql IMMUTABLE STRICT SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1
      from public.danish_public_holidays(extract(year from p_day)::integer) h
     where h.day = p_day
  );
$$;

--
-- Name: FUNCTION is_danish_public_holiday(p_day date); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.is_danish_public_holiday(p_day date) IS 'Whether a day is an official Danish public holiday (one of danish_public_holidays of its year).';

--
-- Name: live_status(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.live_status() RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_cron jsonb;
  v_failures jsonb;
  v_vault jsonb;
begin
  if to_regclass('cron.job') is not null then
    execute $q$
      select coalesce(jsonb_agg(jsonb_build_object(
               'name', j.jobname, 'schedule', j.schedule, 'command', j.command, 'active', j.active)
               order by j.jobname), '[]'::jsonb)
        from cron.job j$q$
      into v_cron;
    -- the latest run of each job in the last day, when it failed
    execute $q$
      select coalesce(jsonb_agg(jsonb_build_object('name', f.jobname, 'message', f.return_message)
               order by f.jobname), '[]'::jsonb)
        from (select distinct on (j.jobname) j.jobname, d.status, d.return_message
                from cron.job_run_details d join cron.job j on j.jobid = d.jobid
               where d.start_time > now() - interval '1 day'
               order by j.jobname, d.start_time desc) f
       where f.status = 'failed'$q$
      into v_failures;
  end if;
  if to_regclass('vault.decrypted_secrets') is not null then
    execute $q$
      select coalesce(jsonb_agg(distinct s.name), '[]'::jsonb)
        from vault.decrypted_secrets s
       where s.name is not null and coalesce(s.decrypted_secret, '') <> ''$q$
      into v_vault;
  end if;
  return jsonb_build_object(
    'migrations', (select coalesce(jsonb_agg(m.version order by m.version), '[]'::jsonb)
                     from supabase_migrations.schema_migrations m),
    'cron', v_cron,
    'cronFailures', coalesce(v_failures, '[]'::jsonb),
    'vault', v_vault,
    'pgNet', to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is not null,
    'siteRebuildError', (select r.last_error from public.site_rebuild r limit 1));
end;
$_$;

--
-- Name: FUNCTION live_status(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.live_status() IS 'For npm run check:live (service role only): applied migrations, scheduled jobs (null without pg_cron) and their recent failures, names of the Vault secrets that have a value (null without Vault), whether pg_net is enabled, the last build-hook error.';

--
-- Name: move_booking(uuid, date, text, boolean, boolean, boolean, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.move_booking(p_booking_id uuid, p_date date, p_time text, p_check_window boolean DEFAULT true, p_check_deadline boolean DEFAULT true, p_check_move_limit boolean DEFAULT true, p_moved_by text DEFAULT 'customer'::text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $_$
declare
  v_old public.bookings;
  v_booking public.bookings;
  v_service public.services;
  v_minutes integer;
  v_start timestamptz;
  v_open timestamptz;
  v_close timestamptz;
  v_blocked tstzrange[];
  v_drop_off timestamptz;
  v_ready timestamptz;
  v_last integer;
  v_bay smallint;
  v_tries integer := 0;
  v_token text;
  v_previous jsonb;
begin
  if p_moved_by is null or p_moved_by not in ('customer', 'owner') then
    raise exception 'move_booking: p_moved_by must be customer or owner' using errcode = '22023';
  end if;

  select * into v_old from public.bookings b
   where b.id = p_booking_id and b.anonymised_at is null
     for update;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  if v_old.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if p_check_deadline and p_now > public.booking_change_deadline(v_old) then
    return jsonb_build_object('status', 'too_late');
  end if;
  if p_check_move_limit and public.booking_moves_left(v_old) = 0 then
    return jsonb_build_object('status', 'move_limit');
  end if;
  if p_date is null then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
  end if;
  if p_time is null or p_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
    return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
  end if;

  if p_check_window then
    -- exactly the drop-off times the booking form offers for the package (window, hours, holidays,
    -- grid, multi-day jobs); the package must still be offered
    select * into v_service from public.services s where s.id = v_old.service_id and s.is_active;
    if not found then
      return jsonb_build_object('status', 'invalid', 'field', 'serviceId');
    end if;
    select c.drop_off_at, c.ready_at, c.blocked into v_drop_off, v_ready, v_blocked
      from public.booking_candidates(v_old.service_id, p_date, p_now) c
     order by c.slot = p_time desc
     limit 1;
    if not found then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    if to_char(v_drop_off at time zone 'Europe/Copenhagen', 'HH24:MI') <> p_time then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
    end if;
    v_minutes := v_service.duration_minutes;
  else
    -- the workshop: any start within the day's opening hours, in the future; the job's length as
    -- booked, continuing on the next opening days when it does not fit the day
    select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(p_date) h;
    if v_open is null then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    v_start := (p_date + p_time::time) at time zone 'Europe/Copenhagen';
    if v_start < v_open or v_start >= v_close or v_start <= p_now then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingTime');
    end if;
    v_minutes := v_old.duration_minutes;
    v_blocked := public.booking_job_periods(v_start, v_minutes);
    if v_blocked is null then
      return jsonb_build_object('status', 'invalid', 'field', 'bookingDate');
    end if;
    v_last := array_length(v_blocked, 1);
    v_drop_off := v_start;
    v_ready := upper(v_blocked[v_last]);
    v_blocked[v_last] := tstzrange(lower(v_blocked[v_last]),
      v_ready + make_interval(mins => public.booking_setting('buffer_minutes', 0)), '[)');
  end if;

  if v_drop_off = v_old.drop_off_at then
    return jsonb_build_object('status', 'unchanged');
  end if;

  -- free the old time and take the new one; a lost race rolls both back (the old time stays)
  loop
    v_tries := v_tries + 1;
    if v_tries > 60 then
      return jsonb_build_object('status', 'conflict');
    end if;
    begin
      delete from public.booking_work_periods w where w.booking_id = v_old.id;
      v_bay := public.booking_free_bay(v_blocked);
      if v_bay is null then
        raise exception using errcode = 'P0001', message = 'move_booking: no free bay';
      end if;
      insert into public.booking_work_periods (booking_id, bay, period)
      select v_old.id, v_bay, r from unnest(v_blocked) r;
      exit;
    exception
      when exclusion_violation or deadlock_detected then
        -- another request took this bay meanwhile (now committed): look again
        null;
      when raise_exception then
        if sqlerrm <> 'move_booking: no free bay' then
          raise;
        end if;
        return jsonb_build_object('status', 'conflict');
    end;
  end loop;

  v_token := public.booking_random_token();
  update public.bookings b
     set booking_date = (v_drop_off at time zone 'Europe/Copenhagen')::date,
         booking_time = (v_drop_off at time zone 'Europe/Copenhagen')::time,
         drop_off_at = v_drop_off,
         ready_at = v_ready,
         duration_minutes = v_minutes,
         move_count = b.move_count + case when p_moved_by = 'customer' then 1 else 0 end,
         ics_sequence = b.ics_sequence + 1,
         moved_at = p_now,
         cancel_token_hash = public.booking_token_hash(v_token)
   where b.id = v_old.id
  returning * into v_booking;

  insert into public.booking_moves (booking_id, moved_by, from_drop_off_at, from_ready_at,
                                    to_drop_off_at, to_ready_at, moved_at)
  values (v_old.id, p_moved_by, v_old.drop_off_at, v_old.ready_at, v_booking.drop_off_at,
          v_booking.ready_at, p_now);

  -- the reminder of the old time is no longer right; the new time gets its own (own key)
  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev flyttet', locked_until = null
   where o.booking_id = v_old.id and o.kind = 'booking_reminder' and o.status = 'pending';

  v_previous := jsonb_build_object(
    'previousDropOff', public.copenhagen_iso(v_old.drop_off_at),
    'previousReadyAt', public.copenhagen_iso(v_old.ready_at),
    'movedBy', p_moved_by,
    'sequence', v_booking.ics_sequence);
  perform public.booking_queue_emails(v_booking, 'booking_moved', 'owner_booking_moved',
    ':' || v_booking.ics_sequence, jsonb_build_object('cancelToken', v_token) || v_previous,
    v_previous, p_now);

  return public.booking_result(v_booking) || jsonb_build_object('status', 'moved') || v_previous
    || jsonb_build_object('movesLeft', public.booking_moves_left(v_booking));
end;
$_$;

--
-- Name: FUNCTION move_booking(p_booking_id uuid, p_date date, p_time text, p_check_window boolean, p_check_deadline boolean, p_check_move_limit boolean, p_moved_by text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.move_booking(p_booking_id uuid, p_date date, p_time text, p_check_window boolean, p_check_deadline boolean, p_check_move_limit boolean, p_moved_by text, p_now timestamp with time zone) IS 'Moves a booking to a new drop-off (p_date, p_time local Copenhagen) in one transaction. p_check_window: only the times the booking form offers (window, grid); else any start within opening hours. p_check_deadline: refused later than cancellation_notice_hours before the current drop-off. p_check_move_limit: at most max_moves_per_booking customer moves. p_moved_by: customer or owner (owner moves are not counted). Returns {status: moved, reference, service, dropOff, readyAt, previousDropOff, previousReadyAt, movedBy, sequence, movesLeft} or {status: not_found|cancelled|too_late|move_limit|unchanged|conflict|invalid(field)}; nothing changes unless moved. Queues booking_moved and owner_booking_moved e-mails.';

--
-- Name: owner_agenda_item(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_agenda_item(p_booking public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select (public.booking_summary(p_booking) - 'price')
         || jsonb_build_object('customerName', p_booking.customer_name,
                               'customerPhone', p_booking.customer_phone,
                               'notes', p_booking.notes);
$$;

--
-- Name: FUNCTION owner_agenda_item(p_booking public.bookings); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_agenda_item(p_booking public.bookings) IS 'One booking as a line of the morning agenda e-mail.';

--
-- Name: owner_agenda_read_only(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_agenda_read_only() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  raise exception 'owner_agenda er kun til at se. Book, aflys eller flyt i owner_bookings.'
    using errcode = 'feature_not_supported';
end;
$$;

--
-- Name: FUNCTION owner_agenda_read_only(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_agenda_read_only() IS 'Trigger function: owner_agenda is read-only.';

--
-- Name: owner_book(text, timestamp without time zone, text, text, text, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_book(p_package text, p_drop_off timestamp without time zone, p_customer_name text, p_customer_phone text, p_customer_email text DEFAULT NULL::text, p_notes text DEFAULT NULL::text, p_now timestamp with time zone DEFAULT now()) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    SET jit TO 'off'
    AS $$
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
    'Skriv afleveringstidspunktet i drop_off_local, f.eks. 2026-12-01 09:00.');
  perform public.owner_check_customer(v_name, v_phone, v_email, v_notes);
  v_blocked := public.owner_plan(v_service.duration_minutes, v_drop_off, p_now);

  v_booking := public.booking_insert(
    gen_random_uuid(), v_service, v_drop_off, v_drop_off at time zone 'Europe/Copenhagen',
    upper(v_blocked[array_length(v_blocked, 1)])
      - make_interval(mins => public.booking_setting('buffer_minutes', 0)),
    v_blocked, v_name, v_email, v_phone, v_notes, 'owner', null, null, null, now());
  if v_booking.id is null then
    raise exception '%', public.owner_taken_message(v_blocked) using errcode = 'exclusion_violation';
  end if;

  if v_booking.customer_email <> '' and public.owner_send_email() then
    -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
    -- (bookings keeps only its hash, 20261123030000_move_booking.sql)
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key)
    values (v_booking.id, 'booking_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking) || jsonb_build_object('cancelToken', null),
            'booking_confirmation:' || v_booking.id);
  end if;
  return v_booking;
end;
$$;

--
-- Name: FUNCTION owner_book(p_package text, p_drop_off timestamp without time zone, p_customer_name text, p_customer_phone text, p_customer_email text, p_notes text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_book(p_package text, p_drop_off timestamp without time zone, p_customer_name text, p_customer_phone text, p_customer_email text, p_notes text, p_now timestamp with time zone) IS 'Books a package for the owner (phone or walk-in) at a Copenhagen wall-clock drop-off: today or later, any minute within opening hours, on a free bay (the exclusion constraint settles races). Queues the customer confirmation when there is an e-mail and owner_bookings_send_email is on. Raises a Danish exception otherwise.';

--
-- Name: owner_booking_payload(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_booking_payload(p_booking public.bookings) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.booking_summary(p_booking) || jsonb_build_object('customerName', p_booking.customer_name);
$$;

--
-- Name: FUNCTION owner_booking_payload(p_booking public.bookings); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_booking_payload(p_booking public.bookings) IS 'The e-mail template data of a booking (as create_booking and cancel_booking build it).';

--
-- Name: owner_bookings_edit(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_bookings_edit() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_booking public.bookings;
begin
  if coalesce(current_setting('glanspunkt.owner_sync', true), '') = 'on' then
    return case when tg_op = 'DELETE' then old else new end; -- the mirror being written
  end if;

  if tg_op = 'DELETE' then
    if not exists (select 1 from public.bookings b where b.reference = old.reference) then
      return old; -- its booking was deleted (foreign key cascade)
    end if;
    raise exception 'Bookinger slettes ikke. Sæt status til cancelled for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  perform set_config('glanspunkt.owner_editing', 'on', true);
  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null then
      raise exception 'reference og ready_local udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'confirmed') <> 'confirmed' then
      raise exception 'En ny booking får status confirmed. Lad status være confirmed.'
        using errcode = 'check_violation';
    end if;
    v_booking := public.owner_book(new.package, new.drop_off_local, new.customer_name,
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
    if new.status is null or new.status not in ('confirmed', 'cancelled') then
      raise exception 'status skal være confirmed (bekræftet) eller cancelled (aflyst).'
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

    if new.status = 'cancelled' and old.status <> 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'confirmed' and old.status = 'cancelled' then
      if new.drop_off_local is distinct from old.drop_off_local then
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
    elsif new.drop_off_local is distinct from old.drop_off_local then
      if new.status = 'cancelled' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, new.drop_off_local);
    end if;
  end if;
  perform set_config('glanspunkt.owner_editing', '', true);

  -- store the row as the engine left it
  new := public.owner_bookings_row(v_booking);
  return new;
end;
$$;

--
-- Name: FUNCTION owner_bookings_edit(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_bookings_edit() IS 'Trigger function of owner_bookings: insert books (owner_book), status cancelled cancels (owner_cancel), a new drop_off_local moves (owner_move), contact fields are corrected; delete and other changes are refused in Danish. The stored row is the booking as the engine left it.';

--
-- Name: owner_bookings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.owner_bookings (
    package text,
    drop_off_local timestamp(0) without time zone,
    customer_name text,
    customer_phone text,
    customer_email text,
    notes text,
    status text DEFAULT 'confirmed'::text,
    ready_local timestamp(0) without time zone,
    reference text NOT NULL
);

--
-- Name: TABLE owner_bookings; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.owner_bookings IS 'Book, aflys og flyt bookinger (dansk tid). Ny telefonbooking: Insert row med package, drop_off_local, customer_name og customer_phone (customer_email og notes er valgfri). Aflys: sæt status til cancelled. Flyt: ret drop_off_local. Databasen afviser optagne og lukkede tider med en forklaring. Slet aldrig: aflys.';

--
-- Name: COLUMN owner_bookings.package; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.package IS 'Pakkens navn som i services, f.eks. Guldpakken. Kan ikke skiftes på en booking (aflys og book igen).';

--
-- Name: COLUMN owner_bookings.drop_off_local; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.drop_off_local IS 'Aflevering, dansk tid, f.eks. 2026-12-01 09:00. Ret den for at flytte bookingen.';

--
-- Name: COLUMN owner_bookings.customer_name; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.customer_name IS 'Kundens navn (2-100 tegn).';

--
-- Name: COLUMN owner_bookings.customer_phone; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.customer_phone IS 'Kundens telefonnummer (8-15 cifre).';

--
-- Name: COLUMN owner_bookings.customer_email; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.customer_email IS 'Kundens e-mailadresse (valgfri). Er den udfyldt, får kunden de samme mails som ved en onlinebooking (indstillingen owner_bookings_send_email).';

--
-- Name: COLUMN owner_bookings.notes; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.notes IS 'Bemærkninger (valgfri), f.eks. bilmærke.';

--
-- Name: COLUMN owner_bookings.status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.status IS 'confirmed = bekræftet. Sæt til cancelled for at aflyse: tiden bliver ledig med det samme.';

--
-- Name: COLUMN owner_bookings.ready_local; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.ready_local IS 'Hvornår bilen er færdig, dansk tid (udregnes automatisk; lad feltet være tomt).';

--
-- Name: COLUMN owner_bookings.reference; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_bookings.reference IS 'Bookingnummer (dannes automatisk; lad feltet være tomt).';

--
-- Name: owner_bookings_row(public.bookings); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_bookings_row(p_booking public.bookings) RETURNS public.owner_bookings
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p_booking.service_name,
         (p_booking.drop_off_at at time zone 'Europe/Copenhagen')::timestamp(0),
         p_booking.customer_name,
         p_booking.customer_phone,
         nullif(p_booking.customer_email, ''),
         p_booking.notes,
         p_booking.status,
         (p_booking.ready_at at time zone 'Europe/Copenhagen')::timestamp(0),
         p_booking.reference;
$$;

--
-- Name: FUNCTION owner_bookings_row(p_booking public.bookings); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_bookings_row(p_booking public.bookings) IS 'The owner_bookings row of a booking (Copenhagen wall-clock times).';

--
-- Name: owner_bookings_sync(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_bookings_sync() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_row public.owner_bookings;
begin
  if coalesce(current_setting('glanspunkt.owner_editing', true), '') = 'on' then
    return null; -- the owner's own edit: its trigger stores the row itself
  end if;
  perform set_config('glanspunkt.owner_sync', 'on', true);
  if new.anonymised_at is not null then
    delete from public.owner_bookings o where o.reference = new.reference;
  else
    v_row := public.owner_bookings_row(new);
    insert into public.owner_bookings values (v_row.*)
    on conflict (reference) do update
      set package = excluded.package, drop_off_local = excluded.drop_off_local,
          customer_name = excluded.customer_name, customer_phone = excluded.customer_phone,
          customer_email = excluded.customer_email, notes = excluded.notes,
          status = excluded.status, ready_local = excluded.ready_local;
  end if;
  perform set_config('glanspunkt.owner_sync', '', true);
  return null;
end;
$$;

--
-- Name: FUNCTION owner_bookings_sync(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_bookings_sync() IS 'Trigger function: keeps the owner_bookings row of a booking equal to the booking (skipped while the owner edits owner_bookings; that trigger stores the row itself).';

--
-- Name: owner_calendar_bookings(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_calendar_bookings(p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(jsonb_agg(public.booking_summary(b) || jsonb_build_object(
           'status', b.status,
           'customerName', b.customer_name,
           'customerPhone', b.customer_phone,
           'customerEmail', b.customer_email,
           'notes', b.notes,
           'sequence', b.ics_sequence,
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

--
-- Name: FUNCTION owner_calendar_bookings(p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_calendar_bookings(p_now timestamp with time zone) IS 'The bookings of the owner''s calendar feed (owner-calendar function): jobs not over more than 7 days ago, cancelled ones included, with customer details and work periods.';

--
-- Name: owner_cancel(uuid, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_cancel(p_booking_id uuid, p_now timestamp with time zone DEFAULT now()) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_booking public.bookings;
begin
  select * into v_booking from public.bookings b where b.id = p_booking_id for update;
  if not found or v_booking.status = 'cancelled' then
    return v_booking;
  end if;
  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = p_booking_id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev aflyst', locked_until = null
   where o.booking_id = v_booking.id and o.kind = 'booking_reminder' and o.status = 'pending';

  if v_booking.customer_email <> '' and v_booking.anonymised_at is null and public.owner_send_email() then
    insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
    values (v_booking.id, 'cancellation_confirmation', v_booking.customer_email,
            public.owner_booking_payload(v_booking),
            'cancellation_confirmation:' || v_booking.id, p_now)
    on conflict (idempotency_key) do nothing;
  end if;
  return v_booking;
end;
$$;

--
-- Name: FUNCTION owner_cancel(p_booking_id uuid, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_cancel(p_booking_id uuid, p_now timestamp with time zone) IS 'Cancels a booking as the owner (at any time, online bookings too): frees its time, drops its pending reminder and e-mails the customer when there is an e-mail and owner_bookings_send_email is on.';

--
-- Name: owner_check_customer(text, text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_check_customer(p_name text, p_phone text, p_email text, p_notes text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $_$
begin
  if p_name is null or p_name = '' then
    raise exception 'Skriv kundens navn i customer_name.' using errcode = 'not_null_violation';
  end if;
  if char_length(p_name) not between 2 and 100 or p_name ~ '[[:cntrl:]]' then
    raise exception 'Kundens navn skal være mellem 2 og 100 tegn.' using errcode = 'check_violation';
  end if;
  if p_phone is null or p_phone = '' then
    raise exception 'Skriv kundens telefonnummer i customer_phone.' using errcode = 'not_null_violation';
  end if;
  if p_phone !~ '^\+?[0-9 ()-]+$' or char_length(regexp_replace(p_phone, '[^0-9]', '', 'g')) not between 8 and 15
     or char_length(p_phone) > 30 then
    raise exception 'Telefonnummeret "%" ser forkert ud: skriv 8-15 cifre, f.eks. 12 34 56 78 eller +45 12 34 56 78.', p_phone
      using errcode = 'check_violation';
  end if;
  if p_email <> '' and (char_length(p_email) > 254
      or p_email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$') then
    raise exception 'E-mailadressen "%" ser forkert ud. Ret den, eller lad customer_email være tom.', p_email
      using errcode = 'check_violation';
  end if;
  if char_length(p_notes) > 1000 then
    raise exception 'Bemærkninger må højst være 1000 tegn.' using errcode = 'check_violation';
  end if;
end;
$_$;

--
-- Name: FUNCTION owner_check_customer(p_name text, p_phone text, p_email text, p_notes text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_check_customer(p_name text, p_phone text, p_email text, p_notes text) IS 'Refuses a malformed name, phone, e-mail or notes of an owner booking with a Danish message.';

--
-- Name: owner_day_text(date); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_day_text(p_day date) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT
    SET search_path TO ''
    AS $$
  select extract(day from p_day)::int || '. '
      || (array['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september',
                'oktober', 'november', 'december'])[extract(month from p_day)::int]
      || ' ' || extract(year from p_day)::int;
$$;

--
-- Name: FUNCTION owner_day_text(p_day date); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_day_text(p_day date) IS 'A date in Danish words, e.g. 24. november 2026.';

--
-- Name: owner_drop_off(timestamp without time zone, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_drop_off(p_drop_off timestamp without time zone, p_missing text) RETURNS timestamp without time zone
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
begin
  if p_drop_off is null then
    raise exception '%', p_missing using errcode = 'not_null_violation';
  end if;
  return date_trunc('minute', p_drop_off);
end;
$$;

--
-- Name: FUNCTION owner_drop_off(p_drop_off timestamp without time zone, p_missing text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_drop_off(p_drop_off timestamp without time zone, p_missing text) IS 'The owner''s drop-off time (Copenhagen local) to the minute; refuses a missing one with the given Danish message (not_null_violation). Used by owner_book and owner_move.';

--
-- Name: owner_move(uuid, timestamp without time zone, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_move(p_booking_id uuid, p_drop_off timestamp without time zone, p_now timestamp with time zone DEFAULT now()) RETURNS public.bookings
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    'Skriv det nye afleveringstidspunkt i drop_off_local, f.eks. 2026-12-01 09:00.');
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
$$;

--
-- Name: FUNCTION owner_move(p_booking_id uuid, p_drop_off timestamp without time zone, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_move(p_booking_id uuid, p_drop_off timestamp without time zone, p_now timestamp with time zone) IS 'Moves a booking as the owner to a Copenhagen wall-clock drop-off (later than now, within opening hours; a job that fits in a day must finish by closing) through move_booking() in its owner mode. The customer gets the booking_moved e-mail when there is an address and owner_bookings_send_email is on; the owner gets none. Raises a Danish exception when the time is closed or taken.';

--
-- Name: owner_plan(integer, timestamp without time zone, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_plan(p_minutes integer, p_drop_off timestamp without time zone, p_now timestamp with time zone DEFAULT now()) RETURNS tstzrange[]
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_day date := p_drop_off::date;
  v_start timestamptz := p_drop_off at time zone 'Europe/Copenhagen';
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_open timestamptz;
  v_close timestamptz;
  v_work tstzrange[];
  v_last integer;
  v_job interval := make_interval(mins => p_minutes);
begin
  if v_day < v_today then
    raise exception 'Datoen % er overstået. Vælg i dag eller en senere dag.', public.owner_day_text(v_day)
      using errcode = 'invalid_parameter_value';
  end if;
  select h.opens_at, h.closes_at into v_open, v_close from public.booking_day_hours(v_day) h;
  if v_open is null then
    raise exception 'Der er lukket den % (lukkedag, helligdag eller lukket ugedag). Vælg en anden dag, eller åbn dagen i open_dates.', public.owner_day_text(v_day)
      using errcode = 'invalid_parameter_value';
  end if;
  if v_start < v_open or v_start >= v_close then
    raise exception 'Den % er der åbent %-%. Vælg et afleveringstidspunkt inden for åbningstiden.',
      public.owner_day_text(v_day), public.owner_time_text(v_open), public.owner_time_text(v_close)
      using errcode = 'invalid_parameter_value';
  end if;
  -- a job that fits in the day must be done by closing time, as online; a longer one continues on
  -- the next opening days
  if v_job <= v_close - v_open and v_start + v_job > v_close then
    raise exception 'Jobbet tager % og kan ikke blive færdigt inden lukketid kl. % den %. Vælg et tidligere tidspunkt.',
      case when p_minutes < 90 then p_minutes || ' min' else round(p_minutes / 60.0) || ' timer' end,
      public.owner_time_text(v_close), public.owner_day_text(v_day)
      using errcode = 'invalid_parameter_value';
  end if;
  v_work := public.booking_job_periods(v_start, p_minutes);
  if v_work is null then
    raise exception 'Jobbet kan ikke planlægges: der er ikke åbent nok det næste år.'
      using errcode = 'invalid_parameter_value';
  end if;
  v_last := array_length(v_work, 1);
  v_work[v_last] := tstzrange(lower(v_work[v_last]),
    upper(v_work[v_last]) + make_interval(mins => public.booking_setting('buffer_minutes', 0)), '[)');
  return v_work;
end;
$$;

--
-- Name: FUNCTION owner_plan(p_minutes integer, p_drop_off timestamp without time zone, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_plan(p_minutes integer, p_drop_off timestamp without time zone, p_now timestamp with time zone) IS 'The bay time (work periods, the last one with buffer) of a job of p_minutes dropped off at a Copenhagen wall-clock time, or a Danish exception when that time is over, closed or the job cannot finish by closing.';

--
-- Name: owner_send_email(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_send_email() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(
    (select lower(trim(s.value)) not in ('0', 'false', 'nej', 'fra', 'off', 'no')
       from public.settings s where s.key = 'owner_bookings_send_email'),
    true);
$$;

--
-- Name: FUNCTION owner_send_email(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_send_email() IS 'Whether owner_bookings changes e-mail the customer (setting owner_bookings_send_email, default on).';

--
-- Name: owner_taken_message(tstzrange[]); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_taken_message(p_blocked tstzrange[]) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select format('Tiden er optaget: værkstedet har ikke en ledig plads i hele tiden fra %s kl. %s til %s kl. %s. Se owner_agenda og vælg en anden tid.',
    public.owner_day_text((lower(p_blocked[1]) at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(lower(p_blocked[1])),
    public.owner_day_text((upper(p_blocked[array_length(p_blocked, 1)]) at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(upper(p_blocked[array_length(p_blocked, 1)])));
$$;

--
-- Name: FUNCTION owner_taken_message(p_blocked tstzrange[]); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_taken_message(p_blocked tstzrange[]) IS 'The Danish refusal when the bay time is taken.';

--
-- Name: owner_time_text(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.owner_time_text(p_at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE STRICT
    SET search_path TO ''
    AS $$
  select to_char(p_at at time zone 'Europe/Copenhagen', 'HH24:MI');
$$;

--
-- Name: FUNCTION owner_time_text(p_at timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.owner_time_text(p_at timestamp with time zone) IS 'Copenhagen wall-clock time HH:MI of an instant.';

--
-- Name: queue_owner_agenda(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.queue_owner_agenda(p_now timestamp with time zone DEFAULT now()) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

--
-- Name: FUNCTION queue_owner_agenda(p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.queue_owner_agenda(p_now timestamp with time zone) IS 'Queues the owner''s morning agenda e-mail (kind owner_agenda) when the setting owner_agenda_email is 1, it is 07:00 or later in Copenhagen and the workshop opens today; at most one per day. Returns how many were queued (0 or 1). Safe to call as often as wanted.';

--
-- Name: reschedule_booking(text, date, text, timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.reschedule_booking(p_token text, p_date date, p_time text, p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_id uuid := (public.booking_by_token(p_token)).id;
begin
  if v_id is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  return public.move_booking(v_id, p_date, p_time, true, true, true, 'customer', p_now);
end;
$$;

--
-- Name: FUNCTION reschedule_booking(p_token text, p_date date, p_time text, p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.reschedule_booking(p_token text, p_date date, p_time text, p_now timestamp with time zone) IS 'The customer''s move through the link in the e-mail: move_booking() with every customer rule. Called by the reschedule-booking edge function.';

--
-- Name: retention_phone_key(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.retention_phone_key(p_phone text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
  -- digits only; a Danish number with the country code (+45 or 0045) is the same as without
  select case when d ~ '^(0045|45)[0-9]{8}$' then right(d, 8) else d end
    from (select regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g') as d) x;
$_$;

--
-- Name: FUNCTION retention_phone_key(p_phone text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.retention_phone_key(p_phone text) IS 'A phone number as retention compares it: digits only, a Danish number without its +45/0045.';

--
-- Name: run_retention(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.run_retention(p_now timestamp with time zone DEFAULT now()) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_anonymised integer;
  v_purged integer;
  v_rate_limits integer;
  v_ips integer;
  v_challenges integer;
begin
  -- 1. contact and service data: 5 years after the customer's last contact (their latest booking,
  --    its drop-off/ready time or cancellation), every booking of that customer is anonymised. A
  --    customer is an e-mail address, or for the owner's phone bookings without one, a phone number
  with last_contact as (
    select coalesce(nullif(lower(b.customer_email), ''), 'phone:' || public.retention_phone_key(b.customer_phone)) as customer,
           max(greatest(b.created_at, b.ready_at, coalesce(b.cancelled_at, b.created_at))) as at
      from public.bookings b
     where b.anonymised_at is null
     group by 1
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
     and coalesce(nullif(lower(b.customer_email), ''), 'phone:' || public.retention_phone_key(b.customer_phone)) = l.customer
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

  -- 4. used proof-of-work challenges once they have expired (they cannot be replayed after that)
  delete from public.booking_challenge_uses c where c.expires_at < p_now;
  get diagnostics v_challenges = row_count;

  return jsonb_build_object(
    'bookingsAnonymised', v_anonymised,
    'emailsPurged', v_purged,
    'rateLimitRowsDeleted', v_rate_limits,
    'bookingIpsRemoved', v_ips,
    'challengeUsesDeleted', v_challenges);
end;
$$;

--
-- Name: FUNCTION run_retention(p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.run_retention(p_now timestamp with time zone) IS 'Deletes personal data the privacy policy no longer allows us to keep: anonymises bookings 5 years after the customer''s last contact (a customer is an e-mail address, or a phone number for bookings without one), purges e-mail copies (sent: 30 days, failed: 90 days), rate-limit rows after 1 day, booking IP addresses after 30 days and used booking challenges once expired. Run daily (pg_cron). Returns counts.';

--
-- Name: service_slug(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.service_slug(name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select trim(both '-' from regexp_replace(
    lower(replace(replace(replace(replace(replace(replace(name,
      'æ', 'ae'), 'Æ', 'ae'), 'ø', 'oe'), 'Ø', 'oe'), 'å', 'aa'), 'Å', 'aa')),
    '[^a-z0-9]+', '-', 'g'))
$$;

--
-- Name: FUNCTION service_slug(name text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.service_slug(name text) IS 'Slug of a package name: lowercase ASCII letters, digits and hyphens (æ, ø, å as ae, oe, aa).';

--
-- Name: services_fill_slug(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.services_fill_slug() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.slug is null or btrim(new.slug) = '' then
    new.slug := public.service_slug(new.name);
  end if;
  return new;
end;
$$;

--
-- Name: FUNCTION services_fill_slug(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.services_fill_slug() IS 'Trigger function: gives a new package a slug made from its name when none is given.';

--
-- Name: set_updated_at(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.set_updated_at() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.updated_at := now();
  return new;
end;
$$;

--
-- Name: FUNCTION set_updated_at(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.set_updated_at() IS 'Trigger function: stamps updated_at with the current time on every update.';

--
-- Name: site_rebuild_after_change(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.site_rebuild_after_change() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform public.site_rebuild_request(now(), true);
  return null;
end;
$$;

--
-- Name: FUNCTION site_rebuild_after_change(); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.site_rebuild_after_change() IS 'Trigger: a change to services, opening_hours or settings asks the static host to rebuild the site, at most once a minute (later changes wait for site_rebuild_flush()).';

--
-- Name: site_rebuild_call(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.site_rebuild_call(p_now timestamp with time zone) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  v_url text;
  v_request bigint;
begin
  if to_regclass('vault.decrypted_secrets') is null
     or to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null then
    return false; -- not hosted Supabase (PGlite, the embedded stack): nothing to call
  end if;
  select s.decrypted_secret into v_url
    from vault.decrypted_secrets s where s.name = 'site_build_hook_url' limit 1;
  if coalesce(v_url, '') = '' then
    return false; -- no hook configured (yet): nothing to call
  end if;
  if v_url !~ '^https://[^\s/]+/\S*$' then
    update public.site_rebuild
       set last_error = 'Vault-hemmeligheden site_build_hook_url er ikke en https-adresse.',
           last_error_at = p_now
     where id;
    return false;
  end if;
  begin
    select net.http_post(
             url := v_url,
             body := '{}'::jsonb,
             params := '{}'::jsonb,
             headers := '{"Content-Type": "application/json"}'::jsonb,
             timeout_milliseconds := 10000)
      into v_request;
  exception when others then
    update public.site_rebuild
       set last_error = 'Byggekrogen kunne ikke kaldes: ' || sqlerrm, last_error_at = p_now
     where id;
    return false;
  end;
  update public.site_rebuild
     set requested_at = p_now,
         requested_xact = pg_catalog.txid_current(),
         pending_since = null,
         last_request_id = v_request,
         last_error = null,
         last_error_at = null
   where id;
  return true;
end;
$_$;

--
-- Name: FUNCTION site_rebuild_call(p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.site_rebuild_call(p_now timestamp with time zone) IS 'Calls the build hook (Vault secret site_build_hook_url) through pg_net and records it in site_rebuild. Returns whether a call was made. Internal: used by the trigger and site_rebuild_flush().';

--
-- Name: site_rebuild_flush(timestamp with time zone); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.site_rebuild_flush(p_now timestamp with time zone DEFAULT now()) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select public.site_rebuild_request(p_now, false);
$$;

--
-- Name: FUNCTION site_rebuild_flush(p_now timestamp with time zone); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.site_rebuild_flush(p_now timestamp with time zone) IS 'Run every minute (pg_cron job site-rebuild): calls the build hook for changes that arrived within a minute of the previous call. Returns whether it called.';

--
-- Name: site_rebuild_request(timestamp with time zone, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.site_rebuild_request(p_now timestamp with time zone, p_change boolean) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_state public.site_rebuild;
begin
  select * into v_state from public.site_rebuild where id for update;
  if not found then
    if not p_change then
      return false; -- nothing was ever asked for
    end if;
    insert into public.site_rebuild (id) values (true) on conflict (id) do nothing;
    select * into v_state from public.site_rebuild where id for update;
  end if;
  if p_change and v_state.requested_xact = pg_catalog.txid_current() then
    return false; -- this transaction already asked for a build: it sees all of its own changes
  end if;
  if not p_change and v_state.pending_since is null then
    return false; -- the minute's run: no change waits
  end if;
  if v_state.requested_at is null or v_state.requested_at <= p_now - interval '1 minute' then
    return public.site_rebuild_call(p_now);
  end if;
  -- called within the minute: the change waits for the minute's run
  if p_change and v_state.pending_since is null then
    update public.site_rebuild set pending_since = p_now where id;
  end if;
  return false;
end;
$$;

--
-- Name: FUNCTION site_rebuild_request(p_now timestamp with time zone, p_change boolean); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.site_rebuild_request(p_now timestamp with time zone, p_change boolean) IS 'Internal: locks the site_rebuild row and calls the build hook when the last call is a minute old or more; otherwise a change (p_change) is marked pending and the minute''s run (not p_change) does nothing. Returns whether it called. Used by site_rebuild_after_change() and site_rebuild_flush().';

--
-- Name: booking_challenge_uses; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.booking_challenge_uses (
    signature text NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    CONSTRAINT booking_challenge_uses_signature_check CHECK ((signature ~ '^[0-9a-f]{64}$'::text))
);

--
-- Name: TABLE booking_challenge_uses; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.booking_challenge_uses IS 'Brugte sikkerhedstjek (ALTCHA) fra bookingformularen. Hvert tjek kan kun bruges til én booking; rækkerne slettes automatisk, når tjekket er udløbet.';

--
-- Name: COLUMN booking_challenge_uses.signature; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_challenge_uses.signature IS 'Sikkerhedstjekkets signatur (HMAC-SHA-256, hex).';

--
-- Name: COLUMN booking_challenge_uses.expires_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_challenge_uses.expires_at IS 'Hvornår sikkerhedstjekket udløber; derefter slettes rækken.';

--
-- Name: booking_moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.booking_moves (
    id bigint NOT NULL,
    booking_id uuid NOT NULL,
    moved_by text NOT NULL,
    from_drop_off_at timestamp with time zone NOT NULL,
    from_ready_at timestamp with time zone NOT NULL,
    to_drop_off_at timestamp with time zone NOT NULL,
    to_ready_at timestamp with time zone NOT NULL,
    moved_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT booking_moves_moved_by_check CHECK ((moved_by = ANY (ARRAY['customer'::text, 'owner'::text])))
);

--
-- Name: TABLE booking_moves; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.booking_moves IS 'Historik: hver flytning af en booking, fra hvilken tid til hvilken, af kunden (linket i mailen) eller af dig (owner_bookings). Tiderne er i UTC.';

--
-- Name: COLUMN booking_moves.id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.id IS 'Løbenummer (automatisk).';

--
-- Name: COLUMN booking_moves.booking_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.booking_id IS 'Bookingen.';

--
-- Name: COLUMN booking_moves.moved_by; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.moved_by IS 'customer = kunden, owner = dig.';

--
-- Name: COLUMN booking_moves.from_drop_off_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.from_drop_off_at IS 'Aflevering før flytningen (UTC).';

--
-- Name: COLUMN booking_moves.from_ready_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.from_ready_at IS 'Færdig før flytningen (UTC).';

--
-- Name: COLUMN booking_moves.to_drop_off_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.to_drop_off_at IS 'Aflevering efter flytningen (UTC).';

--
-- Name: COLUMN booking_moves.to_ready_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.to_ready_at IS 'Færdig efter flytningen (UTC).';

--
-- Name: COLUMN booking_moves.moved_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_moves.moved_at IS 'Hvornår bookingen blev flyttet.';

--
-- Name: booking_moves_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.booking_moves ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.booking_moves_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: booking_rate_limits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.booking_rate_limits (
    bucket text NOT NULL,
    window_start timestamp with time zone NOT NULL,
    hits integer DEFAULT 0 NOT NULL
);

--
-- Name: TABLE booking_rate_limits; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.booking_rate_limits IS 'Teknisk: antal bookingforsøg pr. IP-adresse (ip:...) og pr. e-mailadresse (email:...) pr. time. Gamle rækker slettes automatisk.';

--
-- Name: COLUMN booking_rate_limits.bucket; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_rate_limits.bucket IS 'ip:<adresse> eller email:<adresse>.';

--
-- Name: COLUMN booking_rate_limits.window_start; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_rate_limits.window_start IS 'Starten af den time, der tælles.';

--
-- Name: COLUMN booking_rate_limits.hits; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_rate_limits.hits IS 'Forsøg i den time.';

--
-- Name: booking_work_periods; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.booking_work_periods (
    id bigint NOT NULL,
    booking_id uuid NOT NULL,
    bay smallint NOT NULL,
    period tstzrange NOT NULL,
    active boolean DEFAULT true NOT NULL,
    CONSTRAINT booking_work_periods_bay_check CHECK ((bay >= 1)),
    CONSTRAINT booking_work_periods_period_check CHECK (((NOT isempty(period)) AND lower_inc(period) AND (NOT upper_inc(period)) AND (NOT lower_inf(period)) AND (NOT upper_inf(period))))
);

--
-- Name: TABLE booking_work_periods; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.booking_work_periods IS 'Teknisk: den tid hver booking optager en plads i værkstedet, ét stykke pr. åbningsdag. Databasen afviser to overlappende perioder på samme plads. Ret ikke her.';

--
-- Name: COLUMN booking_work_periods.booking_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_work_periods.booking_id IS 'Bookingen.';

--
-- Name: COLUMN booking_work_periods.bay; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_work_periods.bay IS 'Pladsnummer i værkstedet (1 til workshop_capacity).';

--
-- Name: COLUMN booking_work_periods.period; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_work_periods.period IS 'Optaget tid [fra, til) i UTC: arbejdet og efter det sidste stykke buffer_minutes.';

--
-- Name: COLUMN booking_work_periods.active; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.booking_work_periods.active IS 'false, når bookingen er aflyst (vedligeholdes automatisk).';

--
-- Name: booking_work_periods_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.booking_work_periods ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.booking_work_periods_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

--
-- Name: closed_dates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.closed_dates (
    day date NOT NULL,
    reason text DEFAULT ''::text NOT NULL,
    last_day date
);

--
-- Name: TABLE closed_dates; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.closed_dates IS 'Lukkedage ud over de faste åbningstider, f.eks. ferie: én række pr. dag. Helligdage lukkes automatisk.';

--
-- Name: COLUMN closed_dates.day; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.closed_dates.day IS 'Den lukkede dag (dato).';

--
-- Name: COLUMN closed_dates.reason; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.closed_dates.reason IS 'Hvorfor der er lukket (kun til dig, f.eks. Sommerferie).';

--
-- Name: COLUMN closed_dates.last_day; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.closed_dates.last_day IS 'Til og med (valgfri): udfyld for at lukke en hel periode, f.eks. en ferie, fra day til og med denne dato. Der laves én række pr. dag, og feltet tømmes bagefter.';

--
-- Name: email_outbox; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.email_outbox (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    booking_id uuid,
    kind text NOT NULL,
    recipient text,
    payload jsonb DEFAULT '{}'::jsonb NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    idempotency_key text NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    sent_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    locked_until timestamp with time zone,
    last_attempt_at timestamp with time zone,
    provider_message_id text,
    purged_at timestamp with time zone,
    CONSTRAINT email_outbox_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT email_outbox_kind_check CHECK ((kind = ANY (ARRAY['booking_confirmation'::text, 'owner_notification'::text, 'booking_reminder'::text, 'cancellation_confirmation'::text, 'owner_cancellation'::text, 'booking_moved'::text, 'owner_booking_moved'::text, 'owner_agenda'::text]))),
    CONSTRAINT email_outbox_recipient_check CHECK (((recipient IS NOT NULL) OR (kind = ANY (ARRAY['owner_notification'::text, 'owner_cancellation'::text, 'owner_booking_moved'::text, 'owner_agenda'::text])) OR (purged_at IS NOT NULL))),
    CONSTRAINT email_outbox_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'sending'::text, 'sent'::text, 'failed'::text, 'cancelled'::text])))
);

--
-- Name: TABLE email_outbox; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.email_outbox IS 'Mails til kunder og til dig. De sendes automatisk og prøves igen ved fejl. Status failed = opgivet (se last_error); sæt status til pending for at prøve igen.';

--
-- Name: COLUMN email_outbox.id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.id IS 'Mailens faste id (automatisk).';

--
-- Name: COLUMN email_outbox.booking_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.booking_id IS 'Bookingen, mailen handler om.';

--
-- Name: COLUMN email_outbox.kind; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.kind IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved og cancellation_confirmation går til kunden; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL).';

--
-- Name: COLUMN email_outbox.recipient; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.recipient IS 'Modtagerens adresse. Tom ved mails til dig (så bruges OWNER_EMAIL) og når indholdet er slettet.';

--
-- Name: COLUMN email_outbox.payload; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.payload IS 'Indholdet, mailen laves ud fra (bookingnummer, pakke, tider, kundens navn).';

--
-- Name: COLUMN email_outbox.status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.status IS 'pending = venter, sending = sendes nu, sent = sendt, failed = opgivet (se last_error), cancelled = ikke længere nødvendig (f.eks. påmindelse om en aflyst booking).';

--
-- Name: COLUMN email_outbox.attempts; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.attempts IS 'Antal forsøg på at sende.';

--
-- Name: COLUMN email_outbox.last_error; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.last_error IS 'Fejlen ved det seneste mislykkede forsøg.';

--
-- Name: COLUMN email_outbox.idempotency_key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.idempotency_key IS 'Teknisk nøgle, så et nyt forsøg ikke giver to ens mails.';

--
-- Name: COLUMN email_outbox.next_attempt_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.next_attempt_at IS 'Tidligst næste forsøg (UTC).';

--
-- Name: COLUMN email_outbox.sent_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.sent_at IS 'Hvornår mailtjenesten tog imod mailen (UTC).';

--
-- Name: COLUMN email_outbox.created_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.created_at IS 'Hvornår mailen blev lagt i kø (UTC).';

--
-- Name: COLUMN email_outbox.locked_until; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.locked_until IS 'Teknisk: mens der sendes, hvor længe dette forsøg har rækken.';

--
-- Name: COLUMN email_outbox.last_attempt_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.last_attempt_at IS 'Hvornår seneste forsøg startede (UTC).';

--
-- Name: COLUMN email_outbox.provider_message_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.provider_message_id IS 'Mailtjenestens id for mailen (findes i Resends log).';

--
-- Name: COLUMN email_outbox.purged_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.email_outbox.purged_at IS 'Hvornår modtager og indhold blev slettet (privatlivspolitikken: kun så længe det er nødvendigt).';

--
-- Name: open_dates; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.open_dates (
    day date NOT NULL,
    opens_at time without time zone,
    closes_at time without time zone,
    reason text DEFAULT ''::text NOT NULL,
    CONSTRAINT open_dates_both_or_neither CHECK (((opens_at IS NULL) = (closes_at IS NULL))),
    CONSTRAINT open_dates_closes_after_opens CHECK ((closes_at > opens_at))
);

--
-- Name: TABLE open_dates; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.open_dates IS 'Dage, hvor der er åbent, selv om der ellers ville være lukket (f.eks. en helligdag). Tomme tider = ugedagens normale tider. En dag i closed_dates forbliver lukket.';

--
-- Name: COLUMN open_dates.day; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.open_dates.day IS 'Dagen, der skal være åben (dato).';

--
-- Name: COLUMN open_dates.opens_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.open_dates.opens_at IS 'Åbner kl. den dag, eller tom for ugedagens normale tid.';

--
-- Name: COLUMN open_dates.closes_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.open_dates.closes_at IS 'Lukker kl. den dag, eller tom for ugedagens normale tid.';

--
-- Name: COLUMN open_dates.reason; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.open_dates.reason IS 'Hvorfor der er åbent (kun til dig).';

--
-- Name: opening_hours; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.opening_hours (
    weekday smallint NOT NULL,
    opens_at time without time zone,
    closes_at time without time zone,
    CONSTRAINT opening_hours_both_or_neither CHECK (((opens_at IS NULL) = (closes_at IS NULL))),
    CONSTRAINT opening_hours_closes_after_opens CHECK ((closes_at > opens_at)),
    CONSTRAINT opening_hours_weekday_check CHECK (((weekday >= 1) AND (weekday <= 7)))
);

--
-- Name: TABLE opening_hours; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.opening_hours IS 'Faste åbningstider, én række pr. ugedag (dansk tid). Tøm begge tider for en lukket ugedag.';

--
-- Name: COLUMN opening_hours.weekday; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.opening_hours.weekday IS 'Ugedag: 1 = mandag, 2 = tirsdag ... 7 = søndag.';

--
-- Name: COLUMN opening_hours.opens_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.opening_hours.opens_at IS 'Åbner kl., f.eks. 09:00. Tom = lukket hele dagen.';

--
-- Name: COLUMN opening_hours.closes_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.opening_hours.closes_at IS 'Lukker kl., f.eks. 20:00 (senere end åbningstiden). Tom = lukket hele dagen.';

--
-- Name: owner_agenda; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.owner_agenda WITH (security_invoker='true') AS
 SELECT ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::date AS day,
    ((b.drop_off_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS drop_off_local,
    ((b.ready_at AT TIME ZONE 'Europe/Copenhagen'::text))::timestamp(0) without time zone AS ready_local,
    b.service_name AS package,
    b.customer_name,
    b.customer_phone,
    b.customer_email,
    b.notes,
    b.status,
    b.reference
   FROM public.bookings b
  WHERE (b.ready_at >= ((((now() AT TIME ZONE 'Europe/Copenhagen'::text))::date)::timestamp without time zone AT TIME ZONE 'Europe/Copenhagen'::text))
  ORDER BY b.drop_off_at, b.reference;

--
-- Name: VIEW owner_agenda; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON VIEW public.owner_agenda IS 'Dagens og de kommende dages arbejde (kun til at se, ikke rette). Alle tider er dansk tid. Filtrér på day for at se én dag, f.eks. i dag eller i morgen. Aflys og flyt i owner_bookings.';

--
-- Name: COLUMN owner_agenda.day; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.day IS 'Afleveringsdag (dansk dato).';

--
-- Name: COLUMN owner_agenda.drop_off_local; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.drop_off_local IS 'Hvornår kunden afleverer bilen (dansk tid).';

--
-- Name: COLUMN owner_agenda.ready_local; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.ready_local IS 'Hvornår bilen er færdig og kan hentes (dansk tid).';

--
-- Name: COLUMN owner_agenda.package; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.package IS 'Den bookede pakke.';

--
-- Name: COLUMN owner_agenda.customer_name; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.customer_name IS 'Kundens navn.';

--
-- Name: COLUMN owner_agenda.customer_phone; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.customer_phone IS 'Kundens telefonnummer.';

--
-- Name: COLUMN owner_agenda.customer_email; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.customer_email IS 'Kundens e-mailadresse (tom ved telefonbookinger uden e-mail).';

--
-- Name: COLUMN owner_agenda.notes; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.notes IS 'Kundens eller dine bemærkninger.';

--
-- Name: COLUMN owner_agenda.status; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.status IS 'confirmed = bekræftet, cancelled = aflyst (tiden er ledig igen).';

--
-- Name: COLUMN owner_agenda.reference; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.owner_agenda.reference IS 'Bookingnummer (står i kundens bekræftelsesmail).';

--
-- Name: settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.settings (
    key text NOT NULL,
    value text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    is_public boolean DEFAULT false NOT NULL
);

--
-- Name: TABLE settings; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.settings IS 'Regler for bookingen som navn og værdi, f.eks. hvor langt frem man kan booke. Ret kun kolonnen value.';

--
-- Name: COLUMN settings.key; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.settings.key IS 'Indstillingens navn, f.eks. max_advance_booking_days. Ret det ikke.';

--
-- Name: COLUMN settings.value; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.settings.value IS 'Indstillingens værdi. Tal skrives som hele tal uden enhed, f.eks. 60. Til/fra skrives 1 (til) eller 0 (fra).';

--
-- Name: COLUMN settings.description; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.settings.description IS 'Hvad indstillingen styrer.';

--
-- Name: COLUMN settings.is_public; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.settings.is_public IS 'Om hjemmesiden må læse indstillingen. Ret det ikke.';

--
-- Name: site_rebuild; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.site_rebuild (
    id boolean DEFAULT true NOT NULL,
    requested_at timestamp with time zone,
    requested_xact bigint,
    pending_since timestamp with time zone,
    last_request_id bigint,
    last_error text,
    last_error_at timestamp with time zone,
    CONSTRAINT site_rebuild_id_check CHECK (id)
);

--
-- Name: TABLE site_rebuild; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.site_rebuild IS 'Automatisk: hvornår hjemmesiden sidst blev bedt om at blive bygget igen efter en ændring af pakker, åbningstider eller indstillinger. Rør den ikke; den passer sig selv.';

--
-- Name: COLUMN site_rebuild.id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.site_rebuild.id IS 'Der er kun én række.';

--
-- Name: COLUMN site_rebuild.requested_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.site_rebuild.requested_at IS 'Hvornår hjemmesiden sidst blev bedt om at bygge igen (højst én gang i minuttet).';

--
-- Name: COLUMN site_rebuild.requested_xact; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.site_rebuild.requested_xact IS 'Teknisk: den ændring (transaktion) der sidst bad om at bygge.';

--
-- Name: COLUMN site_rebuild.pending_since; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.site_rebuild.pending_since IS 'Udfyldt når en ændring venter på næste byg (inden for et minut).';

--
-- Name: COLUMN site_rebuild.last_request_id; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.site_rebuild.last_request_id IS 'Teknisk: id på det sidste kald (pg_net).';

--
-- Name: COLUMN site_rebuild.last_error; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.site_rebuild.last_error IS 'Sidste fejl ved kald af byggekrogen, f.eks. en manglende adresse. Tom når alt virker.';

--
-- Name: COLUMN site_rebuild.last_error_at; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON COLUMN public.site_rebuild.last_error_at IS 'Hvornår den sidste fejl skete.';

--
-- Name: booking_challenge_uses booking_challenge_uses_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_challenge_uses
    ADD CONSTRAINT booking_challenge_uses_pkey PRIMARY KEY (signature);

--
-- Name: booking_moves booking_moves_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_moves
    ADD CONSTRAINT booking_moves_pkey PRIMARY KEY (id);

--
-- Name: booking_rate_limits booking_rate_limits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_rate_limits
    ADD CONSTRAINT booking_rate_limits_pkey PRIMARY KEY (bucket, window_start);

--
-- Name: booking_work_periods booking_work_periods_no_overlap; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_work_periods
    ADD CONSTRAINT booking_work_periods_no_overlap EXCLUDE USING gist (bay WITH =, period WITH &&) WHERE (active);

--
-- Name: booking_work_periods booking_work_periods_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_work_periods
    ADD CONSTRAINT booking_work_periods_pkey PRIMARY KEY (id);

--
-- Name: bookings bookings_cancel_token_hash_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_cancel_token_hash_key UNIQUE (cancel_token_hash);

--
-- Name: bookings bookings_idempotency_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_idempotency_key_key UNIQUE (idempotency_key);

--
-- Name: bookings bookings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_pkey PRIMARY KEY (id);

--
-- Name: bookings bookings_reference_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_reference_key UNIQUE (reference);

--
-- Name: closed_dates closed_dates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.closed_dates
    ADD CONSTRAINT closed_dates_pkey PRIMARY KEY (day);

--
-- Name: email_outbox email_outbox_idempotency_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_idempotency_key_key UNIQUE (idempotency_key);

--
-- Name: email_outbox email_outbox_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_pkey PRIMARY KEY (id);

--
-- Name: open_dates open_dates_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.open_dates
    ADD CONSTRAINT open_dates_pkey PRIMARY KEY (day);

--
-- Name: opening_hours opening_hours_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.opening_hours
    ADD CONSTRAINT opening_hours_pkey PRIMARY KEY (weekday);

--
-- Name: owner_bookings owner_bookings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.owner_bookings
    ADD CONSTRAINT owner_bookings_pkey PRIMARY KEY (reference);

--
-- Name: services services_name_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.services
    ADD CONSTRAINT services_name_key UNIQUE (name);

--
-- Name: services services_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.services
    ADD CONSTRAINT services_pkey PRIMARY KEY (id);

--
-- Name: services services_slug_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.services
    ADD CONSTRAINT services_slug_key UNIQUE (slug);

--
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (key);

--
-- Name: site_rebuild site_rebuild_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.site_rebuild
    ADD CONSTRAINT site_rebuild_pkey PRIMARY KEY (id);

--
-- Name: booking_challenge_uses_expires_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_challenge_uses_expires_at_idx ON public.booking_challenge_uses USING btree (expires_at);

--
-- Name: booking_moves_booking_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_moves_booking_id_idx ON public.booking_moves USING btree (booking_id);

--
-- Name: booking_rate_limits_window_start_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_rate_limits_window_start_idx ON public.booking_rate_limits USING btree (window_start);

--
-- Name: booking_work_periods_booking_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX booking_work_periods_booking_id_idx ON public.booking_work_periods USING btree (booking_id);

--
-- Name: bookings_client_ip_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_client_ip_created_at_idx ON public.bookings USING btree (client_ip, created_at);

--
-- Name: bookings_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_created_at_idx ON public.bookings USING btree (created_at);

--
-- Name: bookings_customer_email_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_customer_email_idx ON public.bookings USING btree (lower(customer_email));

--
-- Name: bookings_customer_phone_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_customer_phone_idx ON public.bookings USING btree (customer_phone);

--
-- Name: bookings_drop_off_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX bookings_drop_off_at_idx ON public.bookings USING btree (drop_off_at);

--
-- Name: email_outbox_booking_id_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_booking_id_idx ON public.email_outbox USING btree (booking_id);

--
-- Name: email_outbox_pending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_pending_idx ON public.email_outbox USING btree (next_attempt_at) WHERE (status = 'pending'::text);

--
-- Name: email_outbox_sending_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX email_outbox_sending_idx ON public.email_outbox USING btree (locked_until) WHERE (status = 'sending'::text);

--
-- Name: owner_bookings_drop_off_local_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX owner_bookings_drop_off_local_idx ON public.owner_bookings USING btree (drop_off_local);

--
-- Name: rows the migrations inserted (settings defaults, the site_rebuild singleton); Type: DATA
--

INSERT INTO public.settings (key, value, description, is_public) VALUES ('max_new_bookings_per_hour', '12', 'Højst så mange nye online-bookinger i alt pr. time. Derefter bliver besøgende bedt om at ringe, og du får én advarsel pr. e-mail.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('max_bookings_per_ip_per_day', '5', 'Højst så mange online-bookinger pr. dag fra samme internetadresse. Derefter bliver besøgende bedt om at ringe.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('max_open_bookings_per_contact', '2', 'Højst så mange kommende bookinger pr. e-mailadresse og pr. telefonnummer, der kan laves online.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('max_booking_emails_per_recipient_per_day', '3', 'Højst så mange bookingbekræftelser pr. dag til samme e-mailadresse.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('rate_limit_invalid_per_ip_per_hour', '30', 'Højst så mange afviste bookingforsøg (ugyldig pakke, dag eller tid) pr. time fra samme internetadresse.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('owner_agenda_email', '0', 'Morgenoversigt: en e-mail kl. 7 på åbningsdage med dagens afleveringer og afhentninger: 1 = ja, 0 = nej.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('reminder_hours_before', '24', 'Hvor mange timer før aflevering påmindelsesmailen sendes.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('email_max_attempts', '10', 'Antal forsøg på at sende én mail, før den opgives (status failed).', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('email_retry_base_seconds', '60', 'Sekunder før første nye forsøg efter en fejl; ventetiden fordobles for hvert forsøg (højst 6 timer).', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('owner_bookings_send_email', '1', 'Om kunder, du booker, aflyser eller flytter i owner_bookings, får de samme mails som ved en onlinebooking, når der er en e-mailadresse: 1 = ja, 0 = nej.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('max_moves_per_booking', '3', 'Hvor mange gange en kunde selv må flytte en booking via linket i mailen.', false);
INSERT INTO public.settings (key, value, description, is_public) VALUES ('booking_challenge_cost', '5000', 'Sværhedsgraden af den opgave, browseren løser i baggrunden før en online-booking (ALTCHA, PBKDF2-gentagelser pr. forsøg). Højere tal gør automatiske bookinger dyrere, men får også ældre telefoner til at vente længere.', false);
INSERT INTO public.site_rebuild (id, requested_at, requested_xact, pending_since, last_request_id, last_error, last_error_at) VALUES (true, NULL, NULL, NULL, NULL, NULL, NULL);
SELECT pg_catalog.setval('public.booking_moves_id_seq', 1, false);
SELECT pg_catalog.setval('public.booking_work_periods_id_seq', 1, false);

--
-- Name: bookings bookings_before_update; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_before_update BEFORE UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_before_update();

--
-- Name: bookings bookings_clear_idempotency_hash; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_clear_idempotency_hash BEFORE INSERT OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_clear_idempotency_hash();

--
-- Name: bookings bookings_hash_cancel_token; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_hash_cancel_token BEFORE INSERT OR UPDATE OF cancel_token ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_hash_cancel_token();

--
-- Name: bookings bookings_normalise_phone; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_normalise_phone BEFORE INSERT OR UPDATE OF customer_phone ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_normalise_phone();

--
-- Name: bookings bookings_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_set_updated_at BEFORE UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

--
-- Name: bookings bookings_sync_work_periods; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER bookings_sync_work_periods AFTER UPDATE OF status ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.bookings_sync_work_periods();

--
-- Name: closed_dates closed_dates_expand_period; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER closed_dates_expand_period BEFORE INSERT OR UPDATE OF last_day ON public.closed_dates FOR EACH ROW EXECUTE FUNCTION public.closed_dates_expand_period();

--
-- Name: email_outbox email_outbox_drop_cancel_token; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER email_outbox_drop_cancel_token BEFORE UPDATE OF status ON public.email_outbox FOR EACH ROW EXECUTE FUNCTION public.email_outbox_drop_cancel_token();

--
-- Name: email_outbox email_outbox_fill_cancel_token; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER email_outbox_fill_cancel_token BEFORE INSERT ON public.email_outbox FOR EACH ROW EXECUTE FUNCTION public.email_outbox_fill_cancel_token();

--
-- Name: owner_agenda owner_agenda_read_only; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER owner_agenda_read_only INSTEAD OF INSERT OR DELETE OR UPDATE ON public.owner_agenda FOR EACH ROW EXECUTE FUNCTION public.owner_agenda_read_only();

--
-- Name: owner_bookings owner_bookings_edit; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER owner_bookings_edit BEFORE INSERT OR DELETE OR UPDATE ON public.owner_bookings FOR EACH ROW EXECUTE FUNCTION public.owner_bookings_edit();

--
-- Name: bookings owner_bookings_sync; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER owner_bookings_sync AFTER INSERT OR UPDATE ON public.bookings FOR EACH ROW EXECUTE FUNCTION public.owner_bookings_sync();

--
-- Name: services services_fill_slug; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER services_fill_slug BEFORE INSERT OR UPDATE OF slug ON public.services FOR EACH ROW EXECUTE FUNCTION public.services_fill_slug();

--
-- Name: services services_set_updated_at; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER services_set_updated_at BEFORE UPDATE ON public.services FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();

--
-- Name: opening_hours site_rebuild_after_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER site_rebuild_after_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.opening_hours FOR EACH STATEMENT EXECUTE FUNCTION public.site_rebuild_after_change();

--
-- Name: services site_rebuild_after_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER site_rebuild_after_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.services FOR EACH STATEMENT EXECUTE FUNCTION public.site_rebuild_after_change();

--
-- Name: settings site_rebuild_after_change; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER site_rebuild_after_change AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.settings FOR EACH STATEMENT EXECUTE FUNCTION public.site_rebuild_after_change();

--
-- Name: booking_moves booking_moves_booking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_moves
    ADD CONSTRAINT booking_moves_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

--
-- Name: booking_work_periods booking_work_periods_booking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.booking_work_periods
    ADD CONSTRAINT booking_work_periods_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

--
-- Name: bookings bookings_service_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.bookings
    ADD CONSTRAINT bookings_service_id_fkey FOREIGN KEY (service_id) REFERENCES public.services(id);

--
-- Name: email_outbox email_outbox_booking_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.email_outbox
    ADD CONSTRAINT email_outbox_booking_id_fkey FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE SET NULL;

--
-- Name: owner_bookings owner_bookings_reference_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.owner_bookings
    ADD CONSTRAINT owner_bookings_reference_fkey FOREIGN KEY (reference) REFERENCES public.bookings(reference) ON DELETE CASCADE;

--
-- Name: services anon reads active services; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "anon reads active services" ON public.services FOR SELECT TO anon USING (is_active);

--
-- Name: closed_dates anon reads closed dates; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "anon reads closed dates" ON public.closed_dates FOR SELECT TO anon USING (true);

--
-- Name: open_dates anon reads open dates; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "anon reads open dates" ON public.open_dates FOR SELECT TO anon USING (true);

--
-- Name: opening_hours anon reads opening hours; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "anon reads opening hours" ON public.opening_hours FOR SELECT TO anon USING (true);

--
-- Name: settings anon reads public settings; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "anon reads public settings" ON public.settings FOR SELECT TO anon USING (is_public);

--
-- Name: services authenticated reads active services; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "authenticated reads active services" ON public.services FOR SELECT TO authenticated USING (is_active);

--
-- Name: closed_dates authenticated reads closed dates; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "authenticated reads closed dates" ON public.closed_dates FOR SELECT TO authenticated USING (true);

--
-- Name: open_dates authenticated reads open dates; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "authenticated reads open dates" ON public.open_dates FOR SELECT TO authenticated USING (true);

--
-- Name: opening_hours authenticated reads opening hours; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "authenticated reads opening hours" ON public.opening_hours FOR SELECT TO authenticated USING (true);

--
-- Name: settings authenticated reads public settings; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "authenticated reads public settings" ON public.settings FOR SELECT TO authenticated USING (is_public);

--
-- Name: booking_challenge_uses; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.booking_challenge_uses ENABLE ROW LEVEL SECURITY;

--
-- Name: booking_moves; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.booking_moves ENABLE ROW LEVEL SECURITY;

--
-- Name: booking_rate_limits; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.booking_rate_limits ENABLE ROW LEVEL SECURITY;

--
-- Name: booking_work_periods; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.booking_work_periods ENABLE ROW LEVEL SECURITY;

--
-- Name: bookings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.bookings ENABLE ROW LEVEL SECURITY;

--
-- Name: closed_dates; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.closed_dates ENABLE ROW LEVEL SECURITY;

--
-- Name: email_outbox; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.email_outbox ENABLE ROW LEVEL SECURITY;

--
-- Name: open_dates; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.open_dates ENABLE ROW LEVEL SECURITY;

--
-- Name: opening_hours; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.opening_hours ENABLE ROW LEVEL SECURITY;

--
-- Name: owner_bookings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.owner_bookings ENABLE ROW LEVEL SECURITY;

--
-- Name: services; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.services ENABLE ROW LEVEL SECURITY;

--
-- Name: settings; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.settings ENABLE ROW LEVEL SECURITY;

--
-- Name: site_rebuild; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.site_rebuild ENABLE ROW LEVEL SECURITY;

--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;

--
-- Name: FUNCTION booking_random_reference(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_random_reference() FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_random_reference() TO service_role;

--
-- Name: FUNCTION booking_random_token(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_random_token() FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_random_token() TO service_role;

--
-- Name: TABLE bookings; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.bookings TO service_role;

--
-- Name: FUNCTION booking_by_token(p_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_by_token(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_by_token(p_token text) TO service_role;

--
-- Name: FUNCTION booking_calendar(p_service_id uuid, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_calendar(p_service_id uuid, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_calendar(p_service_id uuid, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_cancel_info(p_token text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_cancel_info(p_token text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_cancel_info(p_token text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_cancel_view(p_booking public.bookings, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_cancel_view(p_booking public.bookings, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_cancel_view(p_booking public.bookings, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_candidates(p_service_id uuid, p_day date, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_candidates(p_service_id uuid, p_day date, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_candidates(p_service_id uuid, p_day date, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_cap_reached(p_ip text, p_email text, p_phone text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_cap_reached(p_ip text, p_email text, p_phone text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_cap_reached(p_ip text, p_email text, p_phone text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_caps_lock_key(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_caps_lock_key() FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_caps_lock_key() TO service_role;

--
-- Name: FUNCTION booking_change_deadline(p_booking public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_change_deadline(p_booking public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_change_deadline(p_booking public.bookings) TO service_role;

--
-- Name: FUNCTION booking_day_hours(p_day date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_day_hours(p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_day_hours(p_day date) TO service_role;

--
-- Name: FUNCTION booking_day_rule(p_day date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_day_rule(p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_day_rule(p_day date) TO service_role;

--
-- Name: FUNCTION booking_free_bay(p_blocked tstzrange[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_free_bay(p_blocked tstzrange[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_free_bay(p_blocked tstzrange[]) TO service_role;

--
-- Name: TABLE services; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.services TO service_role;
GRANT SELECT ON TABLE public.services TO anon;
GRANT SELECT ON TABLE public.services TO authenticated;

--
-- Name: FUNCTION booking_insert(p_id uuid, p_service public.services, p_local timestamp without time zone, p_drop_off timestamp with time zone, p_ready timestamp with time zone, p_blocked tstzrange[], p_name text, p_email text, p_phone text, p_notes text, p_source text, p_idempotency_key text, p_idempotency_hash text, p_client_ip text, p_created_at timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_insert(p_id uuid, p_service public.services, p_local timestamp without time zone, p_drop_off timestamp with time zone, p_ready timestamp with time zone, p_blocked tstzrange[], p_name text, p_email text, p_phone text, p_notes text, p_source text, p_idempotency_key text, p_idempotency_hash text, p_client_ip text, p_created_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_insert(p_id uuid, p_service public.services, p_local timestamp without time zone, p_drop_off timestamp with time zone, p_ready timestamp with time zone, p_blocked tstzrange[], p_name text, p_email text, p_phone text, p_notes text, p_source text, p_idempotency_key text, p_idempotency_hash text, p_client_ip text, p_created_at timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_invalid_hit(p_ip text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_invalid_hit(p_ip text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_invalid_hit(p_ip text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_job_periods(p_start timestamp with time zone, p_minutes integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_job_periods(p_start timestamp with time zone, p_minutes integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_job_periods(p_start timestamp with time zone, p_minutes integer) TO service_role;

--
-- Name: FUNCTION booking_link_view(p_booking public.bookings, p_now timestamp with time zone, p_moving boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_link_view(p_booking public.bookings, p_now timestamp with time zone, p_moving boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_link_view(p_booking public.bookings, p_now timestamp with time zone, p_moving boolean) TO service_role;

--
-- Name: FUNCTION booking_move_info(p_token text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_move_info(p_token text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_move_info(p_token text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_move_view(p_booking public.bookings, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_move_view(p_booking public.bookings, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_move_view(p_booking public.bookings, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_moves_left(p_booking public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_moves_left(p_booking public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_moves_left(p_booking public.bookings) TO service_role;

--
-- Name: FUNCTION booking_queue_emails(p_booking public.bookings, p_customer_kind text, p_owner_kind text, p_key_suffix text, p_customer_extra jsonb, p_owner_extra jsonb, p_next_attempt_at timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_queue_emails(p_booking public.bookings, p_customer_kind text, p_owner_kind text, p_key_suffix text, p_customer_extra jsonb, p_owner_extra jsonb, p_next_attempt_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_queue_emails(p_booking public.bookings, p_customer_kind text, p_owner_kind text, p_key_suffix text, p_customer_extra jsonb, p_owner_extra jsonb, p_next_attempt_at timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_rate_limit_hit(p_ip text, p_email text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_rate_limit_hit(p_ip text, p_email text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_rate_limit_hit(p_ip text, p_email text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION booking_request_hash(p_service_id uuid, p_date date, p_time text, p_name text, p_email text, p_phone text, p_notes text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_request_hash(p_service_id uuid, p_date date, p_time text, p_name text, p_email text, p_phone text, p_notes text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_request_hash(p_service_id uuid, p_date date, p_time text, p_name text, p_email text, p_phone text, p_notes text) TO service_role;

--
-- Name: FUNCTION booking_result(p_booking public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_result(p_booking public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_result(p_booking public.bookings) TO service_role;

--
-- Name: FUNCTION booking_setting(p_key text, p_default integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_setting(p_key text, p_default integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_setting(p_key text, p_default integer) TO service_role;

--
-- Name: FUNCTION booking_summary(p_booking public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_summary(p_booking public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_summary(p_booking public.bookings) TO service_role;

--
-- Name: FUNCTION booking_token_hash(p_token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.booking_token_hash(p_token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.booking_token_hash(p_token text) TO service_role;

--
-- Name: FUNCTION bookings_before_update(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_before_update() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_before_update() TO service_role;

--
-- Name: FUNCTION bookings_clear_idempotency_hash(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_clear_idempotency_hash() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_clear_idempotency_hash() TO service_role;

--
-- Name: FUNCTION bookings_hash_cancel_token(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_hash_cancel_token() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_hash_cancel_token() TO service_role;

--
-- Name: FUNCTION bookings_normalise_phone(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_normalise_phone() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_normalise_phone() TO service_role;

--
-- Name: FUNCTION bookings_sync_work_periods(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.bookings_sync_work_periods() FROM PUBLIC;
GRANT ALL ON FUNCTION public.bookings_sync_work_periods() TO service_role;

--
-- Name: FUNCTION call_edge_function(p_name text, p_body jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.call_edge_function(p_name text, p_body jsonb) FROM PUBLIC;

--
-- Name: FUNCTION cancel_booking(p_token text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.cancel_booking(p_token text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.cancel_booking(p_token text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION closed_dates_expand_period(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.closed_dates_expand_period() FROM PUBLIC;
GRANT ALL ON FUNCTION public.closed_dates_expand_period() TO service_role;

--
-- Name: FUNCTION copenhagen_iso(p_at timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.copenhagen_iso(p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.copenhagen_iso(p_at timestamp with time zone) TO service_role;

--
-- Name: FUNCTION create_booking(p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.create_booking(p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_booking(p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION create_booking_with_challenge(p_challenge text, p_challenge_expires_at timestamp with time zone, p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.create_booking_with_challenge(p_challenge text, p_challenge_expires_at timestamp with time zone, p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.create_booking_with_challenge(p_challenge text, p_challenge_expires_at timestamp with time zone, p_service_id uuid, p_date date, p_time text, p_customer_name text, p_customer_email text, p_customer_phone text, p_notes text, p_idempotency_key text, p_client_ip text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION danish_public_holidays(p_year integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.danish_public_holidays(p_year integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.danish_public_holidays(p_year integer) TO service_role;

--
-- Name: FUNCTION easter_sunday(p_year integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.easter_sunday(p_year integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.easter_sunday(p_year integer) TO service_role;

--
-- Name: FUNCTION email_claim(p_limit integer, p_lease_seconds integer, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.email_claim(p_limit integer, p_lease_seconds integer, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.email_claim(p_limit integer, p_lease_seconds integer, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION email_mark_failed(p_id uuid, p_error text, p_permanent boolean, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.email_mark_failed(p_id uuid, p_error text, p_permanent boolean, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.email_mark_failed(p_id uuid, p_error text, p_permanent boolean, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION email_mark_sent(p_id uuid, p_provider_message_id text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.email_mark_sent(p_id uuid, p_provider_message_id text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.email_mark_sent(p_id uuid, p_provider_message_id text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION email_outbox_drop_cancel_token(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.email_outbox_drop_cancel_token() FROM PUBLIC;
GRANT ALL ON FUNCTION public.email_outbox_drop_cancel_token() TO service_role;

--
-- Name: FUNCTION email_outbox_fill_cancel_token(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.email_outbox_fill_cancel_token() FROM PUBLIC;
GRANT ALL ON FUNCTION public.email_outbox_fill_cancel_token() TO service_role;

--
-- Name: FUNCTION email_queue_reminders(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.email_queue_reminders(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.email_queue_reminders(p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION email_retry_delay(p_attempts integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.email_retry_delay(p_attempts integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.email_retry_delay(p_attempts integer) TO service_role;

--
-- Name: FUNCTION get_available_slots(p_service_id uuid, p_date date, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_available_slots(p_service_id uuid, p_date date, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_available_slots(p_service_id uuid, p_date date, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION get_booking_calendar(p_service_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.get_booking_calendar(p_service_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.get_booking_calendar(p_service_id uuid) TO service_role;
GRANT ALL ON FUNCTION public.get_booking_calendar(p_service_id uuid) TO anon;
GRANT ALL ON FUNCTION public.get_booking_calendar(p_service_id uuid) TO authenticated;

--
-- Name: FUNCTION is_danish_public_holiday(p_day date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.is_danish_public_holiday(p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.is_danish_public_holiday(p_day date) TO service_role;

--
-- Name: FUNCTION live_status(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.live_status() FROM PUBLIC;
GRANT ALL ON FUNCTION public.live_status() TO service_role;

--
-- Name: FUNCTION move_booking(p_booking_id uuid, p_date date, p_time text, p_check_window boolean, p_check_deadline boolean, p_check_move_limit boolean, p_moved_by text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.move_booking(p_booking_id uuid, p_date date, p_time text, p_check_window boolean, p_check_deadline boolean, p_check_move_limit boolean, p_moved_by text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.move_booking(p_booking_id uuid, p_date date, p_time text, p_check_window boolean, p_check_deadline boolean, p_check_move_limit boolean, p_moved_by text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION owner_agenda_item(p_booking public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_agenda_item(p_booking public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_agenda_item(p_booking public.bookings) TO service_role;

--
-- Name: FUNCTION owner_agenda_read_only(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_agenda_read_only() FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_agenda_read_only() TO service_role;

--
-- Name: FUNCTION owner_book(p_package text, p_drop_off timestamp without time zone, p_customer_name text, p_customer_phone text, p_customer_email text, p_notes text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_book(p_package text, p_drop_off timestamp without time zone, p_customer_name text, p_customer_phone text, p_customer_email text, p_notes text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_book(p_package text, p_drop_off timestamp without time zone, p_customer_name text, p_customer_phone text, p_customer_email text, p_notes text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION owner_booking_payload(p_booking public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_booking_payload(p_booking public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_booking_payload(p_booking public.bookings) TO service_role;

--
-- Name: FUNCTION owner_bookings_edit(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_bookings_edit() FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_bookings_edit() TO service_role;

--
-- Name: TABLE owner_bookings; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.owner_bookings TO service_role;

--
-- Name: FUNCTION owner_bookings_row(p_booking public.bookings); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_bookings_row(p_booking public.bookings) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_bookings_row(p_booking public.bookings) TO service_role;

--
-- Name: FUNCTION owner_bookings_sync(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_bookings_sync() FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_bookings_sync() TO service_role;

--
-- Name: FUNCTION owner_calendar_bookings(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_calendar_bookings(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_calendar_bookings(p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION owner_cancel(p_booking_id uuid, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_cancel(p_booking_id uuid, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_cancel(p_booking_id uuid, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION owner_check_customer(p_name text, p_phone text, p_email text, p_notes text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_check_customer(p_name text, p_phone text, p_email text, p_notes text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_check_customer(p_name text, p_phone text, p_email text, p_notes text) TO service_role;

--
-- Name: FUNCTION owner_day_text(p_day date); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_day_text(p_day date) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_day_text(p_day date) TO service_role;

--
-- Name: FUNCTION owner_drop_off(p_drop_off timestamp without time zone, p_missing text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_drop_off(p_drop_off timestamp without time zone, p_missing text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_drop_off(p_drop_off timestamp without time zone, p_missing text) TO service_role;

--
-- Name: FUNCTION owner_move(p_booking_id uuid, p_drop_off timestamp without time zone, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_move(p_booking_id uuid, p_drop_off timestamp without time zone, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_move(p_booking_id uuid, p_drop_off timestamp without time zone, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION owner_plan(p_minutes integer, p_drop_off timestamp without time zone, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_plan(p_minutes integer, p_drop_off timestamp without time zone, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_plan(p_minutes integer, p_drop_off timestamp without time zone, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION owner_send_email(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_send_email() FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_send_email() TO service_role;

--
-- Name: FUNCTION owner_taken_message(p_blocked tstzrange[]); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_taken_message(p_blocked tstzrange[]) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_taken_message(p_blocked tstzrange[]) TO service_role;

--
-- Name: FUNCTION owner_time_text(p_at timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.owner_time_text(p_at timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.owner_time_text(p_at timestamp with time zone) TO service_role;

--
-- Name: FUNCTION queue_owner_agenda(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.queue_owner_agenda(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.queue_owner_agenda(p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION reschedule_booking(p_token text, p_date date, p_time text, p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.reschedule_booking(p_token text, p_date date, p_time text, p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.reschedule_booking(p_token text, p_date date, p_time text, p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION retention_phone_key(p_phone text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.retention_phone_key(p_phone text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.retention_phone_key(p_phone text) TO service_role;

--
-- Name: FUNCTION run_retention(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.run_retention(p_now timestamp with time zone) FROM PUBLIC;
GRANT ALL ON FUNCTION public.run_retention(p_now timestamp with time zone) TO service_role;

--
-- Name: FUNCTION service_slug(name text); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.service_slug(name text) TO service_role;

--
-- Name: FUNCTION services_fill_slug(); Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON FUNCTION public.services_fill_slug() TO service_role;

--
-- Name: FUNCTION set_updated_at(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.set_updated_at() FROM PUBLIC;
GRANT ALL ON FUNCTION public.set_updated_at() TO service_role;

--
-- Name: FUNCTION site_rebuild_after_change(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.site_rebuild_after_change() FROM PUBLIC;

--
-- Name: FUNCTION site_rebuild_call(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.site_rebuild_call(p_now timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION site_rebuild_flush(p_now timestamp with time zone); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.site_rebuild_flush(p_now timestamp with time zone) FROM PUBLIC;

--
-- Name: FUNCTION site_rebuild_request(p_now timestamp with time zone, p_change boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.site_rebuild_request(p_now timestamp with time zone, p_change boolean) FROM PUBLIC;

--
-- Name: TABLE booking_challenge_uses; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.booking_challenge_uses TO service_role;

--
-- Name: TABLE booking_moves; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.booking_moves TO service_role;

--
-- Name: SEQUENCE booking_moves_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.booking_moves_id_seq TO service_role;

--
-- Name: TABLE booking_rate_limits; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.booking_rate_limits TO service_role;

--
-- Name: TABLE booking_work_periods; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.booking_work_periods TO service_role;

--
-- Name: SEQUENCE booking_work_periods_id_seq; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON SEQUENCE public.booking_work_periods_id_seq TO service_role;

--
-- Name: TABLE closed_dates; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.closed_dates TO service_role;

--
-- Name: COLUMN closed_dates.day; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(day) ON TABLE public.closed_dates TO anon;
GRANT SELECT(day) ON TABLE public.closed_dates TO authenticated;

--
-- Name: TABLE email_outbox; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.email_outbox TO service_role;

--
-- Name: TABLE open_dates; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.open_dates TO service_role;

--
-- Name: COLUMN open_dates.day; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT(day) ON TABLE public.open_dates TO anon;
GRANT SELECT(day) ON TABLE public.open_dates TO authenticated;

--
-- Name: TABLE opening_hours; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.opening_hours TO service_role;
GRANT SELECT ON TABLE public.opening_hours TO anon;
GRANT SELECT ON TABLE public.opening_hours TO authenticated;

--
-- Name: TABLE owner_agenda; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.owner_agenda TO service_role;

--
-- Name: TABLE settings; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.settings TO service_role;
GRANT SELECT ON TABLE public.settings TO anon;
GRANT SELECT ON TABLE public.settings TO authenticated;

--
-- Name: TABLE site_rebuild; Type: ACL; Schema: public; Owner: -
--

GRANT ALL ON TABLE public.site_rebuild TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR SEQUENCES; Type: DEFAULT ACL; Schema: public; Owner: -
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES  TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: public; Owner: -
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS  TO service_role;

--
-- Name: DEFAULT PRIVILEGES FOR TABLES; Type: DEFAULT ACL; Schema: public; Owner: -
--

ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES  TO service_role;

reset check_function_bodies;

-- pg_dump writes grants relative to the built-in defaults, not to the schema's default privileges
-- (which grant service_role every new function and table): what the migrations revoked from it
revoke execute on function public.call_edge_function(p_name text, p_body jsonb) from service_role;
revoke execute on function public.site_rebuild_after_change() from service_role;
revoke execute on function public.site_rebuild_call(p_now timestamp with time zone) from service_role;
revoke execute on function public.site_rebuild_flush(p_now timestamp with time zone) from service_role;
revoke execute on function public.site_rebuild_request(p_now timestamp with time zone, p_change boolean) from service_role;
