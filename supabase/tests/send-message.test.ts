// send-message through the embedded stack (gateway, real Deno, PGlite) and the local mailbox: a
// visitor's question reaches the owner with Reply-To the visitor and a Danish receipt reaches the
// visitor; and the attacks of one machine: no or a wrong proof of work, links in free text,
// oversized and malformed fields, a flood, a bot's honeypot, a submit sent twice.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestStack } from '../../local/testing/index.ts';
import type { Mailbox } from '../../local/mailbox/index.ts';
import { WORKSHOP } from '../functions/_shared/email/business.ts';
import { MESSAGE_FIELD_MESSAGES } from '../functions/_shared/message-rules.ts';
import { CUSTOMER_MESSAGES } from '../functions/_shared/customer-rules.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { SEND_MESSAGE_ERRORS } from '../functions/_shared/message-errors.ts';
import { business } from '../../src/content/business.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { rawRequest, withAltcha } from './helpers/http.ts';

let running: EmailStack;
let stack: TestStack;
let mailbox: Mailbox;
let address = 0;

/** A new loopback address per call unless given: each test plays its own client. */
async function send(
  body: Record<string, unknown>,
  options: { from?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  const from = options.from ?? `127.0.${Math.floor(++address / 250)}.${(address % 250) + 2}`;
  const r = await rawRequest(`${stack.url}/functions/v1/send-message`, {
    localAddress: from,
    headers: {
      apikey: stack.anonKey,
      'Content-Type': 'application/json',
      ...options.headers,
    },
    body: options.raw ?? JSON.stringify(await withAltcha(stack, body)),
  });
  return { status: r.status, body: JSON.parse(r.body) as { error?: string; field?: string } };
}

let people = 0;
const question = (overrides: Record<string, unknown> = {}) => ({
  topic: 'question',
  name: 'Mette Jensen',
  email: `mette${++people}@example.dk`,
  phone: '20 11 22 33',
  car: 'VW Golf 2015',
  message: 'Kan I fjerne harpiks fra taget på en hvid Golf, og hvor lang tid tager det?',
  ...overrides,
});

const messageCount = async () =>
  Number(
    (await stack.query<{ n: string }>('select count(*) as n from public.visitor_messages'))[0]!.n,
  );

beforeAll(async () => {
  running = await startEmailStack({ backend: 'pglite' });
  ({ stack, mailbox } = running);
});

afterAll(async () => {
  await running?.stop();
});

beforeEach(async () => {
  mailbox.store.clear();
  await stack.query(`update public.email_outbox set status = 'cancelled' where status <> 'sent'`);
});

describe('send-message', () => {
  it('delivers a question to the owner with Reply-To the visitor, and a Danish receipt to the visitor', async () => {
    const body = question();
    const answer = await send(body);
    expect(answer).toEqual({ status: 201, body: { sent: true } });
    const run = await runEmailSender(stack);
    expect(run.body).toMatchObject({ sent: 2, failed: 0 });

    const owner = mailbox.store.messages.find((m) => m.to[0] === 'ejer@glanspunkt.local')!;
    expect(owner.subject).toBe('Spørgsmål fra hjemmesiden – Mette Jensen');
    expect(owner.reply_to).toBe(body.email);
    expect(owner.text).toContain(body.message);
    expect(owner.text).toContain('VW Golf 2015');
    expect(owner.text).toContain('Telefon:  20 11 22 33');

    const receipt = mailbox.store.messages.find((m) => m.to[0] === body.email)!;
    expect(receipt.subject).toBe('Tak for din besked til Glanspunkt');
    expect(receipt.text).toContain('Tak for din besked');
    expect(receipt.text).toContain('inden for 24 timer på hverdage, i vores åbningstid');
    expect(receipt.text).toContain('Åbningstider');
    // the receipt goes to whatever address was typed: it does not repeat the message
    expect(receipt.text).not.toContain(body.message);
    expect(mailbox.store.messages).toHaveLength(2);
  });

  it('promises the answer time the site promises', () => {
    expect(WORKSHOP.replyWithinHours).toBe(business.replyWithinHours);
  });

  it('sends a quote request sent twice (its answer lost) once', async () => {
    const body = { ...question({ topic: 'quote' }), idempotencyKey: 'besked-0000-0001' };
    const from = '127.0.9.9';
    expect((await send(body, { from })).status).toBe(201);
    expect((await send(body, { from })).status).toBe(201);
    const rows = await stack.query<{ n: string }>(
      `select count(*) as n from public.visitor_messages where email = $1`,
      [body.email],
    );
    expect(Number(rows[0]!.n)).toBe(1);
    await runEmailSender(stack);
    expect(mailbox.store.messages.map((m) => m.subject).sort()).toEqual([
      'Tak for din besked til Glanspunkt',
      'Ønske om uforpligtende tilbud fra hjemmesiden – Mette Jensen',
    ]);
  });

  it('refuses a message without or with a wrong proof of work, storing nothing', async () => {
    const before = await messageCount();
    expect(await send({ ...question(), altcha: undefined })).toEqual({
      status: 400,
      body: { error: MESSAGES.challengeMissing },
    });
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters: {}, signature: 'a'.repeat(64) }, solution: {} }),
    ).toString('base64');
    const wrong = await send({ ...question(), altcha: forged });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(MESSAGES.challengeInvalid);
    expect(await messageCount()).toBe(before);
  });

  it('refuses links in name, car and message at the field, in Danish', async () => {
    const before = await messageCount();
    for (const [field, value, error] of [
      ['name', 'Mette www.billig-voks.dk', CUSTOMER_MESSAGES.nameLink],
      ['car', 'Golf (se bilpleje-tilbud.com)', MESSAGE_FIELD_MESSAGES.carLink],
      [
        'message',
        'Se billederne på https://example.com/billeder og giv et tilbud',
        MESSAGE_FIELD_MESSAGES.messageLink,
      ],
      [
        'message',
        'Kontakt mig hellere på min.mail@example.dk tak',
        MESSAGE_FIELD_MESSAGES.messageLink,
      ],
      ['message', 'Billig lakrens på www.spam.example nu', MESSAGE_FIELD_MESSAGES.messageLink],
    ] as const) {
      expect(await send(question({ [field]: value }))).toEqual({
        status: 400,
        body: { error: error, field },
      });
    }
    expect(await messageCount()).toBe(before);
  });

  it('refuses a bad e-mail, a bad phone, a short or an oversized message, and unknown fields', async () => {
    expect(await send(question({ email: 'mette@' }))).toEqual({
      status: 400,
      body: { error: CUSTOMER_MESSAGES.email, field: 'email' },
    });
    expect(await send(question({ phone: '123' }))).toEqual({
      status: 400,
      body: { error: CUSTOMER_MESSAGES.phone, field: 'phone' },
    });
    expect(await send(question({ message: 'Hej' }))).toEqual({
      status: 400,
      body: { error: MESSAGE_FIELD_MESSAGES.message, field: 'message' },
    });
    expect(await send(question({ message: 'æ'.repeat(2001) }))).toEqual({
      status: 400,
      body: { error: MESSAGE_FIELD_MESSAGES.message, field: 'message' },
    });
    expect(await send(question({ car: 'x'.repeat(101) }))).toEqual({
      status: 400,
      body: { error: MESSAGE_FIELD_MESSAGES.car, field: 'car' },
    });
    expect(await send(question({ topic: 'reklame' }))).toEqual({
      status: 400,
      body: { error: MESSAGE_FIELD_MESSAGES.topic, field: 'topic' },
    });
    expect(await send(question({ message: 'Hej\u0000 med NUL-tegn i teksten' }))).toMatchObject({
      status: 400,
      body: { field: 'message' },
    });
    expect(await send(question({ admin: true }))).toEqual({
      status: 400,
      body: { error: MESSAGES.unknownField },
    });
    // a body over 10 KiB is refused before it is read whole
    expect(
      (await send({}, { raw: JSON.stringify(question({ message: 'a'.repeat(20_000) })) })).status,
    ).toBe(413);
    expect((await send({}, { raw: '{"topic":' })).status).toBe(400);
  });

  it('answers a flood from one address with 429 and the phone number, after the cap', async () => {
    const from = '127.0.77.7';
    const statuses: number[] = [];
    let refusal = '';
    for (let i = 0; i < 7; i++) {
      const r = await send(question(), { from });
      statuses.push(r.status);
      if (r.status === 429) refusal = r.body.error ?? '';
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    expect(refusal).toBe(SEND_MESSAGE_ERRORS.rateLimited);
    expect(refusal).toContain(WORKSHOP.phone.display);
  });

  it('stores and sends nothing for a bot that filled in the hidden field', async () => {
    const before = await messageCount();
    expect(await send(question({ website: 'https://spam.example' }))).toEqual({
      status: 201,
      body: { sent: true },
    });
    expect(await messageCount()).toBe(before);
  });
});
