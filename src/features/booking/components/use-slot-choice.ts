import { useCallback, useState } from 'react';
import { useAvailableSlots } from '../api/get-available-slots';
import { useBookingCalendar } from '../api/get-booking-calendar';

// stable empties, so that the memoised date and time fields re-render only on a real change
const NO_SLOTS: readonly string[] = [];
const NO_READY_AT: Readonly<Record<string, string>> = {};

export interface SlotChoice {
  /** The package's bookable days, as the database answers them (get_booking_calendar). */
  calendar: ReturnType<typeof useBookingCalendar>;
  /** The chosen day, yyyy-MM-dd. */
  date: string | null;
  /** The chosen day's free drop-off times: none before a day, while unknown or after a failure. */
  slots: readonly string[];
  /** Ready time per free time (ISO 8601, Copenhagen offset), when the server sends it. */
  readyAt: Readonly<Record<string, string>>;
  /** The chosen day's times are loading (also when they are loaded again). */
  loadingSlots: boolean;
  /** The chosen time while it is one of the day's free times, else null (also while they load). */
  time: string | null;
  /** Chooses a day: its times load, and the time must be chosen again. */
  pickDate: (day: string) => void;
  pickTime: (time: string) => void;
  /** Forgets the time (it was just taken), keeping the day. */
  clearTime: () => void;
  /** Forgets day and time (another package, or after a booking). */
  clear: () => void;
}

/**
 * Pick a date, then a time, for one package: the state the booking form (/contact) and the move
 * page (/flyt) share, with the calendar and free times from the server. The callbacks are stable.
 */
export function useSlotChoice(serviceId: string | null): SlotChoice {
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);

  const calendar = useBookingCalendar(serviceId);
  const slotsQuery = useAvailableSlots(serviceId, date);
  const slots = slotsQuery.isError ? NO_SLOTS : (slotsQuery.data?.slots ?? NO_SLOTS);
  const loadingSlots = date !== null && slotsQuery.isFetching;
  const chosenTime = time !== null && !loadingSlots && slots.includes(time) ? time : null;

  const pickDate = useCallback((day: string) => {
    setDate(day);
    setTime(null);
  }, []);
  const clearTime = useCallback(() => setTime(null), []);
  const clear = useCallback(() => {
    setDate(null);
    setTime(null);
  }, []);

  return {
    calendar,
    date,
    slots,
    readyAt: slotsQuery.data?.readyAt ?? NO_READY_AT,
    loadingSlots,
    time: chosenTime,
    pickDate,
    pickTime: setTime,
    clearTime,
    clear,
  };
}
