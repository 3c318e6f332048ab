// The customer's move: from when to when, the new links (a move draws a new token), an .ics
// replacing the earlier event.
import { CUSTOMER, MOVE, bookingHoldsEmail } from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { defineEmail } from '../message.ts';

export const bookingMoved = defineEmail({
  kind: 'booking_moved',
  payload: { ...CUSTOMER, cancelToken: 'string!', ...MOVE },
  render: (b, msg, ctx) =>
    bookingHoldsEmail(b, msg, ctx, {
      subject: 'Booking flyttet',
      heading: 'Din booking er flyttet',
      intro:
        b.movedBy === 'owner'
          ? `Vi har flyttet din booking ${b.reference} fra ${danishDateTime(b.previousDropOff)} til ${danishDateTime(b.dropOff)}. Kontakt os, hvis tiden ikke passer dig.`
          : `Din booking ${b.reference} er flyttet fra ${danishDateTime(b.previousDropOff)} til ${danishDateTime(b.dropOff)}. Her er de nye detaljer:`,
      newLinks: true,
      calendar: {
        lines: ['Den vedhæftede fil (booking.ics) erstatter den tidligere aftale i din kalender.'],
      },
    }),
});
