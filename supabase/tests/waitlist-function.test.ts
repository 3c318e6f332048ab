// join-waitlist over HTTP on the embedded stack (PGlite) with the local mailbox: "Skriv mig op" to
// a full day, its receipt and leave link, the message with the one-tap link when a cancellation
// frees a time (by e-mail, and by SMS to one who gave his phone), and an attacker with one machine: no or a wrong proof of work, oversized and
// malformed bodies, a link for an address or a phone, a day that is not full, a flood from one
// address.
// The links' query names are the form's (src/content/waitlist.ts), which this test ties.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import { WAITLIST_QUERY as FORM_QUERY } from '../../src/content/waitlist.ts';
import { WAITLIST_QUERY } from '../functions/_shared/email/waitlist-links.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { callFunction, withAltcha } from './helpers/http.ts';
import { ADDON, liftBookingCaps, SERVICE } from './helpers/sql.ts';

let running: EmailStack;
let stack: TestStack;
let mailbox: Mailbox;
let day = '';
let nextDay = '';
let reference = '';

const join = async (body: Record<string, unknown>, withProof = true) =>
  callFunction<Record<string, unknown>>(
    stack,
    'join-waitlist',
    withProof ? await withAltcha(stack, body) : body,
  );
const count = async () =>
  Number(
    (await stack.query<{ n: string }>('select count(*) n from public.waitlist_entries'))[0]!.n,
  );

beforeAll(async () => {
  running = await startEmailStack();
  ({ stack, mailbox } = running);
  await liftBookingCaps(stack.query);
  // a Monday to Wednesday opening at 09:00 with an open day after it: a 14-hour polish from 09:00
  // fills it for every package on the one bay
  const [row] = await stack.query<{ d: string; n: string }>(
    `select d::date::text d, (d::date + 1)::text n
       from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                            (now() at time zone 'Europe/Copenhagen')::date + 40, interval '1 day') d
      where extract(isodow from d) in (1, 2, 3)
        and exists (select 1 from public.booking_day_hours(d::date) h
                     where (h.opens_at at time zone 'Europe/Copenhagen')::time = time '09:00')
        and exists (select 1 from public.booking_day_hours(d::date + 1))
      order by d limit 1`,
  );
  day = row!.d;
  nextDay = row!.n;
  await stack.query(`update public.settings set value = '1' where key = 'workshop_capacity'`);
  const booked = await callFunction<{ reference: string }>(stack, 'create-booking', {
    serviceId: SERVICE.guldPolering,
    customerName: 'Bo Nielsen',
    customerEmail: 'polering@example.dk',
    customerPhone: '21345678',
    bookingDate: day,
    bookingTime: '09:00',
  });
  expect(booked.status).toBe(201);
  reference = booked.body.reference;
});

afterAll(async () => {
  await running?.stop();
});

beforeEach(async () => {
  await stack.query('delete from public.waitlist_entries');
  await stack.query(
    `delete from public.email_outbox where kind like 'waitlist%' or kind = 'sms_waitlist_free'`,
  );
  mailbox.store.messages.length = 0;
});

describe('join-waitlist', () => {
  it('writes an address up once for a full day, sends one receipt with a leave link that works', async () => {
    const first = await join({ serviceId: SERVICE.solv, day, customerEmail: 'ole@example.dk' });
    expect(first).toMatchObject({
      status: 200,
      body: { day, serviceName: 'Sølvpakken', already: false },
    });
    const again = await join({ serviceId: SERVICE.solv, day, customerEmail: ' OLE@example.dk' });
    expect(again).toMatchObject({ status: 200, body: { already: true } });
    expect(await count()).toBe(1);

    expect((await runEmailSender(stack)).status).toBe(200);
    const receipts = mailbox.store.messages.filter((m) => m.to[0] === 'ole@example.dk');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/^Du er skrevet op til \w+dag den \d+\. \w+ \d{4}$/);
    expect(receipts[0]!.text).toContain('får du én mail med et link, så du kan booke den.');
    expect(receipts[0]!.text).not.toContain('SMS');
    const link = new RegExp(`/contact\\?${WAITLIST_QUERY.leave}=([0-9a-f]{64})#form`).exec(
      receipts[0]!.text,
    );
    expect(link).not.toBeNull();

    const left = await callFunction(stack, 'join-waitlist', { leaveToken: link![1] });
    expect(left).toMatchObject({ status: 200, body: { left: true, day } });
    expect(await count()).toBe(0);
    const gone = await callFunction(stack, 'join-waitlist', { leaveToken: link![1] });
    expect(gone).toMatchObject({ status: 404, body: { error: MESSAGES.waitlistLeaveUnknown } });
  });

  it('refuses a missing, wrong or reused proof of work, and writes nothing', async () => {
    const body = { serviceId: SERVICE.solv, day, customerEmail: 'bot@example.dk' };
    expect(await join(body, false)).toMatchObject({
      status: 400,
      body: { error: MESSAGES.challengeMissing },
    });
    expect(await join({ ...body, altcha: 'bm90IGEgcHJvb2Y=' }, false)).toMatchObject({
      status: 400,
      body: { error: MESSAGES.challengeInvalid },
    });
    const proof = (await withAltcha(stack, body)) as Record<string, unknown>;
    expect((await join(proof, false)).status).toBe(200);
    expect(await join({ ...proof, customerEmail: 'bot2@example.dk' }, false)).toMatchObject({
      status: 400,
      body: { error: MESSAGES.challengeUsed },
    });
    expect(await count()).toBe(1);
  });

  it('answers bad input in Danish with 4xx, never 500', async () => {
    const good = { serviceId: SERVICE.solv, day, customerEmail: 'kim@example.dk' };
    const cases: [unknown, number][] = [
      [{ ...good, customerEmail: 'https://snyd.example/?x=' }, 400],
      [{ ...good, customerEmail: 'a\u0000b@example.dk' }, 400],
      [{ ...good, customerEmail: `${'a'.repeat(300)}@example.dk` }, 400],
      [{ ...good, day: '2026-02-30' }, 400],
      [{ ...good, serviceId: 'not-a-uuid' }, 400],
      [{ ...good, notes: 'besøg https://snyd.example' }, 400],
      [{ ...good, carSize: 'lastbil' }, 400],
      [{ ...good, carSize: 7 }, 400],
      [{ ...good, carSize: 'x'.repeat(61) }, 400],
      [{ ...good, addonIds: ['not-a-uuid'] }, 400],
      [{ ...good, addonIds: '00000000-0000-4000-8000-000000000000' }, 400],
      [{ ...good, addonIds: ['00000000-0000-4000-8000-000000000000'] }, 400],
      [{ ...good, addonIds: Array(50).fill('00000000-0000-4000-8000-000000000000') }, 400],
      [{ ...good, customerEmail: 'x'.repeat(20_000) }, 413],
      [[1, 2, 3], 400],
      [{ leaveToken: 'nope' }, 400],
    ];
    for (const [body, status] of cases) {
      const answer = await join(body as Record<string, unknown>);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(typeof (answer.body as { error?: unknown }).error).toBe('string');
    }
    const email = await join({ ...good, customerEmail: 'https://snyd.example/?x=' });
    expect(email.body).toMatchObject({ field: 'customerEmail' });
    // a size or an add-on the package does not have: the booking's own words
    expect((await join({ ...good, carSize: 'lastbil' })).body).toEqual({ error: MESSAGES.carSize });
    expect(
      (await join({ ...good, addonIds: ['00000000-0000-4000-8000-000000000000'] })).body,
    ).toEqual({ error: MESSAGES.addons });
    expect(await count()).toBe(0);
  });

  it('refuses a phone that is no phone number at its field (400, customerPhone), and takes a blank one as none', async () => {
    const good = { serviceId: SERVICE.solv, day, customerEmail: 'tlf@example.dk' };
    const wrong: unknown[] = [
      '12 34',
      '+45 2011223',
      'https://snyd.example',
      '2011\u00002233',
      `20112233${' '.repeat(40)}1`,
      '9'.repeat(5_000),
      20112233,
      ['20112233'],
      { n: '20112233' },
    ];
    for (const customerPhone of wrong) {
      const answer = await join({ ...good, customerPhone });
      expect(answer.status, JSON.stringify(customerPhone).slice(0, 40)).toBe(400);
      expect(answer.body).toEqual({ error: MESSAGES.phone, field: 'customerPhone' });
    }
    expect(await count()).toBe(0);

    expect((await join({ ...good, customerPhone: '   ' })).status).toBe(200);
    expect(
      (await join({ ...good, customerEmail: 'tlf2@example.dk', customerPhone: null })).status,
    ).toBe(200);
    expect(await stack.query('select phone from public.waitlist_entries order by email')).toEqual([
      { phone: null },
      { phone: null },
    ]);
  });

  it('refuses a day with free times (409) and a flood from one address (429)', async () => {
    expect(
      await join({ serviceId: SERVICE.solv, day: nextDay, customerEmail: 'fri@example.dk' }),
    ).toMatchObject({ status: 409, body: { error: MESSAGES.waitlistDayNotFull } });
    for (let i = 0; i < 5; i++) {
      expect(
        (await join({ serviceId: SERVICE.solv, day, customerEmail: `flood${i}@example.dk` }))
          .status,
      ).toBe(200);
    }
    expect(
      await join({ serviceId: SERVICE.solv, day, customerEmail: 'flood9@example.dk' }),
    ).toMatchObject({ status: 429, body: { error: MESSAGES.waitlistAddressCap } });
    expect(await count()).toBe(5);
  });

  it('tells the list with a link to the day and the package when a cancellation frees a time', async () => {
    expect(
      (await join({ serviceId: SERVICE.solv, day, customerEmail: 'a@example.dk' })).status,
    ).toBe(200);
    expect(
      (await join({ serviceId: SERVICE.solv, day, customerEmail: 'b@example.dk' })).status,
    ).toBe(200);
    // one with a big car and Motorvask: his link chooses them for him
    const big = { carSize: 'stor-bil', addonIds: [ADDON.motorvask] };
    expect(
      (await join({ serviceId: SERVICE.solv, day, customerEmail: 'c@example.dk', ...big })).status,
    ).toBe(200);
    await stack.query(`update public.bookings set status = 'cancelled' where reference = $1`, [
      reference,
    ]);
    expect((await runEmailSender(stack)).status).toBe(200);
    for (const to of ['a@example.dk', 'b@example.dk', 'c@example.dk']) {
      const free = mailbox.store.messages.filter(
        (m) => m.to[0] === to && m.subject.startsWith('Der er en ledig tid'),
      );
      expect(free, to).toHaveLength(1);
      const href = /http:\/\/\S+\/contact\?\S+#form/.exec(free[0]!.text)![0];
      const query = new URL(href).searchParams;
      expect(query.get(FORM_QUERY.service)).toBe('Sølvpakken');
      expect(query.get(FORM_QUERY.day)).toBe(day);
      expect(query.get(FORM_QUERY.size)).toBe(to === 'c@example.dk' ? 'stor-bil' : null);
      expect(query.get(FORM_QUERY.addons)).toBe(to === 'c@example.dk' ? ADDON.motorvask : null);
      if (to === 'c@example.dk') {
        expect(free[0]!.text).toMatch(/Bilstørrelse:? +Stor bil/);
        expect(free[0]!.text).toMatch(/Tilvalg:? +Motorvask/);
      } else {
        expect(free[0]!.text).not.toMatch(/Bilstørrelse|Tilvalg/);
      }
    }
    expect(FORM_QUERY).toEqual(WAITLIST_QUERY);
    // no SMS: neither gave a phone
    expect(mailbox.store.messages.filter((m) => m.channel === 'sms')).toEqual([]);
    // the polish back on the day for the next tests
    await stack.query(`update public.bookings set status = 'confirmed' where reference = $1`, [
      reference,
    ]);
  });

  it('sends one who gave his phone one SMS with the day and the booking link, beside his e-mail', async () => {
    expect(
      (
        await join({
          serviceId: SERVICE.solv,
          day,
          customerEmail: 'sms@example.dk',
          customerPhone: '+45 20 11 22 77',
        })
      ).status,
    ).toBe(200);
    // the receipt goes by e-mail only, and names the number the SMS will go to
    expect((await runEmailSender(stack)).status).toBe(200);
    expect(mailbox.store.messages.filter((m) => m.channel === 'sms')).toEqual([]);
    const receipt = mailbox.store.messages.find((m) => m.to[0] === 'sms@example.dk');
    expect(receipt!.text).toContain(
      'får du én mail med et link og én SMS med samme link til +45 20 11 22 77, så du kan booke den.',
    );

    await stack.query(`update public.bookings set status = 'cancelled' where reference = $1`, [
      reference,
    ]);
    expect((await runEmailSender(stack)).status).toBe(200);
    expect((await runEmailSender(stack)).status).toBe(200);
    const sms = mailbox.store.messages.filter((m) => m.channel === 'sms');
    expect(sms).toHaveLength(1);
    expect(sms[0]!.to).toEqual(['+4520112277']);
    const text = sms[0]!.text;
    expect(text).toMatch(
      /^Glanspunkt: Der er blevet en tid ledig \w+dag den \d+\. \w+ \d{4} \(første ledige kl\. 09:00\), som du stod på venteliste til\. Den, der booker først, får tiden: http:\/\/\S+#form$/,
    );
    const query = new URL(/http:\/\/\S+#form/.exec(text)![0]).searchParams;
    expect(query.get(FORM_QUERY.service)).toBe('Sølvpakken');
    expect(query.get(FORM_QUERY.day)).toBe(day);
    // the link opens the form, no more: no token of any kind rides along
    expect([...query.keys()].sort()).toEqual([FORM_QUERY.day, FORM_QUERY.service].sort());
    expect(
      mailbox.store.messages.filter(
        (m) => m.to[0] === 'sms@example.dk' && m.subject.startsWith('Der er en ledig tid'),
      ),
    ).toHaveLength(1);
    await stack.query(`update public.bookings set status = 'confirmed' where reference = $1`, [
      reference,
    ]);
  });
});
