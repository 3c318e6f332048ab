import { format } from 'date-fns';
import { da } from 'date-fns/locale';
import { formatDuration, formatPrice } from '~/lib/format';
import { dateFromIso } from './calendar-date';

export interface SummaryInput {
  service: { name: string; duration_minutes: number; price: number };
  /** yyyy-MM-dd */
  date: string;
  /** HH:mm */
  time: string;
  /** When the job is done, ISO 8601 with the Copenhagen offset (from the slots response). */
  readyAt?: string;
}

export interface BookingSummary {
  service: string;
  date: string;
  time: string;
  duration: string;
  price: string;
  /** Only when the job runs past the drop-off day, e.g. 'tirsdag d. 2. december kl. 16:00'. */
  readyAt: string | null;
}

/** A calendar day in Danish, e.g. 'mandag d. 1. december 2026'. */
export function formatDay(day: string): string {
  return format(dateFromIso(day), "EEEE 'd.' d. MMMM yyyy", { locale: da });
}

/**
 * The workshop's local day and time of an ISO instant written with the Copenhagen offset
 * ('2026-12-02T16:00:00+01:00' -> day '2026-12-02', time '16:00'), read as written.
 */
export function localParts(iso: string): { day: string; time: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? { day: match[1]!, time: match[2]! } : null;
}

/** 'tirsdag d. 2. december kl. 16:00' for an ISO instant in Copenhagen time. */
export function formatDayTime(iso: string): string | null {
  const parts = localParts(iso);
  if (!parts) return null;
  return `${format(dateFromIso(parts.day), "EEEE 'd.' d. MMMM", { locale: da })} kl. ${parts.time}`;
}

/** The summary shown once service, date and time are chosen. */
export function bookingSummary(input: SummaryInput): BookingSummary {
  const ready = input.readyAt ? localParts(input.readyAt) : null;
  return {
    service: input.service.name,
    date: formatDay(input.date),
    time: `kl. ${input.time}`,
    duration: formatDuration(input.service.duration_minutes),
    price: formatPrice(input.service.price),
    readyAt: ready && ready.day > input.date ? formatDayTime(input.readyAt!) : null,
  };
}
