// The owner page's calls in SQL (78_owner_page.sql), with the fixed clock: the day's cars and their
// roles, a status tap with its undo window and the customer's one message, a stale tap refused with
// 409, the phone booking made once per request id (also racing), move, cancel, the no-show warning,
// the owner's window (today included), the owner list and the check every call makes first.
// Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import {
  ADDON,
  BACKENDS,
  NOW,
  SERVICE,
  book,
  refusal,
  withRollback,
  type Tx,
} from './helpers/sql.ts';

/** Thursday 3 December 2026 (open 09-20), Copenhagen time. */
const AT = (time: string, day = '2026-12-03') => `${day}T${time}:00+01:00`;

interface Message {
  kind: string;
  channel: 'email' | 'sms';
  status: string;
  due: string | null;
  sentAt: string | null;
}

interface Car {
  id: string;
  reference: string;
  role: string;
  at: string | null;
  dropOff: string;
  ready: string;
  status: string;
  statusText: string;
  next: string[];
  nextNotifies: string[];
  undo: { status: string; until: string } | null;
  messages: Message[];
  noShows: number;
  source: string;
  [key: string]: unknown;
}

interface Day {
  day: string;
  dayText: string;
  now: string;
  hours: { opens: string; closes: string } | null;
  cars: Car[];
}

async function online(tx: Tx, serviceId: string, date: string, time: string, phone?: string) {
  const r = await book(tx, { serviceId, date, time, now: NOW, phone, email: undefined });
  expect(r.status).toBe('created');
  return tx.one<{ id: string; reference: string; customer_email: string }>(
    'select id, reference, customer_email from public.bookings where reference = $1',
    [r.reference],
  );
}

const day = async (tx: Tx, d: string, now = NOW) =>
  (await tx.one<{ r: Day }>('select public.owner_day_at($1::date, $2::timestamptz) r', [d, now])).r;

async function tap(tx: Tx, id: string, status: string, from: string, at: string) {
  return (
    await tx.one<{
      r: { changed: boolean; car: Car; undo: Car['undo']; notifies: boolean };
    }>('select public.owner_set_status_at($1, $2, $3, $4::timestamptz) r', [id, status, from, at])
  ).r;
}

/** What a sender running at `at` would take of this booking's messages (kinds), without sending. */
async function claimedAt(tx: Tx, bookingId: string, at: string): Promise<string[]> {
  await tx.exec('savepoint claim');
  await tx.one('select public.email_claim(100, 300, $1::timestamptz) r', [at]);
  const { kinds } = await tx.one<{ kinds: string[] | null }>(
    `select array_agg(kind order by kind) kinds from public.email_outbox
      where booking_id = $1 and status = 'sending'`,
    [bookingId],
  );
  await tx.exec('rollback to savepoint claim');
  return kinds ?? [];
}

const carReady = (tx: Tx, id: string) =>
  tx.rows<{ status: string; due: string }>(
    `select status, public.copenhagen_iso(next_attempt_at) due from public.email_outbox
      where booking_id = $1 and kind = 'car_ready'`,
    [id],
  );

/** Runs the statement as a caller of the Data API: the role and the token's claims. */
async function asCaller(tx: Tx, claims: Record<string, unknown> | null, role: string, sql: string) {
  await tx.exec('savepoint caller');
  try {
    await tx.one(`select set_config('request.jwt.claims', $1, true)`, [
      claims ? JSON.stringify(claims) : '',
    ]);
    await tx.exec(`set local role ${role}`);
    return await refusal(tx, sql);
  } finally {
    await tx.exec('rollback to savepoint caller');
  }
}

const OWNER = { role: 'authenticated', email: 'ejer@glanspunkt.local', sub: crypto.randomUUID() };

describe.each(BACKENDS)('the owner page in SQL on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it("shows a day's cars with their roles: a polering over a Sunday waits, works and is picked up", async () => {
    await withRollback(t, async (tx) => {
      const wash = await online(tx, SERVICE.guld, '2026-12-03', '10:00', '+45 20 11 22 33');
      // 18 hours: Saturday 10-16, Sunday closed, Monday 09-20, Tuesday 09-10
      const polish = await online(tx, SERVICE.premiumPolering, '2026-12-05', '10:00');

      const thursday = await day(tx, '2026-12-03');
      expect(thursday).toMatchObject({
        day: '2026-12-03',
        dayText: 'torsdag 3. december',
        now: '2026-12-01T10:00:00+01:00',
        hours: { opens: '09:00', closes: '20:00' },
      });
      expect(thursday.cars).toHaveLength(1);
      expect(thursday.cars[0]).toEqual({
        id: wash.id,
        reference: wash.reference,
        role: 'aflevering og afhentning',
        at: '2026-12-03T10:00:00+01:00',
        dropOff: '2026-12-03T10:00:00+01:00',
        ready: '2026-12-03T12:00:00+01:00',
        package: 'Guldpakken',
        serviceId: SERVICE.guld,
        // the job as booked: the ordinary car, no add-ons, the package's price
        carSize: 'almindelig',
        carSizeName: 'Almindelig personbil',
        addons: [],
        price: 399,
        customerName: 'Test Kunde',
        phone: '+4520112233',
        phoneDisplay: '+45 20 11 22 33',
        email: wash.customer_email,
        carPlate: '',
        notes: '',
        status: 'confirmed',
        statusText: 'bekræftet',
        noShows: 0,
        source: 'online',
        // two days before the drop-off nothing can be tapped yet
        next: [],
        nextNotifies: [],
        undo: null,
        messages: [
          {
            kind: 'booking_confirmation',
            channel: 'email',
            status: 'pending',
            due: expect.stringMatching(/\+01:00$/),
            sentAt: null,
          },
        ],
      });

      const roles = async (d: string) =>
        (await day(tx, d)).cars.map((c) => [c.reference, c.role, c.at]);
      expect(await roles('2026-12-05')).toEqual([
        [polish.reference, 'aflevering', '2026-12-05T10:00:00+01:00'],
      ]);
      expect(await roles('2026-12-06')).toEqual([[polish.reference, 'venter', null]]);
      expect((await day(tx, '2026-12-06')).hours).toBeNull();
      expect(await roles('2026-12-07')).toEqual([
        [polish.reference, 'arbejde', '2026-12-07T09:00:00+01:00'],
      ]);
      expect(await roles('2026-12-08')).toEqual([
        [polish.reference, 'klar til afhentning', '2026-12-08T10:00:00+01:00'],
      ]);
      expect((await day(tx, '2026-12-04')).cars).toEqual([]);

      // on the day, the taps the engine allows now: arrived, and no_show from the drop-off
      const early = await day(tx, '2026-12-03', AT('09:00'));
      expect(early.cars[0]!.next).toEqual(['arrived']);
      const during = await day(tx, '2026-12-03', AT('10:30'));
      expect(during.cars[0]!.next).toEqual(['arrived', 'no_show']);
      // a day gone by is shown as it was
      const after = await day(tx, '2026-12-03', AT('10:00', '2026-12-10'));
      expect(after.cars.map((c) => c.reference)).toEqual([wash.reference]);
    });
  });

  it('klar queues one message due at the end of the window; undo holds it back; klar again, once', async () => {
    await withRollback(t, async (tx) => {
      const { id } = await online(tx, SERVICE.guld, '2026-12-03', '10:00');
      await tx.rows(`update public.email_outbox set status = 'sent' where booking_id = $1`, [id]);

      const arrived = await tap(tx, id, 'arrived', 'confirmed', AT('10:05'));
      expect(arrived).toMatchObject({
        changed: true,
        notifies: false,
        undo: { status: 'confirmed', until: AT('10:08') },
      });
      expect(arrived.car.next).toEqual(['ready']);
      expect(arrived.car.nextNotifies).toEqual(['ready']);

      const ready = await tap(tx, id, 'ready', 'arrived', AT('10:30'));
      expect(ready).toMatchObject({
        changed: true,
        notifies: true,
        undo: { status: 'arrived', until: AT('10:33') },
      });
      expect(ready.car.status).toBe('ready');
      expect(ready.car.statusText).toBe('klar');
      expect(ready.car.messages.filter((m) => m.kind === 'car_ready')).toEqual([
        { kind: 'car_ready', channel: 'email', status: 'pending', due: AT('10:33'), sentAt: null },
      ]);

      // a double tap: nothing changes, still one message
      const again = await tap(tx, id, 'ready', 'arrived', AT('10:31'));
      expect(again.changed).toBe(false);
      expect(again.notifies).toBe(false);
      expect(await carReady(tx, id)).toEqual([{ status: 'pending', due: AT('10:33') }]);

      // the undo inside the window: the message is held back and nothing is ever sent
      const undone = await tap(tx, id, 'arrived', 'ready', AT('10:32'));
      expect(undone).toMatchObject({ changed: true, undo: null, notifies: false });
      expect(undone.car.status).toBe('arrived');
      expect(undone.car.messages.filter((m) => m.kind === 'car_ready')).toEqual([
        { kind: 'car_ready', channel: 'email', status: 'cancelled', due: null, sentAt: null },
      ]);
      expect(await claimedAt(tx, id, AT('11:00'))).toEqual([]);

      // the car really is ready later: one message again
      const real = await tap(tx, id, 'ready', 'arrived', AT('12:00'));
      expect(real.notifies).toBe(true);
      expect(await carReady(tx, id)).toEqual([{ status: 'pending', due: AT('12:03') }]);
      expect(await claimedAt(tx, id, AT('12:02'))).toEqual([]);
      expect(await claimedAt(tx, id, AT('12:03'))).toEqual(['car_ready']);
      // the window is over: no undo offered any more
      expect((await day(tx, '2026-12-03', AT('12:03'))).cars[0]!.undo).toBeNull();
      expect((await day(tx, '2026-12-03', AT('12:02'))).cars[0]!.undo).toEqual({
        status: 'arrived',
        until: AT('12:03'),
      });
    });
  });

  it('a customer who chose SMS: the text message shows beside the e-mail and is held back with it', async () => {
    await withRollback(t, async (tx) => {
      const { id } = await online(tx, SERVICE.guld, '2026-12-03', '10:00', '+45 20 11 22 44');
      await tx.rows(`update public.bookings set sms_opt_in = true where id = $1`, [id]);
      await tap(tx, id, 'arrived', 'confirmed', AT('10:05'));
      const ready = await tap(tx, id, 'ready', 'arrived', AT('10:30'));
      const ofReady = (car: Car) =>
        car.messages
          .filter((m) => m.kind.endsWith('car_ready'))
          .map((m) => [m.kind, m.channel, m.status, m.due]);
      expect(ofReady(ready.car)).toEqual([
        ['car_ready', 'email', 'pending', AT('10:33')],
        ['sms_car_ready', 'sms', 'pending', AT('10:33')],
      ]);
      const undone = await tap(tx, id, 'arrived', 'ready', AT('10:31'));
      expect(ofReady(undone.car)).toEqual([
        ['car_ready', 'email', 'cancelled', null],
        ['sms_car_ready', 'sms', 'cancelled', null],
      ]);
    });
  });

  it('a tap on a status changed meanwhile elsewhere is refused with 409 in Danish; the engine still rules', async () => {
    await withRollback(t, async (tx) => {
      const { id, reference } = await online(tx, SERVICE.guld, '2026-12-03', '10:00');
      await tap(tx, id, 'arrived', 'confirmed', AT('10:05'));
      const stale = await refusal(
        tx,
        'select public.owner_set_status_at($1, $2, $3, $4::timestamptz)',
        [id, 'no_show', 'confirmed', AT('10:30')],
      );
      expect(stale).toEqual({
        code: 'PT409',
        message: `Bookingen ${reference} er i mellemtiden sat til ankommet. Siden viser nu, hvordan den står; tryk igen, hvis du stadig vil ændre den.`,
      });
      // the engine's own refusal (Danish, 0A000: a 400) stands
      const early = await online(tx, SERVICE.guld, '2026-12-04', '10:00');
      const tooEarly = await refusal(
        tx,
        'select public.owner_set_status_at($1, $2, $3, $4::timestamptz)',
        [early.id, 'no_show', 'confirmed', NOW],
      );
      expect(tooEarly.code).toBe('0A000');
      expect(tooEarly.message).toMatch(/kan først meldes udeblevet fra afleveringstiden/);
      const missing = await refusal(
        tx,
        'select public.owner_set_status_at($1, $2, $3, $4::timestamptz)',
        [crypto.randomUUID(), 'arrived', 'confirmed', NOW],
      );
      expect(missing).toEqual({
        code: 'PT404',
        message: 'Bookingen findes ikke (længere). Opdater siden.',
      });
    });
  });

  it("books by phone today, from the owner's window; the same request id twice is one booking", async () => {
    await withRollback(t, async (tx) => {
      // the customers' window starts tomorrow; the owner's today, at times after now
      const own = (
        await tx.one<{ r: { slots: string[]; readyAt: Record<string, string> } }>(
          `select public.owner_available_slots_at($1, '2026-12-01', $2::timestamptz) r`,
          [SERVICE.guld, NOW],
        )
      ).r;
      expect(own.slots[0]).toBe('10:30');
      expect(own.slots.at(-1)).toBe('18:00');
      expect(own.readyAt['10:30']).toBe('2026-12-01T12:30:00+01:00');
      const publicSlots = await tx.one<{ r: { slots: string[] } }>(
        `select public.get_available_slots($1, '2026-12-01', $2::timestamptz) r`,
        [SERVICE.guld, NOW],
      );
      expect(publicSlots.r.slots).toEqual([]);
      const calendar = (
        await tx.one<{
          r: {
            today: string;
            first: string;
            days: { day: string; status: string; time?: string }[];
          };
        }>('select public.owner_calendar_at($1, $2::timestamptz) r', [SERVICE.guld, NOW])
      ).r;
      expect(calendar.first).toBe('2026-12-01');
      expect(calendar.days[0]).toEqual({ day: '2026-12-01', status: 'bookable', time: '10:30' });

      const request = crypto.randomUUID();
      const phoneBooking = (at: string) =>
        tx.one<{ r: { created: boolean; car: Car } }>(
          `select public.owner_phone_booking_at($1, $2, '2026-12-01', '14:00', 'Jens Telefon',
                  '20 30 40 50', '', 'ab12345', 'Ringede', $3::timestamptz) r`,
          [request, SERVICE.guld, at],
        );
      const first = (await phoneBooking(NOW)).r;
      expect(first.created).toBe(true);
      expect(first.car).toMatchObject({
        role: 'aflevering og afhentning',
        dropOff: '2026-12-01T14:00:00+01:00',
        ready: '2026-12-01T16:00:00+01:00',
        phone: '+4520304050',
        carPlate: 'AB 12 345',
        notes: 'Ringede',
        source: 'owner',
        status: 'confirmed',
        messages: [],
      });
      const second = (await phoneBooking(AT('10:01', '2026-12-01'))).r;
      expect(second).toEqual({
        created: false,
        car: expect.objectContaining({ id: first.car.id }),
      });
      const { n } = await tx.one<{ n: number }>(
        `select count(*)::int n from public.bookings where customer_name = 'Jens Telefon'`,
      );
      expect(n).toBe(1);
      // the time is gone from the owner's offer
      const after = await tx.one<{ r: { slots: string[] } }>(
        `select public.owner_available_slots_at($1, '2026-12-01', $2::timestamptz) r`,
        [SERVICE.guld, NOW],
      );
      expect(after.r.slots).not.toContain('14:00');

      // another request for the taken time: 409 in Danish
      const taken = await refusal(
        tx,
        `select public.owner_phone_booking_at($1, $2, '2026-12-01', '14:00', 'Anne Anden',
                '20 30 40 51', '', '', '', $3::timestamptz)`,
        [crypto.randomUUID(), SERVICE.guld, NOW],
      );
      expect(taken.code).toBe('PT409');
      expect(taken.message).toMatch(/^Tiden er optaget/);
      // the engine's refusals of what was typed stand, in Danish
      const badTime = await refusal(
        tx,
        `select public.owner_phone_booking_at($1, $2, '2026-12-01', '25:00', 'Anne Anden',
                '20 30 40 51', '', '', '', $3::timestamptz)`,
        [crypto.randomUUID(), SERVICE.guld, NOW],
      );
      expect(badTime).toEqual({ code: '22023', message: 'Vælg et gyldigt tidspunkt.' });
      const badPhone = await refusal(
        tx,
        `select public.owner_phone_booking_at($1, $2, '2026-12-02', '10:00', 'Anne Anden',
                '123', '', '', '', $3::timestamptz)`,
        [crypto.randomUUID(), SERVICE.guld, NOW],
      );
      expect(badPhone.message).toMatch(/telefonnummer/i);
      const unknown = await refusal(
        tx,
        `select public.owner_available_slots_at($1, '2026-12-02', $2::timestamptz)`,
        [crypto.randomUUID(), NOW],
      );
      expect(unknown).toEqual({ code: '22023', message: 'Vælg en gyldig service.' });
    });
  });

  it("books a car size with add-ons by phone: the job's days, times, price and length; a move keeps the job", async () => {
    await withRollback(t, async (tx) => {
      type Slots = { slots: string[]; readyAt: Record<string, string> };
      const slotsAt = async (day: string, ...job: unknown[]) =>
        (
          await tx.one<{ r: Slots }>(
            `select public.owner_available_slots_at($1, $2::date, $3::timestamptz, $4, $5::uuid[], $6) r`,
            [SERVICE.guld, day, NOW, job[0] ?? null, job[1] ?? null, job[2] ?? null],
          )
        ).r;
      // Guldpakken is 2 hours for the ordinary car; a big car with Motorvask and Ozonbehandling
      // is 150 + 30 + 60 min: 4 hours, so the last drop-off before 20:00 is 16:00
      const ordinary = await slotsAt('2026-12-01');
      expect(ordinary.slots.at(-1)).toBe('18:00');
      const big = await slotsAt('2026-12-01', 'stor-bil', [ADDON.motorvask, ADDON.ozon]);
      expect(big.slots[0]).toBe('10:30');
      expect(big.slots.at(-1)).toBe('16:00');
      expect(big.readyAt['10:30']).toBe('2026-12-01T14:30:00+01:00');
      const calendar = (
        await tx.one<{ r: { days: { day: string; status: string; time?: string }[] } }>(
          `select public.owner_calendar_at($1, $2::timestamptz, 'stor-bil', $3::uuid[]) r`,
          [SERVICE.guld, NOW, [ADDON.motorvask]],
        )
      ).r;
      expect(calendar.days[0]).toEqual({ day: '2026-12-01', status: 'bookable', time: '10:30' });
      // what cannot be booked is refused as the phone booking would refuse it
      expect(
        await refusal(
          tx,
          `select public.owner_available_slots_at($1, '2026-12-01', $2::timestamptz, null, $3::uuid[])`,
          [SERVICE.solv, NOW, [ADDON.laedercreme]],
        ),
      ).toEqual({
        code: '22023',
        message:
          'Tilvalget "Lædercreme" kan ikke bookes til Sølvpakken: det passer ikke til pakken (se addon_services). Tilvalg til Sølvpakken: Motorvask, Hundehårsfjernelse, Ozonbehandling.',
      });
      expect(
        await refusal(tx, `select public.owner_calendar_at($1, $2::timestamptz, 'minibus')`, [
          SERVICE.guld,
          NOW,
        ]),
      ).toEqual({
        code: '22023',
        message:
          'Størrelsen "minibus" kan ikke bookes til Guldpakken: den findes ikke. Størrelser til Guldpakken: Almindelig personbil, Stor bil (SUV, stationcar, 7-personers), Varebil.',
      });

      // the phone booking of that job: priced and timed by the engine, never by the page
      const booked = (
        await tx.one<{ r: { created: boolean; car: Car } }>(
          `select public.owner_phone_booking_at($1, $2, '2026-12-01', '14:00', 'Jens Telefon',
                  '20 30 40 50', '', '', '', $3::timestamptz, 'stor-bil', $4::uuid[]) r`,
          [crypto.randomUUID(), SERVICE.guld, NOW, [ADDON.ozon, ADDON.motorvask]],
        )
      ).r;
      const job = {
        carSize: 'stor-bil',
        carSizeName: 'Stor bil (SUV, stationcar, 7-personers)',
        addons: [
          { id: ADDON.motorvask, name: 'Motorvask', price: 299, minutes: 30 },
          { id: ADDON.ozon, name: 'Ozonbehandling', price: 399, minutes: 60 },
        ],
        price: 1197,
      };
      expect(booked.car).toMatchObject({
        ...job,
        dropOff: '2026-12-01T14:00:00+01:00',
        ready: '2026-12-01T18:00:00+01:00',
      });
      expect((await day(tx, '2026-12-01')).cars).toEqual([
        expect.objectContaining({ id: booked.car.id, ...job }),
      ]);
      expect(
        await refusal(
          tx,
          `select public.owner_phone_booking_at($1, $2, '2026-12-02', '10:00', 'Jens Telefon',
                  '20 30 40 50', '', '', '', $3::timestamptz, 'varebil', $4::uuid[])`,
          [crypto.randomUUID(), SERVICE.solv, NOW, [ADDON.motorvask, ADDON.motorvask]],
        ),
      ).toEqual({
        code: '22023',
        message: 'Tilvalget "Motorvask" står der to gange. Skriv hvert tilvalg én gang.',
      });

      // a move offers the booking's own job (4 hours) with its own time free: 14:30 overlaps
      // its own 14:00-18:00, so only the move sees it free
      const moving = await slotsAt('2026-12-01', null, null, booked.car.id);
      expect(moving.slots).toContain('14:30');
      expect(moving.slots.at(-1)).toBe('16:00');
      expect(moving.readyAt['14:30']).toBe('2026-12-01T18:30:00+01:00');
      expect(
        (await slotsAt('2026-12-01', 'stor-bil', [ADDON.motorvask, ADDON.ozon])).slots,
      ).not.toContain('14:30');
      const movingDays = (
        await tx.one<{ r: { days: { day: string; status: string; time?: string }[] } }>(
          `select public.owner_calendar_at($1, $2::timestamptz, null, null, $3) r`,
          [SERVICE.guld, NOW, booked.car.id],
        )
      ).r;
      expect(movingDays.days[0]).toEqual({ day: '2026-12-01', status: 'bookable', time: '10:30' });
      expect(
        await refusal(
          tx,
          `select public.owner_available_slots_at($1, '2026-12-01', $2::timestamptz, null, null, $3)`,
          [SERVICE.guld, NOW, crypto.randomUUID()],
        ),
      ).toEqual({ code: 'PT404', message: 'Bookingen findes ikke (længere). Opdater siden.' });
      const moved = (
        await tx.one<{ r: { moved: boolean; car: Car } }>(
          `select public.owner_move_booking_at($1, '2026-12-02', '16:00', $2::timestamptz) r`,
          [booked.car.id, NOW],
        )
      ).r;
      expect(moved.car).toMatchObject({
        ...job,
        dropOff: '2026-12-02T16:00:00+01:00',
        ready: '2026-12-02T20:00:00+01:00',
      });
    });
  });

  it('moves a booking, and the same time again moves nothing; cancels, and twice is no error', async () => {
    await withRollback(t, async (tx) => {
      const { id } = await online(tx, SERVICE.guld, '2026-12-03', '10:00');
      const move = (d: string, time: string) =>
        tx.one<{ r: { moved: boolean; car: Car } }>(
          'select public.owner_move_booking_at($1, $2::date, $3, $4::timestamptz) r',
          [id, d, time, NOW],
        );
      const moved = (await move('2026-12-04', '09:00')).r;
      expect(moved.moved).toBe(true);
      expect(moved.car).toMatchObject({
        dropOff: '2026-12-04T09:00:00+01:00',
        ready: '2026-12-04T11:00:00+01:00',
        role: 'aflevering og afhentning',
      });
      expect((await move('2026-12-04', '09:00')).r.moved).toBe(false);
      const closed = await refusal(
        tx,
        `select public.owner_move_booking_at($1, '2026-12-06', '10:00', $2::timestamptz)`,
        [id, NOW],
      );
      expect(closed.code).toBe('22023');
      expect(closed.message).toMatch(/^Der er lukket den 6\. december 2026/);

      const cancel = (at: string) =>
        tx.one<{ r: { cancelled: boolean; car: Car } }>(
          'select public.owner_cancel_booking_at($1, $2::timestamptz) r',
          [id, at],
        );
      const first = (await cancel(NOW)).r;
      expect(first.cancelled).toBe(true);
      expect(first.car.status).toBe('cancelled');
      expect(first.car.statusText).toBe('aflyst');
      expect(first.car.messages.map((m) => [m.kind, m.status])).toContainEqual([
        'cancellation_confirmation',
        'pending',
      ]);
      const second = (await cancel(AT('10:01', '2026-12-01'))).r;
      expect(second.cancelled).toBe(false);
      const { n } = await tx.one<{ n: number }>(
        `select count(*)::int n from public.email_outbox
          where booking_id = $1 and kind = 'cancellation_confirmation'`,
        [id],
      );
      expect(n).toBe(1);
    });
  });

  it('warns of a customer who did not turn up, however the number is written', async () => {
    await withRollback(t, async (tx) => {
      const { id } = await online(tx, SERVICE.guld, '2026-12-03', '10:00', '+45 20 11 22 33');
      await tap(tx, id, 'no_show', 'confirmed', AT('10:30'));
      const ask = async (phone: string, email: string | null) =>
        (
          await tx.one<{ r: unknown }>(
            'select public.owner_customer_no_shows_at($1, $2, $3::timestamptz) r',
            [phone, email, AT('10:00', '2026-12-04')],
          )
        ).r;
      expect(await ask('20112233', null)).toEqual({
        noShows: 1,
        warning:
          'Kunden er udeblevet 1 gang de seneste 12 måneder. Overvej at bede kunden bekræfte tiden dagen før.',
      });
      expect(await ask('0045 20 11 22 33', '')).toMatchObject({ noShows: 1 });
      expect(await ask('30 40 50 60', 'ny@example.dk')).toEqual({ noShows: 0, warning: null });
    });
  });

  it('keeps the owner list lower case and trimmed, and refuses what is not an address in Danish', async () => {
    await withRollback(t, async (tx) => {
      expect(await tx.rows('select email, name from public.owners')).toEqual([
        { email: 'ejer@glanspunkt.local', name: 'Ejeren' },
      ]);
      await tx.rows(
        `insert into public.owners (email, name) values ('  Mette@Example.DK ', ' Mette ')`,
      );
      expect(await tx.rows(`select email, name from public.owners where name = 'Mette'`)).toEqual([
        { email: 'mette@example.dk', name: 'Mette' },
      ]);
      expect(
        await refusal(tx, `insert into public.owners (email) values ('mette hos værkstedet')`),
      ).toEqual({
        code: '23514',
        message:
          '"mette hos værkstedet" er ikke en e-mailadresse. Skriv adressen, ejeren logger ind med, f.eks. ejer@glanspunkt.dk.',
      });
      // the same address another way is the same owner
      expect(
        await refusal(tx, `insert into public.owners (email) values ('EJER@glanspunkt.local')`),
      ).toEqual({ code: '23505', message: 'ejer@glanspunkt.local står allerede på listen.' });
    });
  });

  it('every call checks the caller against the list at that moment', async () => {
    await withRollback(t, async (tx) => {
      const me = 'select public.owner_me() r';
      expect(await asCaller(tx, OWNER, 'authenticated', me)).toEqual({});
      const answer = await (async () => {
        await tx.exec('savepoint look');
        await tx.one(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ ...OWNER, email: 'Ejer@Glanspunkt.local' }),
        ]);
        await tx.exec('set local role authenticated');
        const r = await tx.one<{ r: unknown }>(me);
        await tx.exec('rollback to savepoint look');
        return r.r;
      })();
      expect(answer).toEqual({ email: 'ejer@glanspunkt.local', name: 'Ejeren' });

      const stranger = { ...OWNER, email: 'fremmed@example.dk' };
      const refused = {
        code: '42501',
        message:
          'Din e-mailadresse har ikke adgang til ejersiden. Spørg ejeren, om den skal på listen.',
      };
      expect(await asCaller(tx, stranger, 'authenticated', me)).toEqual(refused);
      expect(await asCaller(tx, { ...OWNER, email: undefined }, 'authenticated', me)).toEqual(
        refused,
      );
      // anon has no execute on it at all (PostgreSQL's own refusal)
      expect((await asCaller(tx, { role: 'anon' }, 'anon', me)).code).toBe('42501');
      // a token of another role does not pass, even with an owner's address
      expect(await asCaller(tx, { role: 'anon', email: OWNER.email }, 'authenticated', me)).toEqual(
        { code: '42501', message: 'Log ind som ejer for at bruge ejersiden.' },
      );
      // the service role passes (it reaches all of it anyway)
      expect(await asCaller(tx, { role: 'service_role' }, 'service_role', me)).toEqual({});
      // the internal functions are not the API's
      expect(
        (
          await asCaller(
            tx,
            OWNER,
            'authenticated',
            `select public.owner_day_at(current_date, now())`,
          )
        ).code,
      ).toBe('42501');

      // taken off the list: the still valid token is refused at the next call
      await tx.rows(`delete from public.owners where email = 'ejer@glanspunkt.local'`);
      expect(await asCaller(tx, OWNER, 'authenticated', me)).toEqual(refused);
    });
  });

  it("Auth's token hook gives a token to an address on the list only", async () => {
    await withRollback(t, async (tx) => {
      const event = (email: string) => ({
        user_id: OWNER.sub,
        claims: {
          aud: 'authenticated',
          sub: OWNER.sub,
          email,
          phone: '',
          role: 'authenticated',
          aal: 'aal1',
          session_id: crypto.randomUUID(),
          is_anonymous: false,
        },
        authentication_method: 'otp',
      });
      const hook = async (e: unknown) => {
        await tx.exec('savepoint hook; set local role supabase_auth_admin');
        const r = await tx.one<{ r: unknown }>(
          'select public.owner_access_token_hook($1::jsonb) r',
          [JSON.stringify(e)],
        );
        await tx.exec('rollback to savepoint hook');
        return r.r;
      };
      const owner = event('ejer@glanspunkt.local');
      expect(await hook(owner)).toEqual({ claims: owner.claims });
      expect(await hook(event('fremmed@example.dk'))).toEqual({
        error: { http_code: 403, message: 'Denne e-mailadresse har ikke adgang til ejersiden.' },
      });
      for (const role of ['anon', 'authenticated', 'service_role']) {
        await tx.exec(`savepoint r; set local role ${role}`);
        const r = await refusal(tx, 'select public.owner_access_token_hook($1::jsonb)', [
          JSON.stringify(owner),
        ]);
        await tx.exec('rollback to savepoint r');
        expect([role, r.code]).toEqual([role, '42501']);
      }
    });
  });

  // these commit their rows, so they come last
  it('the same tap from two phones at once changes the status once', async () => {
    const r = await book(t.db, {
      serviceId: SERVICE.guld,
      date: '2026-12-03',
      time: '14:00',
      now: NOW,
    });
    const [row] = await t.query<{ id: string }>(
      'select id from public.bookings where reference = $1',
      [r.reference],
    );
    const id = row!.id;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.db.query('select public.owner_set_status_at($1, $2, $3, $4::timestamptz) r', [
          id,
          'arrived',
          'confirmed',
          AT('14:05'),
        ]),
      ),
    );
    const changed = answers.map((a) => (a.rows[0] as { r: { changed: boolean } }).r.changed);
    expect(changed.filter(Boolean)).toHaveLength(1);
    expect(await t.query('select status from public.bookings where id = $1', [id])).toEqual([
      { status: 'arrived' },
    ]);
  });

  it('two phone bookings racing with one request id make one booking', async () => {
    const request = crypto.randomUUID();
    const call = () =>
      t.db.query(
        `select public.owner_phone_booking_at($1, $2, '2026-12-02', '11:00', 'Race Kunde',
                '20 30 40 52', '', '', '', $3::timestamptz) r`,
        [request, SERVICE.guld, NOW],
      );
    const answers = await Promise.all(Array.from({ length: 6 }, call));
    const results = answers.map((a) => (a.rows[0] as { r: { created: boolean; car: Car } }).r);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.car.id)).size).toBe(1);
    const rows = await t.query<{ n: number }>(
      `select count(*)::int n from public.bookings where customer_name = 'Race Kunde'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
