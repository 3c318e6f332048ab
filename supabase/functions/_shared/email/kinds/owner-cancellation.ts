// The workshop's e-mail of a booking the customer cancelled.
import { OWNER } from '../booking.ts';
import { defineEmail } from '../message.ts';
import { ownerBookingEmail } from './owner-notification.ts';

export const ownerCancellation = defineEmail({
  kind: 'owner_cancellation',
  // sequence: the revision cancelled, as in the customer's e-mail
  payload: { ...OWNER, sequence: 'integer' },
  render: (b) => ownerBookingEmail(b, true),
});
