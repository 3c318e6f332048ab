// The e-mail outbox as the sender job sees it (SQL, fixed clock): claiming due rows under a lease,
// retries with exponential backoff, giving up after the limit, and two senders never taking the
// same row (for update skip locked, on a real PostgreSQL server too).
import { describe, expect, it } from 'vitest';
import { book, NOW, SERVICE, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

interface Claimed {
  id: string;
  kind: string;
  recipient: string | null;
  payload: Record<string, unknown>;
  idempotencyKey: string;
  attempts: number;
}

async function claim(tx: Tx, now: string, limit = 10, lease = 300): Promise<Claimed[]> {
  const r = await tx.one<{ r: { messages: Claimed[] } }>(
    'select public.email_claim($1, $2, $3::timestamptz) as r',
    [limit, lease, now],
  );
  return r.r.messages;
}

async function fail(tx: Tx, id: string, now: string, permanent = false): Promise<string> {
  const r = await tx.one<{ s: string }>(
    'select public.email_mark_failed($1, $2, $3, $4::timestamptz) as s',
    [id, 'HTTP 500: boom', permanent, now],
  );
  return r.s;
}

async function row(tx: Tx, id: string) {
  return tx.one<{
    status: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
    sent_at: Date | null;
    provider_message_id: string | null;
  }>('select * from public.email_outbox where id = $1', [id]);
}

const at = (iso: string, seconds: number) =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();

describe('email outbox (PGlite)', () => {
  const t = useTestDatabase({ backend: 'pglite' });

  it('a booking queues the customer confirmation and the owner notification, claimed once', () =>
    withRollback(t, async (tx) => {
      const created = await book(tx, {
        serviceId: SERVICE.guld,
        date: '2026-12-10',
        time: '09:00',
        email: 'kunde@example.dk',
        now: NOW,
      });
      expect(created.status).toBe('created');
      const first = await claim(tx, NOW);
      expect(first.map((m) => m.kind).sort()).toEqual([
        'booking_confirmation',
        'owner_notification',
      ]);
      const customer = first.find((m) => m.kind === 'booking_confirmation')!;
      expect(customer.recipient).toBe('kunde@example.dk');
      expect(customer.attempts).toBe(1);
      expect(customer.payload).toMatchObject({ serviceName: 'Guldpakken', price: 399 });
      expect(customer.payload.cancelToken).toMatch(/^[0-9a-f]{64}$/);
      expect(customer.idempotencyKey).toMatch(/^booking_confirmation:/);
      // held under the lease: a second sender gets nothing
      expect(await claim(tx, at(NOW, 60))).toEqual([]);
    }));

  it('marks a sent message sent and never hands it out again', () =>
    withRollback(t, async (tx) => {
      await book(tx, { serviceId: SERVICE.solv, date: '2026-12-10', time: '10:00', now: NOW });
      const [m] = await claim(tx, NOW, 1);
      const ok = await tx.one<{ ok: boolean }>(
        'select public.email_mark_sent($1, $2, $3::timestamptz) as ok',
        [m!.id, 'msg_123', NOW],
      );
      expect(ok.ok).toBe(true);
      const r = await row(tx, m!.id);
      expect(r.status).toBe('sent');
      expect(r.provider_message_id).toBe('msg_123');
      expect(r.sent_at?.toISOString()).toBe(new Date(NOW).toISOString());
      const later = await claim(tx, at(NOW, 86_400), 10);
      expect(later.map((x) => x.id)).not.toContain(m!.id);
      // a late second "sent" for the same row changes nothing
      const again = await tx.rows('select public.email_mark_sent($1, null, now()) as ok', [m!.id]);
      expect(again[0]).toEqual({ ok: null });
    }));

  it('retries a failure after 1, 2, 4 ... minutes and records the error', () =>
    withRollback(t, async (tx) => {
      await book(tx, { serviceId: SERVICE.solv, date: '2026-12-10', time: '11:00', now: NOW });
      const [m] = await claim(tx, NOW, 1);
      expect(await fail(tx, m!.id, NOW)).toBe('pending');
      let r = await row(tx, m!.id);
      expect(r.attempts).toBe(1);
      expect(r.last_error).toBe('HTTP 500: boom');
      expect(r.next_attempt_at.toISOString()).toBe(at(NOW, 60));
      // not due before the backoff has passed
      expect((await claim(tx, at(NOW, 59))).map((x) => x.id)).not.toContain(m!.id);
      const [again] = (await claim(tx, at(NOW, 60))).filter((x) => x.id === m!.id);
      expect(again?.attempts).toBe(2);
      await fail(tx, m!.id, at(NOW, 60));
      r = await row(tx, m!.id);
      expect(r.next_attempt_at.toISOString()).toBe(at(NOW, 60 + 120));
    }));

  it('gives up after email_max_attempts tries, and at once on a permanent error', () =>
    withRollback(t, async (tx) => {
      await tx.exec(`update public.settings set value = '3' where key = 'email_max_attempts'`);
      await book(tx, { serviceId: SERVICE.solv, date: '2026-12-10', time: '12:00', now: NOW });
      const claimed = await claim(tx, NOW);
      const [m, other] = claimed;
      expect(await fail(tx, other!.id, NOW, true)).toBe('failed');
      let now = NOW;
      const statuses: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        if (i > 0) {
          now = at(now, 3600);
          expect((await claim(tx, now)).map((x) => x.id)).toContain(m!.id);
        }
        statuses.push(await fail(tx, m!.id, now));
      }
      expect(statuses).toEqual(['pending', 'pending', 'failed']);
      expect((await row(tx, m!.id)).attempts).toBe(3);
      expect((await claim(tx, at(now, 86_400))).map((x) => x.id)).not.toContain(m!.id);
      expect((await row(tx, other!.id)).status).toBe('failed');
    }));

  it('takes over a row whose sender died once its lease expired', () =>
    withRollback(t, async (tx) => {
      await book(tx, { serviceId: SERVICE.solv, date: '2026-12-10', time: '13:00', now: NOW });
      const first = await claim(tx, NOW, 10, 120);
      expect(first).toHaveLength(2);
      expect(await claim(tx, at(NOW, 119), 10, 120)).toEqual([]);
      const taken = await claim(tx, at(NOW, 120), 10, 120);
      expect(taken.map((x) => x.id).sort()).toEqual(first.map((x) => x.id).sort());
      // the same idempotency key goes to the e-mail API again, so it cannot be delivered twice
      expect(taken.map((x) => x.idempotencyKey).sort()).toEqual(
        first.map((x) => x.idempotencyKey).sort(),
      );
      expect(taken.every((x) => x.attempts === 2)).toBe(true);
    }));

  it('is refused to anon and authenticated', () =>
    withRollback(t, async (tx) => {
      for (const role of ['anon', 'authenticated']) {
        await tx.exec('savepoint s');
        await tx.exec(`set local role ${role}`);
        await expect(tx.rows('select public.email_claim()')).rejects.toMatchObject({
          code: '42501',
        });
        await tx.exec('rollback to savepoint s');
      }
    }));
});

describe('email outbox on PostgreSQL 15: concurrent senders', () => {
  const t = useTestDatabase({ backend: 'postgres' });

  it('two senders claiming at the same time never get the same row', async () => {
    for (let i = 0; i < 6; i += 1) {
      const r = await book(t.db, {
        serviceId: SERVICE.solv,
        date: '2026-12-10',
        time: `${String(9 + i).padStart(2, '0')}:00`,
        now: NOW,
      });
      expect(r.status).toBe('created');
    }
    const claimOn = async () => {
      const rows = await t.query<{ r: { messages: Claimed[] } }>(
        'select public.email_claim(7, 300, $1::timestamptz) as r',
        [NOW],
      );
      return rows[0]!.r.messages.map((m) => m.id);
    };
    const [a, b] = await Promise.all([claimOn(), claimOn()]);
    expect(a.length + b.length).toBe(12);
    expect(new Set([...a, ...b]).size).toBe(12);
    const counts = await t.query<{ n: string }>(
      `select count(*) as n from public.email_outbox where status = 'sending' and attempts = 1`,
    );
    expect(Number(counts[0]!.n)).toBe(12);
  });
});
