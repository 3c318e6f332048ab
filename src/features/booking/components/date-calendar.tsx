import type { Matcher } from 'react-day-picker';
import { da } from 'react-day-picker/locale';
import { Calendar } from '~/components/ui/calendar';
import { bookingCopy } from '~/content/booking';

export interface DateCalendarProps {
  selected: Date | undefined;
  first: Date;
  last: Date;
  /** Days that cannot be picked (every day the server called neither bookable nor full). */
  unavailable: Matcher[];
  /** Open days with no free time left for the chosen package (picked, they offer the next one). */
  full: Matcher[];
  onSelect: (day: Date) => void;
}

const localeLabel = da.labels?.labelDayButton;

/**
 * The month grid of the date field (Danish, weeks from Monday, always 6 week rows). Its own
 * module, so react-day-picker loads when the form is idle or the visitor reaches for the date,
 * not with the page (see date-field.tsx). Full days are struck through and say so.
 */
export default function DateCalendar({
  selected,
  first,
  last,
  unavailable,
  full,
  onSelect,
}: DateCalendarProps) {
  return (
    <Calendar
      mode="single"
      autoFocus
      locale={da}
      weekStartsOn={1}
      fixedWeeks
      showOutsideDays
      selected={selected}
      defaultMonth={selected ?? first}
      startMonth={first}
      endMonth={last}
      disabled={unavailable}
      modifiers={{ full }}
      // struck through in red (calendar.css)
      modifiersClassNames={{ full: 'calendar-day-full' }}
      labels={{
        labelDayButton: (date, modifiers, options, dateLib) => {
          const label =
            typeof localeLabel === 'function'
              ? localeLabel(date, modifiers, options, dateLib)
              : date.toDateString();
          return modifiers.full ? `${label}, ${bookingCopy.date.fullDay}` : label;
        },
      }}
      onSelect={(day) => {
        if (day) onSelect(day);
      }}
    />
  );
}
