/**
 * The words of a booking's job wherever it is shown after booking (the pages behind the e-mail
 * links; the booking form's confirmation may use them too): the package, the car size, the
 * add-ons and the total. The e-mails write the same (supabase/functions/_shared/email/booking.ts).
 */
export const bookingJobCopy = {
  service: 'Service',
  size: 'Bilstørrelse',
  addons: 'Tilvalg',
  /** The price of a job of the package alone. */
  price: 'Pris',
  /** The total under package and add-ons. */
  total: 'I alt',
  vat: 'inkl. moms',
} as const;
