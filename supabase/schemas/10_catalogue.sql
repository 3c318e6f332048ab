-- The catalogue: the packages (services) and the booking rules (settings) the owner edits in the
-- dashboard, and the helpers every other topic reads them through.
--
-- Rules that live here:
-- - a package is never deleted, only switched off (is_active): bookings keep pointing at it, and
--   the site reads only active packages (row-level security);
-- - its slug is the site's fixed key to its copy and picture, filled from the name when left empty;
-- - settings are text: a whole-number rule is checked against its range when written
--   (setting_range, refused in Danish); one that is missing still falls back to its default in
--   booking_setting(), so a lost row never stops the booking;
-- - price, duration_minutes and sort_order are numbers (numeric, so the API answers JSON numbers
--   and they sort as numbers). The Table Editor edits them with a number input, so "449 kr" cannot
--   reach them from there. They are numeric, not integer, so that a decimal such as 449.5 reaches
--   services_check_values and is refused in Danish (an integer column refuses it in PostgreSQL's
--   English before any trigger, and an assignment cast would round a numeric 449.5 silently);
--   whole numbers and their ranges are also check constraints, the backstop behind the trigger;
-- - the site reads only the settings marked is_public.
-- A change to services or settings asks the static host to rebuild the site: those triggers live
-- with the site rebuild in 90_operations.sql.

-- services ----------------------------------------------------------------------------------------

create table public.services (
  id uuid not null default gen_random_uuid(),
  name text not null,
  description text not null default '',
  category text not null,
  duration_minutes numeric not null,
  price numeric not null,
  sort_order numeric not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  slug text not null,
  constraint services_pkey primary key (id),
  constraint services_name_key unique (name),
  constraint services_slug_key unique (slug),
  constraint services_category_check check (category in ('vask', 'polering', 'special')),
  constraint services_duration_minutes_whole_15_to_10080
    check (duration_minutes = trunc(duration_minutes) and duration_minutes between 15 and 10080),
  constraint services_price_whole_kroner_1_to_1000000
    check (price = trunc(price) and price between 1 and 1000000),
  constraint services_sort_order_whole_within_a_million
    check (sort_order = trunc(sort_order) and sort_order between -1000000 and 1000000),
  constraint services_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);

comment on table public.services is
  'Pakkerne (vask og polering) på hjemmesiden og i bookingen. Ret pris, navn og varighed her. Slet aldrig en pakke: sæt is_active til false for at skjule den.';
comment on column public.services.id is 'Pakkens faste id (dannes automatisk; ret det ikke).';
comment on column public.services.name is
  'Pakkens navn, som kunden ser det, f.eks. Guldpakken. Skal være unikt.';
comment on column public.services.description is 'Kort beskrivelse, som kunden ser i bookingen.';
comment on column public.services.category is
  'Slags pakke: vask, polering eller special (pris og tid aftales).';
comment on column public.services.duration_minutes is
  'Hvor mange minutters åbningstid jobbet optager, som et helt tal minutter fra 15 til 10080, f.eks. 120 = 2 timer, 480 = 8 timer. Lange jobs fortsætter de næste åbningsdage.';
comment on column public.services.price is
  'Pris i hele kroner inkl. moms, kun tallet, f.eks. 399 eller 1800 (fra 1 til 1000000).';
comment on column public.services.sort_order is
  'Rækkefølgen på prissiderne inden for kategorien (vask, polering, special), et helt tal, f.eks. 10: laveste tal står først. Bookingformularens liste er altid sorteret efter navn.';
comment on column public.services.is_active is
  'true = pakken vises og kan bookes. false = pakken er slået fra (eksisterende bookinger bevares).';
comment on column public.services.created_at is 'Hvornår pakken blev oprettet (automatisk).';
comment on column public.services.updated_at is 'Hvornår pakken sidst blev ændret (automatisk).';
comment on column public.services.slug is
  'Fast nøgle, som hjemmesiden bruger til at finde pakkens beskrivelse, indhold og billede. Lad den stå, også når du omdøber pakken. Udfyldes automatisk ud fra navnet på en ny pakke.';

create function public.service_slug(name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select trim(both '-' from regexp_replace(
    lower(replace(replace(replace(replace(replace(replace(name,
      'æ', 'ae'), 'Æ', 'ae'), 'ø', 'oe'), 'Ø', 'oe'), 'å', 'aa'), 'Å', 'aa')),
    '[^a-z0-9]+', '-', 'g'))
$$;

comment on function public.service_slug(text) is
  'Slug of a package name: lowercase ASCII letters, digits and hyphens (æ, ø, å as ae, oe, aa).';

revoke all on function public.service_slug(text) from public, anon, authenticated;

create function public.services_fill_slug()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.slug is null or btrim(new.slug) = '' then
    new.slug := public.service_slug(new.name);
  end if;
  return new;
end;
$$;

comment on function public.services_fill_slug() is
  'Trigger function: gives a new package a slug made from its name when none is given.';

revoke all on function public.services_fill_slug() from public, anon, authenticated;

create trigger services_fill_slug
  before insert or update of slug on public.services
  for each row execute function public.services_fill_slug();

create function public.services_check_values()
returns trigger
language plpgsql
set search_path = ''
as $$
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
  -- the Table Editor's number input sends what the owner typed as a quoted literal (or null for
  -- an empty cell); the column is numeric so that a decimal arrives here unrounded
  if new.price is null then
    raise exception 'price mangler. Skriv prisen i hele kroner, f.eks. 449.' using errcode = 'not_null_violation';
  end if;
  if new.price <> trunc(new.price) then
    raise exception 'price: % er ikke et helt antal kroner. Skriv prisen i hele kroner, f.eks. 449.', new.price
      using errcode = 'check_violation';
  end if;
  if new.price < 1 or new.price > 1000000 then
    raise exception 'price: % kr. kan ikke bruges. Skriv prisen i hele kroner fra 1 til 1000000, f.eks. 449.', new.price
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes is null then
    raise exception 'duration_minutes mangler. Skriv varigheden i hele minutter, f.eks. 120 for 2 timer.' using errcode = 'not_null_violation';
  end if;
  if new.duration_minutes <> trunc(new.duration_minutes) then
    raise exception 'duration_minutes: % er ikke et helt antal minutter. Skriv varigheden i hele minutter, f.eks. 120 for 2 timer.', new.duration_minutes
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes between 1 and 14 then
    -- a job of a few minutes is not booked here: a small number is almost surely hours
    raise exception 'duration_minutes: % minutter er for kort til et job (mindst 15). Mente du % timer? Skriv %.',
      trunc(new.duration_minutes), trunc(new.duration_minutes), trunc(new.duration_minutes) * 60
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes < 15 or new.duration_minutes > 10080 then
    raise exception 'duration_minutes: % kan ikke bruges. Skriv varigheden i hele minutter fra 15 til 10080 (en uge), f.eks. 120 for 2 timer.', new.duration_minutes
      using errcode = 'check_violation';
  end if;
  if new.sort_order is null then
    raise exception 'sort_order mangler. Skriv et helt tal, f.eks. 10 (laveste tal står først).' using errcode = 'not_null_violation';
  end if;
  if new.sort_order <> trunc(new.sort_order) or new.sort_order not between -1000000 and 1000000 then
    raise exception 'sort_order: % kan ikke bruges. Skriv et helt tal fra -1000000 til 1000000, f.eks. 10 (laveste tal står først).', new.sort_order
      using errcode = 'check_violation';
  end if;
  -- 449.0 is whole: stored as 449, as the site prints it
  new.price := trunc(new.price);
  new.duration_minutes := trunc(new.duration_minutes);
  new.sort_order := trunc(new.sort_order);
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
$$;

comment on function public.services_check_values() is
  'Trigger function: refuses, in Danish and saying what to type, a package whose name, category, price (whole kroner 1..1000000), duration (whole minutes 15..10080; under 15 is asked about as hours), sort_order (whole, within a million), is_active or slug the table''s constraints would refuse in English.';

revoke all on function public.services_check_values() from public, anon, authenticated;

create trigger services_check_values
  before insert or update on public.services
  for each row execute function public.services_check_values();

create function public.services_refuse_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- the foreign key from bookings would refuse it in English; a package nobody booked may go
  if exists (select 1 from public.bookings b where b.service_id = old.id) then
    raise exception 'Pakken "%" har bookinger og kan ikke slettes. Slå den fra i stedet: sæt is_active til false.', old.name
      using errcode = 'foreign_key_violation';
  end if;
  return old;
end;
$$;

comment on function public.services_refuse_delete() is
  'Trigger function: refuses, in Danish, deleting a package that bookings point at (switch it off with is_active instead).';

revoke all on function public.services_refuse_delete() from public, anon, authenticated;

create trigger services_refuse_delete
  before delete on public.services
  for each row execute function public.services_refuse_delete();

create trigger services_set_updated_at
  before update on public.services
  for each row execute function public.set_updated_at();

-- on services and bookings, which other tables point at, PostgreSQL's own foreign-key check refuses
-- a plain TRUNCATE before this trigger runs; with CASCADE the Danish refusal answers
create trigger refuse_truncate
  before truncate on public.services
  for each statement execute function public.refuse_truncate();

alter table public.services enable row level security;

create policy "anon reads active services" on public.services
  for select to anon using (is_active);
create policy "authenticated reads active services" on public.services
  for select to authenticated using (is_active);

-- the site lists the packages, prices and durations (at build time and in the booking form)
grant select on table public.services to anon, authenticated;

-- settings ----------------------------------------------------------------------------------------

create table public.settings (
  key text not null,
  value text not null,
  description text not null default '',
  is_public boolean not null default false,
  constraint settings_pkey primary key (key)
);

comment on table public.settings is
  'Regler for bookingen som navn og værdi, f.eks. hvor langt frem man kan booke. Ret kun kolonnen value.';
comment on column public.settings.key is
  'Indstillingens navn, f.eks. max_advance_booking_days. Ret det ikke.';
comment on column public.settings.value is
  'Indstillingens værdi. Tal skrives som hele tal uden enhed, f.eks. 60. Til/fra skrives 1 (til) eller 0 (fra). Et tal uden for det tilladte interval afvises med en forklaring.';
comment on column public.settings.description is 'Hvad indstillingen styrer.';
comment on column public.settings.is_public is
  'Om hjemmesiden må læse indstillingen. Ret det ikke.';

-- the allowed range of each whole-number rule, checked when the owner writes it (a value the
-- engine would ignore is refused, never silently replaced by the default). The abuse caps go up
-- to a million: a very high cap is how a cap is lifted.
create function public.setting_ranges()
returns table (key text, min_value integer, max_value integer, unit text)
language sql
immutable
set search_path = ''
as $$
  select r.key, r.min_value, r.max_value, r.unit
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
      ('no_show_requires_call', 0, 1, '1 = ja, 0 = nej'),
      ('owner_message_delay_minutes', 0, 60, 'minutter'),
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
      ('booking_challenge_cost', 1, 1000000, 'gentagelser'),
      ('waitlist_max_per_day', 1, 1000, 'personer'),
      ('max_visitor_messages_per_day', 1, 1000000, 'beskeder'),
      ('max_visitor_messages_per_ip_per_day', 1, 1000000, 'beskeder'),
      ('max_visitor_messages_per_email_per_day', 1, 1000000, 'beskeder')
    ) as r(key, min_value, max_value, unit);
$$;

comment on function public.setting_ranges() is
  'The settings there are: every key the engine reads, with its allowed whole-number range and unit in Danish. The one list of keys: settings refuses any other.';

revoke all on function public.setting_ranges() from public, anon, authenticated;

create function public.setting_range(p_key text)
returns table (min_value integer, max_value integer, unit text)
language sql
immutable
strict
set search_path = ''
as $$
  select r.min_value, r.max_value, r.unit from public.setting_ranges() r where r.key = p_key;
$$;

comment on function public.setting_range(text) is
  'The allowed whole-number range of a setting (and its unit in Danish); no row for a key that is not a setting.';

revoke all on function public.setting_range(text) from public, anon, authenticated;

create function public.setting_nearest(p_key text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- the known key the typed one is most like: the most shared letter pairs (a typo, a missing
  -- underscore or a word left out still shares most of them)
  with typed as (
    select distinct substr(lower(p_key), i, 2) pair
      from generate_series(1, greatest(length(p_key) - 1, 1)) i
  ), known as (
    select r.key from public.setting_ranges() r
  )
  select k.key
    from known k
    cross join lateral (
      select count(*) filter (where t.pair in (
               select substr(k.key, i, 2) from generate_series(1, length(k.key) - 1) i)) shared
        from typed t) m
   where m.shared * 2 >= (select count(*) from typed)
   order by m.shared desc, abs(length(k.key) - length(p_key)), k.key
   limit 1;
$$;

comment on function public.setting_nearest(text) is
  'The known setting (setting_range) a mistyped key is most like, by shared letter pairs, or null when none shares half of them.';

revoke all on function public.setting_nearest(text) from public, anon, authenticated;

create function public.settings_refuse_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- a deleted rule would quietly fall back to the number in the code
  raise exception 'Indstillinger slettes ikke: bookingen bruger %. Ret value i stedet (nu %).',
    old.key, old.value
    using errcode = 'feature_not_supported';
end;
$$;

comment on function public.settings_refuse_delete() is
  'Trigger function: a settings row is never deleted (the engine would fall back to its default without a word); refused in Danish, saying to change value instead.';

revoke all on function public.settings_refuse_delete() from public, anon, authenticated;

create function public.settings_check_value()
returns trigger
language plpgsql
set search_path = ''
as $$
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
    -- a key the engine does not read would do nothing: the rules are a fixed set
    raise exception 'Der findes ingen indstilling, der hedder "%".% Ret value i en af de rækker, der er i settings; nye rækker kan ikke bruges.',
      left(new.key, 60),
      coalesce(' Mente du ' || public.setting_nearest(new.key) || '?', '')
      using errcode = 'check_violation';
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
$$;

comment on function public.settings_check_value() is
  'Trigger function: a setting is one of the fixed set (setting_range; an unknown key is refused in Danish, naming the nearest known one) and a whole number within its range, refused in Danish with the range; the key cannot be renamed.';

revoke all on function public.settings_check_value() from public, anon, authenticated;

create trigger settings_check_value
  before insert or update on public.settings
  for each row execute function public.settings_check_value();

create trigger settings_refuse_delete
  before delete on public.settings
  for each row execute function public.settings_refuse_delete();

create trigger refuse_truncate
  before truncate on public.settings
  for each statement execute function public.refuse_truncate();

alter table public.settings enable row level security;

create policy "anon reads public settings" on public.settings
  for select to anon using (is_public);
create policy "authenticated reads public settings" on public.settings
  for select to authenticated using (is_public);

-- the build reads the public settings (booking window, notice, moves per booking)
grant select on table public.settings to anon, authenticated;

-- The rules added after the spec's (seed.sql holds the spec's defaults), with their Danish
-- descriptions: every project gets these rows, so the owner finds them in the dashboard. A missing
-- row falls back to the same number in the code that reads it.
insert into public.settings (key, value, description, is_public) values
  ('max_new_bookings_per_hour', '12',
   'Så mange nye online-bookinger i alt pr. time er normalt. Fra halvdelen bliver robottjekket før en booking sværere (3 gange), fra tallet 6 gange; først ved 4 gange tallet bliver besøgende bedt om at ringe, og du får én advarsel pr. e-mail.',
   false),
  ('max_bookings_per_ip_per_day', '5',
   'Højst så mange online-bookinger pr. dag fra samme internetadresse (IPv6: samme /64-net; et /56-net må 2 gange så mange, et /48-net 3 gange). Derefter bliver besøgende bedt om at ringe.',
   false),
  ('max_open_bookings_per_contact', '2',
   'Højst så mange kommende bookinger pr. e-mailadresse og pr. telefonnummer, der kan laves online.',
   false),
  ('max_booking_emails_per_recipient_per_day', '3',
   'Højst så mange bookingbekræftelser pr. dag til samme e-mailadresse.',
   false),
  ('rate_limit_per_ip_per_hour', '20',
   'Højst så mange bookingforsøg pr. time fra samme internetadresse (netværk). Derefter bliver besøgende bedt om at vente eller ringe.',
   false),
  ('rate_limit_per_email_per_hour', '5',
   'Højst så mange bookingforsøg pr. time med samme e-mailadresse.',
   false),
  ('rate_limit_invalid_per_ip_per_hour', '30',
   'Højst så mange afviste bookingforsøg (ugyldig pakke, dag eller tid) pr. time fra samme internetadresse.',
   false),
  ('owner_agenda_email', '0',
   'Morgenoversigt: en e-mail kl. 7 på åbningsdage med dagens afleveringer og afhentninger: 1 = ja, 0 = nej.',
   false),
  ('reminder_hours_before', '24',
   'Hvor mange timer før aflevering påmindelsesmailen sendes.',
   false),
  ('email_max_attempts', '10',
   'Antal forsøg på at sende én mail, før den opgives (status failed).',
   false),
  ('email_retry_base_seconds', '60',
   'Sekunder før første nye forsøg efter en fejl; ventetiden fordobles for hvert forsøg (højst 6 timer).',
   false),
  ('owner_bookings_send_email', '1',
   'Om kunder, du booker, aflyser eller flytter i owner_bookings, får de samme mails som ved en onlinebooking, når der er en e-mailadresse: 1 = ja, 0 = nej.',
   false),
  -- public: the terms page (/handelsbetingelser) states it, read at build time like the notice
  ('max_moves_per_booking', '3',
   'Hvor mange gange en kunde selv må flytte en booking via linket i mailen.',
   true),
  ('booking_challenge_cost', '5000',
   'Sværhedsgraden af den opgave, browseren løser i baggrunden før en online-booking (ALTCHA, PBKDF2-gentagelser pr. forsøg). Højere tal gør automatiske bookinger dyrere, men får også ældre telefoner til at vente længere.',
   false),
  ('no_show_requires_call', '0',
   'Om en kunde, der er udeblevet inden for de seneste 12 måneder (samme telefonnummer eller e-mailadresse), skal ringe i stedet for at booke et job over flere dage online: 1 = ja, 0 = nej.',
   false),
  ('owner_message_delay_minutes', '3',
   'Minutter før kunden får besked om det, du retter i owner_bookings (klar, ny færdigtid, aflyst, genoprettet). Retter du fejlen inden da (f.eks. klar tilbage til ankommet), får kunden ingen besked. 0 = med det samme.',
   false);

-- reading the rules -------------------------------------------------------------------------------

create function public.booking_setting(p_key text, p_default integer)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- PL/pgSQL, not SQL: the engine asks about ten times per booking, and an SQL function with a
  -- SET clause is parsed and planned again on every call (PostgreSQL before 18)
  return coalesce(
    (select trim(s.value)::integer
       from public.settings s
      where s.key = p_key and s.value ~ '^\s*[0-9]{1,9}\s*$'),
    p_default
  );
end;
$$;

comment on function public.booking_setting(text, integer) is
  'A whole-number setting, or p_default when the row is missing or not a whole number.';

revoke all on function public.booking_setting(text, integer) from public, anon, authenticated;

create function public.owner_send_email()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select lower(trim(s.value)) not in ('0', 'false', 'nej', 'fra', 'off', 'no')
       from public.settings s where s.key = 'owner_bookings_send_email'),
    true);
$$;

comment on function public.owner_send_email() is
  'Whether owner_bookings changes e-mail the customer (setting owner_bookings_send_email, default on).';

revoke all on function public.owner_send_email() from public, anon, authenticated;

create function public.owner_message_at(p_now timestamptz)
returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  -- a misclick in the dashboard is corrected within minutes: the customer's message waits that
  -- long, and a correction before then holds it back, so the customer hears nothing of it
  select p_now + make_interval(mins => public.booking_setting('owner_message_delay_minutes', 3));
$$;

comment on function public.owner_message_at(timestamptz) is
  'When a customer message set off by the owner''s change at p_now goes out: after owner_message_delay_minutes (default 3), the window in which a correction sends nothing.';

revoke all on function public.owner_message_at(timestamptz) from public, anon, authenticated;
