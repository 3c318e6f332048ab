// Helpers for the HTTP tests of the booking edge functions on the embedded stack.
import type { TestStack } from '../../../local/testing/index.ts';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls /functions/v1/<name> the way supabase-js functions.invoke does (anon key). */
export async function callFunction<T = Record<string, unknown>>(
  stack: TestStack,
  name: string,
  body: unknown,
  init: { method?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer<T>> {
  const method = init.method ?? 'POST';
  const res = await fetch(`${stack.url}/functions/v1/${name}`, {
    method,
    headers: {
      apikey: stack.anonKey,
      Authorization: `Bearer ${stack.anonKey}`,
      'Content-Type': 'application/json',
      ...init.headers,
    },
    body: method === 'GET' || method === 'HEAD' ? undefined : (init.raw ?? JSON.stringify(body)),
  });
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

/**
 * The first days from the day after tomorrow (Copenhagen) on which the stack's calendar is open,
 * with the given ISO weekdays, so tests on the real clock never hit today or a holiday.
 */
export async function openDays(
  stack: TestStack,
  weekdays: number[],
  count: number,
): Promise<string[]> {
  const rows = await stack.query<{ d: string }>(
    `select d::date::text d
       from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                            (now() at time zone 'Europe/Copenhagen')::date + 40, interval '1 day') d
      where extract(isodow from d) = any($1::int[])
        and exists (select 1 from public.booking_day_hours(d::date))
      order by d limit $2`,
    [weekdays, count],
  );
  return rows.map((r) => r.d);
}

/** The Copenhagen date `days` days from today. */
export async function copenhagenDay(stack: TestStack, days: number): Promise<string> {
  const [row] = await stack.query<{ d: string }>(
    `select ((now() at time zone 'Europe/Copenhagen')::date + $1::int)::text d`,
    [days],
  );
  return row!.d;
}
