import type { Matcher } from 'react-day-picker';
import { da } from 'react-day-picker/locale';
import { Calendar } from '~/components/ui/calendar';

export interface DateCalendarProps {
  selected: Date | undefined;
  first: Date;
  last: Date;
  unavailable: Matcher[];
  onSelect: (day: Date) => void;
}

/**
 * The month grid of the date field (Danish, weeks from Monday, always 6 week rows). Its own
 * module, so react-day-picker loads when the form is idle or the visitor reaches for the date,
 * not with the page (see date-field.tsx).
 */
export default function DateCalendar({
  selected,
  first,
  last,
  unavailable,
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
      onSelect={(day) => {
        if (day) onSelect(day);
      }}
    />
  );
}
