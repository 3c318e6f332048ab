-- The e-mail sender within the platform's limits (process-email-outbox claims row by row within a
-- time budget and keeps to the e-mail API's rate):
-- - email_claim takes p_due_by: only rows due by then (the time of the run's first claim, which
--   its answer now gives as `now`), so a row that failed during a run waits for the next run
--   instead of being tried again at once;
-- - email_mark_failed takes p_retry_after_seconds, the API's Retry-After: a row refused with 429
--   is not tried again before it says, nor before its backoff (at most 6 hours, whatever it says).
-- Written by npm run db:diff from supabase/schemas/ and reviewed: a new parameter needs the function
-- dropped and created again, with its comment and grants; existing calls (by name, or by position
-- for the leading parameters) keep working.

SET local check_function_bodies = off;

DROP FUNCTION "public"."email_claim"(integer, integer, timestamp WITH time zone);

DROP FUNCTION "public"."email_mark_failed"(uuid, text, boolean, timestamp WITH time zone);

CREATE OR REPLACE FUNCTION public.email_claim (
  p_limit         integer                  DEFAULT 10,
  p_lease_seconds integer                  DEFAULT 300,
  p_now           timestamp with time zone DEFAULT now(),
  p_due_by        timestamp with time zone DEFAULT NULL::timestamp WITH time zone
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_max integer := greatest(public.booking_setting('email_max_attempts', 10), 1);
  v_messages jsonb;
  v_hours jsonb;
begin
  -- a try that died while sending: give up when it was the last allowed try, else take it over
  update public.email_outbox o
     set status = 'failed', locked_until = null,
         last_error = coalesce(o.last_error || ' / ', '') || 'afbrudt under afsendelse'
   where o.status = 'sending' and o.locked_until <= p_now and o.attempts >= v_max;

  -- p_due_by: a sender that claims row by row passes the time of its run's first claim (the
  -- database's, from that claim's answer), so a row that failed during the run waits for the next
  -- run instead of being tried again at once
  with due as (
    select c.id
      from public.email_outbox c
     where (c.status = 'pending' and c.next_attempt_at <= least(p_now, coalesce(p_due_by, p_now)))
        or (c.status = 'sending' and c.locked_until <= p_now)
     order by c.next_attempt_at, c.created_at
     limit greatest(p_limit, 0)
       for update skip locked
  ), claimed as (
    update public.email_outbox o
       set status = 'sending',
           attempts = o.attempts + 1,
           last_attempt_at = p_now,
           locked_until = p_now + make_interval(secs => greatest(p_lease_seconds, 1))
      from due
     where o.id = due.id
    returning o.id, o.kind, o.recipient, o.payload, o.idempotency_key, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', c.id, 'kind', c.kind, 'recipient', c.recipient, 'payload', c.payload,
           'idempotencyKey', c.idempotency_key, 'attempts', c.attempts,
           'createdAt', c.created_at)
           order by c.created_at), '[]'::jsonb)
    into v_messages
    from claimed c;

  select coalesce(jsonb_agg(jsonb_build_object(
           'weekday', h.weekday,
           'opensAt', to_char(h.opens_at, 'HH24:MI'),
           'closesAt', to_char(h.closes_at, 'HH24:MI')) order by h.weekday), '[]'::jsonb)
    into v_hours
    from public.opening_hours h;

  return jsonb_build_object(
    'messages', v_messages,
    'openingHours', v_hours,
    'cancellationNoticeHours', public.booking_setting('cancellation_notice_hours', 24),
    'now', p_now);
end;
$function$;

CREATE OR REPLACE FUNCTION public.email_mark_failed (
  p_id                  uuid,
  p_error               text,
  p_permanent           boolean                  DEFAULT false,
  p_now                 timestamp with time zone DEFAULT now(),
  p_retry_after_seconds integer                  DEFAULT NULL::integer
)
  RETURNS text
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- the e-mail API may say when to come back (429 with Retry-After): never sooner than that, nor
  -- sooner than the backoff; at most the backoff's own ceiling of 6 hours, whatever it says
  update public.email_outbox o
     set status = case
           when p_permanent or o.attempts >= greatest(public.booking_setting('email_max_attempts', 10), 1)
             then 'failed' else 'pending' end,
         last_error = left(coalesce(p_error, 'ukendt fejl'), 1000),
         locked_until = null,
         next_attempt_at = p_now + greatest(
           public.email_retry_delay(o.attempts),
           make_interval(secs => least(greatest(coalesce(p_retry_after_seconds, 0), 0), 6 * 3600)))
   where o.id = p_id and o.status = 'sending'
  returning o.status;
$function$;

COMMENT ON FUNCTION "public"."email_claim"(integer, integer, timestamp with time zone, timestamp with time zone) IS 'Takes up to p_limit due e-mails for sending (pending and due, by p_due_by when given, or sending with an expired lease), skipping rows another sender holds; returns {messages: [...], openingHours: [...], cancellationNoticeHours} for the templates and now, the database''s time of the claim (a sender''s p_due_by for its later claims).';

COMMENT ON FUNCTION "public"."email_mark_failed"(uuid, text, boolean, timestamp with time zone, integer) IS 'Records a failed try: pending again after the backoff delay (or after p_retry_after_seconds, the API''s Retry-After, when that is longer; at most 6 hours), or failed when permanent or out of tries. Returns the new status.';

REVOKE ALL ON FUNCTION "public"."email_claim"(integer, integer, timestamp WITH time zone, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."email_claim"(integer, integer, timestamp WITH time zone, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."email_mark_failed"(uuid, text, boolean, timestamp WITH time zone, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."email_mark_failed"(uuid, text, boolean, timestamp WITH time zone, integer) TO "postgres", "service_role";

-- the platform's default privileges would open what postgres creates: closed by name
REVOKE ALL ON FUNCTION "public"."email_claim"(integer, integer, timestamp WITH time zone, timestamp WITH time zone) FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."email_mark_failed"(uuid, text, boolean, timestamp WITH time zone, integer) FROM "anon", "authenticated";
