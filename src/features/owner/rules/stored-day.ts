/**
 * The last loaded day, kept in sessionStorage so that a reload without a connection still shows
 * it (marked with when it was loaded). sessionStorage, not localStorage: the day holds customers'
 * names and phone numbers, and this copy should live no longer than the tab it was loaded in; it
 * is also removed at sign-out. The session itself is auth-js's, in localStorage.
 */
import type { OwnerDay } from '../api/types';

export const STORED_DAY_KEY = 'glanspunkt-ejer-dag';

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
    storage()?.setItem(STORED_DAY_KEY, JSON.stringify({ savedAt, day } satisfies Stored));
  } catch {
    // full or blocked storage: the page works without the copy
  }
}

/** The stored copy of `day` (yyyy-MM-dd), if it is the one kept. */
export function storedDay(day: string): Stored | null {
  try {
    const raw = storage()?.getItem(STORED_DAY_KEY);
    const stored = raw ? (JSON.parse(raw) as Stored) : null;
    return stored && stored.day?.day === day && typeof stored.savedAt === 'number' ? stored : null;
  } catch {
    return null;
  }
}

export function forgetDay(): void {
  try {
    storage()?.removeItem(STORED_DAY_KEY);
  } catch {
    // nothing kept
  }
}
