// "Tilføj til Google Kalender / Outlook": plain links that open the calendar's own new-event page
// with the booking filled in (nothing of theirs loads until the customer clicks). COPY of
// src/features/booking/rules/calendar-links.ts (the confirmation on the page builds the same
// links); supabase/tests/calendar-links.test.ts fails while the two differ. No imports.

export interface CalendarBooking {
  reference: string;
  serviceName: string;
  /** ISO 8601 with the Copenhagen offset, e.g. 2026-12-10T09:00:00+01:00. */
  dropOff: string;
  readyAt: string;
  /** The car size and add-ons in words ("Bilstørrelse: Varebil. Tilvalg: Motorvask."), if any. */
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
