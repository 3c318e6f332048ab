-- Seed data: the six packages of the price list and the default booking rules.
-- Runs after the migrations on `supabase db reset` and `npm run db:reset`.

insert into public.services (id, slug, name, description, category, duration_minutes, price, sort_order) values
  ('5a1f0001-0000-4000-8000-000000000001', 'vask-soelv', 'Sølvpakken',
   'Håndvask udvendigt, fælge og dæk, vinduer ind- og udvendigt.', 'vask', 30, 199, 1),
  ('5a1f0001-0000-4000-8000-000000000002', 'vask-guld', 'Guldpakken',
   'Komplet vask ind- og udvendigt, duftfriskning, støvsugning og vinduer.', 'vask', 120, 399, 2),
  ('5a1f0001-0000-4000-8000-000000000003', 'vask-premium', 'Premiumpakken',
   'Udvendig håndvask, fælge og dæk, støvsugning, rens af sæder, gulv og måtter, desinficering af overflader og rens af bagagerum.',
   'vask', 180, 799, 3),
  ('5a1f0001-0000-4000-8000-000000000004', 'polering-soelv', 'Sølvpakken polering',
   'Polering i flere trin, fjernelse af mindre ridser, glans og vinduer.', 'polering', 480, 1800, 4),
  ('5a1f0001-0000-4000-8000-000000000005', 'polering-guld', 'Guldpakken polering',
   'Alt i Sølvpakken plus dybderens og polering af lakken, voksbeskyttelse og opfriskning af plast og krom.',
   'polering', 840, 2400, 5),
  ('5a1f0001-0000-4000-8000-000000000006', 'polering-premium', 'Premiumpakken polering',
   'Alt i Guldpakken plus ekstra polering i flere trin, nano-keramisk forsegling og dybderens af fælge og dæk med polering.',
   'polering', 1080, 3600, 6);

insert into public.settings (key, value, description, is_public) values
  ('min_advance_booking_days', '1', 'Tidligste dag, kunder kan booke online: antal dage efter i dag.', true),
  ('max_advance_booking_days', '60', 'Seneste dag, kunder kan booke online: antal dage frem fra i dag.', true),
  ('slot_interval_minutes', '30', 'Minutter mellem de afleveringstider, kunderne kan vælge online.', false),
  ('workshop_capacity', '1', 'Antal biler, der kan arbejdes på samtidig (pladser i værkstedet).', false),
  ('buffer_minutes', '0', 'Minutter, der holdes fri efter hvert job.', false),
  ('cancellation_notice_hours', '24', 'Indtil hvor mange timer før aflevering kunden selv kan afbestille.', true);

insert into public.opening_hours (weekday, opens_at, closes_at) values
  (1, '09:00', '20:00'),
  (2, '09:00', '20:00'),
  (3, '09:00', '20:00'),
  (4, '09:00', '20:00'),
  (5, '08:00', '17:00'),
  (6, '10:00', '16:00'),
  (7, null, null);

-- the local owner (npm run dev makes the Auth user OWNER_EMAIL with the same address)
-- (the migration tests seed databases migrated only up to an older migration, without the list)
do $$
begin
  if to_regclass('public.owners') is not null then
    insert into public.owners (email, name) values ('ejer@glanspunkt.local', 'Ejeren');
  end if;
end
$$;

-- car sizes (the migration makes them; the owner prices each package per size) and add-ons
-- (the migration tests seed databases migrated only up to an older migration, without them)
do $$
begin
  if to_regclass('public.service_size_prices') is null then
    return;
  end if;
  -- the sizes the sizes migration makes (a database built from supabase/schemas has none)
  if not exists (select 1 from public.car_sizes) then
    insert into public.car_sizes (code, name, description, sort_order, is_standard) values
      ('almindelig', 'Almindelig personbil', 'Mini-, små og mellemstore biler: hatchback og sedan.', 1, true),
      ('stor-bil', 'Stor bil (SUV, stationcar, 7-personers)', 'SUV, stationcar, MPV og store sedaner.', 2, false),
      ('varebil', 'Varebil', 'Varebiler og pickupper.', 3, false);
  end if;
  insert into public.service_size_prices (service_id, car_size, price, extra_minutes) values
    ('5a1f0001-0000-4000-8000-000000000001', 'stor-bil', 249, 15),
    ('5a1f0001-0000-4000-8000-000000000002', 'stor-bil', 499, 30),
    ('5a1f0001-0000-4000-8000-000000000003', 'stor-bil', 999, 45),
    ('5a1f0001-0000-4000-8000-000000000004', 'stor-bil', 2200, 120),
    ('5a1f0001-0000-4000-8000-000000000005', 'stor-bil', 2900, 180),
    ('5a1f0001-0000-4000-8000-000000000006', 'stor-bil', 4300, 240),
    ('5a1f0001-0000-4000-8000-000000000001', 'varebil', 299, 30),
    ('5a1f0001-0000-4000-8000-000000000002', 'varebil', 599, 60),
    ('5a1f0001-0000-4000-8000-000000000003', 'varebil', 1199, 90),
    ('5a1f0001-0000-4000-8000-000000000004', 'varebil', 2600, 180),
    ('5a1f0001-0000-4000-8000-000000000005', 'varebil', 3400, 240),
    ('5a1f0001-0000-4000-8000-000000000006', 'varebil', 5000, 300);
  insert into public.addons (id, name, description, price, duration_minutes, sort_order) values
    ('ad0d0001-0000-4000-8000-000000000001', 'Motorvask',
     'Skånsom rens af motorrummet, plast og gummi plejet bagefter.', 299, 30, 1),
    ('ad0d0001-0000-4000-8000-000000000002', 'Lædercreme',
     'Rens og creme af lædersæder, så læderet holdes blødt.', 349, 45, 2),
    ('ad0d0001-0000-4000-8000-000000000003', 'Hundehårsfjernelse',
     'Grundig fjernelse af hundehår fra sæder, måtter og bagagerum.', 249, 30, 3),
    ('ad0d0001-0000-4000-8000-000000000004', 'Ozonbehandling',
     'Fjerner lugt af røg, dyr og fugt fra kabinen.', 399, 60, 4);
  insert into public.addon_services (addon_id, service_id)
  select a.id, s.id
    from public.addons a cross join public.services s
   where a.name = 'Motorvask'
      or (a.name = 'Lædercreme' and s.slug in ('vask-guld', 'vask-premium', 'polering-guld', 'polering-premium'))
      or (a.name in ('Hundehårsfjernelse', 'Ozonbehandling') and s.category = 'vask')
      or (a.name = 'Ozonbehandling' and s.category = 'polering');
end
$$;
