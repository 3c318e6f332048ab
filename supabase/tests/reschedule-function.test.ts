// The reschedule-booking edge function over HTTP on the embedded stack (PGlite and PostgreSQL 15):
// the "Flyt booking" link of the confirmation, lookup and move, the e-mails of a move (customer with
// an .ics replacing the event: same UID, higher SEQUENCE; owner: from when to when), a just-taken
// slot (409 with fresh slots, nothing changed), 50 simultaneous moves into one slot, and every
// invalid input answered in Danish with a 4xx.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailbox } from '../../local/mailbox/index.ts';
import type { TestStack } from '../../local/testing/index.ts';
import { RESCHEDULE_MESSAGES } from '../functions/_shared/reschedule.ts';
import { CANCEL_MESSAGES } from '../functions/_shared/cancel.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import { runEmailSender, startEmailStack, type EmailStack } from './helpers/email-stack.ts';
import { callFunction, openDays } from './helpers/http.ts';
import { BACKENDS, liftBookingCaps, SERVICE } from './helpers/sql.ts';

describe.each(BACKENDS)('reschedule-booking on %s', (backend) => {
  let stack: TestStack;
  let mailbox: Mailbox;
  let days: string[];
  let running: EmailStack;

  const move = (body: unknown, init: { method?: string; raw?: string } = {}) =>
    callFunction<Record<string, unknown>>(stack, 'reschedule-booking', body, init);

  async function processOutbox() {
    expect((await runEmailSender(stack)).status).toBe(200);
  }

  let n = 0;
  /** Books in SQL (as create-booking does) and returns the plain token of its confirmation. */
  async function bookSql(serviceId: string, date: string, time: string) {
    n += 1;
    const email = `flyt${n}-${backend}@example.dk`;
    const [row] = await stack.query<{ r: { status: string; reference: string } }>(
      `select public.create_booking(jsonb_populate_record(null::public.booking_request,
         jsonb_build_object('service_id', $1::uuid, 'booking_date', $2::date, 'booking_time', $3::text,
           'customer_name', 'Bo Nielsen', 'customer_email', $4::text,
           'customer_phone', '21345678'))) r`,
      [serviceId, date, time, email],
    );
    expect(row!.r.status).toBe('created');
    const [mail] = await stack.query<{ token: string; id: string }>(
      `select o.payload ->> 'cancelToken' token, b.id::text id from public.email_outbox o
         join public.bookings b on b.id = o.booking_id
        where b.reference = $1 and o.kind = 'booking_confirmation'`,
      [row!.r.reference],
    );
    return { reference: row!.r.reference, email, token: mail!.token, id: mail!.id };
  }

  async function state() {
    return stack.query(
      `select b.reference, b.status, b.drop_off_at::text, b.move_count, b.cancel_token_hash,
              (select count(*)::int from public.email_outbox o where o.booking_id = b.id) as mails,
              (select json_agg(w.period::text order by w.id) from public.booking_work_periods w
                where w.booking_id = b.id) as periods
         from public.bookings b order by b.reference`,
    );
  }

  beforeAll(async () => {
    running = await startEmailStack({ backend });
    ({ stack, mailbox } = running);
    days = await openDays(stack, [1, 2, 3, 4], 4);
    // these tests book many times from one place: lift the booking caps
    await liftBookingCaps(stack.query);
  });

  afterAll(async () => {
    await running?.stop();
  });

  it('follows "Flyt booking" from the confirmation, moves, and e-mails customer (.ics) and owner', async () => {
    const b = await bookSql(SERVICE.guld, days[0]!, '09:00');
    await processOutbox();
    const confirmation = mailbox.store.messages.find((m) => m.to[0] === b.email)!;
    const link = /http:\/\/\S+\/flyt\?token=([0-9a-f]{64})/.exec(confirmation.text);
    expect(link?.[1]).toBe(b.token);
    expect(confirmation.text).toContain('Flyt booking');
    expect(confirmation.text).toContain('Afbestil booking');
    expect(confirmation.html).toContain(`/flyt?token=${b.token}`);

    const lookup = await move({ token: b.token, action: 'lookup' });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toMatchObject({
      state: 'active',
      booking: { reference: b.reference, serviceId: SERVICE.guld, movesLeft: 3 },
    });
    expect(JSON.stringify(lookup.body)).not.toContain(b.email);

    mailbox.store.clear();
    const moved = await move({ token: b.token, bookingDate: days[1], bookingTime: '10:00' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({
      reference: b.reference,
      service: { id: SERVICE.guld, name: 'Guldpakken' },
      dropOff: expect.stringMatching(new RegExp(`^${days[1]}T10:00:00\\+0[12]:00$`)),
      readyAt: expect.stringMatching(new RegExp(`^${days[1]}T12:00:00\\+0[12]:00$`)),
      previousDropOff: expect.stringMatching(new RegExp(`^${days[0]}T09:00:00\\+0[12]:00$`)),
      previousReadyAt: expect.stringMatching(new RegExp(`^${days[0]}T11:00:00\\+0[12]:00$`)),
      movesLeft: 2,
    });

    const slots0 = await callFunction<{ slots: string[] }>(stack, 'get-available-slots', {
      date: days[0],
      serviceId: SERVICE.guld,
    });
    expect(slots0.body.slots).toContain('09:00');

    await processOutbox();
    const customer = mailbox.store.messages.find((m) => m.to[0] === b.email)!;
    expect(customer.subject).toMatch(/^Booking flyttet: Guldpakken /);
    expect(customer.text).toContain('er flyttet fra');
    const newToken = /\/flyt\?token=([0-9a-f]{64})/.exec(customer.text)![1]!;
    expect(newToken).not.toBe(b.token);
    expect(customer.text).toContain(`/afbestil?token=${newToken}`);
    const ics = customer.attachments.find((a) => a.filename === 'booking.ics')!;
    const cal = new ICAL.Component(ICAL.parse(Buffer.from(ics.content, 'base64').toString('utf8')));
    const vevent = cal.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe(`booking-${b.reference}@glanspunkt`);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(1);
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe(`${days[1]}T10:00:00`);

    const owner = mailbox.store.messages.find((m) => m.subject.startsWith('Flyttet:'))!;
    expect(owner.text).toContain('Bo Nielsen har flyttet sin booking.');
    expect(owner.text).toMatch(/Før:/);
    expect(owner.text).toMatch(/Nu:/);
    expect(owner.text).not.toContain(newToken);

    // the old link is replaced by the new one, and says why (no booking data with it)
    const old = await move({ token: b.token, action: 'lookup' });
    expect(old.status).toBe(410);
    expect(old.body).toEqual({ error: RESCHEDULE_MESSAGES.linkMoved, code: 'moved' });
    const oldMove = await move({ token: b.token, bookingDate: days[2], bookingTime: '10:00' });
    expect(oldMove.status).toBe(410);
    expect(oldMove.body).toEqual({ error: RESCHEDULE_MESSAGES.linkMoved, code: 'moved' });
    const oldCancel = await callFunction(stack, 'cancel-booking', {
      token: b.token,
      action: 'lookup',
    });
    expect(oldCancel.status).toBe(410);
    expect(oldCancel.body).toEqual({ error: CANCEL_MESSAGES.linkMoved, code: 'moved' });
    const oldCancelNow = await callFunction(stack, 'cancel-booking', {
      token: b.token,
      action: 'cancel',
    });
    expect(oldCancelNow.status).toBe(410);
    expect(oldCancelNow.body.code).toBe('moved');
    // an unknown token still says only that the link is not valid
    const unknown = await callFunction(stack, 'cancel-booking', {
      token: 'e'.repeat(64),
      action: 'lookup',
    });
    expect(unknown.status).toBe(404);
    const again = await move({ token: newToken, action: 'lookup' });
    expect(again.body).toMatchObject({ state: 'active', booking: { movesLeft: 2 } });
    const cancelView = await callFunction(stack, 'cancel-booking', {
      token: newToken,
      action: 'lookup',
    });
    expect(cancelView.body).toMatchObject({ state: 'active', booking: { canMove: true } });
  });

  it('offers times that overlap the booking itself: a half-hour shift on the same day', async () => {
    // capacity 1: with the booking's own time busy, no other start on the day would overlap it
    const b = await bookSql(SERVICE.guld, days[3]!, '15:00');
    const publicSlots = await callFunction<{ slots: string[] }>(stack, 'get-available-slots', {
      date: days[3],
      serviceId: SERVICE.guld,
    });
    expect(publicSlots.body.slots).not.toContain('15:30');
    expect(publicSlots.body.slots).not.toContain('14:00');

    const own = await move({ token: b.token, action: 'slots', bookingDate: days[3] });
    expect(own.status).toBe(200);
    expect(own.body.slots).toEqual(expect.arrayContaining(['14:00', '14:30', '15:00', '15:30']));
    const calendar = await move({ token: b.token, action: 'calendar' });
    expect(calendar.status).toBe(200);
    const day = (calendar.body.days as { day: string; status: string; time?: string }[]).find(
      (d) => d.day === days[3],
    );
    expect(day).toMatchObject({ status: 'bookable', time: '09:00' });

    const moved = await move({ token: b.token, bookingDate: days[3], bookingTime: '15:30' });
    expect(moved.status).toBe(200);
    expect(moved.body.dropOff).toMatch(new RegExp(`^${days[3]}T15:30:00\\+0[12]:00$`));
    // the old link's times and calendar answer nothing
    expect((await move({ token: b.token, action: 'slots', bookingDate: days[3] })).status).toBe(
      404,
    );
    expect((await move({ token: b.token, action: 'calendar' })).status).toBe(404);
  });

  it('a just-taken slot is 409 with the fresh free times, and nothing changes', async () => {
    await bookSql(SERVICE.guld, days[2]!, '09:00');
    const b = await bookSql(SERVICE.guld, days[2]!, '14:00');
    const before = await state();
    const r = await move({ token: b.token, bookingDate: days[2], bookingTime: '10:00' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe(MESSAGES.slotTaken);
    expect(r.body.code).toBe('conflict');
    const slots = r.body.slots as string[];
    expect(slots).not.toContain('10:00');
    expect(slots).toContain('11:00');
    expect(await state()).toEqual(before);
  });

  it('refuses bad input with a Danish 4xx and changes nothing', async () => {
    const b = await bookSql(SERVICE.guld, days[3]!, '09:00');
    const before = await state();
    const T = b.token;
    const cases: [unknown, number, string][] = [
      [{ token: 'f'.repeat(64), action: 'lookup' }, 404, RESCHEDULE_MESSAGES.notFound],
      [
        { token: 'f'.repeat(64), bookingDate: days[1], bookingTime: '10:00' },
        404,
        RESCHEDULE_MESSAGES.notFound,
      ],
      [{ token: T.toUpperCase(), action: 'lookup' }, 400, RESCHEDULE_MESSAGES.invalidToken],
      [{ token: `${T} `, action: 'lookup' }, 400, RESCHEDULE_MESSAGES.invalidToken],
      [
        { token: `${T.slice(0, 63)}\u0000`, action: 'lookup' },
        400,
        RESCHEDULE_MESSAGES.invalidToken,
      ],
      [
        { token: `${T.slice(0, 63)}\ud800`, action: 'lookup' },
        400,
        RESCHEDULE_MESSAGES.invalidToken,
      ],
      [{ token: 'x'.repeat(5000), action: 'lookup' }, 400, RESCHEDULE_MESSAGES.invalidToken],
      [{ token: 42, action: 'lookup' }, 400, RESCHEDULE_MESSAGES.invalidToken],
      [{ action: 'lookup' }, 400, RESCHEDULE_MESSAGES.invalidToken],
      [{ token: T, action: 'lookup', extra: 1 }, 400, RESCHEDULE_MESSAGES.unknownField],
      [{ token: T, action: 'delete' }, 400, RESCHEDULE_MESSAGES.badRequest],
      [
        { token: T, bookingDate: '2026-02-30', bookingTime: '10:00' },
        400,
        RESCHEDULE_MESSAGES.date,
      ],
      [{ token: T, bookingDate: days[1], bookingTime: '9:00' }, 400, RESCHEDULE_MESSAGES.time],
      [
        { token: T, bookingDate: days[1], bookingTime: '10:15' },
        400,
        RESCHEDULE_MESSAGES.timeNotBookable,
      ],
      [
        { token: T, bookingDate: '2020-01-06', bookingTime: '10:00' },
        400,
        RESCHEDULE_MESSAGES.dateNotBookable,
      ],
      [
        { token: T, bookingDate: days[3], bookingTime: '09:00' },
        400,
        RESCHEDULE_MESSAGES.unchanged,
      ],
      [[T], 400, RESCHEDULE_MESSAGES.badRequest],
    ];
    for (const [body, status, message] of cases) {
      const r = await move(body);
      expect([r.status, r.body.error], JSON.stringify(body)).toEqual([status, message]);
    }
    const raw = await move(null, {
      raw: `{"token":"${'f'.repeat(58)}\\udfff\\u0000","action":"lookup"}`,
    });
    expect(raw.status).toBe(400);
    expect((await move(null, { raw: '{"token":' })).status).toBe(400);
    expect((await move(null, { method: 'GET' })).status).toBe(405);
    expect(await state()).toEqual(before);
  });

  it('50 simultaneous moves of different bookings into one slot: one 200, 49 409, no 5xx', async () => {
    const target = (await openDays(stack, [1, 2, 3, 4], 6))[5]!;
    const sources = (await openDays(stack, [1, 2, 3, 4], 9)).slice(6);
    const booked: Awaited<ReturnType<typeof bookSql>>[] = [];
    for (const d of sources) {
      const free = await callFunction<{ slots: string[] }>(stack, 'get-available-slots', {
        date: d,
        serviceId: SERVICE.solv,
      });
      for (const s of free.body.slots) {
        if (booked.length < 50) booked.push(await bookSql(SERVICE.solv, d, s));
      }
    }
    expect(booked).toHaveLength(50);
    const before = await stack.query<{ id: string; drop: string }>(
      `select id::text, drop_off_at::text drop from public.bookings where id = any($1::uuid[]) order by id`,
      [booked.map((b) => b.id)],
    );
    const answers = await Promise.all(
      booked.map((b) => move({ token: b.token, bookingDate: target, bookingTime: '12:00' })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const winner = booked[statuses.indexOf(200)]!;
    const after = await stack.query<{ id: string; drop: string }>(
      `select id::text, drop_off_at::text drop from public.bookings where id = any($1::uuid[]) order by id`,
      [booked.map((b) => b.id)],
    );
    for (const [i, row] of after.entries()) {
      expect(row.drop === before[i]!.drop, row.id).toBe(row.id !== winner.id);
    }
  });

  it('one link, one move: 20 simultaneous moves with the same token move the booking once', async () => {
    const [from, to] = (await openDays(stack, [1, 2, 3, 4], 12)).slice(10);
    const b = await bookSql(SERVICE.solv, from!, '09:00');
    const free = await callFunction<{ slots: string[] }>(stack, 'get-available-slots', {
      date: to!,
      serviceId: SERVICE.solv,
    });
    const times = free.body.slots.slice(0, 20);
    expect(times.length).toBeGreaterThan(1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        move({ token: b.token, bookingDate: to, bookingTime: times[i % times.length] }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // every other request finds the link replaced by the move that won (409 "moved"), never a 5xx
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409 || s === 410)).toBe(true);
    const [row] = await stack.query<{ move_count: number; moves: number; periods: number }>(
      `select b.move_count,
              (select count(*)::int from public.booking_moves m where m.booking_id = b.id) moves,
              (select count(*)::int from public.booking_work_periods w where w.booking_id = b.id) periods
         from public.bookings b where b.id = $1`,
      [b.id],
    );
    expect(row).toEqual({ move_count: 1, moves: 1, periods: 1 });
  });
});
