// The owner's alert about given-up e-mails end to end on the embedded stack: a booking made over
// HTTP whose confirmation the (local) e-mail API refuses until it is given up, the
// process-email-outbox function queueing the alert after its batch, the embedded stack's sender
// loop sending it to OWNER_EMAIL once, nothing more that day, and an alert that cannot be sent given
// up without ever being alerted about. The day-by-day rules with a fixed clock:
// email-given-up-alert.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmailWorker, type Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { callFunction, copenhagenDay, openDays } from './helpers/http.ts';
import { liftBookingCaps, SERVICE } from './helpers/sql.ts';

const OWNER = 'ejer@glanspunkt.local';

let running: EmailStack;
let stack: TestStack;
let mailbox: Mailbox;
let day: string;

const run = async () => {
  const r = await runEmailSender(stack);
  expect(r.status).toBe(200);
  return r.body;
};

let n = 0;
/** A booking over HTTP whose confirmation the e-mail API refuses (503) until it is given up. */
async function confirmationGivenUp(time: string) {
  n += 1;
  const email = `lise${n}@example.dk`;
  const made = await callFunction<{ reference: string }>(stack, 'create-booking', {
    serviceId: SERVICE.solv,
    customerName: 'Lise Holm',
    customerEmail: email,
    customerPhone: '+45 21 34 56 78',
    bookingDate: day,
    bookingTime: time,
  });
  expect(made.status).toBe(201);
  // only the confirmation is in play (the owner's notification would take a fault of its own)
  await stack.query(
    `update public.email_outbox set status = 'cancelled'
      where kind = 'owner_notification' and status = 'pending'`,
  );
  mailbox.store.failNext(2, { status: 503 });
  expect(await run()).toMatchObject({ claimed: 1, retrying: 1 });
  const second = await run();
  expect(second).toMatchObject({ claimed: 1, failed: 1 });
  return { reference: made.body.reference, email, alertsQueued: second.alertsQueued };
}

async function alertRows() {
  return stack.query<{
    idempotency_key: string;
    status: string;
    attempts: number;
    payload: { emails: { reference: string }[] };
  }>(
    `select idempotency_key, status, attempts, payload from public.email_outbox
      where idempotency_key like 'owner_alert:given\\_up:%' order by idempotency_key`,
  );
}

beforeAll(async () => {
  running = await startEmailStack();
  ({ stack, mailbox } = running);
  await liftBookingCaps(stack.query);
  // retried at once and given up after the second try, so the test need not wait 8 hours
  await stack.query(
    `update public.settings set value = '0' where key = 'email_retry_base_seconds';
     update public.settings set value = '2' where key = 'email_max_attempts';`,
  );
  day = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
});

afterAll(async () => {
  await running?.stop();
});

beforeEach(async () => {
  mailbox.store.clear();
  await stack.query(`update public.email_outbox set status = 'cancelled' where status <> 'sent'`);
  // each test starts with no alert yet today
  await stack.query(
    `delete from public.email_outbox where idempotency_key like 'owner_alert:given\\_up:%'`,
  );
});

describe('alert about given-up e-mails on the embedded stack', () => {
  it('a given-up confirmation reaches the owner in one alert that day, sent by the sender loop', async () => {
    const today = await copenhagenDay(stack, 0);
    const first = await confirmationGivenUp('09:00');
    // queued by the run that gave it up, sent by the next one
    expect(first.alertsQueued).toBe(1);
    expect(mailbox.store.messages).toHaveLength(0);
    const worker = startEmailWorker({
      supabaseUrl: stack.url,
      secretKey: stack.secretKey,
      intervalMs: 3_600_000,
      retentionIntervalMs: 0,
    });
    try {
      expect(await worker.runOnce()).toMatchObject({ claimed: 1, sent: 1, alertsQueued: 0 });
    } finally {
      await worker.stop();
    }

    const [alert, ...others] = mailbox.store.messages;
    expect(others).toEqual([]);
    expect(alert).toMatchObject({
      to: [OWNER],
      subject: 'Advarsel: 1 e-mail kunne ikke sendes',
      idempotencyKey: `owner_alert:given_up:${today}`,
    });
    for (const body of [alert!.text, alert!.html]) {
      expect(body).toContain(
        `Bookingbekræftelse til Lise Holm · ${first.email} · tlf. +45 21 34 56 78`,
      );
      expect(body).toContain(`Booking nr. ${first.reference} · Sølvpakken`);
      expect(body).toContain('Fejl (efter 2 forsøg): Mailtjenesten havde en fejl (HTTP 503).');
      expect(body).not.toContain('Simulated');
    }

    // a second e-mail given up later the same day: no second alert that day
    const second = await confirmationGivenUp('11:00');
    expect(second.alertsQueued).toBe(0);
    expect(await run()).toMatchObject({ claimed: 0, alertsQueued: 0 });
    // (midnight passed meanwhile in Copenhagen: the day's rule no longer applies to it)
    if ((await copenhagenDay(stack, 0)) !== today) return;
    expect(mailbox.store.messages.filter((m) => m.to[0] === OWNER)).toHaveLength(1);
    expect((await alertRows()).map((r) => r.idempotency_key)).toEqual([
      `owner_alert:given_up:${today}`,
    ]);

    // the next day's first run reports it, and only it
    const [queued] = await stack.query<{ n: number }>(
      `select public.queue_given_up_alert(now() + interval '1 day') as n`,
    );
    expect(queued!.n).toBe(1);
    // queued for tomorrow's clock: due now for this sender
    await stack.query(
      `update public.email_outbox set next_attempt_at = now()
        where idempotency_key like 'owner_alert:given\\_up:%' and status = 'pending'`,
    );
    expect(await run()).toMatchObject({ claimed: 1, sent: 1 });
    const next = mailbox.store.messages.at(-1)!;
    expect(next.to).toEqual([OWNER]);
    expect(next.idempotencyKey).toBe(`owner_alert:given_up:${await copenhagenDay(stack, 1)}`);
    expect(next.text).toContain(second.reference);
    expect(next.text).not.toContain(first.reference);
  });

  it('an alert that cannot be sent is given up once and never alerted about', async () => {
    await confirmationGivenUp('13:00');
    mailbox.store.failNext(2, { status: 503 });
    expect(await run()).toMatchObject({ claimed: 1, retrying: 1, alertsQueued: 0 });
    expect(await run()).toMatchObject({ claimed: 1, failed: 1, alertsQueued: 0 });
    const [alert, ...more] = await alertRows();
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ status: 'failed', attempts: 2 });

    // later runs, today and on the next days: nothing about the lost alert
    expect(await run()).toMatchObject({ claimed: 0, alertsQueued: 0 });
    for (const days of [1, 2]) {
      const [queued] = await stack.query<{ n: number }>(
        `select public.queue_given_up_alert(now() + make_interval(days => $1)) as n`,
        [days],
      );
      expect(queued!.n).toBe(0);
    }
    expect(await run()).toMatchObject({ claimed: 0 });
    expect(await alertRows()).toHaveLength(1);
    // two tries of the confirmation, two of the alert, no more
    expect(mailbox.store.calls).toBe(4);
    expect(mailbox.store.messages).toEqual([]);
  });

  it('the API roles cannot queue the alert themselves (only the sender, with the service key)', async () => {
    const anon = await stack.rpc('queue_given_up_alert', {});
    expect([401, 403]).toContain(anon.status);
    expect(await anon.json()).toMatchObject({ code: '42501' });
    const service = await stack.rpc('queue_given_up_alert', {}, stack.serviceRoleKey);
    expect(service.status).toBe(200);
    expect(await service.json()).toBe(0);
  });
});
