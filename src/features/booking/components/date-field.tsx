import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Matcher } from 'react-day-picker';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { bookingCopy } from '~/content/booking';
import type { BookingWindow } from '../rules/booking-window';
import { dateFromIso, isoFromDate } from '../rules/calendar-date';
import { isClosedDay, type OpeningRules } from '../rules/closed-days';
import { formatDay } from '../rules/summary';

const loadCalendar = () => import('./date-calendar');
const DateCalendar = lazy(loadCalendar);

/**
 * Fetches the calendar once the browser is idle after the form mounted (no deadline: forced in a
 * busy moment, its evaluation would land between the visitor's key presses).
 */
function usePreloadCalendar() {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void loadCalendar());
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => void loadCalendar(), 1000);
    return () => window.clearTimeout(id);
  }, []);
}

interface DateFieldProps {
  /** yyyy-MM-dd or null */
  value: string | null;
  onChange: (day: string) => void;
  disabled: boolean;
  window: BookingWindow;
  /** Closed weekdays and dates, when known; otherwise only the window limits the days. */
  openingRules: OpeningRules | undefined;
}

/**
 * The date button and its calendar popover. The calendar (react-day-picker) is loaded on its own:
 * when the browser is idle after the form mounted, or when the visitor points at or focuses the
 * button, so it is normally there before the popover opens; if not, the popover says so briefly.
 */
export function DateField({ value, onChange, disabled, window, openingRules }: DateFieldProps) {
  const [open, setOpen] = useState(false);
  usePreloadCalendar();
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
            onPointerEnter={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
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
          <Suspense
            fallback={
              <p className="flex h-80 w-64 items-center justify-center p-4 text-sm text-muted-foreground">
                {copy.calendarLoading}
              </p>
            }
          >
            <DateCalendar
              selected={selected}
              first={first}
              last={last}
              unavailable={unavailable}
              onSelect={(day) => {
                onChange(isoFromDate(day));
                setOpen(false);
              }}
            />
          </Suspense>
        </PopoverContent>
      </Popover>
    </div>
  );
}
