// 50 visitors press "Book" for the same slot at the same moment, through the whole embedded stack
// (gateway, Deno edge function, SQL): exactly one gets 201, the other 49 get 409, and the accepted
// booking and both of its outbox e-mails are stored. On PGlite and on a real PostgreSQL 15 server,
// where the requests really run in parallel transactions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { openDays, rawRequest, withAltcha } from './helpers/http.ts';
import { BACKENDS, SERVICE } from './helpers/sql.ts';

describe.each(BACKENDS)('simultaneous create-booking requests on %s', (backend) => {
  let stack: TestStack;
  let day = '';
  beforeAll(async () => {
    stack = await startTestStack({ backend });
    day = (await openDays(stack, [1, 2, 3, 4], 1))[0]!;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('gives exactly one 201 and 49 409 for one slot, and stores the booking with its e-mails', async () => {
    // 50 different visitors: each request comes from its own loopback address (the client address
    // is the TCP peer the gateway sees, as on hosted Supabase, not a header the client writes)
    const answers = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const r = await rawRequest(`${stack.url}/functions/v1/create-booking`, {
          localAddress: `127.0.1.${i + 1}`,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(
            await withAltcha(stack, {
              serviceId: SERVICE.premium,
              customerName: `Kunde ${i}`,
              customerEmail: `kunde${i}@example.dk`,
              customerPhone: '12345678',
              bookingDate: day,
              bookingTime: '13:00',
            }),
          ),
        });
        return { status: r.status, body: JSON.parse(r.body) as unknown };
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.status === 409)) {
      expect(a.body).toEqual({ error: MESSAGES.slotTaken });
    }
    const winner = answers.find((a) => a.status === 201)!.body as { reference: string };
    const rows = await stack.query<{ reference: string; kinds: string[] }>(
      `select b.reference, array_agg(o.kind order by o.kind) kinds
         from public.bookings b join public.email_outbox o on o.booking_id = b.id
        where b.booking_date = $1 group by b.reference`,
      [day],
    );
    expect(rows).toEqual([
      { reference: winner.reference, kinds: ['booking_confirmation', 'owner_notification'] },
    ]);
  });
});
