import { useCallback, useState } from 'react';
import { useAvailableSlots } from '../api/get-available-slots';
import { useBookingCalendar, type SlotSource } from '../api/get-booking-calendar';
import type { JobChoice } from '~/lib/job';

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
  /**
   * The chosen day's times are loading (also when they are loaded again); never while a failed
   * load is being asked again (the form says it cannot reach the backend then, not "loading").
   */
  loadingSlots: boolean;
  /** The chosen day's times could not be loaded (asked again by itself, with backoff). */
  slotsFailed: boolean;
  /** Why the times could not be read, while a day is chosen (null otherwise). */
  slotsError: Error | null;
  /**
   * The chosen time while it is one of the day's free times, else null (also while they load).
   * A day that offers exactly one time has it chosen by itself (see `onlyTime`).
   */
  time: string | null;
  /** The time was chosen by the form, as the day's only free time, not by the visitor. */
  onlyTime: boolean;
  /** Chooses a day: its times load, and the time must be chosen again. */
  pickDate: (day: string) => void;
  pickTime: (time: string) => void;
  /** Chooses a day and a time on it at once (the offered next free time). */
  pickDayAndTime: (day: string, time: string) => void;
  /** Forgets the time (it was just taken), keeping the day. */
  clearTime: () => void;
  /** Forgets day and time (another package, or after a booking). */
  clear: () => void;
}

/**
 * Pick a date, then a time, for one package (and the job's size and add-ons): the state the booking form (/contact) and the move
 * page (/flyt) share, with the calendar and free times from the server (the move page's own
 * source counts the booking's own time as free). The callbacks are stable.
 */
export function useSlotChoice(
  serviceId: string | null,
  source?: SlotSource,
  job?: JobChoice,
): SlotChoice {
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  // A day with one free time has nothing to choose (a job over several days is dropped off at
  // opening time), so it is taken for the visitor, until he has chosen or lost a time himself:
  // after his time was taken by someone else, the one left is his to take, not taken silently.
  const [mayPickOnly, setMayPickOnly] = useState(true);

  // the job's size and add-ons decide its length, so its own calendar and times
  const calendar = useBookingCalendar(serviceId, source, job);
  const slotsQuery = useAvailableSlots(serviceId, date, source, job);
  const slots = slotsQuery.isError ? NO_SLOTS : (slotsQuery.data?.slots ?? NO_SLOTS);
  const loadingSlots = date !== null && slotsQuery.isFetching && !slotsQuery.isError;
  const chosenTime = time !== null && !loadingSlots && slots.includes(time) ? time : null;
  const onlyTime =
    mayPickOnly && time === null && date !== null && !loadingSlots && slots.length === 1;

  const pickDate = useCallback((day: string) => {
    setDate(day);
    setTime(null);
    setMayPickOnly(true);
  }, []);
  const pickDayAndTime = useCallback((day: string, at: string) => {
    setDate(day);
    setTime(at);
  }, []);
  const clearTime = useCallback(() => {
    setTime(null);
    setMayPickOnly(false);
  }, []);
  const clear = useCallback(() => {
    setDate(null);
    setTime(null);
    setMayPickOnly(true);
  }, []);

  return {
    calendar,
    date,
    slots,
    readyAt: slotsQuery.data?.readyAt ?? NO_READY_AT,
    loadingSlots,
    slotsFailed: date !== null && slotsQuery.isError,
    slotsError: date !== null ? slotsQuery.error : null,
    time: onlyTime ? slots[0]! : chosenTime,
    onlyTime,
    pickDate,
    pickTime: setTime,
    pickDayAndTime,
    clearTime,
    clear,
  };
}
