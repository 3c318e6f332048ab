-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.addons_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.car_sizes_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.car_sizes_refuse_delete()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.service_size_prices_check_values()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
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
$function$;
