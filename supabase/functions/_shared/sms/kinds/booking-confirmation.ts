// Beside the confirmation: the time is booked; the links are in the e-mail.
import { WORKSHOP, WORKSHOP_ADDRESS } from '../../email/business.ts';
import { danishDateTime } from '../../email/format.ts';
import { bookingConfirmation } from '../../email/kinds/booking-confirmation.ts';
import { SMS_BOOKING, defineSms } from '../message.ts';

export const smsBookingConfirmation = defineSms({
  kind: 'sms_booking_confirmation',
  email: bookingConfirmation.payload,
  needs: SMS_BOOKING,
  text: (p) =>
    `${WORKSHOP.name}: Din tid er booket. ${p.serviceName}, ${danishDateTime(p.dropOff)}. ` +
    `Bookingnr. ${p.reference}. Flyt eller afbestil via linket i din e-mail. ${WORKSHOP_ADDRESS}`,
});
