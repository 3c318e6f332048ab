-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

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
  with time zone, tstzrange[], text, text, text, text, timestamp with time zone) IS 'Inserts a booking of a package (the request as booking_request_tidied gives it, whatever the caller passed; its date and time are the Copenhagen drop-off) and its work periods on the first free bay (booking_free_bay), trying again when another booking took the bay meanwhile or the reference collided; null when no bay is free (or after 60 tries). Other unique violations (the idempotency key) reach the caller. Used by create_booking and owner_book; the caller holds the locks and has checked the time.';
