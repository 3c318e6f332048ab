// Phone and walk-in bookings by the owner through the owner_bookings view: booking through the
// engine (the time leaves the online offer), refusals with Danish messages and 4xx-mapped
// SQLSTATEs, cancelling (frees the time, e-mails the customer), the e-mail setting, access, the
// public caps not counting the owner's bookings, and a race between an online and a phone booking.
// Runs on PGlite and on PostgreSQL 15.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../local/db/database.ts';
import {
  ADDON,
  BACKENDS,
  SERVICE,
  book,
  bookStatus,
  refusal,
  slots,
  sqlState,
  withRollback,
  type Tx,
} from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

// Monday 23 November 2026, 08:00 in Copenhagen (open 09-20)
const NOW = '2026-11-23T07:00:00Z';

interface OwnerRow {
  package: string;
  drop_off_local: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  notes: string;
  status: string;
  ready_local: string;
  reference: string;
}

/** The next day (at least `from` days ahead, real clock) with this ISO weekday that is open. */
async function nextOpen(q: Tx | Queryable, isodow: number, from = 2): Promise<string> {
  const sql = `select d::date::text d
       from generate_series((now() at time zone 'Europe/Copenhagen')::date + $2::int,
                            (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') d
      where extract(isodow from d) = $1 and exists (select 1 from public.booking_day_hours(d::date))
      order by d limit 1`;
  const rows =
    'one' in q
      ? await q.rows<{ d: string }>(sql, [isodow, from])
      : (await q.query<{ d: string }>(sql, [isodow, from])).rows;
  return rows[0]!.d;
}

/** How the database refuses `update owner_bookings set <assignment>` of one booking ($2... = values). */
function refusedUpdate(tx: Tx, reference: string, assignment: string, ...values: unknown[]) {
  return refusal(tx, `update public.owner_bookings set ${assignment} where reference = $1`, [
    reference,
    ...values,
  ]);
}

async function insertOwner(tx: Tx, row: Partial<OwnerRow>): Promise<OwnerRow> {
  const cols = Object.keys(row);
  const [r] = await tx.rows<OwnerRow>(
    `insert into public.owner_bookings (${cols.join(', ')})
     select ${cols.join(', ')} from json_populate_record(null::public.owner_bookings, $1::json)
     returning package, drop_off_local::text, customer_name, customer_phone, customer_email, notes,
               status, ready_local::text, reference`,
    [JSON.stringify(row)],
  );
  return r!;
}

function phoneBooking(day: string, time: string, extra: Partial<OwnerRow> = {}): Partial<OwnerRow> {
  return {
    package: 'Guldpakken',
    drop_off_local: `${day} ${time}`,
    customer_name: 'Jens Telefon',
    customer_phone: '20 30 40 50',
    ...extra,
  };
}

describe.each(BACKENDS)('owner bookings on %s', (backend) => {
  const t = useTestDatabase({ backend });
  let tue: string;
  beforeAll(async () => {
    tue = await nextOpen(t.db, 2);
  });

  it('owner_bookings is a table with a primary key (what the Table Editor can edit)', async () => {
    expect(
      await t.query(
        `select c.relkind::text, (select array_agg(a.attname::text) from pg_index i
                  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
                 where i.indrelid = c.oid and i.indisprimary) pk
           from pg_class c where c.oid = 'public.owner_bookings'::regclass`,
      ),
    ).toEqual([{ relkind: 'r', pk: ['reference'] }]);
  });

  it('a phone booking books through the engine and its time leaves the online offer', async () => {
    await withRollback(t, async (tx) => {
      const before = await slots(tx, SERVICE.guld, tue, new Date().toISOString());
      expect(before.slots).toContain('10:00');
      const row = await insertOwner(
        tx,
        phoneBooking(tue, '10:00', { package: ' guldpakken ', notes: 'Blå Golf' }),
      );
      expect(row).toEqual({
        package: 'Guldpakken',
        drop_off_local: `${tue} 10:00`,
        customer_name: 'Jens Telefon',
        customer_phone: '+45 20 30 40 50',
        customer_email: null,
        notes: 'Blå Golf',
        status: 'bekræftet',
        ready_local: `${tue} 12:00`,
        reference: expect.stringMatching(/^[A-Z2-9]{8}$/),
      });
      const stored = await tx.one<Record<string, unknown>>(
        `select b.source, b.price, b.customer_email, b.booking_time::text, w.bay,
                public.copenhagen_iso(lower(w.period)) "from", public.copenhagen_iso(upper(w.period)) "to"
           from public.bookings b join public.booking_work_periods w on w.booking_id = b.id
          where b.reference = $1`,
        [row.reference],
      );
      expect(stored).toMatchObject({
        source: 'owner',
        price: 399,
        customer_email: '',
        booking_time: '10:00:00',
        bay: 1,
      });
      const after = await slots(tx, SERVICE.guld, tue, new Date().toISOString());
      // 09:00 and 09:30 would run into 10:00, 10:00-11:30 overlap, 12:00 is back-to-back
      for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30'])
        expect(after.slots).not.toContain(time);
      expect(after.slots).toContain('12:00');
      expect(after.slots.length).toBe(before.slots.length - 6);
      // and an online booking of that time is refused
      expect(await bookStatus(tx, SERVICE.solv, tue, '11:30', new Date().toISOString())).toBe(
        'conflict',
      );
      // the owner does not get a notification of their own booking; no e-mail address, no mail
      expect(
        await tx.rows(
          `select o.kind from public.email_outbox o join public.bookings b on b.id = o.booking_id
            where b.reference = $1`,
          [row.reference],
        ),
      ).toEqual([]);
    });
  });

  it('refuses an overlapping booking with a Danish message (23P01)', async () => {
    await withRollback(t, async (tx) => {
      await insertOwner(tx, phoneBooking(tue, '10:00'));
      const online = await book(tx, {
        serviceId: SERVICE.solv,
        date: tue,
        time: '15:00',
        now: new Date().toISOString(),
      });
      expect(online.status).toBe('created');
      const row = phoneBooking(tue, '11:30', { customer_name: 'Anden Kunde' });
      expect(
        await refusal(
          tx,
          `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone)
           values ($1, $2, $3, $4)`,
          [row.package, row.drop_off_local, row.customer_name, row.customer_phone],
        ),
      ).toEqual({
        code: '23P01',
        message: expect.stringMatching(
          /^Tiden er optaget: værkstedet har ikke en ledig plads i hele tiden fra .* kl\. 11:30 til .* kl\. 13:30\. Se owner_agenda og vælg en anden tid\.$/,
        ),
      });
      // over the online booking too
      expect(
        (
          await refusal(
            tx,
            `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone)
             values ('Sølvpakken', $1, 'Tredje Kunde', '21345678')`,
            [`${tue} 15:15`],
          )
        ).code,
      ).toBe('23P01');
      expect(
        await tx.rows(`select 1 from public.bookings where booking_date = $1::date`, [tue]),
      ).toHaveLength(2);
    });
  });

  it('refuses closed time, a date that is over and bad input, each with a Danish message', async () => {
    await withRollback(t, async (tx) => {
      const sunday = await nextOpen(tx, 6).then(async (sat) =>
        tx.one<{ d: string }>(`select ($1::date + 1)::text d`, [sat]).then((r) => r.d),
      );
      const insert = (row: Partial<OwnerRow>) =>
        refusal(
          tx,
          `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
           values ($1, $2, $3, $4, $5)`,
          [
            row.package ?? null,
            row.drop_off_local ?? null,
            row.customer_name ?? null,
            row.customer_phone ?? null,
            row.customer_email ?? null,
          ],
        );
      expect(await insert(phoneBooking(sunday, '10:00'))).toEqual({
        code: '22023',
        message: expect.stringMatching(
          /^Der er lukket den \d+\. [a-z]+ \d{4} \(lukkedag, helligdag eller lukket ugedag\)\. Vælg en anden dag, eller åbn dagen i open_dates\.$/,
        ),
      });
      await tx.rows(`insert into public.closed_dates (day, reason) values ($1, 'Ferie')`, [tue]);
      expect((await insert(phoneBooking(tue, '10:00'))).code).toBe('22023');
      await tx.rows(`delete from public.closed_dates where day = $1`, [tue]);
      expect(await insert(phoneBooking(tue, '08:30'))).toEqual({
        code: '22023',
        message: expect.stringMatching(
          /^Den .* er der åbent 09:00-20:00\. Vælg et afleveringstidspunkt inden for åbningstiden\.$/,
        ),
      });
      expect((await insert(phoneBooking(tue, '20:00'))).code).toBe('22023');
      expect(await insert(phoneBooking(tue, '18:30'))).toEqual({
        code: '22023',
        message: expect.stringMatching(
          /^Jobbet tager 2 timer og kan ikke blive færdigt inden lukketid kl\. 20:00 den .*\. Vælg et tidligere tidspunkt\.$/,
        ),
      });
      expect(await insert(phoneBooking('2020-01-06', '10:00'))).toEqual({
        code: '22023',
        message: 'Datoen 6. januar 2020 er overstået. Vælg i dag eller en senere dag.',
      });
      expect(await insert(phoneBooking(tue, '10:00', { package: 'Platinpakken' }))).toEqual({
        code: '22023',
        message:
          'Pakken "Platinpakken" findes ikke. Skriv navnet som i services, f.eks. Guldpakken.',
      });
      await tx.exec(`update public.services set is_active = false where name = 'Premiumpakken'`);
      expect(await insert(phoneBooking(tue, '10:00', { package: 'Premiumpakken' }))).toEqual({
        code: '22023',
        message:
          'Pakken "Premiumpakken" er slået fra (is_active = false i services) og kan ikke bookes.',
      });
      expect(await insert(phoneBooking(tue, '10:00', { customer_name: ' ' }))).toEqual({
        code: '23502',
        message: 'Skriv kundens navn i customer_name.',
      });
      expect(await insert(phoneBooking(tue, '10:00', { customer_phone: '1234' }))).toEqual({
        code: '23514',
        message:
          'Telefonnummeret ser forkert ud. Skriv et dansk nummer med 8 cifre, f.eks. 20 11 22 33 eller +45 20 11 22 33, eller et udenlandsk nummer med + og landekode, f.eks. +46 70 123 45 67.',
      });
      expect(await insert(phoneBooking(tue, '10:00', { customer_email: 'ikke-en-mail' }))).toEqual({
        code: '23514',
        message:
          'E-mailadressen "ikke-en-mail" ser forkert ud. Ret den, eller lad customer_email være tom.',
      });
      expect(await insert({ ...phoneBooking(tue, '10:00'), drop_off_local: undefined })).toEqual({
        code: '23502',
        message: 'Skriv afleveringstidspunktet i drop_off_local, f.eks. 05-01-2027 10:00.',
      });
      expect(await tx.rows(`select 1 from public.bookings where source = 'owner'`)).toHaveLength(0);
    });
  });

  it('books today, beyond the online window and off the online grid (fixed clock)', async () => {
    await withRollback(t, async (tx) => {
      const book = (day: string, pkg = 'Sølvpakken') =>
        tx.one<{ r: { booking_date: string; booking_time: string; ready_at: string } }>(
          `select to_jsonb(public.owner_book($1, jsonb_populate_record(null::public.booking_request,
             jsonb_build_object('booking_date', $2::timestamp::date, 'booking_time', $2::timestamp::time,
               'customer_name', 'Walk In', 'customer_phone', '21345678')), $3)) r`,
          [pkg, day, NOW],
        );
      // today (online needs 1 day's notice) at 10:15 (online grid is every 30 minutes)
      expect((await book('2026-11-23 10:15')).r).toMatchObject({
        booking_date: '2026-11-23',
        booking_time: '10:15:00',
      });
      // 100 days ahead (online window is 60 days)
      expect((await book('2027-03-03 09:00')).r.booking_date).toBe('2027-03-03');
      // a time earlier today (a walk-in entered afterwards) is accepted, yesterday is not
      expect((await book('2026-11-23 09:00')).r.booking_time).toBe('09:00:00');
      expect(
        await sqlState(
          tx,
          `select public.owner_book('Sølvpakken', jsonb_populate_record(null::public.booking_request,
               '{"booking_date": "2026-11-22", "booking_time": "12:00", "customer_name": "X Y",
                 "customer_phone": "21345678"}'), $1)`,
          [NOW],
        ),
      ).toBe('22023');
    });
  });

  it('cancelling frees the time and e-mails a customer who has an e-mail address', async () => {
    await withRollback(t, async (tx) => {
      const row = await insertOwner(
        tx,
        phoneBooking(tue, '10:00', { customer_email: 'Ane@Example.dk ' }),
      );
      expect(row.customer_email).toBe('Ane@Example.dk');
      const mails = () =>
        tx.rows<{
          kind: string;
          recipient: string;
          status: string;
          payload: Record<string, unknown>;
        }>(
          `select o.kind, o.recipient, o.status, o.payload from public.email_outbox o
             join public.bookings b on b.id = o.booking_id where b.reference = $1 order by o.created_at, o.kind`,
          [row.reference],
        );
      const [confirmation] = await mails();
      expect(confirmation).toEqual({
        kind: 'booking_confirmation',
        recipient: 'Ane@Example.dk',
        status: 'pending',
        payload: {
          reference: row.reference,
          serviceName: 'Guldpakken',
          price: 399,
          job: {
            carSize: 'almindelig',
            carSizeName: 'Almindelig personbil',
            packagePrice: 399,
            addons: [],
          },
          dropOff: `${tue}T10:00:00+01:00`,
          readyAt: `${tue}T12:00:00+01:00`,
          customerName: 'Jens Telefon',
          cancelToken: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
      });
      expect((await slots(tx, SERVICE.guld, tue, new Date().toISOString())).slots).not.toContain(
        '10:00',
      );

      const [cancelled] = await tx.rows<{ status: string }>(
        `update public.owner_bookings set status = 'aflyst' where reference = $1 returning status`,
        [row.reference],
      );
      expect(cancelled).toEqual({ status: 'aflyst' });
      expect((await slots(tx, SERVICE.guld, tue, new Date().toISOString())).slots).toContain(
        '10:00',
      );
      expect(
        await tx.one(
          `select b.status, b.cancelled_at is not null cancelled_at, bool_or(w.active) active
             from public.bookings b join public.booking_work_periods w on w.booking_id = b.id
            where b.reference = $1 group by b.status, b.cancelled_at`,
          [row.reference],
        ),
      ).toEqual({ status: 'cancelled', cancelled_at: true, active: false });
      const after = await mails();
      expect(after.map((m) => [m.kind, m.recipient])).toEqual([
        ['booking_confirmation', 'Ane@Example.dk'],
        ['cancellation_confirmation', 'Ane@Example.dk'],
      ]);
      expect(after[1]!.payload).toMatchObject({
        reference: row.reference,
        dropOff: `${tue}T10:00:00+01:00`,
      });

      // the freed time can be booked online at once
      expect(await bookStatus(tx, SERVICE.guld, tue, '10:00', new Date().toISOString())).toBe(
        'created',
      );
      // and the cancelled booking cannot be reconfirmed over it
      expect(await refusedUpdate(tx, row.reference, `status = 'bekræftet'`)).toEqual({
        code: '23P01',
        message: `Bookingen ${row.reference} kan ikke genoprettes: tiden er optaget i mellemtiden. Book en ny tid.`,
      });
    });
  });

  it('cancels an online booking at any time (after the customer deadline) with the cancellation e-mail', async () => {
    await withRollback(t, async (tx) => {
      const online = await book(tx, {
        serviceId: SERVICE.guld,
        date: tue,
        time: '14:00',
        email: 'kunde@example.dk',
        now: new Date().toISOString(),
      });
      // the customer's own deadline has passed (notice 1000 hours)
      await tx.exec(
        `update public.settings set value = '1000' where key = 'cancellation_notice_hours'`,
      );
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        online.reference,
      ]);
      expect(
        await tx.rows(
          `select o.kind, o.recipient from public.email_outbox o join public.bookings b on b.id = o.booking_id
            where b.reference = $1 order by o.kind`,
          [online.reference],
        ),
      ).toEqual([
        { kind: 'booking_confirmation', recipient: 'kunde@example.dk' },
        { kind: 'cancellation_confirmation', recipient: 'kunde@example.dk' },
        { kind: 'owner_notification', recipient: null },
      ]);
    });
  });

  it('sends no customer e-mail when owner_bookings_send_email is 0, and no reminder without an address', async () => {
    await withRollback(t, async (tx) => {
      expect(
        await tx.one(`select value from public.settings where key = 'owner_bookings_send_email'`),
      ).toEqual({ value: '1' });
      await tx.exec(
        `update public.settings set value = '0' where key = 'owner_bookings_send_email'`,
      );
      const row = await insertOwner(tx, phoneBooking(tue, '10:00', { customer_email: 'a@b.dk' }));
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        row.reference,
      ]);
      await tx.exec(
        `update public.settings set value = '1' where key = 'owner_bookings_send_email'`,
      );
      const noMail = await insertOwner(tx, phoneBooking(tue, '14:00'));
      const withMail = await insertOwner(
        tx,
        phoneBooking(tue, '16:00', { customer_email: 'c@d.dk' }),
      );
      // reminders are due for all three drop-offs; only the one with an address gets one
      await tx.rows(`update public.bookings set created_at = now() - interval '30 days'`);
      await tx.one(
        `select public.email_queue_reminders(($1::date + time '08:00') at time zone 'Europe/Copenhagen')`,
        [tue],
      );
      expect(
        await tx.rows(
          `select b.reference, o.kind from public.email_outbox o join public.bookings b on b.id = o.booking_id
            where b.source = 'owner' order by o.kind, b.reference`,
        ),
      ).toEqual([
        { reference: withMail.reference, kind: 'booking_confirmation' },
        { reference: withMail.reference, kind: 'booking_reminder' },
      ]);
      expect(noMail.customer_email).toBeNull();
    });
  });

  it('corrects contact details and refuses delete, package changes and bad status', async () => {
    await withRollback(t, async (tx) => {
      const row = await insertOwner(tx, phoneBooking(tue, '10:00'));
      const [fixed] = await tx.rows<OwnerRow>(
        `update public.owner_bookings set customer_phone = '+45 99 88 77 66', customer_email = 'ny@example.dk'
          where reference = $1 returning customer_phone, customer_email, status`,
        [row.reference],
      );
      expect(fixed).toEqual({
        customer_phone: '+45 99 88 77 66',
        customer_email: 'ny@example.dk',
        status: 'bekræftet',
      });
      for (const [assignment, refused] of [
        [`customer_phone = '12'`, { code: '23514' }],
        [
          `package = 'Sølvpakken'`,
          {
            code: '0A000',
            message: `Pakken kan ikke skiftes på en booking. Aflys bookingen ${row.reference} og book den nye pakke.`,
          },
        ],
        [
          // the editor offers the list (bekræftet, aflyst); emptying it is refused in Danish
          `status = null`,
          {
            code: '23514',
            message:
              'status kan ikke være tom. Vælg på listen: bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.',
          },
        ],
      ] as const)
        expect(await refusedUpdate(tx, row.reference, assignment), assignment).toMatchObject(
          refused,
        );
      expect(
        await refusal(tx, `delete from public.owner_bookings where reference = $1`, [
          row.reference,
        ]),
      ).toEqual({
        code: '0A000',
        message: `Bookinger slettes ikke. Vælg status aflyst for at aflyse bookingen ${row.reference}.`,
      });
      expect(
        await refusal(
          tx,
          `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, reference)
           values ('Sølvpakken', $1, 'Ny Kunde', '21345678', 'AAAAAAAA')`,
          [`${tue} 15:00`],
        ),
      ).toMatchObject({ code: '0A000' });
      expect(await tx.rows(`select 1 from public.bookings`)).toHaveLength(1);
    });
  });

  it('a phone booking takes the car size and add-ons by name, and shows them and the total price as booked', async () => {
    await withRollback(t, async (tx) => {
      const job = (reference: string) =>
        tx.rows<Record<string, unknown>>(
          `select o.car_size, o.addons, o.price::int, o.ready_local::text, b.car_size code,
                  b.addon_ids::text[] ids, b.price booked, b.duration_minutes
             from public.owner_bookings o join public.bookings b using (reference)
            where o.reference = $1`,
          [reference],
        );
      // the size by its name, the add-ons by their names in any case and order: Guldpakken for a
      // big car is 499 kr and 150 min, Motorvask 299 kr and 30 min, Ozonbehandling 399 kr and 60 min
      const big = await insertOwner(
        tx,
        phoneBooking(tue, '10:00', {
          car_size: ' stor bil (suv, stationcar, 7-personers) ',
          addons: 'ozonbehandling,  Motorvask ',
        } as Partial<OwnerRow>),
      );
      expect(await job(big.reference)).toEqual([
        {
          car_size: 'Stor bil (SUV, stationcar, 7-personers)',
          addons: 'Motorvask, Ozonbehandling',
          price: 1197,
          ready_local: `${tue} 14:00`,
          code: 'stor-bil',
          ids: [ADDON.motorvask, ADDON.ozon],
          booked: 1197,
          duration_minutes: 240,
        },
      ]);
      // the size by its code; nothing typed is the ordinary car without add-ons
      const van = await insertOwner(
        tx,
        phoneBooking(tue, '15:00', { car_size: 'varebil' } as Partial<OwnerRow>),
      );
      expect(await job(van.reference)).toMatchObject([
        { car_size: 'Varebil', addons: null, price: 599, ready_local: `${tue} 18:00` },
      ]);
      const plain = await insertOwner(
        tx,
        phoneBooking(tue, '18:00', { package: 'Sølvpakken', customer_phone: '20 30 40 52' }),
      );
      expect(await job(plain.reference)).toMatchObject([
        { car_size: 'Almindelig personbil', addons: null, price: 199, code: 'almindelig' },
      ]);

      // what cannot be booked, refused in Danish, saying what can
      const typed = (extra: Record<string, string>) =>
        refusal(
          tx,
          `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, car_size, addons, price)
           select package, drop_off_local, customer_name, customer_phone, car_size, addons, price
             from json_populate_record(null::public.owner_bookings, $1::json)`,
          [JSON.stringify({ ...phoneBooking(tue, '09:00', { package: 'Sølvpakken' }), ...extra })],
        );
      expect(await typed({ car_size: 'Minibus' })).toEqual({
        code: '22023',
        message:
          'Størrelsen "Minibus" findes ikke. Skriv navnet eller koden som i car_sizes, f.eks. stor-bil eller varebil, eller lad car_size være tom for almindelig personbil.',
      });
      expect(await typed({ addons: 'Motorvask, Voks' })).toEqual({
        code: '22023',
        message:
          'Tilvalget "Voks" findes ikke. Skriv tilvalgenes navne som i addons, adskilt af komma, f.eks. Motorvask, Ozonbehandling, eller lad addons være tom.',
      });
      expect(await typed({ addons: 'Lædercreme' })).toEqual({
        code: '22023',
        message:
          'Tilvalget "Lædercreme" kan ikke bookes til Sølvpakken: det passer ikke til pakken (se addon_services). Tilvalg til Sølvpakken: Motorvask, Hundehårsfjernelse, Ozonbehandling.',
      });
      expect(await typed({ addons: 'Motorvask, motorvask' })).toEqual({
        code: '22023',
        message: 'Tilvalget "Motorvask" står der to gange. Skriv hvert tilvalg én gang.',
      });
      expect(await typed({ price: '99' })).toEqual({
        code: '0A000',
        message:
          'reference, ready_local, no_shows og price udfyldes automatisk: lad dem være tomme.',
      });
      await tx.rows(`update public.car_sizes set is_active = false where code = 'varebil'`);
      await tx.rows(`update public.addons set is_active = false where id = $1`, [ADDON.ozon]);
      expect(await typed({ car_size: 'Varebil' })).toEqual({
        code: '22023',
        message:
          'Størrelsen "Varebil" kan ikke bookes til Sølvpakken: den er slået fra (is_active = false i car_sizes). Størrelser til Sølvpakken: Almindelig personbil, Stor bil (SUV, stationcar, 7-personers).',
      });
      expect(await typed({ addons: 'Ozonbehandling' })).toEqual({
        code: '22023',
        message:
          'Tilvalget "Ozonbehandling" kan ikke bookes til Sølvpakken: det er slået fra (is_active = false i addons). Tilvalg til Sølvpakken: Motorvask, Hundehårsfjernelse.',
      });
      await tx.rows(`delete from public.service_size_prices where service_id = $1`, [SERVICE.solv]);
      expect(await typed({ car_size: 'stor-bil' })).toMatchObject({
        code: '22023',
        message: expect.stringMatching(
          /^Størrelsen "Stor bil \(SUV, stationcar, 7-personers\)" kan ikke bookes til Sølvpakken: pakken har ingen pris til den \(se service_size_prices\)\. Størrelser til Sølvpakken: Almindelig personbil\.$/,
        ),
      });

      // the job stays as booked (a switched-off size or add-on too): a change of it is refused,
      // and correcting the customer keeps it
      for (const [assignment, message] of [
        [
          `car_size = 'Almindelig personbil'`,
          `Bilens størrelse kan ikke skiftes på en booking. Aflys bookingen ${big.reference} og book igen med den rigtige størrelse.`,
        ],
        [
          `addons = 'Motorvask'`,
          `Tilvalgene kan ikke skiftes på en booking. Aflys bookingen ${big.reference} og book igen med de rigtige tilvalg.`,
        ],
        [
          `price = 999`,
          'price er jobbets pris fra bookingen (pakken til bilens størrelse plus tilvalgene) og udfyldes automatisk. Den kan ikke rettes.',
        ],
      ] as const)
        expect(await refusedUpdate(tx, big.reference, assignment), assignment).toEqual({
          code: '0A000',
          message,
        });
      await tx.rows(
        `update public.owner_bookings set customer_name = 'Jens Telefonsen', notes = 'SUV'
          where reference = $1`,
        [big.reference],
      );
      expect(await job(big.reference)).toMatchObject([
        { car_size: 'Stor bil (SUV, stationcar, 7-personers)', code: 'stor-bil', price: 1197 },
      ]);
      // the same row written again (Studio saves every cell of it): no change, nothing refused
      await tx.rows(
        `update public.owner_bookings set car_size = car_size, addons = addons, price = price
          where reference = $1`,
        [big.reference],
      );
      expect(
        await tx.rows(
          `select o.* from public.owner_bookings o where o.reference = $1
           except select r.* from public.bookings b, lateral public.owner_bookings_row(b) r
                   where b.reference = $1`,
          [big.reference],
        ),
      ).toEqual([]);
    });
  });

  it('moving replans a multi-day job across a weekend and frees the old time', async () => {
    await withRollback(t, async (tx) => {
      // a Thursday with Friday, Saturday and the Monday after open too
      const { thu, fri, sat, mon } = await tx.one<Record<string, string>>(
        `select d::text thu, (d + 1)::text fri, (d + 2)::text sat, (d + 4)::text mon
           from (select g::date d from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                   (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') g) x
          where extract(isodow from d) = 4
            and (select count(*) from generate_series(0, 4) i
                  where exists (select 1 from public.booking_day_hours(d + i))) = 4
          order by d limit 1`,
      );
      // 14 hours: Thursday 09-20 (11 h) and Friday 08-11
      const row = await insertOwner(tx, {
        ...phoneBooking(thu!, '09:00'),
        package: 'Guldpakken polering',
        customer_email: 'polering@example.dk',
      });
      expect(row.ready_local).toBe(`${fri} 11:00`);
      const [moved] = await tx.rows<OwnerRow>(
        `update public.owner_bookings set drop_off_local = $2 where reference = $1
         returning drop_off_local::text, ready_local::text, status, reference`,
        [row.reference, `${fri} 13:00`],
      );
      // Friday 13-17 (4 h), Saturday 10-16 (6 h), Sunday closed, Monday 09-13 (4 h)
      expect(moved).toEqual({
        drop_off_local: `${fri} 13:00`,
        ready_local: `${mon} 13:00`,
        status: 'bekræftet',
        reference: row.reference,
      });
      expect(
        await tx.rows(
          `select public.copenhagen_iso(lower(w.period)) "from", public.copenhagen_iso(upper(w.period)) "to"
             from public.booking_work_periods w join public.bookings b on b.id = w.booking_id
            where b.reference = $1 and w.active order by w.period`,
          [row.reference],
        ),
      ).toEqual([
        { from: `${fri}T13:00:00+01:00`, to: `${fri}T17:00:00+01:00` },
        { from: `${sat}T10:00:00+01:00`, to: `${sat}T16:00:00+01:00` },
        { from: `${mon}T09:00:00+01:00`, to: `${mon}T13:00:00+01:00` },
      ]);
      const now = new Date().toISOString();
      const offer = async (d: string) => (await slots(tx, SERVICE.solv, d, now)).slots;
      expect(await offer(thu!)).toContain('09:00');
      expect(await offer(fri!)).toEqual(expect.arrayContaining(['08:00', '12:30']));
      expect(await offer(fri!)).not.toContain('13:00');
      expect(await offer(sat!)).toEqual([]);
      expect(await offer(mon!)).not.toContain('12:30');
      expect(await offer(mon!)).toContain('13:00');
      // the customer gets the move e-mail; the owner is not told of their own move
      expect(
        await tx.rows(
          `select o.kind, o.recipient, o.payload->>'previousDropOff' previous
             from public.email_outbox o join public.bookings b on b.id = o.booking_id
            where b.reference = $1 order by o.created_at, o.kind`,
          [row.reference],
        ),
      ).toEqual([
        { kind: 'booking_confirmation', recipient: 'polering@example.dk', previous: null },
        {
          kind: 'booking_moved',
          recipient: 'polering@example.dk',
          previous: `${thu}T09:00:00+01:00`,
        },
      ]);
      expect(
        await tx.rows(
          `select m.moved_by from public.booking_moves m join public.bookings b on b.id = m.booking_id
            where b.reference = $1`,
          [row.reference],
        ),
      ).toEqual([{ moved_by: 'owner' }]);
    });
  });

  it('a move onto taken or closed time is refused and changes nothing', async () => {
    await withRollback(t, async (tx) => {
      const a = await insertOwner(tx, phoneBooking(tue, '10:00'));
      const b = await insertOwner(tx, phoneBooking(tue, '14:00', { customer_name: 'Anden Kunde' }));
      const moveTo = (reference: string, local: string) =>
        refusedUpdate(tx, reference, 'drop_off_local = $2', local);
      expect(await moveTo(b.reference, `${tue} 11:00`)).toEqual({
        code: '23P01',
        message: expect.stringMatching(/^Tiden er optaget: .* kl\. 11:00 til .* kl\. 13:00\. /),
      });
      // after closing time, and a day that is over
      expect((await moveTo(b.reference, `${tue} 19:00`)).code).toBe('22023');
      expect((await moveTo(b.reference, '2020-01-07 10:00')).code).toBe('22023');
      // a move within its own time (overlapping the old periods) is fine; no e-mail without address
      const [moved] = await tx.rows<OwnerRow>(
        `update public.owner_bookings set drop_off_local = $2 where reference = $1
         returning drop_off_local::text, ready_local::text`,
        [b.reference, `${tue} 15:00`],
      );
      expect(moved).toEqual({ drop_off_local: `${tue} 15:00`, ready_local: `${tue} 17:00` });
      expect(
        await tx.rows(
          `select public.copenhagen_iso(lower(w.period)) "from", w.active from public.booking_work_periods w
             join public.bookings b on b.id = w.booking_id where b.reference in ($1, $2) order by w.period`,
          [a.reference, b.reference],
        ),
      ).toEqual([
        { from: `${tue}T10:00:00+01:00`, active: true },
        { from: `${tue}T15:00:00+01:00`, active: true },
      ]);
      expect(await tx.rows('select kind from public.email_outbox')).toEqual([]);
      // a cancelled booking cannot be moved
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        a.reference,
      ]);
      expect(await moveTo(a.reference, `${tue} 12:00`)).toEqual({
        code: '0A000',
        message: `Bookingen ${a.reference} er aflyst og kan ikke flyttes. Book en ny tid.`,
      });
    });
  });

  it('owner_bookings stays equal to bookings whatever changes them (the one copy, checked)', async () => {
    await withRollback(t, async (tx) => {
      const mirror = () => tx.rows(`select * from public.owner_bookings order by reference`);
      const fromBookings = () =>
        tx.rows(
          `select o.* from public.bookings b, lateral public.owner_bookings_row(b) o
            where b.anonymised_at is null order by o.reference`,
        );
      const fixed = '2026-11-22T11:00:00Z';
      // online: book, then the customer's links cancel one and move another
      const online = [];
      for (const time of ['09:00', '12:00', '15:00'])
        online.push(
          await book(tx, { serviceId: SERVICE.guld, date: '2026-11-24', time, now: fixed }),
        );
      const token = await tx.one<{ token: string }>(
        `select o.payload->>'cancelToken' token from public.email_outbox o
           join public.bookings b on b.id = o.booking_id
          where b.reference = $1 and o.kind = 'booking_confirmation'`,
        [online[0]!.reference],
      );
      expect(
        (
          await tx.one<{ r: { state: string } }>(`select public.cancel_booking($1, $2) r`, [
            token.token,
            fixed,
          ])
        ).r.state,
      ).toBe('cancelled');
      const moveToken = await tx.one<{ token: string }>(
        `select o.payload->>'cancelToken' token from public.email_outbox o
           join public.bookings b on b.id = o.booking_id
          where b.reference = $1 and o.kind = 'booking_confirmation'`,
        [online[1]!.reference],
      );
      expect(
        (
          await tx.one<{ r: { status: string } }>(
            `select public.reschedule_booking($1, '2026-11-25', '10:00', $2) r`,
            [moveToken.token, fixed],
          )
        ).r.status,
      ).toBe('moved');
      expect(await mirror()).toEqual(await fromBookings());
      // the owner: book, correct, move, cancel
      const phone = await insertOwner(tx, phoneBooking(tue, '10:00'));
      await tx.rows(`update public.owner_bookings set notes = 'Ring før' where reference = $1`, [
        phone.reference,
      ]);
      await tx.rows(`update public.owner_bookings set drop_off_local = $2 where reference = $1`, [
        phone.reference,
        `${tue} 13:00`,
      ]);
      await tx.rows(`update public.owner_bookings set status = 'aflyst' where reference = $1`, [
        online[2]!.reference,
      ]);
      expect(await mirror()).toEqual(await fromBookings());
      expect((await mirror()).length).toBe(4);
      // retention anonymises: the row leaves owner_bookings
      await tx.one(`select public.run_retention(now() + interval '6 years')`);
      expect(await mirror()).toEqual([]);
      expect(await fromBookings()).toEqual([]);
    });
  });

  it('retention: a phone booking without e-mail is anonymised 5 years after that phone number last came', async () => {
    await withRollback(t, async (tx) => {
      const phoneBook = (phone: string, at: string) =>
        tx.one<{ r: { id: string } }>(
          `select to_jsonb(public.owner_book('Sølvpakken', jsonb_populate_record(null::public.booking_request, jsonb_build_object('booking_date', $1::timestamp::date, 'booking_time', $1::timestamp::time, 'customer_name', 'Kunde Uden Mail', 'customer_phone', $2::text)), $3)) r`,
          [at, phone, NOW],
        );
      const old = (await phoneBook('31 11 11 11', '2026-11-24 09:00')).r.id;
      // another customer without e-mail comes back years later: the first must not wait for them
      const other = (await phoneBook('22 22 22 22', '2026-11-24 10:00')).r.id;
      await tx.rows(
        `update public.bookings set drop_off_at = drop_off_at + interval '4 years',
                ready_at = ready_at + interval '4 years' where id = $1`,
        [other],
      );
      // the first customer's later booking (same number, spaced differently) keeps both
      const again = (await phoneBook('+45 3111 1111', '2026-11-25 09:00')).r.id;
      // created_at counts as contact too: pin it to the test's clock, not the machine's
      await tx.rows(`update public.bookings set created_at = $1`, [NOW]);
      const anonymised = async () =>
        (
          await tx.rows<{ id: string }>(
            `select id from public.bookings where anonymised_at is not null order by id`,
          )
        ).map((r) => r.id);
      await tx.one(`select public.run_retention('2031-11-24T12:00:00Z')`);
      expect(await anonymised()).toEqual([]);
      await tx.one(`select public.run_retention('2031-11-26T12:00:00Z')`);
      expect(await anonymised()).toEqual([old, again].sort());
    });
  });

  it("the owner's bookings do not count against the public caps", async () => {
    await withRollback(t, async (tx) => {
      // more phone bookings for one customer than the online per-contact limits allow
      for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00']) {
        await insertOwner(
          tx,
          phoneBooking(tue, time, {
            package: 'Sølvpakken',
            customer_email: 'fast@example.dk',
            customer_phone: '+45 31 22 33 44',
          }),
        );
      }
      expect(await tx.rows('select 1 from public.booking_rate_limits')).toEqual([]);
      const online = await book(tx, {
        serviceId: SERVICE.solv,
        date: tue,
        time: '15:00',
        email: 'fast@example.dk',
        phone: '+45 31 22 33 44',
        now: new Date().toISOString(),
      });
      expect(online.status).toBe('created');
    });
  });

  it.each(['anon', 'authenticated'])(
    '%s can neither read nor write owner_bookings',
    async (role) => {
      await withRollback(t, async (tx) => {
        await insertOwner(tx, phoneBooking(tue, '10:00'));
        await tx.exec(`set local role ${role}`);
        expect(await sqlState(tx, 'select * from public.owner_bookings')).toBe('42501');
        expect(
          await sqlState(
            tx,
            `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone)
           values ('Sølvpakken', $1, 'Ond Kunde', '21345678')`,
            [`${tue} 15:00`],
          ),
        ).toBe('42501');
        expect(await sqlState(tx, `update public.owner_bookings set status = 'aflyst'`)).toBe(
          '42501',
        );
        expect(await sqlState(tx, 'delete from public.owner_bookings')).toBe('42501');
        expect(
          await sqlState(
            tx,
            `select public.owner_book('Sølvpakken', jsonb_populate_record(null::public.booking_request, jsonb_build_object('booking_date', $1::timestamp::date, 'booking_time', $1::timestamp::time, 'customer_name', 'Ond Kunde', 'customer_phone', '21345678')))`,
            [`${tue} 15:00`],
          ),
        ).toBe('42501');
      });
    },
  );

  // commits its rows, so it comes last
  it('an online and a phone booking racing for the same time give exactly one booking', async () => {
    const day = await nextOpen(t.db, 3);
    const now = new Date().toISOString();
    const attempts = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) =>
        i % 2 === 0
          ? book(t.db, { serviceId: SERVICE.guld, date: day, time: '13:00', now }).then((r) => {
              if (r.status !== 'created')
                throw Object.assign(new Error(r.status), { code: r.status });
              return 'online';
            })
          : t.db
              .query(
                `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone)
                 values ('Guldpakken', $1, 'Telefon Kunde', '21345678')`,
                [`${day} 12:30`],
              )
              .then(() => 'phone'),
      ),
    );
    const won = attempts.filter((a) => a.status === 'fulfilled');
    const lost = attempts.filter((a) => a.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(
      lost
        .map((a) => (a.reason as { code?: string }).code)
        .filter((c) => c !== 'conflict' && c !== '23P01'),
    ).toEqual([]);
    const [row] = await t.query<{ bookings: number; periods: number }>(
      `select count(distinct b.id)::int bookings, count(w.id)::int periods
         from public.bookings b join public.booking_work_periods w on w.booking_id = b.id and w.active
        where b.booking_date = $1`,
      [day],
    );
    expect(row).toEqual({ bookings: 1, periods: 1 });
  });
});
