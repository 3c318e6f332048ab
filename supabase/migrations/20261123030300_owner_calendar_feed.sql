-- The owner's calendar feed (edge function owner-calendar): every booking whose job is not over
-- more than 7 days ago, cancelled ones included (the feed marks them cancelled so subscribed
-- calendars drop them), anonymised ones left out. No upper bound: that is the end of the booking
-- window for customers' bookings, and also covers a booking the workshop moved beyond it.

create function public.owner_calendar_bookings(p_now timestamptz default now())
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'reference', b.reference,
           'status', b.status,
           'serviceName', b.service_name,
           'price', b.price,
           'customerName', b.customer_name,
           'customerPhone', b.customer_phone,
           'customerEmail', b.customer_email,
           'notes', b.notes,
           'dropOff', public.copenhagen_iso(b.drop_off_at),
           'readyAt', public.copenhagen_iso(b.ready_at),
           'sequence', b.ics_sequence,
           'createdAt', to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'updatedAt', to_char(b.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
           'periods', coalesce((
             select jsonb_agg(jsonb_build_array(public.copenhagen_iso(lower(w.period)),
                                                public.copenhagen_iso(upper(w.period)))
                              order by lower(w.period))
               from public.booking_work_periods w
              where w.booking_id = b.id), '[]'::jsonb))
           order by b.drop_off_at, b.reference), '[]'::jsonb)
    from public.bookings b
   where b.anonymised_at is null
     and b.ready_at >= p_now - interval '7 days';
$$;

comment on function public.owner_calendar_bookings(timestamptz) is 'The bookings of the owner''s calendar feed (owner-calendar function): jobs not over more than 7 days ago, cancelled ones included, with customer details and work periods.';

revoke execute on function public.owner_calendar_bookings(timestamptz) from public, anon, authenticated;
grant execute on function public.owner_calendar_bookings(timestamptz) to service_role;
