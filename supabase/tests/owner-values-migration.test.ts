// The migration that made the owner's values Danish, on a database that already has data: phone
// numbers in the four formats the issue found become E.164, the owner_bookings rows get the new
// forms (2027-01-05 10:00, +45 20 11 22 33, bekræftet/aflyst), and the owner's dates and times keep
// their days and hours whatever the DateStyle of the session that migrates.
// Runs on PGlite and on PostgreSQL 15.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { migrationUnderTest } from './helpers/migration.ts';
import { BACKENDS } from './helpers/sql.ts';

describe.each(BACKENDS)('migrating the owner values on %s', (backend) => {
  const migration = migrationUnderTest('_owner_values_in_danish.sql');
  const t = useTestDatabase({ backend, supabaseDir: migration.dir });
  afterAll(() => migration.remove());

  it('rewrites phones, owner rows and the calendar tables, keeping every day and hour', async () => {
    const day = (
      await t.query<{ d: string }>(
        `select to_char(d, 'YYYY-MM-DD') d
           from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                                (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') d
          where extract(isodow from d) between 1 and 4
            and exists (select 1 from public.booking_day_hours(d::date))
          order by d limit 1`,
      )
    )[0]!.d;
    // the four formats found in the owner's table, booked before this migration
    for (const [i, phone] of ['20304050', '+4520304051', '+45 20 11 22 33', '20112234'].entries())
      await t.query(
        `select public.owner_book('Sølvpakken', ($1::date + make_time(9 + $2::int, 0, 0))::timestamp, $3, $4)`,
        [day, i, `Kunde ${i}`, phone],
      );
    await t.query(
      `update public.owner_bookings set status = 'cancelled' where customer_name = 'Kunde 3'`,
    );
    await t.query(`insert into public.closed_dates (day, reason) values ('2030-12-24', 'Jul')`);
    await t.query(
      `insert into public.open_dates (day, opens_at, closes_at) values ('2030-05-30', '10:00', '14:30')`,
    );

    // a session whose DateStyle would print dates day-first or month-first must not matter
    await t.db.exec(`set datestyle = 'SQL, DMY'`);
    expect(await migration.apply(t.db)).toEqual([migration.file]);
    await t.db.exec(`reset datestyle`);

    expect(
      await t.query(
        `select b.customer_phone stored, o.customer_phone shown, o.status::text, o.drop_off_local
           from public.bookings b join public.owner_bookings o using (reference)
          order by b.customer_name`,
      ),
    ).toEqual([
      {
        stored: '+4520304050',
        shown: '+45 20 30 40 50',
        status: 'bekræftet',
        drop_off_local: `${day} 09:00`,
      },
      {
        stored: '+4520304051',
        shown: '+45 20 30 40 51',
        status: 'bekræftet',
        drop_off_local: `${day} 10:00`,
      },
      {
        stored: '+4520112233',
        shown: '+45 20 11 22 33',
        status: 'bekræftet',
        drop_off_local: `${day} 11:00`,
      },
      {
        stored: '+4520112234',
        shown: '+45 20 11 22 34',
        status: 'aflyst',
        drop_off_local: `${day} 12:00`,
      },
    ]);
    expect(await t.query(`select day, reason from public.closed_dates`)).toEqual([
      { day: '2030-12-24', reason: 'Jul' },
    ]);
    expect(await t.query(`select day, opens_at, closes_at from public.open_dates`)).toEqual([
      { day: '2030-05-30', opens_at: '10:00:00', closes_at: '14:30:00' },
    ]);
    expect(
      await t.query(
        `select weekday, opens_at, closes_at from public.opening_hours where weekday in (5, 7) order by 1`,
      ),
    ).toEqual([
      { weekday: 5, opens_at: '08:00:00', closes_at: '17:00:00' },
      { weekday: 7, opens_at: null, closes_at: null },
    ]);
  });
});
