// A booked job in rows: the pages behind the e-mail links write what the e-mails write (two
// copies: src/lib/booking-job.ts for the browser, jobRows and totalRow in the functions'
// _shared/email/booking.ts), for a job with a size and add-ons, the ordinary car, and a booking
// the server sent without a job.
import { describe, expect, it } from 'vitest';
import { jobRows, totalRow, type BookingJob, type JobOf } from '~/lib/booking-job';
import * as mail from '../../supabase/functions/_shared/email/booking.ts';
import { bigCarJob } from '../support/booked-job';

const BIG: BookingJob = bigCarJob;
const ORDINARY: BookingJob = {
  carSize: 'almindelig',
  carSizeName: 'Almindelig personbil',
  packagePrice: 1800,
  addons: [],
};

/** The page's rows as the e-mail's plain text has them (an add-on a line). */
const asMail = (rows: [string, string[]][]) =>
  rows.map(([label, lines]) => [label, lines.join('\n')]);

/** The e-mail's rows of the same booking (a payload without a job reads as the empty job). */
function mailRows(b: JobOf) {
  const job = b.job ?? { carSize: '', carSizeName: '', packagePrice: 0, addons: [] };
  const summary = { serviceName: b.serviceName, price: b.price, job };
  return [...mail.jobRows(summary), mail.totalRow(summary)];
}

describe('a booked job in rows', () => {
  it('itemises package, size and add-ons with their prices, and the total inkl. moms', () => {
    const booking = { serviceName: 'Sølvpakken polering', price: 2898, job: BIG };
    expect([...jobRows(booking), totalRow(booking)]).toEqual([
      ['Service', ['Sølvpakken polering, 2.200 kr.']],
      ['Bilstørrelse', ['Stor bil (SUV, stationcar, 7-personers)']],
      ['Tilvalg', ['Motorvask, 299 kr.', 'Ozonbehandling, 399 kr.']],
      ['I alt', ['2.898 kr. inkl. moms']],
    ]);
  });

  it('names the size of an ordinary car, and states its one price as "Pris"', () => {
    const booking = { serviceName: 'Sølvpakken polering', price: 1800, job: ORDINARY };
    expect([...jobRows(booking), totalRow(booking)]).toEqual([
      ['Service', ['Sølvpakken polering']],
      ['Bilstørrelse', ['Almindelig personbil']],
      ['Pris', ['1.800 kr. inkl. moms']],
    ]);
  });

  it('shows a booking without a job as the package and its price', () => {
    const booking = { serviceName: 'Guldpakken', price: 399 };
    expect([...jobRows(booking), totalRow(booking)]).toEqual([
      ['Service', ['Guldpakken']],
      ['Pris', ['399 kr. inkl. moms']],
    ]);
  });

  it('writes the same rows as the e-mails', () => {
    for (const booking of [
      { serviceName: 'Sølvpakken polering', price: 2898, job: BIG },
      { serviceName: 'Sølvpakken polering', price: 1800, job: ORDINARY },
      { serviceName: 'Guldpakken', price: 399 },
      {
        serviceName: 'Premiumpakken polering',
        price: 12_345,
        job: { ...BIG, packagePrice: 11_647, addons: [{ name: 'Lædercreme', price: 698 }] },
      },
    ])
      expect(asMail([...jobRows(booking), totalRow(booking)])).toEqual(mailRows(booking));
  });
});
