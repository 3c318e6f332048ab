-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

DROP FUNCTION "public"."booking_phone_key"(text);

-- the one phone rule and the helpers the functions below call, first
CREATE OR REPLACE FUNCTION public.phone_e164 (
  p_phone text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the one phone rule; supabase/functions/_shared/phone.ts phoneE164 is the same rule in
  -- TypeScript, and supabase/tests/phone-rule.test.ts runs one table of inputs through both.
  -- Spaces (also no-break spaces), dots, hyphens and brackets are layout. A Danish number is 8
  -- digits, the first 2-9, alone or after 45, +45 or 0045; any other number needs + or 00 and is
  -- E.164 (country code 1-9, 8-15 digits in all). Anything else is null.
  select case
           when char_length(p_phone) > 40 then null
           when c ~ '^(\+|00)45[2-9][0-9]{7}$' then '+45' || right(c, 8)
           when c ~ '^(\+|00)45' then null
           when c ~ '^\+[1-9][0-9]{7,14}$' then c
           when c ~ '^00[1-9][0-9]{7,14}$' then '+' || substr(c, 3)
           when c ~ '^[2-9][0-9]{7}$' then '+45' || c
           when c ~ '^45[2-9][0-9]{7}$' then '+' || c
         end
    from (select translate(p_phone, ' .()-' || chr(160), '') as c) x;
$function$;

CREATE OR REPLACE FUNCTION public.phone_checked (
  p_phone text
)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v_phone text := public.phone_e164(p_phone);
begin
  -- the number itself is not in the message: an error's text reaches the server's log
  if v_phone is null then
    raise exception 'Telefonnummeret ser forkert ud. Skriv et dansk nummer med 8 cifre, f.eks. 20 11 22 33 eller +45 20 11 22 33, eller et udenlandsk nummer med + og landekode, f.eks. +46 70 123 45 67.'
      using errcode = 'check_violation', constraint = 'bookings_customer_phone_format';
  end if;
  return v_phone;
end;
$function$;

CREATE OR REPLACE FUNCTION public.text_has_link (
  p_text text
)
  RETURNS boolean
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- a scheme (any "://"), "www.", an e-mail address ("@"), a domain (a letter or digit, a dot, a
  -- common top-level domain; fullwidth and ideographic dots count), an IP address or a punycode
  -- label; the same pattern as LINK_PATTERN in supabase/functions/_shared/validation.ts (a test
  -- runs one table of inputs through both)
  select coalesce(p_text, '') ~* '://|www[.．。｡]|@|＠|xn--|[0-9]{1,3}[.][0-9]{1,3}[.][0-9]{1,3}[.][0-9]{1,3}|[a-z0-9][.．。｡](com|net|org|info|biz|dk|de|se|no|fi|is|fo|gl|eu|uk|nl|be|fr|es|it|pt|pl|ch|at|cz|sk|hu|ro|bg|gr|ee|lv|lt|ru|ua|by|cn|jp|kr|in|br|us|ca|au|nz|io|co|me|tv|cc|ws|to|ly|ai|gg|vc|sh|app|dev|page|site|online|shop|store|xyz|top|link|click|live|life|today|news|club|vip|win|bid|icu|cyou|buzz|sbs|rest|fun|space|website|tech|pro|mobi|name|email|one|zip|mov|tk|ml|ga|cf|gq)(?![a-z0-9])';
$function$;

CREATE OR REPLACE FUNCTION public.booking_customer_refusal (
  p_name      text,
  p_email     text,
  p_phone     text,
  p_notes     text,
  p_car_plate text
)
  RETURNS jsonb
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the field named as the create-booking function names it (its Danish message is chosen there)
  select case
           when p_name is null or char_length(p_name) not between 2 and 100
             then '{"field": "customerName"}'::jsonb
           when public.text_has_link(p_name) then '{"field": "customerName", "reason": "link"}'::jsonb
           when p_email is null or char_length(p_email) > 254
                or p_email !~ '^[^@[:space:]]+@[^@[:space:]]+$'
             then '{"field": "customerEmail"}'::jsonb
           when public.phone_e164(p_phone) is null then '{"field": "customerPhone"}'::jsonb
           when char_length(coalesce(p_notes, '')) > 1000 then '{"field": "notes"}'::jsonb
           when char_length(public.car_plate_normalised(p_car_plate)) > 20
             then '{"field": "carPlate"}'::jsonb
         end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_no_shows (
  p_phone text,
  p_email text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS integer
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select count(*)::integer
    from public.bookings b
   where b.status = 'no_show'
     and b.drop_off_at > p_now - interval '12 months'
     and b.drop_off_at <= p_now
     and b.anonymised_at is null
     -- stored numbers are E.164 (the bookings trigger); the asked one is read by the same rule, so
     -- every way of writing one number is that number (an unreadable one matches nothing)
     and (b.customer_phone = public.phone_e164(p_phone)
       or (coalesce(p_email, '') <> '' and lower(b.customer_email) = lower(p_email)));
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_hash (
  p_service_id uuid,
  p_date       date,
  p_time       text,
  p_name       text,
  p_email      text,
  p_phone      text,
  p_notes      text,
  p_car_plate  text    DEFAULT ''::text,
  p_sms        boolean DEFAULT false
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select encode(sha256(convert_to(jsonb_build_array(
    p_service_id, p_date, p_time, p_name, lower(p_email),
    coalesce(public.phone_e164(p_phone), btrim(coalesce(p_phone, ''))), coalesce(p_notes, ''),
    coalesce(p_car_plate, ''), coalesce(p_sms, false))::text, 'UTF8')), 'hex');
$function$;

CREATE OR REPLACE FUNCTION public.bookings_normalise_phone()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  -- an anonymised booking keeps no phone number
  if new.customer_phone = '' and new.anonymised_at is not null then
    return new;
  end if;
  -- a number not changed stays as it is: a row stored under an earlier, looser rule can still be
  -- marked no-show or cancelled; a new or changed number must pass the rule
  if tg_op = 'UPDATE' and new.customer_phone is not distinct from old.customer_phone then
    return new;
  end if;
  new.customer_phone := public.phone_checked(new.customer_phone);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.create_booking (
  p_service_id      uuid,
  p_date            date,
  p_time            text,
  p_customer_name   text,
  p_customer_email  text,
  p_customer_phone  text,
  p_notes           text                     DEFAULT ''::text,
  p_idempotency_key text                     DEFAULT NULL::text,
  p_client_ip       text                     DEFAULT NULL::text,
  p_now             timestamp with time zone DEFAULT now(),
  p_car_plate       text                     DEFAULT ''::text,
  p_sms             boolean                  DEFAULT false
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  SET plan_cache_mode TO 'force_generic_plan'
  SET jit TO 'off'
  AS $function$
declare
  v_existing public.bookings;
  v_service public.services;
  v_candidate record;
  v_booking public.bookings;
  v_id uuid := gen_random_uuid();
  v_constraint text;
  v_invalid text;
  v_cap text;
  v_refusal jsonb;
  v_hash text := public.booking_request_hash(p_service_id, p_date, p_time, p_customer_name,
                                             p_customer_email, p_customer_phone, p_notes,
                                             p_car_plate, p_sms);
begin
  -- a repeated submit returns the first booking (and does not count against the rate limit);
  -- the same key with another booking is refused, never answered with the first booking
  if p_idempotency_key is not null then
    select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
    if found then
      if v_existing.idempotency_hash is distinct from v_hash then
        return jsonb_build_object('status', 'idempotency_mismatch');
      end if;
      return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
    end if;
  end if;

  -- the caps below are counted under one lock, so simultaneous requests are counted one after the
  -- other and none can slip past a cap (the lock is held to the end of this transaction)
  perform pg_catalog.pg_advisory_xact_lock(public.booking_caps_lock_key());

  -- no usable client address: the platform's header did not arrive (or CLIENT_IP_HEADER names the
  -- wrong one); the request is counted without address caps below, and the owner hears of it
  if nullif(p_client_ip, '') is null then
    perform public.booking_unknown_address_alert(p_now);
  end if;

  -- what the visitor typed must fit the table: refused here as an answer (the edge function checks
  -- the same first), never as a check violation that rolls back the proof of work and the counters
  -- and writes the row into the server's log; counted like a refused choice, against the address
  v_refusal := public.booking_customer_refusal(p_customer_name, p_customer_email,
                                               p_customer_phone, p_notes, p_car_plate);
  if v_refusal is not null then
    if public.booking_invalid_hit(p_client_ip, p_now) then
      return jsonb_build_object('status', 'rate_limited');
    end if;
    return jsonb_build_object('status', 'invalid') || v_refusal;
  end if;

  -- what the visitor chose must be bookable; a refusal here counts against the address only, in
  -- a bucket of its own, never against the e-mail address or phone it names
  select * into v_service from public.services s where s.id = p_service_id and s.is_active;
  if not found then
    v_invalid := 'serviceId';
  else
    -- the asked time if the rules offer it, else any offered time (the day is bookable) or none
    select * into v_candidate from public.booking_candidates(p_service_id, p_date, p_now) c
     order by c.slot = p_time desc
     limit 1;
    if not found then
      v_invalid := 'bookingDate';
    elsif v_candidate.slot is distinct from p_time then
      v_invalid := 'bookingTime';
    end if;
  end if;
  if v_invalid is not null then
    if public.booking_invalid_hit(p_client_ip, p_now) then
      return jsonb_build_object('status', 'rate_limited');
    end if;
    return jsonb_build_object('status', 'invalid', 'field', v_invalid);
  end if;

  if public.booking_rate_limit_hit(p_client_ip, p_customer_email, p_now) then
    return jsonb_build_object('status', 'rate_limited');
  end if;

  v_cap := public.booking_cap_reached(p_client_ip, p_customer_email, p_customer_phone, p_now);
  if v_cap is not null then
    return jsonb_build_object('status', v_cap);
  end if;

  -- a job over several days from a contact that did not turn up before: the owner may want a call
  -- first (setting no_show_requires_call, off by default)
  if public.booking_no_show_call_required(v_candidate.drop_off_at, v_candidate.ready_at,
                                          p_customer_phone, p_customer_email, p_now) then
    return jsonb_build_object('status', 'no_show_call');
  end if;

  begin
    v_booking := public.booking_insert(
      p_id => v_id,
      p_service => v_service,
      p_local => p_date + p_time::time,
      p_drop_off => v_candidate.drop_off_at,
      p_ready => v_candidate.ready_at,
      p_blocked => v_candidate.blocked,
      p_name => p_customer_name,
      p_email => p_customer_email,
      p_phone => p_customer_phone,
      p_notes => coalesce(p_notes, ''),
      p_car_plate => coalesce(p_car_plate, ''),
      p_sms => coalesce(p_sms, false),
      p_source => 'online',
      p_idempotency_key => p_idempotency_key,
      p_idempotency_hash => case when p_idempotency_key is not null then v_hash end,
      p_client_ip => p_client_ip,
      p_created_at => p_now);
  exception
    when unique_violation then
      get stacked diagnostics v_constraint = constraint_name;
      if v_constraint <> 'bookings_idempotency_key_key' then
        raise;
      end if;
      -- the same submit raced with itself: return the one that won (if it is the same booking)
      select * into v_existing from public.bookings b where b.idempotency_key = p_idempotency_key;
      if v_existing.idempotency_hash is distinct from v_hash then
        return jsonb_build_object('status', 'idempotency_mismatch');
      end if;
      return public.booking_result(v_existing) || jsonb_build_object('replayed', true);
    when check_violation or not_null_violation then
      -- the backstop of booking_customer_refusal: a value the table refuses is an answer, inside
      -- this transaction (only the insert is undone; the proof of work stays used, the attempt is
      -- counted), and a caught error writes nothing to the server's log
      get stacked diagnostics v_constraint = constraint_name;
      if public.booking_invalid_hit(p_client_ip, p_now) then
        return jsonb_build_object('status', 'rate_limited');
      end if;
      return jsonb_strip_nulls(jsonb_build_object('status', 'invalid', 'field',
        case v_constraint
          when 'bookings_customer_name_check' then 'customerName'
          when 'bookings_customer_email_check' then 'customerEmail'
          when 'bookings_customer_phone_format' then 'customerPhone'
          when 'bookings_notes_check' then 'notes'
          when 'bookings_car_plate_check' then 'carPlate'
        end));
  end;
  if v_booking.id is null then
    return jsonb_build_object('status', 'conflict');
  end if;

  -- cancelToken null: the outbox trigger fills in the plain token of the booking just made
  perform public.booking_queue_emails(v_booking, 'booking_confirmation', 'owner_notification', '',
    jsonb_build_object('cancelToken', v_booking.cancel_token), '{}', p_now);

  return public.booking_result(v_booking);
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_check_customer (
  p_name      text,
  p_phone     text,
  p_email     text,
  p_notes     text,
  p_car_plate text DEFAULT ''::text
)
  RETURNS void
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  if p_name is null or p_name = '' then
    raise exception 'Skriv kundens navn i customer_name.' using errcode = 'not_null_violation';
  end if;
  if char_length(p_name) not between 2 and 100 or p_name ~ '[[:cntrl:]]' then
    raise exception 'Kundens navn skal være mellem 2 og 100 tegn.' using errcode = 'check_violation';
  end if;
  if p_phone is null or p_phone = '' then
    raise exception 'Skriv kundens telefonnummer i customer_phone.' using errcode = 'not_null_violation';
  end if;
  -- the one phone rule and its Danish refusal (05_owner_values.sql)
  perform public.phone_checked(p_phone);
  if p_email <> '' and (char_length(p_email) > 254
      or p_email !~ '^[^@[:space:][:cntrl:]]{1,64}@[^@[:space:][:cntrl:]]+\.[[:alpha:]]{2,}$') then
    raise exception 'E-mailadressen "%" ser forkert ud. Ret den, eller lad customer_email være tom.', p_email
      using errcode = 'check_violation';
  end if;
  if char_length(p_notes) > 1000 then
    raise exception 'Bemærkninger må højst være 1000 tegn.' using errcode = 'check_violation';
  end if;
  if char_length(p_car_plate) > 20 or p_car_plate ~ '[[:cntrl:]]' then
    raise exception 'Nummerpladen må højst være 20 tegn.' using errcode = 'check_violation';
  end if;
end;
$function$;

CREATE OR REPLACE FUNCTION public.sms_number (
  p_phone text
)
  RETURNS text
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the number by the one phone rule (phone_e164). Refused (null): a foreign number, and the Danish
  -- ranges that are not a subscriber's phone: 70 (split charge), 80 (freephone), 90 (premium
  -- rate); 0x and 1x are no Danish number at all; see docs/emails.md
  select case
           when e ~ '^\+45[2-9][0-9]{7}$' and substr(e, 4, 2) not in ('70', '80', '90') then e
         end
    from (select public.phone_e164(p_phone) as e) x;
$function$;

COMMENT ON FUNCTION "public"."booking_customer_refusal"(text, text, text, text, text) IS 'What is wrong with the contact fields of an online booking, as {field, reason?} (field customerName, customerEmail, customerPhone, notes or carPlate; reason link for a name with a link), or null when the table would take them. create_booking answers {status: invalid, ...} with it.';

COMMENT ON FUNCTION "public"."booking_invalid_hit"(text, timestamp with time zone) IS 'Counts one refused choice (package, day or time) or refused contact field for the address, apart from its e-mail address; true when over rate_limit_invalid_per_ip_per_hour. Without an address (null or empty) nothing is counted: false.';

COMMENT ON FUNCTION "public"."booking_request_hash"(uuid, date, text, text, text, text, text, text, boolean) IS 'Fingerprint of a booking request (what the visitor chose and typed; the phone as the number it is, phone_e164), to bind an idempotency key to it.';

COMMENT ON FUNCTION "public"."bookings_normalise_phone"() IS 'Trigger function: stores a booking''s new or changed phone number in its one form, E.164 (phone_e164), whatever path wrote it; a number that is not one is refused in Danish (phone_checked) before the table''s check could refuse it in English.';

COMMENT ON FUNCTION "public"."create_booking"(uuid, date, text, text, text, text, text, text, text, timestamp with time zone, text, boolean) IS 'Checks and books a drop-off time in one transaction: idempotency (a key is bound to its request), package, date window and slot (a refusal counts against the address only), rate limits, the caps (max_new_bookings_per_hour, max_bookings_per_ip_per_day, max_open_bookings_per_contact, max_booking_emails_per_recipient_per_day; counted under one lock, so races cannot pass them), free bay (the exclusion constraint settles races), then queues the two e-mails. The contact fields are checked first (booking_customer_refusal; a check violation of the insert is caught the same way): refused as {status: invalid, field, reason?} in this transaction, never as an error. Without a client address (p_client_ip null or empty) the per-address limits are not counted and the owner''s daily alert is queued (booking_unknown_address_alert). A job over several days from a contact with a no-show in the last 12 months is refused (no_show_call) while the setting no_show_requires_call is 1. Returns {status: created|rate_limited|invalid|conflict|idempotency_mismatch|busy|address_cap|contact_cap|no_show_call, ...}. Called by the create-booking edge function.';

COMMENT ON FUNCTION "public"."phone_checked"(text) IS 'A phone number as stored (phone_e164), or a Danish exception (check_violation, constraint bookings_customer_phone_format) when it is not a phone number. The owner''s refusal in the Table Editor.';

COMMENT ON FUNCTION "public"."phone_e164"(text) IS 'A phone number in its one stored form, E.164, or null when it is not a phone number: 20 55 44 33, 20554433, 4520554433, 0045 20554433 and (+45) 2055-4433 are all +4520554433 (a Danish number is 8 digits, the first 2-9); a foreign number needs + or 00 (+46..., 0046...; 8-15 digits). 00000000, 201122334 and +45 2011223 are null. The same rule as phoneE164 in supabase/functions/_shared/phone.ts (a test holds the two together).';

COMMENT ON FUNCTION "public"."sms_number"(text) IS 'The E.164 number (+45 and 8 digits) an SMS may go to, from a phone number read by phone_e164; null for a foreign number, for what is no phone number (0x, 1x) and for 70, 80 and 90 numbers (not a subscriber''s phone; 90 is premium rate).';

COMMENT ON FUNCTION "public"."text_has_link"(text) IS 'Whether a text carries a link, a web address or an e-mail address (http://, www., @, evil.example.com, 10.0.0.1); "J. Hansen" and "Anne-Marie O''Brien" do not. A customer''s name greets him in every e-mail sent from the workshop''s domain, so a name must not carry one.';

REVOKE ALL ON FUNCTION "public"."booking_customer_refusal"(text, text, text, text, text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_customer_refusal"(text, text, text, text, text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."phone_checked"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."phone_checked"(text) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."text_has_link"(text) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."text_has_link"(text) TO "postgres", "service_role";
