/**
 * About how many working days a job takes: worked out when the site data is read (the price
 * lists get it with the data) and in the booking form; not in the modules every page loads.
 */
import { formatDuration } from './format';
import type { OpeningDay } from './site-data';

/**
 * About how many working days a job of this many minutes takes: its hours over the length of an
 * average opening day (the open days of the week), rounded up. Null for a job that fits in one
 * day, and when no day is open. "Roughly": the ready time the form shows for the chosen drop-off
 * is the engine's exact answer.
 */
export function approxWorkingDays(
  durationMinutes: number,
  days: readonly OpeningDay[] | undefined,
): number | null {
  const minutes = (days ?? []).flatMap((day) => {
    if (!day.opensAt || !day.closesAt) return [];
    const [oh, om] = day.opensAt.split(':').map(Number);
    const [ch, cm] = day.closesAt.split(':').map(Number);
    const open = ch! * 60 + cm! - (oh! * 60 + om!);
    return open > 0 ? [open] : [];
  });
  if (minutes.length === 0) return null;
  const average = minutes.reduce((sum, m) => sum + m, 0) / minutes.length;
  const workingDays = Math.ceil(durationMinutes / average);
  return workingDays > 1 ? workingDays : null;
}

/** '14 timer · ca. 2 arbejdsdage' for a job of several days, else the duration alone ('2 timer'). */
export function durationText(
  durationMinutes: number,
  days: readonly OpeningDay[] | undefined,
): string {
  const workingDays = approxWorkingDays(durationMinutes, days);
  const duration = formatDuration(durationMinutes);
  // the price lists write the same (src/content/packages.ts packageText.duration)
  return workingDays ? `${duration} · ca. ${workingDays} arbejdsdage` : duration;
}
