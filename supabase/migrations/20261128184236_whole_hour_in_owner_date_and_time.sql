-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.owner_parse_local_timestamp (
  p_text   text,
  p_column text
)
  RETURNS timestamp WITHOUT time zone
  LANGUAGE plpgsql
  IMMUTABLE
  SET search_path TO ''
  AS $function$
declare
  v text := btrim(coalesce(p_text, ''));
  m text[];
begin
  if v = '' then
    return null;
  end if;
  -- ISO with a T (2027-01-05T10:00) or a space; the time is the last word, "kl." optional, and
  -- as owner_parse_time takes it: a whole hour may be just the hour (5/1 2027 kl. 10)
  v := regexp_replace(v, '\s+kl\.?\s*', ' ', 'i');
  m := regexp_match(v, '^(.*[0-9a-zA-ZæøåÆØÅ.])(?:\s+|T)([0-9]{1,2}(?:[:.][0-9]{2}(?:[:.][0-9]{2})?)?)$');
  if m is null then
    raise exception '%: "%" kan ikke læses som dato og klokkeslæt. Skriv dag-måned-år og tid, f.eks. 05-01-2027 10:00 (5. januar 2027 kl. 10).', p_column, left(v, 40)
      using errcode = 'invalid_datetime_format';
  end if;
  return public.owner_parse_date(m[1], p_column) + public.owner_parse_time(m[2], p_column);
end;
$function$;

COMMENT ON FUNCTION "public"."owner_parse_local_timestamp"(text, text) IS 'A Copenhagen wall-clock date and time the owner typed: a date as owner_parse_date then a time as owner_parse_time (05-01-2027 10:00, 5/1 2027 10.00, 5/1 2027 kl. 10, 2027-01-05 10:00, 2027-01-05T10:00); empty is null. Refuses anything else in Danish with an example.';
