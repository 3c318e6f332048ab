import { memo, type ChangeEvent, type FocusEvent } from 'react';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { bookingCopy } from '~/content/booking';
import { isCustomerField, type CustomerField, type FieldErrors } from '../rules/customer-fields';

interface LineField {
  id: string;
  name: CustomerField;
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

/** A marked field's message, under the field; the field names it with aria-describedby. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={errorId(id)} className="text-sm font-medium text-destructive-text">
      {message}
    </p>
  );
}

const errorId = (id: string) => `${id}-error`;

/** The attributes that mark a field wrong and point at its message (none while it is right). */
function marked(id: string, message: string | undefined) {
  return message
    ? ({ 'aria-invalid': true, 'aria-describedby': errorId(id) } as const)
    : ({} as const);
}

interface CustomerFieldsProps {
  disabled: boolean;
  /** The wrong fields' messages (the form's check on submit, or the server's answer). */
  errors?: FieldErrors;
  /** A field was edited (settled: it lost the focus), for the form to check a marked one again. */
  onEdit?: (field: CustomerField, value: string, settled: boolean) => void;
}

/** Name, phone, e-mail, the optional one-line fields (the car plate) and notes, plus the honeypot field hidden from people and assistive tech. */
export const CustomerFields = memo(function CustomerFields({
  disabled,
  errors = {},
  onEdit,
}: CustomerFieldsProps) {
  const copy = bookingCopy.fields;
  const edited =
    (settled: boolean) =>
    (
      event:
        | ChangeEvent<HTMLInputElement | HTMLTextAreaElement>
        | FocusEvent<HTMLInputElement | HTMLTextAreaElement>,
    ) => {
      const { name, value } = event.currentTarget;
      if (onEdit && isCustomerField(name)) onEdit(name, value, settled);
    };
  const watch = { onChange: edited(false), onBlur: edited(true) };
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
              {...marked(field.id, errors[field.name])}
              {...watch}
            />
            <FieldError id={field.id} message={errors[field.name]} />
            {field.text === 'phone' ? <SmsChoice disabled={disabled} /> : null}
          </div>
        ))}
        {copy.optional.map((field) => {
          const message = isCustomerField(field.name) ? errors[field.name] : undefined;
          return (
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
                {...marked(field.id, message)}
                {...watch}
              />
              <FieldError id={field.id} message={message} />
            </div>
          );
        })}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="booking-notes">{copy.notes.label}</Label>
        <Textarea
          id="booking-notes"
          name="notes"
          rows={3}
          placeholder={copy.notes.placeholder}
          disabled={disabled}
          {...marked('booking-notes', errors.notes)}
          {...watch}
        />
        <FieldError id="booking-notes" message={errors.notes} />
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
