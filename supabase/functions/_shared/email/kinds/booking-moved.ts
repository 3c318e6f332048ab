// The customer's move: from when to when, the new links (a move draws a new token), an .ics
// replacing the earlier event.
import {
  CUSTOMER,
  MOVE,
  bookingRows,
  greeting,
  icsAttachment,
  newLinksSection,
  openingHours,
} from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const bookingMoved = defineEmail({
  kind: 'booking_moved',
  payload: { ...CUSTOMER, cancelToken: 'string!', ...MOVE },
  render(b, msg, ctx) {
    return email(
      `Booking flyttet: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
      {
        heading: 'Din booking er flyttet',
        intro: [
          `${greeting(b)},`,
          b.movedBy === 'owner'
            ? `Vi har flyttet din booking ${b.reference} fra ${danishDateTime(b.previousDropOff)} til ${danishDateTime(b.dropOff)}. Kontakt os, hvis tiden ikke passer dig.`
            : `Din booking ${b.reference} er flyttet fra ${danishDateTime(b.previousDropOff)} til ${danishDateTime(b.dropOff)}. Her er de nye detaljer:`,
        ],
        rows: bookingRows(b),
        sections: [
          openingHours(ctx),
          newLinksSection(b, ctx),
          {
            title: 'Kalender',
            lines: [
              'Den vedhæftede fil (booking.ics) erstatter den tidligere aftale i din kalender.',
            ],
          },
        ],
        outro: ['Vi glæder os til at se dig og din bil.'],
      },
      [icsAttachment(b, msg, ctx, false)],
      ctx.ownerEmail,
    );
  },
});
