-- The owner's two messages about a booking start from booking_summary (migration 20261125010000:
-- reference, package, price, drop-off and ready time), as the booking e-mails do, instead of
-- building the same fields again (issue #13, "one of each"). Answers unchanged (jsonb: key order is
-- not part of them):
--   owner_booking_payload  the e-mail data of the owner's own cancel/book/move: the summary and the
--                          customer's name, as booking_queue_emails gives the booking e-mails
--   owner_agenda_item      a line of the morning agenda: the summary without the price, with the
--                          customer's name, phone and notes

create or replace function public.owner_booking_payload(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select public.booking_summary(p_booking) || jsonb_build_object('customerName', p_booking.customer_name);
$$;

create or replace function public.owner_agenda_item(p_booking public.bookings)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select (public.booking_summary(p_booking) - 'price')
         || jsonb_build_object('customerName', p_booking.customer_name,
                               'customerPhone', p_booking.customer_phone,
                               'notes', p_booking.notes);
$$;
