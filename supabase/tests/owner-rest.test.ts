// owner_bookings and owner_agenda through the Data API (/rest/v1) of the embedded stack, the way a
// script or the dashboard's API tab uses them with the service role key: insert, refusals as 4xx
// with the Danish message, cancel by PATCH, and the anon key refused. The booked time leaves the
// offer of the get-available-slots edge function.
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { callFunction, openDays, eraseBookings } from './helpers/http.ts';
import { SERVICE } from './helpers/sql.ts';

let stack: TestStack;
let day: string;

async function rest(
  path: string,
  init: { method?: string; key?: string; body?: unknown; prefer?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const key = init.key ?? stack.serviceRoleKey;
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: key,
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      ...(init.prefer ? { Prefer: init.prefer } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The owner's phone booking: a POST to owner_bookings of a package at `time` on the test day. */
const postBooking = (
  pkg: string,
  time: string,
  customer: { name: string; phone: string },
  init: { key?: string; prefer?: string } = {},
) =>
  rest('owner_bookings', {
    method: 'POST',
    ...init,
    body: {
      package: pkg,
      drop_off_local: `${day} ${time}`,
      customer_name: customer.name,
      customer_phone: customer.phone,
    },
  });

const offered = async (serviceId: string) =>
  (
    await callFunction<{ slots: string[] }>(stack, 'get-available-slots', {
      date: day,
      serviceId,
    })
  ).body.slots;

beforeAll(async () => {
  stack = await startTestStack();
  day = (await openDays(stack, [2, 3, 4], 1))[0]!;
});

afterAll(async () => {
  await stack?.stop();
});

beforeEach(async () => {
  await stack.query('delete from public.email_outbox');
  await eraseBookings(stack);
});

describe('owner_bookings through /rest/v1', () => {
  it('the service role books by POST; the time leaves get-available-slots', async () => {
    expect(await offered(SERVICE.guld)).toContain('10:00');
    const created = await rest('owner_bookings', {
      method: 'POST',
      prefer: 'return=representation',
      body: {
        package: 'Guldpakken',
        drop_off_local: `${day}T10:00:00`,
        customer_name: 'Jens Telefon',
        customer_phone: '20 30 40 50',
        customer_email: 'jens@example.dk',
      },
    });
    expect(created).toEqual({
      status: 201,
      body: [
        {
          package: 'Guldpakken',
          drop_off_local: `${day} 10:00`,
          customer_name: 'Jens Telefon',
          customer_phone: '+45 20 30 40 50',
          customer_email: 'jens@example.dk',
          notes: '',
          status: 'bekræftet',
          ready_local: `${day} 12:00`,
          reference: expect.stringMatching(/^[A-Z2-9]{8}$/),
          car_plate: '',
          no_shows: 0,
          // the job: the ordinary car without add-ons, at the package's price
          car_size: 'Almindelig personbil',
          addons: null,
          price: 399,
        },
      ],
    });
    const slots = await offered(SERVICE.guld);
    expect(slots).not.toContain('10:00');
    expect(slots).not.toContain('11:30');
    expect(slots).toContain('12:00');

    const agenda = await rest(`owner_agenda?day=eq.${day}&select=drop_off_local,package,reference`);
    expect(agenda).toEqual({
      status: 200,
      body: [
        {
          drop_off_local: `${day}T10:00:00`,
          package: 'Guldpakken',
          reference: (created.body as { reference: string }[])[0]!.reference,
        },
      ],
    });
  });

  it('an overlap or a closed time is a 400 carrying the Danish message', async () => {
    const first = await postBooking('Guldpakken', '10:00', {
      name: 'Jens Telefon',
      phone: '20304050',
    });
    expect(first.status).toBe(201);
    const overlap = await postBooking('Sølvpakken', '11:45', {
      name: 'Anden Kunde',
      phone: '20304051',
    });
    expect(overlap).toEqual({
      status: 400,
      body: {
        code: '23P01',
        message: expect.stringMatching(/^Tiden er optaget: .* kl\. 11:45 til .* kl\. 12:15\. /),
        details: null,
        hint: null,
      },
    });
    const closed = await postBooking('Sølvpakken', '21:00', {
      name: 'Sen Kunde',
      phone: '20304052',
    });
    expect(closed.status).toBe(400);
    expect(closed.body).toMatchObject({
      code: '22023',
      message: expect.stringMatching(/^Den .* er der åbent \d\d:\d\d-\d\d:\d\d\. /),
    });
    const deleted = await rest('owner_bookings?customer_name=eq.Jens%20Telefon', {
      method: 'DELETE',
    });
    expect(deleted.status).toBe(400);
    expect(deleted.body).toMatchObject({ code: '0A000' });
    expect(await stack.query('select 1 from public.bookings')).toHaveLength(1);
  });

  it('cancelling by PATCH frees the time at once', async () => {
    const supabase = createClient(stack.url, stack.serviceRoleKey, {
      auth: { persistSession: false },
    });
    const { data, error } = await supabase
      .from('owner_bookings')
      .insert({
        package: 'Guldpakken',
        drop_off_local: `${day} 14:00`,
        customer_name: 'Jens Telefon',
        customer_phone: '20304050',
      })
      .select('reference')
      .single();
    expect(error).toBeNull();
    expect(await offered(SERVICE.guld)).not.toContain('14:00');
    const cancel = await supabase
      .from('owner_bookings')
      .update({ status: 'aflyst' })
      .eq('reference', data!.reference)
      .select('status');
    expect(cancel).toMatchObject({ error: null, data: [{ status: 'aflyst' }] });
    expect(await offered(SERVICE.guld)).toContain('14:00');
  });

  it('moving by PATCH of drop_off_local replans, or is a 400 with the Danish message', async () => {
    const book = async (time: string, name: string) =>
      (
        (
          await postBooking(
            'Guldpakken',
            time,
            { name, phone: '20304050' },
            { prefer: 'return=representation' },
          )
        ).body as { reference: string }[]
      )[0]!.reference;
    const a = await book('09:00', 'Første Kunde');
    await book('15:00', 'Anden Kunde');
    const moved = await rest(`owner_bookings?reference=eq.${a}`, {
      method: 'PATCH',
      prefer: 'return=representation',
      body: { drop_off_local: `${day}T12:00:00` },
    });
    expect(moved).toMatchObject({
      status: 200,
      body: [{ drop_off_local: `${day} 12:00`, ready_local: `${day} 14:00`, reference: a }],
    });
    const slots = await offered(SERVICE.guld);
    expect(slots).toContain('09:00');
    expect(slots).not.toContain('12:00');
    const taken = await rest(`owner_bookings?reference=eq.${a}`, {
      method: 'PATCH',
      body: { drop_off_local: `${day}T14:00:00` },
    });
    expect(taken).toEqual({
      status: 400,
      body: {
        code: '23P01',
        message: expect.stringMatching(/^Tiden er optaget: /),
        details: null,
        hint: null,
      },
    });
  });

  it('the anon key can neither read nor write the owner views', async () => {
    await postBooking('Guldpakken', '10:00', { name: 'Jens Telefon', phone: '20304050' });
    const anon = stack.anonKey;
    for (const path of ['owner_bookings', 'owner_agenda']) {
      const read = await rest(path, { key: anon });
      expect(read.status).toBe(401);
      expect(read.body).toMatchObject({ code: '42501' });
    }
    const insert = await postBooking(
      'Sølvpakken',
      '15:00',
      { name: 'Ond Kunde', phone: '20304059' },
      { key: anon },
    );
    expect(insert.status).toBe(401);
    const cancel = await rest('owner_bookings?status=eq.bekræftet', {
      method: 'PATCH',
      key: anon,
      body: { status: 'aflyst' },
    });
    expect(cancel.status).toBe(401);
    expect(
      await stack.query(`select status, source from public.bookings order by created_at`),
    ).toEqual([{ status: 'confirmed', source: 'owner' }]);
  });
});
