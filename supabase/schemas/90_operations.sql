-- Operations: what keeps the live project in shape without a developer. The site rebuild after
-- the owner's changes, retention of personal data, the status npm run check:live reads, the call
-- the scheduled jobs make, and the privilege lint.
--
-- Rules that live here:
-- - a change to services, opening_hours or settings calls the static host's build hook (Vault
--   secret site_build_hook_url) at most once a minute; the last change of a burst is built by the
--   minute's run; a failing call never blocks the owner's change (site_rebuild.last_error), and
--   without Vault or pg_net (PGlite, the embedded stack) nothing is sent;
-- - the site is also rebuilt on the first day of the founding month, when the age the pages state
--   (worked out when they are built) changes;
-- - retention does what the privacy policy promises: a customer's bookings are anonymised 5 years
--   after their last contact, e-mail copies purged 30 days after sending (90 after a failure or
--   cancellation), rate-limit counters deleted after a day, booking IP addresses after 30 days,
--   used challenges once expired;
-- - only the service role reads the live status and the privilege lint; the function the jobs call
--   and the rebuild's internals are for the database itself (pg_cron runs as postgres).
--
-- The schedules themselves (pg_cron: the sender every minute, reminders, retention, the owner's
-- agenda, the site rebuild's minute run and its yearly one, the run history's cleanup) are not
-- schema: they are jobs in the cron schema that the migrations 20261126000100_scheduled_jobs.sql
-- and 20261129111538_site_rebuild_anniversary.sql create, idempotently, where pg_cron is available.
-- They are left out of this folder.

-- the site rebuild --------------------------------------------------------------------------------

create table public.site_rebuild (
  id boolean not null default true,
  requested_at timestamptz,
  requested_xact bigint,
  pending_since timestamptz,
  last_request_id bigint,
  last_error text,
  last_error_at timestamptz,
  constraint site_rebuild_pkey primary key (id),
  -- one row
  constraint site_rebuild_id_check check (id)
);

comment on table public.site_rebuild is
  'Automatisk: hvornår hjemmesiden sidst blev bedt om at blive bygget igen efter en ændring af pakker, åbningstider eller indstillinger, og én gang om året, når virksomhedens alder på siderne skifter. Rør den ikke; den passer sig selv.';
comment on column public.site_rebuild.id is 'Der er kun én række.';
comment on column public.site_rebuild.requested_at is
  'Hvornår hjemmesiden sidst blev bedt om at bygge igen (højst én gang i minuttet).';
comment on column public.site_rebuild.requested_xact is
  'Teknisk: den ændring (transaktion) der sidst bad om at bygge.';
comment on column public.site_rebuild.pending_since is
  'Udfyldt når en ændring venter på næste byg (inden for et minut).';
comment on column public.site_rebuild.last_request_id is 'Teknisk: id på det sidste kald (pg_net).';
comment on column public.site_rebuild.last_error is
  'Sidste fejl ved kald af byggekrogen, f.eks. en manglende adresse. Tom når alt virker.';
comment on column public.site_rebuild.last_error_at is 'Hvornår den sidste fejl skete.';

insert into public.site_rebuild (id) values (true);

alter table public.site_rebuild enable row level security;
-- no policy and no grant for anon or authenticated

create function public.site_rebuild_call(p_now timestamptz)
returns boolean
language plpgsql
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

comment on function public.site_rebuild_call(timestamptz) is
  'Calls the build hook (Vault secret site_build_hook_url) through pg_net and records it in site_rebuild. Returns whether a call was made. Internal: used by the trigger and site_rebuild_flush().';

-- internal: only site_rebuild_request calls it
revoke all on function public.site_rebuild_call(timestamptz)
  from public, anon, authenticated, service_role;

create function public.site_rebuild_request(p_now timestamptz, p_change boolean)
returns boolean
language plpgsql
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

comment on function public.site_rebuild_request(timestamptz, boolean) is
  'Internal: locks the site_rebuild row and calls the build hook when the last call is a minute old or more; otherwise a change (p_change) is marked pending and the minute''s run (not p_change) does nothing. Returns whether it called. Used by site_rebuild_after_change(), site_rebuild_anniversary() and site_rebuild_flush().';

-- internal: the trigger, the minute's run and the yearly one call it
revoke all on function public.site_rebuild_request(timestamptz, boolean)
  from public, anon, authenticated, service_role;

create function public.site_rebuild_flush(p_now timestamptz default now())
returns boolean
language sql
security definer
set search_path = ''
as $$
  select public.site_rebuild_request(p_now, false);
$$;

comment on function public.site_rebuild_flush(timestamptz) is
  'Run every minute (pg_cron job site-rebuild): calls the build hook for changes that arrived within a minute of the previous call. Returns whether it called.';

-- pg_cron runs it as postgres
revoke all on function public.site_rebuild_flush(timestamptz)
  from public, anon, authenticated, service_role;

create function public.site_rebuild_anniversary(p_now timestamptz default now())
returns boolean
language sql
security definer
set search_path = ''
as $$
  select public.site_rebuild_request(p_now, true);
$$;

comment on function public.site_rebuild_anniversary(timestamptz) is
  'Run on the first day of the founding month (pg_cron job site-rebuild-anniversary): the pages state how many years the business has existed, worked out when the site is built (src/content/founding.ts), so it is built again when that number changes. Asks as a change does: the build hook is called now, or by site_rebuild_flush() within the minute. Returns whether it called.';

-- pg_cron runs it as postgres
revoke all on function public.site_rebuild_anniversary(timestamptz)
  from public, anon, authenticated, service_role;

create function public.site_rebuild_after_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.site_rebuild_request(now(), true);
  return null;
end;
$$;

comment on function public.site_rebuild_after_change() is
  'Trigger: a change to services, opening_hours, settings, car sizes, size prices, add-ons or the packages they fit asks the static host to rebuild the site, at most once a minute (later changes wait for site_rebuild_flush()).';

-- only its triggers call it
revoke all on function public.site_rebuild_after_change()
  from public, anon, authenticated, service_role;

create trigger site_rebuild_after_change
  after insert or delete or update or truncate on public.services
  for each statement execute function public.site_rebuild_after_change();

create trigger site_rebuild_after_change
  after insert or delete or update or truncate on public.opening_hours
  for each statement execute function public.site_rebuild_after_change();

create trigger site_rebuild_after_change
  after insert or delete or update or truncate on public.settings
  for each statement execute function public.site_rebuild_after_change();

-- the size prices and add-ons are printed on /services and in the terms too
create trigger site_rebuild_after_change
  after insert or delete or update or truncate on public.car_sizes
  for each statement execute function public.site_rebuild_after_change();

create trigger site_rebuild_after_change
  after insert or delete or update or truncate on public.service_size_prices
  for each statement execute function public.site_rebuild_after_change();

create trigger site_rebuild_after_change
  after insert or delete or update or truncate on public.addons
  for each statement execute function public.site_rebuild_after_change();

create trigger site_rebuild_after_change
  after insert or delete or update or truncate on public.addon_services
  for each statement execute function public.site_rebuild_after_change();

-- retention ---------------------------------------------------------------------------------------

create function public.retention_phone_key(p_phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- digits only; a Danish number with the country code (+45 or 0045) is the same as without
  select case when d ~ '^(0045|45)[0-9]{8}$' then right(d, 8) else d end
    from (select regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g') as d) x;
$$;

comment on function public.retention_phone_key(text) is
  'A phone number as retention compares it: digits only, a Danish number without its +45/0045.';

revoke all on function public.retention_phone_key(text) from public, anon, authenticated;

create function public.run_retention(p_now timestamptz default now())
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_anonymised integer;
  v_purged integer;
  v_rate_limits integer;
  v_ips integer;
  v_challenges integer;
  v_waitlist integer;
  v_messages integer;
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
     -- the rest of what the customer told is emptied by bookings_forget_told, by name
     set customer_name = 'Anonymiseret',
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

  -- 5. the waiting lists of days that have passed (88_waitlist.sql)
  v_waitlist := public.waitlist_retention(p_now);

  -- 6. visitors' messages from the site (a question or a quote request): 6 months after arrival
  delete from public.visitor_messages m where m.created_at < p_now - interval '6 months';
  get diagnostics v_messages = row_count;

  return jsonb_build_object(
    'bookingsAnonymised', v_anonymised,
    'emailsPurged', v_purged,
    'rateLimitRowsDeleted', v_rate_limits,
    'bookingIpsRemoved', v_ips,
    'challengeUsesDeleted', v_challenges,
    'waitlistEntriesDeleted', v_waitlist,
    'visitorMessagesDeleted', v_messages);
end;
$$;

comment on function public.run_retention(timestamptz) is
  'Deletes personal data the privacy policy no longer allows us to keep: anonymises bookings 5 years after the customer''s last contact (a customer is an e-mail address, or a phone number for bookings without one), purges e-mail copies (sent: 30 days, failed: 90 days), rate-limit rows after 1 day, booking IP addresses after 30 days, used booking challenges once expired the waiting lists of days that have passed (waitlist_retention) and messages from the site (visitor_messages) 6 months after they arrived. Run daily (pg_cron). Returns counts.';

revoke all on function public.run_retention(timestamptz) from public, anon, authenticated;
-- the local stack's worker calls it with the secret key (pg_cron on the platform)
grant execute on function public.run_retention(timestamptz) to service_role;

-- what the jobs and npm run check:live use --------------------------------------------------------

create function public.call_edge_function(p_name text, p_body jsonb default '{}'::jsonb)
returns bigint
language plpgsql
set search_path = ''
as $$
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
$$;

comment on function public.call_edge_function(text, jsonb) is
  'Used by the scheduled jobs (pg_cron): POSTs to the edge function p_name of this project through pg_net, with the project URL (Vault secret project_url) and the key (Vault secret email_processor_secret) read from Vault. Returns the pg_net request id.';

-- pg_cron runs it as postgres; it reads the processor's key from Vault, so nobody else may call it
revoke all on function public.call_edge_function(text, jsonb)
  from public, anon, authenticated, service_role;

create function public.live_status()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

comment on function public.live_status() is
  'For npm run check:live (service role only): applied migrations, scheduled jobs (null without pg_cron) and their recent failures, names of the Vault secrets that have a value (null without Vault), whether pg_net is enabled, the last build-hook error.';

revoke all on function public.live_status() from public, anon, authenticated;
-- npm run check:live calls it with the secret key
grant execute on function public.live_status() to service_role;

-- The privilege lint, in the spirit of Supabase's Security Advisor: everything in the exposed
-- schema that the public API key (anon) or a signed-in user (authenticated) can reach, and the
-- settings that make an object unsafe to expose. The tests compare its answer with the allow-list
-- in supabase/lint/api-privileges.json on PGlite and PostgreSQL 15; `npm run check:live` asks the
-- live project the same question (POST /rest/v1/rpc/api_privilege_findings with the secret key).
create function public.api_privilege_findings()
returns setof text
language sql
stable
set search_path = ''
as $$
  with roles(role) as (values ('anon'), ('authenticated')),
  rels as (
    select c.oid, c.relname, c.relkind, c.relrowsecurity, c.reloptions
      from pg_catalog.pg_class c
     where c.relnamespace = 'public'::regnamespace
       and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
  ),
  table_privileges(privilege) as (
    values ('select'), ('insert'), ('update'), ('delete'), ('truncate'), ('references'), ('trigger')
  ),
  column_privileges(privilege) as (
    values ('select'), ('insert'), ('update'), ('references')
  ),
  sequence_privileges(privilege) as (
    values ('usage'), ('select'), ('update')
  )
  -- functions the role may call
  select format('%s: execute function public.%s(%s)', r.role, p.proname,
                pg_catalog.pg_get_function_identity_arguments(p.oid))
    from pg_catalog.pg_proc p
   cross join roles r
   where p.pronamespace = 'public'::regnamespace
     and pg_catalog.has_function_privilege(r.role, p.oid, 'execute')
  union all
  -- table, view and foreign-table privileges
  select format('%s: %s on table public.%s', r.role, t.privilege, c.relname)
    from rels c
   cross join roles r
   cross join table_privileges t
   where c.relkind <> 'S'
     and pg_catalog.has_table_privilege(r.role, c.oid, t.privilege)
  union all
  -- column privileges that the table-level ones do not already cover
  select format('%s: %s on column public.%s.%s', r.role, t.privilege, c.relname, a.attname)
    from rels c
    join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
   cross join roles r
   cross join column_privileges t
   where c.relkind <> 'S'
     and not pg_catalog.has_table_privilege(r.role, c.oid, t.privilege)
     and pg_catalog.has_column_privilege(r.role, c.oid, a.attnum, t.privilege)
  union all
  select format('%s: %s on sequence public.%s', r.role, t.privilege, c.relname)
    from rels c
   cross join roles r
   cross join sequence_privileges t
   where c.relkind = 'S'
     and pg_catalog.has_sequence_privilege(r.role, c.oid, t.privilege)
  union all
  select format('%s: create in schema public', r.role)
    from roles r
   where pg_catalog.has_schema_privilege(r.role, 'public', 'create')
  union all
  -- a table without row-level security is readable in full by whoever gets a grant on it
  select format('row level security off: table public.%s', c.relname)
    from rels c
   where c.relkind in ('r', 'p') and not c.relrowsecurity
  union all
  -- a materialized view has no row-level security at all
  select format('materialized view: public.%s', c.relname)
    from rels c
   where c.relkind = 'm'
  union all
  -- a security definer function resolves names through the caller's search_path unless fixed
  select format('security definer without a fixed search_path: function public.%s(%s)', p.proname,
                pg_catalog.pg_get_function_identity_arguments(p.oid))
    from pg_catalog.pg_proc p
   where p.pronamespace = 'public'::regnamespace
     and p.prosecdef
     and not exists (select from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%')
  union all
  -- a view runs with its owner's rights (and so past row-level security) unless security_invoker
  select format('view without security_invoker: public.%s', c.relname)
    from rels c
   where c.relkind = 'v'
     and not coalesce(c.reloptions @> array['security_invoker=true']
                      or c.reloptions @> array['security_invoker=on']
                      or c.reloptions @> array['security_invoker=1'], false)
   order by 1
$$;

comment on function public.api_privilege_findings() is
  'The privilege lint: what anon and authenticated can reach in public, and unsafe object settings. Compared with supabase/lint/api-privileges.json by the tests and by npm run check:live.';

revoke all on function public.api_privilege_findings() from public, anon, authenticated;
-- npm run check:live calls it with the secret key
grant execute on function public.api_privilege_findings() to service_role;
