// Helpers for the HTTP tests of the booking edge functions on the embedded stack.
import { request as httpRequest } from 'node:http';
import type { TestStack } from '../../../local/testing/index.ts';
import { solvedAltcha } from './challenge.ts';
import { SERVICE } from './sql.ts';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Calls /functions/v1/<name> the way supabase-js functions.invoke does (anon key). A create-booking
 * body (an object) without an `altcha` key gets a freshly fetched and solved challenge, as the
 * booking form sends it; give `altcha` (even undefined) to send something else.
 */
export async function callFunction<T = Record<string, unknown>>(
  stack: TestStack,
  name: string,
  body: unknown,
  init: { method?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<Answer<T>> {
  const method = init.method ?? 'POST';
  if (name === 'create-booking' && method === 'POST' && init.raw === undefined)
    body = await withAltcha(stack, body);
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

/** The body with a solved challenge in `altcha`, unless it is not an object or has the key. */
export async function withAltcha(stack: Pick<TestStack, 'url'>, body: unknown): Promise<unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'altcha' in body)
    return body;
  return { ...body, altcha: await solvedAltcha(stack.url) };
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

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * One HTTP request with node:http, for what fetch cannot do: a chosen loopback source address
 * (127.0.0.0/8: every address there is this machine, so tests can play many clients) and a body
 * streamed in chunks without Content-Length.
 */
export function rawRequest(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Send the body in chunks of this size without Content-Length (chunked encoding). */
    chunkSize?: number;
    localAddress?: string;
  } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers: Record<string, string> = { ...init.headers };
    if (body && !init.chunkSize) headers['Content-Length'] = String(body.length);
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: init.method ?? 'POST',
        headers,
        localAddress: init.localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!body) return req.end();
    if (!init.chunkSize) return req.end(body);
    let at = 0;
    const next = () => {
      if (at >= body.length) return req.end();
      const piece = body.subarray(at, at + init.chunkSize!);
      at += init.chunkSize!;
      if (req.write(piece)) setImmediate(next);
      else req.once('drain', next);
    };
    req.on('response', () => (at = body.length));
    next();
  });
}

/**
 * Deletes every booking: a test database emptying itself, the one delete bookings_refuse_delete lets
 * through (the transaction says so itself; the owner's Table Editor cannot).
 */
export async function eraseBookings(stack: Pick<TestStack, 'query'>): Promise<void> {
  await stack.query(
    `do $$ begin
       perform set_config('glanspunkt.erase_bookings', 'on', true);
       delete from public.bookings;
     end $$`,
  );
}

/** Empties what a create-booking leaves behind (mails, bookings, attempt counters) between tests. */
export async function clearBookings(stack: Pick<TestStack, 'query'>): Promise<void> {
  await stack.query('delete from public.email_outbox');
  await eraseBookings(stack);
  await stack.query('delete from public.booking_rate_limits');
}

/**
 * A maker of valid create-booking bodies for a Solvpakke on `day()`: every call a new e-mail address
 * and the next half hour from 09:00 (so two calls never ask for the same time), and `overrides` on top.
 */
export function bookingBodies(
  day: () => string,
  phone: (n: number) => string = () => '21345678',
): (overrides?: Record<string, unknown>) => Record<string, unknown> {
  let n = 0;
  return (overrides = {}) => {
    n += 1;
    return {
      serviceId: SERVICE.solv,
      customerName: 'Ane Jensen',
      customerEmail: `ane${n}@example.dk`,
      customerPhone: phone(n),
      bookingDate: day(),
      bookingTime: `${String(9 + (Math.floor(n / 2) % 10)).padStart(2, '0')}:${n % 2 ? '00' : '30'}`,
      ...overrides,
    };
  };
}
