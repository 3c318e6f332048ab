-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

ALTER TABLE "public"."email_outbox"
  ADD CONSTRAINT "email_outbox_kind_check"
    CHECK
    ((kind = ANY (ARRAY['booking_confirmation'::text, 'owner_notification'::text, 'booking_reminder'::text, 'cancellation_confirmation'::text, 'owner_cancellation'::text,
    'booking_moved'::text,
    'owner_booking_moved'::text,
    'owner_agenda'::text,
    'booking_reconfirmed'::text,
    'car_ready'::text,
    'car_ready_time'::text,
    'review_request'::text,
    'waitlist_receipt'::text,
    'waitlist_free'::text,
    'sms_booking_confirmation'::text,
    'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text, 'sms_car_ready'::text, 'sms_car_ready_time'::text])));

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar), car_ready_time (ny færdigtid) og review_request (anmodning om anmeldelse, dagen efter afhentning) går til kunden, waitlist_receipt (skrevet op på ventelisten) og waitlist_free (en tid er blevet ledig) til kunden på ventelisten; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat).';
