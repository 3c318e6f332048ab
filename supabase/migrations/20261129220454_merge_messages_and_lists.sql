-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

CREATE OR REPLACE FUNCTION public.run_retention (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.setting_ranges()
  RETURNS TABLE (
    key       text,
    min_value integer,
    max_value integer,
    unit      text
  )
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  select r.key, r.min_value, r.max_value, r.unit
    from (values
      ('min_advance_booking_days', 0, 365, 'dage'),
      ('max_advance_booking_days', 1, 730, 'dage'),
      ('slot_interval_minutes', 5, 240, 'minutter'),
      ('workshop_capacity', 1, 20, 'biler'),
      ('buffer_minutes', 0, 480, 'minutter'),
      ('cancellation_notice_hours', 0, 8760, 'timer'),
      ('reminder_hours_before', 1, 168, 'timer'),
      ('owner_bookings_send_email', 0, 1, '1 = ja, 0 = nej'),
      ('owner_agenda_email', 0, 1, '1 = ja, 0 = nej'),
      ('no_show_requires_call', 0, 1, '1 = ja, 0 = nej'),
      ('owner_message_delay_minutes', 0, 60, 'minutter'),
      ('max_moves_per_booking', 0, 20, 'gange'),
      ('email_max_attempts', 1, 50, 'forsøg'),
      ('email_retry_base_seconds', 0, 3600, 'sekunder'),
      ('max_bookings_per_ip_per_day', 1, 1000000, 'bookinger'),
      ('max_open_bookings_per_contact', 1, 1000000, 'bookinger'),
      ('max_new_bookings_per_hour', 1, 1000000, 'bookinger'),
      ('max_booking_emails_per_recipient_per_day', 1, 1000000, 'mails'),
      ('rate_limit_invalid_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_email_per_hour', 1, 1000000, 'forsøg'),
      ('rate_limit_per_ip_per_hour', 1, 1000000, 'forsøg'),
      ('booking_challenge_cost', 1, 1000000, 'gentagelser'),
      ('waitlist_max_per_day', 1, 1000, 'personer'),
      ('max_visitor_messages_per_day', 1, 1000000, 'beskeder'),
      ('max_visitor_messages_per_ip_per_day', 1, 1000000, 'beskeder'),
      ('max_visitor_messages_per_email_per_day', 1, 1000000, 'beskeder')
    ) as r(key, min_value, max_value, unit);
$function$;

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
    'owner_visitor_message'::text,
    'visitor_message_receipt'::text,
    'sms_booking_confirmation'::text,
    'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text, 'sms_car_ready'::text, 'sms_car_ready_time'::text])));

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar), car_ready_time (ny færdigtid), review_request (anmodning om anmeldelse, dagen efter afhentning) og visitor_message_receipt (kvittering for en besked fra hjemmesiden) går til kunden, waitlist_receipt (skrevet op på ventelisten) og waitlist_free (en tid er blevet ledig) til kunden på ventelisten; owner_notification, owner_cancellation, owner_booking_moved, owner_agenda og owner_visitor_message (en besked fra hjemmesiden, svar går til afsenderen) til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat).';

COMMENT ON FUNCTION "public"."run_retention"(timestamp with time zone) IS 'Deletes personal data the privacy policy no longer allows us to keep: anonymises bookings 5 years after the customer''s last contact (a customer is an e-mail address, or a phone number for bookings without one), purges e-mail copies (sent: 30 days, failed: 90 days), rate-limit rows after 1 day, booking IP addresses after 30 days, used booking challenges once expired the waiting lists of days that have passed (waitlist_retention) and messages from the site (visitor_messages) 6 months after they arrived. Run daily (pg_cron). Returns counts.';
