// The links of the waiting list's e-mails. The booking form reads the same query names
// (src/content/waitlist.ts WAITLIST_QUERY); supabase/tests/waitlist-function.test.ts ties the two.
import { danishDate } from './format.ts';

export const WAITLIST_QUERY = {
  service: 'service',
  day: 'dag',
  /** the car size's code, when not the ordinary car */
  size: 'bil',
  /** the add-ons' ids, comma-separated */
  addons: 'tilvalg',
  leave: 'venteliste-afmeld',
} as const;

function site(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}

/** "torsdag den 10. december 2026" of a yyyy-MM-dd day (noon: the same date in any offset). */
export function waitlistDayText(day: string): string {
  return danishDate(`${day}T12:00:00+01:00`);
}

/**
 * Opens the booking form on the day with the package chosen, and with the car size and the add-ons
 * of the job he signed up with, when given.
 */
export function waitlistBookingLink(
  siteUrl: string,
  serviceName: string,
  day: string,
  job: { carSize?: string; addonIds?: readonly string[] } = {},
): string {
  const query = new URLSearchParams({
    [WAITLIST_QUERY.service]: serviceName,
    [WAITLIST_QUERY.day]: day,
  });
  if (job.carSize) query.set(WAITLIST_QUERY.size, job.carSize);
  if (job.addonIds?.length) query.set(WAITLIST_QUERY.addons, job.addonIds.join(','));
  return `${site(siteUrl)}/contact?${query.toString()}#form`;
}

/** Opens the form's "Fjern mig fra listen" with the receipt's token. */
export function waitlistLeaveLink(siteUrl: string, token: string): string {
  const query = new URLSearchParams({ [WAITLIST_QUERY.leave]: token });
  return `${site(siteUrl)}/contact?${query.toString()}#form`;
}
