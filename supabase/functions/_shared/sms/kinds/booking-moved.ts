// Beside a move: the new time (the new links are in the e-mail).
import { WORKSHOP } from '../../email/business.ts';
import { danishDateTime } from '../../email/format.ts';
import { bookingMoved } from '../../email/kinds/booking-moved.ts';
import { SMS_BOOKING, defineSms } from '../message.ts';

export const smsBookingMoved = defineSms({
  kind: 'sms_booking_moved',
  email: bookingMoved.payload,
  needs: SMS_BOOKING,
  text: (p) =>
    `${WORKSHOP.name}: Din booking ${p.reference} er flyttet til ${danishDateTime(p.dropOff)} ` +
    `(${p.serviceName}).`,
});
