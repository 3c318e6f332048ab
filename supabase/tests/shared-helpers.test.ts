// The shared SQL of migrations 20261125020000/020100, now in the baseline (one place for rules that were
// written twice): the owner's agenda line and e-mail data start from booking_summary; bookings
// stamp updated_at through the shared set_updated_at; the site rebuild's minute rule
// (site_rebuild_request) is tested in site-rebuild.test.ts, and anon cannot call it through the REST
// API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, NOW, SERVICE, book, withRollback } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';

describe.each(BACKENDS)('shared SQL helpers on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('the agenda line and the owner e-mail data are booking_summary plus their own fields', async () => {
    await withRollback(t, async (tx) => {
      const created = await book(tx, {
        serviceId: SERVICE.guld,
        date: '2026-12-03',
        time: '09:00',
        name: 'Mette Hansen',
        phone: '+45 21 22 33 44',
        notes: 'Ridse på døren',
        now: NOW,
      });
      const r = await tx.one<{ agenda: object; payload: object }>(
        `select public.owner_agenda_item(b) agenda, public.owner_booking_payload(b) payload
           from public.bookings b where b.reference = $1`,
        [created.reference],
      );
      const named = {
        reference: created.reference,
        serviceName: 'Guldpakken',
        // the job as booked: the ordinary car, no add-ons
        job: {
          carSize: 'almindelig',
          carSizeName: 'Almindelig personbil',
          packagePrice: 399,
          addons: [],
        },
        dropOff: '2026-12-03T09:00:00+01:00',
        readyAt: '2026-12-03T11:00:00+01:00',
        customerName: 'Mette Hansen',
      };
      expect(r.agenda).toEqual({
        ...named,
        // what the customer told, by name (booking_contact)
        customerEmail: expect.stringMatching(/@example\.dk$/),
        customerPhone: '+4521223344',
        notes: 'Ridse på døren',
        carPlate: '',
      });
      expect(r.payload).toEqual({ ...named, price: 399 });
    });
  });

  it('bookings stamp updated_at on every update and cancelled_at on a cancellation', async () => {
    await withRollback(t, async (tx) => {
      const created = await book(tx, {
        serviceId: SERVICE.solv,
        date: '2026-12-03',
        time: '10:00',
        now: NOW,
      });
      const edited = await tx.one<{ stamped: boolean; cancelled_at: string | null }>(
        `update public.bookings set updated_at = '2000-01-01', notes = 'ny'
          where reference = $1 returning updated_at = now() stamped, cancelled_at`,
        [created.reference],
      );
      expect(edited).toEqual({ stamped: true, cancelled_at: null });
      const cancelled = await tx.one<{ stamped: boolean; cancelled: boolean }>(
        `update public.bookings set updated_at = '2000-01-01', status = 'cancelled'
          where reference = $1 returning updated_at = now() stamped, cancelled_at = now() cancelled`,
        [created.reference],
      );
      expect(cancelled).toEqual({ stamped: true, cancelled: true });
    });
  });
});

describe.each(BACKENDS)('the new internal helpers through the REST gateway on %s', (backend) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ backend });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  it.each([['site_rebuild_request', { p_now: '2026-12-01T10:00:00Z', p_change: true }]])(
    'refuses anon a call of %s',
    async (name, body) => {
      const res = await stack.rpc(name, body);
      expect([401, 403]).toContain(res.status);
      expect((await res.json()) as { code: string }).toMatchObject({ code: '42501' });
      const [state] = await stack.query<{
        pending_since: string | null;
        requested_at: string | null;
      }>('select pending_since, requested_at from public.site_rebuild');
      expect(state).toEqual({ pending_since: null, requested_at: null });
    },
  );
});
