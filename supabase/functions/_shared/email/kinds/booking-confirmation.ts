// The customer's confirmation: the booking, opening hours, the move and cancel links, an .ics.
import { WORKSHOP } from '../business.ts';
import {
  CUSTOMER,
  bookingRows,
  calendarLinks,
  changeSection,
  greeting,
  icsAttachment,
  openingHours,
} from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const bookingConfirmation = defineEmail({
  kind: 'booking_confirmation',
  // the plain token (filled in by email_outbox_fill_cancel_token); the event's first revision
  payload: { ...CUSTOMER, cancelToken: 'string!' },
  render(b, msg, ctx) {
    return email(
      `Bookingbekræftelse: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
      {
        heading: 'Din booking er bekræftet',
        intro: [`${greeting(b)},`, `Tak for din booking hos ${WORKSHOP.name}. Her er detaljerne:`],
        rows: bookingRows(b),
        sections: [
          openingHours(ctx),
          changeSection(b, ctx),
          {
            title: 'Kalender',
            lines: [
              'Tilføj tiden til din kalender med den vedhæftede fil (booking.ics), eller med et klik herunder.',
            ],
            textLinks: calendarLinks(b),
          },
        ],
        outro: ['Vi glæder os til at se dig og din bil.'],
      },
      [icsAttachment({ ...b, sequence: 0 }, msg, ctx, false)],
      ctx.ownerEmail,
    );
  },
});
