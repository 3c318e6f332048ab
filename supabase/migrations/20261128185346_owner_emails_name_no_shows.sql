-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_queue_emails (
  p_booking         public.bookings,
  p_customer_kind   text,
  p_owner_kind      text,
  p_key_suffix      text,
  p_customer_extra  jsonb,
  p_owner_extra     jsonb,
  p_next_attempt_at timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_payload jsonb := public.booking_summary(p_booking)
                     || jsonb_build_object('customerName', p_booking.customer_name);
begin
  -- the keys are unique per event (a new booking id; ics_sequence grows with every move), so a
  -- conflict means the event was queued already (cancel_booking called twice in one transaction)
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    (p_booking.id, p_customer_kind, p_booking.customer_email, v_payload || p_customer_extra,
     p_customer_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at),
    (p_booking.id, p_owner_kind, null,
     v_payload || jsonb_build_object(
       'customerEmail', p_booking.customer_email,
       'customerPhone', p_booking.customer_phone,
       'notes', p_booking.notes,
       'carPlate', p_booking.car_plate,
       -- the owner sees at once a contact who did not turn up before (as owner_agenda counts it)
       'noShows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email,
                                          p_next_attempt_at)) || p_owner_extra,
     p_owner_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at)
  on conflict (idempotency_key) do nothing;
end;
$function$;

COMMENT ON FUNCTION "public"."booking_queue_emails"(public.bookings, text, text, text, jsonb, jsonb, timestamp with time zone) IS 'Queues the customer''s and the owner''s e-mail of a booking event: both get booking_summary and customerName, the owner also the contact details, notes, car plate and the contact''s no-shows of the last 12 months (noShows); each its extra keys. Idempotency key kind:booking id plus p_key_suffix.';
