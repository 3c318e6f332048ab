import { expect } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../../local/keys';
import { GATEWAY } from './booking';

/**
 * The owner's side of the journeys that need a car in the workshop today: his edits through
 * /rest/v1 with the service key, as the dashboard's Table Editor sends them, and a day opened for
 * the car whatever the hour (see openForTheCar).
 */

export const REST = `${GATEWAY}/rest/v1/owner_bookings`;

/** The owner's edit of one owner_bookings row, as the Table Editor sends it. */
export async function edit(reference: string, change: Record<string, string>) {
  const res = await fetch(`${REST}?reference=eq.${reference}`, {
    method: 'PATCH',
    headers: {
      ...keyHeaders(SECRET_KEY),
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify(change),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** The owner's edit of one settings value, as the Table Editor sends it. */
export async function setting(key: string, value: string) {
  const res = await fetch(`${GATEWAY}/rest/v1/settings?key=eq.${key}`, {
    method: 'PATCH',
    headers: { ...keyHeaders(SECRET_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify({ value }),
  });
  return { status: res.status === 204 ? 200 : res.status };
}

/** An instant's Copenhagen day (yyyy-mm-dd) and minutes since midnight. */
export function copenhagen(at: Date): { day: string; minutes: number } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(at);
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Copenhagen',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(at)
    .split(':')
    .map(Number);
  return { day, minutes: h! * 60 + m! };
}

/** A Copenhagen day and time the way the owner types it: 05-01-2027 10:00. */
export function danish(day: string, minutes: number): string {
  const [y, m, d] = day.split('-');
  const hm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${d}-${m}-${y} ${hm}`;
}

export const OPEN_DATES = `${GATEWAY}/rest/v1/open_dates`;

/**
 * The day the owner takes the car in, and when: today from the next quarter of an hour, or, when a
 * two-hour job would not be done by midnight, tomorrow morning. He opens that day all day in
 * open_dates as the Table Editor does (a Saturday evening or a Sunday too), so the journey holds on
 * any day at any hour; today is before the online window, so no visitor sees it.
 */
export async function openForTheCar(now: Date): Promise<{ day: string; minutes: number }> {
  const here = copenhagen(now);
  const next = Math.ceil((here.minutes + 10) / 15) * 15;
  const at =
    next <= 21 * 60 + 45
      ? { day: here.day, minutes: next }
      : { day: copenhagen(new Date(now.getTime() + 86_400_000)).day, minutes: 6 * 60 };
  const there = await fetch(`${OPEN_DATES}?select=day&day=eq.${at.day}`, {
    headers: keyHeaders(SECRET_KEY),
  });
  if (((await there.json()) as unknown[]).length === 0) {
    const res = await fetch(OPEN_DATES, {
      method: 'POST',
      headers: { ...keyHeaders(SECRET_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        day: at.day,
        opens_at: '00:00:00',
        closes_at: '23:59:00',
        reason: 'Bilen til klar-testen',
      }),
    });
    expect(res.status, await res.text()).toBe(201);
  }
  return at;
}
