// The workshop's e-mail of a move: from when to when, and who moved it.
import { MOVE, OWNER, customerRows, jobRows, totalRow } from '../booking.ts';
import { danishDateTime, readyText } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const ownerBookingMoved = defineEmail({
  kind: 'owner_booking_moved',
  payload: { ...OWNER, ...MOVE, previousReadyAt: 'datetime!' },
  render(b) {
    return email(
      `Flyttet: ${b.serviceName} ${danishDateTime(b.previousDropOff)} → ${danishDateTime(b.dropOff)} – ${b.customerName}`,
      {
        heading: 'Booking flyttet',
        intro: [
          b.movedBy === 'owner'
            ? `Bookingen er flyttet fra værkstedets side. Kunden har fået en e-mail med den nye tid.`
            : `${b.customerName} har flyttet sin booking.`,
        ],
        rows: [
          ['Bookingnummer', b.reference],
          ...jobRows(b),
          [
            'Før',
            `${danishDateTime(b.previousDropOff)}\nklar ${readyText(b.previousDropOff, b.previousReadyAt)}`,
          ],
          ['Nu', `${danishDateTime(b.dropOff)}\nklar ${readyText(b.dropOff, b.readyAt)}`],
          totalRow(b),
          ...customerRows(b),
        ],
        sections: [],
        outro: ['Den gamle tid er ledig igen.'],
      },
      [],
      b.customerEmail,
    );
  },
});
