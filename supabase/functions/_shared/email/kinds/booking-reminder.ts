// The customer's reminder the day before (email_queue_reminders).
import { WORKSHOP } from '../business.ts';
import { CUSTOMER, bookingRows, greeting, openingHours } from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const bookingReminder = defineEmail({
  kind: 'booking_reminder',
  payload: CUSTOMER,
  render(b, _msg, ctx) {
    return email(
      `Påmindelse: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
      {
        heading: 'Påmindelse om din tid',
        intro: [
          `${greeting(b)},`,
          `Vi minder dig om din tid hos ${WORKSHOP.name} ${danishDateTime(b.dropOff)}.`,
        ],
        rows: bookingRows(b),
        sections: [
          openingHours(ctx),
          {
            title: 'Kan du ikke komme?',
            lines: [`Ring til os på ${WORKSHOP.phone.display}, så finder vi en ny tid.`],
          },
        ],
        outro: ['Vi glæder os til at se dig.'],
      },
      [],
      ctx.ownerEmail,
    );
  },
});
