import { danishDateTime, danishDay, localParts } from '~/lib/danish-date';
import { formatPrice } from '~/lib/format';
import { jobRows, totalRow, type JobRow } from '~/lib/booking-job';
import { bookedJobOf, type JobQuote } from '~/lib/job';
import type { OpeningDay } from '~/lib/site-data';
import { durationText } from '~/lib/working-days';

export interface SummaryInput {
  service: { name: string; duration_minutes: number; price: number };
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
  /** When the job is done, ISO 8601 with the Copenhagen offset (from the slots response). */
  readyAt?: string;
  /** The week's opening hours (site data): a job of several days says about how many. */
  openingHours?: readonly OpeningDay[];
  /** The job (size, add-ons): its length and price are the summary's, its lines the breakdown. */
  quote?: JobQuote | null;
}

export interface BookingSummary {
  service: string;
  /** 'tirsdag den 1. december 2026': with `time`, the booking's time in the site's one style. */
  date: string;
  /** 'kl. 09:00' */
  time: string;
  /** '2 timer', or '14 timer · ca. 2 arbejdsdage' for a job of several working days. */
  duration: string;
  price: string;
  /** Only when the job runs past the drop-off day, e.g. 'onsdag den 2. december 2026 kl. 16:00'. */
  readyAt: string | null;
  /** The package, the car size and the add-ons, as every page after booking shows them. */
  job: JobRow[];
  /** The total inkl. moms ('I alt' under add-ons). */
  total: JobRow;
}

/** The summary shown once service, date and time are chosen. */
export function bookingSummary(input: SummaryInput): BookingSummary {
  const ready = input.readyAt ? localParts(input.readyAt) : null;
  const quote = input.quote ?? null;
  const job = {
    serviceName: input.service.name,
    price: quote?.price ?? input.service.price,
    job: quote ? bookedJobOf(quote) : null,
  };
  return {
    service: input.service.name,
    date: danishDay(input.date),
    time: `kl. ${input.time}`,
    duration: durationText(quote?.minutes ?? input.service.duration_minutes, input.openingHours),
    price: formatPrice(job.price),
    readyAt: ready && ready.day > input.date ? danishDateTime(input.readyAt!) : null,
    job: jobRows(job),
    total: totalRow(job),
  };
}
