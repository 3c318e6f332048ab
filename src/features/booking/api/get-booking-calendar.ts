import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { bookingDb } from './client';
import { BookingApiError } from './errors';
import type { AvailableSlots } from './get-available-slots';
import { bookingKeys } from './keys';
import { jobKey, type JobChoice } from '~/lib/job';

/** Why a day can or cannot be booked, as the database says (get_booking_calendar). */
export type CalendarDayStatus =
  'bookable' | 'full' | 'closed_weekday' | 'holiday' | 'closed_date' | 'outside_window';

export interface CalendarDay {
  /** yyyy-MM-dd */
  day: string;
  status: CalendarDayStatus;
  /** A bookable day's first free drop-off time, HH:mm (the form's next free time). */
  time?: string;
  /** The public holiday's Danish name, when the day is one. */
  holiday?: string;
}

/** The booking window of one package: every day from today to `last`, each with its status. */
export interface BookingCalendar {
  today: string;
  /** First day of the window, yyyy-MM-dd. */
  first: string;
  /** Last day of the window, yyyy-MM-dd. */
  last: string;
  days: CalendarDay[];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendar(value: unknown): value is BookingCalendar {
  const c = value as Partial<BookingCalendar> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.first === 'string' &&
    ISO_DAY.test(c.first) &&
    typeof c.last === 'string' &&
    ISO_DAY.test(c.last) &&
    Array.isArray(c.days) &&
    c.days.every((d) => typeof d?.day === 'string' && typeof d.status === 'string')
  );
}

/**
 * POST /rest/v1/rpc/get_booking_calendar {p_service_id, p_car_size?, p_addon_ids?}: one read-only
 * call that says which days of the window the job (the package, for a car size, with add-ons) can
 * be booked on, and why the others cannot. The browser knows no opening-hour, holiday or window
 * rule of its own. The package alone on an ordinary car is asked as before: {p_service_id}.
 */
export async function getBookingCalendar(
  serviceId: string,
  job?: JobChoice,
): Promise<BookingCalendar> {
  const db = await bookingDb('calendar');
  const { data, error, status } = await db.rpc(
    'get_booking_calendar',
    jobKey(job) === ''
      ? { p_service_id: serviceId }
      : { p_service_id: serviceId, p_car_size: job!.carSize, p_addon_ids: [...job!.addonIds] },
  );
  if (error) throw new BookingApiError('calendar', error.message, { status, cause: error });
  if (!isCalendar(data)) {
    throw new BookingApiError('calendar', 'get_booking_calendar answered without a calendar');
  }
  return data;
}

/**
 * Where a calendar and its free times come from: the form's public calls, or the move page's
 * (reschedule-booking), which count the booking's own time as free.
 */
export interface SlotSource {
  /** Part of the query keys, so that the two never share an answer. */
  key: string;
  /** `job`: the size and add-ons chosen with the package (a source may plan its own job). */
  calendar: (serviceId: string, job?: JobChoice) => Promise<BookingCalendar>;
  slots: (serviceId: string, date: string, job?: JobChoice) => Promise<AvailableSlots>;
}

export function bookingCalendarQueryOptions(
  serviceId: string | null,
  source?: SlotSource,
  job?: JobChoice,
) {
  const load = source?.calendar ?? getBookingCalendar;
  return queryOptions({
    queryKey: [...bookingKeys.calendar(serviceId ?? '', jobKey(job)), source?.key ?? 'public'],
    queryFn: serviceId ? () => load(serviceId, job) : skipToken,
    staleTime: 60_000,
    meta: { errorToast: 'loadSlots' },
  });
}

export function useBookingCalendar(serviceId: string | null, source?: SlotSource, job?: JobChoice) {
  return useQuery(bookingCalendarQueryOptions(serviceId, source, job));
}
