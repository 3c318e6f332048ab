import { memo } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { bookingCopy } from '~/content/booking';

interface LineField {
  id: string;
  name: string;
  type?: 'tel' | 'email';
  autoComplete: string;
  /** Which of bookingCopy.fields gives the label and placeholder. */
  text: 'name' | 'phone' | 'email';
  /** Across both columns on wide screens. */
  wide?: boolean;
}

/** The required one-line fields, in the form's order. */
const lineFields: readonly LineField[] = [
  { id: 'booking-name', name: 'customerName', autoComplete: 'name', text: 'name', wide: true },
  { id: 'booking-phone', name: 'customerPhone', type: 'tel', autoComplete: 'tel', text: 'phone' },
  {
    id: 'booking-email',
    name: 'customerEmail',
    type: 'email',
    autoComplete: 'email',
    text: 'email',
  },
];

/** "Send mig SMS", under the phone number it goes to: unticked unless the customer ticks it. */
function SmsChoice({ disabled }: { disabled: boolean }) {
  const copy = bookingCopy.fields.sms;
  return (
    <div className="flex items-start gap-2">
      <input
        id="booking-sms"
        name="sms"
        type="checkbox"
        value="ja"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        aria-describedby="booking-sms-hint"
        disabled={disabled}
      />
      <div className="grid gap-1">
        <Label htmlFor="booking-sms">{copy.label}</Label>
        <p id="booking-sms-hint" className="text-sm text-muted-foreground">
          {copy.hint}
        </p>
      </div>
    </div>
  );
}

/** Name, phone, e-mail, the optional one-line fields (the car plate) and notes, plus the honeypot field hidden from people and assistive tech. */
export const CustomerFields = memo(function CustomerFields({ disabled }: { disabled: boolean }) {
  const copy = bookingCopy.fields;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        {lineFields.map((field) => (
          <div key={field.id} className={field.wide ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
            <Label htmlFor={field.id}>{copy[field.text].label}</Label>
            <Input
              id={field.id}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              placeholder={copy[field.text].placeholder}
              required
              disabled={disabled}
            />
            {field.text === 'phone' ? <SmsChoice disabled={disabled} /> : null}
          </div>
        ))}
        {copy.optional.map((field) => (
          <div key={field.id} className="grid gap-2">
            <Label htmlFor={field.id}>{field.label}</Label>
            <Input
              id={field.id}
              name={field.name}
              autoComplete="off"
              autoCapitalize={field.autoCapitalize}
              spellCheck={field.spellCheck}
              maxLength={field.maxLength}
              placeholder={field.placeholder}
              disabled={disabled}
            />
          </div>
        ))}
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
