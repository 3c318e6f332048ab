import type { BookingJob } from '~/lib/booking-job';

/**
 * A booked job with a size and add-ons, as booking_summary writes it: Sølvpakken polering for a big
 * car (2.200 kr. in the seed) with Motorvask (299 kr.) and Ozonbehandling (399 kr.), 2.898 kr. in
 * all. The pages' and the e-mails' tests of the job's rows share it.
 */
export const bigCarJob: BookingJob = {
  carSize: 'stor-bil',
  carSizeName: 'Stor bil (SUV, stationcar, 7-personers)',
  packagePrice: 2200,
  addons: [
    { name: 'Motorvask', price: 299 },
    { name: 'Ozonbehandling', price: 399 },
  ],
};
