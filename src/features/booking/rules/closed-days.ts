import { isoWeekday } from './calendar-date';
import { isDanishPublicHoliday } from './danish-holidays';

export interface OpeningRules {
  /** Weekdays (ISO, 1 = Monday) with opening hours. */
  openWeekdays: ReadonlySet<number>;
  /** Days the owner closed (holidays, vacation), yyyy-MM-dd. */
  closedDates: ReadonlySet<string>;
  /** Days the owner opened although they would be closed, yyyy-MM-dd. */
  openDates: ReadonlySet<string>;
}

export interface OpeningHoursRow {
  weekday: number;
  opens_at: string | null;
  closes_at: string | null;
}

export function openingRules(
  openingHours: readonly OpeningHoursRow[],
  closedDates: readonly string[],
  openDates: readonly string[] = [],
): OpeningRules {
  return {
    openWeekdays: new Set(
      openingHours.filter((row) => row.opens_at && row.closes_at).map((row) => row.weekday),
    ),
    closedDates: new Set(closedDates),
    openDates: new Set(openDates),
  };
}

/**
 * Whether the workshop is closed on a day, with the server's precedence: a closed date, then an
 * opened date, then the Danish public holidays, then the weekday's opening hours.
 */
export function isClosedDay(day: string, rules: OpeningRules): boolean {
  if (rules.closedDates.has(day)) return true;
  if (rules.openDates.has(day)) return false;
  if (isDanishPublicHoliday(day)) return true;
  return !rules.openWeekdays.has(isoWeekday(day));
}
