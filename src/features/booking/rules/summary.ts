import { danishDateTime, danishDay, localParts } from '~/lib/danish-date';
import { formatPrice } from '~/lib/format';
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
}

/** The summary shown once service, date and time are chosen. */
export function bookingSummary(input: SummaryInput): BookingSummary {
  const ready = input.readyAt ? localParts(input.readyAt) : null;
  return {
    service: input.service.name,
    date: danishDay(input.date),
    time: `kl. ${input.time}`,
    duration: durationText(input.service.duration_minutes, input.openingHours),
    price: formatPrice(input.service.price),
    readyAt: ready && ready.day > input.date ? danishDateTime(input.readyAt!) : null,
  };
}
