// A cancelled booking the workshop set back to confirmed: the booking holds again, with new links
// and an .ics whose SEQUENCE outranks the cancellation, so calendars put the event back.
import {
  CUSTOMER,
  bookingRows,
  greeting,
  icsAttachment,
  newLinksSection,
  openingHours,
} from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const bookingReconfirmed = defineEmail({
  kind: 'booking_reconfirmed',
  payload: { ...CUSTOMER, cancelToken: 'string!', sequence: 'integer' },
  render(b, msg, ctx) {
    return email(
      `Booking bekræftet igen: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
      {
        heading: 'Din booking er bekræftet igen',
        intro: [
          `${greeting(b)},`,
          `Vi har genoprettet din booking ${b.reference} ${danishDateTime(b.dropOff)}, så den gælder igen. Du kan se bort fra afbestillingen. Her er detaljerne:`,
        ],
        rows: bookingRows(b),
        sections: [
          openingHours(ctx),
          newLinksSection(b, ctx),
          {
            title: 'Kalender',
            lines: ['Tilføj tiden til din kalender igen med den vedhæftede fil (booking.ics).'],
          },
        ],
        outro: ['Vi glæder os til at se dig og din bil.'],
      },
      [icsAttachment(b, msg, ctx, false)],
      ctx.ownerEmail,
    );
  },
});
