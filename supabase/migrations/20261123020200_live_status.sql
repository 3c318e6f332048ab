-- What `npm run check:live` asks the database (scripts/live/): one read-only function for the
-- service role that reports the applied migrations, the scheduled jobs, which Vault secrets exist
-- (names only, never values), whether pg_net is there and the last build-hook error. The API cannot
-- read the cron, vault or supabase_migrations schemas itself.
-- Idempotent (create or replace).

create or replace function public.live_status()
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

comment on function public.live_status() is 'For npm run check:live (service role only): applied migrations, scheduled jobs (null without pg_cron) and their recent failures, names of the Vault secrets that have a value (null without Vault), whether pg_net is enabled, the last build-hook error.';

revoke execute on function public.live_status() from public, anon, authenticated;
grant execute on function public.live_status() to service_role;
