// The cancel-booking edge function over HTTP on the embedded stack: lookup and cancel by the
// token from the confirmation, the freed slot booked again, the e-mails it sends, and every
// invalid case answered in Danish without changing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import { CANCEL_MESSAGES } from '../functions/_shared/cancel.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { callFunction, openDays } from './helpers/http.ts';
import { SERVICE } from './helpers/sql.ts';

let stack: TestStack;
let mailbox: Mailbox;
let day: string;
let running: EmailStack;

const cancelFn = (body: unknown, init: { method?: string } = {}) =>
  callFunction<Record<string, unknown>>(stack, 'cancel-booking', body, init);

async function processOutbox() {
  expect((await runEmailSender(stack)).status).toBe(200);
}

let n = 0;
async function bookAndGetLink(time: string) {
  n += 1;
  const email = `kunde${n}@example.dk`;
  const r = await callFunction<{ reference: string }>(stack, 'create-booking', {
    serviceId: SERVICE.guld,
    customerName: 'Bo Nielsen',
    customerEmail: email,
    customerPhone: '21345678',
    bookingDate: day,
    bookingTime: time,
  });
  expect(r.status).toBe(201);
  await processOutbox();
  const mail = mailbox.store.messages.find((m) => m.to[0] === email)!;
  const link = /http:\/\/\S+\/afbestil\?token=([0-9a-f]{64})/.exec(mail.text);
  expect(link).not.toBeNull();
  return { reference: r.body.reference, token: link![1]!, email };
}

async function state() {
  return stack.query(
    `select b.reference, b.status, b.cancelled_at,
            (select count(*) from public.email_outbox o where o.booking_id = b.id) as mails,
            (select bool_and(w.active) from public.booking_work_periods w where w.booking_id = b.id) as active
       from public.bookings b order by b.reference`,
  );
}

beforeAll(async () => {
  running = await startEmailStack();
  ({ stack, mailbox } = running);
  day = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
});

afterAll(async () => {
  await running?.stop();
});

describe('cancel-booking', () => {
  it('looks up, cancels, frees the slot for a new booking and e-mails customer and owner', async () => {
    const { reference, token, email } = await bookAndGetLink('09:00');

    const lookup = await cancelFn({ token, action: 'lookup' });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({
      state: 'active',
      booking: { reference, serviceName: 'Guldpakken', price: 399 },
    });
    expect(JSON.stringify(lookup.body)).not.toContain(email);

    const before = await callFunction<{ slots: string[] }>(stack, 'get-available-slots', {
      date: day,
      serviceId: SERVICE.guld,
    });
    expect(before.body.slots).not.toContain('09:00');

    mailbox.store.clear();
    const cancelled = await cancelFn({ token, action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'cancelled', booking: { reference } });

    const after = await callFunction<{ slots: string[] }>(stack, 'get-available-slots', {
      date: day,
      serviceId: SERVICE.guld,
    });
    expect(after.body.slots).toContain('09:00');
    const again = await callFunction(stack, 'create-booking', {
      serviceId: SERVICE.guld,
      customerName: 'Ny Kunde',
      customerEmail: 'ny@example.dk',
      customerPhone: '87654321',
      bookingDate: day,
      bookingTime: '09:00',
    });
    expect(again.status).toBe(201);

    await processOutbox();
    const subjects = mailbox.store.messages.map((m) => `${m.to[0]} ${m.subject}`);
    expect(subjects).toContainEqual(
      expect.stringMatching(new RegExp(`^${email} Afbestilt: Guldpakken`)),
    );
    expect(subjects).toContainEqual(
      expect.stringMatching(/^ejer@glanspunkt\.local Afbestilt: Guldpakken/),
    );
  });

  it('a used link says the booking is already cancelled and changes nothing', async () => {
    const { token } = await bookAndGetLink('12:00');
    expect((await cancelFn({ token, action: 'cancel' })).status).toBe(200);
    const snapshot = await state();
    const second = await cancelFn({ token, action: 'cancel' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: 'cancelled',
      error: CANCEL_MESSAGES.alreadyCancelled,
    });
    expect((await cancelFn({ token, action: 'lookup' })).body).toMatchObject({
      state: 'cancelled',
    });
    expect(await state()).toEqual(snapshot);
  });

  it('a link used too late is refused in Danish and changes nothing', async () => {
    const { token } = await bookAndGetLink('15:00');
    // with 1000 hours' notice every booking in the window is too late
    await stack.query(
      `update public.settings set value = '1000' where key = 'cancellation_notice_hours'`,
    );
    try {
      const snapshot = await state();
      expect((await cancelFn({ token, action: 'lookup' })).body).toMatchObject({
        state: 'too_late',
      });
      const r = await cancelFn({ token, action: 'cancel' });
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'too_late', error: CANCEL_MESSAGES.tooLate });
      expect(await state()).toEqual(snapshot);
    } finally {
      await stack.query(
        `update public.settings set value = '24' where key = 'cancellation_notice_hours'`,
      );
    }
  });

  it('unknown tokens are not found, malformed ones a 400; bad requests and GET are refused', async () => {
    const snapshot = await state();
    const r = await cancelFn({ token: 'f'.repeat(64), action: 'cancel' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: CANCEL_MESSAGES.notFound, code: 'not_found' });
    for (const token of [
      '',
      'x',
      'F'.repeat(64),
      ` ${'f'.repeat(64)}`,
      `${'f'.repeat(63)}\u0000`,
      `${'f'.repeat(63)}\ud800`,
      'a'.repeat(500),
      42,
      null,
    ]) {
      const bad = await cancelFn({ token, action: 'cancel' });
      expect(bad.status, String(token)).toBe(400);
      expect(bad.body).toEqual({ error: CANCEL_MESSAGES.invalidToken });
    }
    // a lone surrogate as raw JSON (JSON.stringify would escape it the same way)
    const raw = await callFunction(stack, 'cancel-booking', null, {
      raw: `{"token":"${'f'.repeat(60)}\\udfff\\u0000","action":"lookup"}`,
    });
    expect(raw.status).toBe(400);
    expect((await cancelFn({ token: 'f'.repeat(64), action: 'delete' })).status).toBe(400);
    expect((await cancelFn({ token: 'f'.repeat(64), action: 'cancel', extra: 1 })).status).toBe(
      400,
    );
    expect((await cancelFn(null, { method: 'GET' })).status).toBe(405);
    expect(await state()).toEqual(snapshot);
  });
});
