// The workshop's e-mail of a new booking, with every booking field; replies go to the customer.
import type { Payload } from '../../outbox/payload.ts';
import { OWNER, bookingRows, customerRows } from '../booking.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';
import type { RenderedEmail } from '../types.ts';

/** The owner's e-mail of a new or a cancelled booking (owner_cancellation says the latter). */
export function ownerBookingEmail(b: Payload<typeof OWNER>, cancelled: boolean): RenderedEmail {
  return email(
    `${cancelled ? 'Afbestilt' : 'Ny booking'}: ${b.serviceName} ${danishDateTime(b.dropOff)} – ${b.customerName}`,
    {
      heading: cancelled ? 'Booking afbestilt' : 'Ny booking',
      intro: [
        cancelled
          ? `${b.customerName} har afbestilt sin booking ${danishDateTime(b.dropOff)}. Tiden er ledig igen.`
          : `${b.customerName} har booket ${b.serviceName} ${danishDateTime(b.dropOff)}.`,
      ],
      rows: [...bookingRows(b).filter(([label]) => label !== 'Adresse'), ...customerRows(b)],
      sections: [],
      outro: cancelled ? [] : ['Svar på denne e-mail for at skrive til kunden.'],
    },
    [],
    b.customerEmail,
  );
}

export const ownerNotification = defineEmail({
  kind: 'owner_notification',
  payload: OWNER,
  render: (b) => ownerBookingEmail(b, false),
});
