/**
 * What the pages say about the workshop's founding month, derived from the one founding fact
 * (business.founded).
 */
import { business, type YearMonth } from './business';

const MONTHS =
  'januar februar marts april maj juni juli august september oktober november december'.split(' ');

/** "august 2024". */
export function monthText({ year, month }: YearMonth): string {
  return `${MONTHS[month - 1]} ${year}`;
}

/** "Aug 2024", as the timeline writes its months. */
export function shortMonthText({ year, month }: YearMonth): string {
  const name = MONTHS[month - 1]!;
  return `${name[0]!.toUpperCase()}${name.slice(1, 3)} ${year}`;
}

/** The founding texts of the pages. */
export const founding = {
  /** "august 2024" */
  month: monthText(business.founded),
  /** "Aug 2024" */
  shortMonth: shortMonthText(business.founded),
};
