/**
 * The day arithmetic of the owner's page: pure, on calendar days and the server's instants, with
 * no clock of its own (`now` is always a parameter: the server's, from the day's answer).
 */
import type { Car, CarStatus } from '../api/types';

/** 'HH:MM' of an instant the server wrote with the Copenhagen offset, as written. */
export function clockOf(iso: string | null | undefined): string {
  const match = iso ? /T(\d{2}:\d{2})/.exec(iso) : null;
  return match ? match[1]! : '';
}

/** The Copenhagen calendar day (yyyy-MM-dd) of a server instant, as written. */
export function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

/** `day` plus `n` calendar days (yyyy-MM-dd; noon UTC, so no DST edge moves the date). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

const COPENHAGEN_CLOCK = new Intl.DateTimeFormat('da-DK', {
  timeZone: 'Europe/Copenhagen',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const COPENHAGEN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Copenhagen',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'HH:MM' in Copenhagen of a moment (milliseconds since the epoch). */
export function copenhagenClock(ms: number): string {
  return COPENHAGEN_CLOCK.format(new Date(ms)).replace('.', ':');
}

/** The Copenhagen calendar day of a moment: the phone's guess of today before the server said. */
export function copenhagenDay(ms: number): string {
  return COPENHAGEN_DAY.format(new Date(ms));
}

/**
 * The cars by the time that matters on the day; those with none that day (in the middle of a
 * longer job) after them, by drop-off; then by reference, so that the order never flickers.
 */
export function sortCars(cars: readonly Car[]): Car[] {
  const at = (car: Car) => (car.at === null ? Infinity : Date.parse(car.at));
  return [...cars].sort(
    (a, b) =>
      at(a) - at(b) ||
      Date.parse(a.dropOff) - Date.parse(b.dropOff) ||
      a.reference.localeCompare(b.reference),
  );
}

/** The tap a car offers: its next status forward, and no-show as the secondary action. */
export function carActions(car: Car): { primary: CarStatus | null; secondary: CarStatus | null } {
  const forward = car.next.filter((s) => s !== 'no_show' && s !== 'cancelled');
  return {
    primary: forward[0] ?? null,
    secondary: car.next.includes('no_show') ? 'no_show' : null,
  };
}

/**
 * Whether setting `status` sends the customer a message (after the undo window): "klar" does
 * (the car is ready to collect); so it is confirmed first.
 */
export function messagesCustomer(status: CarStatus, car: Car): boolean {
  return status === 'ready' && !!car.email?.trim();
}

/** Whole minutes (at least 1) from `now` until `until`, both instants. */
export function minutesUntil(until: string, now: number): number {
  return Math.max(1, Math.round((Date.parse(until) - now) / 60_000));
}

/** The car in a day's answer replaced by a newer copy (a change's answer), if it is on that day. */
export function withCar<T extends { cars: Car[] }>(day: T, car: Car): T {
  if (!day.cars.some((c) => c.id === car.id)) return day;
  return { ...day, cars: day.cars.map((c) => (c.id === car.id ? car : c)) };
}
