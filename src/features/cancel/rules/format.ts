// Danish dates of the cancel page, read from the ISO strings the server writes with the
// Copenhagen offset (so the visitor's own time zone never shifts them). Same wording as the e-mails.
const WEEKDAYS = ['søndag', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag'];
const MONTHS = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
];

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** "torsdag den 10. december 2026 kl. 09:00", or '' for anything else. */
export function danishDateTime(iso: string): string {
  const m = ISO.exec(iso);
  if (!m) return '';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} den ${day}. ${MONTHS[month - 1]} ${year} kl. ${m[4]}:${m[5]}`;
}

/** The token of a cancel link: exactly 64 lower-case hex characters, else null. */
export { linkToken as cancelToken } from '~/lib/link-token';
