// npm run bench:abuse [-- pglite|postgres ...] [-- --seconds=N]
// A benchmark, not a test: plays an attacker with a few networks for 60 s against the embedded
// stack (gateway + Deno functions + SQL), once on PGlite and once on PostgreSQL 15, with every
// setting at its migration default (the real challenge cost and caps), while real visitors book.
//
// The attacker has 3 IPv4 addresses and one IPv6 /48, from which it takes a fresh /64 (in a fresh
// /56) for every IPv6 request; it sends its requests round-robin over the 3 IPv4 addresses and the
// /48, one solver per CPU core, as fast as it can. Each request: a fresh challenge from
// booking-challenge, solved (Node's native PBKDF2), spoofed X-Forwarded-For and every other
// client-writable address header, a fresh e-mail address and phone number, a free slot of the
// next 14 days picked from get-available-slots (the longest packages first: the most hours per
// booking).
// Real visitors (REAL_VISITORS of them, evenly spread over the run) each come from an address of
// their own (IPv4 and IPv6 in turn, each IPv6 one in a /48 of its own), fetch and solve a challenge
// as the form does, pick the first free time of a wash on a day the attacker does not take first,
// and send it; a refused challenge (too cheap since it was fetched, say) is solved again and sent
// once more, as the form lets the visitor do.
//
// Where the requests come from: the functions run with CLIENT_IP_HEADER x-forwarded-for and
// CLIENT_IP_TRUSTED_HOPS 2, and the bench writes the address it acts from as the last entry of
// X-Forwarded-For; the gateway appends its real peer after it, as it does for every request. So
// the bench stands in for one trusted proxy in front of the gateway; the gateway itself and the
// production default (cf-connecting-ip, set by the platform) trust nothing the client writes.
//
// Prints and writes to the "Abuse" section of docs/benchmarks.md: the attacker's bookings (per
// network), hours of the next 14 days' capacity taken, the real visitors' bookings, e-mails queued
// for addresses other than the owner's (the outbox: the owner's notifications have no recipient,
// they go to OWNER_EMAIL), time per solved challenge and its cost, SMS queued for third parties
// (every attacker request ticks "Send mig SMS"), status counts. Targets: every real visitor books,
// the attacker's bookings <= the caps of its networks for the day, <= 3 SMS per number, no 5xx.
import { cpus, loadavg } from 'node:os';
import { runAndReport } from './report.ts';
import { startTestStack, type Backend, type TestStack } from '../local/testing/index.ts';
import { MESSAGES } from '../supabase/functions/_shared/messages.ts';
import type { Challenge } from 'altcha-lib';
import { altchaPayload, solve } from '../supabase/tests/helpers/challenge.ts';

const secondsArg = process.argv.find((a) => a.startsWith('--seconds='));
const SECONDS = secondsArg ? Number(secondsArg.slice('--seconds='.length)) : 60;
const SOLVERS = cpus().length;
const REAL_VISITORS = 12;
const MESSAGE_NAMES = new Map<string, string>(Object.entries(MESSAGES).map(([k, v]) => [v, k]));

/** The attacker's networks: three IPv4 addresses and one IPv6 /48. */
const ATTACKER_V4 = ['203.0.113.7', '198.51.100.23', '192.0.2.150'];
const ATTACKER_48 = '2a05:f480:1c00';

/** The attacker's n-th address: the IPv4 ones and the /48 in turn, a fresh /64 (and /56) each time. */
function attackerAddress(n: number): string {
  if (n % 4 < 3) return ATTACKER_V4[n % 4]!;
  const k = Math.floor(n / 4);
  return `${ATTACKER_48}:${((k * 257) % 0x10000).toString(16)}:${(n * 7919).toString(16)}::1`;
}

/** The i-th real visitor's own address: IPv4 and IPv6 (a /48 of its own) in turn. */
function visitorAddress(i: number): string {
  return i % 2 ? `2a02:${(0x1000 + i).toString(16)}:77::${i}` : `85.${10 + i}.${3 * i}.${i + 1}`;
}

interface Side {
  requests: number;
  bookings: number;
  statuses: Record<string, number>;
}

interface Figures {
  backend: Backend;
  seconds: number;
  attacker: Side & { byNetwork: Record<string, number> };
  visitors: Side & { solveP50: number; costs: number[] };
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
  /** What the attacker's networks may book in a day: 3 x the address cap and the /48's cap. */
  attackerCap: number | null;
  solve: { p50: number; p95: number; perSecond: number; maxCost: number };
  fivexx: number;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/**
 * The headers of a request from `address`: it is the last entry of X-Forwarded-For (the bench
 * plays the trusted proxy), in front of which the client's own spoofed entry stands; the other
 * headers a client can write that a naive server might take for its address are spoofed too.
 */
function addressHeaders(address: string, n: number): Record<string, string> {
  const ip = `${1 + (n % 223)}.${(n >> 8) % 256}.${(n * 7) % 256}.${((n * 13) % 254) + 1}`;
  return {
    'X-Forwarded-For': `${ip}, ${address}`,
    'X-Real-IP': ip,
    'CF-Connecting-IP': ip,
    'True-Client-IP': ip,
    'X-Client-IP': ip,
    Forwarded: `for=${ip}`,
  };
}

async function challengeFrom(url: string, headers: Record<string, string>): Promise<Challenge> {
  const res = await fetch(`${url}/functions/v1/booking-challenge`, { headers });
  if (res.status !== 200) throw new Error(`booking-challenge answered ${res.status}`);
  return (await res.json()) as Challenge;
}

async function send(
  url: string,
  headers: Record<string, string>,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await fetch(`${url}/functions/v1/create-booking`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => ({}))) as { error?: string };
  const why = answer.error ? (MESSAGE_NAMES.get(answer.error) ?? 'other') : '';
  return why ? `${res.status} ${why}` : String(res.status);
}

/** What a request that got no answer counts as. */
function failed(error: unknown): string {
  const message = (error as Error).message;
  // altcha-lib's solver gives up after 90 s (as the widget does): this machine's CPU, shared by
  // the attacker's solvers and every waiting visitor, not an answer of the server
  return message === 'challenge not solved' ? 'no solve in 90 s' : `error ${message.slice(0, 40)}`;
}

const count = (side: Side, status: string) => {
  side.requests += 1;
  side.statuses[status] = (side.statuses[status] ?? 0) + 1;
  if (status === '201') side.bookings += 1;
};

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
  // challengeCost null: the migration's default cost, as in production; the bench is the trusted
  // proxy that names the address (see the top of this file)
  const stack = await startTestStack({
    backend,
    challengeCost: null,
    functionEnv: { CLIENT_IP_HEADER: 'x-forwarded-for', CLIENT_IP_TRUSTED_HOPS: '2' },
  });
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
    // the /48's own cap, where the database has one (address_networks names each network's factor)
    const net48 = await stack
      .query<{ factor: number }>(
        `select factor from public.booking_address_networks($1) where bucket like '%/48'`,
        [attackerAddress(3)],
      )
      .catch(() => []);
    const attackerCap = net48[0]
      ? ATTACKER_V4.length * addressCap + net48[0].factor * addressCap
      : null;
    const slots = await freeSlots(stack);
    const solveService = (
      await stack.query<{ id: string }>(
        `select id from public.services where is_active order by duration_minutes limit 1`,
      )
    )[0]!.id;
    console.log(
      `[${backend}] ${slots.length} free slots in the next 14 days; cost ${cost}; ${SOLVERS} solvers; ${SECONDS} s`,
    );

    const attacker: Figures['attacker'] = { requests: 0, bookings: 0, statuses: {}, byNetwork: {} };
    const visitors: Figures['visitors'] = {
      requests: 0,
      bookings: 0,
      statuses: {},
      solveP50: NaN,
      costs: [],
    };
    const solveTimes: number[] = [];
    const visitorSolveTimes: number[] = [];
    const costs: number[] = [];
    let n = 0;
    const stopAt = performance.now() + SECONDS * 1000;
    const solved = async (headers: Record<string, string>, times: number[]) => {
      const challenge = await challengeFrom(stack.url, headers);
      const started = performance.now();
      const solution = await solve(challenge);
      times.push(performance.now() - started);
      costs.push(challenge.parameters.cost ?? 0);
      return altchaPayload(challenge, solution);
    };
    const attack = async () => {
      while (performance.now() < stopAt) {
        n += 1;
        const i = n;
        const address = attackerAddress(i);
        const headers = addressHeaders(address, i);
        let status: string;
        try {
          const altcha = await solved(headers, solveTimes);
          const slot = slots[(i * 7919) % slots.length]!;
          status = await send(stack.url, headers, {
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
            altcha,
          });
        } catch (error) {
          status = failed(error);
        }
        count(attacker, status);
        if (status === '201') {
          const network = address.includes(':') ? `${ATTACKER_48}::/48` : address;
          attacker.byNetwork[network] = (attacker.byNetwork[network] ?? 0) + 1;
        }
      }
    };
    const visit = async (i: number) => {
      await new Promise((r) => setTimeout(r, ((i + 0.5) * SECONDS * 1000) / REAL_VISITORS));
      const headers = addressHeaders(visitorAddress(i), 100000 + i);
      let status = 'no free time';
      try {
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const altcha = await solved(headers, visitorSolveTimes);
          // the first day from 2 + i days ahead with a free time (Sundays are closed)
          let date = '';
          let free: string[] = [];
          for (let day = 2 + (i % 12); day < 16 && free.length === 0; day += 1) {
            date = new Date(Date.now() + day * 86400000).toISOString().slice(0, 10);
            const res = await fetch(`${stack.url}/functions/v1/get-available-slots`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', ...headers },
              body: JSON.stringify({ date, serviceId: solveService }),
            });
            free = ((await res.json()) as { slots?: string[] }).slots ?? [];
          }
          if (free.length === 0) break;
          status = await send(stack.url, headers, {
            serviceId: solveService,
            bookingDate: date,
            bookingTime: free[Math.floor(free.length / 2)],
            customerName: `Kunde ${i}`,
            customerEmail: `kunde${i}@example.dk`,
            customerPhone: `2${String(4000000 + i).padStart(7, '0')}`,
            altcha,
          });
          // the form solves a fresh challenge after a refused one; the visitor sends again
          if (!/^400 challenge/.test(status)) break;
        }
      } catch (error) {
        status = failed(error);
      }
      count(visitors, status);
    };
    const began = performance.now();
    await Promise.all([
      ...Array.from({ length: SOLVERS }, () => attack()),
      ...Array.from({ length: REAL_VISITORS }, (_, i) => visit(i)),
    ]);
    const seconds = round((performance.now() - began) / 1000);
    visitors.solveP50 = Math.round(percentile(visitorSolveTimes, 50));
    visitors.costs = [...new Set(costs)].sort((a, b) => a - b);

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
    const fivexx = [attacker, visitors]
      .flatMap((side) => Object.entries(side.statuses))
      .filter(([k]) => /^5\d\d/.test(k) || k.startsWith('error'))
      .reduce((sum, [, v]) => sum + v, 0);
    return {
      backend,
      seconds,
      attacker,
      visitors,
      hoursTaken: round(taken!.hours),
      hoursCapacity: round(capacity!.hours),
      thirdPartyEmails: mails!.third,
      ownerEmails: mails!.owner,
      thirdPartySms: sms!.sent,
      refusedSms: sms!.refused,
      maxSmsPerNumber: sms!.most,
      cost,
      addressCap,
      attackerCap,
      solve: {
        p50: Math.round(percentile(solveTimes, 50)),
        p95: Math.round(percentile(solveTimes, 95)),
        perSecond: round(solveTimes.length / seconds, 2),
        maxCost: Math.max(...costs),
      },
      fivexx,
    };
  } finally {
    await stack.stop();
  }
}

function met(r: Figures): boolean {
  return (
    r.visitors.bookings === REAL_VISITORS &&
    r.attackerCap !== null &&
    r.attacker.bookings <= r.attackerCap &&
    r.maxSmsPerNumber <= 3 &&
    r.fivexx === 0
  );
}

const counts = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${v} × ${k}`)
    .join(', ');

function section(results: Figures[]): string {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const lines = [
    '## Abuse',
    '',
    `Measured ${date} UTC by \`npm run bench:abuse\` on ${cpus().length} CPU cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'})`,
    `shared with the team (load average ${loadavg()[0]!.toFixed(1)} at the end), Node ${process.version}. The attacker`,
    `runs ${SECONDS} s with ${SOLVERS} solvers (one per core) from 3 IPv4 addresses and one IPv6 /48, round-robin,`,
    'a fresh /64 (and /56) of the /48 for every IPv6 request: per request a fresh challenge solved at the cost',
    "booking-challenge gives (Node's native PBKDF2), spoofed X-Forwarded-For, X-Real-IP, CF-Connecting-IP,",
    'True-Client-IP, X-Client-IP and Forwarded entries, a fresh e-mail address and phone (SMS ticked), a free slot',
    `of the next 14 days (longest packages first). Meanwhile ${REAL_VISITORS} real visitors, evenly spread, each from an`,
    'address of its own (IPv4 and IPv6 in turn), solve their challenge and book a wash (a refused challenge is',
    'solved again and sent once more, as the form allows). The bench names the address as a trusted proxy would',
    '(last X-Forwarded-For entry, CLIENT_IP_TRUSTED_HOPS 2; see bench/abuse.ts). E-mails to third parties are the',
    "queued customer e-mails (the owner's notifications have no recipient of their own). Targets: every real",
    "visitor books, the attacker's bookings <= its networks' day caps (3 x max_bookings_per_ip_per_day + the",
    "/48's cap), <= 3 SMS per number, no 5xx.",
    '',
    "| Database | Attacker: requests, bookings (per network) | Real visitors: booked | Hours of the next 14 days taken | E-mails to third parties (owner) | SMS to third parties (refused; most to one number) | Attacker's solve p50 / p95 (solved/s); costs seen | Real visitors' solve p50 | Attacker's status counts | Real visitors' status counts | Targets |",
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const nets = Object.entries(r.attacker.byNetwork)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    lines.push(
      `| ${r.backend} | ${r.attacker.requests} in ${r.seconds} s, ${r.attacker.bookings} (${nets || 'none'}; cap ${r.attackerCap ?? 'none for the /48'}) | ` +
        `${r.visitors.bookings} of ${REAL_VISITORS} | ${r.hoursTaken} of ${r.hoursCapacity} h | ` +
        `${r.thirdPartyEmails} (${r.ownerEmails}) | ${r.thirdPartySms} (${r.refusedSms}; ${r.maxSmsPerNumber}) | ` +
        `${r.solve.p50} / ${r.solve.p95} ms (${r.solve.perSecond}/s); ${r.visitors.costs.join(', ')} | ${r.visitors.solveP50} ms | ` +
        `${counts(r.attacker.statuses)} | ${counts(r.visitors.statuses)} | ${met(r) ? 'met' : 'NOT met'} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

const results = await runAndReport('Abuse', runOn, section);
process.exit(results.every(met) ? 0 : 1);
