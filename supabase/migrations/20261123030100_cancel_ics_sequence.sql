-- The cancellation e-mail's calendar file must outrank every earlier revision of the event: after
-- moves (bookings.ics_sequence) its SEQUENCE is one higher than the last move's, so cancel_booking
-- now puts the booking's revision into the payload (otherwise unchanged).

create or replace function public.cancel_booking(p_token text, p_now timestamptz default now())
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_booking public.bookings;
  v_view jsonb;
  v_payload jsonb;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('state', 'not_found');
  end if;
  select * into v_booking from public.bookings b
   where b.cancel_token_hash = public.booking_token_hash(p_token) and b.anonymised_at is null
     for update;
  if not found then
    return jsonb_build_object('state', 'not_found');
  end if;
  v_view := public.booking_cancel_view(v_booking, p_now);
  if v_view ->> 'state' <> 'active' then
    return v_view;
  end if;

  -- cancelled bookings free their work periods at once (trigger bookings_sync_work_periods)
  update public.bookings b set status = 'cancelled', cancelled_at = p_now
   where b.id = v_booking.id
  returning * into v_booking;

  update public.email_outbox o
     set status = 'cancelled', last_error = 'bookingen blev afbestilt', locked_until = null
   where o.booking_id = v_booking.id and o.kind = 'booking_reminder' and o.status = 'pending';

  v_payload := jsonb_build_object(
    'reference', v_booking.reference,
    'serviceName', v_booking.service_name,
    'price', v_booking.price,
    'dropOff', public.copenhagen_iso(v_booking.drop_off_at),
    'readyAt', public.copenhagen_iso(v_booking.ready_at),
    'customerName', v_booking.customer_name,
    'sequence', v_booking.ics_sequence);
  insert into public.email_outbox (booking_id, kind, recipient, payload, idempotency_key, next_attempt_at)
  values
    (v_booking.id, 'cancellation_confirmation', v_booking.customer_email, v_payload,
     'cancellation_confirmation:' || v_booking.id, p_now),
    (v_booking.id, 'owner_cancellation', null,
     v_payload || jsonb_build_object(
       'customerEmail', v_booking.customer_email,
       'customerPhone', v_booking.customer_phone,
       'notes', v_booking.notes),
     'owner_cancellation:' || v_booking.id, p_now)
  on conflict (idempotency_key) do nothing;

  return public.booking_cancel_view(v_booking, p_now) || jsonb_build_object('cancelledNow', true);
end;
$$;
