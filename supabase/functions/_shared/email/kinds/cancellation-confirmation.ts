// The customer's cancellation, with an .ics that cancels the calendar event.
import { CUSTOMER, bookingRows, greeting, icsAttachment } from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const cancellationConfirmation = defineEmail({
  kind: 'cancellation_confirmation',
  // sequence: the revision cancelled (cancel_booking, owner_cancel)
  payload: { ...CUSTOMER, sequence: 'integer' },
  render(b, msg, ctx) {
    return email(
      `Afbestilt: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
      {
        heading: 'Din booking er afbestilt',
        intro: [
          `${greeting(b)},`,
          `Din booking ${b.reference} ${danishDateTime(b.dropOff)} er afbestilt. Tiden er frigivet, og du skal ikke betale noget.`,
        ],
        rows: bookingRows(b).filter(([label]) => label !== 'Adresse'),
        sections: [
          {
            title: 'Ny tid',
            lines: ['Du er velkommen til at booke en ny tid, når det passer dig.'],
            links: [
              { href: `${ctx.siteUrl.replace(/\/+$/, '')}/contact`, label: 'Book en ny tid' },
            ],
          },
        ],
        outro: [],
      },
      [icsAttachment(b, msg, ctx, true)],
      ctx.ownerEmail,
    );
  },
});
