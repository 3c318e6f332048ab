-- Data model v1: the catalogue and booking rules the workshop owner edits in the Supabase dashboard.
--
-- services       the wash and polish packages shown on the site and offered in the booking form
-- settings       key/value booking rules (booking window, slot interval, capacity, ...)
-- opening_hours  one row per ISO weekday (1 = Monday); null times mean closed
-- closed_dates   single days the workshop is closed (holidays, vacation)
--
-- Every table has RLS enabled with one policy per operation and role. The anon and authenticated
-- roles may only read active services, public settings, opening hours and closed dates; they can
-- never write. New Supabase projects do not auto-grant public tables, so all grants are explicit.

-- updated_at maintenance -------------------------------------------------------------------------

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function public.set_updated_at() is 'Trigger function: stamps updated_at with the current time on every update.';

-- services ---------------------------------------------------------------------------------------

create table public.services (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  description text not null default '',
  category text not null check (category in ('vask', 'polering', 'special')),
  duration_minutes integer not null check (duration_minutes > 0),
  price integer not null check (price >= 0),
  sort_order integer not null default 0,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.services is 'Wash and polish packages offered on the website and in the online booking. Deactivate a package (is_active = false) instead of deleting it.';
comment on column public.services.id is 'Unique id of the package (generated).';
comment on column public.services.name is 'Package name shown to customers, e.g. Guldpakken. Must be unique.';
comment on column public.services.description is 'Short description shown to customers.';
comment on column public.services.category is 'Kind of package: vask (wash), polering (polish) or special (priced individually).';
comment on column public.services.duration_minutes is 'How long the job occupies the workshop, in minutes of opening time. Long jobs continue over the next opening days.';
comment on column public.services.price is 'Price in whole Danish kroner (DKK), including VAT.';
comment on column public.services.sort_order is 'Display order within the category: lower numbers first.';
comment on column public.services.is_active is 'Only active packages are shown on the website and can be booked.';
comment on column public.services.created_at is 'When the package was created.';
comment on column public.services.updated_at is 'When the package was last changed (maintained automatically).';

create trigger services_set_updated_at
  before update on public.services
  for each row execute function public.set_updated_at();

alter table public.services enable row level security;

create policy "anon reads active services" on public.services
  for select to anon using (is_active);
create policy "authenticated reads active services" on public.services
  for select to authenticated using (is_active);

-- settings ---------------------------------------------------------------------------------------

create table public.settings (
  key text primary key,
  value text not null,
  description text not null default '',
  is_public boolean not null default false
);

comment on table public.settings is 'Booking rules as key/value pairs. Values are text; numeric settings are parsed as whole numbers.';
comment on column public.settings.key is 'Name of the setting, e.g. max_advance_booking_days.';
comment on column public.settings.value is 'Value of the setting as text (whole numbers for the booking rules).';
comment on column public.settings.description is 'What the setting controls, in plain words.';
comment on column public.settings.is_public is 'Whether the website may read this setting. Keep internal settings non-public.';

alter table public.settings enable row level security;

create policy "anon reads public settings" on public.settings
  for select to anon using (is_public);
create policy "authenticated reads public settings" on public.settings
  for select to authenticated using (is_public);

-- opening_hours ----------------------------------------------------------------------------------

create table public.opening_hours (
  weekday smallint primary key check (weekday between 1 and 7),
  opens_at time,
  closes_at time,
  constraint opening_hours_both_or_neither check ((opens_at is null) = (closes_at is null)),
  constraint opening_hours_closes_after_opens check (closes_at > opens_at)
);

comment on table public.opening_hours is 'Regular opening hours per weekday (Europe/Copenhagen local time). Leave both times empty for a closed day.';
comment on column public.opening_hours.weekday is 'ISO weekday: 1 = Monday ... 7 = Sunday.';
comment on column public.opening_hours.opens_at is 'Opening time, or empty when closed all day.';
comment on column public.opening_hours.closes_at is 'Closing time (after the opening time), or empty when closed all day.';

alter table public.opening_hours enable row level security;

create policy "anon reads opening hours" on public.opening_hours
  for select to anon using (true);
create policy "authenticated reads opening hours" on public.opening_hours
  for select to authenticated using (true);

-- closed_dates -----------------------------------------------------------------------------------

create table public.closed_dates (
  day date primary key,
  reason text not null default ''
);

comment on table public.closed_dates is 'Single days the workshop is closed on top of the weekly hours, e.g. vacation. Danish public holidays are handled automatically.';
comment on column public.closed_dates.day is 'The closed day (Europe/Copenhagen calendar date).';
comment on column public.closed_dates.reason is 'Why the workshop is closed (internal note).';

alter table public.closed_dates enable row level security;

create policy "anon reads closed dates" on public.closed_dates
  for select to anon using (true);
create policy "authenticated reads closed dates" on public.closed_dates
  for select to authenticated using (true);

-- grants -----------------------------------------------------------------------------------------

revoke all on public.services, public.settings, public.opening_hours, public.closed_dates
  from anon, authenticated;
grant select on public.services, public.settings, public.opening_hours, public.closed_dates
  to anon, authenticated;
grant select, insert, update, delete on public.services, public.settings, public.opening_hours,
  public.closed_dates to service_role;

revoke execute on function public.set_updated_at() from public, anon, authenticated;
