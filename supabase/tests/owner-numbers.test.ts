// What the owner types into services (price, duration_minutes, sort_order) is read the Danish way
// and stored as digits; a closing period over days already closed says which in the saved row;
// owner_agenda.day is ISO text, so a filter typed the Danish way finds nothing under DateStyle MDY
// rather than another day. Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { BACKENDS, SERVICE, refusal, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const setColumn = (tx: Tx, column: string, value: string) =>
  tx.one<{ v: string }>(
    `update public.services set ${column} = $1 where id = $2 returning ${column} v`,
    [value, SERVICE.guld],
  );

describe.each(BACKENDS)('owner numbers and days on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('reads prices, durations and order the Danish way and stores the digits', () =>
    withRollback(t, async (tx) => {
      const read: [string, string, string][] = [
        ['price', '449', '449'],
        ['price', '449 kr', '449'],
        ['price', 'kr. 449', '449'],
        ['price', '449,-', '449'],
        ['price', '449,00', '449'],
        ['price', '1.800', '1800'],
        ['price', '1 800', '1800'],
        ['duration_minutes', '480', '480'],
        ['duration_minutes', '8 timer', '480'],
        ['duration_minutes', '2 t 30 min', '150'],
        ['duration_minutes', '2,5 timer', '150'],
        ['duration_minutes', '90 min', '90'],
        ['sort_order', '-5', '-5'],
        ['sort_order', '10', '10'],
      ];
      for (const [column, typed, stored] of read) {
        expect((await setColumn(tx, column, typed)).v, `${column} ${typed}`).toBe(stored);
      }
    }));

  it('refuses what is not a whole number in Danish, with an example', () =>
    withRollback(t, async (tx) => {
      const refused: [string, string, RegExp][] = [
        ['price', '449,50', /Skriv prisen i hele kroner, f\.eks\. 449\./],
        ['price', '-5', /uden for det tilladte.*f\.eks\. 449/],
        ['price', 'gratis', /kan ikke læses som et tal/],
        ['price', '', /price mangler/],
        ['duration_minutes', 'to timer', /f\.eks\. 120, eller i timer og minutter/],
        ['duration_minutes', '0', /uden for det tilladte/],
        ['sort_order', '1,5', /ikke et helt tal/],
      ];
      for (const [column, typed, message] of refused) {
        const text = (
          await refusal(tx, `update public.services set ${column} = $1 where id = $2`, [
            typed,
            SERVICE.guld,
          ])
        ).message;
        expect(text, `${column} ${typed}`).toMatch(message);
        expect(text).not.toMatch(/invalid input|integer|violates/);
      }
    }));

  it('a booking still snapshots the price and duration as numbers', () =>
    withRollback(t, async (tx) => {
      await setColumn(tx, 'price', '1.800 kr');
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
      const period = await tx.one<{ day: string; affected_bookings: string }>(
        `insert into public.closed_dates (day, last_day, reason) values ('05-07-2030', '12-07-2030', 'Sommerferie')
         returning day, affected_bookings`,
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
        `insert into public.closed_dates (day, last_day, reason) values ('12-07-2030', '14-07-2030', 'Mere ferie')
         returning day, affected_bookings`,
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
          `insert into public.closed_dates (day) values ('2030-07-08'), ('08-07-2030')`,
        )
      ).message;
      expect(single).toMatch(/8\. juli 2030 er allerede lukket/);
      const whole = (
        await refusal(
          tx,
          `insert into public.closed_dates (day, last_day)
       values ('2030-07-08', null), ('2030-07-09', null), ('08-07-2030', '09-07-2030')`,
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
