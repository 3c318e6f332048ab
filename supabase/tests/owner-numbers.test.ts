// What the Table Editor's number input sends into services (price, duration_minutes, sort_order,
// numeric columns) is stored as the whole number or refused in Danish; a closing period over days
// already closed says which in the saved row; owner_agenda.day is ISO text, so a filter typed the
// Danish way finds nothing under DateStyle MDY rather than another day. The driver reads numeric
// as text (exact), so stored values compare as '449'; over the API they are JSON numbers
// (local/gateway/gateway.test.ts). Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { BACKENDS, SERVICE, refusal, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const setColumn = (tx: Tx, column: string, value: string | null) =>
  tx.one<{ v: string }>(
    `update public.services set ${column} = $1 where id = $2 returning ${column} v`,
    [value, SERVICE.guld],
  );

describe.each(BACKENDS)('owner numbers and days on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('stores what the number input sends as the whole number', () =>
    withRollback(t, async (tx) => {
      const read: [string, string, string][] = [
        ['price', '449', '449'],
        // 449.0 is whole: stored as 449, as the site prints it
        ['price', '449.0', '449'],
        ['price', '1800', '1800'],
        ['price', '1000000', '1000000'],
        // the number input accepts exponent notation; 1e3 is 1000
        ['price', '1e3', '1000'],
        ['duration_minutes', '15', '15'],
        ['duration_minutes', '480', '480'],
        ['duration_minutes', '10080', '10080'],
        ['sort_order', '-5', '-5'],
        ['sort_order', '10', '10'],
      ];
      for (const [column, typed, stored] of read) {
        expect((await setColumn(tx, column, typed)).v, `${column} ${typed}`).toBe(stored);
      }
    }));

  it('refuses what is not a whole number in range in Danish, saying what to type', () =>
    withRollback(t, async (tx) => {
      const refused: [string, string | null, RegExp][] = [
        [
          'price',
          '449.5',
          /449\.5 er ikke et helt antal kroner\. Skriv prisen i hele kroner, f\.eks\. 449\./,
        ],
        ['price', '-5', /Skriv prisen i hele kroner fra 1 til 1000000, f\.eks\. 449/],
        ['price', '0', /price: 0 kr\. kan ikke bruges/],
        ['price', '99999999999', /fra 1 til 1000000/],
        // an emptied cell: the number input sends null
        ['price', null, /price mangler\. Skriv prisen i hele kroner/],
        ['duration_minutes', '7', /7 minutter er for kort.*Mente du 7 timer\? Skriv 420\./],
        ['duration_minutes', '0', /fra 15 til 10080/],
        ['duration_minutes', '90.5', /ikke et helt antal minutter/],
        ['duration_minutes', null, /duration_minutes mangler/],
        ['sort_order', '1.5', /sort_order: 1\.5 kan ikke bruges\. Skriv et helt tal/],
        ['sort_order', null, /sort_order mangler/],
      ];
      for (const [column, typed, message] of refused) {
        const error = await refusal(tx, `update public.services set ${column} = $1 where id = $2`, [
          typed,
          SERVICE.guld,
        ]);
        expect(error.message, `${column} ${typed}`).toMatch(message);
        expect(error.message).not.toMatch(/invalid input|integer|violates/);
      }
    }));

  it('a booking still snapshots the price and duration as numbers', () =>
    withRollback(t, async (tx) => {
      await setColumn(tx, 'price', '1800');
      const [dayRow] = await tx.rows<{ day: string }>(
        `select min(d)::date::text as day from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
           (now() at time zone 'Europe/Copenhagen')::date + 40, interval '1 day') d
          where extract(isodow from d) between 2 and 4 and exists (select 1 from public.booking_day_hours(d::date))`,
      );
      const row = await tx
        .one<{ reference: string }>(
          `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone)
         values ('Guldpakken', $1, 'Anders Jensen', '20112233') returning reference`,
          [`${dayRow!.day} 10:00`],
        )
        .then((r) =>
          tx.one<{ price: number; duration_minutes: number }>(
            'select price, duration_minutes from public.bookings where reference = $1',
            [r.reference],
          ),
        );
      expect(row).toEqual({ price: 1800, duration_minutes: 120 });
    }));

  it('a closing period names the days already closed in its saved row, never a silent no-op', () =>
    withRollback(t, async (tx) => {
      await tx.rows(
        `insert into public.closed_dates (day, reason) values ('2030-07-08', 'Tandlæge')`,
      );
      // the date picker sends ISO days
      const period = await tx.one<{ day: string; affected_bookings: string }>(
        `insert into public.closed_dates (day, last_day, reason) values ('2030-07-05', '2030-07-12', 'Sommerferie')
         returning day::text, affected_bookings`,
      );
      expect(period.day).toBe('2030-07-05');
      expect(period.affected_bookings).toBe(
        'Ingen bookinger. Allerede lukket før (uændret): 8. juli 2030. De andre dage i perioden er lukket nu.',
      );
      const reasons = await tx.rows<{ reason: string }>(
        `select reason from public.closed_dates where day between '2030-07-05' and '2030-07-12' order by day`,
      );
      expect(reasons.map((r) => r.reason)).toEqual([
        'Sommerferie',
        'Sommerferie',
        'Sommerferie',
        'Tandlæge',
        'Sommerferie',
        'Sommerferie',
        'Sommerferie',
        'Sommerferie',
      ]);
      // the first day closed before: the saved row is the first day that was not
      const first = await tx.one<{ day: string; affected_bookings: string }>(
        `insert into public.closed_dates (day, last_day, reason) values ('2030-07-12', '2030-07-14', 'Mere ferie')
         returning day::text, affected_bookings`,
      );
      expect(first.day).toBe('2030-07-13');
      expect(first.affected_bookings).toContain('Allerede lukket før (uændret): 12. juli 2030.');
    }));

  it('refuses a day or a whole period already closed in Danish', () =>
    withRollback(t, async (tx) => {
      // rows inserted earlier in the same statement are closed before the last one
      const single = (
        await refusal(
          tx,
          `insert into public.closed_dates (day) values ('2030-07-08'), ('2030-07-08')`,
        )
      ).message;
      expect(single).toMatch(/8\. juli 2030 er allerede lukket/);
      const whole = (
        await refusal(
          tx,
          `insert into public.closed_dates (day, last_day)
       values ('2030-07-08', null), ('2030-07-09', null), ('2030-07-08', '2030-07-09')`,
        )
      ).message;
      expect(whole).toMatch(/Hele perioden fra 8\. juli 2030 til 9\. juli 2030 er allerede lukket/);
    }));

  it('owner_agenda.day is ISO text: a Danish-typed filter under DateStyle MDY finds nothing', () =>
    withRollback(t, async (tx) => {
      await tx.exec(`set local datestyle = 'SQL, MDY'`);
      const [dayRow] = await tx.rows<{ day: string }>(
        `select to_char(min(d), 'YYYY-MM-DD') as day from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
           (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') d
          where extract(isodow from d) between 2 and 4 and extract(day from d) between 1 and 12
            and extract(day from d) <> extract(month from d)
            and exists (select 1 from public.booking_day_hours(d::date))`,
      );
      await tx.rows(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone)
         values ('Guldpakken', $1, 'Anders Jensen', '20112233')`,
        [`${dayRow!.day} 10:00`],
      );
      const day = dayRow!.day;
      const [y, m, d] = day.split('-');
      const iso = await tx.rows(`select day from public.owner_agenda where day = $1`, [day]);
      expect(iso).toEqual([{ day }]);
      // 05-01-2027 typed into the filter: no row, not the car of 1 May
      expect(
        await tx.rows(`select day from public.owner_agenda where day = $1`, [`${d}-${m}-${y}`]),
      ).toEqual([]);
      expect(
        await tx.rows(`select day from public.owner_agenda where day = $1`, [`${m}-${d}-${y}`]),
      ).toEqual([]);
    }));
});
