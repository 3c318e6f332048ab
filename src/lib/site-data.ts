/**
 * The business facts the owner changes in the Supabase dashboard, as the pages show them: the
 * offered packages (name, price, duration) from `services` and the weekly hours from
 * `opening_hours`. The site layout's route loader reads them at build time (and on every request
 * of the dev server) from the Supabase the site books against (site-data.server.ts); every page,
 * the JSON-LD and the booking form read them through useSiteData(). The job catalogue (car sizes,
 * size prices, add-ons) is read with them but travels only in the route data of the pages that
 * sell a job (job-catalogue.ts), not in every page's. There is no copy of these numbers in the
 * code.
 */
import { useRouteLoaderData } from 'react-router';
import type { JobCatalogue } from './job-catalogue';

/** Route id of the layout route whose loader holds the site data (src/app/routes.ts). */
export const SITE_DATA_ROUTE_ID = 'site';

export type PackageCategory = 'vask' | 'polering' | 'special';

/** One active row of public.services, in the shape the pages use. */
export interface SiteService {
  id: string;
  /** Stable key of the card texts and picture in src/content/packages.ts. */
  slug: string;
  name: string;
  category: PackageCategory;
  /** Whole DKK, VAT included. */
  price: number;
  durationMinutes: number;
  /**
   * About how many working days the job takes when it takes more than one (lib/working-days.ts,
   * from the opening hours, worked out when the data is read), else null.
   */
  workingDays: number | null;
}

/** One weekday of public.opening_hours; times as 'HH:MM', both null when closed. */
export interface OpeningDay {
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
  opensAt: string | null;
  closesAt: string | null;
}

export interface SiteData {
  /** Active packages in the owner's order (category, then sort_order). */
  services: SiteService[];
  /** Seven days, Monday first. */
  openingHours: OpeningDay[];
  /** Until how many hours before drop-off a customer may cancel or move by the e-mail's links. */
  cancellationNoticeHours: number;
  /** How many times a customer may move a booking by the e-mail's link (max_moves_per_booking). */
  maxMovesPerBooking: number;
  /** The online booking window: from `min` to `max` days after today (the two advance settings). */
  bookingWindowDays: { min: number; max: number };
}

/** Everything the build reads: the layout's site data and the job catalogue. */
export type SiteFacts = SiteData & JobCatalogue;

/** The layout's part of the facts: what every page shows. */
export function siteDataFrom(facts: SiteFacts): SiteData {
  const { services, openingHours, cancellationNoticeHours, maxMovesPerBooking, bookingWindowDays } =
    facts;
  return { services, openingHours, cancellationNoticeHours, maxMovesPerBooking, bookingWindowDays };
}

/** The site data of the current page (the layout's loader data). Throws outside the layout. */
export function useSiteData(): SiteData {
  const data = useRouteLoaderData(SITE_DATA_ROUTE_ID) as SiteData | undefined;
  if (!data) throw new Error('useSiteData: no site data (render inside the site layout route)');
  return data;
}

/** The site data when rendered inside the site layout, else undefined (e.g. a component test). */
export function useOptionalSiteData(): SiteData | undefined {
  return useRouteLoaderData(SITE_DATA_ROUTE_ID) as SiteData | undefined;
}

const WEEKDAY_NAMES = [
  'Mandag',
  'Tirsdag',
  'Onsdag',
  'Torsdag',
  'Fredag',
  'Lørdag',
  'Søndag',
] as const;

const CLOSED = 'Lukket';

export interface OpeningHoursLine {
  /** 'Mandag - Torsdag', 'Fredag'. */
  days: string;
  /** '09:00 - 20:00' or 'Lukket'. */
  hours: string;
  /** ISO weekdays of the line, for machine-readable forms (JSON-LD). */
  weekdays: number[];
  opensAt: string | null;
  closesAt: string | null;
}

/** The week as display lines, consecutive days with equal hours grouped (Monday first). */
export function openingHoursLines(days: readonly OpeningDay[]): OpeningHoursLine[] {
  const of = (weekday: number) => days.find((day) => day.weekday === weekday);
  const hoursOf = (weekday: number) => {
    const day = of(weekday);
    return day?.opensAt && day.closesAt ? `${day.opensAt} - ${day.closesAt}` : CLOSED;
  };
  const lines: OpeningHoursLine[] = [];
  let start = 1;
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    if (weekday < 7 && hoursOf(weekday + 1) === hoursOf(weekday)) continue;
    const first = WEEKDAY_NAMES[start - 1]!;
    const last = WEEKDAY_NAMES[weekday - 1]!;
    const day = of(weekday);
    const open = Boolean(day?.opensAt && day.closesAt);
    lines.push({
      days: start === weekday ? first : `${first} - ${last}`,
      hours: hoursOf(weekday),
      weekdays: Array.from({ length: weekday - start + 1 }, (_, i) => start + i),
      opensAt: open ? day!.opensAt : null,
      closesAt: open ? day!.closesAt : null,
    });
    start = weekday + 1;
  }
  return lines;
}

/** '199 kr. - 3.600 kr.' style span of the active packages' prices (undefined when none). */
export function priceSpan(services: readonly SiteService[]): { min: number; max: number } | null {
  if (services.length === 0) return null;
  const prices = services.map((service) => service.price);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** The site data from a route's `meta` arguments (the layout's match), for the JSON-LD. */
export function siteDataOf(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): SiteData | undefined {
  return matches.find((match) => match?.id === SITE_DATA_ROUTE_ID)?.loaderData as
    SiteData | undefined;
}

/** 'mandag - torsdag 09:00 - 20:00, fredag 08:00 - 17:00 og lørdag 10:00 - 16:00' (open days only). */
export function openingHoursSentence(days: readonly OpeningDay[]): string {
  const parts = openingHoursLines(days)
    .filter((line) => line.opensAt)
    .map((line) => `${line.days.toLowerCase()} ${line.hours}`);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} og ${parts.at(-1)}`;
}
