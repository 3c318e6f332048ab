-- One place for two rules that were written twice (issue #13, "one of each"). Behaviour unchanged:
--
--   site_rebuild_request(now, change)  the site rebuild's "at most one build hook call a minute" and
--                                      the row lock around it, shared by the trigger
--                                      site_rebuild_after_change (a change) and site_rebuild_flush()
--                                      (the pg_cron minute); both become one-line callers
--   set_updated_at() on bookings       the updated_at stamp of bookings was a copy of set_updated_at
--                                      inside bookings_before_update; bookings now uses the shared
--                                      trigger function like services, and bookings_before_update
--                                      keeps only cancelled_at
--
-- site_rebuild_request is internal like the rebuild functions it serves: SECURITY DEFINER, execute
-- revoked from public, anon, authenticated and service_role.

-- the site rebuild ---------------------------------------------------------------------------------

create function public.site_rebuild_request(p_now timestamptz, p_change boolean)
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

comment on function public.site_rebuild_request(timestamptz, boolean) is 'Internal: locks the site_rebuild row and calls the build hook when the last call is a minute old or more; otherwise a change (p_change) is marked pending and the minute''s run (not p_change) does nothing. Returns whether it called. Used by site_rebuild_after_change() and site_rebuild_flush().';

create or replace function public.site_rebuild_after_change()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  perform public.site_rebuild_request(now(), true);
  return null;
end;
$$;

create or replace function public.site_rebuild_flush(p_now timestamptz default now())
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  select public.site_rebuild_request(p_now, false);
$$;

revoke execute on function public.site_rebuild_request(timestamptz, boolean)
  from public, anon, authenticated, service_role;

-- updated_at of bookings ---------------------------------------------------------------------------

create or replace function public.bookings_before_update()
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
  return new;
end;
$$;

comment on function public.bookings_before_update() is 'Trigger function: stamps cancelled_at of a booking (updated_at: set_updated_at, trigger bookings_set_updated_at).';

create trigger bookings_set_updated_at
  before update on public.bookings
  for each row execute function public.set_updated_at();
