import { CalendarDays } from 'lucide-react';
import { lazy, memo, Suspense, useEffect, useMemo, useState } from 'react';
import type { Matcher } from 'react-day-picker';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '~/components/ui/popover';
import { bookingCopy } from '~/content/booking';
import { danishDay } from '~/lib/danish-date';
import type { BookingCalendar } from '../api/get-booking-calendar';
import { dateFromIso, isoFromDate } from '../rules/calendar-date';

const loadCalendar = () => import('./date-calendar');
const DateCalendar = lazy(loadCalendar);

/**
 * Fetches the calendar once the browser is idle after a service was chosen (the date button is
 * enabled then), not while the form loads: its evaluation (react-day-picker, date-fns) is a task
 * of its own that a tap on the service field would otherwise have to wait for. No deadline:
 * forced in a busy moment, it would land between the visitor's key presses.
 */
function usePreloadCalendar(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void loadCalendar());
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => void loadCalendar(), 1000);
    return () => window.clearTimeout(id);
  }, [wanted]);
}

interface DateFieldProps {
  /** yyyy-MM-dd or null */
  value: string | null;
  onChange: (day: string) => void;
  disabled: boolean;
  /** The server's calendar of the chosen package; undefined while it loads (or failed). */
  calendar: BookingCalendar | undefined;
  /** The calendar could not be loaded, or the backend cannot be reached (no loading text then). */
  calendarFailed: boolean;
}

interface CalendarView {
  first: Date;
  last: Date;
  unavailable: Matcher[];
  full: Matcher[];
  hasFull: boolean;
}

/** What the month grid shows, from the server's answer only: no rule of its own. */
function calendarView(calendar: BookingCalendar): CalendarView {
  const bookable = new Set<string>();
  const full = new Set<string>();
  for (const day of calendar.days) {
    if (day.status === 'bookable') bookable.add(day.day);
    else if (day.status === 'full') full.add(day.day);
  }
  return {
    first: dateFromIso(calendar.first),
    last: dateFromIso(calendar.last),
    // a full day can be tapped: the form then offers the next free time (a tap on a day that
    // did nothing left the visitor trying day after day)
    unavailable: [(day: Date) => !bookable.has(isoFromDate(day)) && !full.has(isoFromDate(day))],
    full: [(day: Date) => full.has(isoFromDate(day))],
    hasFull: full.size > 0,
  };
}

/**
 * The date button and its calendar popover. The calendar (react-day-picker) is loaded on its own:
 * when the browser is idle after a service was chosen, or when the visitor points at or focuses the
 * button, so it is normally there before the popover opens; if not, the popover says so briefly.
 */
export const DateField = memo(function DateField({
  value,
  onChange,
  disabled,
  calendar,
  calendarFailed,
}: DateFieldProps) {
  const [open, setOpen] = useState(false);
  usePreloadCalendar(!disabled);
  const copy = bookingCopy.date;
  const selected = value ? dateFromIso(value) : undefined;
  const view = useMemo(() => (calendar ? calendarView(calendar) : null), [calendar]);
  const waiting = (
    <p className="flex h-80 w-64 items-center justify-center p-4 text-center text-sm text-muted-foreground">
      {calendarFailed ? copy.calendarFailed : copy.calendarLoading}
    </p>
  );

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
            font="normal"
            align="start"
            className="w-full"
            onPointerEnter={() => void loadCalendar()}
            onFocus={() => void loadCalendar()}
          >
            <CalendarDays aria-hidden="true" />
            <span id="booking-date-value" className={value ? undefined : 'text-muted-foreground'}>
              {value ? danishDay(value) : copy.placeholder}
            </span>
          </Button>
        </PopoverTrigger>
        <PopoverContent
          className="w-auto p-0"
          align="start"
          aria-label={copy.calendarLabel}
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          {view ? (
            <Suspense fallback={waiting}>
              <DateCalendar
                selected={selected}
                first={view.first}
                last={view.last}
                unavailable={view.unavailable}
                full={view.full}
                onSelect={(day) => {
                  onChange(isoFromDate(day));
                  setOpen(false);
                }}
              />
              {view.hasFull ? (
                <p className="max-w-72 px-3 pb-3 text-xs text-muted-foreground">
                  {copy.fullLegend}
                </p>
              ) : null}
            </Suspense>
          ) : (
            waiting
          )}
        </PopoverContent>
      </Popover>
    </div>
  );
});
