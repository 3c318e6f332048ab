import { bookingCopy } from '~/content/booking';
import { danishDayTime } from '~/lib/danish-date';
import type { FreeTime } from '../rules/next-free-time';

/**
 * Under a chosen day without a free time (full, or closed for the package): the next bookable day
 * and time as the database answered them, taken with one tap; or, with none left in the window,
 * the phone.
 */
export function NextFreeTime({
  next,
  onTake,
}: {
  next: FreeTime | null;
  onTake: (next: FreeTime) => void;
}) {
  const copy = bookingCopy.date;
  if (!next) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {copy.nextFreeNone}
      </p>
    );
  }
  return (
    <div role="status">
      {/* not the Button: its label must wrap on a phone (Button keeps one line) */}
      <button
        type="button"
        data-testid="booking-next-free"
        className="w-full rounded-md border border-input bg-background px-4 py-3 text-left text-sm font-semibold transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        onClick={() => onTake(next)}
      >
        {copy.nextFree}: {danishDayTime(next.day, next.time)}
      </button>
    </div>
  );
}
