-- "Skriv mig op": the waiting list of a full day (supabase/schemas/88_waitlist.sql). A table of
-- subscribers, join_waitlist/leave_waitlist for the join-waitlist edge function, waitlist_notify
-- run by deferred triggers wherever a time can free (work periods released, moved or deleted;
-- closed days, open days, opening hours), two new e-mail kinds, and run_retention deleting the
-- lists of days that have passed. Everything new is closed to anon and authenticated.

SET local check_function_bodies = off;

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

CREATE TABLE "public"."waitlist_entries" (
  "id"               uuid                     NOT NULL DEFAULT gen_random_uuid(),
  "day"              date                     NOT NULL,
  "service_id"       uuid                     NOT NULL,
  "email"            text                     NOT NULL,
  "leave_token_hash" text                     NOT NULL,
  "client_ip"        text,
  "created_at"       timestamp with time zone NOT NULL,
  "notified_at"      timestamp with time zone,
  CONSTRAINT "waitlist_entries_email_check" CHECK ((char_length(email) <= 254)),
  CONSTRAINT "waitlist_entries_leave_token_hash_format" CHECK ((leave_token_hash ~ '^[0-9a-f]{64}$'::text)),
  CONSTRAINT "waitlist_entries_leave_token_hash_key" UNIQUE (leave_token_hash),
  CONSTRAINT "waitlist_entries_pkey" PRIMARY KEY (id)
);

ALTER TABLE "public"."waitlist_entries"
  ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION public.join_waitlist (
  p_challenge            text,
  p_challenge_expires_at timestamp with time zone,
  p_service_id           uuid,
  p_day                  date,
  p_email                text,
  p_client_ip            text                     DEFAULT NULL::text,
  p_now                  timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text := btrim(coalesce(p_email, ''));
  v_today timestamptz := date_trunc('day', p_now at time zone 'Europe/Copenhagen')
                         at time zone 'Europe/Copenhagen';
  v_entry public.waitlist_entries;
  v_state text;
  v_token text;
  v_count integer;
  v_net record;
  v_service_name text;
begin
  if p_challenge is null or p_challenge !~ '^[0-9a-f]{64}$' or p_challenge_expires_at is null then
    return jsonb_build_object('status', 'challenge_invalid');
  end if;
  if p_challenge_expires_at <= p_now then
    return jsonb_build_object('status', 'challenge_expired');
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(v_email) > 254 then
    return jsonb_build_object('status', 'invalid', 'field', 'email');
  end if;
  insert into public.booking_challenge_uses (signature, expires_at)
  values (p_challenge, p_challenge_expires_at)
  on conflict (signature) do nothing;
  if not found then
    return jsonb_build_object('status', 'challenge_used');
  end if;

  -- one sign-up at a time, so that two at once cannot both pass a cap
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('waitlist', 0));

  select s.name into v_service_name from public.services s where s.id = p_service_id;

  -- already on this day's list: the same receipt, no second row and no second e-mail
  select * into v_entry from public.waitlist_entries e
   where e.day = p_day and lower(e.email) = lower(v_email);
  if found and v_entry.notified_at is null then
    return jsonb_build_object('status', 'joined', 'already', true,
                              'day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name);
  end if;

  v_state := public.waitlist_day_state(p_service_id, p_day, p_now);
  if v_state <> 'full' then
    return jsonb_build_object('status', 'not_full', 'reason', v_state);
  end if;

  select count(*) into v_count from public.waitlist_entries e
   where e.day = p_day and e.notified_at is null;
  if v_count >= public.booking_setting('waitlist_max_per_day', 20) then
    return jsonb_build_object('status', 'list_full');
  end if;

  select count(*) into v_count from public.waitlist_entries e
   where lower(e.email) = lower(v_email) and e.notified_at is null
     and e.day >= (p_now at time zone 'Europe/Copenhagen')::date;
  if v_count >= 3 then
    return jsonb_build_object('status', 'contact_cap');
  end if;

  for v_net in select * from public.booking_address_networks(p_client_ip) loop
    select count(*) into v_count from public.waitlist_entries e
     where e.created_at >= v_today
       and v_net.bucket = any(public.booking_address_buckets(e.client_ip));
    if v_count >= 5 * v_net.factor then
      return jsonb_build_object('status', 'address_cap');
    end if;
  end loop;

  -- told before and back again (the time went to someone else): waiting again
  delete from public.waitlist_entries e where e.id = v_entry.id;

  v_token := public.booking_random_token();
  insert into public.waitlist_entries (day, service_id, email, leave_token_hash, client_ip, created_at)
  values (p_day, p_service_id, v_email, public.booking_token_hash(v_token), nullif(p_client_ip, ''), p_now)
  returning * into v_entry;

  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at, created_at)
  values (null, 'waitlist_receipt', v_email,
          jsonb_build_object('day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name,
                             'leaveToken', v_token),
          'waitlist_receipt:' || v_entry.id, p_now, p_now);

  return jsonb_build_object('status', 'joined', 'already', false,
                            'day', to_char(p_day, 'YYYY-MM-DD'), 'serviceName', v_service_name);
end;
$function$;

CREATE OR REPLACE FUNCTION public.leave_waitlist (
  p_token text
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_day date;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('status', 'not_found');
  end if;
  delete from public.waitlist_entries e
   where e.leave_token_hash = public.booking_token_hash(p_token)
  returning e.day into v_day;
  if v_day is null then
    return jsonb_build_object('status', 'not_found');
  end if;
  return jsonb_build_object('status', 'left', 'day', to_char(v_day, 'YYYY-MM-DD'));
end;
$function$;

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

  return jsonb_build_object(
    'bookingsAnonymised', v_anonymised,
    'emailsPurged', v_purged,
    'rateLimitRowsDeleted', v_rate_limits,
    'bookingIpsRemoved', v_ips,
    'challengeUsesDeleted', v_challenges,
    'waitlistEntriesDeleted', v_waitlist);
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
      ('waitlist_max_per_day', 1, 1000, 'personer')
    ) as r(key, min_value, max_value, unit);
$function$;

CREATE OR REPLACE FUNCTION public.waitlist_after_change()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- the change that freed the time (a cancellation, the owner's edit) must never fail because the
  -- list could not be told: the list waits for the next change instead
  begin
    perform public.waitlist_notify(now());
  exception when others then
    raise warning 'waitlist_notify: % (%)', sqlerrm, sqlstate;
  end;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.waitlist_day_state (
  p_service_id uuid,
  p_day        date,
  p_now        timestamp with time zone
)
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_today date := (p_now at time zone 'Europe/Copenhagen')::date;
  v_minutes integer;
begin
  select s.duration_minutes into v_minutes
    from public.services s where s.id = p_service_id and s.is_active;
  if v_minutes is null then
    return 'unknown_service';
  end if;
  if p_day < v_today + public.booking_setting('min_advance_booking_days', 1)
     or p_day > v_today + greatest(public.booking_setting('max_advance_booking_days', 60),
                                   public.booking_setting('min_advance_booking_days', 1)) then
    return 'outside_window';
  end if;
  if (select r.closed_reason from public.booking_day_rule(p_day) r) is not null then
    return 'closed';
  end if;
  if jsonb_array_length(
       public.booking_free_times(p_service_id, p_day, p_now, v_minutes) -> 'slots') > 0 then
    return 'free';
  end if;
  return 'full';
end;
$function$;

CREATE OR REPLACE FUNCTION public.waitlist_notify (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_day record;
  v_count integer := 0;
  v_told integer;
  v_first text;
begin
  if not exists (select 1 from public.waitlist_entries e where e.notified_at is null) then
    return 0;
  end if;
  -- per day and package: a time free for a short package may be too short for a long one
  for v_day in
    select e.day, e.service_id, s.name, s.duration_minutes
      from public.waitlist_entries e
      join public.services s on s.id = e.service_id and s.is_active
     where e.notified_at is null
       and e.day >= (p_now at time zone 'Europe/Copenhagen')::date
     group by e.day, e.service_id, s.name, s.duration_minutes
     order by e.day
  loop
    if public.waitlist_day_state(v_day.service_id, v_day.day, p_now) = 'free' then
      v_first := public.booking_free_times(v_day.service_id, v_day.day, p_now,
                                           v_day.duration_minutes::integer) -> 'slots' ->> 0;
      with told as (
        update public.waitlist_entries e
           set notified_at = p_now
         where e.day = v_day.day and e.service_id = v_day.service_id and e.notified_at is null
        returning e.id, e.email
      )
      insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key,
                                       next_attempt_at, created_at)
      select null, 'waitlist_free', t.email,
             jsonb_build_object('day', to_char(v_day.day, 'YYYY-MM-DD'), 'serviceName', v_day.name,
                                'time', v_first),
             'waitlist_free:' || t.id, p_now, p_now
        from told t
      on conflict (idempotency_key) do nothing;
      get diagnostics v_told = row_count;
      v_count := v_count + v_told;
    end if;
  end loop;
  return v_count;
end;
$function$;

CREATE OR REPLACE FUNCTION public.waitlist_retention (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_count integer;
begin
  -- a day's list is of no use once the day has passed
  delete from public.waitlist_entries e
   where e.day < (p_now at time zone 'Europe/Copenhagen')::date;
  get diagnostics v_count = row_count;
  return v_count;
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
    'waitlist_receipt'::text,
    'waitlist_free'::text,
    'sms_booking_confirmation'::text,
    'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text, 'sms_car_ready'::text, 'sms_car_ready_time'::text])));

ALTER TABLE "public"."waitlist_entries"
  ADD CONSTRAINT "waitlist_entries_service_id_fkey" FOREIGN KEY (service_id) REFERENCES public.services(id);

CREATE INDEX waitlist_entries_created_at_idx ON public.waitlist_entries USING btree (created_at);

CREATE UNIQUE INDEX waitlist_entries_day_email_key ON public.waitlist_entries USING btree (day, lower(email));

CREATE INDEX waitlist_entries_waiting_idx ON public.waitlist_entries USING btree (day)
  WHERE (notified_at IS NULL);

CREATE CONSTRAINT TRIGGER waitlist_after_work_period_delete
  AFTER DELETE ON public.booking_work_periods DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN (old.active)
  EXECUTE FUNCTION public.waitlist_after_change();

CREATE CONSTRAINT TRIGGER waitlist_after_work_period_update
  AFTER UPDATE ON public.booking_work_periods DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((old.active AND ((NOT new.active) OR (old.period IS DISTINCT FROM new.period))))
  EXECUTE FUNCTION public.waitlist_after_change();

CREATE TRIGGER waitlist_after_closed_date_change
  AFTER DELETE OR UPDATE ON public.closed_dates
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.waitlist_after_change();

CREATE TRIGGER waitlist_after_open_date_change
  AFTER INSERT OR UPDATE ON public.open_dates
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.waitlist_after_change();

CREATE TRIGGER waitlist_after_opening_hours_change
  AFTER INSERT OR UPDATE ON public.opening_hours
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.waitlist_after_change();

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar) og car_ready_time (ny færdigtid) går til kunden, waitlist_receipt (skrevet op på ventelisten) og waitlist_free (en tid er blevet ledig) til kunden på ventelisten; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat).';

COMMENT ON COLUMN "public"."waitlist_entries"."client_ip" IS 'Teknisk: IP-adressen, tilmeldingen kom fra (mod misbrug; slettes med rækken).';

COMMENT ON COLUMN "public"."waitlist_entries"."created_at" IS 'Hvornår kunden skrev sig op (UTC).';

COMMENT ON COLUMN "public"."waitlist_entries"."day" IS 'Dagen, kunden venter på.';

COMMENT ON COLUMN "public"."waitlist_entries"."email" IS 'Kundens e-mailadresse.';

COMMENT ON COLUMN "public"."waitlist_entries"."id" IS 'Rækkens faste id (automatisk).';

COMMENT ON COLUMN "public"."waitlist_entries"."leave_token_hash" IS 'Teknisk: kontrolværdi for linket "Fjern mig fra listen" i kundens mail.';

COMMENT ON COLUMN "public"."waitlist_entries"."notified_at" IS 'Hvornår kunden fik besked om en ledig tid (UTC). Tom = venter stadig.';

COMMENT ON COLUMN "public"."waitlist_entries"."service_id" IS 'Pakken, kunden ville booke.';

COMMENT ON FUNCTION "public"."join_waitlist"(text, timestamp with time zone, uuid, date, text, text, timestamp with time zone) IS 'Puts an e-mail address on the waiting list of a full day behind a verified ALTCHA challenge (marked used, booking_challenge_uses) and queues the receipt (waitlist_receipt, with the leave link''s token). Returns {status: joined, already, day, serviceName} (already: the address was on the list, nothing new written), or {status: not_full (reason: free|closed|outside_window|unknown_service), list_full (waitlist_max_per_day, default 20), contact_cap (3 days per address), address_cap (5 a Copenhagen day per network of the IP), invalid (field email), challenge_invalid|challenge_expired|challenge_used}. Called by the join-waitlist edge function.';

COMMENT ON FUNCTION "public"."leave_waitlist"(text) IS 'Takes an address off a day''s waiting list by the token of the receipt''s leave link: {status: left, day} or {status: not_found} (an unknown token, or the list is gone).';

COMMENT ON FUNCTION "public"."run_retention"(timestamp with time zone) IS 'Deletes personal data the privacy policy no longer allows us to keep: anonymises bookings 5 years after the customer''s last contact (a customer is an e-mail address, or a phone number for bookings without one), purges e-mail copies (sent: 30 days, failed: 90 days), rate-limit rows after 1 day, booking IP addresses after 30 days, used booking challenges once expired and the waiting lists of days that have passed (waitlist_retention). Run daily (pg_cron). Returns counts.';

COMMENT ON FUNCTION "public"."waitlist_after_change"() IS 'Trigger function: after a change that may free a time (work periods released or moved, opening hours, closed and open days) tells the waiting lists (waitlist_notify at now()). On work periods deferred to the commit, so a move within one transaction is judged as it ends.';

COMMENT ON FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp with time zone) IS 'A day as the waiting list sees it for a package at p_now: full (open, in the booking window, no free drop-off for the package''s own length), free, closed, outside_window or unknown_service.';

COMMENT ON FUNCTION "public"."waitlist_notify"(timestamp with time zone) IS 'Tells every waiting subscriber of a day on which a drop-off time is free for his package at p_now (waitlist_day_state free): one waitlist_free e-mail each (the day, the package, the first free time) and notified_at set, so a second free time tells him nothing. Returns how many were told. Run when a transaction that may have freed a time commits (waitlist_after_change).';

COMMENT ON FUNCTION "public"."waitlist_retention"(timestamp with time zone) IS 'Deletes the waiting lists of days before p_now''s Copenhagen day (the privacy policy: kept until the day has passed). Called by run_retention. Returns how many rows were deleted.';

COMMENT ON TABLE "public"."waitlist_entries" IS 'Ventelisten ("Skriv mig op"): kunder, der vil have besked, hvis der bliver en tid ledig på en fuld dag. Når en tid bliver ledig (aflysning, flytning, udeblevet, en dag du åbner), får alle på dagens liste én mail med et link til at booke, og notified_at sættes. Rækkerne slettes automatisk, når dagen er gået. Ret ikke her; slet gerne en række, hvis kunden beder om det.';

REVOKE ALL ON FUNCTION "public"."join_waitlist"(text, timestamp WITH time zone, uuid, date, text, text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."join_waitlist"(text, timestamp WITH time zone, uuid, date, text, text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."leave_waitlist"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."leave_waitlist"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."waitlist_after_change"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."waitlist_after_change"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."waitlist_notify"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."waitlist_notify"(timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."waitlist_retention"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."waitlist_retention"(timestamp WITH time zone) TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."waitlist_entries" TO "postgres", "service_role";

-- the owner's cap of a day's list (a row: db diff compares no data)
insert into public.settings (key, value, description, is_public) values
  ('waitlist_max_per_day', '20',
   'Højst så mange personer på ventelisten til samme dag ("Skriv mig op" på en fuld dag). Derefter får nye besked om, at listen er fuld.',
   false);

-- the platform's default privileges open what is created in public: closed by name
REVOKE ALL ON TABLE "public"."waitlist_entries" FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."join_waitlist"(text, timestamp WITH time zone, uuid, date, text, text, timestamp WITH time zone) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."leave_waitlist"(text) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."waitlist_after_change"() FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."waitlist_day_state"(uuid, date, timestamp WITH time zone) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."waitlist_notify"(timestamp WITH time zone) FROM "anon", "authenticated";
REVOKE ALL ON FUNCTION "public"."waitlist_retention"(timestamp WITH time zone) FROM "anon", "authenticated";
