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
--   site-rebuild           * * * * *        public.site_rebuild_flush()  (only when a rebuild is due)
--
-- Vault secrets (docs/deploy.md): project_url (https://<ref>.supabase.co) and
-- email_processor_secret (the function secret EMAIL_PROCESSOR_SECRET, or the service_role key).
--
-- The functions are in 20261126000000_baseline.sql; this file only schedules them.
--
-- Idempotent: cron.schedule() with a job name replaces the job of that name, so running this file
-- again changes nothing. Where pg_cron is not available (PGlite, a server without it preloaded) it
-- creates no schedule and says so (notice); the embedded stack runs the jobs itself
-- (local/mailbox/worker.ts).

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

-- the site rebuild's schedule ------------------------------------------------------------------------------------

do $$
begin
  if to_regnamespace('cron') is null then
    raise notice 'site rebuild: pg_cron is not available here, so the job site-rebuild was not scheduled (pending rebuilds are sent with the next change instead).';
    return;
  end if;
  perform cron.schedule('site-rebuild', '* * * * *', $job$select public.site_rebuild_flush();$job$);
end;
$$;
