// Every field a customer gives with a booking, and each place it must reach: the form (its label
// and the body key it posts), the create-booking body and the function's parser, the bookings
// table, the owner's table and agenda (and a phone booking typed into the owner's table), the e-mails to the owner, the owner's calendar feed,
// retention (anonymised after 5 years) and the privacy policy's list of data. A new field is a new
// row here: tests/features/booking/booking-fields.test.tsx (the form) and
// supabase/tests/booking-fields.test.ts (the rest) then fail for each place it has not reached,
// and fail first when a body key or a bookings column has no row at all.
import type { CreateBookingBody } from '../../supabase/functions/_shared/booking-body';

export interface BookingField {
  /** The key the form posts and the function's parser reads. */
  body: keyof CreateBookingBody;
  /** The form's Danish label. */
  label: string;
  /** Column of public.bookings, public.owner_bookings and public.owner_agenda. */
  column: string;
  /** What the customer types (a checkbox: ticked), and what every place shows (the owner's table, e-mails, feed). */
  typed: string | boolean;
  shown: string;
  /** What public.bookings stores, when it is not what is shown (a phone: E.164). */
  stored?: string;
  /**
   * false for a choice about how the customer is told, not a fact the owner works with: it is
   * stored, anonymised and named in the privacy policy, not shown in the owner's table, agenda,
   * e-mail or feed (the SMS outbox rows show the owner what was sent).
   */
  owner?: false;
  /** The privacy policy's list of data names it. */
  privacy: RegExp;
}

export const BOOKING_CUSTOMER_FIELDS: readonly BookingField[] = [
  {
    body: 'customerName',
    label: 'Navn',
    column: 'customer_name',
    typed: 'Bodil Feltesen',
    shown: 'Bodil Feltesen',
    privacy: /\bnavn\b/,
  },
  {
    body: 'customerPhone',
    label: 'Telefon',
    column: 'customer_phone',
    typed: '29 38 47 56',
    shown: '+45 29 38 47 56',
    stored: '+4529384756',
    privacy: /telefonnummer/,
  },
  {
    body: 'customerEmail',
    label: 'Email',
    column: 'customer_email',
    typed: 'bodil.feltesen@example.dk',
    shown: 'bodil.feltesen@example.dk',
    privacy: /e-mailadresse/,
  },
  {
    body: 'notes',
    label: 'Bemærkninger (valgfrit)',
    column: 'notes',
    typed: 'Hundehår i bagagerummet',
    shown: 'Hundehår i bagagerummet',
    privacy: /bemærkninger/,
  },
  {
    body: 'carPlate',
    label: 'Nummerplade (valgfrit)',
    column: 'car_plate',
    typed: ' ab12345 ',
    shown: 'AB 12 345',
    privacy: /nummerplade/,
  },
  {
    body: 'sms',
    label: 'Send mig SMS',
    column: 'sms_opt_in',
    typed: true,
    shown: 'true',
    privacy: /SMS/,
    owner: false,
  },
];

/** Body keys that are not something the customer tells about themselves. */
export const NOT_CUSTOMER_BODY_KEYS = [
  'serviceId',
  // the job besides the package: chosen from the owner's lists, priced by the engine
  'carSize',
  'addonIds',
  'bookingDate',
  'bookingTime',
  'idempotencyKey',
  'website',
  'altcha',
] as const;
