-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.

SET local check_function_bodies = off;

CREATE OR REPLACE FUNCTION public.reschedule_booking (
  p_token text,
  p_date  date,
  p_time  text,
  p_now   timestamp with time zone DEFAULT now()
)
  RETURNS jsonb
  LANGUAGE plpgsql
  SECURITY DEFINER
  SET search_path TO ''
  AS $function$
declare
  v_id uuid := (public.booking_by_token(p_token)).id;
begin
  -- the token is checked again under the row's lock: a move that committed while this one waited
  -- replaced the token, so the same link cannot move the booking twice (PostgreSQL re-reads the
  -- locked row and drops it when its hash no longer matches)
  select b.id into v_id from public.bookings b
   where b.id = v_id and b.cancel_token_hash = public.booking_token_hash(p_token)
     and b.anonymised_at is null
     for update;
  if v_id is null then
    return jsonb_build_object('status',
      coalesce('link_' || public.booking_replaced_link_state(p_token), 'not_found'));
  end if;
  return public.move_booking(v_id, p_date, p_time, true, true, true, 'customer', p_now);
end;
$function$;
