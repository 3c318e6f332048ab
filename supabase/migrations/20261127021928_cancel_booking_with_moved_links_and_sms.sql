-- cancel_booking as the schema has it: links that explain themselves (a replaced token answers
-- moved/replaced) and the SMS reminder cancelled with the e-mail one were written side by side,
-- each replacing the function from the version before it. Replaced in place: its grants stand.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.cancel_booking (
  p_token text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_booking public.bookings := public.booking_by_token(p_token);
  v_view jsonb;
begin
  -- lock the booking found; a move or cancel that committed meanwhile is seen here (a move changes
  -- the hash, so the old link then finds nothing, as before)
  select * into v_booking from public.bookings b
   where b.id = v_booking.id and b.cancel_token_hash = v_booking.cancel_token_hash
     and b.anonymised_at is null
     for update;
  v_view := public.booking_cancel_view(v_booking, p_now);
  if v_view ->> 'state' = 'not_found' then
    return public.booking_link_answer(p_token, p_now, false);
  end if;
  if v_view ->> 'state' <> 'active' then
    return v_view;
  end if;

  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods); the
  -- status change raises ics_sequence (trigger bookings_status_revision)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = v_booking.id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev afbestilt', locked_until = null
   where o.booking_id = v_booking.id and o.kind in ('booking_reminder', 'sms_booking_reminder') and o.status = 'pending';

  -- the key ends with the cancellation's revision: a booking reconfirmed by the workshop and
  -- cancelled again gets a cancellation again. sequence names the revision cancelled; the .ics is
  -- one above it (= ics_sequence now)
  perform public.booking_queue_emails(v_booking, 'cancellation_confirmation', 'owner_cancellation',
    ':' || v_booking.ics_sequence,
    jsonb_build_object('sequence', v_booking.ics_sequence - 1),
    jsonb_build_object('sequence', v_booking.ics_sequence - 1), p_now);

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
end;
$function$;
