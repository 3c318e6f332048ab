// "Tilføj til Google Kalender / Outlook": plain links that open the calendar's own new-event page
// with the booking filled in (nothing of theirs loads until the visitor clicks), beside the .ics
// file on the confirmation. The confirmation e-mail builds the same links with its own copy,
// supabase/functions/_shared/email/calendar-links.ts; supabase/tests/calendar-links.test.ts fails
// while the two differ.

export interface CalendarBooking {
  reference: string;
  serviceName: string;
  /** ISO 8601 with the Copenhagen offset, e.g. 2026-12-10T09:00:00+01:00. */
  dropOff: string;
  readyAt: string;
  /** The size and add-ons in a sentence or two (lib/booking-job.ts jobSentence), when any. */
  jobText?: string;
}

export interface CalendarWorkshop {
  name: string;
  address: string;
  phone: string;
}

/** Title, details and place of the event: the same words in both calendars. */
export function calendarEvent(booking: CalendarBooking, workshop: CalendarWorkshop) {
  return {
    title: `${workshop.name}: ${booking.serviceName}`,
    details: `Bookingnummer ${booking.reference}. ${booking.jobText ? `${booking.jobText} ` : ''}Aflever bilen på værkstedet, ${workshop.address}. Spørgsmål: ring ${workshop.phone}.`,
    location: workshop.address,
  };
}

/** 20261210T080000Z: a UTC time as Google's `dates` wants it. */
const utc = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

const query = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/** Google Calendar's "new event" page with the booking filled in. */
export function googleCalendarUrl(booking: CalendarBooking, workshop: CalendarWorkshop): string {
  const event = calendarEvent(booking, workshop);
  return `https://calendar.google.com/calendar/render?${query({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utc(booking.dropOff)}/${utc(booking.readyAt)}`,
    details: event.details,
    location: event.location,
    ctz: 'Europe/Copenhagen',
  })}`;
}

/** Outlook on the web's "new event" page (outlook.live.com; work accounts are sent on from it). */
export function outlookCalendarUrl(booking: CalendarBooking, workshop: CalendarWorkshop): string {
  const event = calendarEvent(booking, workshop);
  return `https://outlook.live.com/calendar/0/action/compose?${query({
    rru: 'addevent',
    subject: event.title,
    startdt: booking.dropOff,
    enddt: booking.readyAt,
    body: event.details,
    location: event.location,
  })}`;
}

/** RFC 5545 TEXT: backslash, semicolon, comma and line breaks escaped. */
const icsText = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\n/g, '\\n');

/**
 * A content line folded within 75 octets (a space starts each continuation): 37 characters of at
 * most 2 UTF-8 octets each (the Danish letters), never inside a character.
 */
const fold = (line: string) => line.match(/.{1,37}/gu)!.join('\r\n ');

/**
 * The booking as a calendar file, a `data:` URL for a link with `download` (made in the page: no
 * request). Its UID is the confirmation e-mail's (`booking-<reference>@glanspunkt`), so a calendar
 * that takes both keeps one event, and a later move or cancellation e-mail updates it.
 */
export function icsHref(booking: CalendarBooking, workshop: CalendarWorkshop, now: Date): string {
  const event = calendarEvent(booking, workshop);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${workshop.name}//Booking//DA`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:booking-${booking.reference}@glanspunkt`,
    `DTSTAMP:${utc(now.toISOString())}`,
    `DTSTART:${utc(booking.dropOff)}`,
    `DTEND:${utc(booking.readyAt)}`,
    `SUMMARY:${icsText(event.title)}`,
    `DESCRIPTION:${icsText(event.details)}`,
    `LOCATION:${icsText(event.location)}`,
    'SEQUENCE:0',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(lines.map(fold).join('\r\n') + '\r\n')}`;
}
