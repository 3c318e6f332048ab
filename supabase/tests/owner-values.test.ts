// What the owner types and reads in the dashboard: Danish dates and times in owner_bookings
// whatever the session's DateStyle, the calendar tables' date and time columns (ISO days from the
// date picker, times from the time input; a closing period over days already closed; 24:00 and
// seconds refused in Danish),
// phone numbers stored as E.164 and shown grouped (SQL and the e-mails' formatter agree), the
// Danish status list, and every setting checked against its range when written.
// Runs on PGlite and on PostgreSQL 15.
import { beforeAll, describe, expect, it } from 'vitest';
import { phoneDisplay } from '../functions/_shared/phone.ts';
import { BACKENDS, refusal, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

/** Every DateStyle a session could carry: none may make 05-01 mean May. */
const DATESTYLES = ['ISO, MDY', 'ISO, DMY', 'SQL, MDY', 'SQL, DMY', 'German', 'Postgres, MDY'];

const parseStamp = (tx: Tx, text: string) =>
  tx.one<{ v: string }>(
    `select to_char(public.owner_parse_local_timestamp($1, 'drop_off_local'), 'YYYY-MM-DD HH24:MI') v`,
    [text],
  );

describe.each(BACKENDS)('owner values on %s', (backend) => {
  const t = useTestDatabase({ backend });
  // an open Tuesday-Thursday ahead whose day of the month is 1-12 and not its month, so that
  // reading it month-first would give another date (or none)
  let day: { iso: string; danish: string };
  beforeAll(async () => {
    const [r] = (
      await t.db.query<{ iso: string; danish: string }>(
        `select to_char(d, 'YYYY-MM-DD') iso, to_char(d, 'DD-MM-YYYY') danish
           from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                                (now() at time zone 'Europe/Copenhagen')::date + 400, interval '1 day') d
          where extract(isodow from d) between 2 and 4 and extract(day from d) <= 12
            and extract(day from d) <> extract(month from d)
            and exists (select 1 from public.booking_day_hours(d::date))
          order by d limit 1`,
      )
    ).rows;
    day = r!;
  });

  it('reads dates and times the Danish way, ISO too, under every DateStyle', async () => {
    await withRollback(t, async (tx) => {
      for (const style of DATESTYLES) {
        await tx.exec(`set local datestyle = '${style}'`);
        for (const [text, expected] of [
          ['05-01-2027 10:00', '2027-01-05 10:00'],
          ['5/1 2027 10.00', '2027-01-05 10:00'],
          ['5.1.2027 kl. 10.00', '2027-01-05 10:00'],
          ['5. januar 2027 10:00', '2027-01-05 10:00'],
          ['5 jan 2027 9.30', '2027-01-05 09:30'],
          ['2027-01-05 10:00', '2027-01-05 10:00'],
          ['2027-01-05T10:00:00', '2027-01-05 10:00'],
          [' 02-12-2026  10:00 ', '2026-12-02 10:00'],
          ['29-02-2028 08:15', '2028-02-29 08:15'],
          // the guide's "bare 10": a whole hour is just the hour, with or without "kl."
          ['5/1 2027 kl. 10', '2027-01-05 10:00'],
          ['05-01-2027 9', '2027-01-05 09:00'],
          ['2027-01-05 kl. 7', '2027-01-05 07:00'],
        ])
          expect((await parseStamp(tx, text!)).v, `${style}: ${text}`).toBe(expected);
        expect(
          await tx.one(
            `select to_char(public.owner_parse_date('24/12 2026', 'day'), 'YYYY-MM-DD') d,
                    to_char(public.owner_parse_time('9.30', 'opens_at'), 'HH24:MI:SS') t,
                    public.owner_parse_time('', 'opens_at') e`,
          ),
        ).toEqual({ d: '2026-12-24', t: '09:30:00', e: null });
      }
    });
  });

  it('refuses an ambiguous or unreadable date or time in Danish with an example', async () => {
    await withRollback(t, async (tx) => {
      for (const [text, message] of [
        [
          '05-01-27 10:00',
          /tocifret år, og det gætter databasen ikke på\. Skriv dag-måned-år med firecifret år, f\.eks\. 05-01-2027/,
        ],
        ['05-01 10:00', /mangler året/],
        ['31-02-2027 10:00', /datoen "31-02-2027" findes ikke/],
        ['05-13-2027 10:00', /datoen "05-13-2027" findes ikke/],
        [
          '05-01-2027',
          /kan ikke læses som dato og klokkeslæt\. Skriv dag-måned-år og tid, f\.eks\. 05-01-2027 10:00/,
        ],
        ['05-01-2027 25:00', /klokkeslættet "25:00" findes ikke/],
        ['i morgen kl. 10', /"i morgen" kan ikke læses som en dato\. Skriv/],
        ['5. jannuar 2027 10:00', /"jannuar" i "5\. jannuar 2027" er ikke et månedsnavn/],
        ["'; drop table bookings; -- 10:00", /kan ikke læses som dato og klokkeslæt/],
      ] as const) {
        const r = await refusal(
          tx,
          `select public.owner_parse_local_timestamp($1, 'drop_off_local')`,
          [text],
        );
        expect(r.code, text).toBe('22007');
        expect(r.message, text).toMatch(/^drop_off_local: /);
        expect(r.message, text).toMatch(message);
      }
    });
  });

  it('"05-01" in owner_bookings is the 5th of the month under DateStyle MDY, stored as ISO', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`set local datestyle = 'ISO, MDY'`);
      const [row] = await tx.rows<{
        drop_off_local: string;
        status: string;
        customer_phone: string;
      }>(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone)
         values ('Guldpakken', $1, 'Dansk Dato', '20 11 22 33')
         returning drop_off_local, status::text, customer_phone`,
        [`${day.danish.replace(/^0/, '')} 10.00`],
      );
      expect(row).toEqual({
        drop_off_local: `${day.iso} 10:00`,
        status: 'bekræftet',
        customer_phone: '+45 20 11 22 33',
      });
      expect(
        await tx.one(
          `select booking_date::text, booking_time::text, customer_phone from public.bookings
            where customer_name = 'Dansk Dato'`,
        ),
      ).toEqual({ booking_date: day.iso, booking_time: '10:00:00', customer_phone: '+4520112233' });
      // typing the same time another way is no change; a new time moves
      const ref = (
        await tx.one<{ reference: string }>(`select reference from public.owner_bookings`)
      ).reference;
      await tx.rows(`update public.owner_bookings set drop_off_local = $2 where reference = $1`, [
        ref,
        `${day.iso}T10:00`,
      ]);
      expect(await tx.rows(`select 1 from public.booking_moves`)).toHaveLength(0);
      const [moved] = await tx.rows<{ drop_off_local: string }>(
        `update public.owner_bookings set drop_off_local = $2 where reference = $1 returning drop_off_local`,
        [ref, `${day.danish} 13.00`],
      );
      expect(moved!.drop_off_local).toBe(`${day.iso} 13:00`);
      expect(
        await refusal(
          tx,
          `update public.owner_bookings set drop_off_local = '05-01-27 10:00' where reference = $1`,
          [ref],
        ),
      ).toMatchObject({
        code: '22007',
        message: expect.stringMatching(/^drop_off_local: "05-01-27" har et tocifret år/),
      });
      // the status list: aflyst cancels the engine's booking, bekræftet reconfirms it
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        ref,
      ]);
      expect(
        await tx.one(`select status from public.bookings where reference = $1`, [ref]),
      ).toEqual({
        status: 'cancelled',
      });
      expect(
        await tx.one(
          `select array_to_string(enum_range(null::public.owner_status)::text[], ',') v,
                  (select status::text from public.owner_agenda where reference = $1) agenda`,
          [ref],
        ),
      ).toEqual({ v: 'bekræftet,ankommet,klar,afhentet,udeblevet,aflyst', agenda: 'aflyst' });
    });
  });

  it("closed_dates and open_dates take the date picker's ISO days under any DateStyle; a period over closed days closes the rest", async () => {
    await withRollback(t, async (tx) => {
      // the date picker sends yyyy-mm-dd, which PostgreSQL reads the same under every DateStyle
      await tx.exec(`set local datestyle = 'SQL, MDY'`);
      await tx.rows(
        `insert into public.closed_dates (day, reason) values ('2027-07-07', 'Tandlæge')`,
      );
      // the period's first and a middle day are closed already: never a refusal of the whole period
      await tx.rows(
        `insert into public.closed_dates (day, reason) values ('2027-07-05', 'Lukket')`,
      );
      await tx.rows(
        `insert into public.closed_dates (day, last_day, reason) values ('2027-07-05', '2027-07-09', 'Sommerferie')`,
      );
      expect(
        await tx.rows(
          `select to_char(day, 'YYYY-MM-DD') as day, last_day, reason from public.closed_dates order by day`,
        ),
      ).toEqual([
        { day: '2027-07-05', last_day: null, reason: 'Lukket' },
        { day: '2027-07-06', last_day: null, reason: 'Sommerferie' },
        { day: '2027-07-07', last_day: null, reason: 'Tandlæge' },
        { day: '2027-07-08', last_day: null, reason: 'Sommerferie' },
        { day: '2027-07-09', last_day: null, reason: 'Sommerferie' },
      ]);
      // the calendar reads them: 6 July 2027 is closed, 12 July open
      expect(
        await tx.one(
          `select (select closed_reason from public.booking_day_rule('2027-07-06')) a,
                  (select closed_reason from public.booking_day_rule('2027-07-12')) b`,
        ),
      ).toEqual({ a: 'closed_date', b: null });
      for (const [sql, message] of [
        [
          `insert into public.closed_dates (day, last_day) values ('2026-12-10', '2026-12-01')`,
          'last_day (1. december 2026) ligger før day (10. december 2026). Vælg periodens sidste dag i last_day, f.eks. 25. juli 2027.',
        ],
        [
          // an emptied date cell is null
          `insert into public.closed_dates (day) values (null)`,
          'Vælg den lukkede dag i day, f.eks. 24. december 2026.',
        ],
        [
          `update public.closed_dates set day = '2027-07-06' where day = '2027-07-05'`,
          'Den 6. juli 2027 er allerede lukket (den har sin egen række). Slet denne række, hvis dagen skal åbne igen.',
        ],
      ] as const)
        expect((await refusal(tx, sql)).message, sql).toEqual(message);

      // a holiday opened: Kristi Himmelfartsdag 2027 (6 May), with the time input's values
      await tx.rows(
        `insert into public.open_dates (day, opens_at, closes_at) values ('2027-05-06', '10:00:00', '14:00:00')`,
      );
      expect(
        await tx.rows(
          `select to_char(day, 'YYYY-MM-DD') as day, opens_at, closes_at from public.open_dates`,
        ),
      ).toEqual([{ day: '2027-05-06', opens_at: '10:00:00', closes_at: '14:00:00' }]);
      expect(
        await tx.one(
          `select to_char(opens_at at time zone 'Europe/Copenhagen', 'HH24:MI') o from public.booking_day_hours('2027-05-06')`,
        ),
      ).toEqual({ o: '10:00' });
      expect(
        (await refusal(tx, `insert into public.open_dates (day) values ('2027-05-06')`)).message,
      ).toBe('Den 6. maj 2027 står allerede i open_dates. Ret tiderne i dens række i stedet.');
      expect((await refusal(tx, `insert into public.open_dates (day) values (null)`)).message).toBe(
        'Vælg dagen, der skal være åben, i day, f.eks. 14. maj 2026.',
      );
    });
  });

  it("opening hours: the time input's values, empty is closed, both or neither, the day's minutes in Danish", async () => {
    await withRollback(t, async (tx) => {
      await tx.rows(
        `update public.opening_hours set opens_at = '08:30:00', closes_at = '17:00:00' where weekday = 1`,
      );
      await tx.rows(
        `update public.opening_hours set opens_at = null, closes_at = null where weekday = 2`,
      );
      await tx.rows(
        `update public.opening_hours set opens_at = '00:00:00', closes_at = '23:59:00' where weekday = 4`,
      );
      expect(
        await tx.rows(
          `select weekday, opens_at, closes_at from public.opening_hours where weekday in (1, 2, 4) order by 1`,
        ),
      ).toEqual([
        { weekday: 1, opens_at: '08:30:00', closes_at: '17:00:00' },
        { weekday: 2, opens_at: null, closes_at: null },
        { weekday: 4, opens_at: '00:00:00', closes_at: '23:59:00' },
      ]);
      for (const [sql, message] of [
        [
          `update public.opening_hours set opens_at = null where weekday = 3`,
          'Udfyld både opens_at og closes_at (f.eks. 09:00 og 17:00), eller tøm dem begge (lukket hele dagen).',
        ],
        [
          `update public.opening_hours set closes_at = '08:00:00' where weekday = 3`,
          'closes_at (08:00) skal være senere end opens_at (09:00). Vælg f.eks. 09:00 og 17:00.',
        ],
        [
          `update public.opening_hours set closes_at = '24:00:00' where weekday = 3`,
          'closes_at: 24:00 er ikke et klokkeslæt på dagen. Vælg et tidspunkt fra 00:00 til 23:59, f.eks. 17:30.',
        ],
        [
          `update public.opening_hours set opens_at = '09:00:30' where weekday = 3`,
          'opens_at: 09:00:30 har sekunder. Åbningstider er hele minutter: vælg f.eks. 09:00.',
        ],
        [
          `insert into public.opening_hours (weekday) values (8)`,
          'weekday skal være et tal fra 1 (mandag) til 7 (søndag). Der er én række pr. ugedag: ret tiderne i dens række.',
        ],
      ] as const)
        expect((await refusal(tx, sql)).message, sql).toBe(message);
    });
  });

  it('phone numbers: one stored form (E.164), grouped the same by SQL and by the e-mails', async () => {
    const stored = await t.query<{ input: string; e164: string }>(
      `select input, public.phone_e164(input) e164
         from unnest(array['20304050', '+4520304051', '+45 20 11 22 33', '20 11 22 34', '0045 20112235',
                           '(+45) 20-11-22-36', '+46 70 123 45 67', '0046701234568', '4520112237']) input`,
    );
    expect(Object.fromEntries(stored.map((r) => [r.input, r.e164]))).toEqual({
      '20304050': '+4520304050',
      '+4520304051': '+4520304051',
      '+45 20 11 22 33': '+4520112233',
      '20 11 22 34': '+4520112234',
      '0045 20112235': '+4520112235',
      '(+45) 20-11-22-36': '+4520112236',
      '+46 70 123 45 67': '+46701234567',
      '0046701234568': '+46701234568',
      '4520112237': '+4520112237',
    });
    const samples = ['+4520112233', '+4512345678', '+46701234567', '+4520', '+452011223344', ''];
    const shown = await t.query<{ input: string; display: string }>(
      `select input, public.phone_display(input) display from unnest($1::text[]) input`,
      [samples],
    );
    expect(shown.map((r) => r.display)).toEqual(samples.map(phoneDisplay));
    expect(phoneDisplay('+4520112233')).toBe('+45 20 11 22 33');
  });

  it('every setting with a range is checked when written, in Danish', async () => {
    await withRollback(t, async (tx) => {
      const keys = await tx.rows<{ key: string }>(`select key from public.settings order by key`);
      // every row the project has is either a number with a range or known free text
      const unranged = [];
      for (const { key } of keys)
        if (!(await tx.rows(`select 1 from public.setting_range($1)`, [key])).length)
          unranged.push(key);
      expect(unranged).toEqual([]);
      for (const [key, value, message] of [
        [
          'max_advance_booking_days',
          'to måneder',
          /^max_advance_booking_days skal være et helt tal fra 1 til 730 \(dage\), uden tekst og enhed, f\.eks\. 10\. "to måneder" kan ikke bruges\.$/,
        ],
        [
          'max_advance_booking_days',
          '-5',
          /^max_advance_booking_days skal være et helt tal fra 1 til 730/,
        ],
        [
          'max_advance_booking_days',
          '0',
          /^max_advance_booking_days skal være et helt tal fra 1 til 730 \(dage\)\. 0 er uden for\.$/,
        ],
        [
          'slot_interval_minutes',
          '7,5',
          /^slot_interval_minutes skal være et helt tal fra 5 til 240/,
        ],
        [
          'owner_agenda_email',
          'ja',
          /^owner_agenda_email skal være et helt tal fra 0 til 1 \(1 = ja, 0 = nej\)/,
        ],
        [
          'workshop_capacity',
          '99999999999',
          /^workshop_capacity skal være et helt tal fra 1 til 20/,
        ],
        [
          'min_advance_booking_days',
          '90',
          /^max_advance_booking_days \(seneste dag\) skal være mindst min_advance_booking_days/,
        ],
      ] as const) {
        const r = await refusal(tx, `update public.settings set value = $2 where key = $1`, [
          key,
          value,
        ]);
        expect(r.code, `${key}=${value}`).toBe('23514');
        expect(r.message, `${key}=${value}`).toMatch(message);
      }
      await tx.rows(
        `update public.settings set value = ' 30 ' where key = 'max_advance_booking_days'`,
      );
      expect(
        await tx.one(`select value from public.settings where key = 'max_advance_booking_days'`),
      ).toEqual({
        value: '30',
      });
    });
  });
});
