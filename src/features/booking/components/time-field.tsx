import { Label } from '~/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select';
import { bookingCopy } from '~/content/booking';
import { formatDayTime, localParts } from '../rules/summary';

interface TimeFieldProps {
  slots: readonly string[];
  value: string | null;
  onChange: (time: string) => void;
  hasDate: boolean;
  loading: boolean;
  /** The chosen day, yyyy-MM-dd. */
  date: string | null;
  /** Ready time per offered slot (ISO 8601, Copenhagen offset), from the server's answer. */
  readyAt: Readonly<Record<string, string>>;
}

/** When the car is ready, in words: 'samme dag kl. 11:00' or 'tirsdag d. 2. december kl. 12:00'. */
function readyWords(date: string, iso: string | undefined): string | null {
  const parts = iso ? localParts(iso) : null;
  if (!parts) return null;
  return parts.day === date ? `${bookingCopy.time.sameDay} kl. ${parts.time}` : formatDayTime(iso!);
}

/**
 * The line under the time list: when the chosen drop-off is ready; before a choice, for a job
 * that runs over several days (one drop-off at opening time), why there is only that time.
 */
function readyNote(
  date: string | null,
  slots: readonly string[],
  value: string | null,
  readyAt: Readonly<Record<string, string>>,
): string | null {
  if (!date || slots.length === 0) return null;
  const copy = bookingCopy.time;
  if (value) {
    const words = readyWords(date, readyAt[value]);
    return words ? `${copy.readyAt}: ${words}` : null;
  }
  const first = slots[0]!;
  const firstReady = readyAt[first] ? localParts(readyAt[first]) : null;
  if (slots.length === 1 && firstReady && firstReady.day > date) {
    return copy.multiDay(first, readyWords(date, readyAt[first])!);
  }
  return null;
}

const NO_SLOTS = '__none__';

export function TimeField({
  slots,
  value,
  onChange,
  hasDate,
  loading,
  date,
  readyAt,
}: TimeFieldProps) {
  const copy = bookingCopy.time;
  const placeholder = !hasDate ? copy.needsDate : loading ? copy.loading : copy.placeholder;
  const note = loading ? null : readyNote(date, slots, value, readyAt);
  return (
    <div className="grid gap-2">
      <Label htmlFor="booking-time" id="booking-time-label">
        {copy.label}
      </Label>
      <Select
        value={loading ? '' : (value ?? '')}
        onValueChange={(time) => time !== NO_SLOTS && onChange(time)}
        disabled={!hasDate || loading}
      >
        <SelectTrigger
          id="booking-time"
          aria-labelledby="booking-time-label"
          aria-busy={loading || undefined}
          aria-describedby={note ? 'booking-time-ready' : undefined}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {slots.length === 0 ? (
            <SelectItem value={NO_SLOTS} disabled>
              {copy.none}
            </SelectItem>
          ) : (
            slots.map((slot) => (
              <SelectItem key={slot} value={slot}>
                {slot}
              </SelectItem>
            ))
          )}
        </SelectContent>
      </Select>
      {note ? (
        <p id="booking-time-ready" className="text-sm text-muted-foreground">
          {note}
        </p>
      ) : null}
    </div>
  );
}
