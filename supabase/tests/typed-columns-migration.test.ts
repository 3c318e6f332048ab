// The migration that gives services' numbers and the calendar's days and hours their types back,
// on a database that already has data: every row keeps its value (the text '399' becomes the
// number 399, '2030-12-24' that day, '10:00:00' that time), whatever the DateStyle of the session
// that migrates, and the API answers the numbers as JSON numbers afterwards.
// Runs on PGlite and on PostgreSQL 15.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { migrationUnderTest } from './helpers/migration.ts';
import { BACKENDS } from './helpers/sql.ts';

describe.each(BACKENDS)('restoring the typed columns on %s', (backend) => {
  const migration = migrationUnderTest('_restore_typed_columns.sql');
  const t = useTestDatabase({ backend, supabaseDir: migration.dir });
  afterAll(() => migration.remove());

  it('keeps every price, duration, order, day and hour through the type change', async () => {
    // rows written through the text columns' triggers, as the owner typed them before
    await t.query(
      `insert into public.services (name, category, duration_minutes, price, sort_order)
       values ('Vinterpakken', 'special', '2 timer 30 min', '1.800 kr', '7')`,
    );
    await t.query(`update public.services set price = '449 kr' where name = 'Guldpakken'`);
    await t.query(
      `insert into public.closed_dates (day, last_day, reason) values ('23-12-2030', '24-12-2030', 'Jul')`,
    );
    await t.query(
      `insert into public.open_dates (day, opens_at, closes_at, reason) values ('30-05-2030', '10', '14.30', 'Ekstra')`,
    );
    await t.query(`update public.opening_hours set opens_at = '8.30' where weekday = 5`);
    const before = await t.query(
      `select name, price, duration_minutes, sort_order from public.services order by name`,
    );

    // a session whose DateStyle would read a day month-first must not matter
    await t.db.exec(`set datestyle = 'SQL, MDY'`);
    expect(await migration.apply(t.db)).toEqual([migration.file]);
    await t.db.exec(`reset datestyle`);

    // the same digits, now numeric (the driver reads numeric as its exact text)
    expect(
      await t.query(
        `select name, price, duration_minutes, sort_order from public.services order by name`,
      ),
    ).toEqual(before);
    expect(
      await t.query(
        `select pg_typeof(price)::text p, pg_typeof(duration_minutes)::text d, pg_typeof(sort_order)::text s,
                price + 1 = 450 as counts
           from public.services where name = 'Guldpakken'`,
      ),
    ).toEqual([{ p: 'numeric', d: 'numeric', s: 'numeric', counts: true }]);
    expect(
      await t.query(
        `select price, duration_minutes, sort_order from public.services where name = 'Vinterpakken'`,
      ),
    ).toEqual([{ price: '1800', duration_minutes: '150', sort_order: '7' }]);
    expect(
      await t.query(
        `select to_char(day, 'YYYY-MM-DD') as day, last_day, reason from public.closed_dates order by day`,
      ),
    ).toEqual([
      { day: '2030-12-23', last_day: null, reason: 'Jul' },
      { day: '2030-12-24', last_day: null, reason: 'Jul' },
    ]);
    expect(
      await t.query(
        `select to_char(day, 'YYYY-MM-DD') as day, opens_at, closes_at, reason,
                pg_typeof(day)::text dt, pg_typeof(opens_at)::text tt
           from public.open_dates`,
      ),
    ).toEqual([
      {
        day: '2030-05-30',
        opens_at: '10:00:00',
        closes_at: '14:30:00',
        reason: 'Ekstra',
        dt: 'date',
        tt: 'time without time zone',
      },
    ]);
    expect(
      await t.query(
        `select weekday, opens_at, closes_at from public.opening_hours where weekday in (5, 7) order by 1`,
      ),
    ).toEqual([
      { weekday: 5, opens_at: '08:30:00', closes_at: '17:00:00' },
      { weekday: 7, opens_at: null, closes_at: null },
    ]);
    // the calendar reads the typed rows: the extra open day's hours, the closed days closed
    expect(
      await t.query(
        `select (select to_char(opens_at at time zone 'Europe/Copenhagen', 'HH24:MI')
                   from public.booking_day_hours('2030-05-30')) o,
                (select closed_reason from public.booking_day_rule('2030-12-24')) c`,
      ),
    ).toEqual([{ o: '10:00', c: 'closed_date' }]);
  });
});
