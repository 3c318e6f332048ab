import type { BookingCalendar } from '../api/get-booking-calendar';

export interface FreeTime {
  /** yyyy-MM-dd */
  day: string;
  /** HH:mm */
  time: string;
}

/**
 * The next bookable day after `chosen` and its first free time, as the database answered them in
 * the calendar (each bookable day carries its first free drop-off): the window, closed days, the
 * package's length and multi-day rule are the database's. Null when the window has none left.
 */
export function nextFreeTime(
  calendar: BookingCalendar | undefined,
  chosen: string | null,
): FreeTime | null {
  if (!calendar || !chosen) return null;
  for (const day of calendar.days) {
    if (day.day > chosen && day.status === 'bookable' && day.time) {
      return { day: day.day, time: day.time };
    }
  }
  return null;
}
