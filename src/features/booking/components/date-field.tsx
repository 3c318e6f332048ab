import { CalendarDays } from 'lucide-react';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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

/** Room kept free around the calendar, in CSS pixels. */
const EDGE = 8;

/** The bottom of the sticky site header (it covers what lies under it), 0 without one. */
function headerBottom(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

/**
 * Keeps the open calendar in view below the sticky header, at any zoom: a short viewport (200 %
 * zoom halves it) left no room under the button, and the popover flipped up under the header.
 * The header's height is collision padding, so the popover never goes there; when the room below
 * the button is too small, the page scrolls the button up to just under the header first.
 */
function useCalendarInView() {
  const trigger = useRef<HTMLButtonElement | null>(null);
  const [top, setTop] = useState(0);
  /** Reads the header's bottom as the popover opens (it can grow with the text size). */
  const measure = useCallback(() => setTop(headerBottom()), []);
  const watching = useRef<MutationObserver | null>(null);
  // the popover's content, once mounted (in a portal, a commit after the open state), and again
  // when what it shows changes (the month grid replacing the loading text is taller)
  const content = useCallback((box: HTMLDivElement | null) => {
    watching.current?.disconnect();
    watching.current = null;
    if (!box) return;
    const fit = () => {
      const button = trigger.current?.getBoundingClientRect();
      if (!button) return;
      const below = window.innerHeight - EDGE - (button.bottom + 4);
      // the content's whole height: the box itself is capped at the room Radix gives it
      const short = box.scrollHeight - below;
      if (short <= 0) return;
      // as far as needed, and no further than to just under the header
      const room = button.top - headerBottom() - EDGE;
      if (room > 0) window.scrollBy({ top: Math.min(short, room), behavior: 'instant' });
    };
    fit();
    watching.current = new MutationObserver(fit);
    watching.current.observe(box, { childList: true, subtree: true });
  }, []);
  return { trigger, content, top, measure };
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
  const { trigger, content: keepInView, top: headerRoom, measure } = useCalendarInView();
  usePreloadCalendar(!disabled);
  const copy = bookingCopy.date;
  const selected = value ? dateFromIso(value) : undefined;
  const view = useMemo(() => (calendar ? calendarView(calendar) : null), [calendar]);
  const waiting = (
    <p className="flex h-80 w-64 items-center justify-center p-4 text-center text-sm text-muted-foreground">
      {calendarFailed ? copy.calendarWaiting : copy.calendarLoading}
    </p>
  );

  return (
    <div className="grid gap-2">
      <Label htmlFor="booking-date" id="booking-date-label">
        {copy.label}
      </Label>
      <Popover
        open={open}
        onOpenChange={(next) => {
          if (next) measure();
          setOpen(next);
        }}
      >
        <PopoverTrigger asChild ref={trigger}>
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
          ref={keepInView}
          // scrolls inside itself when even the whole room under the header is too short
          className="max-h-(--radix-popover-content-available-height) w-auto overflow-y-auto p-0"
          side="bottom"
          collisionPadding={{ top: headerRoom + EDGE, right: EDGE, bottom: EDGE, left: EDGE }}
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
