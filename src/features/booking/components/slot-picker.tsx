import { useEffect } from 'react';
import type { SlotSource } from '../api/get-booking-calendar';
import { nextFreeTime } from '../rules/next-free-time';
import { BookingQueryProvider } from './booking-query-provider';
import { DateField } from './date-field';
import { NextFreeTime } from './next-free-time';
import { TimeField } from './time-field';
import { useSlotChoice } from './use-slot-choice';

export interface SlotPickerProps {
  /** The package whose days and times are offered. */
  serviceId: string;
  /** Where the calendar and the free times come from (the owner's own rules, for one). */
  source: SlotSource;
  /** The chosen day and time, or null while none is chosen (also when the package changes). */
  onChange: (choice: { date: string; time: string } | null) => void;
  disabled?: boolean;
}

/**
 * The booking form's date and time fields for one package, from any source of days and times:
 * the owner's phone booking and move on /ejer use the visitor's own picker, with the form's own
 * query client (its retries and outage handling), as the move page (/flyt) has it. Mounted anew
 * (a new `key`), it loads the days and times afresh.
 */
export function SlotPicker(props: SlotPickerProps) {
  return (
    <BookingQueryProvider>
      <Fields {...props} />
    </BookingQueryProvider>
  );
}

function Fields({ serviceId, source, onChange, disabled = false }: SlotPickerProps) {
  const { calendar, date, slots, readyAt, loadingSlots, slotsFailed, time, ...slot } =
    useSlotChoice(serviceId, source);
  const dayWithoutTime =
    date !== null && !loadingSlots && !slotsFailed && slots.length === 0 && !!calendar.data;

  useEffect(() => {
    onChange(date !== null && time !== null ? { date, time } : null);
  }, [date, time, onChange]);

  return (
    <div className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          value={date}
          onChange={slot.pickDate}
          disabled={disabled}
          calendar={calendar.data}
          calendarFailed={calendar.isError}
        />
        <TimeField
          slots={slots}
          value={time}
          onChange={slot.pickTime}
          hasDate={date !== null}
          loading={loadingSlots}
          date={date}
          readyAt={readyAt}
          onlyTime={slot.onlyTime}
        />
      </div>
      {dayWithoutTime ? (
        <NextFreeTime
          next={nextFreeTime(calendar.data, date)}
          onTake={(next) => slot.pickDayAndTime(next.day, next.time)}
        />
      ) : null}
    </div>
  );
}
