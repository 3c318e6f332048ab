// The booking caps, through the whole embedded stack on PGlite and PostgreSQL 15: caps per
// client address, per contact and per hour hold against 50 simultaneous requests (counted in the
// booking's own transaction), refusals give the phone number, junk naming someone's e-mail never
// locks that person out, requests without a usable client address never share one address bucket
// (only the contact and hourly caps hold them, and the owner hears of it once a day), and a
// customer e-mail carries no more than 60 characters of the name.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { WORKSHOP } from '../functions/_shared/email/business.ts';
import { renderEmail, type OutboxMessage } from '../functions/_shared/email/templates.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { clearBookings, openDays, rawRequest, withAltcha, eraseBookings } from './helpers/http.ts';
import { BACKENDS, SERVICE } from './helpers/sql.ts';

interface Answer {
  status: number;
  body: { error?: string; reference?: string };
}

const statuses = (answers: Answer[]) => {
  const count: Record<number, number> = {};
  for (const a of answers) count[a.status] = (count[a.status] ?? 0) + 1;
  return count;
};

/** Booking requests to a test stack, each from a chosen loopback address, with its own contact. */
function capsClient(target: () => TestStack, bookableDays: () => string[]) {
  /** 66 distinct free 30-minute slots over three Monday-Thursday days. */
  const slot = (i: number) => ({
    bookingDate: bookableDays()[Math.floor(i / 22)]!,
    bookingTime: `${String(9 + Math.floor((i % 22) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  });
  return {
    post: async (body: Record<string, unknown>, from = '127.0.0.1'): Promise<Answer> => {
      const stack = target();
      const r = await rawRequest(`${stack.url}/functions/v1/create-booking`, {
        localAddress: from,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(await withAltcha(stack, body)),
      });
      return { status: r.status, body: JSON.parse(r.body) as Answer['body'] };
    },
    person: (i: number, overrides: Record<string, unknown> = {}) => ({
      serviceId: SERVICE.solv,
      customerName: `Kunde ${i}`,
      customerEmail: `kunde${i}@example.dk`,
      customerPhone: `2${String(i).padStart(7, '0')}`,
      ...slot(i),
      ...overrides,
    }),
    setting: (key: string, value: number) =>
      target().query(
        `insert into public.settings (key, value) values ($1, $2)
         on conflict (key) do update set value = excluded.value`,
        [key, String(value)],
      ),
  };
}

describe.each(BACKENDS)('booking caps on %s', (backend) => {
  let stack: TestStack;
  let days: string[] = [];
  const { post, person, setting } = capsClient(
    () => stack,
    () => days,
  );

  beforeAll(async () => {
    stack = await startTestStack({ backend });
    days = await openDays(stack, [1, 2, 3, 4], 3);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    await clearBookings(stack);
    // the attempt limits are tested elsewhere; here only the caps may refuse
    await setting('rate_limit_per_ip_per_hour', 100000);
    await setting('rate_limit_per_email_per_hour', 100000);
    await setting('max_new_bookings_per_hour', 1000);
    await setting('max_bookings_per_ip_per_day', 5);
    await setting('max_open_bookings_per_contact', 2);
    await setting('max_booking_emails_per_recipient_per_day', 3);
  });

  it('asks a contact with a no-show to call for a job over several days (no_show_requires_call)', async () => {
    // a no-show of this phone number a month ago (history, written directly)
    await stack.query(
      `insert into public.bookings (service_id, service_name, duration_minutes, price, booking_date,
              booking_time, drop_off_at, ready_at, customer_name, customer_email, customer_phone, status)
       select $1, 'Guldpakken', 120, 1000, (t at time zone 'Europe/Copenhagen')::date,
              (t at time zone 'Europe/Copenhagen')::time, t, t + interval '2 hours', 'Tidligere Kunde',
              'tidligere@example.dk', '+4520304050', 'no_show'
         from (select now() - interval '1 month' t) s`,
      [SERVICE.guld],
    );
    // Guldpakken polering (14 hours) from 09:00 on a Monday-Thursday runs into the next day
    const multiDay = person(60, {
      serviceId: SERVICE.guldPolering,
      bookingDate: days[2],
      bookingTime: '09:00',
      customerPhone: '20 30 40 50',
    });
    try {
      await setting('no_show_requires_call', 1);
      const refused = await post(multiDay, '127.0.9.1');
      expect(refused).toEqual({ status: 403, body: { error: MESSAGES.noShowCall } });
      expect(refused.body.error).toContain(WORKSHOP.phone.display);
      // a single-day job from the same contact books as before
      expect((await post(person(1, { customerPhone: '20 30 40 50' }), '127.0.9.2')).status).toBe(
        201,
      );
      await setting('no_show_requires_call', 0);
      expect((await post(multiDay, '127.0.9.3')).status).toBe(201);
    } finally {
      await setting('no_show_requires_call', 0);
    }
  });

  it('stops 50 simultaneous bookings from one address (50 contacts, 50 slots) at exactly 5', async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(person(i))));
    expect(statuses(answers)).toEqual({ 201: 5, 429: 45 });
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body).toEqual({ error: MESSAGES.addressCap });
      expect(a.body.error).toContain(WORKSHOP.phone.display);
    }
    expect(await stack.query('select 1 from public.bookings')).toHaveLength(5);
    // another address books on
    expect((await post(person(60), '127.0.3.1')).status).toBe(201);
  });

  it('stops 50 simultaneous bookings from 50 addresses at four times the hourly number and alerts the owner once', async () => {
    // the hourly number 3: from it the proof of work costs more, at 12 booking closes; the first
    // three book one after the other (each challenge fetched as the form does), so the 50 that
    // follow fetch the costlier challenge
    await setting('max_new_bookings_per_hour', 3);
    for (let i = 0; i < 3; i += 1) {
      expect((await post(person(i), `127.0.4.${i + 101}`)).status).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(person(i + 3), `127.0.4.${i + 1}`)),
    );
    expect(statuses(answers)).toEqual({ 201: 9, 429: 41 });
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body).toEqual({ error: MESSAGES.busy });
    }
    // the burst goes on: more refusals, still one alert
    expect((await post(person(55), '127.0.4.200')).status).toBe(429);
    const alerts = await stack.query<{ payload: { alert: string; count: number; cap: number } }>(
      `select payload from public.email_outbox where payload ->> 'alert' = 'busy'`,
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toMatchObject({ alert: 'busy', count: 12, cap: 12 });
  });

  it('stops 50 simultaneous bookings for one e-mail address, and for one phone, at exactly 2', async () => {
    const byEmail = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(person(i, { customerEmail: 'samme@example.dk' }), `127.0.5.${i + 1}`),
      ),
    );
    expect(statuses(byEmail)).toEqual({ 201: 2, 429: 48 });
    for (const a of byEmail.filter((x) => x.status === 429)) {
      expect(a.body).toEqual({ error: MESSAGES.contactCap });
    }
    await stack.query('delete from public.email_outbox');
    await eraseBookings(stack);
    const byPhone = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(person(i, { customerPhone: '+45 99 88 77 66' }), `127.0.6.${i + 1}`),
      ),
    );
    expect(statuses(byPhone)).toEqual({ 201: 2, 429: 48 });
  });

  it('sends one recipient at most 3 booking e-mails a day, even after cancelling', async () => {
    const statusesInOrder = [];
    for (let i = 0; i < 4; i += 1) {
      const r = await post(person(i, { customerEmail: 'ofte@example.dk' }), `127.0.7.${i + 1}`);
      statusesInOrder.push(r.status);
      // cancelled at once, so the open-bookings cap is never what refuses
      await stack.query(
        `update public.bookings set status = 'cancelled' where status = 'confirmed'`,
      );
    }
    expect(statusesInOrder).toEqual([201, 201, 201, 429]);
    const [row] = await stack.query<{ n: number }>(
      `select count(*)::int n from public.email_outbox
        where kind = 'booking_confirmation' and lower(recipient) = 'ofte@example.dk'`,
    );
    expect(row!.n).toBe(3);
  });

  it('never locks out the person whose e-mail was named in junk requests', async () => {
    const victim = 'offer@example.dk';
    const junk = [
      { bookingDate: '2020-01-06' }, // in the past
      { serviceId: '00000000-0000-4000-8000-000000000000' }, // no such package
      { bookingTime: '03:00' }, // not a slot
      { customerPhone: 'ring' }, // refused by the function
      { customerName: '\u200b\u200b' },
      { altcha: undefined }, // no proof of work
      { altcha: 'bm90IGEgc29sdXRpb24=' }, // not a solution
    ];
    for (let round = 0; round < 4; round += 1) {
      for (const j of junk) {
        const r = await post(person(0, { customerEmail: victim, ...j }), '127.0.8.1');
        expect(r.status).toBe(400);
      }
    }
    const booked = await post(person(1, { customerEmail: victim }), '127.0.8.2');
    expect(booked.status).toBe(201);
    const buckets = await stack.query<{ bucket: string; hits: number }>(
      `select bucket, hits from public.booking_rate_limits order by bucket`,
    );
    // the refused choices counted against the junk's address only; the e-mail saw one attempt
    expect(buckets).toEqual([
      { bucket: 'email:offer@example.dk', hits: 1 },
      { bucket: 'invalid:127.0.8.1', hits: 12 },
      { bucket: 'ip:127.0.8.2', hits: 1 },
    ]);
  });

  it('answers 429 with the phone number once one address sends too many refused choices', async () => {
    await setting('rate_limit_invalid_per_ip_per_hour', 3);
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push((await post(person(i, { bookingTime: '03:00' }), '127.0.9.1')).status);
    }
    expect(answers).toEqual([400, 400, 400, 429]);
    expect((await post(person(5), '127.0.9.2')).status).toBe(201);
  });
});

describe.each(BACKENDS)('booking caps without a usable client address on %s', (backend) => {
  // the platform's address header does not reach the function: CLIENT_IP_HEADER names one the
  // gateway never sets, as when a platform stops sending cf-connecting-ip
  let stack: TestStack;
  let days: string[] = [];
  const { post, person, setting } = capsClient(
    () => stack,
    () => days,
  );
  const alerts = (alert: string) =>
    stack.query<{ idempotency_key: string; payload: Record<string, unknown> }>(
      `select idempotency_key, payload from public.email_outbox where payload ->> 'alert' = $1`,
      [alert],
    );

  beforeAll(async () => {
    stack = await startTestStack({
      backend,
      functionEnv: { CLIENT_IP_HEADER: 'x-header-the-platform-never-sends' },
    });
    days = await openDays(stack, [1, 2, 3, 4], 3);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  beforeEach(async () => {
    await clearBookings(stack);
    // the defaults of the per-address limits stay: 5 bookings a day, 20 attempts an hour
    await setting('max_bookings_per_ip_per_day', 5);
    await setting('rate_limit_per_ip_per_hour', 20);
    await setting('rate_limit_invalid_per_ip_per_hour', 30);
    await setting('rate_limit_per_email_per_hour', 5);
    await setting('max_open_bookings_per_contact', 2);
    await setting('max_booking_emails_per_recipient_per_day', 3);
  });

  it('lets 50 simultaneous bookings from 50 contacts past the per-address caps, stops them at four times the hourly number, alerts the owner once', async () => {
    // four times the hourly number 8: 32 (from 8 the proof of work costs more, so the first 8
    // book one after the other and the 50 that follow fetch the costlier challenge)
    await setting('max_new_bookings_per_hour', 8);
    for (let i = 0; i < 8; i += 1) expect((await post(person(i + 50))).status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(person(i))));
    // not 5 (the address cap a shared bucket would give) and not 20 (the attempts an hour): 32
    expect(statuses(answers)).toEqual({ 201: 24, 429: 26 });
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(a.body).toEqual({ error: MESSAGES.busy });
    }
    const stored = await stack.query<{ client_ip: string | null }>(
      'select client_ip from public.bookings',
    );
    expect(stored).toHaveLength(32);
    expect(new Set(stored.map((r) => r.client_ip))).toEqual(new Set([null]));
    // no address bucket at all, only the e-mail addresses
    const buckets = await stack.query<{ bucket: string }>(
      `select bucket from public.booking_rate_limits where bucket not like 'email:%'`,
    );
    expect(buckets.map((b) => b.bucket)).toEqual(['site:busy']);
    // one alert about the missing address (and one about the busy hour), however many requests
    expect((await post(person(55))).status).toBe(429);
    const [today] = await stack.query<{ d: string }>(
      `select (now() at time zone 'Europe/Copenhagen')::date::text d`,
    );
    const missing = await alerts('no_client_address');
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({
      idempotency_key: `owner_alert:no_client_address:${today!.d}`,
      payload: { alert: 'no_client_address', day: today!.d },
    });
    expect(await alerts('busy')).toHaveLength(1);
  });

  it('still holds one contact at 2 open bookings, and refused choices count against no one', async () => {
    await setting('max_new_bookings_per_hour', 1000);
    const byEmail = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(person(i, { customerEmail: 'samme@example.dk' }))),
    );
    expect(statuses(byEmail)).toEqual({ 201: 2, 429: 18 });
    for (const a of byEmail.filter((x) => x.status === 429)) {
      expect([MESSAGES.contactCap, MESSAGES.rateLimited]).toContain(a.body.error);
    }
    await setting('rate_limit_invalid_per_ip_per_hour', 3);
    const refused = [];
    for (let i = 0; i < 5; i += 1) {
      refused.push((await post(person(30 + i, { bookingTime: '03:00' }))).status);
    }
    expect(refused).toEqual([400, 400, 400, 400, 400]);
    expect(
      await stack.query(`select 1 from public.booking_rate_limits where bucket like 'invalid:%'`),
    ).toEqual([]);
    expect(await alerts('no_client_address')).toHaveLength(1);
  });
});

describe('customer e-mails carry no free text but the name (at most 60 characters)', () => {
  const message = (
    kind: OutboxMessage['kind'],
    payload: Record<string, unknown>,
  ): OutboxMessage => ({
    id: 'x',
    kind,
    recipient: 'a@example.dk',
    payload,
    idempotencyKey: 'k',
    attempts: 1,
    createdAt: '2026-11-30T10:00:00Z',
  });
  const ctx = {
    siteUrl: 'https://glanspunkt.example',
    openingHours: [],
    cancellationNoticeHours: 24,
    ownerEmail: 'ejer@example.dk',
  };

  it('cuts a long name to 60 characters in the greeting', () => {
    const name = `${'A'.repeat(59)}Z-spam-link-www.example.com`;
    const mail = renderEmail(
      message('booking_confirmation', {
        reference: 'ABCDEFGH',
        serviceName: 'Sølvpakken',
        price: 199,
        dropOff: '2026-12-01T09:00:00+01:00',
        readyAt: '2026-12-01T09:30:00+01:00',
        customerName: name,
        cancelToken: 'a'.repeat(64),
      }),
      ctx,
    );
    expect(mail.text).toContain(`Hej ${'A'.repeat(59)}Z,`);
    expect(mail.text).not.toContain('spam-link');
    expect(mail.html).not.toContain('spam-link');
  });

  it('renders the owner alert of a busy burst in Danish', () => {
    const mail = renderEmail(
      message('owner_notification', {
        alert: 'busy',
        count: 12,
        cap: 12,
        at: '2026-12-01T09:00:00+01:00',
      }),
      ctx,
    );
    expect(mail.subject).toBe('Advarsel: mange online-bookinger på kort tid');
    expect(mail.text).toContain('12 online-bookinger');
    expect(mail.text).toContain(WORKSHOP.phone.display);
  });

  it('renders the owner alert about bookings without a client address in Danish, naming the setting', () => {
    const mail = renderEmail(
      message('owner_notification', {
        alert: 'no_client_address',
        day: '2026-12-01',
        at: '2026-12-01T09:00:00+01:00',
      }),
      ctx,
    );
    expect(mail.subject).toBe('Advarsel: online-bookinger uden den besøgendes adresse');
    expect(mail.text).toContain('CLIENT_IP_HEADER');
    expect(mail.text).toContain('npm run check:live');
    expect(mail.text).toContain('max_new_bookings_per_hour');
    expect(mail.text).toContain('højst én sådan mail om dagen');
    expect(mail.html).toContain('CLIENT_IP_HEADER');
  });
});
