// Danish dates of the cancel and move pages, from Intl (ICU) in Copenhagen time, so the visitor's own
// time zone never shifts them. The e-mails (supabase/functions/_shared/email/format.ts) write the
// same words; supabase/tests/danish-dates.test.ts fails when the two disagree.
const DANISH = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  dateStyle: 'full',
  timeStyle: 'short',
});

/** "torsdag den 10. december 2026 kl. 09:00", or '' for anything but an ISO date-time. */
export function danishDateTime(iso: string): string {
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? new Date(iso) : new Date(NaN);
  // ICU writes Danish times as 09.00; the pages and e-mails write kl. 09:00
  return Number.isNaN(at.getTime()) ? '' : DANISH.format(at).replace(/\.(\d{2})$/, ':$1');
}

/** The token of a cancel link: exactly 64 lower-case hex characters, else null. */
export { linkToken as cancelToken } from '~/lib/link-token';
