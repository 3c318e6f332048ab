/**
 * What the pages say about the workshop's age and founding month, derived from the one founding
 * fact (business.founded) and the moment the site is built.
 *
 * The pages are prerendered, so an age is worked out when the site is built and is true until the
 * next anniversary of the founding month, when the site is built again (the pg_cron job
 * site-rebuild-anniversary, supabase/schemas/90_operations.sql). The build works the texts out
 * once (vite.config.ts) and hands the prerender and the browser bundle the same ones (the
 * constants SITE_FOUNDED_*, see foundingDefines): the hydrated page says what the prerendered one
 * says, whatever the visitor's clock, and the browser carries the texts, not this code.
 *
 * Imported by the build configuration under Node: relative imports only.
 */
import type { YearMonth } from './business';

/** The founding texts of the pages, as of one moment. */
export interface FoundingTexts {
  /** "2 år" */
  age: string;
  /** "august 2024" */
  month: string;
  /** "Aug 2024" */
  shortMonth: string;
}

const MONTHS =
  'januar februar marts april maj juni juli august september oktober november december'.split(' ');

/** The calendar month of an instant in Copenhagen (the workshop's calendar, not the machine's). */
export function copenhagenMonth(now: Date): YearMonth {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Copenhagen',
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const part = (type: 'year' | 'month') => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') };
}

/**
 * Whole years since the founding month: each anniversary is the first day of the founding month
 * in Copenhagen (the founding is known to the month). 0 before the first anniversary.
 */
export function yearsSince(founded: YearMonth, now: Date): number {
  const { year, month } = copenhagenMonth(now);
  return Math.max(0, year - founded.year - (month < founded.month ? 1 : 0));
}

/**
 * The age as a statistic's figure: "1 år", "2 år", and "Nystartet" before the first anniversary
 * (a figure in months would be out of date a month after the build; this is true until the
 * anniversary, when the site is rebuilt anyway).
 */
export function ageText(founded: YearMonth, now: Date): string {
  const years = yearsSince(founded, now);
  return years > 0 ? `${years} år` : 'Nystartet';
}

/** "august 2024". */
export function monthText({ year, month }: YearMonth): string {
  return `${MONTHS[month - 1]} ${year}`;
}

/** "Aug 2024", as the timeline writes its months. */
export function shortMonthText({ year, month }: YearMonth): string {
  const name = MONTHS[month - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1, 3)} ${year}`;
}

/** The founding texts as of `now`. */
export function foundingTexts(founded: YearMonth, now: Date): FoundingTexts {
  return {
    age: ageText(founded, now),
    month: monthText(founded),
    shortMonth: shortMonthText(founded),
  };
}

/**
 * The founding texts as of `now` as Vite's `define`s of three constants, SITE_FOUNDED_AGE,
 * SITE_FOUNDED_MONTH and SITE_FOUNDED_SHORT_MONTH (vite.config.ts, and vitest.config.ts as of a
 * fixed moment), so that each is a string in the bundle where a page uses it. Constants of their
 * own, not of import.meta.env: Vite copies every import.meta.env value into each chunk that reads
 * import.meta.env whole (the site's shell does), which would put them in every page.
 */
export function foundingDefines(founded: YearMonth, now: Date): Record<string, string> {
  const texts = foundingTexts(founded, now);
  return {
    SITE_FOUNDED_AGE: JSON.stringify(texts.age),
    SITE_FOUNDED_MONTH: JSON.stringify(texts.month),
    SITE_FOUNDED_SHORT_MONTH: JSON.stringify(texts.shortMonth),
  };
}
