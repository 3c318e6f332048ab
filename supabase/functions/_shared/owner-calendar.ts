// The owner's calendar feed (owner-calendar function): one iCalendar file with every booking, for
// a calendar subscription on the owner's phone (Apple Calendar, Google Calendar, Outlook).
//
// One event per booking, from drop-off to ready time, also for jobs that run over several days:
// what the owner plans around is when the customer comes and when the car must be ready, and a
// multi-day job is one car in the workshop, so one bar across the days reads right; the working
// periods (which hours of which days the job takes) are listed in the description. One event per
// working period would show a polish three times and put the pick-up time only on the last one.
//
// Stable UIDs (owner-booking-<reference>@glanspunkt, apart from the customer's own event), SEQUENCE
// from the booking's move count, a cancelled booking kept with STATUS:CANCELLED (subscribed
// calendars drop or strike it) and "Aflyst" in the title for those that only show it. Times are
// local Copenhagen time with the VTIMEZONE, as in the customer's .ics.
import { WORKSHOP, WORKSHOP_ADDRESS } from './email/business.ts';
import { danishDateTime, danishPrice, localParts, readyText } from './email/format.ts';
import { escapeText, foldLine, localValue, TZID, utcValue, VTIMEZONE } from './email/ics.ts';
import { customerDetailLines, type CustomerDetailKey } from './customer-details.ts';

/** A booking of the feed: what the customer told (booking_contact) and the engine's facts. */
export interface FeedBooking extends Record<CustomerDetailKey, string> {
  reference: string;
  /** The engine's code; statusText is the owner's Danish word for it. */
  status: 'confirmed' | 'cancelled' | 'arrived' | 'ready' | 'collected' | 'no_show';
  statusText?: string;
  /** How many times this phone number or e-mail address did not turn up in the last 12 months. */
  noShows?: number;
  serviceName: string;
  /** The job as booked (booking_summary's job): the car size and the add-ons. */
  job?: { carSizeName: string; addons: { name: string }[] };
  /** The whole price: the package for the car's size plus the add-ons. */
  price: number;
  /** ISO 8601 with the Copenhagen offset */
  dropOff: string;
  readyAt: string;
  sequence: number;
  /** UTC ISO */
  createdAt: string;
  updatedAt: string;
  /** Working periods [from, to], Copenhagen ISO. */
  periods: [string, string][];
}

function periodText([from, to]: [string, string]): string {
  const a = localParts(from);
  const b = localParts(to);
  return `${danishDateTime(from).replace(/ kl\. \d\d:\d\d$/, '')} ${a.time}-${b.time}`;
}

function description(b: FeedBooking): string {
  const lines = [
    `Bookingnummer: ${b.reference}`,
    // the customer by name first ("Kunde"), then the rest of what they told
    `Kunde: ${b.customerName}`,
    ...customerDetailLines(b)
      .slice(1)
      .map(([label, value]) => `${label}: ${value}`),
    `Aflevering: ${danishDateTime(b.dropOff)}`,
    `Klar til afhentning: ${readyText(b.dropOff, b.readyAt)}`,
    // the job besides the package: what the bay is planned for and what is charged
    ...(b.job?.carSizeName ? [`Bilstørrelse: ${b.job.carSizeName}`] : []),
    ...(b.job?.addons.length ? [`Tilvalg: ${b.job.addons.map((a) => a.name).join(', ')}`] : []),
    `Pris: ${danishPrice(b.price)}`,
  ];
  if (b.periods.length > 1) {
    lines.push(`Arbejdstid: ${b.periods.map(periodText).join(', ')}`);
  }
  if (b.noShows) {
    lines.push(
      `Udeblevet: ${b.noShows === 1 ? '1 gang' : `${b.noShows} gange`} de seneste 12 måneder`,
    );
  }
  if (b.status === 'cancelled') lines.unshift('AFLYST');
  else if (b.statusText) lines.unshift(`Status: ${b.statusText}`);
  return lines.join('\n');
}

/** The title, led by the status once it is not simply booked: "Klar: Guldpakken – Mette Hansen". */
function summary(b: FeedBooking, title: string): string {
  if (b.status === 'cancelled') return `Aflyst: ${title}`;
  if (b.status === 'confirmed' || !b.statusText) return title;
  return `${b.statusText.charAt(0).toUpperCase()}${b.statusText.slice(1)}: ${title}`;
}

function event(b: FeedBooking): string[] {
  const cancelled = b.status === 'cancelled';
  const title = `${b.serviceName} – ${b.customerName}`;
  return [
    'BEGIN:VEVENT',
    `UID:owner-booking-${b.reference}@glanspunkt`,
    `DTSTAMP:${utcValue(new Date(b.updatedAt))}`,
    `CREATED:${utcValue(new Date(b.createdAt))}`,
    `LAST-MODIFIED:${utcValue(new Date(b.updatedAt))}`,
    `DTSTART;TZID=${TZID}:${localValue(b.dropOff)}`,
    `DTEND;TZID=${TZID}:${localValue(b.readyAt)}`,
    `SUMMARY:${escapeText(summary(b, title))}`,
    `DESCRIPTION:${escapeText(description(b))}`,
    `LOCATION:${escapeText(WORKSHOP_ADDRESS)}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SEQUENCE:${b.sequence + (cancelled ? 1 : 0)}`,
    `TRANSP:${cancelled ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  ];
}

/** The whole feed, CRLF line endings, lines folded at 75 octets. */
export function buildOwnerFeed(bookings: readonly FeedBooking[]): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Glanspunkt//Bookinger//DA',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(`${WORKSHOP.name} bookinger`)}`,
    `X-WR-TIMEZONE:${TZID}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...VTIMEZONE,
    ...bookings.flatMap(event),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

const encoder = new TextEncoder();

/**
 * Whether `given` is the configured secret, in time independent of where they differ (both are
 * hashed first, so their lengths do not show either). A secret shorter than 32 characters counts
 * as not configured.
 */
export async function secretMatches(given: string | null, expected: string | undefined) {
  if (!given || !expected || expected.length < 32) return false;
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(given)),
    crypto.subtle.digest('SHA-256', encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i += 1) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}
