-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.
-- Reviewed: every message and link page of a booking reads the job as it was booked
-- (booking_job_summary, in booking_summary under the new key job); the create-booking and move
-- answers (booking_result) add the total price and the job; the reminder's payload is
-- booking_summary's (its keys as before, plus job). Signatures unchanged; the new helper is internal
-- (service role only).

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_job_summary (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the job as it was priced at booking time (bookings.job, booking_job's snapshot), never today's
  -- prices; a row written without the engine (no job) is its package alone
  select jsonb_build_object(
    'carSize', coalesce(p_booking.job ->> 'carSize', p_booking.car_size),
    'carSizeName', coalesce(p_booking.job ->> 'carSizeName', ''),
    'packagePrice', coalesce((p_booking.job -> 'packagePrice')::integer, p_booking.price),
    'addons', coalesce((select jsonb_agg(jsonb_build_object('name', a ->> 'name',
                                                            'price', (a -> 'price')::integer)
                                         order by n)
                          from jsonb_array_elements(p_booking.job -> 'addons') with ordinality x(a, n)),
                       '[]'::jsonb));
$function$;

CREATE OR REPLACE FUNCTION public.booking_result (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select jsonb_build_object(
    'status', 'created',
    'reference', p_booking.reference,
    'service', jsonb_build_object('id', p_booking.service_id, 'name', p_booking.service_name),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at),
    -- what the e-mails will say it costs: the confirmation on the page shows the same total
    'price', p_booking.price,
    'job', public.booking_job_summary(p_booking)
  );
$function$;

CREATE OR REPLACE FUNCTION public.booking_summary (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select jsonb_build_object(
    'reference', p_booking.reference,
    'serviceName', p_booking.service_name,
    'price', p_booking.price,
    'job', public.booking_job_summary(p_booking),
    'dropOff', public.copenhagen_iso(p_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(p_booking.ready_at));
$function$;

CREATE OR REPLACE FUNCTION public.email_queue_reminders (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_hours interval := make_interval(hours => public.booking_setting('reminder_hours_before', 24));
  v_count integer;
begin
  -- bookings made, moved or reconfirmed less than 12 hours before the reminder time get none: the
  -- confirmation is recent. The key carries ics_sequence (raised by every move, cancellation and
  -- reconfirmation), so a reminder sent or cancelled for an earlier revision does not stop the one
  -- of the current revision. Phone bookings without an e-mail address get none, and the owner's
  -- bookings get none while owner_bookings_send_email is off.
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  select b.id, 'booking_reminder', b.customer_email,
         public.booking_summary(b) || jsonb_build_object('customerName', b.customer_name),
         'booking_reminder:' || b.id
           || case when b.ics_sequence > 0 then ':' || b.ics_sequence else '' end,
         p_now
    from public.bookings b
   where b.status = 'confirmed'
     and b.anonymised_at is null
     and b.customer_email <> ''
     and (b.source = 'online' or public.owner_send_email())
     and b.drop_off_at > p_now
     and b.drop_off_at <= p_now + v_hours
     and greatest(coalesce(b.moved_at, b.created_at), b.reconfirmed_at)
           <= b.drop_off_at - v_hours - interval '12 hours'
  on conflict (idempotency_key) do nothing;
  get diagnostics v_count = row_count;
  return v_count;
end;
$function$;

COMMENT ON FUNCTION "public"."booking_job_summary"(public.bookings) IS 'What a customer reads of a booking''s job, as it was booked (bookings.job): the car size (code and name, the name empty for a row without a job), the package''s price for that size and each add-on with its price, in the job''s order. The total is bookings.price.';

COMMENT ON FUNCTION "public"."booking_result"(public.bookings) IS 'The answer the create-booking edge function gives for a booking (and move_booking for a move): reference, package, drop-off, ready time, the total price and the job as booked (booking_job_summary), as the e-mails show them.';

COMMENT ON FUNCTION "public"."booking_summary"(public.bookings) IS 'Reference, package, total price (inkl. moms), the job as booked (booking_job_summary: size, package price, add-ons), drop-off and ready time of a booking (Copenhagen ISO times): the part shared by the booking e-mails, the cancel and move pages and the owner''s calendar feed.';

REVOKE ALL ON FUNCTION "public"."booking_job_summary"(public.bookings) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_job_summary"(public.bookings) TO "postgres", "service_role";
