// The local mailbox answers like Resend's POST /emails (auth, validation, idempotency keys) and
// shows what it captured, escaped.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from './index.ts';

let mailbox: Mailbox;

const email = (overrides: Record<string, unknown> = {}) => ({
  from: 'Glanspunkt <booking@glanspunkt.local>',
  to: ['kunde@example.dk'],
  subject: 'Bookingbekræftelse <test>',
  html: '<p>Hej</p>',
  text: 'Hej',
  attachments: [
    {
      filename: 'booking.ics',
      content: Buffer.from('BEGIN:VCALENDAR\r\n').toString('base64'),
      content_type: 'text/calendar; charset=utf-8',
    },
  ],
  ...overrides,
});

function post(
  body: unknown,
  headers: Record<string, string> = { Authorization: 'Bearer re_test' },
) {
  return fetch(`${mailbox.url}/emails`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox?.stop();
});
beforeEach(() => mailbox.store.clear());

describe('local mailbox', () => {
  it('captures an e-mail and answers {id}', async () => {
    const res = await post(email(), { Authorization: 'Bearer re_test', 'Idempotency-Key': 'k1' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(mailbox.store.messages).toHaveLength(1);
    expect(mailbox.store.messages[0]).toMatchObject({
      id,
      idempotencyKey: 'k1',
      to: ['kunde@example.dk'],
    });
  });

  it('refuses a call without an API key, and one without from, to or subject', async () => {
    expect((await post(email(), {})).status).toBe(401);
    for (const missing of ['from', 'to', 'subject']) {
      const res = await post(email({ [missing]: undefined }));
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ name: 'validation_error' });
    }
    expect(mailbox.store.messages).toHaveLength(0);
  });

  it('replays a repeated idempotency key and refuses it with another body', async () => {
    const headers = { Authorization: 'Bearer re_test', 'Idempotency-Key': 'same' };
    const first = (await (await post(email(), headers)).json()) as { id: string };
    const again = (await (await post(email(), headers)).json()) as { id: string };
    expect(again.id).toBe(first.id);
    const other = await post(email({ subject: 'Andet' }), headers);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ name: 'invalid_idempotent_request' });
    expect(mailbox.store.messages).toHaveLength(1);
    expect(mailbox.store.calls).toBe(3);
  });

  it('fails the next calls on request, then works again', async () => {
    await fetch(`${mailbox.url}/api/faults`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, status: 503 }),
    });
    expect((await post(email())).status).toBe(503);
    expect((await post(email())).status).toBe(200);
  });

  it("answers a rate limit as Resend does (429 with Retry-After), and logs each call's arrival", async () => {
    await fetch(`${mailbox.url}/api/faults`, {
      method: 'POST',
      body: JSON.stringify({ count: 1, status: 429, retryAfter: 5 }),
    });
    const limited = await post(email(), {
      Authorization: 'Bearer re_test',
      'Idempotency-Key': 'r1',
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('5');
    expect(await limited.json()).toMatchObject({ name: 'rate_limit_exceeded' });
    expect(
      (await post(email(), { Authorization: 'Bearer re_test', 'Idempotency-Key': 'r1' })).status,
    ).toBe(200);
    const requests = (await (await fetch(`${mailbox.url}/api/requests`)).json()) as {
      receivedAt: string;
      idempotencyKey: string;
      status: number;
    }[];
    expect(requests.map((r) => [r.idempotencyKey, r.status])).toEqual([
      ['r1', 429],
      ['r1', 200],
    ]);
    expect(Date.parse(requests[1]!.receivedAt)).toBeGreaterThanOrEqual(
      Date.parse(requests[0]!.receivedAt),
    );
  });

  it('a slow provider stores the e-mail after its delay, also when the caller stopped waiting', async () => {
    mailbox.store.failNext(1, { status: 200, delayMs: 400 });
    const started = Date.now();
    const slow = await post(email(), { Authorization: 'Bearer re_test', 'Idempotency-Key': 's1' });
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    mailbox.store.failNext(1, { status: 200, delayMs: 400 });
    const aborted = await fetch(`${mailbox.url}/emails`, {
      method: 'POST',
      headers: { Authorization: 'Bearer re_test', 'Idempotency-Key': 's2' },
      body: JSON.stringify(email()),
      signal: AbortSignal.timeout(100),
    }).catch((e: Error) => e.name);
    expect(aborted).toBe('TimeoutError');
    await expect
      .poll(() => mailbox.store.messages.map((m) => m.idempotencyKey))
      .toEqual(['s1', 's2']);
    expect(mailbox.store.requests.map((r) => r.status)).toEqual([200, 200]);
  });

  it('lists and shows e-mails with their content escaped, and serves the attachment', async () => {
    const { id } = (await (await post(email())).json()) as { id: string };
    const list = await (await fetch(`${mailbox.url}/`)).text();
    expect(list).toContain('Bookingbekræftelse &lt;test&gt;');
    expect(list).not.toContain('<test>');
    const page = await (await fetch(`${mailbox.url}/messages/${id}`)).text();
    expect(page).toContain('srcdoc="&lt;p&gt;Hej&lt;/p&gt;"');
    expect(page).toContain('sandbox=');
    const ics = await fetch(`${mailbox.url}/messages/${id}/attachments/0`);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await ics.text()).toBe('BEGIN:VCALENDAR\r\n');
    expect((await fetch(`${mailbox.url}/messages/nope`)).status).toBe(404);
  });
});

describe('POST /rest/mtsms (GatewayAPI-shaped SMS)', () => {
  const sms = (headers: Record<string, string>, body: unknown) =>
    fetch(`${mailbox.url}/rest/mtsms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const token = { Authorization: `Basic ${Buffer.from('gw_token:').toString('base64')}` };
  const body = {
    sender: 'Glanspunkt',
    message: 'Glanspunkt: Din tid er booket <b>',
    recipients: [{ msisdn: 4520112233 }],
    userref: 'sms:booking_confirmation:1',
  };

  it('takes an SMS with the token as Basic username, answers {ids}, lists and escapes it', async () => {
    const res = await sms(token, body);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ids: number[] }).ids).toHaveLength(1);
    const [captured] = mailbox.store.messages.filter((m) => m.channel === 'sms');
    expect(captured).toMatchObject({
      to: ['+4520112233'],
      from: 'Glanspunkt',
      text: body.message,
      idempotencyKey: body.userref,
    });
    const list = await (await fetch(`${mailbox.url}/`)).text();
    expect(list).toContain('SMS');
    const page = await (await fetch(`${mailbox.url}/messages/${captured!.id}`)).text();
    expect(page).toContain('SMS to +4520112233');
    expect(page).toContain('&lt;b&gt;');
    expect(page).not.toContain('<b>');
  });

  it('refuses a call without the token, without recipients, or with a sender over 11 characters', async () => {
    expect((await sms({}, body)).status).toBe(401);
    expect((await sms(token, { ...body, recipients: [] })).status).toBe(400);
    expect((await sms(token, { ...body, sender: 'Glanspunkt Kolding' })).status).toBe(400);
    expect(mailbox.store.messages.filter((m) => m.channel === 'sms')).toEqual([]);
  });
});
