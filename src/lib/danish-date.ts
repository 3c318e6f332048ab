// The one Danish style of a booking's time on every page (the booking form, /flyt, /afbestil):
// "torsdag den 10. december 2026 kl. 09:00". The words come from Intl (ICU), as in the e-mails and
// the owner's calendar feed (supabase/functions/_shared/email/format.ts), which the browser cannot
// import; supabase/tests/danish-dates.test.ts fails when the two write a time differently.
// Only the pages that show a booking import this module, so it is in no page's first load.

/** The weekday, "den", day, month and year: "torsdag den 10. december 2026". */
const DAY = new Intl.DateTimeFormat('da-DK', { timeZone: 'Europe/Copenhagen', dateStyle: 'full' });

/**
 * The Copenhagen day and time of an ISO instant written with the Copenhagen offset, as the server
 * writes them ('2026-12-02T16:00:00+01:00' -> day '2026-12-02', time '16:00'), read as written.
 */
export function localParts(iso: string): { day: string; time: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? { day: match[1]!, time: match[2]! } : null;
}

/** "torsdag den 10. december 2026" for a calendar day yyyy-MM-dd, '' for anything else. */
export function danishDay(day: string): string {
  // noon UTC is the same calendar day in Copenhagen, summer and winter
  const noon = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(noon.getTime()) ? '' : DAY.format(noon);
}

/** "torsdag den 10. december 2026 kl. 09:00" for a calendar day and a time HH:mm. */
export function danishDayTime(day: string, time: string): string {
  return `${danishDay(day)} kl. ${time}`;
}

/** "torsdag den 10. december 2026 kl. 09:00" for a server instant, '' for anything else. */
export function danishDateTime(iso: string): string {
  const parts = localParts(iso);
  return parts && danishDay(parts.day) ? danishDayTime(parts.day, parts.time) : '';
}
