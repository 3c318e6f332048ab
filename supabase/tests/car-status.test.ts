// The car's day: every allowed and refused status transition (booking_set_status), the bay time a
// no-show or an early pickup frees and a correction takes back, the customer's one "din bil er
// klar" message and the new ready time told once per change, the customer's links once the car is
// there, the owner's table driving it all, and the no-show count and rule.
// Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import {
  renderEmail,
  type OutboxMessage,
  type RenderContext,
} from '../functions/_shared/email/templates.ts';
import { pickupHoursLines } from '../functions/_shared/email/format.ts';
import { seededSiteData } from '../../tests/support/site-data.ts';
import { BACKENDS, SERVICE, book, refusal, slots, withRollback, type Tx } from './helpers/sql.ts';

// Tuesday 1 December 2026, 10:00 in Copenhagen; the job is on Thursday 3 December (open 09-20)
const NOW = '2026-12-01T10:00:00+01:00';
const DAY = '2026-12-03';
const AT = (time: string, day = DAY) => `${day}T${time}:00+01:00`;
/** Half an hour after the drop-off at 10:00: the car's day is under way. */
const DURING = AT('10:30');

const STATES = ['confirmed', 'arrived', 'ready', 'collected', 'no_show', 'cancelled'] as const;
type State = (typeof STATES)[number];

/** The way to each state from a fresh booking. */
const PATH: Record<State, State[]> = {
  confirmed: [],
  arrived: ['arrived'],
  ready: ['ready'],
  collected: ['ready', 'collected'],
  no_show: ['no_show'],
  cancelled: ['cancelled'],
};

const ALLOWED: Record<State, State[]> = {
  confirmed: ['arrived', 'ready', 'no_show', 'cancelled'],
  arrived: ['ready', 'collected', 'confirmed'],
  ready: ['collected', 'arrived'],
  collected: ['ready'],
  no_show: ['confirmed', 'arrived'],
  cancelled: ['confirmed'],
};

const DANISH: Record<State, string> = {
  confirmed: 'bekræftet',
  arrived: 'ankommet',
  ready: 'klar',
  collected: 'afhentet',
  no_show: 'udeblevet',
  cancelled: 'aflyst',
};

interface Booked {
  id: string;
  reference: string;
}

/** An online Guldpakken (2 hours) on DAY at `time`, booked at NOW. */
async function guld(tx: Tx, time = '10:00', extra: { email?: string; phone?: string } = {}) {
  const r = await book(tx, { serviceId: SERVICE.guld, date: DAY, time, now: NOW, ...extra });
  expect(r.status).toBe('created');
  return tx.one<Booked>('select id, reference from public.bookings where reference = $1', [
    r.reference,
  ]);
}

function setStatus(tx: Tx, id: string, status: string, now = DURING) {
  return tx.one<{ status: string }>(
    'select (public.booking_set_status($1, $2, $3::timestamptz)).status',
    [id, status, now],
  );
}

function refusedStatus(tx: Tx, id: string, status: string, now = DURING) {
  return refusal(tx, 'select public.booking_set_status($1, $2, $3::timestamptz)', [
    id,
    status,
    now,
  ]);
}

async function periods(tx: Tx, id: string) {
  return tx.rows<{ from: string; to: string; active: boolean }>(
    `select to_char(lower(w.period) at time zone 'Europe/Copenhagen', 'HH24:MI') "from",
            to_char(upper(w.period) at time zone 'Europe/Copenhagen', 'HH24:MI') "to", w.active
       from public.booking_work_periods w where w.booking_id = $1 order by lower(w.period)`,
    [id],
  );
}

function outbox(tx: Tx, id: string, kind: string) {
  return tx.rows<{ status: string; idempotency_key: string; payload: Record<string, unknown> }>(
    `select o.status, o.idempotency_key, o.payload from public.email_outbox o
      where o.booking_id = $1 and o.kind = $2 order by o.created_at, o.idempotency_key`,
    [id, kind],
  );
}

const CTX: RenderContext = {
  siteUrl: 'https://glanspunkt.example/',
  openingHours: seededSiteData.openingHours,
  cancellationNoticeHours: 24,
  ownerEmail: 'ejer@glanspunkt.example',
};

function rendered(kind: 'car_ready' | 'car_ready_time', payload: Record<string, unknown>) {
  const msg: OutboxMessage = {
    id: '00000000-0000-4000-8000-000000000001',
    kind,
    recipient: 'kunde@example.dk',
    payload,
    idempotencyKey: `${kind}:x`,
    attempts: 0,
    createdAt: '2026-12-03T09:30:00+00:00',
  };
  return renderEmail(msg, CTX);
}

describe('pickup hours in words', () => {
  it('today while open, tomorrow, then weekdays, then dates', () => {
    expect(
      pickupHoursLines(
        [
          { day: '2026-12-03', opens: null, closes: '20:00' },
          { day: '2026-12-04', opens: '08:00', closes: '17:00' },
          { day: '2026-12-05', opens: '10:00', closes: '16:00' },
          { day: '2026-12-14', opens: '09:00', closes: '20:00' },
        ],
        '2026-12-03',
      ),
    ).toEqual([
      'I dag til 20:00',
      'I morgen 08:00-17:00',
      'Lørdag 10:00-16:00',
      'Mandag den 14. december 09:00-20:00',
    ]);
  });
});

describe.each(BACKENDS)('the car status on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('allows exactly the transitions of the table and refuses every other one in Danish', async () => {
    for (const from of STATES) {
      await withRollback(t, async (tx) => {
        const b = await guld(tx);
        for (const step of PATH[from]) await setStatus(tx, b.id, step);
        for (const to of STATES) {
          await tx.exec('savepoint try_status');
          if (to === from) {
            // setting the same status again changes nothing
            expect(await setStatus(tx, b.id, to)).toEqual({ status: from });
          } else if (ALLOWED[from].includes(to)) {
            expect(await setStatus(tx, b.id, to), `${from} -> ${to}`).toEqual({ status: to });
          } else {
            const r = await refusedStatus(tx, b.id, to);
            expect(r.code, `${from} -> ${to}`).toBe('0A000');
            expect(r.message).toContain(
              `Bookingen ${b.reference} er ${DANISH[from]} og kan ikke sættes til ${DANISH[to]}.`,
            );
          }
          await tx.exec('rollback to savepoint try_status');
        }
      });
    }
  });

  it('says what to do: a cancelled booking cannot become ready', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await setStatus(tx, b.id, 'cancelled');
      expect((await refusedStatus(tx, b.id, 'ready')).message).toBe(
        `Bookingen ${b.reference} er aflyst og kan ikke sættes til klar. Genopret den først ved at vælge status bekræftet (kun hvis tiden stadig er ledig), eller book en ny tid.`,
      );
      expect((await refusedStatus(tx, b.id, 'waxed')).message).toBe(
        'status skal være bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.',
      );
    });
  });

  it('refuses a car state written straight into bookings, in Danish', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      const direct = (status: string) =>
        refusal(tx, 'update public.bookings set status = $2 where id = $1', [b.id, status]);
      const message =
        'Bilens status (ankommet, klar, afhentet, udeblevet) rettes i owner_bookings, så tiden og kundens besked følger med.';
      expect(await direct('ready')).toEqual({ code: '0A000', message });
      await setStatus(tx, b.id, 'arrived');
      expect(await direct('confirmed')).toEqual({ code: '0A000', message });
      expect(await outbox(tx, b.id, 'car_ready')).toEqual([]);
    });
  });

  it('marks a no-show only from the drop-off, and the car at the earliest the day before', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      expect((await refusedStatus(tx, b.id, 'no_show', AT('09:59'))).message).toBe(
        `Bookingen ${b.reference} kan først meldes udeblevet fra afleveringstiden, 3. december 2026 kl. 10:00.`,
      );
      expect((await refusedStatus(tx, b.id, 'arrived', AT('23:00', '2026-12-01'))).message).toBe(
        `Bookingen ${b.reference} skal først afleveres 3. december 2026: bilen kan tidligst meldes ankommet eller klar dagen før.`,
      );
      // dropped off the evening before
      expect(await setStatus(tx, b.id, 'arrived', AT('18:00', '2026-12-02'))).toEqual({
        status: 'arrived',
      });
      // the car came: it is not a no-show
      expect((await refusedStatus(tx, b.id, 'no_show', AT('10:00'))).code).toBe('0A000');
    });
  });

  it('a no-show frees the rest of the time at once; setting it back takes it again', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      const before = await slots(tx, SERVICE.solv, DAY, NOW);
      expect(before.slots).not.toContain('11:00');
      expect(await periods(tx, b.id)).toEqual([{ from: '10:00', to: '12:00', active: true }]);

      await setStatus(tx, b.id, 'no_show', DURING);
      expect(await periods(tx, b.id)).toEqual([
        { from: '10:00', to: '10:30', active: true },
        { from: '10:30', to: '12:00', active: false },
      ]);
      expect((await slots(tx, SERVICE.solv, DAY, NOW)).slots).toContain('11:00');

      // marked by mistake: back to confirmed takes the whole time again
      await setStatus(tx, b.id, 'confirmed', AT('10:40'));
      expect(await periods(tx, b.id)).toEqual([
        { from: '10:00', to: '10:30', active: true },
        { from: '10:30', to: '12:00', active: true },
      ]);
      expect((await slots(tx, SERVICE.solv, DAY, NOW)).slots).not.toContain('11:00');
    });
  });

  it('a correction is refused in Danish once the freed time was booked', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await setStatus(tx, b.id, 'no_show', DURING);
      const other = await book(tx, { serviceId: SERVICE.solv, date: DAY, time: '11:00', now: NOW });
      expect(other.status).toBe('created');
      for (const back of ['confirmed', 'arrived']) {
        const r = await refusedStatus(tx, b.id, back, AT('11:05'));
        expect(r.code).toBe('23P01');
        expect(r.message).toBe(
          `Bookingen ${b.reference} kan ikke sættes til ${DANISH[back as State]}: resten af tiden blev ledig, da den blev meldt udeblevet, og er booket i mellemtiden. Se owner_agenda og ret den anden booking eller book en ny tid.`,
        );
      }
      expect(
        (await tx.one('select status from public.bookings where id = $1', [b.id])).status,
      ).toBe('no_show');
    });
  });

  it('a car collected early frees the rest; ready, arrived and confirmed hold it all', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await setStatus(tx, b.id, 'arrived', AT('09:55'));
      await setStatus(tx, b.id, 'ready', AT('11:00'));
      expect(await periods(tx, b.id)).toEqual([{ from: '10:00', to: '12:00', active: true }]);
      await setStatus(tx, b.id, 'collected', AT('11:30'));
      expect(await periods(tx, b.id)).toEqual([
        { from: '10:00', to: '11:30', active: true },
        { from: '11:30', to: '12:00', active: false },
      ]);
      // collected by mistake and back; collected again later splits at the new moment
      await setStatus(tx, b.id, 'ready', AT('11:35'));
      await setStatus(tx, b.id, 'collected', AT('11:45'));
      expect(await periods(tx, b.id)).toEqual([
        { from: '10:00', to: '11:30', active: true },
        { from: '11:30', to: '11:45', active: true },
        { from: '11:45', to: '12:00', active: false },
      ]);
    });
  });

  it('the car states leave the calendar event alone; cancel and reconfirm raise it', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      const seq = async () =>
        (
          await tx.one<{ s: number }>('select ics_sequence s from public.bookings where id = $1', [
            b.id,
          ])
        ).s;
      const start = await seq();
      await setStatus(tx, b.id, 'arrived');
      await setStatus(tx, b.id, 'ready');
      await setStatus(tx, b.id, 'collected');
      expect(await seq()).toBe(start);
      const c = await guld(tx, '13:00');
      await setStatus(tx, c.id, 'cancelled', NOW);
      await setStatus(tx, c.id, 'confirmed', NOW);
      expect(
        (
          await tx.one<{ s: number }>('select ics_sequence s from public.bookings where id = $1', [
            c.id,
          ])
        ).s,
      ).toBe(2);
    });
  });

  it('ready queues exactly one "din bil er klar" with the pickup hours and the address', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await setStatus(tx, b.id, 'arrived', AT('09:55'));
      await setStatus(tx, b.id, 'ready', AT('11:00'));
      await setStatus(tx, b.id, 'ready', AT('11:01')); // a retry
      const rows = await outbox(tx, b.id, 'car_ready');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe('pending');
      expect(rows[0]!.idempotency_key).toBe(`car_ready:${b.id}`);
      expect(rows[0]!.payload.pickupHours).toEqual([
        { day: '2026-12-03', opens: null, closes: '20:00' },
        { day: '2026-12-04', opens: '08:00', closes: '17:00' },
        { day: '2026-12-05', opens: '10:00', closes: '16:00' },
      ]);
      const mail = rendered('car_ready', rows[0]!.payload);
      expect(mail.subject).toBe(`Din bil er klar til afhentning (${b.reference})`);
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Din bil er klar til afhentning');
        expect(body).toContain('Virkelyst 7B, 6000 Kolding');
        expect(body).toContain('I dag til 20:00');
        expect(body).toContain('I morgen 08:00-17:00');
        expect(body).toContain('Lørdag 10:00-16:00');
      }

      // sent, then a correction ready -> arrived -> ready: nothing more is sent
      await tx.exec(`update public.email_outbox set status = 'sent' where kind = 'car_ready'`);
      await setStatus(tx, b.id, 'arrived', AT('11:10'));
      await setStatus(tx, b.id, 'ready', AT('11:20'));
      expect((await outbox(tx, b.id, 'car_ready')).map((r) => r.status)).toEqual(['sent']);
    });
  });

  it('a correction before the message went out holds it back; the next ready sends it once', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await setStatus(tx, b.id, 'ready', AT('11:00'));
      await setStatus(tx, b.id, 'arrived', AT('11:01'));
      expect((await outbox(tx, b.id, 'car_ready')).map((r) => r.status)).toEqual(['cancelled']);
      // the next day, after closing time: tomorrow's hours
      await setStatus(tx, b.id, 'ready', AT('18:00', '2026-12-04'));
      const rows = await outbox(tx, b.id, 'car_ready');
      expect(rows.map((r) => r.status)).toEqual(['pending']);
      expect(rows[0]!.payload.pickupHours).toEqual([
        { day: '2026-12-05', opens: '10:00', closes: '16:00' },
        { day: '2026-12-07', opens: '09:00', closes: '20:00' },
        { day: '2026-12-08', opens: '09:00', closes: '20:00' },
      ]);
    });
  });

  it('no message without an e-mail address or with owner_bookings_send_email off', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await tx.exec(`update public.bookings set customer_email = '' where id = '${b.id}'`);
      await setStatus(tx, b.id, 'ready');
      const c = await guld(tx, '13:00');
      await tx.exec(
        `update public.settings set value = '0' where key = 'owner_bookings_send_email'`,
      );
      await setStatus(tx, c.id, 'ready', AT('13:30'));
      expect(await outbox(tx, b.id, 'car_ready')).toEqual([]);
      expect(await outbox(tx, c.id, 'car_ready')).toEqual([]);
    });
  });

  it('a new ready time leads owner_agenda, its days and the calendar feed', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await setStatus(tx, b.id, 'arrived', AT('09:55'));
      // Thursday's job will be ready Friday afternoon instead
      await tx.one('select public.owner_set_ready_time($1, $2::timestamp, $3::timestamptz)', [
        b.id,
        '2026-12-04 15:00',
        DURING,
      ]);
      expect(
        await tx.rows(
          `select day::text, role, ready_local::text, status::text
             from public.owner_agenda_at($2::timestamptz) where reference = $1 order by day`,
          [b.reference, DURING],
        ),
      ).toEqual([
        { day: DAY, role: 'aflevering', ready_local: '2026-12-04 15:00:00', status: 'ankommet' },
        {
          day: '2026-12-04',
          role: 'klar til afhentning',
          ready_local: '2026-12-04 15:00:00',
          status: 'ankommet',
        },
      ]);
      expect(
        await tx.one('select ready_local from public.owner_bookings where reference = $1', [
          b.reference,
        ]),
      ).toEqual({ ready_local: '2026-12-04 15:00' });
      const feed = await tx.one<{ f: { reference: string; readyAt: string }[] }>(
        `select public.owner_calendar_bookings($1::timestamptz) f`,
        [DURING],
      );
      expect(feed.f.find((x) => x.reference === b.reference)!.readyAt).toBe(
        '2026-12-04T15:00:00+01:00',
      );
      // collected on Thursday after all: Friday's row goes, Thursday's stays
      await setStatus(tx, b.id, 'ready', AT('11:30'));
      await setStatus(tx, b.id, 'collected', AT('11:45'));
      expect(
        await tx.rows(
          'select day::text, status::text from public.owner_agenda_at($2::timestamptz) where reference = $1',
          [b.reference, AT('11:50')],
        ),
      ).toEqual([{ day: DAY, status: 'afhentet' }]);
    });
  });

  it('a new ready time is told once per change, never for the same time', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      await setStatus(tx, b.id, 'arrived', AT('09:55'));
      const ready = (local: string, now = DURING) =>
        tx.one<{ r: string | null; n: number }>(
          `select (x).new_ready_at::text r, (x).ready_revision n
             from (select public.owner_set_ready_time($1, $2::timestamp, $3::timestamptz) x) s`,
          [b.id, local, now],
        );
      // the booked time again: nothing changes, nothing is sent
      expect(await ready(`${DAY} 12:00`)).toEqual({ r: null, n: 0 });
      await ready(`${DAY} 15:00`);
      await ready(`${DAY} 15:00`); // a retry
      let rows = await outbox(tx, b.id, 'car_ready_time');
      expect(rows.map((r) => [r.status, r.idempotency_key])).toEqual([
        ['pending', `car_ready_time:${b.id}:1`],
      ]);
      expect(rows[0]!.payload).toMatchObject({
        newReadyAt: '2026-12-03T15:00:00+01:00',
        previousReadyAt: '2026-12-03T12:00:00+01:00',
      });
      const mail = rendered('car_ready_time', rows[0]!.payload);
      expect(mail.subject).toBe(
        `Ny tid for afhentning: torsdag den 3. december 2026 kl. 15:00 (${b.reference})`,
      );
      expect(mail.text).toContain(
        'Din bil bliver klar torsdag den 3. december 2026 kl. 15:00 i stedet for torsdag den 3. december 2026 kl. 12:00.',
      );

      // sent; a later change is told again, once; a change before that went out supersedes it
      await tx.exec(`update public.email_outbox set status = 'sent' where kind = 'car_ready_time'`);
      await ready(`${DAY} 17:30`);
      await ready(`${DAY} 12:00`); // back to the booked time
      rows = await outbox(tx, b.id, 'car_ready_time');
      expect(rows.map((r) => [r.status, r.idempotency_key])).toEqual([
        ['sent', `car_ready_time:${b.id}:1`],
        ['cancelled', `car_ready_time:${b.id}:2`],
        ['pending', `car_ready_time:${b.id}:3`],
      ]);
      expect(
        await tx.one('select new_ready_at, ready_revision from public.bookings where id = $1', [
          b.id,
        ]),
      ).toEqual({ new_ready_at: null, ready_revision: 3 });
    });
  });

  it('refuses a new ready time in Danish when it cannot be kept', async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      const refused = (local: string, now = DURING) =>
        refusal(tx, 'select public.owner_set_ready_time($1, $2::timestamp, $3::timestamptz)', [
          b.id,
          local,
          now,
        ]);
      expect((await refused(`${DAY} 10:15`)).message).toBe(
        'Den nye færdigtid skal være senere end nu (kl. 10:30).',
      );
      expect((await refused(`${DAY} 09:30`, NOW)).message).toBe(
        'Den nye færdigtid skal være efter afleveringen, 3. december 2026 kl. 10:00.',
      );
      expect((await refused(`${DAY} 21:00`)).message).toBe(
        'Værkstedet har ikke åbent 3. december 2026 kl. 21:00, så kunden kan ikke hente bilen. Vælg en tid i åbningstiden.',
      );
      expect((await refused(null as unknown as string)).message).toBe(
        'Skriv den nye færdigtid i ready_local, f.eks. 01-12-2026 16:00.',
      );
      await setStatus(tx, b.id, 'ready');
      expect((await refused(`${DAY} 15:00`)).message).toBe(
        `Bookingen ${b.reference} er klar og kan ikke få en ny færdigtid. Er bilen alligevel ikke klar, så vælg status ankommet først.`,
      );
    });
  });

  it("the customer's cancel and move links refuse once the car is there", async () => {
    await withRollback(t, async (tx) => {
      const b = await guld(tx);
      const { token } = await tx.one<{ token: string }>(
        `select o.payload ->> 'cancelToken' token from public.email_outbox o
          where o.booking_id = $1 and o.kind = 'booking_confirmation'`,
        [b.id],
      );
      await setStatus(tx, b.id, 'arrived', AT('18:00', '2026-12-02'));
      // well before the notice deadline as far as the clock goes
      const early = '2026-12-01T12:00:00+01:00';
      expect(
        (
          await tx.one<{ r: { state: string } }>('select public.cancel_booking($1, $2) r', [
            token,
            early,
          ])
        ).r.state,
      ).toBe('too_late');
      expect(
        (
          await tx.one<{ r: { state: string } }>('select public.booking_move_info($1, $2) r', [
            token,
            early,
          ])
        ).r.state,
      ).toBe('too_late');
      expect(
        (
          await tx.one<{ r: { status: string } }>(
            `select public.move_booking($1, '2026-12-07'::date, '10:00', true, false, true, 'customer', $2) r`,
            [b.id, early],
          )
        ).r.status,
      ).toBe('too_late');
      expect(
        (await tx.one('select status from public.bookings where id = $1', [b.id])).status,
      ).toBe('arrived');
    });
  });

  it("the owner's table drives it: status, ready_local, and Danish refusals", async () => {
    await withRollback(t, async (tx) => {
      // tomorrow (real clock) opened for the test, so the car may be marked today
      const { tomorrow } = await tx.one<{ tomorrow: string }>(
        `select ((now() at time zone 'Europe/Copenhagen')::date + 1)::text tomorrow`,
      );
      await tx.exec(`delete from public.closed_dates where day = '${tomorrow}'`);
      await tx.exec(
        `insert into public.open_dates (day, opens_at, closes_at) values ('${tomorrow}', '08:00', '18:00')
         on conflict (day) do update set opens_at = '08:00', closes_at = '18:00'`,
      );
      const row = await tx.one<{ reference: string }>(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Guldpakken', $1::timestamp, 'Jens Telefon', '20 30 40 50', 'jens@example.dk')
         returning reference`,
        [`${tomorrow} 09:00`],
      );
      const ref = row.reference;
      const update = (assignment: string) =>
        refusal(tx, `update public.owner_bookings set ${assignment} where reference = $1`, [ref]);
      const stored = () =>
        tx.one<{ status: string; ready_local: string }>(
          'select status, ready_local::text from public.owner_bookings where reference = $1',
          [ref],
        );

      expect((await update(`status = 'udeblevet'`)).message).toBe(
        `Bookingen ${ref} kan først meldes udeblevet fra afleveringstiden, ${Number(tomorrow.slice(8))}. ${
          [
            'januar',
            'februar',
            'marts',
            'april',
            'maj',
            'juni',
            'juli',
            'august',
            'september',
            'oktober',
            'november',
            'december',
          ][Number(tomorrow.slice(5, 7)) - 1]
        } ${tomorrow.slice(0, 4)} kl. 09:00.`,
      );
      expect(await update(`status = 'ankommet'`)).toEqual({});
      expect(await stored()).toEqual({ status: 'ankommet', ready_local: `${tomorrow} 11:00` });
      expect((await update(`status = 'aflyst'`)).message).toContain(
        `Bookingen ${ref} er ankommet og kan ikke sættes til aflyst.`,
      );
      expect((await update(`status = 'klar', ready_local = '${tomorrow} 15:00'`)).message).toBe(
        'Ret ready_local for sig: ikke sammen med status eller drop_off_local.',
      );
      expect((await update(`drop_off_local = '${tomorrow} 10:00'`)).message).toBe(
        `Bookingen ${ref} er ankommet, så tiden kan ikke flyttes. Skal bilen være færdig senere, så ret ready_local.`,
      );
      // typed the Danish way, day-month-year; the same time typed again changes nothing
      const [y, m, d] = tomorrow.split('-');
      expect(await update(`ready_local = '${d}-${m}-${y} kl. 15.00'`)).toEqual({});
      expect(await stored()).toEqual({ status: 'ankommet', ready_local: `${tomorrow} 15:00` });
      expect(await update(`ready_local = '${tomorrow} 15:00'`)).toEqual({});
      expect((await update(`ready_local = 'i morgen'`)).message).toMatch(
        /^ready_local: "i morgen" kan ikke læses som dato og klokkeslæt\./,
      );
      expect(await update(`status = 'klar'`)).toEqual({});
      const id = (
        await tx.one<{ id: string }>('select id from public.bookings where reference = $1', [ref])
      ).id;
      expect((await outbox(tx, id, 'car_ready_time')).length).toBe(1);
      expect((await outbox(tx, id, 'car_ready')).length).toBe(1);
      // not on the list: PostgreSQL refuses it before any trigger (the Table Editor offers only the list)
      expect((await update(`status = 'waxed'`)).code).toBe('22P02');
      expect((await update(`status = null`)).message).toBe(
        'status kan ikke være tom. Vælg på listen: bekræftet, ankommet, klar, afhentet, udeblevet eller aflyst.',
      );
      // the agenda shows the status in Danish
      expect(
        await tx.one('select status, no_shows from public.owner_agenda where reference = $1', [
          ref,
        ]),
      ).toEqual({ status: 'klar', no_shows: 0 });
    });
  });

  describe('no-shows', () => {
    /** A booking of the past marked no_show, `ago` before NOW (history, written directly). */
    async function pastNoShow(tx: Tx, ago: string, phone: string, email: string) {
      await tx.rows(
        `insert into public.bookings (service_id, service_name, duration_minutes, price, booking_date,
                booking_time, drop_off_at, ready_at, customer_name, customer_email, customer_phone, status)
         select $1, 'Guldpakken', 120, 1000, (t at time zone 'Europe/Copenhagen')::date,
                (t at time zone 'Europe/Copenhagen')::time, t, t + interval '2 hours', 'Tidligere Kunde',
                $3, $4, 'no_show'
           from (select $5::timestamptz - $2::interval t) s`,
        [SERVICE.guld, ago, email, phone, NOW],
      );
    }

    it('counts a contact by phone (with or without +45) or e-mail, in the last 12 months', async () => {
      await withRollback(t, async (tx) => {
        await pastNoShow(tx, '1 month', '+4520304050', 'a@example.dk');
        await pastNoShow(tx, '2 months', '99887766', 'Jens@Example.dk');
        await pastNoShow(tx, '13 months', '20304050', 'jens@example.dk');
        const count = (phone: string, email: string) =>
          tx
            .one<{ n: number }>('select public.booking_no_shows($1, $2, $3) n', [phone, email, NOW])
            .then((r) => r.n);
        expect(await count('20304050', 'jens@example.dk')).toBe(2);
        expect(await count('+45 20 30 40 50', '')).toBe(1);
        expect(await count('11223344', 'JENS@example.dk')).toBe(1);
        expect(await count('11223344', 'anden@example.dk')).toBe(0);
      });
    });

    it('the owner marks udeblevet and the agenda counts it for the contact', async () => {
      await withRollback(t, async (tx) => {
        await pastNoShow(tx, '1 month', '+4520304050', 'x@example.dk');
        const b = await guld(tx, '10:00', { phone: '20 30 40 50', email: 'ny@example.dk' });
        expect(
          await tx.one(
            'select no_shows from public.owner_agenda_at($2::timestamptz) where reference = $1',
            [b.reference, NOW],
          ),
        ).toEqual({ no_shows: 1 });
        const feed = await tx.one<{
          f: { reference: string; noShows: number; statusText: string }[];
        }>('select public.owner_calendar_bookings($1::timestamptz) f', [NOW]);
        expect(feed.f.find((x) => x.reference === b.reference)).toMatchObject({
          noShows: 1,
          statusText: 'bekræftet',
        });
        // and the owner's "Ny booking" e-mail says so
        expect(
          await tx.one(
            `select (o.payload ->> 'noShows')::int n from public.email_outbox o
               join public.bookings b on b.id = o.booking_id
              where b.reference = $1 and o.kind = 'owner_notification'`,
            [b.reference],
          ),
        ).toEqual({ n: 1 });
      });
    });

    it('with no_show_requires_call on, refuses only a multi-day job from a contact with a no-show', async () => {
      await withRollback(t, async (tx) => {
        await pastNoShow(tx, '1 month', '+4520304050', 'jens@example.dk');
        await pastNoShow(tx, '13 months', '+4533445566', 'gammel@example.dk');
        // Guldpakken polering (14 hours) from Monday 09:00 runs into Tuesday
        const multi = (phone: string, email: string) =>
          book(tx, {
            serviceId: SERVICE.guldPolering,
            date: '2026-12-07',
            time: '09:00',
            now: NOW,
            phone,
            email,
          }).then((r) => r.status);
        const single = (phone: string, email: string) =>
          book(tx, {
            serviceId: SERVICE.guld,
            date: '2026-12-08',
            time: '10:00',
            now: NOW,
            phone,
            email,
          }).then((r) => r.status);

        // off by default: everybody books as before
        await tx.exec('savepoint setting_off');
        expect(await multi('20 30 40 50', 'ny@example.dk')).toBe('created');
        await tx.exec('rollback to savepoint setting_off');

        await tx.exec(`update public.settings set value = '1' where key = 'no_show_requires_call'`);
        expect(await multi('20 30 40 50', 'ny@example.dk')).toBe('no_show_call');
        expect(await multi('31 22 33 44', 'JENS@example.dk')).toBe('no_show_call');
        await tx.exec('savepoint single_day');
        expect(await single('20 30 40 50', 'jens@example.dk')).toBe('created');
        await tx.exec('rollback to savepoint single_day');
        await tx.exec('savepoint other_contact');
        expect(await multi('44 55 66 77', 'anden@example.dk')).toBe('created');
        await tx.exec('rollback to savepoint other_contact');
        // a no-show more than 12 months ago no longer counts
        expect(await multi('33 44 55 66', 'gammel@example.dk')).toBe('created');
        // nothing was booked by the refusals
        expect(
          (
            await tx.one<{ n: number }>(
              `select count(*)::int n from public.bookings where customer_email = 'ny@example.dk'`,
            )
          ).n,
        ).toBe(0);
      });
    });

    it('the setting is 0 or 1, refused in Danish otherwise', async () => {
      await withRollback(t, async (tx) => {
        expect(
          (await tx.one(`select value from public.settings where key = 'no_show_requires_call'`))
            .value,
        ).toBe('0');
        const r = await refusal(
          tx,
          `update public.settings set value = 'ja' where key = 'no_show_requires_call'`,
        );
        expect(r.message).toBe(
          'no_show_requires_call skal være et helt tal fra 0 til 1 (1 = ja, 0 = nej), uden tekst og enhed, f.eks. 1. "ja" kan ikke bruges.',
        );
      });
    });
  });
});
