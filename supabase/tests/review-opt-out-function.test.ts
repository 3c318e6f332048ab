// The review request end to end on the embedded stack: the owner's link set, a booking picked up,
// the request sent to the local mailbox the next morning with the review link and the "Nej tak"
// link, and review-opt-out answering that link (and every bad request) in Danish with the right
// status, without a 500 and without a second record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import { REVIEW_OPT_OUT_MESSAGES } from '../functions/_shared/review-opt-out.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { callFunction, openDays } from './helpers/http.ts';
import { SERVICE } from './helpers/sql.ts';

const LINK = 'https://g.page/r/glanspunkt-kolding/review';

let stack: TestStack;
let mailbox: Mailbox;
let running: EmailStack;
let day: string;

const optOut = (body: unknown, init: { method?: string; raw?: string } = {}) =>
  callFunction<Record<string, unknown>>(stack, 'review-opt-out', body, init);

beforeAll(async () => {
  running = await startEmailStack();
  ({ stack, mailbox } = running);
  day = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
  await stack.query(`update public.review_settings set review_url = $1`, [LINK]);
});

afterAll(async () => {
  await running?.stop();
});

/** A booking made online, its car ready and picked up on its day (each time passed as now). */
async function pickedUp(email: string, time: string) {
  const r = await callFunction<{ reference: string }>(stack, 'create-booking', {
    serviceId: SERVICE.guld,
    customerName: 'Bo Nielsen',
    customerEmail: email,
    customerPhone: '21345678',
    bookingDate: day,
    bookingTime: time,
  });
  expect(r.status).toBe(201);
  const [b] = await stack.query<{ id: string; drop_off_at: Date }>(
    'select id, drop_off_at from public.bookings where reference = $1',
    [r.body.reference],
  );
  const at = (minutes: number) => new Date(b!.drop_off_at.getTime() + minutes * 60_000);
  await stack.query(`select public.booking_set_status($1, 'ready', $2)`, [b!.id, at(60)]);
  await stack.query(`select public.booking_set_status($1, 'collected', $2)`, [b!.id, at(90)]);
  return { id: b!.id, reference: r.body.reference };
}

/** The next morning has come for the waiting requests: the sender sends them. */
async function nextMorning() {
  await stack.query(
    `update public.email_outbox set next_attempt_at = now() - interval '1 second'
      where kind = 'review_request' and status = 'pending'`,
  );
  expect((await runEmailSender(stack)).status).toBe(200);
}

describe('the review request', () => {
  it('arrives the next morning with the review link and a "Nej tak" link that works once tapped', async () => {
    const email = 'anmeld@example.dk';
    const { id } = await pickedUp(email, '09:00');
    const [queued] = await stack.query<{ next_attempt_at: Date }>(
      `select next_attempt_at from public.email_outbox where booking_id = $1 and kind = 'review_request'`,
      [id],
    );
    // not before the next morning (10:00 Copenhagen)
    expect(queued!.next_attempt_at.getTime()).toBeGreaterThan(Date.parse(`${day}T12:00:00Z`));
    await nextMorning();
    const mail = mailbox.store.messages.find(
      (m) => m.to[0] === email && m.subject === 'Tak for besøget hos Glanspunkt',
    );
    expect(mail, 'the review request in the mailbox').toBeDefined();
    expect(mail!.text).toContain(LINK);
    expect(mail!.html).toContain('Nej tak til den slags beskeder');
    const link = /http:\/\/\S+\/nej-tak\?token=([0-9a-f]{64})/.exec(mail!.text);
    expect(link).not.toBeNull();

    const first = await optOut({ token: link![1] });
    expect(first).toMatchObject({
      status: 200,
      body: { state: 'recorded', message: REVIEW_OPT_OUT_MESSAGES.recorded },
    });
    // the same tap again: the same answer, one record
    expect((await optOut({ token: link![1] })).status).toBe(200);
    expect(
      await stack.query('select email from public.review_opt_outs where email = $1', [email]),
    ).toHaveLength(1);

    // the customer's next pickup asks nothing
    const again = await pickedUp(email, '13:00');
    expect(
      await stack.query(
        `select 1 from public.email_outbox where booking_id = $1 and kind = 'review_request'`,
        [again.id],
      ),
    ).toEqual([]);
  });

  it('answers a wrong link in Danish with the right status, never a 500', async () => {
    const cases: [string, () => ReturnType<typeof optOut>, number, string][] = [
      ['a cut token', () => optOut({ token: 'abc123' }), 400, REVIEW_OPT_OUT_MESSAGES.invalidToken],
      [
        'an unknown token',
        () => optOut({ token: 'f'.repeat(64) }),
        404,
        REVIEW_OPT_OUT_MESSAGES.notFound,
      ],
      [
        'upper-case hex',
        () => optOut({ token: 'F'.repeat(64) }),
        400,
        REVIEW_OPT_OUT_MESSAGES.invalidToken,
      ],
      [
        'a NUL in the token',
        () => optOut({ token: `${'a'.repeat(63)}\u0000` }),
        400,
        REVIEW_OPT_OUT_MESSAGES.invalidToken,
      ],
      ['no token', () => optOut({}), 400, REVIEW_OPT_OUT_MESSAGES.invalidToken],
      [
        'another field',
        () => optOut({ token: 'a'.repeat(64), email: 'x@example.dk' }),
        400,
        REVIEW_OPT_OUT_MESSAGES.badRequest,
      ],
      ['a list', () => optOut([]), 400, REVIEW_OPT_OUT_MESSAGES.badRequest],
    ];
    for (const [name, call, status, message] of cases) {
      const answer = await call();
      expect(answer.status, name).toBe(status);
      expect(answer.body.error, name).toBe(message);
    }
    // not JSON, far too big, or not a POST: refused in Danish too
    const broken = await optOut(null, { raw: '{"token":' });
    expect(broken.status).toBe(400);
    expect(String(broken.body.error)).toMatch(/[æøå]|Forespørgsel/);
    const huge = await optOut(null, { raw: JSON.stringify({ token: 'a'.repeat(200_000) }) });
    expect(huge.status).toBe(413);
    expect(typeof huge.body.error).toBe('string');
    const get = await optOut(null, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(
      await stack.query('select * from public.review_opt_outs where email <> $1', [
        'anmeld@example.dk',
      ]),
    ).toEqual([]);
  });
});
