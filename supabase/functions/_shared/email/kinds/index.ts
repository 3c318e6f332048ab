// Every e-mail message kind: the dispatch table of renderEmail, and what the server test holds
// SQL's payloads to.
import type { EmailEntry } from '../message.ts';
import { bookingConfirmation } from './booking-confirmation.ts';
import { bookingMoved } from './booking-moved.ts';
import { bookingReconfirmed } from './booking-reconfirmed.ts';
import { bookingReminder } from './booking-reminder.ts';
import { busyAlert } from './busy-alert.ts';
import { cancellationConfirmation } from './cancellation-confirmation.ts';
import { carReadyTime } from './car-ready-time.ts';
import { carReady } from './car-ready.ts';
import { closedDayAlert } from './closed-day-alert.ts';
import { givenUpAlert } from './given-up-alert.ts';
import { noClientAddressAlert } from './no-client-address-alert.ts';
import { ownerAgenda } from './owner-agenda.ts';
import { ownerBookingMoved } from './owner-booking-moved.ts';
import { ownerCancellation } from './owner-cancellation.ts';
import { ownerNotification } from './owner-notification.ts';
import { reviewRequest } from './review-request.ts';
import { waitlistFree, waitlistReceipt } from './waitlist.ts';
import { ownerVisitorMessage, visitorMessageReceipt } from './visitor-message.ts';

export const EMAIL_MESSAGES: readonly EmailEntry[] = [
  bookingConfirmation,
  ownerNotification,
  bookingReminder,
  cancellationConfirmation,
  ownerCancellation,
  bookingMoved,
  ownerBookingMoved,
  bookingReconfirmed,
  carReady,
  carReadyTime,
  reviewRequest,
  ownerAgenda,
  busyAlert,
  noClientAddressAlert,
  closedDayAlert,
  givenUpAlert,
  waitlistReceipt,
  waitlistFree,
  ownerVisitorMessage,
  visitorMessageReceipt,
];

/** The message kind of an outbox row: its kind, and for the owner's alerts payload.alert. */
export function emailMessageOf(kind: string, payload: Record<string, unknown>): EmailEntry {
  const alert = typeof payload.alert === 'string' ? payload.alert : undefined;
  const found =
    EMAIL_MESSAGES.find((m) => m.kind === kind && m.alert !== undefined && m.alert === alert) ??
    EMAIL_MESSAGES.find((m) => m.kind === kind && m.alert === undefined);
  if (!found) throw new Error(`unknown e-mail kind ${kind}`);
  return found;
}
