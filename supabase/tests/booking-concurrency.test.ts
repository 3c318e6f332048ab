// 50 visitors press "Book" for the same slot at the same moment, through the whole embedded stack
// (gateway, Deno edge function, SQL): exactly one gets 201, the other 49 get 409, and the accepted
// booking and both of its outbox e-mails are stored. On PGlite and on a real PostgreSQL 15 server,
// where the requests really run in parallel transactions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { openDays, rawRequest, withAltcha } from './helpers/http.ts';
import { ADDON, BACKENDS, SERVICE } from './helpers/sql.ts';

const MOTORVASK = ADDON.motorvask;
const LAEDERCREME = ADDON.laedercreme;

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
              customerPhone: '21345678',
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

  it('jobs of different sizes and add-ons racing for overlapping times: exactly one wins', async () => {
    const day3 = (await openDays(stack, [1, 2, 3, 4], 3))[2]!;
    // Premiumpakken for a big car with Motorvask and Lædercreme is 13:00-17:15; the ordinary car's
    // is 14:00-17:00 and 12:00-15:00: every one of them overlaps every other
    const shapes = [
      { bookingTime: '13:00', carSize: 'stor-bil', addonIds: [MOTORVASK, LAEDERCREME] },
      { bookingTime: '14:00' },
      { bookingTime: '12:00', addonIds: [MOTORVASK] },
    ];
    const answers = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const r = await rawRequest(`${stack.url}/functions/v1/create-booking`, {
          localAddress: `127.0.2.${i + 1}`,
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(
            await withAltcha(stack, {
              serviceId: SERVICE.premium,
              customerName: `Kunde ${i}`,
              customerEmail: `stor${i}@example.dk`,
              customerPhone: `2${String(2000000 + i)}`,
              bookingDate: day3,
              ...shapes[i % shapes.length],
            }),
          ),
        });
        return r.status;
      }),
    );
    expect(answers.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((s) => s === 409)).toHaveLength(23);
    const rows = await stack.query<{ n: number }>(
      `select count(*)::int n from public.bookings where booking_date = $1`,
      [day3],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('a no-show set back races the bookings of its freed time: one side wins, never both', async () => {
    const day2 = (await openDays(stack, [1, 2, 3, 4], 2))[1]!;
    const book = (i: number) =>
      stack.query<{ r: { status: string } }>(
        `select public.create_booking(
           jsonb_populate_record(null::public.booking_request, jsonb_build_object(
             'service_id', $1::uuid, 'booking_date', $2::date, 'booking_time', '11:00',
             'customer_name', $3::text, 'customer_email', $4::text, 'customer_phone', $5::text)),
           null, $6) r`,
        [SERVICE.solv, day2, `Kunde ${i}`, `ny${i}@example.dk`, `3000000${i}`, `10.9.0.${i + 1}`],
      );
    const [first] = await book(9);
    expect(first!.r.status).toBe('created');
    // the 11:00 booking is cancelled again; a 10:00 Guldpakken takes 10-12 and is marked no-show at 10:30
    await stack.query(`update public.bookings set status = 'cancelled' where booking_date = $1`, [
      day2,
    ]);
    const [guld] = await stack.query<{ r: { status: string; reference: string } }>(
      `select public.create_booking(
         jsonb_populate_record(null::public.booking_request, jsonb_build_object(
           'service_id', $1::uuid, 'booking_date', $2::date, 'booking_time', '10:00',
           'customer_name', 'Udeblevet', 'customer_email', 'u@example.dk',
           'customer_phone', '39999999')),
         null, '10.9.1.1') r`,
      [SERVICE.guld, day2],
    );
    expect(guld!.r.status).toBe('created');
    const noShowAt = `${day2} 10:30`;
    await stack.query(
      `select public.booking_set_status(b.id, 'no_show', $2::timestamp at time zone 'Europe/Copenhagen')
         from public.bookings b where b.reference = $1`,
      [guld!.r.reference, noShowAt],
    );

    const settled = await Promise.allSettled([
      stack.query(
        `select public.booking_set_status(b.id, 'confirmed',
                  $2::timestamp at time zone 'Europe/Copenhagen' + interval '5 minutes')
           from public.bookings b where b.reference = $1`,
        [guld!.r.reference, noShowAt],
      ),
      ...Array.from({ length: 8 }, (_, i) => book(i)),
    ]);
    const corrected = settled[0]!.status === 'fulfilled';
    const created = settled
      .slice(1)
      .filter(
        (s) =>
          s.status === 'fulfilled' &&
          (s.value as { r: { status: string } }[])[0]!.r.status === 'created',
      ).length;
    // exactly one side got the time: the correction, or one booking of 11:00
    expect(corrected ? created : created - 1).toBe(0);
    if (!corrected) {
      expect(String((settled[0] as PromiseRejectedResult).reason)).toContain(
        'kan ikke sættes til bekræftet: resten af tiden blev ledig',
      );
    }
    const [status] = await stack.query<{ status: string }>(
      'select status from public.bookings where reference = $1',
      [guld!.r.reference],
    );
    expect(status!.status).toBe(corrected ? 'confirmed' : 'no_show');
  });
});
