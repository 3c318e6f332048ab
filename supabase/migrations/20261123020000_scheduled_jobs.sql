-- Scheduled jobs on hosted Supabase, so nothing has to be pasted into the dashboard after a deploy.
--
-- pg_cron runs the jobs (times in UTC); pg_net sends the HTTP calls; the project URL and the
-- processor's key are read from Supabase Vault at run time, as Supabase documents for scheduling
-- edge functions (https://supabase.com/docs/guides/functions/schedule-functions):
--
--   job                    schedule (UTC)   command
--   process-email-outbox   * * * * *        POST {project_url}/functions/v1/process-email-outbox
--   email-reminders        */15 * * * *     public.email_queue_reminders()
--   run-retention          17 2 * * *       public.run_retention()
--   owner-agenda           0 5,6 * * *      public.queue_owner_agenda()  (07:00 Copenhagen in winter
--                                           and in summer; the function decides and de-duplicates)
--   cron-history-cleanup   30 3 * * *       run history older than 7 days removed
--
-- Vault secrets (docs/deploy.md): project_url (https://<ref>.supabase.co) and
-- email_processor_secret (the function secret EMAIL_PROCESSOR_SECRET, or the service_role key).
--
-- Idempotent: cron.schedule() with a job name replaces the job of that name, so running this file
-- again changes nothing. Where pg_cron is not available (PGlite, a server without it preloaded) it
-- creates no schedule and says so (notice); the embedded stack runs the jobs itself
-- (local/mailbox/worker.ts).

-- the HTTP call a job makes --------------------------------------------------------------------

create or replace function public.call_edge_function(p_name text, p_body jsonb default '{}'::jsonb)
returns bigint
language plpgsql
volatile
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

comment on function public.call_edge_function(text, jsonb) is 'Used by the scheduled jobs (pg_cron): POSTs to the edge function p_name of this project through pg_net, with the project URL (Vault secret project_url) and the key (Vault secret email_processor_secret) read from Vault. Returns the pg_net request id.';

-- only the job owner (postgres) calls it; never the API roles
revoke execute on function public.call_edge_function(text, jsonb)
  from public, anon, authenticated, service_role;

-- the schedules ---------------------------------------------------------------------------------

do $$
begin
  begin
    -- in pg_catalog, as the Supabase dashboard and docs create it
    create extension if not exists pg_cron with schema pg_catalog;
  exception when others then
    raise notice 'scheduled jobs: pg_cron is not available here (%), so no schedules were created. The embedded local stack runs the jobs itself; on hosted Supabase pg_cron is always available.', sqlerrm;
    return;
  end;

  begin
    create extension if not exists pg_net with schema extensions;
  exception when others then
    raise notice 'scheduled jobs: pg_net is not available here (%); the e-mail job fails until it is enabled (create extension pg_net with schema extensions).', sqlerrm;
  end;

  perform cron.schedule('process-email-outbox', '* * * * *',
    $job$select public.call_edge_function('process-email-outbox');$job$);
  perform cron.schedule('email-reminders', '*/15 * * * *',
    $job$select public.email_queue_reminders();$job$);
  perform cron.schedule('run-retention', '17 2 * * *',
    $job$select public.run_retention();$job$);
  perform cron.schedule('owner-agenda', '0 5,6 * * *',
    $job$select public.queue_owner_agenda();$job$);
  perform cron.schedule('cron-history-cleanup', '30 3 * * *',
    $job$delete from cron.job_run_details where end_time < now() - interval '7 days';$job$);
end;
$$;
