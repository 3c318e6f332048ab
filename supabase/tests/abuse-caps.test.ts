// The booking caps, through the whole embedded stack on PGlite and PostgreSQL 15: caps per
// client address, per contact and per hour hold against 50 simultaneous requests (counted in the
// booking's own transaction), refusals give the phone number, junk naming someone's e-mail never
// locks that person out, and a customer e-mail carries no more than 60 characters of the name.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { WORKSHOP } from '../functions/_shared/email/business.ts';
import { renderEmail, type OutboxMessage } from '../functions/_shared/email/templates.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { clearBookings, openDays, rawRequest, withAltcha } from './helpers/http.ts';
import { BACKENDS, SERVICE } from './helpers/sql.ts';

interface Answer {
  status: number;
  body: { error?: string; reference?: string };
}

describe.each(BACKENDS)('booking caps on %s', (backend) => {
  let stack: TestStack;
  let days: string[] = [];
  /** 66 distinct free 30-minute slots over three Monday-Thursday days. */
  const slot = (i: number) => ({
    bookingDate: days[Math.floor(i / 22)]!,
    bookingTime: `${String(9 + Math.floor((i % 22) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  });
  const post = async (body: Record<string, unknown>, from = '127.0.0.1'): Promise<Answer> => {
    const r = await rawRequest(`${stack.url}/functions/v1/create-booking`, {
      localAddress: from,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(await withAltcha(stack, body)),
    });
    return { status: r.status, body: JSON.parse(r.body) as Answer['body'] };
  };
  const person = (i: number, overrides: Record<string, unknown> = {}) => ({
    serviceId: SERVICE.solv,
    customerName: `Kunde ${i}`,
    customerEmail: `kunde${i}@example.dk`,
    customerPhone: `2${String(i).padStart(7, '0')}`,
    ...slot(i),
    ...overrides,
  });
  const setting = (key: string, value: number) =>
    stack.query(
      `insert into public.settings (key, value) values ($1, $2)
       on conflict (key) do update set value = excluded.value`,
      [key, String(value)],
    );
  const statuses = (answers: Answer[]) => {
    const count: Record<number, number> = {};
    for (const a of answers) count[a.status] = (count[a.status] ?? 0) + 1;
    return count;
  };

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

  it('stops 50 simultaneous bookings from 50 addresses at the hourly cap and alerts the owner once', async () => {
    await setting('max_new_bookings_per_hour', 12);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => post(person(i), `127.0.4.${i + 1}`)),
    );
    expect(statuses(answers)).toEqual({ 201: 12, 429: 38 });
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
    await stack.query('delete from public.bookings');
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
});
