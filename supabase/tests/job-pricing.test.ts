// The job the engine prices and plans: package + car size + add-ons (booking_job), in the offered
// times, the calendar, the booking it stores and a move of it, on PGlite and on PostgreSQL 15, with
// a fixed clock. The owner's data is the seed's (supabase/seed.sql): Sølvpakken polering is 8 h and
// 1800 kr, 2200 kr and 2 h more for a big car; Motorvask 299 kr and 30 min, Ozonbehandling 399 kr
// and 60 min.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { ADDON, BACKENDS, SERVICE, book, refusal, withRollback, type Tx } from './helpers/sql.ts';

// Sunday 22 November 2026, 12:00 in Copenhagen; Tuesday 24 November is open 09:00-20:00 (11 h),
// Wednesday 25 November too
const NOW = '2026-11-22T11:00:00Z';
const TUE = '2026-11-24';

type Job = Record<string, unknown>;

const job = async (tx: Tx, service: string, size: string | null, addons: string[] | null) =>
  (
    await tx.one<{ j: Job }>('select public.booking_job($1, $2, $3::uuid[]) j', [
      service,
      size,
      addons,
    ])
  ).j;

const slotsOf = async (
  tx: Tx,
  service: string,
  day: string,
  size: string | null,
  addons: string[] | null,
) =>
  (
    await tx.one<{ r: { slots?: string[]; readyAt?: Record<string, string>; error?: string } }>(
      `select public.get_available_slots($1, $2::date, $3::timestamptz, null, false, $4, $5::uuid[]) r`,
      [service, day, NOW, size, addons],
    )
  ).r;

describe.each(BACKENDS)('the job of a booking on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('prices and times the package for the ordinary car as the package itself, the spec’s numbers', async () => {
    await withRollback(t, async (tx) => {
      for (const size of [null, '', 'almindelig', ' Almindelig ']) {
        expect(await job(tx, SERVICE.guld, size, null)).toEqual({
          serviceId: SERVICE.guld,
          serviceName: 'Guldpakken',
          carSize: 'almindelig',
          carSizeName: 'Almindelig personbil',
          packagePrice: 399,
          packageMinutes: 120,
          addons: [],
          price: 399,
          minutes: 120,
        });
      }
    });
  });

  it('adds the size’s price and minutes and each add-on’s, in the owner’s order', async () => {
    await withRollback(t, async (tx) => {
      expect(
        await job(tx, SERVICE.solvPolering, 'stor-bil', [ADDON.ozon, ADDON.motorvask]),
      ).toEqual({
        serviceId: SERVICE.solvPolering,
        serviceName: 'Sølvpakken polering',
        carSize: 'stor-bil',
        carSizeName: expect.stringMatching(/^Stor bil/),
        packagePrice: 2200,
        packageMinutes: 600,
        addons: [
          { id: ADDON.motorvask, name: 'Motorvask', price: 299, minutes: 30 },
          { id: ADDON.ozon, name: 'Ozonbehandling', price: 399, minutes: 60 },
        ],
        price: 2898,
        minutes: 690,
      });
    });
  });

  it('refuses what the package is not offered with: a size without its price, an add-on that does not fit, twice, or switched off', async () => {
    await withRollback(t, async (tx) => {
      expect(await job(tx, SERVICE.guld, 'lastbil', null)).toEqual({ error: 'carSize' });
      expect(await job(tx, SERVICE.guld, 'stor-bil', [ADDON.motorvask, ADDON.motorvask])).toEqual({
        error: 'addonIds',
      });
      // Lædercreme fits the gold and premium packages, not Sølvpakken
      expect(await job(tx, SERVICE.solv, null, [ADDON.laedercreme])).toEqual({
        error: 'addonIds',
      });
      expect(await job(tx, SERVICE.solv, null, ['00000000-0000-4000-8000-000000000000'])).toEqual({
        error: 'addonIds',
      });
      // the owner removes the big car's price for Guldpakken: the size is not offered for it
      await tx.exec(
        `delete from public.service_size_prices
          where service_id = '${SERVICE.guld}' and car_size = 'stor-bil'`,
      );
      expect(await job(tx, SERVICE.guld, 'stor-bil', null)).toEqual({ error: 'carSize' });
      await tx.exec(`update public.addons set is_active = false where id = '${ADDON.motorvask}'`);
      expect(await job(tx, SERVICE.guld, null, [ADDON.motorvask])).toEqual({ error: 'addonIds' });
      await tx.exec(`update public.car_sizes set is_active = false where code = 'varebil'`);
      expect(await job(tx, SERVICE.guld, 'varebil', null)).toEqual({ error: 'carSize' });
      await tx.exec(`update public.services set is_active = false where id = '${SERVICE.solv}'`);
      expect(await job(tx, SERVICE.solv, null, null)).toEqual({ error: 'serviceId' });
    });
  });

  it('plans a big car’s polish with add-ons that no longer fits the day into the next: one drop-off, ready the next morning', async () => {
    await withRollback(t, async (tx) => {
      // the ordinary car's 8 h polish fits Tuesday: drop-offs from 09:00 to 12:00
      const ordinary = await slotsOf(tx, SERVICE.solvPolering, TUE, null, null);
      expect(ordinary.slots).toEqual([
        '09:00',
        '09:30',
        '10:00',
        '10:30',
        '11:00',
        '11:30',
        '12:00',
      ]);
      expect(ordinary.readyAt?.['09:00']).toBe('2026-11-24T17:00:00+01:00');
      // 10 h for the big car and 1 h 30 min of add-ons: 11 h 30 min, more than Tuesday's 11 h
      const big = await slotsOf(tx, SERVICE.solvPolering, TUE, 'stor-bil', [
        ADDON.motorvask,
        ADDON.ozon,
      ]);
      expect(big).toEqual({
        slots: ['09:00'],
        readyAt: { '09:00': '2026-11-25T09:30:00+01:00' },
      });

      const made = await book(tx, {
        serviceId: SERVICE.solvPolering,
        carSize: 'stor-bil',
        addonIds: [ADDON.ozon, ADDON.motorvask],
        date: TUE,
        time: '09:00',
        now: NOW,
      });
      expect(made).toMatchObject({
        status: 'created',
        dropOff: '2026-11-24T09:00:00+01:00',
        readyAt: '2026-11-25T09:30:00+01:00',
      });
      const row = await tx.one(
        `select b.price, b.duration_minutes, b.car_size, b.addon_ids::text[] addon_ids,
                b.job -> 'packagePrice' package_price, jsonb_array_length(b.job -> 'addons') addons,
                array(select public.copenhagen_iso(lower(w.period)) || ' ' || public.copenhagen_iso(upper(w.period))
                        from public.booking_work_periods w where w.booking_id = b.id order by w.period) periods
           from public.bookings b where b.reference = $1`,
        [made.reference],
      );
      expect(row).toEqual({
        price: 2898,
        duration_minutes: 690,
        car_size: 'stor-bil',
        // stored in one order, whatever order the visitor chose them in
        addon_ids: [ADDON.motorvask, ADDON.ozon].sort(),
        package_price: 2200,
        addons: 2,
        periods: [
          '2026-11-24T09:00:00+01:00 2026-11-24T20:00:00+01:00',
          '2026-11-25T09:00:00+01:00 2026-11-25T09:30:00+01:00',
        ],
      });
    });
  });

  it('offers a longer job fewer times around another booking', async () => {
    await withRollback(t, async (tx) => {
      await book(tx, { serviceId: SERVICE.solv, date: TUE, time: '12:00', now: NOW });
      // Guldpakken is 2 h for the ordinary car, 2 h 30 min for a big one: 10:00 runs into 12:00
      const ordinary = await slotsOf(tx, SERVICE.guld, TUE, null, null);
      const big = await slotsOf(tx, SERVICE.guld, TUE, 'stor-bil', null);
      expect(ordinary.slots).toContain('10:00');
      expect(big.slots).not.toContain('10:00');
      expect(big.slots).toContain('09:30');
      expect(big.readyAt?.['09:30']).toBe('2026-11-24T12:00:00+01:00');
      expect(
        await book(tx, {
          serviceId: SERVICE.guld,
          carSize: 'stor-bil',
          date: TUE,
          time: '10:00',
          now: NOW,
        }),
      ).toEqual({ status: 'conflict' });
    });
  });

  it('answers a size or add-on the package is not offered with by its field, and counts it as a refused choice', async () => {
    await withRollback(t, async (tx) => {
      expect(
        await book(tx, {
          serviceId: SERVICE.guld,
          carSize: 'lastbil',
          date: TUE,
          time: '10:00',
          now: NOW,
        }),
      ).toEqual({ status: 'invalid', field: 'carSize' });
      expect(
        await book(tx, {
          serviceId: SERVICE.solv,
          addonIds: [ADDON.laedercreme],
          date: TUE,
          time: '10:00',
          now: NOW,
        }),
      ).toEqual({ status: 'invalid', field: 'addonIds' });
      expect(await slotsOf(tx, SERVICE.guld, TUE, 'lastbil', null)).toEqual({
        error: 'unknown_car_size',
      });
      expect(await slotsOf(tx, SERVICE.solv, TUE, null, [ADDON.laedercreme])).toEqual({
        error: 'unknown_addon',
      });
      const bookings = await tx.one<{ n: number }>('select count(*)::int n from public.bookings');
      expect(bookings.n).toBe(0);
    });
  });

  it('binds an idempotency key to the size and add-ons too: the same key with another job is refused', async () => {
    await withRollback(t, async (tx) => {
      const first = await book(tx, {
        serviceId: SERVICE.guld,
        carSize: 'stor-bil',
        addonIds: [ADDON.motorvask],
        date: TUE,
        time: '13:00',
        email: 'bo@example.dk',
        phone: '+4520304050',
        key: 'job-key-0001',
        ip: '10.9.9.9',
        now: NOW,
      });
      expect(first.status).toBe('created');
      const again = (over: Record<string, unknown>) =>
        book(tx, {
          serviceId: SERVICE.guld,
          carSize: 'stor-bil',
          addonIds: [ADDON.motorvask],
          date: TUE,
          time: '13:00',
          email: 'bo@example.dk',
          phone: '+4520304050',
          key: 'job-key-0001',
          ip: '10.9.9.9',
          now: NOW,
          ...over,
        });
      expect(await again({})).toMatchObject({ reference: first.reference, replayed: true });
      expect(await again({ carSize: ' STOR-BIL ' })).toMatchObject({ replayed: true });
      expect(await again({ carSize: 'almindelig' })).toEqual({ status: 'idempotency_mismatch' });
      expect(await again({ addonIds: [] })).toEqual({ status: 'idempotency_mismatch' });
    });
  });

  it('keeps the booked price and length when the owner changes his prices, and a move keeps the job', async () => {
    await withRollback(t, async (tx) => {
      const made = await book(tx, {
        serviceId: SERVICE.guld,
        carSize: 'stor-bil',
        addonIds: [ADDON.motorvask],
        date: TUE,
        time: '10:00',
        now: NOW,
      });
      // 499 kr and 2 h 30 min for the big car, Motorvask 299 kr and 30 min
      const booked = { price: 798, duration_minutes: 180, car_size: 'stor-bil' };
      const state = () =>
        tx.one(
          `select b.price, b.duration_minutes, b.car_size, public.copenhagen_iso(b.ready_at) ready
             from public.bookings b where b.reference = $1`,
          [made.reference],
        );
      expect(await state()).toEqual({ ...booked, ready: '2026-11-24T13:00:00+01:00' });
      // the owner raises the big car's price, lengthens it and switches the add-on off
      await tx.exec(`update public.service_size_prices set price = 599, extra_minutes = 90
                      where service_id = '${SERVICE.guld}' and car_size = 'stor-bil'`);
      await tx.exec(`update public.addons set is_active = false where id = '${ADDON.motorvask}'`);
      expect(await state()).toEqual({ ...booked, ready: '2026-11-24T13:00:00+01:00' });
      // the customer moves it to Wednesday 14:00: the job as booked, 3 h
      const { id } = await tx.one<{ id: string }>(
        'select id from public.bookings where reference = $1',
        [made.reference],
      );
      const offered = await tx.one<{ r: { slots: string[]; readyAt: Record<string, string> } }>(
        `select public.get_available_slots($1, '2026-11-25'::date, $2::timestamptz, $3) r`,
        [SERVICE.guld, NOW, id],
      );
      expect(offered.r.readyAt['14:00']).toBe('2026-11-25T17:00:00+01:00');
      const moved = await tx.one<{ r: { status: string } }>(
        `select public.move_booking($1, '2026-11-25'::date, '14:00', true, false, false, 'customer', $2::timestamptz) r`,
        [id, NOW],
      );
      expect(moved.r.status).toBe('moved');
      expect(await state()).toEqual({ ...booked, ready: '2026-11-25T17:00:00+01:00' });
    });
  });

  it('gives the calendar of the whole job: the big car’s polish with add-ons is bookable only where a whole day is free', async () => {
    await withRollback(t, async (tx) => {
      await book(tx, { serviceId: SERVICE.solv, date: TUE, time: '19:00', now: NOW });
      const day = async (size: string | null, addons: string[] | null) => {
        const r = await tx.one<{ c: { days: { day: string; status: string; time?: string }[] } }>(
          `select public.booking_calendar($1, $2::timestamptz, null, false,
                    (public.booking_job($1, $3, $4::uuid[]) ->> 'minutes')::integer) c`,
          [SERVICE.solvPolering, NOW, size, addons],
        );
        return r.c.days.find((d) => d.day === TUE);
      };
      // 8 h fits before 19:00; 11 h 30 min would need Tuesday until closing
      expect(await day(null, null)).toEqual({ day: TUE, status: 'bookable', time: '09:00' });
      expect(await day('stor-bil', [ADDON.motorvask, ADDON.ozon])).toEqual({
        day: TUE,
        status: 'full',
      });
    });
  });

  it('the public calendar call takes the size and add-ons, and refuses an unknown one in Danish', async () => {
    await withRollback(t, async (tx) => {
      const r = await tx.one<{ c: { days: unknown[] } }>(
        `select public.get_booking_calendar($1, 'stor-bil', array[$2]::uuid[]) c`,
        [SERVICE.guld, ADDON.motorvask],
      );
      expect(r.c.days.length).toBeGreaterThan(0);
      expect(
        await refusal(tx, `select public.get_booking_calendar($1, 'lastbil')`, [SERVICE.guld]),
      ).toEqual({
        code: 'P0001',
        message: 'Pakken kan ikke bookes til den bilstørrelse.',
      });
      expect(
        await refusal(tx, `select public.get_booking_calendar($1, null, array[$2]::uuid[])`, [
          SERVICE.solv,
          ADDON.laedercreme,
        ]),
      ).toEqual({ code: 'P0001', message: 'Et af tilvalgene kan ikke vælges til pakken.' });
    });
  });
});
