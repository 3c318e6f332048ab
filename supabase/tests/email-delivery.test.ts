// E-mail delivery end to end on the embedded stack: create-booking (HTTP) queues, the
// process-email-outbox function sends through the Resend-shaped local mailbox, failures are retried
// and recorded, and nothing is delivered twice.
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmailWorker, type Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import {
  runEmailSender,
  startEmailStack,
  TEST_SITE_URL,
  type EmailStack,
} from './helpers/email-stack.ts';
import { callFunction, openDays } from './helpers/http.ts';
import { liftBookingCaps, SERVICE } from './helpers/sql.ts';

let stack: TestStack;
let mailbox: Mailbox;
let day: string;
let running: EmailStack;

const processOutbox = (key?: string) => runEmailSender(stack, key);

let n = 0;
async function createBooking(time: string, serviceId: string = SERVICE.guld, onDay = day) {
  n += 1;
  const r = await callFunction<{ reference: string }>(stack, 'create-booking', {
    serviceId,
    customerName: 'Ane Jensen',
    customerEmail: `ane${n}@example.dk`,
    customerPhone: '+45 21 34 56 78',
    bookingDate: onDay,
    bookingTime: time,
    notes: 'Hund i bilen.',
  });
  expect(r.status).toBe(201);
  return { reference: r.body.reference, email: `ane${n}@example.dk` };
}

async function outbox(reference: string) {
  return stack.query<{
    kind: string;
    status: string;
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
    provider_message_id: string | null;
    idempotency_key: string;
  }>(
    `select o.* from public.email_outbox o join public.bookings b on b.id = o.booking_id
      where b.reference = $1 order by o.kind`,
    [reference],
  );
}

beforeAll(async () => {
  running = await startEmailStack();
  ({ stack, mailbox } = running);
  // every booking here comes from one address and one phone: the abuse caps stay out of the way
  await liftBookingCaps(stack.query);
  day = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
  // retry at once instead of after a minute, so the test need not wait
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
});

describe('process-email-outbox', () => {
  it('sends the customer confirmation and the owner notification of a booking, once', async () => {
    const { reference, email } = await createBooking('09:00');
    const run = await processOutbox();
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ claimed: 2, sent: 2, retrying: 0, failed: 0 });

    const mails = mailbox.store.messages;
    expect(mails).toHaveLength(2);
    const customer = mails.find((m) => m.to[0] === email)!;
    const owner = mails.find((m) => m.to[0] === 'ejer@glanspunkt.local')!;
    expect(customer.from).toBe('Glanspunkt <booking@glanspunkt.local>');
    expect(customer.subject).toMatch(/^Bookingbekræftelse: Guldpakken /);
    expect(customer.text).toContain(reference);
    expect(customer.text).toContain('Virkelyst 7B, 6000 Kolding');
    expect(customer.text).toMatch(new RegExp(`${TEST_SITE_URL}/afbestil\\?token=[0-9a-f]{64}`));
    expect(customer.idempotencyKey).toMatch(/^booking_confirmation:/);
    expect(owner.subject).toMatch(/^Ny booking: Guldpakken /);
    expect(owner.text).toContain(email);
    expect(owner.text).toContain('Hund i bilen.');
    expect(owner.reply_to).toBe(email);

    // the .ics parses and starts at 09:00 Copenhagen on the booked day
    const ics = Buffer.from(customer.attachments[0]!.content, 'base64').toString('utf8');
    const cal = new ICAL.Component(ICAL.parse(ics));
    const tz = new ICAL.Timezone(cal.getFirstSubcomponent('vtimezone')!);
    const start = new ICAL.Event(cal.getFirstSubcomponent('vevent')!).startDate.clone();
    start.zone = tz;
    const [row] = await stack.query<{ drop_off_at: Date }>(
      'select drop_off_at from public.bookings where reference = $1',
      [reference],
    );
    expect(start.toJSDate().getTime()).toBe(row!.drop_off_at.getTime());

    const rows = await outbox(reference);
    expect(rows.map((r) => [r.kind, r.status, r.attempts])).toEqual([
      ['booking_confirmation', 'sent', 1],
      ['owner_notification', 'sent', 1],
    ]);
    expect(rows.every((r) => r.provider_message_id && r.sent_at)).toBe(true);

    // nothing more to send
    expect((await processOutbox()).body).toMatchObject({ claimed: 0, sent: 0 });
    expect(mailbox.store.messages).toHaveLength(2);
  });

  it('an API that fails twice then succeeds leads to exactly one sent message', async () => {
    const { reference } = await createBooking('12:00');
    await stack.query(
      `update public.email_outbox set status = 'cancelled'
        where kind = 'owner_notification' and status = 'pending'`,
    );
    mailbox.store.failNext(2, { status: 503 });

    const first = await processOutbox();
    expect(first.body).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
    let [row] = (await outbox(reference)).filter((r) => r.kind === 'booking_confirmation');
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.last_error).toMatch(/^HTTP 503/);

    expect((await processOutbox()).body).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await processOutbox()).body).toMatchObject({ claimed: 1, sent: 1 });
    [row] = (await outbox(reference)).filter((r) => r.kind === 'booking_confirmation');
    expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(mailbox.store.calls).toBe(3);
    expect(mailbox.store.messages).toHaveLength(1);
    expect((await processOutbox()).body).toMatchObject({ claimed: 0 });
  });

  it('a lost answer is retried with the same idempotency key and not delivered twice', async () => {
    await createBooking('15:00');
    mailbox.store.failNext(2, { status: 502, afterAccept: true });
    expect((await processOutbox()).body).toMatchObject({ claimed: 2, retrying: 2 });
    expect(mailbox.store.messages).toHaveLength(2);
    expect((await processOutbox()).body).toMatchObject({ claimed: 2, sent: 2 });
    expect(mailbox.store.calls).toBe(4);
    expect(mailbox.store.messages).toHaveLength(2);
  });

  it('records a permanent error as failed for the owner to see, and gives up after the limit', async () => {
    const { reference } = await createBooking('17:00');
    await stack.query(`update public.settings set value = '2' where key = 'email_max_attempts'`);
    try {
      mailbox.store.failNext(1, { status: 422 });
      mailbox.store.failNext(2, { status: 500 });
      await processOutbox();
      await processOutbox();
      const rows = await outbox(reference);
      expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
      expect(rows.map((r) => r.attempts).sort()).toEqual([1, 2]);
      expect(rows.every((r) => /^HTTP (422|500)/.test(r.last_error ?? ''))).toBe(true);
      // neither reached its recipient; the owner got the day's alert about the confirmation given
      // up in the first run (email-given-up-*.test.ts)
      expect(mailbox.store.messages.map((m) => [m.to[0], m.subject])).toEqual([
        ['ejer@glanspunkt.local', 'Advarsel: 1 e-mail kunne ikke sendes'],
      ]);
      expect(mailbox.store.messages[0]!.text).toContain(reference);
    } finally {
      await stack.query(`update public.settings set value = '10' where key = 'email_max_attempts'`);
    }
  });

  it('a slow e-mail API does not slow down booking', async () => {
    mailbox.store.failNext(5, { status: 500, delayMs: 3000 });
    const started = Date.now();
    await createBooking('11:00', SERVICE.solv);
    expect(Date.now() - started).toBeLessThan(2000);
    mailbox.store.clear();
  });

  it('the embedded stack sender loop sends by itself, and runs retention through the API', async () => {
    const worker = startEmailWorker({
      supabaseUrl: stack.url,
      secretKey: stack.secretKey,
      intervalMs: 200,
      retentionIntervalMs: 0,
    });
    try {
      const { email } = await createBooking('11:30', SERVICE.solv);
      await expect
        .poll(() => mailbox.store.messages.filter((m) => m.to[0] === email).length, {
          timeout: 30_000,
        })
        .toBe(1);
      expect(await worker.runRetention()).toMatchObject({ bookingsAnonymised: 0 });
    } finally {
      await worker.stop();
    }
  });

  it('refuses callers without a secret key', async () => {
    const anon = await processOutbox(stack.anonKey);
    expect(anon.status).toBe(401);
    expect((await processOutbox(stack.publishableKey)).status).toBe(401);
    expect((await processOutbox('nonsense')).status).toBe(401);
  });
});

describe("the car's messages", () => {
  // a day of its own: the day above is booked full
  let carDay: string;
  beforeAll(async () => {
    carDay = (await openDays(stack, [1, 2, 3, 4], 2))[1]!;
  });

  /** booking_set_status half an hour after the drop-off, made due at once for the sender. */
  async function setStatus(reference: string, status: string, minutesAfterDropOff = 30) {
    await stack.query(
      `select public.booking_set_status(b.id, $2, b.drop_off_at + make_interval(mins => $3))
         from public.bookings b where b.reference = $1`,
      [reference, status, minutesAfterDropOff],
    );
    await stack.query(
      `update public.email_outbox set next_attempt_at = now() where status = 'pending'`,
    );
  }

  it('"din bil er klar" reaches the customer exactly once, through a failing API and a correction', async () => {
    const { reference, email } = await createBooking('15:00', SERVICE.guld, carDay);
    await processOutbox();
    mailbox.store.clear();

    await setStatus(reference, 'arrived', 0);
    await setStatus(reference, 'ready', 60);
    await setStatus(reference, 'ready', 61); // pressed twice
    mailbox.store.failNext(1, { status: 503 });
    expect((await processOutbox()).body).toMatchObject({ claimed: 1, sent: 0, retrying: 1 });
    await stack.query(
      `update public.email_outbox set next_attempt_at = now() where status = 'pending'`,
    );
    expect((await processOutbox()).body).toMatchObject({ claimed: 1, sent: 1 });
    // a correction and ready again: nothing more
    await setStatus(reference, 'arrived', 62);
    await setStatus(reference, 'ready', 70);
    expect((await processOutbox()).body).toMatchObject({ claimed: 0, sent: 0 });

    const mails = mailbox.store.messages;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([email]);
    expect(mails[0]!.subject).toBe(`Din bil er klar til afhentning (${reference})`);
    expect(mails[0]!.text).toContain('Virkelyst 7B, 6000 Kolding');
    expect(mails[0]!.text).toMatch(/I dag til \d\d:\d\d/);
    expect(mails[0]!.idempotencyKey).toMatch(/^car_ready:/);
  });

  it('a new ready time reaches the customer once per change', async () => {
    const { reference, email } = await createBooking('10:00', SERVICE.guld, carDay);
    await processOutbox();
    mailbox.store.clear();
    await setStatus(reference, 'arrived', 0);
    const newReady = async (time: string) => {
      await stack.query(
        `select public.owner_set_ready_time(b.id, $2::timestamp, b.drop_off_at + interval '30 minutes')
           from public.bookings b where b.reference = $1`,
        [reference, `${carDay} ${time}`],
      );
      await stack.query(
        `update public.email_outbox set next_attempt_at = now() where status = 'pending'`,
      );
    };
    await newReady('16:00');
    await newReady('16:00');
    expect((await processOutbox()).body).toMatchObject({ claimed: 1, sent: 1 });
    await newReady('16:00');
    expect((await processOutbox()).body).toMatchObject({ claimed: 0, sent: 0 });
    await newReady('17:00');
    expect((await processOutbox()).body).toMatchObject({ claimed: 1, sent: 1 });
    const mails = mailbox.store.messages;
    expect(mails.map((m) => m.to[0])).toEqual([email, email]);
    expect(mails[0]!.subject).toMatch(/^Ny tid for afhentning: .* kl\. 16:00 /);
    expect(mails[1]!.subject).toMatch(/^Ny tid for afhentning: .* kl\. 17:00 /);
  });
});
