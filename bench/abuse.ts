// npm run bench:abuse [-- pglite|postgres ...] [-- --seconds=N]
// A benchmark, not a test: plays an attacker with one machine for 60 s against the embedded stack
// (gateway + Deno functions + SQL), once on PGlite and once on PostgreSQL 15, with every setting
// at its migration default (the real challenge cost and caps).
//
// Each request: a fresh challenge from booking-challenge, solved as fast as this machine can (one
// solver per CPU core, Node's native PBKDF2), a fresh spoofed X-Forwarded-For and every other
// client-writable address header, a fresh e-mail address and phone number, a free slot of the next
// 14 days picked from get-available-slots (the longest packages first: the most hours per booking).
// Since the attacker is one machine, the gateway's real peer address is the same every time: that
// is what max_bookings_per_ip_per_day is about.
//
// Prints and writes to the "Abuse" section of docs/benchmarks.md: bookings obtained, hours of the
// next 14 days' capacity taken, e-mails queued for addresses other than the owner's (the outbox:
// the owner's notifications have no recipient, they go to OWNER_EMAIL), time per solved challenge,
// SMS queued for third parties (every request ticks "Send mig SMS"), status counts. Targets:
// bookings <= the per-address cap, third-party e-mails and SMS <= 3 x that, <= 3 SMS per number, no 5xx.
import { cpus, loadavg } from 'node:os';
import { runAndReport } from './report.ts';
import { startTestStack, type Backend, type TestStack } from '../local/testing/index.ts';
import { MESSAGES } from '../supabase/functions/_shared/messages.ts';
import { altchaPayload, fetchChallenge, solve } from '../supabase/tests/helpers/challenge.ts';

const secondsArg = process.argv.find((a) => a.startsWith('--seconds='));
const SECONDS = secondsArg ? Number(secondsArg.slice('--seconds='.length)) : 60;
const SOLVERS = cpus().length;
const MESSAGE_NAMES = new Map<string, string>(Object.entries(MESSAGES).map(([k, v]) => [v, k]));

interface Figures {
  backend: Backend;
  seconds: number;
  requests: number;
  statuses: Record<string, number>;
  bookings: number;
  hoursTaken: number;
  hoursCapacity: number;
  thirdPartyEmails: number;
  ownerEmails: number;
  /** SMS queued to be sent (every booking ticks "Send mig SMS"), refused (foreign, premium, over the cap), most to one number. */
  thirdPartySms: number;
  refusedSms: number;
  maxSmsPerNumber: number;
  cost: number;
  addressCap: number;
  solve: { p50: number; p95: number; perSecond: number };
  fivexx: number;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Headers a client can write that a naive server might take for its address. */
function spoofedHeaders(n: number): Record<string, string> {
  const ip = `${1 + (n % 223)}.${(n >> 8) % 256}.${(n * 7) % 256}.${((n * 13) % 254) + 1}`;
  return {
    'X-Forwarded-For': ip,
    'X-Real-IP': ip,
    'CF-Connecting-IP': ip,
    'True-Client-IP': ip,
    'X-Client-IP': ip,
    Forwarded: `for=${ip}`,
  };
}

async function freeSlots(stack: TestStack) {
  const days = (
    await stack.query<{ d: string }>(
      `select d::date::text d from generate_series((now() at time zone 'Europe/Copenhagen')::date + 1,
         (now() at time zone 'Europe/Copenhagen')::date + 14, interval '1 day') d order by d`,
    )
  ).map((r) => r.d);
  const services = await stack.query<{ id: string }>(
    `select id from public.services where is_active order by duration_minutes desc`,
  );
  const slots: { serviceId: string; bookingDate: string; bookingTime: string }[] = [];
  for (const service of services) {
    for (const date of days) {
      const res = await fetch(`${stack.url}/functions/v1/get-available-slots`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ date, serviceId: service.id }),
      });
      const body = (await res.json()) as { slots?: string[] };
      for (const time of body.slots ?? [])
        slots.push({ serviceId: service.id, bookingDate: date, bookingTime: time });
    }
  }
  return slots;
}

async function runOn(backend: Backend): Promise<Figures> {
  // challengeCost null: the migration's default cost, as in production
  const stack = await startTestStack({ backend, challengeCost: null });
  try {
    const setting = async (key: string) =>
      Number(
        (
          await stack.query<{ v: string }>(`select value v from public.settings where key = $1`, [
            key,
          ])
        )[0]?.v,
      );
    const cost = await setting('booking_challenge_cost');
    const addressCap = await setting('max_bookings_per_ip_per_day');
    const slots = await freeSlots(stack);
    console.log(
      `[${backend}] ${slots.length} free slots in the next 14 days; cost ${cost}; ${SOLVERS} solvers; ${SECONDS} s`,
    );

    const statuses: Record<string, number> = {};
    const solveTimes: number[] = [];
    let requests = 0;
    let n = 0;
    const stopAt = performance.now() + SECONDS * 1000;
    const attacker = async (id: number) => {
      while (performance.now() < stopAt) {
        n += 1;
        const i = n;
        const headers = spoofedHeaders(i * SOLVERS + id);
        let status: string;
        try {
          const challenge = await fetchChallenge(stack.url);
          const started = performance.now();
          const solution = await solve(challenge);
          solveTimes.push(performance.now() - started);
          const slot = slots[(i * 7919) % slots.length]!;
          const res = await fetch(`${stack.url}/functions/v1/create-booking`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...headers },
            body: JSON.stringify({
              ...slot,
              customerName: `Offer ${i}`,
              customerEmail: `offer${i}.${Date.now()}@victim.example`,
              // SMS pumping: every booking asks for SMS, to a premium-rate, a foreign, one victim's
              // or a fresh number in turn
              customerPhone: [
                `90${String(i % 1e6).padStart(6, '0')}`,
                `0049${String(i).padStart(9, '0')}`,
                '+4520000000',
                `3${String(i).padStart(7, '0')}`,
              ][i % 4],
              sms: true,
              notes: 'Køb billige ure på https://spam.example',
              altcha: altchaPayload(challenge, solution),
            }),
          });
          const body = (await res.json().catch(() => ({}))) as { error?: string };
          const why = body.error ? (MESSAGE_NAMES.get(body.error) ?? 'other') : '';
          status = why ? `${res.status} ${why}` : String(res.status);
        } catch (error) {
          status = `error ${(error as Error).message.slice(0, 40)}`;
        }
        requests += 1;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: SOLVERS }, (_, id) => attacker(id)));
    const seconds = round((performance.now() - began) / 1000);

    const [taken] = await stack.query<{ bookings: number; hours: number }>(
      `with w as (
         select ((now() at time zone 'Europe/Copenhagen')::date + 1)::timestamp at time zone 'Europe/Copenhagen' s,
                ((now() at time zone 'Europe/Copenhagen')::date + 15)::timestamp at time zone 'Europe/Copenhagen' e)
       select (select count(*)::int from public.bookings b where b.source = 'online') bookings,
              coalesce(sum(extract(epoch from least(upper(p.period), w.e) - greatest(lower(p.period), w.s))), 0)::float8 / 3600 hours
         from w left join public.booking_work_periods p on p.period && tstzrange(w.s, w.e)
          and exists (select 1 from public.bookings b where b.id = p.booking_id and b.status = 'confirmed')`,
    );
    const [capacity] = await stack.query<{ hours: number }>(
      `select coalesce(sum(extract(epoch from h.closes_at - h.opens_at)), 0)::float8 / 3600
                * (select value::int from public.settings where key = 'workshop_capacity') hours
         from generate_series((now() at time zone 'Europe/Copenhagen')::date + 1,
                              (now() at time zone 'Europe/Copenhagen')::date + 14, interval '1 day') d,
              lateral public.booking_day_hours(d::date) h`,
    );
    const [mails] = await stack.query<{ third: number; owner: number }>(
      `select count(*) filter (where recipient is not null)::int third,
              count(*) filter (where recipient is null)::int owner
         from public.email_outbox where kind not like 'sms\\_%'`,
    );
    const [sms] = await stack.query<{ sent: number; refused: number; most: number }>(
      `select count(*) filter (where status <> 'cancelled')::int sent,
              count(*) filter (where status = 'cancelled')::int refused,
              coalesce((select max(n) from (select count(*)::int n from public.email_outbox
                         where kind like 'sms\\_%' and status <> 'cancelled' group by recipient) x), 0) most
         from public.email_outbox where kind like 'sms\\_%'`,
    );
    const fivexx = Object.entries(statuses)
      .filter(([k]) => /^5\d\d/.test(k) || k.startsWith('error'))
      .reduce((sum, [, v]) => sum + v, 0);
    return {
      backend,
      seconds,
      requests,
      statuses,
      bookings: taken!.bookings,
      hoursTaken: round(taken!.hours),
      hoursCapacity: round(capacity!.hours),
      thirdPartyEmails: mails!.third,
      ownerEmails: mails!.owner,
      thirdPartySms: sms!.sent,
      refusedSms: sms!.refused,
      maxSmsPerNumber: sms!.most,
      cost,
      addressCap,
      solve: {
        p50: Math.round(percentile(solveTimes, 50)),
        p95: Math.round(percentile(solveTimes, 95)),
        perSecond: round(solveTimes.length / seconds, 2),
      },
      fivexx,
    };
  } finally {
    await stack.stop();
  }
}

function met(r: Figures): boolean {
  return (
    r.bookings <= r.addressCap &&
    r.thirdPartyEmails <= 3 * r.addressCap &&
    r.thirdPartySms <= 3 * r.addressCap &&
    r.maxSmsPerNumber <= 3 &&
    r.fivexx === 0
  );
}

function section(results: Figures[]): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    '## Abuse',
    '',
    `Measured ${date} UTC by \`npm run bench:abuse\` on ${cpus().length} CPU cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
    `shared with the team (load average ${loadavg()[0]!.toFixed(1)} at the end), Node ${process.version}. The attacker`,
    `runs ${SECONDS} s from this one machine with ${SOLVERS} solvers (one per core): per request a fresh challenge solved`,
    "at the migration's default cost (Node's native PBKDF2), fresh spoofed X-Forwarded-For, X-Real-IP,",
    'CF-Connecting-IP, True-Client-IP, X-Client-IP and Forwarded headers, a fresh e-mail address and phone, a free',
    'slot of the next 14 days (longest packages first). E-mails to third parties are the queued customer e-mails',
    "(the owner's notifications have no recipient of their own). Targets: bookings <= max_bookings_per_ip_per_day,",
    'third-party e-mails <= 3 x that, SMS to third parties <= 3 x that and <= 3 per number (every request ticks',
    '"Send mig SMS", to a premium-rate, a foreign, one victim\'s or a fresh number in turn; SMS queued to be sent,',
    'refused ones stored cancelled), no 5xx.',
    '',
    '| Database | Requests | Bookings | Hours of the next 14 days taken | E-mails to third parties (owner) | SMS to third parties (refused; most to one number) | Solve per challenge p50 / p95 (solved/s) | Status counts | Targets |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const counts = Object.entries(r.statuses)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${v} × ${k}`)
      .join(', ');
    lines.push(
      `| ${r.backend} | ${r.requests} in ${r.seconds} s | ${r.bookings} (cap ${r.addressCap}) | ${r.hoursTaken} of ${r.hoursCapacity} h | ` +
        `${r.thirdPartyEmails} (${r.ownerEmails}) | ${r.thirdPartySms} (${r.refusedSms}; ${r.maxSmsPerNumber}) | ${r.solve.p50} / ${r.solve.p95} ms (${r.solve.perSecond}/s) at cost ${r.cost} | ${counts} | ${met(r) ? 'met' : 'NOT met'} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

const results = await runAndReport('Abuse', runOn, section);
process.exit(results.every(met) ? 0 : 1);
