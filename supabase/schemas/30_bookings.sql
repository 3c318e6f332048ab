-- A booking: its row, the request it is made from (booking_request) and the one function that
-- writes a new one (booking_insert), its reference and the token of the customer's links. How a
-- request is checked is in 50_create_booking.sql; the bay time it takes is in 40_slots.sql.
--
-- Rules that live here:
-- - a booking is never deleted: it is cancelled (status), and retention anonymises it;
-- - it keeps a snapshot of the package (name, duration, price) as booked;
-- - the reference is 8 characters from an alphabet without look-alikes (40 random bits);
-- - the token in the cancel and move links is 256 random bits, and the table keeps only its
--   SHA-256: whatever is written to cancel_token is hashed and emptied by a trigger, and a check
--   keeps that column empty;
-- - a phone number is stored as E.164 (+4520112233, phone_e164); a booking without idempotency key keeps no request
--   fingerprint;
-- - the anon and authenticated roles can read, change or delete no booking: no policy, no grant.

-- references and link tokens ----------------------------------------------------------------------

create function public.booking_random_reference()
returns text
language plpgsql
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

comment on function public.booking_random_reference() is
  'A new random 8-character booking reference from an alphabet without look-alike characters.';

revoke all on function public.booking_random_reference() from public, anon, authenticated;

create function public.booking_random_token()
returns text
language sql
security definer
set search_path = ''
as $$
  select encode(extensions.gen_random_bytes(32), 'hex');
$$;

comment on function public.booking_random_token() is
  'A new random 256-bit token (64 hex characters) for cancel links.';

revoke all on function public.booking_random_token() from public, anon, authenticated;

create function public.booking_token_hash(p_token text)
returns text
language sql
immutable
strict
security definer
set search_path = ''
as $$
  select encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
$$;

comment on function public.booking_token_hash(text) is
  'SHA-256 (hex) of a cancel/move token: what bookings.cancel_token_hash stores.';

revoke all on function public.booking_token_hash(text) from public, anon, authenticated;

-- the networks of a client address (the caps per address count in them; 50_create_booking.sql)
create function public.booking_address_networks(p_ip text)
returns table (bucket text, factor integer)
language plpgsql
immutable
security definer
set search_path = ''
as $$
declare
  v_addr inet;
begin
  if nullif(p_ip, '') is null then
    return;
  end if;
  begin
    v_addr := host(p_ip::inet)::inet;
  exception
    when others then
      -- not an address (the edge function sends only normalised ones): counted as the text it is
      bucket := p_ip;
      factor := 1;
      return next;
      return;
  end;
  -- ::ffff:1.2.3.4 is the IPv4 address 1.2.3.4 seen through an IPv6 socket
  if family(v_addr) = 6 and v_addr <<= '::ffff:0:0/96'::inet then
    v_addr := '0.0.0.0'::inet + (v_addr - '::ffff:0.0.0.0'::inet);
  end if;
  if family(v_addr) = 4 then
    -- the address alone: IPv4 is scarce (an attacker's few addresses sit in unrelated ranges),
    -- while a /24 of a mobile operator's shared (CGNAT) pool is thousands of real visitors
    bucket := host(v_addr);
    factor := 1;
    return next;
    return;
  end if;
  -- IPv6: a line gets a /64 at least, a home a /56 or a /48, so every address of a /64 is one
  -- holder; the wider networks hold more holders (a mobile operator's /48), so more is allowed
  bucket := network(set_masklen(v_addr, 64))::text;
  factor := 1;
  return next;
  bucket := network(set_masklen(v_addr, 56))::text;
  factor := 2;
  return next;
  bucket := network(set_masklen(v_addr, 48))::text;
  factor := 3;
  return next;
end;
$$;

comment on function public.booking_address_networks(text) is
  'The networks a client address counts in, each with the factor its limits are multiplied by: an IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) alone as a.b.c.d (factor 1); an IPv6 address as its /64 (1), /56 (2) and /48 (3), written network/len. No rows without an address (null or empty); text that is no address counts as itself (factor 1). The one place that groups addresses: the hourly attempt limits (booking_rate_limit_hit, booking_invalid_hit) use it, and the day cap per address (booking_cap_reached) reads it off each booking (bookings.client_networks).';

revoke all on function public.booking_address_networks(text) from public, anon, authenticated;

create function public.booking_address_buckets(p_ip text)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- null without an address, as client_ip is once retention has removed it
  return nullif(array(select n.bucket from public.booking_address_networks(p_ip) n), '{}');
end;
$$;

comment on function public.booking_address_buckets(text) is
  'The networks a client address counts in (booking_address_networks), as an array: bookings.client_networks, stored with each booking so that the day cap per address compares networks instead of working them out again for every booking of the day.';

revoke all on function public.booking_address_buckets(text) from public, anon, authenticated;

-- bookings ----------------------------------------------------------------------------------------

create table public.bookings (
  id uuid not null default gen_random_uuid(),
  reference text not null default public.booking_random_reference(),
  service_id uuid not null,
  service_name text not null,
  duration_minutes integer not null,
  price integer not null,
  booking_date date not null,
  booking_time time not null,
  drop_off_at timestamptz not null,
  ready_at timestamptz not null,
  customer_name text not null,
  customer_email text not null,
  customer_phone text not null,
  notes text not null default '',
  status text not null default 'confirmed',
  cancel_token text default public.booking_random_token(),
  cancelled_at timestamptz,
  idempotency_key text,
  client_ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  anonymised_at timestamptz,
  idempotency_hash text,
  cancel_token_hash text not null,
  move_count integer not null default 0,
  ics_sequence integer not null default 0,
  moved_at timestamptz,
  source text not null default 'online',
  reconfirmed_at timestamptz,
  car_plate text not null default '',
  sms_opt_in boolean not null default false,
  new_ready_at timestamptz,
  ready_revision integer not null default 0,
  status_changed_at timestamptz,
  client_networks text[] generated always as (public.booking_address_buckets(client_ip)) stored,
  car_size text not null default '',
  addon_ids uuid[] not null default '{}',
  job jsonb,
  constraint bookings_pkey primary key (id),
  constraint bookings_reference_key unique (reference),
  constraint bookings_idempotency_key_key unique (idempotency_key),
  constraint bookings_cancel_token_hash_key unique (cancel_token_hash),
  constraint bookings_service_id_fkey foreign key (service_id) references public.services (id),
  constraint bookings_reference_check check (reference ~ '^[A-Z0-9]{8}$'),
  constraint bookings_duration_minutes_check check (duration_minutes > 0),
  constraint bookings_price_check check (price >= 0),
  constraint bookings_ready_after_drop_off check (ready_at > drop_off_at),
  constraint bookings_customer_name_check check (char_length(customer_name) between 2 and 100),
  constraint bookings_customer_email_check check (char_length(customer_email) <= 254),
  -- an anonymised booking keeps no phone number
  constraint bookings_customer_phone_format check (
    customer_phone ~ '^\+[0-9]{8,17}$' or (customer_phone = '' and anonymised_at is not null)
  ),
  constraint bookings_notes_check check (char_length(notes) <= 1000),
  -- as the create-booking function stores it (validation.ts CAR_PLATE_MAX): trimmed, optional
  constraint bookings_car_plate_check check (
    char_length(car_plate) <= 20 and car_plate = btrim(car_plate)
  ),
  -- the booking's states and, once the car is there, the car's (72_car_status.sql has the rules)
  constraint bookings_status_check check (
    status in ('confirmed', 'cancelled', 'arrived', 'ready', 'collected', 'no_show')
  ),
  constraint bookings_source_check check (source in ('online', 'owner')),
  constraint bookings_no_plain_cancel_token check (cancel_token is null),
  constraint bookings_cancel_token_hash_format check (cancel_token_hash ~ '^[0-9a-f]{64}$'),
  constraint bookings_idempotency_key_check check (char_length(idempotency_key) <= 128),
  constraint bookings_idempotency_hash_check check (idempotency_hash ~ '^[0-9a-f]{64}$'),
  constraint bookings_move_count_check check (move_count >= 0),
  constraint bookings_ics_sequence_check check (ics_sequence >= 0),
  constraint bookings_ready_revision_check check (ready_revision >= 0),
  -- '' only on a row written without the engine (booking_request_tidied fills the standard size)
  constraint bookings_car_size_check check (car_size ~ '^([a-z0-9]+(-[a-z0-9]+)*)?$'),
  constraint bookings_addon_ids_check check (cardinality(addon_ids) <= 50),
  constraint bookings_job_check check (jsonb_typeof(job) = 'object')
);

-- the day's work, the caps (per address, per contact, per hour) and retention's look-ups
create index bookings_drop_off_at_idx on public.bookings (drop_off_at);
create index bookings_ready_at_idx on public.bookings (ready_at);
-- the cars given a later ready time, still at the workshop after their planned one (owner_agenda)
create index bookings_new_ready_at_idx on public.bookings (new_ready_at) where new_ready_at is not null;
create index bookings_created_at_idx on public.bookings (created_at);
create index bookings_client_ip_created_at_idx on public.bookings (client_ip, created_at);
create index bookings_customer_email_idx on public.bookings (lower(customer_email));
create index bookings_customer_phone_idx on public.bookings (customer_phone);
-- the no-shows of a contact (owner_agenda, and create_booking when no_show_requires_call is on)
create index bookings_no_show_idx on public.bookings (drop_off_at) where status = 'no_show';

comment on table public.bookings is
  'Alle bookinger (teknisk tabel; tiderne her er i UTC, verdenstid). Se dagens arbejde i owner_agenda, og book, aflys eller flyt i owner_bookings (dansk tid). Slet aldrig rækker.';
comment on column public.bookings.id is 'Bookingens faste id (automatisk).';
comment on column public.bookings.reference is 'Bookingnummer, som kunden får, f.eks. K7M2QX9D.';
comment on column public.bookings.service_id is 'Den bookede pakke (id i services).';
comment on column public.bookings.service_name is 'Pakkens navn, da der blev booket.';
comment on column public.bookings.duration_minutes is
  'Jobbets længde i minutters åbningstid, da der blev booket.';
comment on column public.bookings.price is 'Pris i kroner, da der blev booket.';
comment on column public.bookings.booking_date is 'Afleveringsdag (dansk dato).';
comment on column public.bookings.booking_time is 'Afleveringstid (dansk tid).';
comment on column public.bookings.drop_off_at is
  'Aflevering i UTC (verdenstid). Dansk tid: se owner_agenda eller owner_bookings.';
comment on column public.bookings.ready_at is
  'Færdig i UTC (verdenstid). Dansk tid: se owner_agenda eller owner_bookings.';
comment on column public.bookings.customer_name is 'Kundens fulde navn.';
comment on column public.bookings.customer_email is
  'Kundens e-mailadresse (bekræftelsen sendes hertil). Tom ved telefonbookinger uden e-mail.';
comment on column public.bookings.customer_phone is 'Kundens telefonnummer.';
comment on column public.bookings.notes is 'Kundens bemærkninger (valgfrit).';
comment on column public.bookings.sms_opt_in is
  'Kunden har bedt om SMS (bekræftelse, påmindelse, flytning, aflysning) ud over mails. Sendes kun, når GATEWAYAPI_TOKEN er sat, og kun til danske mobilnumre.';
comment on column public.bookings.car_plate is 'Bilens nummerplade (valgfri, højst 20 tegn).';
comment on column public.bookings.car_size is
  'Bilens størrelse, kunden valgte (code i car_sizes), f.eks. almindelig eller stor-bil.';
comment on column public.bookings.addon_ids is 'Tilvalgene, kunden valgte (id i addons).';
comment on column public.bookings.job is
  'Jobbet, som det blev prissat og planlagt ved bookingen (teknisk): pakke, størrelse og tilvalg med pris og minutter. price og duration_minutes er dets totaler.';
comment on column public.bookings.status is
  'confirmed = bekræftet, cancelled = aflyst (en aflyst booking optager ikke værkstedet), arrived = bilen er ankommet, ready = klar til afhentning, collected = afhentet, no_show = udeblevet. Ret status i owner_bookings.';
comment on column public.bookings.cancel_token is
  'Altid tom: nøglen til kundens links gemmes kun som kontrolsum i cancel_token_hash.';
comment on column public.bookings.cancelled_at is 'Hvornår bookingen blev aflyst.';
comment on column public.bookings.idempotency_key is
  'Teknisk nøgle fra bookingformularen, så et dobbeltklik ikke giver to bookinger.';
comment on column public.bookings.client_ip is
  'IP-adressen, bookingen kom fra (mod misbrug; slettes efter 30 dage).';
comment on column public.bookings.client_networks is
  'Teknisk: de netværk, IP-adressen tæller i mod misbrug (udregnes af client_ip og slettes med den).';
comment on column public.bookings.created_at is 'Hvornår bookingen blev lavet.';
comment on column public.bookings.updated_at is 'Hvornår bookingen sidst blev ændret (automatisk).';
comment on column public.bookings.anonymised_at is
  'Hvornår kundens personoplysninger blev slettet (5 år efter sidste kontakt).';
comment on column public.bookings.idempotency_hash is
  'Fingeraftryk (SHA-256) af den bookinganmodning, som gentagelsesnøglen først blev brugt med. Slettes sammen med nøglen.';
comment on column public.bookings.cancel_token_hash is
  'Kontrolsum (SHA-256) af nøglen i kundens links til at afbestille og flytte (selve nøglen gemmes ikke).';
comment on column public.bookings.move_count is
  'Hvor mange gange kunden selv har flyttet bookingen via linket i mailen (højst max_moves_per_booking).';
comment on column public.bookings.ics_sequence is
  'Versionsnummeret på bookingens kalenderinvitation: 0 ved booking og én mere ved hver flytning, aflysning og genoprettelse.';
comment on column public.bookings.moved_at is 'Hvornår bookingen sidst blev flyttet.';
comment on column public.bookings.source is
  'Hvor bookingen kom fra: online (hjemmesiden) eller owner (dig, i owner_bookings, f.eks. en telefonbooking).';
comment on column public.bookings.reconfirmed_at is
  'Hvornår bookingen sidst blev genoprettet (sat tilbage fra cancelled til confirmed).';
comment on column public.bookings.new_ready_at is
  'Ny færdigtid i UTC, som du har givet kunden (ready_local i owner_bookings). Tom = bilen er klar til den bookede tid (ready_at).';
comment on column public.bookings.ready_revision is
  'Hvor mange gange du har givet bilen en ny færdigtid (hver ændring giver kunden én mail).';
comment on column public.bookings.status_changed_at is
  'Hvornår status sidst blev ændret (f.eks. hvornår bilen blev meldt klar eller udeblevet).';

create function public.bookings_before_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    new.cancelled_at := coalesce(new.cancelled_at, now());
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
  end if;
  -- the car's states change only through booking_set_status (owner_bookings), which frees or
  -- takes the bay time and tells the customer; a direct edit here would do neither
  if new.status is distinct from old.status
     and (old.status not in ('confirmed', 'cancelled') or new.status not in ('confirmed', 'cancelled'))
     and coalesce(current_setting('glanspunkt.status_change', true), '') <> 'on' then
    raise exception 'Bilens status (ankommet, klar, afhentet, udeblevet) rettes i owner_bookings, så tiden og kundens besked følger med.'
      using errcode = 'feature_not_supported';
  end if;
  if new.status is distinct from old.status
     and new.status_changed_at is not distinct from old.status_changed_at then
    new.status_changed_at := now();
  end if;
  return new;
end;
$$;

comment on function public.bookings_before_update() is
  'Trigger function: stamps cancelled_at and status_changed_at of a booking (updated_at: set_updated_at, trigger bookings_set_updated_at), and refuses a change to or from the car''s states outside booking_set_status (transaction-local setting glanspunkt.status_change).';

revoke all on function public.bookings_before_update() from public, anon, authenticated;

create trigger bookings_before_update
  before update on public.bookings
  for each row execute function public.bookings_before_update();

create trigger bookings_set_updated_at
  before update on public.bookings
  for each row execute function public.set_updated_at();

create function public.bookings_hash_cancel_token()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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

comment on function public.bookings_hash_cancel_token() is
  'Trigger function: a token written to bookings.cancel_token is stored as its SHA-256 in cancel_token_hash; on insert the plain token is handed to the confirmation e-mail of the same transaction.';

revoke all on function public.bookings_hash_cancel_token() from public, anon, authenticated;

create trigger bookings_hash_cancel_token
  before insert or update of cancel_token on public.bookings
  for each row execute function public.bookings_hash_cancel_token();

create function public.bookings_clear_idempotency_hash()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.idempotency_key is null then
    new.idempotency_hash := null;
  end if;
  return new;
end;
$$;

comment on function public.bookings_clear_idempotency_hash() is
  'Trigger function: a booking without idempotency key keeps no request fingerprint.';

revoke all on function public.bookings_clear_idempotency_hash() from public, anon, authenticated;

create trigger bookings_clear_idempotency_hash
  before insert or update on public.bookings
  for each row execute function public.bookings_clear_idempotency_hash();

create function public.bookings_normalise_phone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- an anonymised booking keeps no phone number
  if new.customer_phone = '' and new.anonymised_at is not null then
    return new;
  end if;
  -- a number not changed stays as it is: a row stored under an earlier, looser rule can still be
  -- marked no-show or cancelled; a new or changed number must pass the rule
  if tg_op = 'UPDATE' and new.customer_phone is not distinct from old.customer_phone then
    return new;
  end if;
  new.customer_phone := public.phone_checked(new.customer_phone);
  return new;
end;
$$;

comment on function public.bookings_normalise_phone() is
  'Trigger function: stores a booking''s new or changed phone number in its one form, E.164 (phone_e164), whatever path wrote it; a number that is not one is refused in Danish (phone_checked) before the table''s check could refuse it in English.';

revoke all on function public.bookings_normalise_phone() from public, anon, authenticated;

create trigger bookings_normalise_phone
  before insert or update of customer_phone on public.bookings
  for each row execute function public.bookings_normalise_phone();

-- the booking request: what the visitor chose and typed, one record from the form to the table ---

-- The create-booking function passes it whole (p_request); create_booking checks it, hashes it
-- whole for the idempotency key and hands it to booking_insert. Its attributes are bookings columns
-- of the same names and types (supabase/tests/booking-record.test.ts holds them so, and holds the
-- create-booking function's names equal), so a new booking field is an attribute here and a column
-- above; booking_insert below, the owner's corrections and owner_bookings_sync write it by name.
create type public.booking_request as (
  service_id uuid,
  booking_date date,
  booking_time time,
  customer_name text,
  customer_email text,
  customer_phone text,
  notes text,
  car_plate text,
  sms_opt_in boolean,
  car_size text,
  addon_ids uuid[]
);

comment on type public.booking_request is
  'A booking request as the visitor sent it (the create-booking function''s validated body under the bookings columns'' names): what create_booking, booking_insert and booking_request_hash take whole.';

create function public.booking_request_of(p_booking public.bookings)
returns public.booking_request
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- by name: every attribute of the request is a bookings column
  return jsonb_populate_record(null::public.booking_request, to_jsonb(p_booking));
end;
$$;

comment on function public.booking_request_of(public.bookings) is
  'The request a booking stores (its booking_request attributes, read by name).';

revoke all on function public.booking_request_of(public.bookings) from public, anon, authenticated;

create function public.booking_request_attributes(p_also_in regclass default null)
returns text[]
language plpgsql
stable
set search_path = ''
as $$
begin
  if p_also_in is null then
    -- read off the type itself (a json object keeps its attributes' order), no catalog scan: this
    -- is asked once for every booking, and a scan of pg_attribute costs PGlite a tenth of a ms
    return (select array_agg(k) from json_object_keys(
              row_to_json(jsonb_populate_record(null::public.booking_request, '{}'))) k);
  end if;
  return (
    select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
      from pg_catalog.pg_attribute a
     where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0 and not a.attisdropped
       and exists (select 1 from pg_catalog.pg_attribute c
                    where c.attrelid = p_also_in and c.attname = a.attname
                      and c.attnum > 0 and not c.attisdropped));
end;
$$;

comment on function public.booking_request_attributes(regclass) is
  'The attributes of booking_request in order (those that are also columns of p_also_in, when given): what booking_insert, the owner''s corrections and owner_bookings_sync write by name, so that a new field of the request needs no line in them.';

revoke all on function public.booking_request_attributes(regclass) from public, anon, authenticated;

create function public.booking_request_choices()
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- what the visitor chose from the site's lists, not what he told about himself: the owner's
  -- contact lines leave them out, and anonymising keeps them (they say nothing of the person)
  return array['service_id', 'booking_date', 'booking_time', 'sms_opt_in', 'car_size', 'addon_ids'];
end;
$$;

comment on function public.booking_request_choices() is
  'The attributes of booking_request the visitor chose rather than told (package, time, size, add-ons, the SMS choice): left out of booking_contact, kept by anonymising.';

revoke all on function public.booking_request_choices() from public, anon, authenticated;

create function public.booking_request_tidied(p_request public.booking_request)
returns public.booking_request
language plpgsql
stable
set search_path = ''
as $$
begin
  -- every text trimmed and '' when left out, the plate as it is printed, no SMS unless asked for
  return jsonb_populate_record(p_request,
    coalesce((select jsonb_object_agg(a.attname, btrim(coalesce(to_jsonb(p_request) ->> a.attname, '')))
                from pg_catalog.pg_attribute a
               where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0
                 and not a.attisdropped and a.atttypid = 'text'::regtype), '{}'::jsonb)
    || jsonb_build_object('car_plate', public.car_plate_normalised(p_request.car_plate),
                          'sms_opt_in', coalesce(p_request.sms_opt_in, false),
                          'car_size', coalesce(nullif(lower(btrim(p_request.car_size)), ''),
                                               public.car_size_standard(), ''),
                          'addon_ids', (select coalesce(array_agg(x order by x::text), '{}')
                                          from unnest(p_request.addon_ids) x)));
end;
$$;

comment on function public.booking_request_tidied(public.booking_request) is
  'A request as a booking stores it: every text trimmed and empty when not given, the plate as car_plate_normalised writes it, sms_opt_in false unless true, the car size lower case (the standard size when not given), the add-ons in one order (so that the same choice has one fingerprint).';

revoke all on function public.booking_request_tidied(public.booking_request)
  from public, anon, authenticated;

create function public.booking_contact(p_booking public.bookings)
returns jsonb
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- every attribute of the request but what the visitor chose (booking_summary has the job and
  -- the time), under the create-booking function's names: customer_phone is customerPhone
  return (
    select coalesce(jsonb_object_agg(
             lower(left(r.key, 1))
               || substr(replace(initcap(replace(r.key, '_', ' ')), ' ', ''), 2),
             r.value), '{}'::jsonb)
      from jsonb_each(to_jsonb(public.booking_request_of(p_booking))
                      - public.booking_request_choices()) r);
end;
$$;

comment on function public.booking_contact(public.bookings) is
  'What the customer told with a booking (name, contact details, notes, car plate; any new field of booking_request), keyed as the create-booking body names it (customerName, carPlate): what the owner''s e-mails, agenda e-mail and calendar feed show.';

revoke all on function public.booking_contact(public.bookings) from public, anon, authenticated;

-- the one writer of a new booking row: the request's fields and what the engine planned

create function public.booking_insert(
  p_id uuid,
  p_job jsonb,
  p_request public.booking_request,
  p_drop_off timestamptz,
  p_ready timestamptz,
  p_blocked tstzrange[],
  p_source text,
  p_idempotency_key text default null,
  p_idempotency_hash text default null,
  p_client_ip text default null,
  p_created_at timestamptz default now()
)
returns public.bookings
language plpgsql
set search_path = ''
as $$
declare
  v_bay smallint;
  v_booking public.bookings;
  v_constraint text;
  v_tries integer := 0;
  -- the request's fields by name (the package, size and add-ons are the job's): a new field needs
  -- no line here
  v_fields text[] := array(select f from unnest(public.booking_request_attributes()) f
                            where f <> all (array['service_id', 'car_size', 'addon_ids']));
  v_insert text := format(
    'insert into public.bookings (id, service_id, service_name, duration_minutes, price,
       drop_off_at, ready_at, source, idempotency_key, idempotency_hash, client_ip, created_at,
       car_size, addon_ids, job, %s)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $14, $15, $16, %s
       from jsonb_populate_record(null::public.booking_request, $13) r
     returning *',
    (select string_agg(quote_ident(f), ', ') from unnest(v_fields) f),
    (select string_agg('r.' || quote_ident(f), ', ') from unnest(v_fields) f));
begin
  loop
    v_bay := public.booking_free_bay(p_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return null;
    end if;
    begin
      execute v_insert into v_booking
        using p_id, (p_job ->> 'serviceId')::uuid, p_job ->> 'serviceName',
              (p_job ->> 'minutes')::integer, (p_job ->> 'price')::integer,
              p_drop_off, p_ready, p_source, p_idempotency_key, p_idempotency_hash, p_client_ip,
              p_created_at, to_jsonb(public.booking_request_tidied(p_request)),
              p_job ->> 'carSize',
              array(select (e ->> 'id')::uuid from jsonb_array_elements(p_job -> 'addons') e),
              p_job;
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

comment on function public.booking_insert(
  uuid, jsonb, public.booking_request, timestamptz, timestamptz, tstzrange[], text, text,
  text, text, timestamptz
) is
  'Inserts a booking of a job (booking_job: its package, size, add-ons, total price and minutes are the job''s, whatever the request says; the rest of the request as booking_request_tidied gives it, whatever the caller passed; its date and time are the Copenhagen drop-off) and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book; the caller holds the locks and has checked the time.';

revoke all on function public.booking_insert(
  uuid, jsonb, public.booking_request, timestamptz, timestamptz, tstzrange[], text, text,
  text, text, timestamptz
) from public, anon, authenticated;

-- anonymising forgets what the customer told, every field of the request by name (a new one too);
-- retention (run_retention) sets anonymised_at and the name it leaves
create function public.bookings_forget_told()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.anonymised_at is null or old.anonymised_at is not null then
    return new;
  end if;
  new := jsonb_populate_record(new,
    coalesce((select jsonb_object_agg(a.attname, '')
                from pg_catalog.pg_attribute a
               where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0
                 and not a.attisdropped and a.atttypid = 'text'::regtype
                 and a.attname <> 'customer_name'
                 and a.attname <> all (public.booking_request_choices())), '{}'::jsonb)
    || jsonb_build_object('sms_opt_in', false));
  return new;
end;
$$;

comment on function public.bookings_forget_told() is
  'Trigger function: when a booking is anonymised (anonymised_at set), every text the customer gave with the request (booking_request''s text attributes but the name, which retention replaces, and what he chose, booking_request_choices) becomes empty and sms_opt_in false.';

revoke all on function public.bookings_forget_told() from public, anon, authenticated;

create trigger bookings_forget_told
  before update on public.bookings
  for each row execute function public.bookings_forget_told();

-- a plain TRUNCATE is refused by the foreign keys that point here; with CASCADE, by this trigger
create trigger refuse_truncate
  before truncate on public.bookings
  for each statement execute function public.refuse_truncate();

create function public.bookings_refuse_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- a deleted booking is gone without a word to the customer, and its time, e-mails and history
  -- with it; a customer's data is erased by anonymising (the retention job), never by a delete.
  -- Only a transaction that says so itself (set_config, which no Table Editor or REST edit can
  -- send) deletes: the test databases emptying themselves.
  if coalesce(current_setting('glanspunkt.erase_bookings', true), '') = 'on' then
    return old;
  end if;
  raise exception 'Bookinger slettes ikke: så får kunden ingen besked, og tiden og historikken forsvinder. Aflys i stedet: find bookingen % i owner_bookings, og vælg status aflyst (kunden får en mail, og tiden bliver ledig).',
    old.reference
    using errcode = 'feature_not_supported';
end;
$$;

comment on function public.bookings_refuse_delete() is
  'Trigger function: a booking is never deleted (refused in Danish, saying how to cancel it in owner_bookings), unless the transaction set glanspunkt.erase_bookings to on itself.';

revoke all on function public.bookings_refuse_delete() from public, anon, authenticated;

create trigger bookings_refuse_delete
  before delete on public.bookings
  for each row execute function public.bookings_refuse_delete();

alter table public.bookings enable row level security;
-- no policy and no grant for anon or authenticated: only the edge functions (service role) and the
-- owner's dashboard reach bookings

-- what every message shows of a booking -----------------------------------------------------------

create function public.booking_job_summary(p_booking public.bookings)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- the job as it was priced at booking time (bookings.job, booking_job's snapshot), never today's
  -- prices; a row written without the engine (no job) is its package alone
  select jsonb_build_object(
    'carSize', coalesce(p_booking.job ->> 'carSize', p_booking.car_size),
    'carSizeName', coalesce(p_booking.job ->> 'carSizeName', ''),
    'packagePrice', coalesce((p_booking.job -> 'packagePrice')::integer, p_booking.price),
    'addons', coalesce((select jsonb_agg(jsonb_build_object('name', a ->> 'name',
                                                            'price', (a -> 'price')::integer)
                                         order by n)
                          from jsonb_array_elements(p_booking.job -> 'addons') with ordinality x(a, n)),
                       '[]'::jsonb));
$$;

comment on function public.booking_job_summary(public.bookings) is
  'What a customer reads of a booking''s job, as it was booked (bookings.job): the car size (code and name, the name empty for a row without a job), the package''s price for that size and each add-on with its price, in the job''s order. The total is bookings.price.';

revoke all on function public.booking_job_summary(public.bookings) from public, anon, authenticated;

create function public.booking_summary(p_booking public.bookings)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', p_booking.reference,
    'serviceName', p_booking.service_name,
    'price', p_booking.price,
    'job', public.booking_job_summary(p_booking),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at));
$$;

comment on function public.booking_summary(public.bookings) is
  'Reference, package, total price (inkl. moms), the job as booked (booking_job_summary: size, package price, add-ons), drop-off and ready time of a booking (Copenhagen ISO times): the part shared by the booking e-mails, the cancel and move pages and the owner''s calendar feed.';

revoke all on function public.booking_summary(public.bookings) from public, anon, authenticated;
