// A booked job in rows, the same on every page that shows a booking after it was made: the package
// (with its price when add-ons follow), the car size, each add-on with its price, and the total
// inkl. moms, all as the booking stored them (the server's booking_job_summary, never today's
// prices). The e-mails write the same rows with their own copy (jobRows and totalRow in
// supabase/functions/_shared/email/booking.ts); tests/lib/booking-job.test.ts fails when the two
// disagree.
import { bookingJobCopy as copy } from '~/content/booking-job';
import type { Database } from '~/generated/database.types';
import { formatPrice } from '~/lib/format';

type CreateAnswer = Database['public']['Functions']['create_booking']['Returns'];

/**
 * The job as booked, as create-booking answers it and the cancel and move pages read it:
 * `{carSize, carSizeName, packagePrice, addons: [{name, price}]}`; the total is the booking's price.
 */
export type BookingJob = NonNullable<CreateAnswer['job']>;

/** What a job is shown from: the package's name, the total, and the job when the server sent it. */
export interface JobOf {
  serviceName: string;
  price: number;
  job?: BookingJob | null;
}

/** A row: its label and its lines (an add-on a line). */
export type JobRow = [label: string, lines: string[]];

/** The package, the car size and the add-ons (without a job: the package alone, as before). */
export function jobRows({ serviceName, job }: JobOf): JobRow[] {
  const addons = job?.addons ?? [];
  const rows: JobRow[] = [
    [
      copy.service,
      [addons.length > 0 ? `${serviceName}, ${formatPrice(job!.packagePrice)}` : serviceName],
    ],
  ];
  if (job?.carSizeName) rows.push([copy.size, [job.carSizeName]]);
  if (addons.length > 0)
    rows.push([copy.addons, addons.map((a) => `${a.name}, ${formatPrice(a.price)}`)]);
  return rows;
}

/** The total: "I alt" under package and add-ons, else "Pris"; always inkl. moms. */
export function totalRow({ price, job }: JobOf): JobRow {
  return [
    (job?.addons.length ?? 0) > 0 ? copy.total : copy.price,
    [`${formatPrice(price)} ${copy.vat}`],
  ];
}

/**
 * The job's size and add-ons in a sentence or two (a calendar event's description), or '': the
 * e-mail's jobText (supabase/functions/_shared/email/booking.ts) writes the same, held to it by
 * supabase/tests/calendar-links.test.ts.
 */
export function jobSentence(job: BookingJob | null | undefined): string {
  if (!job) return '';
  return [
    job.carSizeName ? `${copy.size}: ${job.carSizeName}.` : '',
    job.addons.length > 0 ? `${copy.addons}: ${job.addons.map((a) => a.name).join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
