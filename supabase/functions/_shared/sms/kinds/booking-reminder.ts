// Beside the reminder the day before.
import { WORKSHOP, WORKSHOP_ADDRESS } from '../../email/business.ts';
import { danishDateTime } from '../../email/format.ts';
import { bookingReminder } from '../../email/kinds/booking-reminder.ts';
import { SMS_BOOKING, defineSms } from '../message.ts';

export const smsBookingReminder = defineSms({
  kind: 'sms_booking_reminder',
  email: bookingReminder.payload,
  needs: SMS_BOOKING,
  text: (p) =>
    `${WORKSHOP.name}: Påmindelse om din tid ${danishDateTime(p.dropOff)} (${p.serviceName}). ` +
    `Bookingnr. ${p.reference}. ${WORKSHOP_ADDRESS}`,
});
