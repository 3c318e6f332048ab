import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import type { Matcher } from 'react-day-picker';
import { da } from 'react-day-picker/locale';
import { Button } from '~/components/ui/button';
import { Calendar } from '~/components/ui/calendar';
import { Label } from '~/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { bookingCopy } from '~/content/booking';
import type { BookingWindow } from '../rules/booking-window';
import { dateFromIso, isoFromDate } from '../rules/calendar-date';
import { isClosedDay, type OpeningRules } from '../rules/closed-days';
import { formatDay } from '../rules/summary';

interface DateFieldProps {
  /** yyyy-MM-dd or null */
  value: string | null;
  onChange: (day: string) => void;
  disabled: boolean;
  window: BookingWindow;
  /** Closed weekdays and dates, when known; otherwise only the window limits the days. */
  openingRules: OpeningRules | undefined;
}

/** The date button and its calendar popover (Danish, weeks from Monday, always 6 week rows). */
export function DateField({ value, onChange, disabled, window, openingRules }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  const copy = bookingCopy.date;
  const first = dateFromIso(window.first);
  const last = dateFromIso(window.last);
  const selected = value ? dateFromIso(value) : undefined;
  const unavailable: Matcher[] = [{ before: first }, { after: last }];
  if (openingRules) unavailable.push((day: Date) => isClosedDay(isoFromDate(day), openingRules));

  return (
    <div className="grid gap-2">
      <Label htmlFor="booking-date" id="booking-date-label">
        {copy.label}
      </Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            id="booking-date"
            type="button"
            variant="outline"
            disabled={disabled}
            aria-labelledby="booking-date-label booking-date-value"
            className="w-full justify-start text-left font-normal"
          >
            <CalendarDays aria-hidden="true" />
            <span id="booking-date-value" className={value ? undefined : 'text-muted-foreground'}>
              {value ? formatDay(value) : copy.placeholder}
            </span>
          </Button>
        </PopoverTrigger>
        <PopoverContent
          className="w-auto p-0"
          align="start"
          aria-label={copy.calendarLabel}
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
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
              if (!day) return;
              onChange(isoFromDate(day));
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}
