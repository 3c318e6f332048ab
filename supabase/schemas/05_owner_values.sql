-- What the owner types and reads in the dashboard: Danish dates and times, phone numbers and the
-- booking status, read and written the same way in every owner table.
--
-- Rules that live here:
-- - the dates and times the owner types into owner_bookings (drop_off_local, ready_local, free text
--   in the Table Editor) are read by these parsers in a BEFORE trigger, never by PostgreSQL's
--   timestamp input: that one follows the session's DateStyle (MDY reads 05-01-2027 as 1 May) and
--   refuses in English before any trigger runs. Day-month-year is read as Danes write it
--   (05-01-2027, 5/1 2027, 5.1.2027, 5. januar 2027), ISO (2027-01-05) still works; a two-digit
--   year, a date without a year or anything unreadable is refused in Danish with an example. The
--   calendar tables (closed_dates, open_dates, opening_hours) are date and time columns instead,
--   edited with the Table Editor's date picker and time input, which send ISO values;
-- - a phone number is stored as E.164 (+4520112233; 8 digits are Danish, a foreign number keeps
--   its country code; anything else is refused in Danish, phone_checked) and shown grouped (+45 20 11 22 33) to the owner; the e-mails and the
--   calendar feed group it with supabase/functions/_shared/phone.ts, held to phone_display by a
--   test;
-- - the owner reads and chooses the booking status in Danish from a list (owner_status: bekræftet,
--   ankommet, klar, afhentet, udeblevet, aflyst); the engine keeps its own codes in bookings.status
--   (confirmed, arrived, ready, collected, no_show, cancelled).

-- dates and times ---------------------------------------------------------------------------------

create function public.owner_parse_date(p_text text, p_column text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := lower(btrim(coalesce(p_text, '')));
  m text[];
  v_year integer;
  v_month integer;
  v_day integer;
  v_example text := 'Skriv dag-måned-år med firecifret år, f.eks. 05-01-2027 (5. januar 2027) eller 2027-01-05.';
begin
  if v = '' then
    return null;
  end if;
  if v ~ '^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}$' then
    m := regexp_match(v, '^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$');
    v_year := m[1]::integer; v_month := m[2]::integer; v_day := m[3]::integer;
  elsif v ~ '^[0-9]{1,2}\s*[-./]\s*[0-9]{1,2}\s*([-./]|\s)\s*[0-9]{4}$' then
    m := regexp_match(v, '^([0-9]{1,2})\s*[-./]\s*([0-9]{1,2})\s*(?:[-./]|\s)\s*([0-9]{4})$');
    v_day := m[1]::integer; v_month := m[2]::integer; v_year := m[3]::integer;
  elsif v ~ '^[0-9]{1,2}\.?\s*[a-zæøå]+\.?\s+[0-9]{4}$' then
    m := regexp_match(v, '^([0-9]{1,2})\.?\s*([a-zæøå]+)\.?\s+([0-9]{4})$');
    v_day := m[1]::integer; v_year := m[3]::integer;
    v_month := array_position(array['jan', 'feb', 'mar', 'apr', 'maj', 'jun', 'jul', 'aug', 'sep',
                                    'okt', 'nov', 'dec'], left(m[2], 3));
    if v_month is null or not (array['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli',
        'august', 'september', 'oktober', 'november', 'december'])[v_month] like m[2] || '%' then
      raise exception '%: "%" i "%" er ikke et månedsnavn. %', p_column, m[2], btrim(p_text), v_example
        using errcode = 'invalid_datetime_format';
    end if;
  elsif v ~ '^[0-9]{1,2}\s*[-./]\s*[0-9]{1,2}\s*([-./]|\s)\s*[0-9]{2}$' then
    raise exception '%: "%" har et tocifret år, og det gætter databasen ikke på. %', p_column, btrim(p_text), v_example
      using errcode = 'invalid_datetime_format';
  elsif v ~ '^[0-9]{1,2}\s*[-./]\s*[0-9]{1,2}\.?$' then
    raise exception '%: "%" mangler året. %', p_column, btrim(p_text), v_example
      using errcode = 'invalid_datetime_format';
  else
    raise exception '%: "%" kan ikke læses som en dato. %', p_column, left(btrim(p_text), 40), v_example
      using errcode = 'invalid_datetime_format';
  end if;
  if v_year not between 2000 and 2999 or v_month not between 1 and 12 or v_day < 1
     or v_day > extract(day from make_date(v_year, v_month, 1) + interval '1 month' - interval '1 day') then
    raise exception '%: datoen "%" findes ikke. %', p_column, btrim(p_text), v_example
      using errcode = 'invalid_datetime_format';
  end if;
  return make_date(v_year, v_month, v_day);
end;
$$;

comment on function public.owner_parse_date(text, text) is
  'A date the owner typed, read the Danish way whatever the session''s DateStyle: 05-01-2027, 5/1 2027, 5.1.2027 and 5. januar 2027 are 5 January 2027, ISO 2027-01-05 too; empty is null. A two-digit year, a missing year, an impossible or unreadable date raise a Danish invalid_datetime_format naming the column, with an example.';

revoke all on function public.owner_parse_date(text, text) from public, anon, authenticated;

create function public.owner_parse_time(p_text text, p_column text)
returns time
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := lower(btrim(coalesce(p_text, '')));
  m text[];
begin
  -- "kl. 10.00" as written in Danish
  v := regexp_replace(v, '^kl\.?\s*', '');
  if v = '' then
    return null;
  end if;
  m := regexp_match(v, '^([0-9]{1,2})(?:[:.]([0-9]{2}))?(?:[:.]([0-9]{2}))?$');
  if m is null then
    raise exception '%: "%" kan ikke læses som et klokkeslæt. Skriv timer og minutter, f.eks. 09:00 eller 9.30.', p_column, left(btrim(p_text), 40)
      using errcode = 'invalid_datetime_format';
  end if;
  if m[1]::integer > 23 or coalesce(m[2], '0')::integer > 59 or coalesce(m[3], '0')::integer > 59 then
    raise exception '%: klokkeslættet "%" findes ikke. Skriv et tidspunkt mellem 00:00 og 23:59, f.eks. 17:30.', p_column, btrim(p_text)
      using errcode = 'invalid_datetime_format';
  end if;
  return make_time(m[1]::integer, coalesce(m[2], '0')::integer, coalesce(m[3], '0')::integer);
end;
$$;

comment on function public.owner_parse_time(text, text) is
  'A time of day the owner typed: 9, 09:00, 9.30, 10.00, kl. 10.00 or 10:00:00; empty is null. Anything else raises a Danish invalid_datetime_format naming the column, with an example.';

revoke all on function public.owner_parse_time(text, text) from public, anon, authenticated;

create function public.owner_parse_local_timestamp(p_text text, p_column text)
returns timestamp
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

comment on function public.owner_parse_local_timestamp(text, text) is
  'A Copenhagen wall-clock date and time the owner typed: a date as owner_parse_date then a time as owner_parse_time (05-01-2027 10:00, 5/1 2027 10.00, 5/1 2027 kl. 10, 2027-01-05 10:00, 2027-01-05T10:00); empty is null. Refuses anything else in Danish with an example.';

revoke all on function public.owner_parse_local_timestamp(text, text) from public, anon, authenticated;

create function public.owner_date_canonical(p_day date)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select to_char(p_day, 'YYYY-MM-DD');
$$;

comment on function public.owner_date_canonical(date) is
  'A day as text in one form whatever the DateStyle: 2027-01-05 (owner_agenda.day, which the owner filters by typing; sorts as the calendar does).';

revoke all on function public.owner_date_canonical(date) from public, anon, authenticated;

-- phone numbers -----------------------------------------------------------------------------------

create function public.phone_e164(p_phone text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

comment on function public.phone_e164(text) is
  'A phone number in its one stored form, E.164, or null when it is not a phone number: 20 55 44 33, 20554433, 4520554433, 0045 20554433 and (+45) 2055-4433 are all +4520554433 (a Danish number is 8 digits, the first 2-9); a foreign number needs + or 00 (+46..., 0046...; 8-15 digits). 00000000, 201122334 and +45 2011223 are null. The same rule as phoneE164 in supabase/functions/_shared/phone.ts (a test holds the two together).';

revoke all on function public.phone_e164(text) from public, anon, authenticated;

create function public.phone_checked(p_phone text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
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
$$;

comment on function public.phone_checked(text) is
  'A phone number as stored (phone_e164), or a Danish exception (check_violation, constraint bookings_customer_phone_format) when it is not a phone number. The owner''s refusal in the Table Editor.';

revoke all on function public.phone_checked(text) from public, anon, authenticated;

create function public.phone_display(p_phone text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- the same grouping as supabase/functions/_shared/phone.ts (a test holds the two together)
  select case
           when p_phone ~ '^\+45[0-9]{8}$' then
             regexp_replace(p_phone, '^\+45([0-9]{2})([0-9]{2})([0-9]{2})([0-9]{2})$', '+45 \1 \2 \3 \4')
           else p_phone
         end;
$$;

comment on function public.phone_display(text) is
  'A stored (E.164) phone number as the owner reads it: +4520112233 is +45 20 11 22 33; other numbers are shown as stored.';

revoke all on function public.phone_display(text) from public, anon, authenticated;

-- the booking status as the owner reads it --------------------------------------------------------

-- the car's states sit between bekræftet and aflyst, in the order of the car's day (the order of
-- the Table Editor's list); each has its engine code in owner_status_of and owner_status_code
create type public.owner_status as enum (
  'bekræftet', 'ankommet', 'klar', 'afhentet', 'udeblevet', 'aflyst'
);

comment on type public.owner_status is
  'En bookings status, som du ser og vælger den: bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.';

-- the one place the Danish words of the statuses are written (booking_status_text reads it too).
-- The words are text cast at run time, not enum literals: a migration that adds a value to the
-- enum can create these in the same transaction
create function public.owner_status_of(p_code text)
returns public.owner_status
language sql
immutable
strict
set search_path = ''
as $$
  select (case p_code
            when 'confirmed' then 'bekræftet'
            when 'arrived' then 'ankommet'
            when 'ready' then 'klar'
            when 'collected' then 'afhentet'
            when 'no_show' then 'udeblevet'
            when 'cancelled' then 'aflyst'
          end)::public.owner_status;
$$;

comment on function public.owner_status_of(text) is
  'The owner''s Danish status of an engine status code (bookings.status): confirmed bekræftet, arrived ankommet, ready klar, collected afhentet, no_show udeblevet, cancelled aflyst.';

revoke all on function public.owner_status_of(text) from public, anon, authenticated;

create function public.owner_status_code(p_status public.owner_status)
returns text
language sql
immutable
strict
set search_path = ''
as $$
  select case p_status::text
           when 'bekræftet' then 'confirmed'
           when 'ankommet' then 'arrived'
           when 'klar' then 'ready'
           when 'afhentet' then 'collected'
           when 'udeblevet' then 'no_show'
           when 'aflyst' then 'cancelled'
         end;
$$;

comment on function public.owner_status_code(public.owner_status) is
  'The engine status code (bookings.status) of the owner''s Danish status.';

revoke all on function public.owner_status_code(public.owner_status) from public, anon, authenticated;
