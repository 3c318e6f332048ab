// The migration of the car's day, on a database that already has bookings: the owner's rows keep
// their Danish status and times, the choice list gains ankommet, klar, afhentet and udeblevet in the
// order of the car's day, and a booking made before the migration can go through the car's day
// (klar queues the customer's message once). Runs on PGlite and on PostgreSQL 15.
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { migrationUnderTest } from './helpers/migration.ts';
import { BACKENDS } from './helpers/sql.ts';

describe.each(BACKENDS)("migrating the car's day on %s", (backend) => {
  const migration = migrationUnderTest('_car_status.sql');
  const t = useTestDatabase({ backend, supabaseDir: migration.dir });
  afterAll(() => migration.remove());

  it('keeps the owner rows and lets a booking made before it go through the car’s day', async () => {
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
    for (const [i, name] of ['Bliver Klar', 'Aflyst Før'].entries())
      await t.query(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Sølvpakken', $1, $2, $3, $4)`,
        [`${day} ${9 + i}:00`, name, `2030405${i}`, `kunde${i}@example.dk`],
      );
    await t.query(
      `update public.owner_bookings set status = 'aflyst' where customer_name = 'Aflyst Før'`,
    );
    const rows = () =>
      t.query(
        `select customer_name, status::text, drop_off_local, ready_local
           from public.owner_bookings order by customer_name`,
      );
    const before = await rows();

    expect(await migration.apply(t.db)).toEqual([migration.file]);

    expect(await rows()).toEqual(before);
    expect(before.map((r) => r.status)).toEqual(['aflyst', 'bekræftet']);
    expect(
      (await t.query<{ v: string[] }>(`select enum_range(null::public.owner_status)::text[] v`))[0]!
        .v,
    ).toEqual(['bekræftet', 'ankommet', 'klar', 'afhentet', 'udeblevet', 'aflyst']);
    expect(
      await t.query(`select value from public.settings where key = 'no_show_requires_call'`),
    ).toEqual([{ value: '0' }]);

    // the booking made before the migration: arrived and ready at its drop-off
    const [b] = await t.query<{ id: string; reference: string }>(
      `select id, reference from public.bookings where customer_name = 'Bliver Klar'`,
    );
    for (const status of ['arrived', 'ready'])
      await t.query(
        `select public.booking_set_status($1, $2, drop_off_at) from public.bookings where id = $1`,
        [b!.id, status],
      );
    expect(
      await t.query(`select status::text from public.owner_bookings where reference = $1`, [
        b!.reference,
      ]),
    ).toEqual([{ status: 'klar' }]);
    expect(
      await t.query(`select status::text, no_shows from public.owner_agenda where reference = $1`, [
        b!.reference,
      ]),
    ).toEqual([{ status: 'klar', no_shows: 0 }]);
    expect(
      await t.query(
        `select kind from public.email_outbox where booking_id = $1 and kind like 'car\\_%'`,
        [b!.id],
      ),
    ).toEqual([{ kind: 'car_ready' }]);
  });
});
