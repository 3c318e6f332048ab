// The customer's fields as the server will check them: its own module (customer-rules.ts, the one
// copy of the rules and their Danish messages, pure TypeScript), not a copy, so the form can never
// let through what create-booking refuses, or refuse what it takes.
import {
  CUSTOMER_FIELDS,
  customerFieldErrors,
  isCustomerField,
  readCustomerField,
  type CustomerField,
} from '../../../../supabase/functions/_shared/customer-rules.ts';

export { isCustomerField, type CustomerField };

/** The message of each wrong field, by its body key (and input name). */
export type FieldErrors = Readonly<Partial<Record<CustomerField, string>>>;

/** No field marked: one object, so that a form without errors does not re-render its fields. */
export const NO_FIELD_ERRORS: FieldErrors = Object.freeze({});

/** Every wrong customer field of the form as it would be sent (the form's inputs, by name). */
export function checkCustomerFields(form: FormData): FieldErrors {
  const values: Partial<Record<CustomerField, unknown>> = {};
  for (const field of CUSTOMER_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return customerFieldErrors(values);
}

/** The message of one field's value, or null when the server would take it. */
export function customerFieldError(field: CustomerField, value: string): string | null {
  const reading = readCustomerField(field, value);
  return reading.ok ? null : reading.error;
}

/**
 * A marked field edited: with `settled` false (a key press) its message only goes once the value is
 * right; with `settled` true (it lost the focus) the message also follows what is wrong now. A field
 * that is not marked stays so until the next submit.
 */
export function recheckField(
  errors: FieldErrors,
  field: CustomerField,
  value: string,
  settled: boolean,
): FieldErrors {
  if (!(field in errors)) return errors;
  const message = customerFieldError(field, value);
  if (message === null) {
    const rest: Partial<Record<CustomerField, string>> = { ...errors };
    delete rest[field];
    return Object.keys(rest).length === 0 ? NO_FIELD_ERRORS : rest;
  }
  if (!settled || message === errors[field]) return errors;
  return { ...errors, [field]: message };
}
