-- A booking in one line for the owner (a closed day's affected_bookings, the opening-hours
-- refusal) shows the phone grouped, +45 20 11 22 33, as every other owner view does now that
-- phones are stored as E.164. Replaced in place: its grants stand.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.booking_owner_line (
  p_booking public.bookings
)
  RETURNS text
  LANGUAGE sql
  STABLE
  SET search_path TO ''
  AS $function$
  select format('%s %s %s (aflevering %s kl. %s, klar %s kl. %s)',
    p_booking.reference, p_booking.customer_name, public.phone_display(p_booking.customer_phone),
    public.owner_day_text((p_booking.drop_off_at at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(p_booking.drop_off_at),
    public.owner_day_text((p_booking.ready_at at time zone 'Europe/Copenhagen')::date),
    public.owner_time_text(p_booking.ready_at));
$function$;
