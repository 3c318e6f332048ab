// SMS beside the e-mails, end to end on the embedded stack (PGlite and PostgreSQL 15): a booking
// with "Send mig SMS" queues an SMS with its confirmation, process-email-outbox sends it through the
// GatewayAPI-shaped local mailbox (POST /rest/mtsms, the third party mocked at its HTTP boundary),
// a provider that fails and recovers delivers it exactly once, a foreign or premium-rate number
// gets none, and no number gets more than 3 a Copenhagen day.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { callFunction, openDays } from './helpers/http.ts';
import { BACKENDS, liftBookingCaps, SERVICE } from './helpers/sql.ts';
import {
  gsmSeptets,
  renderSms,
  SMS_KINDS,
  SMS_MAX_SEPTETS,
  smsHasLink,
} from '../functions/_shared/sms/templates.ts';
import { WORKSHOP_ADDRESS } from '../functions/_shared/email/business.ts';

describe.each(BACKENDS)('SMS on %s', (backend) => {
  let running: EmailStack;
  let stack: TestStack;
  let mailbox: Mailbox;
  let days: string[];
  let n = 0;

  async function book(phone: string, sms: boolean, time = '09:00', day = days[0]!) {
    n += 1;
    const r = await callFunction<{ reference: string }>(stack, 'create-booking', {
      serviceId: SERVICE.guld,
      customerName: 'Ane Jensen',
      customerEmail: `sms${n}@example.dk`,
      customerPhone: phone,
      bookingDate: day,
      bookingTime: time,
      notes: '',
      carPlate: 'ab12345',
      sms,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.reference;
  }

  const smsRows = (reference: string) =>
    stack.query<{ kind: string; status: string; recipient: string; last_error: string | null }>(
      `select o.kind, o.status, o.recipient, o.last_error
         from public.email_outbox o join public.bookings b on b.id = o.booking_id
        where b.reference = $1 and o.kind like 'sms\\_%' order by o.created_at, o.kind`,
      [reference],
    );
  const smsInMailbox = () => mailbox.store.messages.filter((m) => m.channel === 'sms');

  beforeAll(async () => {
    running = await startEmailStack({ backend });
    ({ stack, mailbox } = running);
    await liftBookingCaps(stack.query);
    // Monday to Thursday, open 09:00-20:00: every time the tests book (09:00 to 15:00) is open
    days = await openDays(stack, [1, 2, 3, 4], 4);
    await stack.query(
      `update public.settings set value = '0' where key = 'email_retry_base_seconds'`,
    );
    // the owner's changes are told at once here; owner-undo-window.test.ts holds the wait
    await stack.query(
      `update public.settings set value = '0' where key = 'owner_message_delay_minutes'`,
    );
  }, 180_000);

  afterAll(async () => {
    await running?.stop();
  });

  beforeEach(async () => {
    mailbox.store.clear();
    await stack.query(`update public.email_outbox set status = 'cancelled' where status <> 'sent'`);
  });

  it('sends the confirmation by SMS too, to the E.164 number, without a link or a name', async () => {
    const reference = await book('20 11 22 33', true, '09:00', days[0]);
    expect(await smsRows(reference)).toEqual([
      expect.objectContaining({
        kind: 'sms_booking_confirmation',
        status: 'pending',
        recipient: '+4520112233',
      }),
    ]);
    const run = await runEmailSender(stack);
    expect(run.status).toBe(200);
    const sms = smsInMailbox();
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toEqual(['+4520112233']);
    expect(sms[0]!.from).toBe('Glanspunkt');
    expect(sms[0]!.text).toContain(reference);
    expect(sms[0]!.text).toContain('Guldpakken');
    expect(sms[0]!.text).not.toMatch(/https?:|token|Ane/);
    expect(gsmSeptets(sms[0]!.text)).not.toBeNull();
    expect(gsmSeptets(sms[0]!.text)!).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    // the e-mail went too, with the link the SMS leaves out
    expect(mailbox.store.messages.filter((m) => m.channel !== 'sms').length).toBeGreaterThan(0);
    expect((await smsRows(reference))[0]!.status).toBe('sent');
  });

  it('queues no SMS for a customer who did not tick "Send mig SMS"', async () => {
    const reference = await book('20 11 22 34', false, '09:00', days[1]);
    expect(await smsRows(reference)).toEqual([]);
  });

  it('a provider that fails and then recovers delivers the SMS exactly once', async () => {
    const reference = await book('+4521334455', true, '11:00', days[0]);
    // every call of the first run fails (the e-mails' too): 500, then a dropped connection
    mailbox.store.failNext(1, { status: 500 });
    mailbox.store.failNext(1, { status: 0 });
    mailbox.store.failNext(1, { status: 503 });
    for (let run = 0; run < 6; run += 1) await runEmailSender(stack);
    const sms = smsInMailbox().filter((m) => m.to[0] === '+4521334455');
    expect(sms).toHaveLength(1);
    const rows = await smsRows(reference);
    expect(rows).toEqual([expect.objectContaining({ status: 'sent' })]);
    // the calls to /rest/mtsms that failed were retried, and only one SMS exists
    const calls = mailbox.store.requests.filter((r) => r.idempotencyKey?.startsWith('sms:'));
    expect(calls.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it.each([
    ['a foreign number', '004915112345'],
    ['a premium-rate number (90)', '90 12 34 56'],
    ['a freephone number (80)', '+45 80 12 34 56'],
    ['a split-charge number (70)', '70 10 11 55'],
    // a 1x number is no Danish number at all: the booking itself is refused (phone-rule.test.ts)
  ])('%s gets no SMS (stored cancelled, with the reason)', async (_what, phone) => {
    const reference = await book(phone, true, '12:00', days[1]);
    const rows = await smsRows(reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('cancelled');
    expect(rows[0]!.last_error).toMatch(/danske mobilnumre/);
    await runEmailSender(stack);
    expect(smsInMailbox()).toEqual([]);
    // cancel it, so the next case can book the same time
    await stack.query(`update public.bookings set status = 'cancelled' where reference = $1`, [
      reference,
    ]);
  });

  it('sends at most 3 SMS a Copenhagen day to one number', async () => {
    const phone = '+4530405060';
    const refs: string[] = [];
    for (const [i, time] of ['09:00', '10:00', '11:00', '12:00', '13:00'].entries()) {
      refs.push(await book(phone, true, time, days[2 + (i % 2)]));
    }
    const statuses = (await Promise.all(refs.map(smsRows))).flat().map((r) => r.status);
    expect(statuses).toEqual(['pending', 'pending', 'pending', 'cancelled', 'cancelled']);
    for (let run = 0; run < 2; run += 1) await runEmailSender(stack);
    expect(smsInMailbox().filter((m) => m.to[0] === phone)).toHaveLength(3);
    const [fourth] = await smsRows(refs[3]!);
    expect(fourth!.last_error).toMatch(/højst 3 SMS om dagen/);
  });

  it('the reminder and a cancellation go by SMS too; the cancellation cancels the pending SMS reminder', async () => {
    const reference = await book('+4526262626', true, '15:00', days[3]);
    const [b] = await stack.query<{ id: string; drop_off_at: Date }>(
      `select id, drop_off_at from public.bookings where reference = $1`,
      [reference],
    );
    await stack.query(`select public.email_queue_reminders($1)`, [
      new Date(b!.drop_off_at.getTime() - 20 * 3600_000),
    ]);
    expect((await smsRows(reference)).map((r) => [r.kind, r.status])).toEqual([
      ['sms_booking_confirmation', 'pending'],
      ['sms_booking_reminder', 'pending'],
    ]);
    await stack.query(`select public.owner_cancel($1)`, [b!.id]);
    const rows = await smsRows(reference);
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['sms_booking_confirmation', 'pending'],
      ['sms_booking_reminder', 'cancelled'],
      ['sms_cancellation_confirmation', 'pending'],
    ]);
    await runEmailSender(stack);
    const texts = smsInMailbox()
      .filter((m) => m.to[0] === '+4526262626')
      .map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.includes('er aflyst'))).toBe(true);
  });

  it('"din bil er klar" and a new ready time go by SMS too, one SMS and one e-mail each, also after a correction', async () => {
    const phone = '+4527272727';
    const reference = await book(phone, true, '11:00', days[1]);
    const [b] = await stack.query<{ id: string; drop_off_at: Date; ready: string }>(
      `select id, drop_off_at, to_char(ready_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD') ready
         from public.bookings where reference = $1`,
      [reference],
    );
    const at = b!.drop_off_at.toISOString();
    // queued at the drop-off time the test stands at: made due now for the sender
    const sendDue = async () => {
      await stack.query(
        `update public.email_outbox set next_attempt_at = now() where booking_id = $1 and status = 'pending'`,
        [b!.id],
      );
      for (let run = 0; run < 2; run += 1) await runEmailSender(stack);
    };
    // the owner's steps at the drop-off: a later ready time (told at once; "klar" supersedes one
    // not sent yet), then arrived, ready, a mistaken correction back to arrived and ready again
    await stack.query(`select public.owner_set_ready_time($1, $2::timestamp, $3)`, [
      b!.id,
      `${b!.ready} 15:00`,
      at,
    ]);
    expect((await smsRows(reference)).map((r) => [r.kind, r.status])).toEqual([
      ['sms_booking_confirmation', 'pending'],
      ['sms_car_ready_time', 'pending'],
    ]);
    await sendDue();
    for (const status of ['arrived', 'ready', 'arrived', 'ready'])
      await stack.query(`select public.booking_set_status($1, $2, $3)`, [b!.id, status, at]);
    expect((await smsRows(reference)).map((r) => [r.kind, r.status])).toEqual([
      ['sms_booking_confirmation', 'sent'],
      ['sms_car_ready_time', 'sent'],
      ['sms_car_ready', 'pending'],
    ]);
    await sendDue();
    const texts = smsInMailbox()
      .filter((m) => m.to[0] === phone)
      .map((m) => m.text);
    expect(texts.filter((t) => t.includes('Din bil er klar til afhentning'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('bliver klar') && t.includes('kl. 15:00'))).toHaveLength(
      1,
    );
    for (const t of texts) {
      expect(t).toContain(reference);
      expect(t).not.toMatch(/https?:|Ane/);
      expect(gsmSeptets(t)!).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    }
    const subjects = mailbox.store.messages
      .filter((m) => m.channel !== 'sms' && m.subject.includes(reference))
      .map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith('Din bil er klar til afhentning'))).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('Ny tid for afhentning'))).toHaveLength(1);
  });

  it('cancels the SMS when SMS is off (no GATEWAYAPI_TOKEN), and sends none', async () => {
    // the sender's processor is the same code: run it with the SMS config empty through SQL alone
    const reference = await book('+4522446688', true, '14:00', days[1]);
    const [row] = await stack.query<{ id: string }>(
      `select o.id from public.email_outbox o join public.bookings b on b.id = o.booking_id
        where b.reference = $1 and o.kind = 'sms_booking_confirmation'`,
      [reference],
    );
    await stack.query(`update public.email_outbox set status = 'sending' where id = $1`, [row!.id]);
    const [done] = await stack.query<{ ok: boolean }>(
      `select public.email_mark_cancelled($1, 'Ikke sendt: SMS er ikke slået til.') as ok`,
      [row!.id],
    );
    expect(done!.ok).toBe(true);
    expect((await smsRows(reference))[0]).toMatchObject({ status: 'cancelled' });
  });
});

describe('the SMS texts', () => {
  const longest = {
    reference: 'ABCD-2345',
    serviceName: 'Premiumpakken polering og keramisk lakforsegling',
    price: 12500,
    dropOff: '2026-09-30T09:00:00+02:00',
    readyAt: '2026-10-02T16:00:00+02:00',
    // the car's messages: "klar" with the pickup days (up to 3, the SMS names 2), a new ready time
    readyNow: '2026-09-30T11:00:00+02:00',
    pickupHours: [
      { day: '2026-10-07', opens: '08:00', closes: '17:30' },
      { day: '2026-10-08', opens: '08:00', closes: '17:30' },
      { day: '2026-10-09', opens: '08:00', closes: '17:30' },
    ],
    newReadyAt: '2026-10-02T16:00:00+02:00',
  };
  // a site address longer than the real one: the waiting list's link must fit with it
  const ctx = { siteUrl: 'https://www.glanspunkt-kolding.dk' };
  it.each(SMS_KINDS.filter((kind) => !smsHasLink(kind)))(
    '%s: GSM 7-bit, at most two segments, no link',
    (kind) => {
      const text = renderSms(kind, longest, ctx);
      expect(gsmSeptets(text)).not.toBeNull();
      expect(gsmSeptets(text)!).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
      expect(text).not.toMatch(/https?:/);
    },
  );

  it('the waiting list’s "ledig tid" is the one SMS with a link: the form on the day, no token, within two segments', () => {
    expect(SMS_KINDS.filter((kind) => smsHasLink(kind))).toEqual(['sms_waitlist_free']);
    const text = renderSms(
      'sms_waitlist_free',
      { day: '2026-09-30', serviceName: longest.serviceName, time: '09:00' },
      ctx,
    );
    expect(text).toBe(
      'Glanspunkt: Der er blevet en tid ledig onsdag den 30. september 2026 (første ledige kl. 09:00), ' +
        'som du stod på venteliste til. Den, der booker først, får tiden: ' +
        'https://www.glanspunkt-kolding.dk/contact?service=Premiumpakken+polering+og+keramisk+lakforsegling&dag=2026-09-30#form',
    );
    expect(gsmSeptets(text)).not.toBeNull();
    expect(gsmSeptets(text)!).toBeLessThanOrEqual(SMS_MAX_SEPTETS);
    // without the site's address it is not sent with a broken link
    expect(() =>
      renderSms(
        'sms_waitlist_free',
        { day: '2026-09-30', serviceName: 'Sølvpakken' },
        {
          siteUrl: '',
        },
      ),
    ).toThrow(/SITE_URL/);
  });

  it('"klar" names the first two pickup days as the e-mail writes them; a new ready time names the time', () => {
    expect(renderSms('sms_car_ready', longest, ctx)).toBe(
      'Glanspunkt: Din bil er klar til afhentning (bookingnr. ABCD-2345). Du kan hente den: ' +
        `Onsdag den 7. oktober 08:00-17:30, Torsdag den 8. oktober 08:00-17:30. ${WORKSHOP_ADDRESS}`,
    );
    expect(renderSms('sms_car_ready_time', longest, ctx)).toMatch(
      /^Glanspunkt: Din bil \(bookingnr\. ABCD-2345\) bliver klar fredag den 2\. oktober 2026 kl\. 16:00\. Ring på /,
    );
    expect(() =>
      renderSms('sms_car_ready_time', { ...longest, newReadyAt: undefined }, ctx),
    ).toThrow(/newReadyAt/);
  });

  it('keeps æ, ø, å (GSM 7-bit) and writes a dash or an accent it lacks in plain letters', () => {
    const text = renderSms(
      'sms_booking_moved',
      { ...longest, serviceName: 'Rens – indvendig, crêpe og værktøj' },
      ctx,
    );
    expect(text).toContain('Rens - indvendig, crepe og værktøj');
    expect(gsmSeptets('æøåÆØÅ')).toBe(6);
  });
});
