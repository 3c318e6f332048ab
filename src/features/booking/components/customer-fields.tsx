import { memo } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { bookingCopy } from '~/content/booking';

/** Name, phone, e-mail and notes, plus the honeypot field hidden from people and assistive tech. */
export const CustomerFields = memo(function CustomerFields({ disabled }: { disabled: boolean }) {
  const copy = bookingCopy.fields;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="booking-name">{copy.name.label}</Label>
          <Input
            id="booking-name"
            name="customerName"
            autoComplete="name"
            placeholder={copy.name.placeholder}
            required
            disabled={disabled}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="booking-phone">{copy.phone.label}</Label>
          <Input
            id="booking-phone"
            name="customerPhone"
            type="tel"
            autoComplete="tel"
            placeholder={copy.phone.placeholder}
            required
            disabled={disabled}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="booking-email">{copy.email.label}</Label>
          <Input
            id="booking-email"
            name="customerEmail"
            type="email"
            autoComplete="email"
            placeholder={copy.email.placeholder}
            required
            disabled={disabled}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="booking-notes">{copy.notes.label}</Label>
        <Textarea
          id="booking-notes"
          name="notes"
          rows={3}
          placeholder={copy.notes.placeholder}
          disabled={disabled}
        />
      </div>
      <div
        aria-hidden="true"
        className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden"
      >
        <label htmlFor="booking-website">{copy.honeypot}</label>
        <input id="booking-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
    </>
  );
});
