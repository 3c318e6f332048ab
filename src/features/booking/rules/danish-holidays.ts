import { addDays } from './calendar-date';

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm), yyyy-MM-dd. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The official Danish public holidays of a year, the same list the server closes
 * (danish_public_holidays in the booking-engine migration): Store Bededag only before 2024.
 */
export function danishPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  const days = [
    `${year}-01-01`,
    addDays(easter, -3),
    addDays(easter, -2),
    easter,
    addDays(easter, 1),
    ...(year < 2024 ? [addDays(easter, 26)] : []),
    addDays(easter, 39),
    addDays(easter, 49),
    addDays(easter, 50),
    `${year}-12-25`,
    `${year}-12-26`,
  ];
  return days.sort();
}

export function isDanishPublicHoliday(day: string): boolean {
  return danishPublicHolidays(Number(day.slice(0, 4))).includes(day);
}
