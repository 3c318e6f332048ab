-- services.slug: a stable key for each package, so the website can find the parts of a card that are
-- not facts (description, features, picture, highlight in src/content/) while the facts themselves
-- (name, price, duration, offered or not) come from this table (issue 15, item 1). The owner may
-- rename a package in the dashboard without losing its card; a new package gets a slug made from its
-- name when none is given.

create or replace function public.service_slug(name text)
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

comment on function public.service_slug(text) is 'Slug of a package name: lowercase ASCII letters, digits and hyphens (æ, ø, å as ae, oe, aa).';

alter table public.services add column slug text;

update public.services set slug = case name
  when 'Sølvpakken' then 'vask-soelv'
  when 'Guldpakken' then 'vask-guld'
  when 'Premiumpakken' then 'vask-premium'
  when 'Sølvpakken polering' then 'polering-soelv'
  when 'Guldpakken polering' then 'polering-guld'
  when 'Premiumpakken polering' then 'polering-premium'
  else public.service_slug(name)
end;

create or replace function public.services_fill_slug()
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

comment on function public.services_fill_slug() is 'Trigger function: gives a new package a slug made from its name when none is given.';

create trigger services_fill_slug
  before insert or update of slug on public.services
  for each row execute function public.services_fill_slug();

alter table public.services
  alter column slug set not null,
  add constraint services_slug_key unique (slug),
  add constraint services_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$');

comment on column public.services.slug is 'Fast nøgle, som hjemmesiden bruger til at finde pakkens beskrivelse, indhold og billede. Lad den stå, også når du omdøber pakken. Udfyldes automatisk ud fra navnet på en ny pakke.';
