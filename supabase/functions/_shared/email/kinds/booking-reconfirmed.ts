// A cancelled booking the workshop set back to confirmed: the booking holds again, with new links
// and an .ics whose SEQUENCE outranks the cancellation, so calendars put the event back.
import { CUSTOMER, bookingHoldsEmail } from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { defineEmail } from '../message.ts';

export const bookingReconfirmed = defineEmail({
  kind: 'booking_reconfirmed',
  payload: { ...CUSTOMER, cancelToken: 'string!', sequence: 'integer' },
  render: (b, msg, ctx) =>
    bookingHoldsEmail(b, msg, ctx, {
      subject: 'Booking bekræftet igen',
      heading: 'Din booking er bekræftet igen',
      intro: `Vi har genoprettet din booking ${b.reference} ${danishDateTime(b.dropOff)}, så den gælder igen. Du kan se bort fra afbestillingen. Her er detaljerne:`,
      newLinks: true,
      calendar: {
        lines: ['Tilføj tiden til din kalender igen med den vedhæftede fil (booking.ics).'],
      },
    }),
});
