/**
 * The last loaded copy of each day, kept in sessionStorage so that a reload without a connection
 * still shows it (marked with when it was loaded). sessionStorage, not localStorage: a day holds
 * customers' names and phone numbers, and this copy should live no longer than the tab it was
 * loaded in; it is also removed at sign-out. The session itself is auth-js's, in localStorage.
 */
import type { OwnerDay } from '../api/types';

/** One key per day: `glanspunkt-ejer-dag:2026-12-01`. */
export const STORED_DAY_PREFIX = 'glanspunkt-ejer-dag:';

interface Stored {
  savedAt: number;
  day: OwnerDay;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function storeDay(day: OwnerDay, savedAt: number): void {
  try {
    storage()?.setItem(
      STORED_DAY_PREFIX + day.day,
      JSON.stringify({ savedAt, day } satisfies Stored),
    );
  } catch {
    // full or blocked storage: the page works without the copy
  }
}

/** The kept copy of `day` (yyyy-MM-dd), if this tab loaded it before. */
export function storedDay(day: string): Stored | null {
  try {
    const raw = storage()?.getItem(STORED_DAY_PREFIX + day);
    const stored = raw ? (JSON.parse(raw) as Stored) : null;
    // a copy kept by an older page (its cars without the job) is not shown by this one
    return stored &&
      stored.day?.day === day &&
      typeof stored.savedAt === 'number' &&
      stored.day.cars?.every((car) => Array.isArray(car.addons))
      ? stored
      : null;
  } catch {
    return null;
  }
}

/** Removes every kept day (sign-out). */
export function forgetDays(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
    for (const key of keys) if (key?.startsWith(STORED_DAY_PREFIX)) store.removeItem(key);
  } catch {
    // nothing kept
  }
}
