-- Rebuild the static site when the owner changes what the pages show (issue #15, "Rebuild on change").
--
-- The pages read services, opening_hours and settings at build time. A change to any of them calls
-- the static host's build hook (Netlify "Build hooks", Vercel "Deploy Hooks": a POST to a secret
-- URL starts a new build), so the published pages follow the dashboard without a developer.
--
--   site_rebuild_after_change   statement trigger on the three tables: calls the hook at once when
--                               the last call is a minute old or more; otherwise marks the change
--                               as pending (at most one call a minute, however many edits)
--   site_rebuild_flush()        run every minute by pg_cron (job site-rebuild): sends a pending
--                               rebuild once the minute since the last call has passed, so the last
--                               edit of a burst is always built
--   public.site_rebuild         one row: when the hook was last called, whether a change waits,
--                               the last error
--
-- The hook URL is the Vault secret site_build_hook_url (docs/deploy.md). Without it, without Vault
-- or without pg_net (PGlite, the embedded stack) nothing is sent and nothing fails. A failing call
-- never blocks the owner's change: the error is kept in site_rebuild.last_error. pg_net sends after
-- commit, so a change that is rolled back starts no build.
--
-- Idempotent (create or replace, if not exists, cron.schedule by name).

create table if not exists public.site_rebuild (
  id boolean primary key default true check (id),
  requested_at timestamptz,
  requested_xact bigint,
  pending_since timestamptz,
  last_request_id bigint,
  last_error text,
  last_error_at timestamptz
);

comment on table public.site_rebuild is 'Automatisk: hvornår hjemmesiden sidst blev bedt om at blive bygget igen efter en ændring af pakker, åbningstider eller indstillinger. Rør den ikke; den passer sig selv.';
comment on column public.site_rebuild.id is 'Der er kun én række.';
comment on column public.site_rebuild.requested_at is 'Hvornår hjemmesiden sidst blev bedt om at bygge igen (højst én gang i minuttet).';
comment on column public.site_rebuild.requested_xact is 'Teknisk: den ændring (transaktion) der sidst bad om at bygge.';
comment on column public.site_rebuild.pending_since is 'Udfyldt når en ændring venter på næste byg (inden for et minut).';
comment on column public.site_rebuild.last_request_id is 'Teknisk: id på det sidste kald (pg_net).';
comment on column public.site_rebuild.last_error is 'Sidste fejl ved kald af byggekrogen, f.eks. en manglende adresse. Tom når alt virker.';
comment on column public.site_rebuild.last_error_at is 'Hvornår den sidste fejl skete.';

insert into public.site_rebuild (id) values (true) on conflict (id) do nothing;

alter table public.site_rebuild enable row level security;
revoke all on public.site_rebuild from public, anon, authenticated;
grant select on public.site_rebuild to service_role;

-- one call of the hook (the caller holds the row lock) ------------------------------------------

create or replace function public.site_rebuild_call(p_now timestamptz)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;

comment on function public.site_rebuild_call(timestamptz) is 'Calls the build hook (Vault secret site_build_hook_url) through pg_net and records it in site_rebuild. Returns whether a call was made. Internal: used by the trigger and site_rebuild_flush().';

-- the trigger -------------------------------------------------------------------------------------

create or replace function public.site_rebuild_after_change()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_state public.site_rebuild;
begin
  select * into v_state from public.site_rebuild where id for update;
  if not found then
    insert into public.site_rebuild (id) values (true) on conflict (id) do nothing;
    select * into v_state from public.site_rebuild where id for update;
  end if;
  -- this transaction already asked for a build: it sees all of its own changes
  if v_state.requested_xact = pg_catalog.txid_current() then
    return null;
  end if;
  if v_state.requested_at is null or v_state.requested_at <= now() - interval '1 minute' then
    perform public.site_rebuild_call(now());
  elsif v_state.pending_since is null then
    update public.site_rebuild set pending_since = now() where id;
  end if;
  return null;
end;
$$;

comment on function public.site_rebuild_after_change() is 'Trigger: a change to services, opening_hours or settings asks the static host to rebuild the site, at most once a minute (later changes wait for site_rebuild_flush()).';

drop trigger if exists site_rebuild_after_change on public.services;
create trigger site_rebuild_after_change
  after insert or update or delete or truncate on public.services
  for each statement execute function public.site_rebuild_after_change();

drop trigger if exists site_rebuild_after_change on public.opening_hours;
create trigger site_rebuild_after_change
  after insert or update or delete or truncate on public.opening_hours
  for each statement execute function public.site_rebuild_after_change();

drop trigger if exists site_rebuild_after_change on public.settings;
create trigger site_rebuild_after_change
  after insert or update or delete or truncate on public.settings
  for each statement execute function public.site_rebuild_after_change();

-- the pending change, a minute later --------------------------------------------------------------

create or replace function public.site_rebuild_flush(p_now timestamptz default now())
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_state public.site_rebuild;
begin
  select * into v_state from public.site_rebuild where id for update;
  if not found or v_state.pending_since is null then
    return false;
  end if;
  if v_state.requested_at is not null and v_state.requested_at > p_now - interval '1 minute' then
    return false; -- the minute since the last call has not passed yet
  end if;
  return public.site_rebuild_call(p_now);
end;
$$;

comment on function public.site_rebuild_flush(timestamptz) is 'Run every minute (pg_cron job site-rebuild): calls the build hook for changes that arrived within a minute of the previous call. Returns whether it called.';

revoke execute on function
  public.site_rebuild_call(timestamptz),
  public.site_rebuild_after_change(),
  public.site_rebuild_flush(timestamptz)
  from public, anon, authenticated, service_role;

-- the schedule ------------------------------------------------------------------------------------

do $$
begin
  if to_regnamespace('cron') is null then
    raise notice 'site rebuild: pg_cron is not available here, so the job site-rebuild was not scheduled (pending rebuilds are sent with the next change instead).';
    return;
  end if;
  perform cron.schedule('site-rebuild', '* * * * *', $job$select public.site_rebuild_flush();$job$);
end;
$$;
