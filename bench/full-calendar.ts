// A full calendar, as the booking form meets it after two busy years: every open day of the last
// two years and of the next 60 days booked until not even a 30-minute wash fits, with workshop
// capacity 2, a mix of packages (washes, one-day and multi-day polishes), and every eighth booking
// cancelled and its time booked again. Bookings are made by create_booking itself (with p_now two
// days before the day for the past), so their work periods, e-mails and counters are what the
// engine writes; e-mails are then marked sent and the retention job run, the state of a live
// database. Used by bench/booking.ts.
import type { TestStack } from '../local/testing/index.ts';
import { liftBookingCaps, SERVICE } from '../supabase/tests/helpers/sql.ts';

export const HISTORY_DAYS = 730;
export const WINDOW_DAYS = 60;
export const CAPACITY = 2;

export interface FullCalendarSize {
  bookings: number;
  cancelled: number;
  workPeriods: number;
  emails: number;
  /** Days of the next WINDOW_DAYS where some package still has a free time (must be 0). */
  daysWithFreeTime: number;
}

/** Fills the calendar; returns the data sizes. */
export async function seedFullCalendar(
  stack: TestStack,
  log: (line: string) => void = () => undefined,
): Promise<FullCalendarSize> {
  await stack.query(`update public.settings set value = $1 where key = 'workshop_capacity'`, [
    String(CAPACITY),
  ]);
  // one phone for thousands of bookings: the caps stay out of the way (each booking also comes
  // from an address and an e-mail of its own)
  await liftBookingCaps(stack.query);
  // a month per statement, so a long seed shows its progress
  const [{ today }] = (await stack.query<{ today: string }>(
    `select (now() at time zone 'Europe/Copenhagen')::date::text as today`,
  )) as [{ today: string }];
  for (let from = -HISTORY_DAYS; from <= WINDOW_DAYS; from += 30) {
    await fillDays(stack, today, from, Math.min(from + 29, WINDOW_DAYS));
    log(`filled up to day ${Math.min(from + 29, WINDOW_DAYS)}`);
  }
  // the e-mails went out long ago; the daily retention job has run
  await stack.query(
    `update public.email_outbox set status = 'sent', sent_at = created_at, locked_until = null
      where status in ('pending', 'sending')`,
  );
  await stack.query(`select public.run_retention()`);
  const [size] = await stack.query<Omit<FullCalendarSize, 'daysWithFreeTime'>>(`
    select (select count(*)::int from public.bookings) as bookings,
           (select count(*)::int from public.bookings where status = 'cancelled') as cancelled,
           (select count(*)::int from public.booking_work_periods) as "workPeriods",
           (select count(*)::int from public.email_outbox) as emails`);
  const [free] = await stack.query<{ n: number }>(
    `select count(*)::int n
       from generate_series((now() at time zone 'Europe/Copenhagen')::date + 1,
                            (now() at time zone 'Europe/Copenhagen')::date + ${WINDOW_DAYS},
                            interval '1 day') d
      where exists (select 1 from public.services s
                     where s.is_active
                       and jsonb_array_length(public.get_available_slots(s.id, d::date) -> 'slots') > 0)`,
  );
  return { ...size!, daysWithFreeTime: free!.n };
}

/**
 * Books the days today+from .. today+to full: packages in turn, each on the first free time the
 * engine offers it, until not even a 30-minute wash fits; then every eighth booking of the day is
 * cancelled and its time booked again the same way. The past is booked as it was, two days ahead
 * (create_booking's p_now); the window now.
 */
async function fillDays(stack: TestStack, today: string, from: number, to: number): Promise<void> {
  await stack.query(`
    do $$
    declare
      v_today date := '${today}';
      v_day date;
      v_now timestamptz;
      v_pass integer;
      v_k integer := (select count(*) from public.bookings);
      v_turn integer := 0;
      v_service uuid;
      v_slot text;
      v_full uuid[];
      v_result jsonb;
      -- the mix, in turn: washes, one-day and multi-day polishes
      v_mix uuid[] := array['${SERVICE.guld}', '${SERVICE.solv}', '${SERVICE.premium}',
                            '${SERVICE.guldPolering}', '${SERVICE.solv}', '${SERVICE.solvPolering}',
                            '${SERVICE.guld}', '${SERVICE.solv}']::uuid[];
    begin
      for v_day in select d::date from generate_series(v_today + ${from}, v_today + ${to},
                                                      interval '1 day') d loop
        v_now := case when v_day <= v_today
                      then ((v_day - 2) + time '08:00') at time zone 'Europe/Copenhagen'
                      else now() end;
        for v_pass in 1..2 loop
          v_full := '{}';
          loop
            v_turn := v_turn + 1;
            v_service := v_mix[1 + v_turn % array_length(v_mix, 1)];
            continue when v_service = any (v_full);
            v_slot := public.get_available_slots(v_service, v_day, v_now) -> 'slots' ->> 0;
            if v_slot is null then
              -- nothing fits when not even the shortest package does
              exit when v_service = '${SERVICE.solv}';
              v_full := v_full || v_service;
              continue;
            end if;
            v_k := v_k + 1;
            v_result := public.create_booking(
              jsonb_populate_record(null::public.booking_request, jsonb_build_object(
                'service_id', v_service, 'booking_date', v_day, 'booking_time', v_slot,
                'customer_name', 'Bench Kunde', 'customer_email', 'full' || v_k || '@example.dk',
                'customer_phone', '21345678')), null,
              '10.' || (v_k / 62500) % 250 || '.' || (v_k / 250) % 250 || '.' || v_k % 250, v_now);
            if v_result ->> 'status' <> 'created' then
              raise exception 'bench seed: % on % at % answered %', v_service, v_day, v_slot, v_result;
            end if;
          end loop;
          if v_pass = 1 then
            update public.bookings b
               set status = 'cancelled', cancelled_at = v_now
             where b.booking_date = v_day and b.status = 'confirmed'
               and ('x' || substr(md5(b.id::text), 1, 4))::bit(16)::integer % 8 = 0;
          end if;
        end loop;
      end loop;
    end $$;`);
}

export const CALENDAR_REQUESTS = 120;
export const FULL_SLOT_REQUESTS = 300;
/** The target: ten times under anon's 3 s statement timeout. */
export const TARGET_P95_MS = 300;

export interface Timing {
  p50: number;
  p95: number;
  max: number;
}

export interface FullCalendarFigures {
  size: FullCalendarSize;
  seedSeconds: number;
  calendar: Timing;
  slots: Timing;
}

/**
 * Seeds the full calendar, then times the two calls the booking form makes, end to end over HTTP
 * as the browser makes them with the publishable (anon) key: get_booking_calendar through the
 * REST gateway (the package's whole window: one day rule and one slot search per day), and the
 * get-available-slots function (Deno, then the service role through the gateway) on days of the
 * window, all packages in turn. Warm-up calls first (Deno start, plan caches).
 */
export async function measureFullCalendar(
  stack: TestStack,
  summary: (times: number[]) => Timing,
  log: (line: string) => void,
): Promise<FullCalendarFigures> {
  const t0 = performance.now();
  const size = await seedFullCalendar(stack, log);
  const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
  if (size.daysWithFreeTime !== 0)
    throw new Error(`the calendar is not full: ${size.daysWithFreeTime} days have a free time`);
  log(`seeded ${JSON.stringify(size)} in ${seedSeconds} s`);

  const services = (
    await stack.query<{ id: string }>(`select id from public.services where is_active order by id`)
  ).map((r) => r.id);
  const days = (
    await stack.query<{ d: string }>(
      `select d::date::text d from generate_series((now() at time zone 'Europe/Copenhagen')::date + 1,
         (now() at time zone 'Europe/Copenhagen')::date + ${WINDOW_DAYS}, interval '1 day') d order by d`,
    )
  ).map((r) => r.d);

  const calendar = async (i: number) => {
    const res = await stack.rpc('get_booking_calendar', {
      p_service_id: services[i % services.length],
    });
    const body = (await res.json()) as { days?: { status: string }[] };
    if (res.status !== 200) throw new Error(`calendar answered ${res.status}`);
    if (body.days?.some((d) => d.status === 'bookable'))
      throw new Error('the full calendar offered a bookable day');
  };
  const slots = async (i: number) => {
    const res = await fetch(`${stack.url}/functions/v1/get-available-slots`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        Authorization: `Bearer ${stack.anonKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        date: days[(i * 7) % days.length],
        serviceId: services[i % services.length],
      }),
    });
    const body = (await res.json()) as { slots?: string[] };
    if (res.status !== 200) throw new Error(`slots answered ${res.status}`);
    if (body.slots?.length) throw new Error('the full calendar offered a time');
  };
  const timed = async (n: number, call: (i: number) => Promise<void>) => {
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await call(i);
      times.push(performance.now() - start);
    }
    return summary(times);
  };
  for (let i = 0; i < 12; i++) {
    await calendar(i);
    await slots(i);
  }
  return {
    size,
    seedSeconds,
    calendar: await timed(CALENDAR_REQUESTS, calendar),
    slots: await timed(FULL_SLOT_REQUESTS, slots),
  };
}
