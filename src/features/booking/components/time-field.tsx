import { memo, useMemo } from 'react';
import { bookingCopy } from '~/content/booking';
import { danishDateTime, localParts } from '~/lib/danish-date';
import { ListboxField, type ListboxOption } from './listbox-field';

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
  /** The value is the day's only free time, chosen by the form: the note says so. */
  onlyTime?: boolean;
}

/**
 * When the car is ready, in words: 'samme dag kl. 11:00', or on a later day the site's one style,
 * 'onsdag den 2. december 2026 kl. 12:00'.
 */
function readyWords(date: string, iso: string | undefined): string | null {
  const parts = iso ? localParts(iso) : null;
  if (!parts) return null;
  return parts.day === date
    ? `${bookingCopy.time.sameDay} kl. ${parts.time}`
    : danishDateTime(iso!);
}

/**
 * The line under the time list: when the chosen drop-off is ready, and that it was the day's only
 * time when the form chose it; before a choice (his own time was taken), for a job
 * that runs over several days (one drop-off at opening time), why there is only that time.
 */
function readyNote(
  date: string | null,
  slots: readonly string[],
  value: string | null,
  readyAt: Readonly<Record<string, string>>,
  onlyTime: boolean,
): string | null {
  if (!date || slots.length === 0) return null;
  const copy = bookingCopy.time;
  if (value && onlyTime) return copy.onlyTime(value, readyWords(date, readyAt[value]));
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

/**
 * The time field: the same non-modal listbox as the service field (a ListboxField, not Radix
 * Select, which took about 300 ms per opening on a phone with a 4x slower CPU). Disabled until a
 * date is chosen and while that day's times load; a day without free times offers the disabled
 * "Ingen ledige tider".
 */
export const TimeField = memo(function TimeField({
  slots,
  value,
  onChange,
  hasDate,
  loading,
  date,
  readyAt,
  onlyTime = false,
}: TimeFieldProps) {
  const copy = bookingCopy.time;
  const placeholder = !hasDate ? copy.needsDate : loading ? copy.loading : copy.placeholder;
  const note = loading ? null : readyNote(date, slots, value, readyAt, onlyTime);
  const options = useMemo<ListboxOption[]>(
    () =>
      slots.length === 0
        ? [{ value: NO_SLOTS, label: copy.none, disabled: true }]
        : slots.map((slot) => ({ value: slot, label: slot })),
    [slots, copy.none],
  );
  return (
    <div className="grid gap-2">
      <ListboxField
        id="booking-time"
        label={copy.label}
        options={options}
        value={loading ? null : value}
        placeholder={placeholder}
        onChange={(time) => time !== NO_SLOTS && onChange(time)}
        disabled={!hasDate || loading}
        triggerProps={{
          'aria-busy': loading || undefined,
          'aria-describedby': note ? 'booking-time-ready' : undefined,
        }}
      />
      {note ? (
        <p id="booking-time-ready" className="text-sm text-muted-foreground">
          {note}
        </p>
      ) : null}
    </div>
  );
});
