-- Written by npm run db:diff from supabase/schemas/ (its DROP, COMMENT and GRANT lines taken out:
-- CREATE OR REPLACE keeps each function's comment and grants, and a drop would fail on what uses it).
-- The engine's hottest helpers move from SQL to PL/pgSQL, which keeps its plans for the session
-- (an SQL function with a SET clause is parsed and planned on every call), and owner_bookings_sync
-- writes the owner's row with static statements instead of a statement built on every call.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_contact (
  p_booking public.bookings
)
  RETURNS jsonb
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  -- every attribute of the request but the package and the time (booking_summary has them) and
  -- the SMS choice, under the create-booking function's names: customer_phone is customerPhone
  return (
    select coalesce(jsonb_object_agg(
             lower(left(r.key, 1))
               || substr(replace(initcap(replace(r.key, '_', ' ')), ' ', ''), 2),
             r.value), '{}'::jsonb)
      from jsonb_each(to_jsonb(public.booking_request_of(p_booking))
                      - array['service_id', 'booking_date', 'booking_time', 'sms_opt_in']) r);
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_attributes (
  p_also_in regclass DEFAULT NULL::regclass
)
  RETURNS text[]
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  return (
    select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
      from pg_catalog.pg_attribute a
     where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0 and not a.attisdropped
       and (p_also_in is null
            or exists (select 1 from pg_catalog.pg_attribute c
                        where c.attrelid = p_also_in and c.attname = a.attname
                          and c.attnum > 0 and not c.attisdropped)));
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_hash (
  p_request public.booking_request
)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- the whole record, so a new field is in the fingerprint without anyone listing it; the e-mail
  -- address in one case, the phone as the number it is (phone_e164) and the plate as it is stored
  return encode(sha256(convert_to((to_jsonb(p_request) || jsonb_build_object(
    'customer_email', lower(p_request.customer_email),
    'customer_phone', coalesce(public.phone_e164(p_request.customer_phone),
                               btrim(coalesce(p_request.customer_phone, ''))),
    'car_plate', public.car_plate_normalised(p_request.car_plate)))::text, 'UTF8')), 'hex');
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_of (
  p_booking public.bookings
)
  RETURNS public.booking_request
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  -- by name: every attribute of the request is a bookings column
  return jsonb_populate_record(null::public.booking_request, to_jsonb(p_booking));
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_request_tidied (
  p_request public.booking_request
)
  RETURNS public.booking_request
  LANGUAGE plpgsql
  STABLE
  SET search_path TO ''
  AS $function$
begin
  -- every text trimmed and '' when left out, the plate as it is printed, no SMS unless asked for
  return jsonb_populate_record(p_request,
    coalesce((select jsonb_object_agg(a.attname, btrim(coalesce(to_jsonb(p_request) ->> a.attname, '')))
                from pg_catalog.pg_attribute a
               where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0
                 and not a.attisdropped and a.atttypid = 'text'::regtype), '{}'::jsonb)
    || jsonb_build_object('car_plate', public.car_plate_normalised(p_request.car_plate),
                          'sms_opt_in', coalesce(p_request.sms_opt_in, false)));
end;
$function$;

CREATE OR REPLACE FUNCTION public.booking_setting (
  p_key     text,
  p_default integer
)
  RETURNS integer
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- PL/pgSQL, not SQL: the engine asks about ten times per booking, and an SQL function with a
  -- SET clause is parsed and planned again on every call (PostgreSQL before 18)
  return coalesce(
    (select trim(s.value)::integer
       from public.settings s
      where s.key = p_key and s.value ~ '^\s*[0-9]{1,9}\s*$'),
    p_default
  );
end;
$function$;

CREATE OR REPLACE FUNCTION public.car_plate_normalised (
  p_plate text
)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
begin
  return case
    when upper(regexp_replace(coalesce(p_plate, ''), '[[:space:]-]', '', 'g')) ~ '^[A-Z]{2}[0-9]{5}$' then
      regexp_replace(upper(regexp_replace(p_plate, '[[:space:]-]', '', 'g')),
                     '^([A-Z]{2})([0-9]{2})([0-9]{3})$', '\1 \2 \3')
    else btrim(coalesce(p_plate, ''))
  end;
end;
$function$;

CREATE OR REPLACE FUNCTION public.copenhagen_iso (
  p_at timestamp with time zone
)
  RETURNS text
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  SET "TimeZone" TO 'Europe/Copenhagen'
  AS $function$
begin
  -- PL/pgSQL keeps its plan for the session; an SQL function with SET is planned on every call
  return to_char(p_at, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM');
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_row (
  p_booking public.bookings
)
  RETURNS public.owner_bookings
  LANGUAGE plpgsql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- by name: the request's fields the owner sees are owner_bookings columns of the same names
  return jsonb_populate_record(null::public.owner_bookings,
    to_jsonb(public.booking_request_of(p_booking)) || jsonb_build_object(
      'package', p_booking.service_name,
      'drop_off_local',
        to_char(p_booking.drop_off_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
      'customer_phone', public.phone_display(p_booking.customer_phone),
      'customer_email', nullif(p_booking.customer_email, ''),
      'status', public.owner_status_of(p_booking.status),
      'ready_local',
        to_char(coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen',
                'YYYY-MM-DD HH24:MI'),
      'reference', p_booking.reference,
      'no_shows', public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email, now())));
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_sync()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
begin
  -- a no-show marked or taken back (by the owner's edit too) changes the count on the contact's
  -- other rows; phones are stored in one form (bookings_normalise_phone), so equal is the same
  if tg_op = 'UPDATE' and (old.status = 'no_show') is distinct from (new.status = 'no_show') then
    update public.owner_bookings o
       set no_shows = public.booking_no_shows(b.customer_phone, b.customer_email, now())
      from public.bookings b
     where b.reference = o.reference and b.id <> new.id and b.anonymised_at is null
       and (b.customer_phone = new.customer_phone
            or (b.customer_email <> '' and lower(b.customer_email) = lower(new.customer_email)));
  end if;
  -- a booking changed from inside a trigger: the only such change is the owner's statement on
  -- owner_bookings writing through (owner_bookings_edit), which stores this booking's row itself,
  -- computed from the booking as here (owner-bookings.test.ts checks the table against
  -- owner_bookings_row after every kind of change)
  if pg_trigger_depth() > 1 then
    return null;
  end if;
  -- the row as the booking now is, whole (so a new column of the owner's table needs no line
  -- here): the old row out, the new one in, as static statements whose plans the session keeps
  if tg_op = 'UPDATE' then
    delete from public.owner_bookings o where o.reference = old.reference;
  end if;
  if new.anonymised_at is null then
    insert into public.owner_bookings select r.* from public.owner_bookings_row(new) r;
  end if;
  return null;
end;
$function$;

CREATE OR REPLACE FUNCTION public.phone_e164 (
  p_phone text
)
  RETURNS text
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  -- layout out: spaces (also no-break spaces), dots, hyphens and brackets
  c text := translate(p_phone, ' .()-' || chr(160), '');
begin
  -- the one phone rule; supabase/functions/_shared/phone.ts phoneE164 is the same rule in
  -- TypeScript, and supabase/tests/phone-rule.test.ts runs one table of inputs through both.
  -- Spaces (also no-break spaces), dots, hyphens and brackets are layout. A Danish number is 8
  -- digits, the first 2-9, alone or after 45, +45 or 0045; any other number needs + or 00 and is
  -- E.164 (country code 1-9, 8-15 digits in all). Anything else is null.
  return case
           when char_length(p_phone) > 40 then null
           when c ~ '^(\+|00)45[2-9][0-9]{7}$' then '+45' || right(c, 8)
           when c ~ '^(\+|00)45' then null
           when c ~ '^\+[1-9][0-9]{7,14}$' then c
           when c ~ '^00[1-9][0-9]{7,14}$' then '+' || substr(c, 3)
           when c ~ '^[2-9][0-9]{7}$' then '+45' || c
           when c ~ '^45[2-9][0-9]{7}$' then '+' || c
         end;
end;
$function$;
