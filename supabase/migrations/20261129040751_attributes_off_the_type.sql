-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_insert (
  p_id               uuid,
  p_service          public.services,
  p_request          public.booking_request,
  p_drop_off         timestamp with time zone,
  p_ready            timestamp with time zone,
  p_blocked          tstzrange[],
  p_source           text,
  p_idempotency_key  text                     DEFAULT NULL::text,
  p_idempotency_hash text                     DEFAULT NULL::text,
  p_client_ip        text                     DEFAULT NULL::text,
  p_created_at       timestamp with time zone DEFAULT now()
)
  RETURNS public.bookings
  LANGUAGE plpgsql
  SET search_path TO ''
  AS $function$
declare
  v_bay smallint;
  v_booking public.bookings;
  v_constraint text;
  v_tries integer := 0;
  -- the request's fields by name (the package is p_service): a new field needs no line here
  v_fields text[] := array_remove(public.booking_request_attributes(), 'service_id');
  v_insert text := format(
    'insert into public.bookings (id, service_id, service_name, duration_minutes, price,
       drop_off_at, ready_at, source, idempotency_key, idempotency_hash, client_ip, created_at, %s)
     select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, %s
       from jsonb_populate_record(null::public.booking_request, $13) r
     returning *',
    (select string_agg(quote_ident(f), ', ') from unnest(v_fields) f),
    (select string_agg('r.' || quote_ident(f), ', ') from unnest(v_fields) f));
begin
  loop
    v_bay := public.booking_free_bay(p_blocked);
    v_tries := v_tries + 1;
    if v_bay is null or v_tries > 60 then
      return null;
    end if;
    begin
      execute v_insert into v_booking
        using p_id, p_service.id, p_service.name, p_service.duration_minutes, p_service.price,
              p_drop_off, p_ready, p_source, p_idempotency_key, p_idempotency_hash, p_client_ip,
              p_created_at, to_jsonb(p_request);
      insert into public.booking_work_periods (booking_id, bay, period)
      select p_id, v_bay, r from unnest(p_blocked) r;
      return v_booking;
    exception
      when exclusion_violation or deadlock_detected then
        -- another booking took this bay meanwhile (now committed): look for another bay
        null;
      when unique_violation then
        get stacked diagnostics v_constraint = constraint_name;
        if v_constraint <> 'bookings_reference_key' then
          raise;
        end if;
        -- reference collision: the next try draws a new reference
    end;
  end loop;
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
  if p_also_in is null then
    -- read off the type itself (a json object keeps its attributes' order), no catalog scan: this
    -- is asked once for every booking, and a scan of pg_attribute costs PGlite a tenth of a ms
    return (select array_agg(k) from json_object_keys(
              row_to_json(jsonb_populate_record(null::public.booking_request, '{}'))) k);
  end if;
  return (
    select coalesce(array_agg(a.attname::text order by a.attnum), '{}')
      from pg_catalog.pg_attribute a
     where a.attrelid = 'public.booking_request'::regclass and a.attnum > 0 and not a.attisdropped
       and exists (select 1 from pg_catalog.pg_attribute c
                    where c.attrelid = p_also_in and c.attname = a.attname
                      and c.attnum > 0 and not c.attisdropped));
end;
$function$;

COMMENT ON FUNCTION "public"."booking_insert"(uuid, public.services, public.booking_request, timestamp with time zone, timestamp
  with time zone, tstzrange[], text, text, text, text, timestamp with time zone) IS 'Inserts a booking of a package (the request as booking_request_tidied gives it, which the callers have done; its date and time are the Copenhagen drop-off) and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book; the caller holds the locks and has checked the time.';
