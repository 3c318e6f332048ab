import { memo } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { bookingCopy } from '~/content/booking';

/** A required one-line field with its label. */
function Field({
  id,
  name,
  type,
  autoComplete,
  text,
  disabled,
  className = '',
}: {
  id: string;
  name: string;
  type?: 'tel' | 'email';
  autoComplete: string;
  text: { label: string; placeholder: string };
  disabled: boolean;
  className?: string;
}) {
  return (
    <div className={`grid gap-2 ${className}`.trim()}>
      <Label htmlFor={id}>{text.label}</Label>
      <Input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        placeholder={text.placeholder}
        required
        disabled={disabled}
      />
    </div>
  );
}

/** Name, phone, e-mail and notes, plus the honeypot field hidden from people and assistive tech. */
export const CustomerFields = memo(function CustomerFields({ disabled }: { disabled: boolean }) {
  const copy = bookingCopy.fields;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="booking-name"
          name="customerName"
          autoComplete="name"
          text={copy.name}
          disabled={disabled}
          className="sm:col-span-2"
        />
        <Field
          id="booking-phone"
          name="customerPhone"
          type="tel"
          autoComplete="tel"
          text={copy.phone}
          disabled={disabled}
        />
        <Field
          id="booking-email"
          name="customerEmail"
          type="email"
          autoComplete="email"
          text={copy.email}
          disabled={disabled}
        />
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
