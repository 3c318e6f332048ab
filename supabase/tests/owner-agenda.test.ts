// The owner's dashboard: the read-only owner_agenda view (the day's cars from today on, with their
// role that day, Copenhagen wall-clock times; multi-day jobs in owner-agenda-days.test.ts), Danish
// comments on every table, view and column the owner touches, no UTC column in an owner view, every
// setting documented in docs/owner.md with its default, and no access for anon/authenticated. Runs
// on PGlite and on PostgreSQL 15.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ADDON,
  BACKENDS,
  NOW,
  SERVICE,
  book,
  sqlState,
  withRollback,
  type Tx,
} from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

/** Tables and views the owner works with in the dashboard (docs/owner.md). */
const OWNER_RELATIONS = [
  'services',
  'settings',
  'opening_hours',
  'closed_dates',
  'open_dates',
  'bookings',
  'email_outbox',
  'owner_agenda',
  'owner_bookings',
];

/** The settings table of docs/owner.md ("Regler for bookingen" up to the next section): key -> default. */
function ownerDocSettings(): Map<string, string> {
  const doc = readFileSync(new URL('../../docs/owner.md', import.meta.url), 'utf8');
  const section = doc.split('\n## ').find((part) => part.startsWith('Regler for bookingen')) ?? '';
  const rows = [...section.matchAll(/^\| `([a-z_]+)` +\| ([^|]+?) +\|/gm)];
  return new Map(rows.filter((m) => m[1] !== 'key').map((m) => [m[1] ?? '', m[2] ?? '']));
}

/** Words that occur in English sentences and not in Danish ones. */
const ENGLISH = /\b(the|when|which|is|are|of|and|with|this|must|shown|used|should|will)\b/i;

/** Inserts a booking row directly (no engine) at a Copenhagen wall-clock time relative to today. */
async function insertBooking(
  tx: Tx,
  name: string,
  dropOff: string,
  ready: string,
  status = 'confirmed',
): Promise<void> {
  await tx.rows(
    `insert into public.bookings (service_id, service_name, duration_minutes, price, booking_date,
       booking_time, drop_off_at, ready_at, customer_name, customer_email, customer_phone, status)
     select $1, 'Guldpakken', 120, 399, d::date, d::time, d at time zone 'Europe/Copenhagen',
            r at time zone 'Europe/Copenhagen', $2, 'a@b.dk', '21345678', $5
       from (select ((now() at time zone 'Europe/Copenhagen')::date + $3::interval) d,
                    ((now() at time zone 'Europe/Copenhagen')::date + $4::interval) r) x`,
    [SERVICE.guld, name, dropOff, ready, status],
  );
}

describe.each(BACKENDS)('owner dashboard on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it("owner_agenda lists the day's cars from today on, in Copenhagen time, by day and time", async () => {
    await withRollback(t, async (tx) => {
      await insertBooking(tx, 'I går færdig', '-1 day 10:00', '-1 day 12:00');
      await insertBooking(tx, 'I går til i dag', '-1 day 09:00', '11:00');
      await insertBooking(tx, 'I morgen', '1 day 09:00', '1 day 11:00');
      await insertBooking(tx, 'I dag', '14:00', '16:00');
      await insertBooking(tx, 'Aflyst i dag', '10:00', '12:00', 'cancelled');
      const rows = await tx.rows<Record<string, string>>(
        `select day::text, role, drop_off_local::text, ready_local::text, package, customer_name,
                status, ((now() at time zone 'Europe/Copenhagen')::date)::text today
           from public.owner_agenda`,
      );
      const today = rows[0]!.today!;
      const day = (offset: number) =>
        new Date(Date.parse(`${today}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
      expect(rows.map(({ today: _t, ...r }) => r)).toEqual([
        {
          day: day(0),
          role: 'aflevering og afhentning',
          drop_off_local: `${day(0)} 10:00:00`,
          ready_local: `${day(0)} 12:00:00`,
          package: 'Guldpakken',
          customer_name: 'Aflyst i dag',
          status: 'aflyst',
        },
        // yesterday's drop-off is today's pickup; yesterday itself is over
        {
          day: day(0),
          role: 'klar til afhentning',
          drop_off_local: `${day(-1)} 09:00:00`,
          ready_local: `${day(0)} 11:00:00`,
          package: 'Guldpakken',
          customer_name: 'I går til i dag',
          status: 'bekræftet',
        },
        {
          day: day(0),
          role: 'aflevering og afhentning',
          drop_off_local: `${day(0)} 14:00:00`,
          ready_local: `${day(0)} 16:00:00`,
          package: 'Guldpakken',
          customer_name: 'I dag',
          status: 'bekræftet',
        },
        {
          day: day(1),
          role: 'aflevering og afhentning',
          drop_off_local: `${day(1)} 09:00:00`,
          ready_local: `${day(1)} 11:00:00`,
          package: 'Guldpakken',
          customer_name: 'I morgen',
          status: 'bekræftet',
        },
      ]);
      // the filter the owner uses for tomorrow's work
      expect(
        await tx.rows(`select customer_name from public.owner_agenda where day = $1`, [day(1)]),
      ).toEqual([{ customer_name: 'I morgen' }]);
    });
  });

  it("shows each car's size, add-ons and total price as they were booked", async () => {
    await withRollback(t, async (tx) => {
      // Guldpakken for a big car 499 kr and 150 min, Motorvask 299 kr and 30 min, Ozonbehandling
      // 399 kr and 60 min (the seed); the ordinary car without add-ons is the package itself
      const big = await book(tx, {
        serviceId: SERVICE.guld,
        date: '2026-12-02',
        time: '10:00',
        now: NOW,
        carSize: 'stor-bil',
        addonIds: [ADDON.ozon, ADDON.motorvask],
      });
      const plain = await book(tx, {
        serviceId: SERVICE.solv,
        date: '2026-12-02',
        time: '16:00',
        now: NOW,
      });
      expect([big.status, plain.status]).toEqual(['created', 'created']);
      // renamed and repriced since: the agenda shows the job as booked
      await tx.rows(`update public.addons set name = 'Motorrens', price = 349 where id = $1`, [
        ADDON.motorvask,
      ]);
      const agenda = () =>
        tx.rows(
          `select reference, package, car_size, addons, price::text, ready_local::text
             from public.owner_agenda_at($1::timestamptz) where day = '2026-12-02'`,
          [NOW],
        );
      expect(await agenda()).toEqual([
        {
          reference: big.reference,
          package: 'Guldpakken',
          car_size: 'Stor bil (SUV, stationcar, 7-personers)',
          addons: 'Motorvask, Ozonbehandling',
          price: '1197',
          ready_local: '2026-12-02 14:00:00',
        },
        {
          reference: plain.reference,
          package: 'Sølvpakken',
          car_size: 'Almindelig personbil',
          addons: null,
          price: '199',
          ready_local: '2026-12-02 16:30:00',
        },
      ]);
      // the view has the columns, after the package
      const columns = await tx.rows<{ c: string }>(
        `select column_name::text c from information_schema.columns
          where table_schema = 'public' and table_name = 'owner_agenda' order by ordinal_position`,
      );
      expect(columns.map((c) => c.c).slice(4, 8)).toEqual([
        'package',
        'car_size',
        'addons',
        'price',
      ]);
    });
  });

  it('shows summer time as Copenhagen wall clock (07:00 UTC in CEST is 09:00)', async () => {
    await withRollback(t, async (tx) => {
      await tx.rows(
        `insert into public.bookings (service_id, service_name, duration_minutes, price, booking_date,
           booking_time, drop_off_at, ready_at, customer_name, customer_email, customer_phone)
         values ($1, 'Guldpakken', 120, 399, '2027-03-29', '09:00', '2027-03-29T07:00:00Z',
                 '2027-03-29T09:00:00Z', 'Sommertid', '', '21345678')`,
        [SERVICE.guld],
      );
      expect(
        await tx.rows(
          // seen the week before (the agenda shows the days from its clock's day on)
          `select drop_off_local::text, ready_local::text
             from public.owner_agenda_at('2027-03-22T10:00:00+01:00')
            where customer_name = 'Sommertid'`,
        ),
      ).toEqual([{ drop_off_local: '2027-03-29 09:00:00', ready_local: '2027-03-29 11:00:00' }]);
    });
  });

  it('no owner view has a UTC (timestamptz) column', async () => {
    const columns = await t.query<{ table_name: string; column_name: string; data_type: string }>(
      `select table_name::text, column_name::text, data_type::text
         from information_schema.columns
        where table_schema = 'public' and table_name like 'owner\\_%'
        order by table_name, ordinal_position`,
    );
    expect(columns.length).toBeGreaterThan(0);
    expect(columns.filter((c) => c.data_type === 'timestamp with time zone')).toEqual([]);
  });

  it('every table, view and column the owner touches has a Danish comment', async () => {
    const rows = await t.query<{ object: string; comment: string | null }>(
      `select c.relname || coalesce('.' || a.attname, '') as object,
              case when a.attname is null then obj_description(c.oid, 'pg_class')
                   else col_description(c.oid, a.attnum) end as comment
         from pg_class c
         left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where c.relnamespace = 'public'::regnamespace and c.relname = any($1)
       union all
       select c.relname, obj_description(c.oid, 'pg_class')
         from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relname = any($1)
        order by 1`,
      [OWNER_RELATIONS],
    );
    expect(new Set(rows.map((r) => r.object.split('.')[0]))).toEqual(new Set(OWNER_RELATIONS));
    expect(rows.filter((r) => !r.comment).map((r) => r.object)).toEqual([]);
    expect(rows.filter((r) => ENGLISH.test(r.comment ?? '')).map((r) => r.object)).toEqual([]);
  });

  it('the settings explain themselves in Danish', async () => {
    const rows = await t.query<{ key: string; description: string }>(
      'select key, description from public.settings order by key',
    );
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.description === '' || ENGLISH.test(r.description))).toEqual([]);
  });

  it('docs/owner.md lists every setting with its default', async () => {
    const rows = await t.query<{ key: string; value: string }>(
      'select key, value from public.settings order by key',
    );
    expect(ownerDocSettings()).toEqual(new Map(rows.map((r) => [r.key, r.value])));
  });

  it('owner_agenda cannot be changed, with a Danish message', async () => {
    await withRollback(t, async (tx) => {
      await insertBooking(tx, 'Fast', '1 day 09:00', '1 day 11:00');
      await tx.exec('savepoint s');
      await expect(tx.rows(`update public.owner_agenda set notes = 'x'`)).rejects.toMatchObject({
        code: '0A000',
        message: 'owner_agenda er kun til at se. Book, aflys eller flyt i owner_bookings.',
      });
      await tx.exec('rollback to savepoint s');
      expect(await sqlState(tx, 'delete from public.owner_agenda')).toBe('0A000');
    });
  });

  it.each(['anon', 'authenticated'])('%s cannot read owner_agenda', async (role) => {
    await withRollback(t, async (tx) => {
      await tx.exec(`set local role ${role}`);
      expect(await sqlState(tx, 'select * from public.owner_agenda')).toBe('42501');
    });
  });

  it('service_role reads owner_agenda', async () => {
    await withRollback(t, async (tx) => {
      await insertBooking(tx, 'Synlig', '1 day 09:00', '1 day 11:00');
      await tx.exec('set local role service_role');
      expect(await tx.rows('select customer_name from public.owner_agenda')).toEqual([
        { customer_name: 'Synlig' },
      ]);
    });
  });
});
