-- The site is rebuilt once a year, on the first day of the founding month: the pages state how
-- many years the workshop has existed ("2 år"), worked out when they are built
-- (src/content/founding.ts), and a build only on the owner's changes would leave that number stale.
-- site_rebuild_anniversary() asks for a build as a change does (the hook is called at once, or by
-- the site-rebuild job within the minute); the pg_cron job site-rebuild-anniversary runs it.
--
-- Written by npm run db:diff from supabase/schemas/ (90_operations.sql), but for the schedule at
-- the end, which is not schema (as in 20261126000100_scheduled_jobs.sql).

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.site_rebuild_anniversary (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS boolean
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select public.site_rebuild_request(p_now, true);
$function$;

COMMENT ON FUNCTION "public"."site_rebuild_anniversary"(timestamp with time zone) IS 'Run on the first day of the founding month (pg_cron job site-rebuild-anniversary): the pages state how many years the business has existed, worked out when the site is built (src/content/founding.ts), so it is built again when that number changes. Asks as a change does: the build hook is called now, or by site_rebuild_flush() within the minute. Returns whether it called.';

COMMENT ON FUNCTION "public"."site_rebuild_request"(timestamp with time zone, boolean) IS 'Internal: locks the site_rebuild row and calls the build hook when the last call is a minute old or more; otherwise a change (p_change) is marked pending and the minute''s run (not p_change) does nothing. Returns whether it called. Used by site_rebuild_after_change(), site_rebuild_anniversary() and site_rebuild_flush().';

COMMENT ON TABLE "public"."site_rebuild" IS 'Automatisk: hvornår hjemmesiden sidst blev bedt om at blive bygget igen efter en ændring af pakker, åbningstider eller indstillinger, og én gang om året, når virksomhedens alder på siderne skifter. Rør den ikke; den passer sig selv.';

-- pg_cron runs it as postgres; closed to the API roles by name, whatever the default privileges
REVOKE ALL ON FUNCTION "public"."site_rebuild_anniversary"(timestamp WITH time zone)
  FROM PUBLIC, "anon", "authenticated", "service_role";

-- the schedule ------------------------------------------------------------------------------------
--
-- 00:05 UTC on 1 August (src/content/business.ts: founded; supabase/tests/site-rebuild.test.ts
-- fails while the two months differ), past midnight in Copenhagen in summer and winter time alike.
-- Idempotent, as 20261126000100_scheduled_jobs.sql: without pg_cron (PGlite) nothing is scheduled.

do $$
begin
  if to_regnamespace('cron') is null then
    raise notice 'site rebuild: pg_cron is not available here, so the job site-rebuild-anniversary was not scheduled.';
    return;
  end if;
  perform cron.schedule('site-rebuild-anniversary', '5 0 1 8 *',
    $job$select public.site_rebuild_anniversary();$job$);
end;
$$;
