-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_contact (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE sql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
  -- every attribute of the request but the package and the time (booking_summary has them) and
  -- the SMS choice, under the create-booking function's names: customer_phone is customerPhone
  select coalesce(jsonb_object_agg(
           lower(left(r.key, 1))
             || substr(replace(initcap(replace(r.key, '_', ' ')), ' ', ''), 2),
           r.value), '{}'::jsonb)
    from jsonb_each(to_jsonb(public.booking_request_of(p_booking))
                    - array['service_id', 'booking_date', 'booking_time', 'sms_opt_in']) r;
$function$;

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
     v_payload || public.booking_contact(p_booking) || jsonb_build_object(
       -- the owner sees at once a contact who did not turn up before (as owner_agenda counts it)
       'noShows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email,
                                          p_next_attempt_at)) || p_owner_extra,
     p_owner_kind || ':' || p_booking.id || p_key_suffix, p_next_attempt_at)
  on conflict (idempotency_key) do nothing;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_agenda_item (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select (public.booking_summary(p_booking) - 'price')
         || public.booking_contact(p_booking)
         || jsonb_build_object(-- the new ready time when the owner gave one
                               'readyAt', public.copenhagen_iso(coalesce(p_booking.new_ready_at, p_booking.ready_at)));
$function$;

CREATE OR REPLACE FUNCTION public.owner_calendar_bookings (
  p_now timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  -- sequence is the revision of the event as booked or moved: the feed adds one for a cancelled
  -- booking (owner-calendar.ts), whose counter already counts its cancellation
  select coalesce(jsonb_agg(public.booking_summary(b) || public.booking_contact(b) || jsonb_build_object(
           'status', b.status,
           'statusText', public.booking_status_text(b.status),
           'noShows', public.booking_no_shows(b.customer_phone, b.customer_email, p_now),
           -- the new ready time when the owner gave one (booking_summary has the planned one)
           'readyAt', public.copenhagen_iso(coalesce(b.new_ready_at, b.ready_at)),
           'sequence', greatest(b.ics_sequence - case when b.status = 'cancelled' then 1 else 0 end, 0),
           'createdAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'updatedAt', to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'periods', coalesce((
             select jsonb_agg(jsonb_build_array(public.copenhagen_iso(lower(w.period)),
                                                public.copenhagen_iso(upper(w.period)))
                              order by lower(w.period))
               from public.booking_work_periods w
              where w.booking_id = b.id), '[]'::jsonb))
           order by b.drop_off_at, b.reference), '[]'::jsonb)
    from public.bookings b
   where b.anonymised_at is null
     and b.ready_at >= p_now - interval '7 days';
$function$;

COMMENT ON FUNCTION "public"."booking_contact"(public.bookings) IS 'What the customer told with a booking (name, contact details, notes, car plate; any new field of booking_request), keyed as the create-booking body names it (customerName, carPlate): what the owner''s e-mails, agenda e-mail and calendar feed show.';

COMMENT ON FUNCTION "public"."booking_queue_emails"(public.bookings, text, text, text, jsonb, jsonb, timestamp with time zone) IS 'Queues the customer''s and the owner''s e-mail of a booking event: both get booking_summary and customerName, the owner also what the customer told (booking_contact) and the contact''s no-shows of the last 12 months (noShows); each its extra keys. Idempotency key kind:booking id plus p_key_suffix.';

REVOKE ALL ON FUNCTION "public"."booking_contact"(public.bookings) FROM PUBLIC;

GRANT EXECUTE ON FUNCTION "public"."booking_contact"(public.bookings) TO "postgres", "service_role";
