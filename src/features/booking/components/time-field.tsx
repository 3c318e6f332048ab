import { Label } from '~/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select';
import { bookingCopy } from '~/content/booking';

interface TimeFieldProps {
  slots: readonly string[];
  value: string | null;
  onChange: (time: string) => void;
  hasDate: boolean;
  loading: boolean;
}

const NO_SLOTS = '__none__';

export function TimeField({ slots, value, onChange, hasDate, loading }: TimeFieldProps) {
  const copy = bookingCopy.time;
  const placeholder = !hasDate ? copy.needsDate : loading ? copy.loading : copy.placeholder;
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
    </div>
  );
}
