-- Written by npm run db:diff from supabase/schemas/ (82_visitor_messages.sql). A visitor's question
-- or quote request from /contact#besked: the table visitor_messages (closed to anon and
-- authenticated), visitor_message_send (the send-message function's one call: proof of work used,
-- caps, the message and its two e-mails in one transaction), the two e-mail kinds in the outbox,
-- the three caps as settings, and run_retention deleting messages 6 months after they arrived.

SET local check_function_bodies = off;

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_recipient_check";

CREATE TABLE "public"."visitor_messages" (
  "id"              uuid                     NOT NULL DEFAULT gen_random_uuid(),
  "topic"           text                     NOT NULL,
  "name"            text                     NOT NULL,
  "email"           text                     NOT NULL,
  "phone"           text,
  "car"             text,
  "message"         text                     NOT NULL,
  "client_ip"       text,
  "idempotency_key" text,
  "request_hash"    text                     NOT NULL,
  "created_at"      timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "visitor_messages_email_check" CHECK (((char_length(email) <= 254) AND (email ~ '^[^@[:space:]]+@[^@[:space:]]+[.][^@[:space:]]+$'::text))),
  CONSTRAINT "visitor_messages_idempotency_key_key" UNIQUE (idempotency_key),
  CONSTRAINT "visitor_messages_phone_check" CHECK (((phone IS NULL) OR (char_length(phone) <= 40))),
  CONSTRAINT "visitor_messages_pkey" PRIMARY KEY (id),
  CONSTRAINT "visitor_messages_topic_check" CHECK ((topic = ANY (ARRAY['question'::text, 'quote'::text]))),
  CONSTRAINT "visitor_messages_car_check" CHECK (((car IS NULL) OR ((char_length(car) <= 100) AND (NOT public.text_has_link(car))))),
  CONSTRAINT "visitor_messages_message_check" CHECK (((char_length(message) >= 10) AND (char_length(message) <= 2000) AND (NOT public.text_has_link(message)))),
  CONSTRAINT "visitor_messages_name_check" CHECK (((char_length(name) >= 2) AND (char_length(name) <= 100) AND (NOT public.text_has_link(name))))
);

ALTER TABLE "public"."visitor_messages"
  ENABLE ROW LEVEL SECURITY;

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

  -- 5. visitors' messages from the site (a question or a quote request): 6 months after arrival
  delete from public.visitor_messages m where m.created_at < p_now - interval '6 months';
  get diagnostics v_messages = row_count;

  return jsonb_build_object(
    'bookingsAnonymised', v_anonymised,
    'emailsPurged', v_purged,
    'rateLimitRowsDeleted', v_rate_limits,
    'bookingIpsRemoved', v_ips,
    'challengeUsesDeleted', v_challenges,
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
      ('max_visitor_messages_per_day', 1, 1000000, 'beskeder'),
      ('max_visitor_messages_per_ip_per_day', 1, 1000000, 'beskeder'),
      ('max_visitor_messages_per_email_per_day', 1, 1000000, 'beskeder')
    ) as r(key, min_value, max_value, unit);
$function$;

CREATE OR REPLACE FUNCTION public.visitor_message_send (
  p_challenge            text,
  p_challenge_expires_at timestamp with time zone,
  p_request              jsonb,
  p_idempotency_key      text                     DEFAULT NULL::text,
  p_client_ip            text                     DEFAULT NULL::text,
  p_now                  timestamp with time zone DEFAULT now(),
  p_challenge_cost       integer                  DEFAULT NULL::integer
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_hash text := md5(coalesce(p_request, '{}'::jsonb)::text);
  v_message public.visitor_messages;
  v_window timestamptz := date_trunc('hour', p_now);
  v_email text := lower(coalesce(p_request ->> 'email', ''));
  v_over boolean := false;
  v_net record;
  v_count bigint;
  v_constraint text;
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;

  -- counted one at a time, so simultaneous messages cannot pass a cap together, and a repeated
  -- submit waits for the first one's transaction
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('visitor_messages', 0));

  -- the same submit sent again (its answer was lost): the message it stored, nothing new
  if p_idempotency_key is not null then
    select * into v_message from public.visitor_messages m where m.idempotency_key = p_idempotency_key;
    if found then
      if v_message.request_hash = v_hash then
        return jsonb_build_object('status', 'sent', 'replayed', true);
      end if;
      return jsonb_build_object('status', 'idempotency_mismatch');
    end if;
  end if;

  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    return jsonb_build_object('status', 'challenge_used');
  end if;
  if public.booking_challenge_level(p_now) > 0
     and coalesce(p_challenge_cost, 0)
         < public.booking_challenge_cost_at(public.booking_challenge_level(p_now) - 1) then
    delete from public.booking_challenge_uses u where u.signature = p_challenge;
    return jsonb_build_object('status', 'challenge_too_easy');
  end if;

  -- the whole site's day: past it the form closes for everyone until the day has passed
  select count(*) into v_count
    from public.visitor_messages m
   where m.created_at > p_now - interval '1 day';
  if v_count >= public.booking_setting('max_visitor_messages_per_day', 100) then
    return jsonb_build_object('status', 'busy');
  end if;

  -- every attempt counts (a refused one too), per network of the address and per e-mail address
  for v_net in select * from public.booking_address_networks(p_client_ip) loop
    insert into public.booking_rate_limits as r (bucket, window_start, hits)
    values ('message-ip:' || v_net.bucket, v_window, 1)
    on conflict (bucket, window_start) do update set hits = r.hits + 1;
    select coalesce(sum(r.hits), 0) into v_count
      from public.booking_rate_limits r
     where r.bucket = 'message-ip:' || v_net.bucket and r.window_start > p_now - interval '1 day';
    v_over := v_over
      or v_count > public.booking_setting('max_visitor_messages_per_ip_per_day', 5) * v_net.factor;
  end loop;
  if v_email <> '' then
    insert into public.booking_rate_limits as r (bucket, window_start, hits)
    values ('message-email:' || v_email, v_window, 1)
    on conflict (bucket, window_start) do update set hits = r.hits + 1;
    select coalesce(sum(r.hits), 0) into v_count
      from public.booking_rate_limits r
     where r.bucket = 'message-email:' || v_email and r.window_start > p_now - interval '1 day';
    v_over := v_over
      or v_count > public.booking_setting('max_visitor_messages_per_email_per_day', 3);
  end if;
  if v_over then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  begin
    insert into public.visitor_messages (topic, name, email, phone, car, message, client_ip,
                                         idempotency_key, request_hash, created_at)
    values (p_request ->> 'topic', p_request ->> 'name', p_request ->> 'email',
            nullif(p_request ->> 'phone', ''), nullif(p_request ->> 'car', ''),
            p_request ->> 'message', nullif(p_client_ip, ''), p_idempotency_key, v_hash, p_now)
    returning * into v_message;
  exception when check_violation or not_null_violation then
    get stacked diagnostics v_constraint = constraint_name;
    return jsonb_strip_nulls(jsonb_build_object('status', 'invalid', 'field',
      case v_constraint
        when 'visitor_messages_topic_check' then 'topic'
        when 'visitor_messages_name_check' then 'name'
        when 'visitor_messages_email_check' then 'email'
        when 'visitor_messages_phone_check' then 'phone'
        when 'visitor_messages_car_check' then 'car'
        when 'visitor_messages_message_check' then 'message'
      end));
  end;

  -- the owner's copy has everything (replies go to the visitor); the receipt, which goes to an
  -- address anyone can type, repeats only the topic and the name, never the message
  insert into public.email_outbox (kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    ('owner_visitor_message', null,
     jsonb_strip_nulls(jsonb_build_object(
       'topic', v_message.topic, 'name', v_message.name, 'email', v_message.email,
       'phone', v_message.phone, 'car', v_message.car, 'message', v_message.message,
       'receivedAt', public.copenhagen_iso(v_message.created_at))),
     'owner_visitor_message:' || v_message.id, p_now),
    ('visitor_message_receipt', v_message.email,
     jsonb_build_object('topic', v_message.topic, 'name', v_message.name,
                        'receivedAt', public.copenhagen_iso(v_message.created_at)),
     'visitor_message_receipt:' || v_message.id, p_now);

  return jsonb_build_object('status', 'sent', 'replayed', false);
end;
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
    'owner_visitor_message'::text,
    'visitor_message_receipt'::text,
    'sms_booking_confirmation'::text,
    'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text, 'sms_car_ready'::text, 'sms_car_ready_time'::text])));

ALTER TABLE "public"."email_outbox"
  ADD CONSTRAINT "email_outbox_recipient_check" CHECK (((recipient IS
    NOT NULL) OR (kind = ANY (ARRAY['owner_notification'::text, 'owner_cancellation'::text, 'owner_booking_moved'::text, 'owner_agenda'::text, 'owner_visitor_message'::text])) OR
    (purged_at IS NOT NULL)));

CREATE INDEX visitor_messages_created_at_idx ON public.visitor_messages USING btree (created_at);

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar), car_ready_time (ny færdigtid) og visitor_message_receipt (kvittering for en besked fra hjemmesiden) går til kunden; owner_notification, owner_cancellation, owner_booking_moved, owner_agenda og owner_visitor_message (en besked fra hjemmesiden, svar går til afsenderen) til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat).';

COMMENT ON COLUMN "public"."visitor_messages"."car" IS 'Bilens mærke og model, hvis det er oplyst.';

COMMENT ON COLUMN "public"."visitor_messages"."client_ip" IS 'Teknisk: IP-adressen, beskeden kom fra (mod misbrug).';

COMMENT ON COLUMN "public"."visitor_messages"."created_at" IS 'Hvornår beskeden kom (UTC).';

COMMENT ON COLUMN "public"."visitor_messages"."email" IS 'Afsenderens e-mailadresse (dit svar går hertil).';

COMMENT ON COLUMN "public"."visitor_messages"."id" IS 'Beskedens faste id (automatisk).';

COMMENT ON COLUMN "public"."visitor_messages"."idempotency_key" IS 'Teknisk nøgle, så en besked, der sendes to gange, kun gemmes én gang.';

COMMENT ON COLUMN "public"."visitor_messages"."message" IS 'Beskeden.';

COMMENT ON COLUMN "public"."visitor_messages"."name" IS 'Afsenderens navn.';

COMMENT ON COLUMN "public"."visitor_messages"."phone" IS 'Afsenderens telefonnummer, hvis det er oplyst.';

COMMENT ON COLUMN "public"."visitor_messages"."request_hash" IS 'Teknisk: fingeraftryk af beskeden, som nøglen hører til.';

COMMENT ON COLUMN "public"."visitor_messages"."topic" IS 'Hvad beskeden handler om: question = spørgsmål, quote = ønske om et uforpligtende tilbud.';

COMMENT ON FUNCTION "public"."run_retention"(timestamp with time zone) IS 'Deletes personal data the privacy policy no longer allows us to keep: anonymises bookings 5 years after the customer''s last contact (a customer is an e-mail address, or a phone number for bookings without one), purges e-mail copies (sent: 30 days, failed: 90 days), rate-limit rows after 1 day, booking IP addresses after 30 days, used booking challenges once expired and messages from the site (visitor_messages) 6 months after they arrived. Run daily (pg_cron). Returns counts.';

COMMENT ON FUNCTION "public"."visitor_message_send"(text, timestamp with time zone, jsonb, text, text, timestamp with time zone, integer) IS 'Stores a visitor''s message behind a verified ALTCHA challenge (marked used here) and queues the owner''s e-mail (owner_visitor_message, Reply-To the visitor) and the visitor''s receipt (visitor_message_receipt) in the same transaction. p_request: {topic, name, email, phone?, car?, message}, checked by the table. Caps (settings): max_visitor_messages_per_day (100, the whole site), max_visitor_messages_per_ip_per_day (5, per network of the address), max_visitor_messages_per_email_per_day (3). Returns {status: sent (replayed true for a repeated idempotency key)|idempotency_mismatch|challenge_invalid|challenge_expired|challenge_used|challenge_too_easy|busy|rate_limited|invalid (field)}.';

COMMENT ON TABLE "public"."visitor_messages" IS 'Beskeder fra hjemmesidens formular "Skriv til os" (spørgsmål og ønsker om tilbud). Hver besked er også sendt til dig som e-mail; svar på den e-mail for at svare kunden. Beskeder slettes automatisk efter 6 måneder.';

REVOKE ALL ON FUNCTION "public"."visitor_message_send"(text, timestamp WITH time zone, jsonb, text, text, timestamp WITH time zone, integer) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."visitor_message_send"(text, timestamp WITH time zone, jsonb, text, text, timestamp WITH time zone, integer) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."visitor_messages" TO "postgres", "service_role";


-- the caps' rows (db diff compares no data)
insert into public.settings (key, value, description, is_public) values
  ('max_visitor_messages_per_day', '100',
   'Så mange beskeder i alt pr. døgn kan hjemmesidens formular "Skriv til os" tage imod. Derefter beder formularen om at ringe eller skrive en e-mail.',
   false),
  ('max_visitor_messages_per_ip_per_day', '5',
   'Så mange beskeder pr. døgn fra samme internetforbindelse (formularen "Skriv til os").',
   false),
  ('max_visitor_messages_per_email_per_day', '3',
   'Så mange beskeder pr. døgn fra samme e-mailadresse (formularen "Skriv til os").',
   false);

-- hosted Supabase's default privileges open what a migration creates in public to the public key
REVOKE ALL ON TABLE "public"."visitor_messages" FROM "anon", "authenticated";

REVOKE ALL ON FUNCTION "public"."visitor_message_send"(text, timestamp WITH time zone, jsonb, text, text, timestamp WITH time zone, integer) FROM "anon", "authenticated";
