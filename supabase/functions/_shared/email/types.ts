// The outbox row as the sender claims it, what rendering needs besides it, and what it gives.
import type { OpeningHoursRow } from './format.ts';

/** The e-mail kinds of email_outbox_kind_check (the SMS kinds are in ../sms/templates.ts). */
export const EMAIL_KINDS = [
  'booking_confirmation',
  'owner_notification',
  'booking_reminder',
  'cancellation_confirmation',
  'owner_cancellation',
  'booking_moved',
  'owner_booking_moved',
  'owner_agenda',
  'booking_reconfirmed',
  'car_ready',
  'car_ready_time',
  'review_request',
  'waitlist_receipt',
  'waitlist_free',
  'owner_visitor_message',
  'visitor_message_receipt',
] as const;

export type EmailKind = (typeof EMAIL_KINDS)[number];

export const CUSTOMER_KINDS: readonly EmailKind[] = [
  'booking_confirmation',
  'booking_reminder',
  'cancellation_confirmation',
  'booking_moved',
  'booking_reconfirmed',
  'car_ready',
  'car_ready_time',
  'review_request',
  'waitlist_receipt',
  'waitlist_free',
  'visitor_message_receipt',
];

/** Kinds whose e-mail carries the customer's links (SITE_URL needed). */
export const LINK_KINDS: readonly EmailKind[] = [
  'booking_confirmation',
  'booking_moved',
  'booking_reconfirmed',
  'review_request',
  'waitlist_receipt',
  'waitlist_free',
];

/** A claimed outbox row (public.email_claim). */
export interface OutboxMessage {
  id: string;
  kind: EmailKind;
  recipient: string | null;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  attempts: number;
  /** When the row was queued (ISO); the .ics DTSTAMP. */
  createdAt: string;
}

export interface RenderContext {
  /** Public address of the site, e.g. https://glanspunkt.dk (cancel links point there). */
  siteUrl: string;
  openingHours: readonly OpeningHoursRow[];
  cancellationNoticeHours: number;
  /** The workshop's own address (organizer of the calendar event). */
  ownerEmail: string;
}

export interface Attachment {
  filename: string;
  /** Base64. */
  content: string;
  content_type?: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  attachments: Attachment[];
  /** Where a reply goes: the workshop for customer e-mails, the customer for workshop e-mails. */
  replyTo?: string;
}
