import { addDays, todayIn } from './calendar-date';

/** The workshop's time zone: "today" and every booking day are Copenhagen days. */
export const BOOKING_TIME_ZONE = 'Europe/Copenhagen';
export const DEFAULT_MIN_ADVANCE_DAYS = 1;
export const DEFAULT_MAX_ADVANCE_DAYS = 60;
export const WINDOW_SETTING_KEYS = [
  'min_advance_booking_days',
  'max_advance_booking_days',
] as const;

export interface WindowSettings {
  minDays: number;
  maxDays: number;
}

export interface BookingWindow {
  /** First bookable day, yyyy-MM-dd. */
  first: string;
  /** Last bookable day, yyyy-MM-dd. */
  last: string;
}

function parseDays(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*\d+\s*$/.test(value)) return undefined;
  return Number.parseInt(value, 10);
}

/** The two window settings parsed as whole numbers; a missing or malformed row gives the default. */
export function parseWindowSettings(rows: ReadonlyArray<{ key: string; value: string }>) {
  const byKey = new Map(rows.map((row) => [row.key, row.value]));
  return {
    minDays: parseDays(byKey.get('min_advance_booking_days')) ?? DEFAULT_MIN_ADVANCE_DAYS,
    maxDays: parseDays(byKey.get('max_advance_booking_days')) ?? DEFAULT_MAX_ADVANCE_DAYS,
  } satisfies WindowSettings;
}

/** Bookable days: from today + min to today + max advance days, today taken in timeZone. */
export function bookingWindow(
  settings: WindowSettings,
  now: Date,
  timeZone: string = BOOKING_TIME_ZONE,
): BookingWindow {
  const today = todayIn(timeZone, now);
  return { first: addDays(today, settings.minDays), last: addDays(today, settings.maxDays) };
}

export function isInWindow(day: string, window: BookingWindow): boolean {
  return day >= window.first && day <= window.last;
}
