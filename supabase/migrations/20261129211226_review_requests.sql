-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.
-- The review request after pickup (supabase/schemas/86_review_requests.sql): the owner's review
-- link (review_settings, one row, empty = off), the customer's "Nej tak" (review_opt_outs), the
-- one request per booking (review_requests, the hash of its link's token), queued by a status
-- change to collected and held back by one away from it; the outbox takes the kind
-- review_request. Reviewed: as written; at the end, by hand, the setting's one row (db diff
-- compares no data).

SET local check_function_bodies = off;

ALTER TABLE "public"."email_outbox"
  DROP CONSTRAINT "email_outbox_kind_check";

CREATE TABLE "public"."review_opt_outs" (
  "email"        text                     NOT NULL,
  "opted_out_at" timestamp with time zone NOT NULL,
  CONSTRAINT "review_opt_outs_email_lower" CHECK ((email = lower(email))),
  CONSTRAINT "review_opt_outs_pkey" PRIMARY KEY (email)
);

ALTER TABLE "public"."review_opt_outs"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "public"."review_requests" (
  "booking_id"         uuid                     NOT NULL,
  "opt_out_token_hash" text                     NOT NULL,
  "created_at"         timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "review_requests_opt_out_token_hash_key" UNIQUE (opt_out_token_hash),
  CONSTRAINT "review_requests_pkey" PRIMARY KEY (booking_id)
);

ALTER TABLE "public"."review_requests"
  ENABLE ROW LEVEL SECURITY;

CREATE TABLE "public"."review_settings" (
  "id"         boolean NOT NULL DEFAULT true,
  "review_url" text,
  CONSTRAINT "review_settings_one_row" CHECK (id),
  CONSTRAINT "review_settings_pkey" PRIMARY KEY (id)
);

ALTER TABLE "public"."review_settings"
  ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION public.booking_queue_review_request (
  p_booking public.bookings,
  p_now     timestamp with time zone
)
  RETURNS void
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_url text := public.review_url();
  v_token text;
begin
  if v_url is null
     or not public.booking_car_message_notifies(p_booking)
     or exists (select 1 from public.review_opt_outs r
                 where r.email = lower(btrim(p_booking.customer_email))) then
    return;
  end if;
  -- one per booking: one held back by a correction (cancelled) is queued again; a sent one never
  if exists (select 1 from public.email_outbox o
              where o.idempotency_key = 'review_request:' || p_booking.id
                and o.status <> 'cancelled') then
    return;
  end if;
  delete from public.email_outbox o
   where o.idempotency_key = 'review_request:' || p_booking.id and o.status = 'cancelled';
  -- the link's secret as the booking links have theirs: only its hash is kept here
  v_token := public.booking_random_token();
  insert into public.review_requests (booking_id, opt_out_token_hash)
  values (p_booking.id, public.booking_token_hash(v_token))
  on conflict (booking_id) do update set opt_out_token_hash = excluded.opt_out_token_hash;
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values (p_booking.id, 'review_request', p_booking.customer_email,
          jsonb_build_object('reference', p_booking.reference,
                             'customerName', p_booking.customer_name,
                             'reviewUrl', v_url,
                             'optOutToken', v_token),
          'review_request:' || p_booking.id, public.review_request_send_at(p_now))
  on conflict (idempotency_key) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION public.bookings_review_request()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  if new.status = 'collected' and old.status <> 'collected' then
    -- booking_set_status writes its p_now here
    perform public.booking_queue_review_request(new, coalesce(new.status_changed_at, now()));
  elsif old.status = 'collected' and new.status <> 'collected' then
    -- afhentet was a mistake: the request not sent yet stays unsent
    perform public.booking_cancel_car_messages(new.id, array['review_request'],
      'bilen er ' || public.booking_status_text(new.status));
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.review_opt_out (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS text
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_email text;
begin
  select lower(btrim(b.customer_email)) into v_email
    from public.review_requests r
    join public.bookings b on b.id = r.booking_id
   where r.opt_out_token_hash = public.booking_token_hash(p_token);
  if v_email is null or v_email = '' then
    return 'unknown';
  end if;
  insert into public.review_opt_outs (email, opted_out_at) values (v_email, p_now)
  on conflict (email) do nothing;
  -- a request still waiting to that address is not sent either
  update public.email_outbox o
     set status = 'cancelled', last_error = 'kunden har sagt nej tak', locked_until = null
   where o.kind = 'review_request' and o.status = 'pending'
     and lower(btrim(o.recipient)) = v_email;
  return 'recorded';
end;
$function$;

CREATE OR REPLACE FUNCTION public.review_request_send_at (
  p_collected timestamp with time zone
)
  RETURNS timestamp WITH time zone
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- the next Copenhagen morning at 10:00, after the day the car was picked up
  select (((p_collected at time zone 'Europe/Copenhagen')::date + 1) + time '10:00')
         at time zone 'Europe/Copenhagen';
$function$;

CREATE OR REPLACE FUNCTION public.review_settings_check()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_url text := nullif(btrim(coalesce(new.review_url, '')), '');
begin
  new.id := true;
  -- a link the customer cannot open, or one that is not encrypted, is refused, never sent
  if v_url is not null and (
       v_url !~ '^https://[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?\.[A-Za-z]{2,}(:[0-9]{1,5})?([/?#][^[:space:]]*)?$'
       or length(v_url) > 500) then
    raise exception 'review_url skal være en https-adresse på højst 500 tegn, f.eks. https://g.page/r/dit-link/review. "%" kan ikke bruges.',
      left(v_url, 60)
      using errcode = 'check_violation';
  end if;
  new.review_url := v_url;
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.review_settings_cleared()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- no link, no request: the ones waiting are held back; a new link applies to the ones waiting
  if new.review_url is null then
    update public.email_outbox o
       set status = 'cancelled', last_error = 'review_url er tømt', locked_until = null
     where o.kind = 'review_request' and o.status = 'pending';
  else
    update public.email_outbox o
       set payload = o.payload || jsonb_build_object('reviewUrl', new.review_url)
     where o.kind = 'review_request' and o.status = 'pending';
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.review_settings_refuse_delete()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
begin
  raise exception 'Rækken slettes ikke. Tøm review_url i stedet, så sendes der ingen anmodning om anmeldelse.'
    using errcode = 'feature_not_supported';
end;
$function$;

CREATE OR REPLACE FUNCTION public.review_url()
  RETURNS text
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select s.review_url from public.review_settings s where s.id;
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
    'sms_booking_confirmation'::text,
    'sms_booking_reminder'::text, 'sms_booking_moved'::text, 'sms_cancellation_confirmation'::text, 'sms_car_ready'::text, 'sms_car_ready_time'::text])));

ALTER TABLE "public"."review_requests"
  ADD CONSTRAINT "review_requests_booking_id_fkey" FOREIGN KEY (booking_id) REFERENCES public.bookings(id) ON DELETE CASCADE;

CREATE TRIGGER bookings_review_request
  AFTER UPDATE OF status ON public.bookings
  FOR EACH ROW
  WHEN ((old.status IS DISTINCT FROM new.status))
  EXECUTE FUNCTION public.bookings_review_request();

CREATE TRIGGER review_settings_check
  BEFORE INSERT OR UPDATE ON public.review_settings
  FOR EACH ROW
  EXECUTE FUNCTION public.review_settings_check();

CREATE TRIGGER review_settings_cleared
  AFTER UPDATE OF review_url ON public.review_settings
  FOR EACH ROW
  WHEN ((old.review_url IS DISTINCT FROM new.review_url))
  EXECUTE FUNCTION public.review_settings_cleared();

CREATE TRIGGER review_settings_refuse_delete
  BEFORE DELETE ON public.review_settings
  FOR EACH ROW
  EXECUTE FUNCTION public.review_settings_refuse_delete();

CREATE TRIGGER review_settings_refuse_truncate
  BEFORE TRUNCATE ON public.review_settings
  FOR EACH STATEMENT
  EXECUTE FUNCTION public.review_settings_refuse_delete();

COMMENT ON COLUMN "public"."email_outbox"."kind" IS 'Slags mail: booking_confirmation, booking_reminder, booking_moved, booking_reconfirmed (en aflyst booking er genoprettet), cancellation_confirmation, car_ready (bilen er klar), car_ready_time (ny færdigtid) og review_request (anmodning om anmeldelse, dagen efter afhentning) går til kunden; owner_notification, owner_cancellation, owner_booking_moved og owner_agenda til dig (OWNER_EMAIL). sms_... er en SMS til kunden (kun når kunden har valgt SMS, og GATEWAYAPI_TOKEN er sat).';

COMMENT ON COLUMN "public"."review_opt_outs"."email" IS 'Kundens e-mailadresse (små bogstaver).';

COMMENT ON COLUMN "public"."review_opt_outs"."opted_out_at" IS 'Hvornår kunden sagde nej tak.';

COMMENT ON COLUMN "public"."review_requests"."booking_id" IS 'Bookingen.';

COMMENT ON COLUMN "public"."review_requests"."created_at" IS 'Hvornår anmodningen blev lagt i kø.';

COMMENT ON COLUMN "public"."review_requests"."opt_out_token_hash" IS 'Teknisk: et fingeraftryk (sha256) af nøglen i mailens "Nej tak"-link; selve nøglen gemmes ikke her.';

COMMENT ON COLUMN "public"."review_settings"."id" IS 'Teknisk: der er kun én række. Ret det ikke.';

COMMENT ON COLUMN "public"."review_settings"."review_url" IS 'Linket til dine anmeldelser (f.eks. Google eller Trustpilot), en https-adresse. Tomt = der sendes ingen anmodning om anmeldelse.';

COMMENT ON FUNCTION "public"."booking_queue_review_request"(public.bookings, timestamp with time zone) IS 'Queues the customer''s review_request for a car picked up at p_now (10:00 the next Copenhagen morning), once per booking (key review_request:<id>): only with the owner''s review link, to an e-mail address that has not said no (review_opt_outs), and as booking_car_message_notifies allows.';

COMMENT ON FUNCTION "public"."bookings_review_request"() IS 'Trigger function: a booking set to collected queues its review request (booking_queue_review_request); set back from collected, the pending one is held back.';

COMMENT ON FUNCTION "public"."review_opt_out"(text, timestamp with time zone) IS 'The customer''s "Nej tak til den slags beskeder" (the token of a review request''s link): records the address in review_opt_outs (again: nothing changes) and holds back a pending request to it; ''recorded'', or ''unknown'' for a token no request has (or of an anonymised booking). Used by review-opt-out.';

COMMENT ON FUNCTION "public"."review_request_send_at"(timestamp with time zone) IS 'When the review request of a car picked up at p_collected goes out: 10:00 Copenhagen time the next day.';

COMMENT ON FUNCTION "public"."review_settings_check"() IS 'Trigger function: the owner''s review link is an https address (or empty = off), refused in Danish otherwise; the one row stays the one row.';

COMMENT ON FUNCTION "public"."review_settings_cleared"() IS 'Trigger function: an emptied review_url holds back the pending review requests; a changed one is what they link to.';

COMMENT ON FUNCTION "public"."review_settings_refuse_delete"() IS 'Trigger function: the review setting''s one row is never deleted (or truncated); refused in Danish, saying to empty review_url instead.';

COMMENT ON FUNCTION "public"."review_url"() IS 'The owner''s review link (review_settings.review_url), or null: no review requests then.';

COMMENT ON TABLE "public"."review_opt_outs" IS 'Kunder, der har sagt nej tak til anmodninger om anmeldelse (e-mailadressen, med små bogstaver). De får ingen flere. Slet en række kun, hvis kunden selv beder om det.';

COMMENT ON TABLE "public"."review_requests" IS 'Teknisk: den anmodning om anmeldelse, en booking har fået, og nøglen i dens "Nej tak"-link. Ret ikke her.';

COMMENT ON TABLE "public"."review_settings" IS 'Anmeldelser: dit link, som kunden får dagen efter, at du har meldt bilen afhentet. Tomt link = der sendes ingen anmodning om anmeldelse.';

REVOKE ALL ON FUNCTION "public"."booking_queue_review_request"(public.bookings, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_queue_review_request"(public.bookings, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."bookings_review_request"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."bookings_review_request"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."review_opt_out"(text, timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."review_opt_out"(text, timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."review_request_send_at"(timestamp WITH time zone) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."review_request_send_at"(timestamp WITH time zone) TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."review_settings_check"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."review_settings_check"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."review_settings_cleared"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."review_settings_cleared"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."review_settings_refuse_delete"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."review_settings_refuse_delete"() TO "postgres", "service_role";

REVOKE ALL ON FUNCTION "public"."review_url"() FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."review_url"() TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."review_opt_outs" TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."review_requests" TO "postgres", "service_role";

GRANT DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE ON TABLE "public"."review_settings" TO "postgres", "service_role";

-- the setting's one row: no link yet, so nothing is sent until the owner fills it in
INSERT INTO public.review_settings (id, review_url) VALUES (true, NULL) ON CONFLICT (id) DO NOTHING;
