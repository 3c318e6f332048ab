-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

ALTER TABLE "public"."owner_bookings"
  ADD COLUMN "no_shows" integer;

CREATE OR REPLACE FUNCTION public.owner_bookings_edit()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings;
  v_drop_off timestamp;
  v_old_drop_off timestamp;
  v_ready timestamp;
  v_old_ready timestamp;
begin
  if coalesce(current_setting('glanspunkt.owner_sync', true), '') = 'on' then
    return case when tg_op = 'DELETE' then old else new end; -- the mirror being written
  end if;

  if tg_op = 'DELETE' then
    if not exists (select 1 from public.bookings b where b.reference = old.reference) then
      return old; -- its booking was deleted (foreign key cascade)
    end if;
    raise exception 'Bookinger slettes ikke. Vælg status aflyst for at aflyse bookingen %.', old.reference
      using errcode = 'feature_not_supported';
  end if;

  perform set_config('glanspunkt.owner_editing', 'on', true);
  -- the owner's text, read the Danish way (a refusal names the column and gives an example)
  v_drop_off := public.owner_parse_local_timestamp(new.drop_off_local, 'drop_off_local');
  if tg_op = 'INSERT' then
    if new.reference is not null or new.ready_local is not null or new.no_shows is not null then
      raise exception 'reference, ready_local og no_shows udfyldes automatisk: lad dem være tomme.'
        using errcode = 'feature_not_supported';
    end if;
    if coalesce(new.status, 'bekræftet') <> 'bekræftet' then
      raise exception 'En ny booking får status bekræftet. Lad status være bekræftet.'
        using errcode = 'check_violation';
    end if;
    v_booking := public.owner_book(new.package, v_drop_off, new.customer_name,
                                   new.customer_phone, new.customer_email, new.notes,
                                   p_car_plate => new.car_plate);
  else
    select * into v_booking from public.bookings b where b.reference = old.reference for update;
    if new.reference is distinct from old.reference then
      raise exception 'reference udfyldes automatisk og kan ikke rettes.'
        using errcode = 'feature_not_supported';
    end if;
    if new.no_shows is distinct from old.no_shows then
      raise exception 'no_shows tælles automatisk (kundens udeblivelser de seneste 12 måneder) og kan ikke rettes. Vælg status udeblevet på den booking, kunden udeblev fra.'
        using errcode = 'feature_not_supported';
    end if;
    if new.package is distinct from old.package then
      raise exception 'Pakken kan ikke skiftes på en booking. Aflys bookingen % og book den nye pakke.', old.reference
        using errcode = 'feature_not_supported';
    end if;
    if new.status is null then
      raise exception 'status kan ikke være tom. Vælg på listen: bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.'
        using errcode = 'check_violation';
    end if;
    -- compared as the times they are, so the same time typed another way is no change
    v_old_drop_off := public.owner_parse_local_timestamp(old.drop_off_local, 'drop_off_local');
    v_ready := public.owner_parse_local_timestamp(new.ready_local, 'ready_local');
    v_old_ready := public.owner_parse_local_timestamp(old.ready_local, 'ready_local');
    if v_ready is distinct from v_old_ready
       and (new.status is distinct from old.status or v_drop_off is distinct from v_old_drop_off) then
      raise exception 'Ret ready_local for sig: ikke sammen med status eller drop_off_local.'
        using errcode = 'feature_not_supported';
    end if;

    -- contact details, notes and car plate
    if (new.customer_name, new.customer_phone, coalesce(new.customer_email, ''), coalesce(new.notes, ''),
        coalesce(new.car_plate, ''))
       is distinct from (old.customer_name, old.customer_phone, coalesce(old.customer_email, ''), coalesce(old.notes, ''),
        coalesce(old.car_plate, '')) then
      perform public.owner_check_customer(trim(coalesce(new.customer_name, '')),
        trim(coalesce(new.customer_phone, '')), trim(coalesce(new.customer_email, '')),
        coalesce(new.notes, ''), trim(coalesce(new.car_plate, '')));
      update public.bookings b
         set customer_name = trim(new.customer_name), customer_phone = trim(new.customer_phone),
             customer_email = trim(coalesce(new.customer_email, '')), notes = coalesce(new.notes, ''),
             car_plate = public.car_plate_normalised(new.car_plate)
       where b.id = v_booking.id
      returning * into v_booking;
    end if;

    if new.status = 'aflyst' and old.status = 'bekræftet' then
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Aflys eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_cancel(v_booking.id);
    elsif new.status = 'bekræftet' and old.status = 'aflyst' then
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Genopret eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      -- reconfirming takes the work periods again, refused when the time was taken meanwhile
      begin
        update public.bookings b set status = 'confirmed' where b.id = v_booking.id
        returning * into v_booking;
      exception when exclusion_violation then
        raise exception 'Bookingen % kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.', old.reference
          using errcode = 'exclusion_violation';
      end;
    elsif new.status is distinct from old.status then
      -- the car's day (ankommet, klar, afhentet, udeblevet) and its corrections
      if v_drop_off is distinct from v_old_drop_off then
        raise exception 'Ret status eller flyt: ikke begge dele på én gang.' using errcode = 'feature_not_supported';
      end if;
      v_booking := public.booking_set_status(v_booking.id, public.owner_status_code(new.status));
    elsif v_drop_off is distinct from v_old_drop_off then
      if new.status = 'aflyst' then
        raise exception 'Bookingen % er aflyst og kan ikke flyttes. Book en ny tid.', old.reference
          using errcode = 'feature_not_supported';
      end if;
      v_booking := public.owner_move(v_booking.id, v_drop_off);
    elsif v_ready is distinct from v_old_ready then
      v_booking := public.owner_set_ready_time(v_booking.id, v_ready);
    end if;
  end if;
  perform set_config('glanspunkt.owner_editing', '', true);

  -- store the row as the engine left it
  new := public.owner_bookings_row(v_booking);
  return new;
end;
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_row (
  p_booking public.bookings
)
  RETURNS public.owner_bookings
  LANGUAGE sql
  STABLE
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
  select p_booking.service_name,
         to_char(p_booking.drop_off_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
         p_booking.customer_name,
         public.phone_display(p_booking.customer_phone),
         nullif(p_booking.customer_email, ''),
         p_booking.notes,
         public.owner_status_of(p_booking.status),
         to_char(coalesce(p_booking.new_ready_at, p_booking.ready_at) at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI'),
         p_booking.reference,
         p_booking.car_plate,
         public.booking_no_shows(p_booking.customer_phone, p_booking.customer_email, now());
$function$;

CREATE OR REPLACE FUNCTION public.owner_bookings_sync()
  RETURNS TRIGGER
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_row public.owner_bookings;
begin
  -- a no-show marked or taken back (by the owner's edit too) changes the count on the contact's
  -- other rows; phones are stored in one form (bookings_normalise_phone), so equal is the same
  if tg_op = 'UPDATE' and (old.status = 'no_show') is distinct from (new.status = 'no_show') then
    perform set_config('glanspunkt.owner_sync', 'on', true);
    update public.owner_bookings o
       set no_shows = public.booking_no_shows(b.customer_phone, b.customer_email, now())
      from public.bookings b
     where b.reference = o.reference and b.id <> new.id and b.anonymised_at is null
       and (b.customer_phone = new.customer_phone
            or (b.customer_email <> '' and lower(b.customer_email) = lower(new.customer_email)));
    perform set_config('glanspunkt.owner_sync', '', true);
  end if;
  if coalesce(current_setting('glanspunkt.owner_editing', true), '') = 'on' then
    return null; -- the owner's own edit: its trigger stores the row itself
  end if;
  perform set_config('glanspunkt.owner_sync', 'on', true);
  if new.anonymised_at is not null then
    delete from public.owner_bookings o where o.reference = new.reference;
  else
    v_row := public.owner_bookings_row(new);
    insert into public.owner_bookings values (v_row.*)
    on conflict (reference) do update
      set package = excluded.package, drop_off_local = excluded.drop_off_local,
          customer_name = excluded.customer_name, customer_phone = excluded.customer_phone,
          customer_email = excluded.customer_email, notes = excluded.notes,
          car_plate = excluded.car_plate, status = excluded.status, ready_local = excluded.ready_local,
          no_shows = excluded.no_shows;
  end if;

  perform set_config('glanspunkt.owner_sync', '', true);
  return null;
end;
$function$;

COMMENT ON COLUMN "public"."owner_bookings"."no_shows" IS 'Hvor mange gange kunden (samme telefonnummer eller e-mailadresse) er udeblevet de seneste 12 måneder. Udfyldes automatisk, også når du booker kunden; lad feltet være tomt.';

COMMENT ON FUNCTION "public"."owner_bookings_row"(public.bookings) IS 'The owner_bookings row of a booking: Copenhagen wall-clock times as 2027-01-05 10:00 (ready_local is the new ready time when the owner gave one), the phone grouped (phone_display), the Danish status, the contact''s no-shows of the last 12 months (booking_no_shows).';

COMMENT ON FUNCTION "public"."owner_bookings_sync"() IS 'Trigger function: keeps the owner_bookings row of a booking equal to the booking (skipped while the owner edits owner_bookings; that trigger stores the row itself); a no-show marked or taken back recounts no_shows on the rows of the same contact.';

-- the rows already there get their count (the mirror's own trigger lets a sync write through)
select set_config('glanspunkt.owner_sync', 'on', false);
update public.owner_bookings o
   set no_shows = public.booking_no_shows(b.customer_phone, b.customer_email, now())
  from public.bookings b
 where b.reference = o.reference;
select set_config('glanspunkt.owner_sync', '', false);
