// The e-mails, in Danish, as HTML and plain text from one description, so both always say the
// same. Customer e-mails: confirmation (with the move and cancel links and an .ics file), reminder,
// moved (new links, an .ics replacing the earlier event), cancellation and reconfirmation (a
// cancelled booking the workshop set back to confirmed: new links, an .ics restoring the event),
// "din bil er klar" (the pickup hours of the coming days and the address) and a new ready time.
// Workshop e-mails: new booking, moved (from when to when) and cancellation, with every booking
// field.
// Rendering is deterministic for one outbox row (retries send identical content under the same
// idempotency key).
import { escapeHtml } from '../escape-html.ts';
import { phoneDisplay } from '../phone.ts';
import { WORKSHOP, WORKSHOP_ADDRESS } from './business.ts';
import {
  danishDate,
  danishDateTime,
  danishPrice,
  localParts,
  openingHoursLines,
  pickupHoursLines,
  readyText,
  type OpeningHoursRow,
  type PickupDay,
} from './format.ts';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links.ts';
import { base64Utf8, buildIcs } from './ics.ts';

export type EmailKind =
  | 'booking_confirmation'
  | 'owner_notification'
  | 'booking_reminder'
  | 'cancellation_confirmation'
  | 'owner_cancellation'
  | 'booking_moved'
  | 'owner_booking_moved'
  | 'owner_agenda'
  | 'booking_reconfirmed'
  | 'car_ready'
  | 'car_ready_time';

export const CUSTOMER_KINDS: readonly EmailKind[] = [
  'booking_confirmation',
  'booking_reminder',
  'cancellation_confirmation',
  'booking_moved',
  'booking_reconfirmed',
  'car_ready',
  'car_ready_time',
];

/** Kinds whose e-mail carries the customer's links (SITE_URL needed). */
export const LINK_KINDS: readonly EmailKind[] = [
  'booking_confirmation',
  'booking_moved',
  'booking_reconfirmed',
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

interface Booking {
  reference: string;
  serviceName: string;
  price: number;
  dropOff: string;
  readyAt: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  notes: string;
  carPlate: string;
  cancelToken: string;
  /**
   * Revision of the calendar event: bookings.ics_sequence, raised by every move, cancellation and
   * reconfirmation. A cancellation carries the revision it cancels.
   */
  sequence: number;
  /** Before a move: the earlier drop-off and ready time, and who moved it. */
  previousDropOff: string;
  previousReadyAt: string;
  movedBy: 'customer' | 'owner';
  /** The owner's e-mails: how often this contact did not turn up in the last 12 months. */
  noShows: number;
}

function str(payload: Record<string, unknown>, key: string, required = true): string {
  const v = payload[key];
  if (typeof v === 'string') return v;
  if (!required && (v === undefined || v === null)) return '';
  throw new Error(`payload.${key} is missing`);
}

function booking(payload: Record<string, unknown>): Booking {
  const price = payload.price;
  if (typeof price !== 'number') throw new Error('payload.price is missing');
  const b: Booking = {
    reference: str(payload, 'reference'),
    serviceName: str(payload, 'serviceName'),
    price,
    dropOff: str(payload, 'dropOff'),
    readyAt: str(payload, 'readyAt'),
    customerName: str(payload, 'customerName', false),
    customerEmail: str(payload, 'customerEmail', false),
    customerPhone: str(payload, 'customerPhone', false),
    notes: str(payload, 'notes', false),
    carPlate: str(payload, 'carPlate', false),
    cancelToken: str(payload, 'cancelToken', false),
    sequence:
      typeof payload.sequence === 'number' && Number.isInteger(payload.sequence)
        ? payload.sequence
        : 0,
    previousDropOff: str(payload, 'previousDropOff', false),
    previousReadyAt: str(payload, 'previousReadyAt', false),
    movedBy: payload.movedBy === 'owner' ? 'owner' : 'customer',
    noShows:
      typeof payload.noShows === 'number' &&
      Number.isInteger(payload.noShows) &&
      payload.noShows > 0
        ? payload.noShows
        : 0,
  };
  localParts(b.dropOff);
  localParts(b.readyAt);
  if (b.previousDropOff) localParts(b.previousDropOff);
  if (b.previousReadyAt) localParts(b.previousReadyAt);
  return b;
}

export function cancelUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/afbestil?token=${encodeURIComponent(token)}`;
}

export function moveUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/flyt?token=${encodeURIComponent(token)}`;
}

// one description, two renderings -----------------------------------------------------------------

interface Section {
  title: string;
  lines: string[];
  /** Lines of a list (opening hours): one paragraph with line breaks in HTML. */
  compact?: boolean;
  links?: { href: string; label: string }[];
  /** Plain text links in one line (the calendars'), not buttons with the address under them. */
  textLinks?: { href: string; label: string }[];
}

interface Doc {
  heading: string;
  intro: string[];
  rows: [label: string, value: string][];
  sections: Section[];
  outro: string[];
}

const SIGNATURE = [
  `Venlig hilsen`,
  WORKSHOP.name,
  WORKSHOP_ADDRESS,
  `Telefon ${WORKSHOP.phone.display} · ${WORKSHOP.email}`,
];

function toText(doc: Doc): string {
  const out: string[] = [doc.heading, '', ...doc.intro.flatMap((p) => [p, ''])];
  const width = Math.max(...doc.rows.map(([label]) => label.length), 0) + 2;
  for (const [label, value] of doc.rows) {
    const [first, ...rest] = value.split('\n');
    out.push(`${`${label}:`.padEnd(width)}${first}`);
    for (const line of rest) out.push(`${' '.repeat(width)}${line}`);
  }
  for (const s of doc.sections) {
    out.push('', s.title, ...s.lines);
    for (const link of [...(s.links ?? []), ...(s.textLinks ?? [])])
      out.push(`${link.label}: ${link.href}`);
  }
  out.push('', ...doc.outro.flatMap((p) => [p, '']), ...SIGNATURE);
  return out.join('\n') + '\n';
}

const P = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937';

function toHtml(doc: Doc): string {
  const para = (t: string) => `<p style="${P}">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`;
  const rows = doc.rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:6px 16px 6px 0;font-size:15px;color:#4b5563;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="padding:6px 0;font-size:15px;color:#111827">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
    )
    .join('');
  const sections = doc.sections
    .map(
      (s) =>
        `<h2 style="margin:24px 0 8px;font-size:17px;color:#111827">${escapeHtml(s.title)}</h2>` +
        (s.compact
          ? `<p style="${P}">${s.lines.map(escapeHtml).join('<br>')}</p>`
          : s.lines.map(para).join('')) +
        (s.links ?? [])
          .map(
            (link) =>
              `<p style="${P}"><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(link.label)}</a></p>` +
              `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all">${escapeHtml(link.href)}</p>`,
          )
          .join('') +
        (s.textLinks?.length
          ? `<p style="${P}">${s.textLinks
              .map(
                (link) =>
                  `<a href="${escapeHtml(link.href)}" style="color:#0b5f86;font-weight:600">${escapeHtml(link.label)}</a>`,
              )
              .join(' &middot; ')}</p>`
          : ''),
    )
    .join('');
  return [
    '<!doctype html>',
    '<html lang="da"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px">',
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:22px;color:#111827">${escapeHtml(doc.heading)}</h1>`,
    doc.intro.map(para).join(''),
    rows
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 8px;border-collapse:collapse">${rows}</table>`
      : '',
    sections,
    doc.outro.map(para).join(''),
    `<p style="margin:24px 0 0;font-size:14px;line-height:20px;color:#4b5563">${SIGNATURE.map(escapeHtml).join('<br>')}</p>`,
    '</div></div></body></html>',
  ].join('\n');
}

// the e-mails -------------------------------------------------------------------------------------

/** A document as an e-mail: its HTML and plain-text forms, its attachments and Reply-To. */
function email(
  subject: string,
  doc: Doc,
  attachments: Attachment[] = [],
  replyTo?: string,
): RenderedEmail {
  const mail: RenderedEmail = { subject, html: toHtml(doc), text: toText(doc), attachments };
  if (replyTo) mail.replyTo = replyTo;
  return mail;
}

/** The price line of every e-mail: prices to consumers are stated with VAT, and say so. */
export const priceWithVat = (price: number) => `${danishPrice(price)} inkl. moms`;

function bookingRows(b: Booking): [string, string][] {
  return [
    ['Bookingnummer', b.reference],
    ['Service', b.serviceName],
    ['Aflevering', danishDateTime(b.dropOff)],
    ['Klar til afhentning', readyText(b.dropOff, b.readyAt)],
    ['Pris', priceWithVat(b.price)],
    ['Adresse', WORKSHOP_ADDRESS],
  ];
}

function customerRows(b: Booking): [string, string][] {
  return [
    ['Navn', b.customerName],
    ['E-mail', b.customerEmail],
    ['Telefon', phoneDisplay(b.customerPhone)],
    ['Nummerplade', b.carPlate || '(ingen)'],
    ['Bemærkninger', b.notes || '(ingen)'],
    ...(b.noShows > 0 ? [['Udeblevet', noShowsText(b.noShows)] as [string, string]] : []),
  ];
}

/** The contact's no-shows as the owner's agenda counts them (booking_no_shows). */
export function noShowsText(count: number): string {
  return `${count} ${count === 1 ? 'gang' : 'gange'} de seneste 12 måneder`;
}

/** Longest name a customer e-mail shows: the only text from the form a customer e-mail carries. */
export const GREETING_NAME_MAX = 60;

function greeting(b: Booking): string {
  const name = [...b.customerName.trim()].slice(0, GREETING_NAME_MAX).join('').trim();
  return name ? `Hej ${name}` : 'Hej';
}

function openingHours(ctx: RenderContext): Section {
  return { title: 'Åbningstider', lines: openingHoursLines(ctx.openingHours), compact: true };
}

function icsAttachment(
  b: Booking,
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
    description:
      `Bookingnummer ${b.reference}. Aflevering ${danishDateTime(b.dropOff)}, ` +
      `klar til afhentning ${readyText(b.dropOff, b.readyAt)}. Pris ${danishPrice(b.price)}`,
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
function calendarLinks(b: Booking): { href: string; label: string }[] {
  const event = {
    reference: b.reference,
    serviceName: b.serviceName,
    dropOff: b.dropOff,
    readyAt: b.readyAt,
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

/** The customer's links: move and cancel, with the deadline. */
function changeSection(b: Booking, ctx: RenderContext): Section {
  if (!b.cancelToken) throw new Error('payload.cancelToken is missing');
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

function confirmation(b: Booking, msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  const doc: Doc = {
    heading: 'Din booking er bekræftet',
    intro: [`${greeting(b)},`, `Tak for din booking hos ${WORKSHOP.name}. Her er detaljerne:`],
    rows: bookingRows(b),
    sections: [
      openingHours(ctx),
      changeSection(b, ctx),
      {
        title: 'Kalender',
        lines: [
          'Tilføj tiden til din kalender med den vedhæftede fil (booking.ics), eller med et klik herunder.',
        ],
        textLinks: calendarLinks(b),
      },
    ],
    outro: ['Vi glæder os til at se dig og din bil.'],
  };
  return email(
    `Bookingbekræftelse: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
    doc,
    [icsAttachment(b, msg, ctx, false)],
    ctx.ownerEmail,
  );
}

function reminder(b: Booking, _msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  const doc: Doc = {
    heading: 'Påmindelse om din tid',
    intro: [
      `${greeting(b)},`,
      `Vi minder dig om din tid hos ${WORKSHOP.name} ${danishDateTime(b.dropOff)}.`,
    ],
    rows: bookingRows(b),
    sections: [
      openingHours(ctx),
      {
        title: 'Kan du ikke komme?',
        lines: [`Ring til os på ${WORKSHOP.phone.display}, så finder vi en ny tid.`],
      },
    ],
    outro: ['Vi glæder os til at se dig.'],
  };
  return email(
    `Påmindelse: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
    doc,
    [],
    ctx.ownerEmail,
  );
}

function pickupDays(payload: Record<string, unknown>): PickupDay[] {
  const days = payload.pickupHours;
  if (!Array.isArray(days)) throw new Error('payload.pickupHours is missing');
  return days.map((d: unknown) => {
    const day = d as Record<string, unknown>;
    if (typeof day.day !== 'string' || typeof day.closes !== 'string') {
      throw new Error('payload.pickupHours is malformed');
    }
    return {
      day: day.day,
      opens: typeof day.opens === 'string' ? day.opens : null,
      closes: day.closes,
    };
  });
}

/** "Din bil er klar til afhentning": when and where it can be picked up. */
function carReady(b: Booking, msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  const now = str(msg.payload, 'readyNow');
  const lines = pickupHoursLines(pickupDays(msg.payload), localParts(now).date);
  const doc: Doc = {
    heading: 'Din bil er klar til afhentning',
    intro: [
      `${greeting(b)},`,
      `Din bil er klar. Du kan hente den hos ${WORKSHOP.name}, ${WORKSHOP_ADDRESS}.`,
    ],
    rows: [
      ['Bookingnummer', b.reference],
      ['Service', b.serviceName],
      ['Pris', danishPrice(b.price)],
      ['Adresse', WORKSHOP_ADDRESS],
    ],
    sections: [
      lines.length > 0 ? { title: 'Du kan hente bilen', lines, compact: true } : openingHours(ctx),
      {
        title: 'Kan du ikke nå det?',
        lines: [`Ring til os på ${WORKSHOP.phone.display}, så aftaler vi en tid.`],
      },
    ],
    outro: ['Tak, fordi du valgte os.'],
  };
  return email(`Din bil er klar til afhentning (${b.reference})`, doc, [], ctx.ownerEmail);
}

/** A new ready time: the job will be ready later (or earlier) than the customer was told. */
function carReadyTime(b: Booking, msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  const next = str(msg.payload, 'newReadyAt');
  localParts(next);
  const doc: Doc = {
    heading: 'Ny tid for afhentning',
    intro: [
      `${greeting(b)},`,
      `Din bil bliver klar ${danishDateTime(next)}${b.previousReadyAt ? ` i stedet for ${danishDateTime(b.previousReadyAt)}` : ''}.`,
    ],
    rows: [
      ['Bookingnummer', b.reference],
      ['Service', b.serviceName],
      ['Klar til afhentning', danishDateTime(next)],
      ['Adresse', WORKSHOP_ADDRESS],
    ],
    sections: [
      openingHours(ctx),
      {
        title: 'Passer tiden ikke?',
        lines: [`Ring til os på ${WORKSHOP.phone.display}, så finder vi en løsning.`],
      },
    ],
    outro: [],
  };
  return email(
    `Ny tid for afhentning: ${danishDateTime(next)} (${b.reference})`,
    doc,
    [],
    ctx.ownerEmail,
  );
}

function cancellation(b: Booking, msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  const doc: Doc = {
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
        links: [{ href: `${ctx.siteUrl.replace(/\/+$/, '')}/contact`, label: 'Book en ny tid' }],
      },
    ],
    outro: [],
  };
  return email(
    `Afbestilt: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
    doc,
    [icsAttachment(b, msg, ctx, true)],
    ctx.ownerEmail,
  );
}

function ownerNotification(b: Booking, cancelled: boolean): RenderedEmail {
  const doc: Doc = {
    heading: cancelled ? 'Booking afbestilt' : 'Ny booking',
    intro: [
      cancelled
        ? `${b.customerName} har afbestilt sin booking ${danishDateTime(b.dropOff)}. Tiden er ledig igen.`
        : `${b.customerName} har booket ${b.serviceName} ${danishDateTime(b.dropOff)}.`,
    ],
    rows: [...bookingRows(b).filter(([label]) => label !== 'Adresse'), ...customerRows(b)],
    sections: [],
    outro: cancelled ? [] : ['Svar på denne e-mail for at skrive til kunden.'],
  };
  return email(
    `${cancelled ? 'Afbestilt' : 'Ny booking'}: ${b.serviceName} ${danishDateTime(b.dropOff)} – ${b.customerName}`,
    doc,
    [],
    b.customerEmail,
  );
}

/** The links of an e-mail that replaces the token: the earlier e-mails' links stop working. */
function newLinksSection(b: Booking, ctx: RenderContext): Section {
  const section = changeSection(b, ctx);
  return {
    ...section,
    lines: [
      ...section.lines,
      'Brug linkene i denne e-mail. Linkene i tidligere e-mails virker ikke længere.',
    ],
  };
}

function moved(b: Booking, msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  if (!b.previousDropOff) throw new Error('payload.previousDropOff is missing');
  const doc: Doc = {
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
        lines: ['Den vedhæftede fil (booking.ics) erstatter den tidligere aftale i din kalender.'],
      },
    ],
    outro: ['Vi glæder os til at se dig og din bil.'],
  };
  return email(
    `Booking flyttet: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
    doc,
    [icsAttachment(b, msg, ctx, false)],
    ctx.ownerEmail,
  );
}

/**
 * A cancelled booking the workshop set back to confirmed: the booking holds again, with new links
 * and an .ics whose SEQUENCE outranks the cancellation, so calendars put the event back.
 */
function reconfirmed(b: Booking, msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  const doc: Doc = {
    heading: 'Din booking er bekræftet igen',
    intro: [
      `${greeting(b)},`,
      `Vi har genoprettet din booking ${b.reference} ${danishDateTime(b.dropOff)}, så den gælder igen. Du kan se bort fra afbestillingen. Her er detaljerne:`,
    ],
    rows: bookingRows(b),
    sections: [
      openingHours(ctx),
      newLinksSection(b, ctx),
      {
        title: 'Kalender',
        lines: ['Tilføj tiden til din kalender igen med den vedhæftede fil (booking.ics).'],
      },
    ],
    outro: ['Vi glæder os til at se dig og din bil.'],
  };
  return email(
    `Booking bekræftet igen: ${b.serviceName} ${danishDateTime(b.dropOff)}`,
    doc,
    [icsAttachment(b, msg, ctx, false)],
    ctx.ownerEmail,
  );
}

function ownerMoved(b: Booking): RenderedEmail {
  if (!b.previousDropOff || !b.previousReadyAt) {
    throw new Error('payload.previousDropOff is missing');
  }
  const doc: Doc = {
    heading: 'Booking flyttet',
    intro: [
      b.movedBy === 'owner'
        ? `Bookingen er flyttet fra værkstedets side. Kunden har fået en e-mail med den nye tid.`
        : `${b.customerName} har flyttet sin booking.`,
    ],
    rows: [
      ['Bookingnummer', b.reference],
      ['Service', b.serviceName],
      [
        'Før',
        `${danishDateTime(b.previousDropOff)}\nklar ${readyText(b.previousDropOff, b.previousReadyAt)}`,
      ],
      ['Nu', `${danishDateTime(b.dropOff)}\nklar ${readyText(b.dropOff, b.readyAt)}`],
      ['Pris', priceWithVat(b.price)],
      ...customerRows(b),
    ],
    sections: [],
    outro: ['Den gamle tid er ledig igen.'],
  };
  return email(
    `Flyttet: ${b.serviceName} ${danishDateTime(b.previousDropOff)} → ${danishDateTime(b.dropOff)} – ${b.customerName}`,
    doc,
    [],
    b.customerEmail,
  );
}

interface AgendaItem {
  reference: string;
  serviceName: string;
  customerName: string;
  customerPhone: string;
  carPlate: string;
  notes: string;
  dropOff: string;
  readyAt: string;
  /** Only the cars between drop-off and pickup: arbejde or venter (booking_days in SQL). */
  role: string;
}

function agendaItems(payload: Record<string, unknown>, key: string): AgendaItem[] {
  const list = payload[key];
  if (!Array.isArray(list)) throw new Error(`payload.${key} is missing`);
  return list.map((entry: unknown) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const row: AgendaItem = {
      reference: str(item, 'reference'),
      serviceName: str(item, 'serviceName'),
      customerName: str(item, 'customerName', false),
      customerPhone: str(item, 'customerPhone', false),
      carPlate: str(item, 'carPlate', false),
      notes: str(item, 'notes', false),
      dropOff: str(item, 'dropOff'),
      readyAt: str(item, 'readyAt'),
      role: str(item, 'role', false),
    };
    localParts(row.dropOff);
    localParts(row.readyAt);
    return row;
  });
}

function agendaLines(
  items: AgendaItem[],
  at: 'dropOff' | 'readyAt' | 'between',
  empty: string,
): string[] {
  if (items.length === 0) return [empty];
  return items.map((item) => {
    const parts = [
      // a car between its drop-off and pickup day has no time of its own today
      at === 'between'
        ? item.role === 'venter'
          ? 'venter'
          : 'i arbejde'
        : `kl. ${localParts(item[at]).time}`,
      item.serviceName,
      item.customerName || '(uden navn)',
      item.customerPhone ? `tlf. ${phoneDisplay(item.customerPhone)}` : '',
      item.carPlate ? `nummerplade ${item.carPlate}` : '',
      at === 'dropOff'
        ? `klar ${readyText(item.dropOff, item.readyAt)}`
        : `afleveret ${danishDateTime(item.dropOff)}`,
      at === 'between' ? `klar ${danishDateTime(item.readyAt)}` : '',
      `nr. ${item.reference}`,
    ].filter(Boolean);
    return `${parts.join(' · ')}${item.notes ? `\nBemærkninger: ${item.notes}` : ''}`;
  });
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The owner's morning agenda (owner_agenda): today's drop-offs, pick-ups and the cars of longer jobs
 * worked on (or waiting) between the two, by their role today as the owner_agenda view has them.
 */
function ownerAgenda(payload: Record<string, unknown>): RenderedEmail {
  const day = str(payload, 'day');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('payload.day is missing');
  const dropOffs = agendaItems(payload, 'dropOffs');
  const pickUps = agendaItems(payload, 'pickUps');
  // agendas queued before the cars in between were listed have none
  const working = payload.working === undefined ? [] : agendaItems(payload, 'working');
  // agendas queued before the list of given-up e-mails existed have none
  const givenUp = payload.givenUp === undefined ? [] : givenUpItems(payload, 'givenUp');
  const date = danishDate(`${day}T12:00:00+00:00`);
  const totals = [
    count(dropOffs.length, 'aflevering', 'afleveringer'),
    count(pickUps.length, 'afhentning', 'afhentninger'),
    ...(working.length > 0 ? [`${working.length} i arbejde`] : []),
  ].join(', ');
  const doc: Doc = {
    heading: `Dagens program, ${date}`,
    intro: [
      `God morgen. I dag: ${totals}.`,
      ...(givenUp.length > 0
        ? [`${count(givenUp.length, 'e-mail', 'e-mails')} kunne ikke sendes: se nederst.`]
        : []),
    ],
    rows: [],
    sections: [
      {
        title: 'Afleveringer',
        lines: agendaLines(dropOffs, 'dropOff', 'Ingen afleveringer i dag.'),
      },
      {
        title: 'Afhentninger',
        lines: agendaLines(pickUps, 'readyAt', 'Ingen afhentninger i dag.'),
      },
      ...(working.length > 0
        ? [{ title: 'I værkstedet', lines: agendaLines(working, 'between', '') }]
        : []),
      ...(givenUp.length > 0 ? [givenUpSection(givenUp)] : []),
    ],
    outro: ['Morgenoversigten slås fra med indstillingen owner_agenda_email (0 = fra).'],
  };
  return email(`Dagens program ${date}: ${totals}`, doc);
}

/**
 * The owner's alert when online bookings go over four times max_new_bookings_per_hour and online
 * booking closes (one per burst, queued by create_booking): how many, and that visitors are asked
 * to call meanwhile.
 */
function busyAlert(payload: Record<string, unknown>): RenderedEmail {
  const count = Number(payload.count ?? 0);
  const cap = Number(payload.cap ?? 0);
  const at = typeof payload.at === 'string' ? payload.at : '';
  const doc: Doc = {
    heading: 'Mange online-bookinger på kort tid',
    intro: [
      `Der er kommet ${count} online-bookinger inden for den seneste time${at ? ` (senest ${danishDateTime(at)})` : ''}. Grænsen er ${cap} i timen (fire gange indstillingen max_new_bookings_per_hour; fra halvdelen af indstillingen gør et sværere robottjek hver booking dyrere for robotter).`,
      `Indtil tallet falder igen, bliver nye besøgende bedt om at ringe på ${WORKSHOP.phone.display} i stedet for at booke online.`,
      'Se de nyeste bookinger i owner_bookings, og aflys dem, der ikke ser ægte ud. Du får ikke flere advarsler, før der har været en time uden afviste bookinger.',
    ],
    rows: [],
    sections: [],
    outro: [],
  };
  return email('Advarsel: mange online-bookinger på kort tid', doc);
}

/**
 * The owner's alert that online bookings arrive without a usable client address (at most one a
 * day, queued by public.booking_unknown_address_alert): the platform's address header did not reach
 * the booking function, so the per-address caps cannot tell visitors apart and are not counted.
 * Bookings still work; the setting to check is CLIENT_IP_HEADER, which the owner passes on.
 */
function noClientAddressAlert(payload: Record<string, unknown>): RenderedEmail {
  const at = typeof payload.at === 'string' ? payload.at : '';
  if (at) localParts(at);
  const doc: Doc = {
    heading: 'Bookinger uden den besøgendes internetadresse',
    intro: [
      `Der er kommet en online-booking${at ? ` (første gang i dag ${danishDateTime(at)})` : ''}, hvor bookingfunktionen ikke kunne se den besøgendes internetadresse.`,
      'Bookingerne virker stadig. Men grænserne pr. adresse (max_bookings_per_ip_per_day og de timevise) kan ikke skelne de besøgende fra hinanden og tælles ikke for dem; kun grænserne pr. e-mail og telefon og pr. time (max_new_bookings_per_hour) beskytter mod misbrug, indtil det er rettet.',
    ],
    rows: [],
    sections: [
      {
        title: 'Det skal du gøre',
        lines: [
          'Det skyldes en indstilling, ikke noget du har gjort. Send denne mail til den, der har sat hjemmesiden op.',
          'Til den, der har sat siden op: funktionshemmeligheden CLIENT_IP_HEADER (og med x-forwarded-for CLIENT_IP_TRUSTED_HOPS) passer ikke til platformen. npm run check:live siger, hvilken værdi der skal bruges (docs/deploy.md, "The client\'s address").',
          'Du får højst én sådan mail om dagen.',
        ],
      },
    ],
    outro: [],
  };
  return email('Advarsel: online-bookinger uden den besøgendes adresse', doc);
}

/**
 * The owner's list when a closing in closed_dates (a day or a period) leaves bookings on closed days
 * (queued by public.closed_dates_name_bookings, one per closing): each booking with the customer's
 * name and phone, and how to move or cancel it. The same list is on the saved closed_dates row.
 */
function closedDayAlert(payload: Record<string, unknown>): RenderedEmail {
  const from = str(payload, 'from');
  const to = str(payload, 'to');
  for (const day of [from, to])
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error('payload.from or payload.to is invalid');
  const items = agendaItems(payload, 'bookings');
  if (items.length === 0) throw new Error('payload.bookings is empty');
  const days =
    from === to
      ? danishDate(`${from}T12:00:00+00:00`)
      : `${danishDate(`${from}T12:00:00+00:00`)} til ${danishDate(`${to}T12:00:00+00:00`)}`;
  const n = count(items.length, 'booking', 'bookinger');
  const doc: Doc = {
    heading: 'Lukket dag med bookinger',
    intro: [
      `Du har lukket ${days}. ${n} ligger stadig på de lukkede dage og er hverken flyttet eller aflyst. Kunderne ved det ikke endnu.`,
    ],
    rows: [],
    sections: [
      {
        title: 'Bookingerne',
        lines: items.map((item) =>
          [
            `nr. ${item.reference}`,
            item.serviceName,
            item.customerName || '(uden navn)',
            item.customerPhone ? `tlf. ${phoneDisplay(item.customerPhone)}` : '',
            `afleveres ${danishDateTime(item.dropOff)}`,
            `klar ${readyText(item.dropOff, item.readyAt)}`,
          ]
            .filter(Boolean)
            .join(' · '),
        ),
      },
      {
        title: 'Det skal du gøre',
        lines: [
          'Ring til kunderne. Flyt hver booking i owner_bookings (skriv den nye tid i drop_off_local), eller aflys den; har kunden en e-mailadresse, får kunden en mail om det.',
          'owner_agenda med day = den lukkede dag viser, hvad der stadig står på dagen.',
        ],
      },
    ],
    outro: [],
  };
  return email(`Lukket ${days}: ${n} skal flyttes eller aflyses`, doc);
}

// e-mails that could not be sent ------------------------------------------------------------------

/** A given-up e-mail as the database lists it (public.email_given_up_item). */
interface GivenUpItem {
  kind: string;
  /** owner_notification alerts: which alert (busy, no_client_address). */
  alert: string;
  /** The address of a customer e-mail. */
  recipient: string;
  reference: string;
  serviceName: string;
  dropOff: string;
  bookingStatus: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** The morning agenda's day (yyyy-MM-dd). */
  day: string;
  error: string;
  attempts: number;
}

function givenUpItems(payload: Record<string, unknown>, key: string): GivenUpItem[] {
  const list = payload[key];
  if (!Array.isArray(list)) throw new Error(`payload.${key} is missing`);
  return list.map((entry: unknown) => {
    const item = (entry ?? {}) as Record<string, unknown>;
    const row: GivenUpItem = {
      kind: str(item, 'kind'),
      alert: str(item, 'alert', false),
      recipient: str(item, 'recipient', false),
      reference: str(item, 'reference', false),
      serviceName: str(item, 'serviceName', false),
      dropOff: str(item, 'dropOff', false),
      bookingStatus: str(item, 'bookingStatus', false),
      customerName: str(item, 'customerName', false),
      customerEmail: str(item, 'customerEmail', false),
      customerPhone: str(item, 'customerPhone', false),
      day: str(item, 'day', false),
      error: str(item, 'error', false),
      attempts: typeof item.attempts === 'number' ? item.attempts : 0,
    };
    if (row.dropOff) localParts(row.dropOff);
    if (row.day && !/^\d{4}-\d{2}-\d{2}$/.test(row.day)) throw new Error('payload day is invalid');
    return row;
  });
}

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
function givenUpEntry(item: GivenUpItem): string {
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

const GIVEN_UP_TITLE = 'E-mails der ikke kunne sendes';

function toCustomers(items: GivenUpItem[]): boolean {
  return items.some((item) => (CUSTOMER_KINDS as readonly string[]).includes(item.kind));
}

/** The list in the morning agenda. */
function givenUpSection(items: GivenUpItem[]): Section {
  return {
    title: GIVEN_UP_TITLE,
    lines: [
      ...items.map(givenUpEntry),
      `${toCustomers(items) ? 'Ring til kunderne, så de får besked. ' : ''}Fejlene står i tabellen email_outbox (status failed).`,
    ],
  };
}

/**
 * The owner's alert about e-mails given up after their last try (at most one a day, queued by
 * public.queue_given_up_alert): each with the customer's name, e-mail and phone, the booking and
 * the error, and what to do.
 */
function givenUpAlert(payload: Record<string, unknown>): RenderedEmail {
  const items = givenUpItems(payload, 'emails');
  if (items.length === 0) throw new Error('payload.emails is empty');
  const n = count(items.length, 'e-mail', 'e-mails');
  const doc: Doc = {
    heading: GIVEN_UP_TITLE,
    intro: [
      `${n} kunne ikke sendes, heller ikke efter flere forsøg, og er opgivet. Modtageren har altså ikke fået dem.`,
    ],
    rows: [],
    sections: [
      { title: 'Det drejer sig om', lines: items.map(givenUpEntry) },
      {
        title: 'Det skal du gøre',
        lines: [
          ...(toCustomers(items)
            ? [
                'Ring til kunden, og sig det, mailen skulle have sagt: at bookingen er bekræftet, flyttet eller afbestilt, eller hvornår bilen skal afleveres.',
              ]
            : []),
          'Fejlen står også i tabellen email_outbox (filtrér status = failed, se last_error). Når årsagen er rettet, kan du sende en mail igen ved at sætte dens status til pending.',
          'Du får højst én sådan mail om dagen. Kan flere mails ikke sendes senere i dag, står de i morgendagens mail og i din morgenoversigt, hvis den er slået til.',
        ],
      },
    ],
    outro: [],
  };
  return email(`Advarsel: ${n} kunne ikke sendes`, doc);
}

/** The e-mail of one outbox row. Throws when the row's payload is incomplete. */
export function renderEmail(msg: OutboxMessage, ctx: RenderContext): RenderedEmail {
  if (msg.kind === 'owner_agenda') return ownerAgenda(msg.payload);
  if (msg.kind === 'owner_notification' && msg.payload.alert === 'busy') {
    return busyAlert(msg.payload);
  }
  if (msg.kind === 'owner_notification' && msg.payload.alert === 'given_up') {
    return givenUpAlert(msg.payload);
  }
  if (msg.kind === 'owner_notification' && msg.payload.alert === 'no_client_address') {
    return noClientAddressAlert(msg.payload);
  }
  if (msg.kind === 'owner_notification' && msg.payload.alert === 'closed_day') {
    return closedDayAlert(msg.payload);
  }
  const b = booking(msg.payload);
  switch (msg.kind) {
    case 'booking_confirmation':
      return confirmation(b, msg, ctx);
    case 'booking_reminder':
      return reminder(b, msg, ctx);
    case 'cancellation_confirmation':
      return cancellation(b, msg, ctx);
    case 'owner_notification':
      return ownerNotification(b, false);
    case 'owner_cancellation':
      return ownerNotification(b, true);
    case 'booking_moved':
      return moved(b, msg, ctx);
    case 'owner_booking_moved':
      return ownerMoved(b);
    case 'booking_reconfirmed':
      return reconfirmed(b, msg, ctx);
    case 'car_ready':
      return carReady(b, msg, ctx);
    case 'car_ready_time':
      return carReadyTime(b, msg, ctx);
    default:
      throw new Error(`unknown e-mail kind ${String(msg.kind)}`);
  }
}
