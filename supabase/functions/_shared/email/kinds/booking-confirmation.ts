// The customer's confirmation: the booking, opening hours, the move and cancel links, an .ics.
import { WORKSHOP } from '../business.ts';
import { CUSTOMER, bookingHoldsEmail, calendarLinks } from '../booking.ts';
import { defineEmail } from '../message.ts';

export const bookingConfirmation = defineEmail({
  kind: 'booking_confirmation',
  // the plain token (filled in by email_outbox_fill_cancel_token); the event's first revision
  payload: { ...CUSTOMER, cancelToken: 'string!' },
  render: (b, msg, ctx) =>
    bookingHoldsEmail({ ...b, sequence: 0 }, msg, ctx, {
      subject: 'Bookingbekræftelse',
      heading: 'Din booking er bekræftet',
      intro: `Tak for din booking hos ${WORKSHOP.name}. Her er detaljerne:`,
      newLinks: false,
      calendar: {
        lines: [
          'Tilføj tiden til din kalender med den vedhæftede fil (booking.ics), eller med et klik herunder.',
        ],
        textLinks: calendarLinks(b),
      },
    }),
});
