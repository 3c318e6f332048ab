// What the booking e-mails share: the payload keys SQL writes for a booking (booking_summary,
// customerName; the owner's contact keys of booking_queue_emails), the rows, greeting, links and
// the .ics that several kinds show.
import { CUSTOMER_DETAILS_PAYLOAD, customerDetailLines } from '../customer-details.ts';
import { list, object, oneOf, type Payload } from '../outbox/payload.ts';
import { WORKSHOP, WORKSHOP_ADDRESS } from './business.ts';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links.ts';
import { danishDateTime, danishPrice, openingHoursLines, readyText } from './format.ts';
import { base64Utf8, buildIcs } from './ics.ts';
import { email, type Section } from './layout.ts';
import type { Attachment, OutboxMessage, RenderContext, RenderedEmail } from './types.ts';

/**
 * public.booking_job_summary: the job as it was booked (bookings.job), never today's prices: the
 * car size (its code and name), the package's price for that size and each add-on with its price.
 * The total is the summary's price. A payload queued before the job was in it reads as no size and
 * no add-ons, and renders as it did then.
 */
export const JOB = {
  carSize: 'string',
  carSizeName: 'string',
  packagePrice: 'number',
  addons: list({ name: 'string!', price: 'number!' }),
} as const;

export type BookingJob = Payload<typeof JOB>;

/** public.booking_summary: what every message shows of a booking. */
export const SUMMARY = {
  reference: 'string!',
  serviceName: 'string!',
  /** The total, inkl. moms. */
  price: 'number!',
  job: object(JOB),
  dropOff: 'datetime!',
  readyAt: 'datetime!',
} as const;

/** A customer's e-mail: the summary and the name it greets. */
export const CUSTOMER = { ...SUMMARY, customerName: 'string' } as const;

/** The owner's e-mail of a booking event: what the customer told (booking_contact). */
export const OWNER = {
  ...CUSTOMER,
  ...CUSTOMER_DETAILS_PAYLOAD,
  /** How often this contact did not turn up in the last 12 months (booking_no_shows). */
  noShows: 'integer',
} as const;

/** A move (move_booking): the earlier time, who moved it, the revision of the calendar event. */
export const MOVE = {
  previousDropOff: 'datetime!',
  previousReadyAt: 'datetime',
  movedBy: oneOf(['customer', 'owner']),
  sequence: 'integer',
} as const;

type Summary = Payload<typeof SUMMARY>;
type Customer = Payload<typeof CUSTOMER>;
type Owner = Payload<typeof OWNER>;

export function cancelUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/afbestil?token=${encodeURIComponent(token)}`;
}

export function moveUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/flyt?token=${encodeURIComponent(token)}`;
}

/** The price line of every e-mail: prices to consumers are stated with VAT, and say so. */
export const priceWithVat = (price: number) => `${danishPrice(price)} inkl. moms`;

/**
 * What was booked: the package (with its price when add-ons follow), the car size and the add-ons
 * with their prices. The pages behind the e-mail links write the same rows (src/lib/booking-job.ts;
 * tests/lib/booking-job.test.ts fails when the two disagree).
 */
export function jobRows(b: Pick<Summary, 'serviceName' | 'job'>): [string, string][] {
  const { job } = b;
  const itemised = job.addons.length > 0;
  const rows: [string, string][] = [
    ['Service', itemised ? `${b.serviceName}, ${danishPrice(job.packagePrice)}` : b.serviceName],
  ];
  if (job.carSizeName) rows.push(['Bilstørrelse', job.carSizeName]);
  if (itemised)
    rows.push(['Tilvalg', job.addons.map((a) => `${a.name}, ${danishPrice(a.price)}`).join('\n')]);
  return rows;
}

/** The total: "I alt" under an itemised job, else "Pris" as before; always inkl. moms. */
export function totalRow(b: Pick<Summary, 'price' | 'job'>): [string, string] {
  return [b.job.addons.length > 0 ? 'I alt' : 'Pris', priceWithVat(b.price)];
}

/** The job's size and add-ons in a sentence or two (the calendar event's description), or ''. */
export function jobText(job: BookingJob): string {
  return [
    job.carSizeName ? `Bilstørrelse: ${job.carSizeName}.` : '',
    job.addons.length > 0 ? `Tilvalg: ${job.addons.map((a) => a.name).join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function bookingRows(b: Summary): [string, string][] {
  return [
    ['Bookingnummer', b.reference],
    ...jobRows(b),
    ['Aflevering', danishDateTime(b.dropOff)],
    ['Klar til afhentning', readyText(b.dropOff, b.readyAt)],
    totalRow(b),
    ['Adresse', WORKSHOP_ADDRESS],
  ];
}

export function customerRows(b: Owner): [string, string][] {
  return [
    ...customerDetailLines(b),
    ...(b.noShows > 0 ? [['Udeblevet', noShowsText(b.noShows)] as [string, string]] : []),
  ];
}

/** The contact's no-shows as the owner's agenda counts them (booking_no_shows). */
export function noShowsText(count: number): string {
  return `${count} ${count === 1 ? 'gang' : 'gange'} de seneste 12 måneder`;
}

/** Longest name a customer e-mail shows: the only text from the form a customer e-mail carries. */
export const GREETING_NAME_MAX = 60;

export function greeting(b: Pick<Customer, 'customerName'>): string {
  const name = [...b.customerName.trim()].slice(0, GREETING_NAME_MAX).join('').trim();
  return name ? `Hej ${name}` : 'Hej';
}

export function openingHours(ctx: RenderContext): Section {
  return { title: 'Åbningstider', lines: openingHoursLines(ctx.openingHours), compact: true };
}

export function icsAttachment(
  b: Summary & { sequence: number },
  msg: OutboxMessage,
  ctx: RenderContext,
  cancelled: boolean,
): Attachment {
  // a cancellation outranks every earlier revision of the event; the confirmation and a move carry
  // the revision they describe
  const sequence = cancelled ? b.sequence + 1 : b.sequence;
  const ics = buildIcs({
    uid: `booking-${b.reference}@glanspunkt`,
    start: b.dropOff,
    end: b.readyAt,
    stamp: new Date(msg.createdAt),
    summary: `${WORKSHOP.name}: ${b.serviceName}`,
    description: [
      `Bookingnummer ${b.reference}.`,
      jobText(b.job),
      `Aflevering ${danishDateTime(b.dropOff)}, klar til afhentning ${readyText(b.dropOff, b.readyAt)}.`,
      `${totalRow(b)[0]} ${priceWithVat(b.price)}.`,
    ]
      .filter(Boolean)
      .join(' '),
    location: WORKSHOP_ADDRESS,
    organizer: { name: WORKSHOP.name, email: ctx.ownerEmail || WORKSHOP.email },
    contact: `${WORKSHOP.name}, ${WORKSHOP.phone.display}, ${WORKSHOP.email}`,
    cancelled,
    sequence,
  });
  return {
    filename: cancelled ? 'afbestilling.ics' : 'booking.ics',
    content: base64Utf8(ics),
    content_type: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
  };
}

/** "Tilføj til Google Kalender / Outlook": plain links, nothing loads until the customer clicks. */
export function calendarLinks(b: Summary): { href: string; label: string }[] {
  const event = {
    reference: b.reference,
    serviceName: b.serviceName,
    dropOff: b.dropOff,
    readyAt: b.readyAt,
    jobText: jobText(b.job),
  };
  const workshop = {
    name: WORKSHOP.name,
    address: WORKSHOP_ADDRESS,
    phone: WORKSHOP.phone.display,
  };
  return [
    { href: googleCalendarUrl(event, workshop), label: 'Tilføj til Google Kalender' },
    { href: outlookCalendarUrl(event, workshop), label: 'Tilføj til Outlook' },
  ];
}

/** How the job is paid, in the site's terms' words (the address is among the booking's rows). */
export function payment(): Section {
  return { title: 'Betaling', lines: [WORKSHOP.payment] };
}

/** The customer's links: move and cancel, with the deadline. */
export function changeSection(b: { cancelToken: string }, ctx: RenderContext): Section {
  return {
    title: 'Flyt eller afbestil',
    lines: [
      `Kan du ikke komme? Du kan flytte din tid eller afbestille gratis indtil ${ctx.cancellationNoticeHours} timer før afleveringstidspunktet via linkene herunder.`,
      `Derefter kan du ringe til os på ${WORKSHOP.phone.display}.`,
    ],
    links: [
      { href: moveUrl(ctx.siteUrl, b.cancelToken), label: 'Flyt booking' },
      { href: cancelUrl(ctx.siteUrl, b.cancelToken), label: 'Afbestil booking' },
    ],
  };
}

/** The links of an e-mail that replaces the token: the earlier e-mails' links stop working. */
export function newLinksSection(b: { cancelToken: string }, ctx: RenderContext): Section {
  const section = changeSection(b, ctx);
  return {
    ...section,
    lines: [
      ...section.lines,
      'Brug linkene i denne e-mail. Linkene i tidligere e-mails virker ikke længere.',
    ],
  };
}

/**
 * The customer's e-mail of a booking that holds (confirmed, moved, confirmed again): the details,
 * opening hours, the move and cancel links (new ones when the e-mail replaces the token), a word on
 * the calendar and booking.ics.
 */
export function bookingHoldsEmail(
  b: Customer & { cancelToken: string; sequence: number },
  msg: OutboxMessage,
  ctx: RenderContext,
  words: {
    subject: string;
    heading: string;
    intro: string;
    newLinks: boolean;
    calendar: Omit<Section, 'title'>;
  },
): RenderedEmail {
  return email(
    `${words.subject}: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
    {
      heading: words.heading,
      intro: [`${greeting(b)},`, words.intro],
      rows: bookingRows(b),
      sections: [
        payment(),
        openingHours(ctx),
        words.newLinks ? newLinksSection(b, ctx) : changeSection(b, ctx),
        { title: 'Kalender', ...words.calendar },
      ],
      outro: ['Vi glæder os til at se dig og din bil.'],
    },
    [icsAttachment(b, msg, ctx, false)],
    ctx.ownerEmail,
  );
}
