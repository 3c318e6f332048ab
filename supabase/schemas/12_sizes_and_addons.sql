-- What a job is besides its package: the car's size and the add-ons, priced and timed by the owner
-- in the dashboard, and booking_job, the one place a job's price and length are worked out.
--
-- Rules that live here:
-- - the standard size (almindelig personbil) is the packages' own price and duration
--   (services.price, services.duration_minutes): the spec's numbers stay the ordinary car's; it is
--   marked once (is_standard), can be renamed but never switched off, removed or unmarked;
-- - another size has, per package, its price (the whole price, not a surcharge) and its extra
--   minutes in service_size_prices; a package without a row for a size is not offered for that
--   size (the form offers only the sizes a package has);
-- - an add-on has a price, minutes (0 when it takes no bay time) and the packages it fits
--   (addon_services); it is switched off, never deleted once booked;
-- - numbers are numeric for the same reason as services' (a decimal reaches the Danish check
--   instead of PostgreSQL's English refusal or a silent rounding), whole and in range by checks;
-- - the site reads the active rows only (row-level security), as it reads services.
-- A change to any of these asks the static host to rebuild the site (90_operations.sql).

-- car sizes ---------------------------------------------------------------------------------------

create table public.car_sizes (
  code text not null,
  name text not null,
  description text not null default '',
  sort_order numeric not null default 0,
  is_standard boolean not null default false,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint car_sizes_pkey primary key (code),
  constraint car_sizes_name_key unique (name),
  constraint car_sizes_code_format check (code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  constraint car_sizes_sort_order_whole_within_a_million
    check (sort_order = trunc(sort_order) and sort_order between -1000000 and 1000000),
  constraint car_sizes_standard_is_active check (is_active or not is_standard)
);

-- one standard size
create unique index car_sizes_one_standard on public.car_sizes (is_standard) where is_standard;

comment on table public.car_sizes is
  'Bilstørrelser, kunden vælger imellem i bookingen, f.eks. almindelig personbil, stor bil/SUV og varebil. Prisen og tiden for hver pakke til en størrelse står i service_size_prices. Almindelig personbil (is_standard) er pakkernes egen pris og tid i services.';
comment on column public.car_sizes.code is
  'Fast nøgle (små bogstaver a-z, tal og bindestreg, f.eks. stor-bil). Ret den ikke, når den er brugt.';
comment on column public.car_sizes.name is
  'Navnet, kunden ser, f.eks. Stor bil (SUV, stationcar). Skal være unikt.';
comment on column public.car_sizes.description is
  'Kort forklaring, kunden ser ved valget, f.eks. Mini, hatchback og sedan.';
comment on column public.car_sizes.sort_order is
  'Rækkefølgen i bookingen, et helt tal, f.eks. 10: laveste tal står først.';
comment on column public.car_sizes.is_standard is
  'true på almindelig personbil alene: dens pris og tid er pakkens egen i services. Kan ikke ændres.';
comment on column public.car_sizes.is_active is
  'true = kan vælges i bookingen. false = slået fra (bookinger med størrelsen bevares). Almindelig personbil kan ikke slås fra.';
comment on column public.car_sizes.created_at is 'Hvornår størrelsen blev oprettet (automatisk).';
comment on column public.car_sizes.updated_at is 'Hvornår størrelsen sidst blev ændret (automatisk).';

create function public.car_sizes_check_values()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.code, new.created_at) is distinct from (old.code, old.created_at) then
    raise exception 'code og created_at kan ikke rettes (code er størrelsens faste nøgle). Ret name i stedet.'
      using errcode = 'feature_not_supported';
  end if;
  if tg_op = 'UPDATE' and new.is_standard is distinct from old.is_standard then
    raise exception 'is_standard kan ikke rettes: almindelig personbil er pakkernes egen pris og tid i services.'
      using errcode = 'feature_not_supported';
  end if;
  if tg_op = 'INSERT' and coalesce(new.is_standard, false)
     and exists (select 1 from public.car_sizes s where s.is_standard) then
    raise exception 'Der er allerede en almindelig størrelse (is_standard). En ny størrelse får sin pris pr. pakke i service_size_prices; sæt is_standard til false.'
      using errcode = 'unique_violation';
  end if;
  new.is_standard := coalesce(new.is_standard, false);
  new.code := lower(btrim(coalesce(new.code, '')));
  if new.code !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'code skal være små bogstaver a-z, tal og bindestreger, f.eks. stor-bil.'
      using errcode = 'check_violation';
  end if;
  if tg_op = 'INSERT' and exists (select 1 from public.car_sizes s where s.code = new.code) then
    raise exception 'Der er allerede en størrelse med code "%". Giv den nye størrelse en anden code, eller ret den, der er.', new.code
      using errcode = 'unique_violation';
  end if;
  if new.name is null or btrim(new.name) = '' then
    raise exception 'Skriv størrelsens navn i name, f.eks. Stor bil (SUV, stationcar).'
      using errcode = 'not_null_violation';
  end if;
  new.name := btrim(new.name);
  if exists (select 1 from public.car_sizes s where lower(s.name) = lower(new.name) and s.code <> new.code) then
    raise exception 'Der er allerede en størrelse, der hedder "%". Giv den et andet navn.', new.name
      using errcode = 'unique_violation';
  end if;
  new.description := btrim(coalesce(new.description, ''));
  if new.sort_order is null then
    raise exception 'sort_order mangler. Skriv et helt tal, f.eks. 10 (laveste tal står først).'
      using errcode = 'not_null_violation';
  end if;
  if new.sort_order <> trunc(new.sort_order) or new.sort_order not between -1000000 and 1000000 then
    raise exception 'sort_order: % kan ikke bruges. Skriv et helt tal fra -1000000 til 1000000, f.eks. 10.', new.sort_order
      using errcode = 'check_violation';
  end if;
  new.sort_order := trunc(new.sort_order);
  if new.is_active is null then
    raise exception 'is_active skal være true (kan vælges) eller false (slået fra).'
      using errcode = 'not_null_violation';
  end if;
  if new.is_standard and not new.is_active then
    raise exception 'Almindelig personbil kan ikke slås fra: dens pris og tid er pakkernes egen.'
      using errcode = 'check_violation';
  end if;
  return new;
end;
$$;

comment on function public.car_sizes_check_values() is
  'Trigger function: refuses, in Danish and saying what to type, a car size whose code, name, sort_order or is_active the constraints would refuse in English, a second standard size, a change of code or is_standard, and switching the standard size off.';

revoke all on function public.car_sizes_check_values() from public, anon, authenticated;

create trigger car_sizes_check_values
  before insert or update on public.car_sizes
  for each row execute function public.car_sizes_check_values();

create function public.car_sizes_refuse_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.is_standard then
    raise exception 'Almindelig personbil kan ikke slettes: dens pris og tid er pakkernes egen.'
      using errcode = 'feature_not_supported';
  end if;
  if exists (select 1 from public.bookings b where b.car_size = old.code) then
    raise exception 'Størrelsen "%" har bookinger og kan ikke slettes. Slå den fra i stedet: sæt is_active til false.', old.name
      using errcode = 'foreign_key_violation';
  end if;
  if exists (select 1 from public.service_size_prices p where p.car_size = old.code) then
    raise exception 'Størrelsen "%" har priser i service_size_prices. Slet først dens rækker der, eller slå den fra: sæt is_active til false.', old.name
      using errcode = 'foreign_key_violation';
  end if;
  return old;
end;
$$;

comment on function public.car_sizes_refuse_delete() is
  'Trigger function: refuses, in Danish, deleting the standard size or a size bookings have (switch it off with is_active instead).';

revoke all on function public.car_sizes_refuse_delete() from public, anon, authenticated;

create trigger car_sizes_refuse_delete
  before delete on public.car_sizes
  for each row execute function public.car_sizes_refuse_delete();

create trigger car_sizes_set_updated_at
  before update on public.car_sizes
  for each row execute function public.set_updated_at();

create trigger refuse_truncate
  before truncate on public.car_sizes
  for each statement execute function public.refuse_truncate();

alter table public.car_sizes enable row level security;

create policy "anon reads active car sizes" on public.car_sizes
  for select to anon using (is_active);
create policy "authenticated reads active car sizes" on public.car_sizes
  for select to authenticated using (is_active);

-- the booking form offers the sizes (build time and in the browser)
grant select on table public.car_sizes to anon, authenticated;

-- a package's price and extra time for a size ----------------------------------------------------

create table public.service_size_prices (
  service_id uuid not null,
  car_size text not null,
  price numeric not null,
  extra_minutes numeric not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint service_size_prices_pkey primary key (service_id, car_size),
  constraint service_size_prices_service_id_fkey foreign key (service_id)
    references public.services (id) on delete cascade,
  constraint service_size_prices_car_size_fkey foreign key (car_size)
    references public.car_sizes (code),
  constraint service_size_prices_price_whole_kroner_1_to_1000000
    check (price = trunc(price) and price between 1 and 1000000),
  constraint service_size_prices_extra_minutes_whole_0_to_10080
    check (extra_minutes = trunc(extra_minutes) and extra_minutes between 0 and 10080)
);

create index service_size_prices_car_size_idx on public.service_size_prices (car_size);

comment on table public.service_size_prices is
  'Hvad en pakke koster og hvor meget længere den tager til en bilstørrelse (ikke almindelig personbil: den er pakkens egen pris og tid i services). En pakke uden række for en størrelse kan ikke bookes til den størrelse.';
comment on column public.service_size_prices.service_id is 'Pakken (vælg den i services).';
comment on column public.service_size_prices.car_size is 'Bilstørrelsen (code i car_sizes), f.eks. stor-bil.';
comment on column public.service_size_prices.price is
  'Pakkens hele pris til denne størrelse i hele kroner inkl. moms, kun tallet, f.eks. 499 (ikke et tillæg).';
comment on column public.service_size_prices.extra_minutes is
  'Hvor mange minutter længere jobbet tager end pakkens egen varighed, et helt tal fra 0 til 10080, f.eks. 30.';
comment on column public.service_size_prices.created_at is 'Hvornår rækken blev oprettet (automatisk).';
comment on column public.service_size_prices.updated_at is 'Hvornår rækken sidst blev ændret (automatisk).';

create function public.service_size_prices_check_values()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_size public.car_sizes;
begin
  if tg_op = 'UPDATE' and new.created_at is distinct from old.created_at then
    raise exception 'created_at udfyldes automatisk og kan ikke rettes.' using errcode = 'feature_not_supported';
  end if;
  new.created_at := coalesce(new.created_at, now());
  new.updated_at := coalesce(new.updated_at, now());
  if new.service_id is null or not exists (select 1 from public.services s where s.id = new.service_id) then
    raise exception 'Vælg pakken i service_id (en pakke fra services).' using errcode = 'foreign_key_violation';
  end if;
  select * into v_size from public.car_sizes s where s.code = lower(btrim(coalesce(new.car_size, '')));
  if not found then
    raise exception 'car_size: "%" er ikke en størrelse. Skriv en code fra car_sizes, f.eks. %.',
      left(coalesce(new.car_size, ''), 40),
      coalesce((select string_agg(s.code, ' eller ' order by s.sort_order, s.code)
                  from public.car_sizes s where not s.is_standard), 'stor-bil')
      using errcode = 'foreign_key_violation';
  end if;
  if v_size.is_standard then
    raise exception '% har pakkens egen pris og tid: ret dem i services (price og duration_minutes).', v_size.name
      using errcode = 'check_violation';
  end if;
  new.car_size := v_size.code;
  if exists (select 1 from public.service_size_prices p
              where p.service_id = new.service_id and p.car_size = new.car_size
                and (tg_op = 'INSERT' or (p.service_id, p.car_size) <> (old.service_id, old.car_size))) then
    raise exception 'Pakken har allerede en pris til %. Ret den række i stedet for at lave en ny.', v_size.name
      using errcode = 'unique_violation';
  end if;
  if new.price is null then
    raise exception 'price mangler. Skriv pakkens hele pris til % i hele kroner, f.eks. 499.', v_size.name
      using errcode = 'not_null_violation';
  end if;
  if new.price <> trunc(new.price) or new.price not between 1 and 1000000 then
    raise exception 'price: % kan ikke bruges. Skriv pakkens hele pris i hele kroner fra 1 til 1000000, f.eks. 499.', new.price
      using errcode = 'check_violation';
  end if;
  if new.extra_minutes is null then
    new.extra_minutes := 0;
  end if;
  if new.extra_minutes <> trunc(new.extra_minutes) or new.extra_minutes not between 0 and 10080 then
    raise exception 'extra_minutes: % kan ikke bruges. Skriv de ekstra minutter som et helt tal fra 0 til 10080, f.eks. 30.', new.extra_minutes
      using errcode = 'check_violation';
  end if;
  new.price := trunc(new.price);
  new.extra_minutes := trunc(new.extra_minutes);
  return new;
end;
$$;

comment on function public.service_size_prices_check_values() is
  'Trigger function: refuses, in Danish, a size price for an unknown package or size, for the standard size (its price is the package''s own), or a price (whole kroner 1..1000000) or extra minutes (whole 0..10080) the constraints would refuse in English.';

revoke all on function public.service_size_prices_check_values() from public, anon, authenticated;

create trigger service_size_prices_check_values
  before insert or update on public.service_size_prices
  for each row execute function public.service_size_prices_check_values();

create trigger service_size_prices_set_updated_at
  before update on public.service_size_prices
  for each row execute function public.set_updated_at();

alter table public.service_size_prices enable row level security;

create policy "anon reads offered size prices" on public.service_size_prices
  for select to anon using (
    exists (select 1 from public.services s where s.id = service_id and s.is_active)
    and exists (select 1 from public.car_sizes c where c.code = car_size and c.is_active));
create policy "authenticated reads offered size prices" on public.service_size_prices
  for select to authenticated using (
    exists (select 1 from public.services s where s.id = service_id and s.is_active)
    and exists (select 1 from public.car_sizes c where c.code = car_size and c.is_active));

grant select on table public.service_size_prices to anon, authenticated;

-- add-ons -----------------------------------------------------------------------------------------

create table public.addons (
  id uuid not null default gen_random_uuid(),
  name text not null,
  description text not null default '',
  price numeric not null,
  duration_minutes numeric not null default 0,
  sort_order numeric not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint addons_pkey primary key (id),
  constraint addons_name_key unique (name),
  constraint addons_price_whole_kroner_1_to_100000
    check (price = trunc(price) and price between 1 and 100000),
  constraint addons_duration_minutes_whole_0_to_1440
    check (duration_minutes = trunc(duration_minutes) and duration_minutes between 0 and 1440),
  constraint addons_sort_order_whole_within_a_million
    check (sort_order = trunc(sort_order) and sort_order between -1000000 and 1000000)
);

comment on table public.addons is
  'Tilvalg, kunden kan lægge til en pakke, f.eks. motorvask eller ozonbehandling. Hvilke pakker et tilvalg passer til, står i addon_services. Slet aldrig et tilvalg, der er booket: sæt is_active til false.';
comment on column public.addons.id is 'Tilvalgets faste id (dannes automatisk; ret det ikke).';
comment on column public.addons.name is 'Navnet, kunden ser, f.eks. Motorvask. Skal være unikt.';
comment on column public.addons.description is 'Kort beskrivelse, kunden ser ved valget.';
comment on column public.addons.price is
  'Pris i hele kroner inkl. moms, kun tallet, f.eks. 299 (fra 1 til 100000).';
comment on column public.addons.duration_minutes is
  'Hvor mange minutter tilvalget lægger til jobbet, et helt tal fra 0 til 1440, f.eks. 45 (0 = ingen ekstra tid).';
comment on column public.addons.sort_order is
  'Rækkefølgen i bookingen, et helt tal, f.eks. 10: laveste tal står først.';
comment on column public.addons.is_active is
  'true = kan vælges. false = slået fra (bookinger med tilvalget bevares).';
comment on column public.addons.created_at is 'Hvornår tilvalget blev oprettet (automatisk).';
comment on column public.addons.updated_at is 'Hvornår tilvalget sidst blev ændret (automatisk).';

create function public.addons_check_values()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (new.id, new.created_at) is distinct from (old.id, old.created_at) then
    raise exception 'id og created_at udfyldes automatisk og kan ikke rettes.' using errcode = 'feature_not_supported';
  end if;
  -- an id or time left empty on a new row: filled in, as the column's default would
  new.id := coalesce(new.id, gen_random_uuid());
  new.created_at := coalesce(new.created_at, now());
  new.updated_at := coalesce(new.updated_at, now());
  if new.name is null or btrim(new.name) = '' then
    raise exception 'Skriv tilvalgets navn i name, f.eks. Motorvask.' using errcode = 'not_null_violation';
  end if;
  new.name := btrim(new.name);
  if exists (select 1 from public.addons a where lower(a.name) = lower(new.name) and a.id is distinct from new.id) then
    raise exception 'Der er allerede et tilvalg, der hedder "%". Giv det et andet navn.', new.name
      using errcode = 'unique_violation';
  end if;
  new.description := btrim(coalesce(new.description, ''));
  if new.price is null then
    raise exception 'price mangler. Skriv prisen i hele kroner, f.eks. 299.' using errcode = 'not_null_violation';
  end if;
  if new.price <> trunc(new.price) or new.price not between 1 and 100000 then
    raise exception 'price: % kan ikke bruges. Skriv prisen i hele kroner fra 1 til 100000, f.eks. 299.', new.price
      using errcode = 'check_violation';
  end if;
  if new.duration_minutes is null then
    new.duration_minutes := 0;
  end if;
  if new.duration_minutes <> trunc(new.duration_minutes) or new.duration_minutes not between 0 and 1440 then
    raise exception 'duration_minutes: % kan ikke bruges. Skriv minutterne som et helt tal fra 0 til 1440, f.eks. 45 (0 = ingen ekstra tid).', new.duration_minutes
      using errcode = 'check_violation';
  end if;
  if new.sort_order is null then
    raise exception 'sort_order mangler. Skriv et helt tal, f.eks. 10 (laveste tal står først).' using errcode = 'not_null_violation';
  end if;
  if new.sort_order <> trunc(new.sort_order) or new.sort_order not between -1000000 and 1000000 then
    raise exception 'sort_order: % kan ikke bruges. Skriv et helt tal fra -1000000 til 1000000, f.eks. 10.', new.sort_order
      using errcode = 'check_violation';
  end if;
  if new.is_active is null then
    raise exception 'is_active skal være true (kan vælges) eller false (slået fra).' using errcode = 'not_null_violation';
  end if;
  new.price := trunc(new.price);
  new.duration_minutes := trunc(new.duration_minutes);
  new.sort_order := trunc(new.sort_order);
  return new;
end;
$$;

comment on function public.addons_check_values() is
  'Trigger function: refuses, in Danish and saying what to type, an add-on whose name, price (whole kroner 1..100000), minutes (whole 0..1440), sort_order or is_active the constraints would refuse in English.';

revoke all on function public.addons_check_values() from public, anon, authenticated;

create trigger addons_check_values
  before insert or update on public.addons
  for each row execute function public.addons_check_values();

create function public.addons_refuse_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.bookings b where old.id = any (b.addon_ids)) then
    raise exception 'Tilvalget "%" er booket og kan ikke slettes. Slå det fra i stedet: sæt is_active til false.', old.name
      using errcode = 'foreign_key_violation';
  end if;
  return old;
end;
$$;

comment on function public.addons_refuse_delete() is
  'Trigger function: refuses, in Danish, deleting an add-on that bookings have (switch it off with is_active instead).';

revoke all on function public.addons_refuse_delete() from public, anon, authenticated;

create trigger addons_refuse_delete
  before delete on public.addons
  for each row execute function public.addons_refuse_delete();

create trigger addons_set_updated_at
  before update on public.addons
  for each row execute function public.set_updated_at();

create trigger refuse_truncate
  before truncate on public.addons
  for each statement execute function public.refuse_truncate();

alter table public.addons enable row level security;

create policy "anon reads active addons" on public.addons
  for select to anon using (is_active);
create policy "authenticated reads active addons" on public.addons
  for select to authenticated using (is_active);

grant select on table public.addons to anon, authenticated;

create table public.addon_services (
  addon_id uuid not null,
  service_id uuid not null,
  constraint addon_services_pkey primary key (addon_id, service_id),
  constraint addon_services_addon_id_fkey foreign key (addon_id)
    references public.addons (id) on delete cascade,
  constraint addon_services_service_id_fkey foreign key (service_id)
    references public.services (id) on delete cascade
);

create index addon_services_service_id_idx on public.addon_services (service_id);

comment on table public.addon_services is
  'Hvilke pakker et tilvalg passer til: én række pr. tilvalg og pakke. Et tilvalg uden rækker kan ikke vælges.';
comment on column public.addon_services.addon_id is 'Tilvalget (vælg det i addons).';
comment on column public.addon_services.service_id is 'Pakken, tilvalget passer til (vælg den i services).';

create function public.addon_services_check_values()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.addon_id is null or not exists (select 1 from public.addons a where a.id = new.addon_id) then
    raise exception 'Vælg tilvalget i addon_id (et tilvalg fra addons).' using errcode = 'foreign_key_violation';
  end if;
  if new.service_id is null or not exists (select 1 from public.services s where s.id = new.service_id) then
    raise exception 'Vælg pakken i service_id (en pakke fra services).' using errcode = 'foreign_key_violation';
  end if;
  if tg_op = 'INSERT' and exists (select 1 from public.addon_services x
                                    where x.addon_id = new.addon_id and x.service_id = new.service_id) then
    raise exception 'Tilvalget passer allerede til den pakke.' using errcode = 'unique_violation';
  end if;
  return new;
end;
$$;

comment on function public.addon_services_check_values() is
  'Trigger function: refuses, in Danish, a row naming an unknown add-on or package, or one that is already there.';

revoke all on function public.addon_services_check_values() from public, anon, authenticated;

create trigger addon_services_check_values
  before insert or update on public.addon_services
  for each row execute function public.addon_services_check_values();

alter table public.addon_services enable row level security;

create policy "anon reads offered addons" on public.addon_services
  for select to anon using (
    exists (select 1 from public.services s where s.id = service_id and s.is_active)
    and exists (select 1 from public.addons a where a.id = addon_id and a.is_active));
create policy "authenticated reads offered addons" on public.addon_services
  for select to authenticated using (
    exists (select 1 from public.services s where s.id = service_id and s.is_active)
    and exists (select 1 from public.addons a where a.id = addon_id and a.is_active));

grant select on table public.addon_services to anon, authenticated;

-- the job: package + size + add-ons ---------------------------------------------------------------

create function public.car_size_standard()
returns text
language plpgsql
stable
set search_path = ''
as $$
begin
  return (select s.code from public.car_sizes s where s.is_standard);
end;
$$;

comment on function public.car_size_standard() is
  'The code of the standard size (almindelig personbil), whose price and duration are the package''s own.';

revoke all on function public.car_size_standard() from public, anon, authenticated;

create function public.booking_job(
  p_service_id uuid,
  p_car_size text default null,
  p_addon_ids uuid[] default null
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_service public.services;
  v_size public.car_sizes;
  v_price integer;
  v_minutes integer;
  v_addons jsonb;
  v_wanted integer;
begin
  select * into v_service from public.services s where s.id = p_service_id and s.is_active;
  if not found then
    return jsonb_build_object('error', 'serviceId');
  end if;
  select * into v_size from public.car_sizes c
   where c.code = coalesce(nullif(lower(btrim(p_car_size)), ''), public.car_size_standard())
     and c.is_active;
  if not found then
    return jsonb_build_object('error', 'carSize');
  end if;
  if v_size.is_standard then
    v_price := v_service.price;
    v_minutes := v_service.duration_minutes;
  else
    select p.price, v_service.duration_minutes + p.extra_minutes into v_price, v_minutes
      from public.service_size_prices p
     where p.service_id = v_service.id and p.car_size = v_size.code;
    if not found then
      return jsonb_build_object('error', 'carSize');
    end if;
  end if;
  -- every add-on asked for once, active and fitting the package; in the owner's order
  v_wanted := coalesce(cardinality(p_addon_ids), 0);
  if v_wanted > 0 and (array_position(p_addon_ids, null) is not null
                       or (select count(distinct x) from unnest(p_addon_ids) x) <> v_wanted) then
    return jsonb_build_object('error', 'addonIds');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name, 'price', a.price::integer,
                                               'minutes', a.duration_minutes::integer)
                            order by a.sort_order, a.name), '[]'::jsonb)
    into v_addons
    from public.addons a
   where a.id = any (coalesce(p_addon_ids, '{}')) and a.is_active
     and exists (select 1 from public.addon_services x where x.addon_id = a.id and x.service_id = v_service.id);
  if jsonb_array_length(v_addons) <> v_wanted then
    return jsonb_build_object('error', 'addonIds');
  end if;
  return jsonb_build_object(
    'serviceId', v_service.id,
    'serviceName', v_service.name,
    'carSize', v_size.code,
    'carSizeName', v_size.name,
    'packagePrice', v_price,
    'packageMinutes', v_minutes,
    'addons', v_addons,
    'price', v_price + coalesce((select sum((e ->> 'price')::integer) from jsonb_array_elements(v_addons) e), 0),
    'minutes', v_minutes + coalesce((select sum((e ->> 'minutes')::integer) from jsonb_array_elements(v_addons) e), 0));
end;
$$;

comment on function public.booking_job(uuid, text, uuid[]) is
  'A job as the owner prices and times it: the package (active), the car size (code; null or empty is the standard size, whose price and minutes are the package''s own; another size needs its service_size_prices row) and the add-ons (each once, active, fitting the package). {serviceId, serviceName, carSize, carSizeName, packagePrice, packageMinutes, addons: [{id, name, price, minutes}], price, minutes}: price and minutes are the totals; or {error: serviceId|carSize|addonIds}. The one place a job''s price and length are worked out: slots, calendar, booking and the owner''s tools read it, never a total from the browser.';

revoke all on function public.booking_job(uuid, text, uuid[]) from public, anon, authenticated;
