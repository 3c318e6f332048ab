// The e-mail sender within the platform's limits, against the local mailbox standing in for Resend:
// a run ends within its time budget however slow the API is (the function may run 150 s; a run
// stays far under it), leaves what it did not claim for the next run and sends nothing twice; it
// keeps to Resend's 2 requests a second (calls at least 500 ms apart, measured where they arrive);
// and a 429 with Retry-After holds back the row and the rest of the run for as long as it says.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { callFunction, openDays } from './helpers/http.ts';
import { liftBookingCaps, SERVICE } from './helpers/sql.ts';

/** The sender's defaults (supabase/functions/_shared/email/processor.ts). */
const BUDGET_MS = 40_000;
const TIMEOUT_MS = 10_000;

let running: EmailStack;
let stack: TestStack;
let mailbox: Mailbox;
let days: string[];
let n = 0;
/** When the test began: its e-mails are the ones queued since. */
let since: string;

type Row = {
  id: string;
  idempotency_key: string;
  status: string;
  attempts: number;
  last_error: string | null;
  waits_seconds: number | null;
};

/** Queues `bookings` bookings' e-mails (two each: the customer's and the owner's). */
async function queue(bookings: number): Promise<void> {
  for (let i = 0; i < bookings; i++) {
    n += 1;
    const r = await callFunction(stack, 'create-booking', {
      serviceId: SERVICE.solv,
      customerName: 'Ane Jensen',
      customerEmail: `limits${n}@example.dk`,
      customerPhone: '+45 21 34 56 78',
      bookingDate: days[Math.floor(n / 8) % days.length],
      bookingTime: ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'][n % 8],
    });
    expect(r.status).toBe(201);
  }
}

const rows = () =>
  stack.query<Row>(
    `select id, idempotency_key, status, attempts, last_error,
            extract(epoch from next_attempt_at - last_attempt_at)::float8 as waits_seconds
       from public.email_outbox where created_at >= $1 order by created_at, kind`,
    [since],
  );

/** The arrival times of the calls at the mailbox, in ms, and the gaps between them. */
function arrivals() {
  const at = mailbox.store.requests.map((r) => Date.parse(r.receivedAt));
  return { at, gaps: at.slice(1).map((t, i) => t - at[i]!) };
}

async function timedRun() {
  const started = performance.now();
  const run = await runEmailSender(stack);
  return { ...run, ms: performance.now() - started };
}

beforeAll(async () => {
  running = await startEmailStack();
  ({ stack, mailbox } = running);
  await liftBookingCaps(stack.query);
  days = await openDays(stack, [1, 2, 3, 4], 4);
  // a failed try may come back at once (the backoff is not under test; Retry-After is)
  await stack.query(
    `update public.settings set value = '0' where key = 'email_retry_base_seconds'`,
  );
});

afterAll(async () => {
  await running?.stop();
});

beforeEach(async () => {
  mailbox.store.clear();
  await stack.query(`update public.email_outbox set status = 'cancelled' where status <> 'sent'`);
  since = (await stack.query<{ now: string }>(`select now()::text as now`))[0]!.now;
});

describe('process-email-outbox within the limits', () => {
  it('keeps its calls at least 500 ms apart (Resend: 2 requests a second)', async () => {
    await queue(3);
    const run = await timedRun();
    expect(run.body).toMatchObject({ claimed: 6, sent: 6, retrying: 0, stopped: null });
    const { gaps } = arrivals();
    expect(gaps).toHaveLength(5);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(500);
    expect(mailbox.store.messages).toHaveLength(6);
  }, 60_000);

  it('against an API too slow to answer, ends within its budget; the rest waits, nothing twice', async () => {
    await queue(4);
    const queued = await rows();
    expect(queued).toHaveLength(8);
    // every call takes 12 s: the sender gives up at 10 s, the API still takes the e-mail (a lost
    // answer), so a retry must not deliver it again
    mailbox.store.failNext(8, { status: 200, delayMs: 12_000 });

    const first = await timedRun();
    expect(first.status).toBe(200);
    // within the budget (plus the database calls around it), far under the platform's 150 s
    expect(first.ms).toBeLessThan(BUDGET_MS + 3_000);
    expect(first.body).toMatchObject({ sent: 0, failed: 0, stopped: 'budget' });
    const tried = first.body.claimed!;
    // a call is started only when it can end within the budget: 10 s each, 500+ ms apart
    expect(tried).toBeGreaterThanOrEqual(3);
    expect(tried).toBeLessThanOrEqual(Math.floor(BUDGET_MS / TIMEOUT_MS));
    expect(first.body.retrying).toBe(tried);
    const after = await rows();
    expect(after.every((r) => r.status === 'pending')).toBe(true);
    const timedOut = after.filter((r) => r.attempts === 1);
    expect(timedOut).toHaveLength(tried);
    expect(timedOut.every((r) => /^Tidsgrænse/.test(r.last_error ?? ''))).toBe(true);
    // the rest was never claimed: no try counted, no lease left behind
    expect(after.filter((r) => r.attempts === 0)).toHaveLength(8 - tried);
    // the API took the e-mails it was too slow to confirm
    await expect.poll(() => mailbox.store.messages.length, { timeout: 15_000 }).toBe(tried);

    mailbox.store.clearFaults();
    const second = await timedRun();
    expect(second.body).toMatchObject({ claimed: 8, sent: 8, retrying: 0, stopped: null });
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
    // each e-mail arrived once: the retries carried their keys and were answered with the first id
    const keys = mailbox.store.messages.map((m) => m.idempotencyKey);
    expect(keys).toHaveLength(8);
    expect(new Set(keys).size).toBe(8);
    expect(mailbox.store.calls).toBe(tried + 8);
  }, 120_000);

  it('a 429 with Retry-After: 5 holds that row and the rest of the run back 5 s', async () => {
    await queue(2);
    mailbox.store.failNext(1, { status: 429, retryAfter: 5 });
    const run = await timedRun();
    expect(run.body).toMatchObject({ claimed: 4, sent: 3, retrying: 1, stopped: null });
    expect(mailbox.store.requests.map((r) => r.status)).toEqual([429, 200, 200, 200]);
    // nothing reached the API for 5 s after the refusal, then the usual spacing
    const { gaps } = arrivals();
    expect(gaps[0]).toBeGreaterThanOrEqual(5_000);
    for (const gap of gaps.slice(1)) expect(gap).toBeGreaterThanOrEqual(500);
    const limitedKey = mailbox.store.requests[0]!.idempotencyKey;
    let limited = (await rows()).find((r) => r.idempotency_key === limitedKey)!;
    expect(limited).toMatchObject({ status: 'pending', attempts: 1 });
    // not before the API said (the backoff is 0 here), and not again in the same run
    expect(limited.waits_seconds).toBeGreaterThanOrEqual(5);

    // the next run (the scheduler's, a minute later; here at once, after the 5 s) sends it
    const next = await timedRun();
    expect(next.body).toMatchObject({ claimed: 1, sent: 1 });
    limited = (await rows()).find((r) => r.idempotency_key === limitedKey)!;
    expect(limited).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailbox.store.messages).toHaveLength(4);
  }, 60_000);

  it('a Retry-After beyond the budget ends the run; the row waits that long, the rest is untouched', async () => {
    await queue(2);
    mailbox.store.failNext(1, { status: 429, retryAfter: 120 });
    const run = await timedRun();
    expect(run.ms).toBeLessThan(5_000);
    expect(run.body).toMatchObject({ claimed: 1, sent: 0, retrying: 1, stopped: 'budget' });
    expect(mailbox.store.calls).toBe(1);
    const after = await rows();
    const limited = after.find((r) => r.attempts === 1)!;
    expect(limited.status).toBe('pending');
    expect(limited.last_error).toMatch(/^HTTP 429 rate_limit_exceeded/);
    // not before the API said (the backoff is 0 here)
    expect(limited.waits_seconds).toBeGreaterThanOrEqual(120);
    expect(after.filter((r) => r !== limited).map((r) => [r.status, r.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['pending', 0],
    ]);
  }, 60_000);
});
