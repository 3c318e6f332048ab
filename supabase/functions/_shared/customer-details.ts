// What the customer told with a booking, as the owner reads it: the keys public.booking_contact
// writes (the create-booking body's names, booking-body.ts), each with its Danish label, in the
// order the owner's e-mails, his morning agenda and his calendar feed show them. A new field of the
// booking is a line here; supabase/tests/booking-record.test.ts holds booking_contact's keys to the
// request's fields, and supabase/tests/outbox-payloads.test.ts the payloads to this list.
import type { BookingRequestFields } from './booking-body.ts';
import { phoneDisplay } from './phone.ts';

interface CustomerDetail {
  key: keyof BookingRequestFields;
  label: string;
  /** How the owner reads the value (the phone grouped); as stored when absent. */
  show?: (value: string) => string;
  /** The customer may leave it empty: shown as "(ingen)" where every detail has a line. */
  optional?: true;
}

export const CUSTOMER_DETAILS = [
  { key: 'customerName', label: 'Navn' },
  { key: 'customerEmail', label: 'E-mail' },
  { key: 'customerPhone', label: 'Telefon', show: phoneDisplay },
  { key: 'carPlate', label: 'Nummerplade', optional: true },
  { key: 'notes', label: 'Bemærkninger', optional: true },
] as const satisfies readonly CustomerDetail[];

export type CustomerDetailKey = (typeof CUSTOMER_DETAILS)[number]['key'];

/** The payload declaration of the details (outbox/payload.ts): each a string SQL always writes. */
export const CUSTOMER_DETAILS_PAYLOAD = Object.fromEntries(
  CUSTOMER_DETAILS.map((d) => [d.key, 'string']),
) as { readonly [K in CustomerDetailKey]: 'string' };

/** Label and shown value of each detail, an optional one left empty as "(ingen)". */
export function customerDetailLines(
  details: Partial<Record<CustomerDetailKey, string>>,
): [string, string][] {
  return CUSTOMER_DETAILS.map((d: CustomerDetail) => {
    const value = details[d.key as CustomerDetailKey] ?? '';
    if (value === '' && d.optional) return [d.label, '(ingen)'];
    return [d.label, d.show ? d.show(value) : value];
  });
}
