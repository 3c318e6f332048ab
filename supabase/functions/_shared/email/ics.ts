// iCalendar (RFC 5545) file for a booking: one VEVENT from drop-off to ready time in
// Europe/Copenhagen with its VTIMEZONE, CRLF line endings and lines folded at 75 octets.

export interface IcsEvent {
  /** Stable id of the event; the cancellation uses the same one. */
  uid: string;
  /** ISO date-times with the Copenhagen offset, e.g. 2026-12-10T09:00:00+01:00. */
  start: string;
  end: string;
  /** When the file was made (must not change between retries of one e-mail). */
  stamp: Date;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  /** Free-text contact line (RFC 5545 CONTACT). */
  contact: string;
  /** A cancellation (METHOD:CANCEL, STATUS:CANCELLED). */
  cancelled?: boolean;
  /**
   * Revision of the event (SEQUENCE): 0 when booked, +1 per move, cancellation and reconfirmation
   * (bookings.ics_sequence), so calendars apply each update over the earlier one (same UID); a
   * reconfirmation thereby outranks the cancellation and puts the event back.
   */
  sequence?: number;
}

export const TZID = 'Europe/Copenhagen';

// Central European Time with the EU's DST rule (last Sunday of March 02:00 to last Sunday of
// October 03:00), as calendar programs publish it.
export const VTIMEZONE: readonly string[] = [
  'BEGIN:VTIMEZONE',
  `TZID:${TZID}`,
  `X-LIC-LOCATION:${TZID}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** TEXT value escaping: backslash, semicolon, comma and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Quoted parameter value (CN="..."): double quotes and control characters are not allowed. */
function paramValue(value: string): string {
  // deno-lint-ignore no-control-regex -- control characters are what this pattern removes
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

const encoder = new TextEncoder();

/** Folds one content line into pieces of at most 75 octets, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    if (size + n > limit) {
      pieces.push(current);
      current = ' ';
      size = 1;
      limit = 75;
    }
    current += ch;
    size += n;
  }
  pieces.push(current);
  return pieces.join('\r\n');
}

/** The local wall-clock value 20261210T090000 of an ISO string with the Copenhagen offset. */
export function localValue(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(iso);
  if (!m) throw new Error(`not an ISO date-time: ${iso}`);
  return `${m[1]}${m[2]}${m[3]}T${m[4]}${m[5]}${m[6] ?? '00'}`;
}

export function utcValue(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function buildIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Glanspunkt//Booking//DA',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    ...VTIMEZONE,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcValue(event.stamp)}`,
    `DTSTART;TZID=${TZID}:${localValue(event.start)}`,
    `DTEND;TZID=${TZID}:${localValue(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`,
    `CONTACT:${escapeText(event.contact)}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SEQUENCE:${event.sequence ?? (event.cancelled ? 1 : 0)}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** Base64 of the UTF-8 bytes (the e-mail API's attachment encoding). */
export function base64Utf8(text: string): string {
  const bytes = encoder.encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
