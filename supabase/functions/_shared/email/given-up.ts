// E-mails the sender gave up: how the owner's alert and morning agenda list them
// (public.email_given_up_item), with the last error in Danish.
import { phoneDisplay } from '../phone.ts';
import type { Payload } from '../outbox/payload.ts';
import { danishDate, danishDateTime } from './format.ts';
import { count, type Section } from './layout.ts';
import { CUSTOMER_KINDS } from './types.ts';

/** A given-up e-mail as the database lists it (jsonb_strip_nulls: what it lacks is left out). */
export const GIVEN_UP_ITEM = {
  kind: 'string!',
  /** owner_notification alerts: which alert (busy, no_client_address, closed_day). */
  alert: 'string?',
  /** The address of a customer e-mail. */
  recipient: 'string?',
  reference: 'string?',
  serviceName: 'string?',
  dropOff: 'datetime?',
  bookingStatus: 'string?',
  customerName: 'string?',
  customerEmail: 'string?',
  customerPhone: 'string?',
  /** The morning agenda's day. */
  day: 'day?',
  error: 'string',
  attempts: 'integer',
} as const;

type GivenUpItem = Payload<typeof GIVEN_UP_ITEM>;

/** What the e-mail was, in the owner's words. */
const GIVEN_UP_KIND: Record<string, string> = {
  booking_confirmation: 'Bookingbekræftelse',
  booking_reminder: 'Påmindelse',
  booking_moved: 'Besked om flyttet booking',
  cancellation_confirmation: 'Afbestillingsbekræftelse',
  owner_notification: 'Din besked om en ny booking',
  owner_cancellation: 'Din besked om en afbestilling',
  owner_booking_moved: 'Din besked om en flyttet booking',
  owner_agenda: 'Din morgenoversigt',
  car_ready: 'Besked om, at bilen er klar',
  car_ready_time: 'Besked om ny færdigtid',
  review_request: 'Anmodning om anmeldelse',
  sms_booking_confirmation: 'SMS: bookingbekræftelse',
  sms_booking_reminder: 'SMS: påmindelse',
  sms_booking_moved: 'SMS: flyttet booking',
  sms_cancellation_confirmation: 'SMS: aflysning',
  sms_car_ready: 'SMS: bilen er klar',
  sms_car_ready_time: 'SMS: ny færdigtid',
};

/** Longest error text an owner e-mail shows (the whole one is in email_outbox.last_error). */
const ERROR_TEXT_MAX = 160;

function shortText(value: string): string {
  const one = value.replace(/\s+/g, ' ').trim();
  const chars = [...one];
  return chars.length > ERROR_TEXT_MAX ? `${chars.slice(0, ERROR_TEXT_MAX - 1).join('')}…` : one;
}

/** One recorded error (a part of last_error) in Danish. */
function describeError(raw: string): string {
  // only the first line: a thrown error's stack trace would follow it
  const line = (raw.split(/\r?\n/)[0] ?? '').trim();
  const http = /^HTTP (\d{3})(?: [A-Za-z_]+)?:?\s*(.*)$/.exec(line);
  if (http) {
    const status = Number(http[1]);
    const detail = shortText(http[2] ?? '');
    const withDetail = (text: string) => (detail ? `${text}: ${detail}` : `${text}.`);
    if (status === 401 || status === 403)
      return `Mailtjenesten afviste adgangsnøglen (HTTP ${status}). Indstillingen RESEND_API_KEY skal rettes.`;
    if (status === 400 || status === 422)
      return withDetail(`Mailtjenesten afviste mailen (HTTP ${status})`);
    if (status === 429) return `Mailtjenesten tog ikke imod flere mails lige da (HTTP 429).`;
    if (status >= 500) return `Mailtjenesten havde en fejl (HTTP ${status}).`;
    return withDetail(`Mailtjenesten svarede med en fejl (HTTP ${status})`);
  }
  if (line.startsWith('Tidsgrænse')) return 'Mailtjenesten svarede ikke i tide.';
  if (line.startsWith('Netværksfejl')) return 'Ingen forbindelse til mailtjenesten (netværksfejl).';
  if (line.startsWith('Mangler indstilling')) return `${shortText(line)}.`;
  if (line.startsWith('Kunne ikke lave e-mailen'))
    return 'Mailen kunne ikke laves ud fra de gemte oplysninger.';
  if (line === 'Ingen modtager') return 'Mailen havde ingen modtageradresse.';
  if (line === 'afbrudt under afsendelse') return 'Afsendelsen blev afbrudt.';
  return shortText(line.replace(/^(?:[A-Za-z]*Error: )+/, '')) || 'Ukendt fejl.';
}

/**
 * The last error of a given-up e-mail, short and in Danish for the owner: "Mailtjenesten havde en
 * fejl (HTTP 503)." rather than the API's answer. The sender appends " / afbrudt under afsendelse"
 * when a try died; the first error is the one that tells why.
 */
export function readableEmailError(raw: string): string {
  const parts = raw.split(' / ').filter((part) => part.trim() !== '');
  if (parts.length === 0) return 'Ukendt fejl.';
  const first = describeError(parts[0]!);
  return parts.length > 1 && parts.at(-1)!.trim() === 'afbrudt under afsendelse'
    ? `${first} Sidste forsøg blev afbrudt.`
    : first;
}

/** One given-up e-mail: what it was, to whom (so the owner can call), the booking and the error. */
export function givenUpEntry(item: GivenUpItem): string {
  const customerKind = (CUSTOMER_KINDS as readonly string[]).includes(item.kind);
  let what = GIVEN_UP_KIND[item.kind] ?? `E-mail (${item.kind})`;
  if (item.kind === 'owner_notification' && item.alert === 'busy')
    what = 'Din advarsel om mange online-bookinger';
  if (item.kind === 'owner_notification' && item.alert === 'no_client_address')
    what = 'Din advarsel om bookinger uden den besøgendes adresse';
  if (item.kind === 'owner_notification' && item.alert === 'closed_day')
    what = 'Din liste over bookinger på en lukket dag';
  if (item.kind === 'owner_agenda' && item.day)
    what = `${what} for ${danishDate(`${item.day}T12:00:00+00:00`)}`;
  const customer = [
    item.customerName || (customerKind ? '(uden navn)' : ''),
    customerKind ? item.recipient || item.customerEmail : item.customerEmail,
    item.customerPhone ? `tlf. ${phoneDisplay(item.customerPhone)}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const lines = [
    customerKind ? `${what} til ${customer}` : what,
    ...(!customerKind && customer ? [`  Kunde: ${customer}`] : []),
  ];
  if (item.reference) {
    const booking = [
      `nr. ${item.reference}`,
      item.serviceName,
      item.dropOff ? danishDateTime(item.dropOff) : '',
    ].filter(Boolean);
    lines.push(
      `  Booking ${booking.join(' · ')}${item.bookingStatus === 'cancelled' ? ' (aflyst)' : ''}`,
    );
  }
  const tries = item.attempts > 0 ? ` (efter ${count(item.attempts, 'forsøg', 'forsøg')})` : '';
  lines.push(`  Fejl${tries}: ${readableEmailError(item.error)}`);
  return lines.join('\n');
}

export const GIVEN_UP_TITLE = 'E-mails der ikke kunne sendes';

export function toCustomers(items: GivenUpItem[]): boolean {
  return items.some((item) => (CUSTOMER_KINDS as readonly string[]).includes(item.kind));
}

/** The list in the morning agenda. */
export function givenUpSection(items: GivenUpItem[]): Section {
  return {
    title: GIVEN_UP_TITLE,
    lines: [
      ...items.map(givenUpEntry),
      `${toCustomers(items) ? 'Ring til kunderne, så de får besked. ' : ''}Fejlene står i tabellen email_outbox (status failed).`,
    ],
  };
}
