// The visitor's message in the database (82_visitor_messages.sql), with a fixed clock: closed to
// the public key, one message and two queued e-mails per proof of work, the caps, the links the
// table refuses whatever the function in front of it lets through, and retention after 6 months.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BACKENDS, sqlState, withRollback, type Tx } from './helpers/sql.ts';

const NOW = '2026-12-01T10:00:00+01:00';
const EXPIRES = '2026-12-01T10:10:00+01:00';

let signatures = 0;
/** A fresh challenge signature (the function checks its shape; the edge function its proof). */
const signature = () => (++signatures).toString(16).padStart(64, 'a');

const REQUEST = {
  topic: 'quote',
  name: 'Mette Jensen',
  email: 'mette@example.dk',
  phone: '+4520112233',
  car: 'VW Golf 2015',
  message: 'Hvad koster en polering af en mørkeblå Golf med ridser i bagklappen?',
};

async function send(
  tx: Tx,
  request: Record<string, unknown> = REQUEST,
  options: { key?: string; ip?: string; now?: string; challenge?: string } = {},
) {
  const now = options.now ?? NOW;
  return (
    await tx.one<{ r: { status: string; field?: string; replayed?: boolean } }>(
      `select public.visitor_message_send($1, $2::timestamptz, $3::jsonb, $4, $5, $6::timestamptz) as r`,
      [
        options.challenge ?? signature(),
        new Date(new Date(now).getTime() + 10 * 60_000).toISOString(),
        JSON.stringify(request),
        options.key ?? null,
        options.ip ?? '203.0.113.7',
        now,
      ],
    )
  ).r;
}

const count = async (tx: Tx, sql: string) => Number((await tx.one<{ n: string }>(sql)).n);

describe.each(BACKENDS)('visitor messages on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('keeps the table and the function closed to anon and a signed-in user', () =>
    withRollback(t, async (tx) => {
      for (const role of ['anon', 'authenticated']) {
        const grants = await tx.one<{ table: boolean; fn: boolean }>(
          `select has_table_privilege($1, 'public.visitor_messages', 'select,insert,update,delete') as table,
                  has_function_privilege($1, 'public.visitor_message_send(text, timestamptz, jsonb, text, text, timestamptz, integer)', 'execute') as fn`,
          [role],
        );
        expect(grants).toEqual({ table: false, fn: false });
      }
      await send(tx);
      await tx.exec('set local role anon');
      expect(await sqlState(tx, 'select * from public.visitor_messages')).toBe('42501');
      expect(
        await sqlState(
          tx,
          `insert into public.visitor_messages (topic, name, email, message, request_hash)
           values ('question', 'Bot', 'bot@example.com', 'Køb billige ure nu', 'x')`,
        ),
      ).toBe('42501');
      expect(
        await sqlState(
          tx,
          `select public.visitor_message_send('${signature()}', now() + interval '5 minutes', '{}'::jsonb)`,
        ),
      ).toBe('42501');
    }));

  it('stores a message once and queues the owner e-mail and the receipt with it', () =>
    withRollback(t, async (tx) => {
      expect(await send(tx, REQUEST, { key: 'key-0000001' })).toEqual({
        status: 'sent',
        replayed: false,
      });
      // the same submit again (its answer lost), even with another solved challenge
      expect(await send(tx, REQUEST, { key: 'key-0000001' })).toEqual({
        status: 'sent',
        replayed: true,
      });
      expect(
        await send(
          tx,
          { ...REQUEST, message: 'En helt anden besked her.' },
          { key: 'key-0000001' },
        ),
      ).toEqual({ status: 'idempotency_mismatch' });
      expect(await count(tx, 'select count(*) as n from public.visitor_messages')).toBe(1);
      const mails = await tx.rows<{
        kind: string;
        recipient: string | null;
        payload: Record<string, unknown>;
      }>(
        `select kind, recipient, payload from public.email_outbox
          where kind in ('owner_visitor_message', 'visitor_message_receipt') order by kind`,
      );
      expect(mails).toEqual([
        {
          kind: 'owner_visitor_message',
          recipient: null,
          payload: { ...REQUEST, receivedAt: '2026-12-01T10:00:00+01:00' },
        },
        {
          kind: 'visitor_message_receipt',
          recipient: 'mette@example.dk',
          // the receipt goes to whatever address was typed: it never repeats the message
          payload: {
            topic: 'quote',
            name: 'Mette Jensen',
            receivedAt: '2026-12-01T10:00:00+01:00',
          },
        },
      ]);
    }));

  it('takes one message per proof of work', () =>
    withRollback(t, async (tx) => {
      const challenge = signature();
      expect((await send(tx, REQUEST, { challenge })).status).toBe('sent');
      expect(await send(tx, { ...REQUEST, email: 'anden@example.dk' }, { challenge })).toEqual({
        status: 'challenge_used',
      });
      expect(
        (
          await tx.one<{ r: { status: string } }>(
            `select public.visitor_message_send($1, $2::timestamptz, $3::jsonb, null, null, $4::timestamptz) as r`,
            [signature(), NOW, JSON.stringify(REQUEST), EXPIRES],
          )
        ).r.status,
      ).toBe('challenge_expired');
    }));

  it('refuses links in name, car and message, whatever the caller checked', () =>
    withRollback(t, async (tx) => {
      for (const [field, value] of [
        ['name', 'Mette www.spam.dk'],
        ['car', 'Golf, se billeder på bil.com'],
        ['message', 'Se https://evil.example.com/tilbud for mere information'],
        ['message', 'Skriv til mig på mette@example.dk med et tilbud'],
        ['email', 'ikke en adresse'],
        ['topic', 'spam'],
      ] as const) {
        // each from its own address and e-mail, so the caps do not answer first
        const i = ++signatures;
        const request = { ...REQUEST, email: `p${i}@example.dk`, [field]: value };
        expect(await send(tx, request, { ip: `198.18.0.${i % 250}` })).toEqual({
          status: 'invalid',
          field,
        });
      }
      expect(await count(tx, 'select count(*) as n from public.visitor_messages')).toBe(0);
      expect(
        await count(
          tx,
          `select count(*) as n from public.email_outbox where kind in ('owner_visitor_message', 'visitor_message_receipt')`,
        ),
      ).toBe(0);
    }));

  it('caps messages per e-mail address, per client address and for the whole site per day', () =>
    withRollback(t, async (tx) => {
      // per e-mail: 3 a day, from any address
      for (let i = 0; i < 3; i++)
        expect((await send(tx, REQUEST, { ip: `198.51.100.${i + 1}` })).status).toBe('sent');
      expect((await send(tx, REQUEST, { ip: '198.51.100.50' })).status).toBe('rate_limited');
      // per address: 5 a day, whatever e-mail it names
      for (let i = 0; i < 5; i++)
        expect(
          (await send(tx, { ...REQUEST, email: `p${i}@example.dk` }, { ip: '192.0.2.9' })).status,
        ).toBe('sent');
      expect(
        (await send(tx, { ...REQUEST, email: 'p9@example.dk' }, { ip: '192.0.2.9' })).status,
      ).toBe('rate_limited');
      // the next day the address may write again
      expect(
        (
          await send(
            tx,
            { ...REQUEST, email: 'ny@example.dk' },
            { ip: '192.0.2.9', now: '2026-12-02T11:00:00+01:00' },
          )
        ).status,
      ).toBe('sent');
      // the whole site: the setting max_visitor_messages_per_day (the last day holds one message)
      await tx.rows(
        `insert into public.settings (key, value) values ('max_visitor_messages_per_day', '2')
         on conflict (key) do update set value = excluded.value`,
      );
      expect(
        (
          await send(
            tx,
            { ...REQUEST, email: 'sidste@example.dk' },
            { ip: '192.0.2.77', now: '2026-12-02T11:00:00+01:00' },
          )
        ).status,
      ).toBe('sent');
      expect(
        (
          await send(
            tx,
            { ...REQUEST, email: 'for-mange@example.dk' },
            { ip: '192.0.2.78', now: '2026-12-02T11:00:00+01:00' },
          )
        ).status,
      ).toBe('busy');
    }));

  it('deletes a message 6 months after it arrived, not a day before (retention)', () =>
    withRollback(t, async (tx) => {
      await send(tx);
      const retention = async (now: string) =>
        (
          await tx.one<{ r: { visitorMessagesDeleted: number } }>(
            'select public.run_retention($1::timestamptz) as r',
            [now],
          )
        ).r.visitorMessagesDeleted;
      expect(await retention('2027-05-31T10:00:00+02:00')).toBe(0);
      expect(await count(tx, 'select count(*) as n from public.visitor_messages')).toBe(1);
      expect(await retention('2027-06-01T11:01:00+02:00')).toBe(1);
      expect(await count(tx, 'select count(*) as n from public.visitor_messages')).toBe(0);
    }));
});
