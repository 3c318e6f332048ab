// Closing a day that already has bookings tells the owner in the same edit: the saved closed_dates
// row names the bookings on the day (a period's first row: the whole period) with reference,
// customer name, phone and times, the owner gets one e-mail per closing listing them, and the day
// is closed at once for new bookings. A change of the weekly opening hours that would leave a future
// booking outside them is refused in Danish, naming the bookings. On PGlite and PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { renderEmail, type RenderContext } from '../functions/_shared/email/templates.ts';
import {
  BACKENDS,
  book,
  refusal,
  SERVICE,
  slots,
  sqlState,
  withRollback,
  type Tx,
} from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const BOOKED_AT = '2030-03-05T10:00:00+01:00'; // Tuesday
const CTX: RenderContext = {
  siteUrl: 'https://glanspunkt.example',
  openingHours: [],
  cancellationNoticeHours: 24,
  ownerEmail: 'ejer@glanspunkt.example',
};
const THU = '2030-03-07';
const FRI = '2030-03-08';
const SAT = '2030-03-09';
const SUN = '2030-03-10';
const MON = '2030-03-11';

/** Books a Friday->Saturday polish (08:00 to 15:00) and a Thursday wash for named customers. */
async function week(tx: Tx) {
  const polish = await book(tx, {
    serviceId: SERVICE.guldPolering,
    date: FRI,
    time: '08:00',
    name: 'Anders Jensen',
    phone: '20112233',
    now: BOOKED_AT,
  });
  const wash = await book(tx, {
    serviceId: SERVICE.guld,
    date: THU,
    time: '10:00',
    name: 'Bente Holm',
    phone: '+45 30 40 50 60',
    now: BOOKED_AT,
  });
  expect([polish.status, wash.status]).toEqual(['created', 'created']);
  return {
    polish: `${polish.reference} Anders Jensen +45 20 11 22 33 (aflevering 8. marts 2030 kl. 08:00, klar 9. marts 2030 kl. 15:00)`,
    wash: `${wash.reference} Bente Holm +45 30 40 50 60 (aflevering 7. marts 2030 kl. 10:00, klar 7. marts 2030 kl. 12:00)`,
  };
}

async function close(tx: Tx, day: string, lastDay: string | null = null): Promise<string> {
  const [row] = await tx.rows<{ affected_bookings: string }>(
    `insert into public.closed_dates (day, last_day, reason) values ($1, $2, 'Syg')
     returning affected_bookings`,
    [day, lastDay],
  );
  return row!.affected_bookings;
}

describe.each(BACKENDS)('closing a day with bookings on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('a day closed over a booking names that booking on the saved row', () =>
    withRollback(t, async (tx) => {
      const b = await week(tx);
      // the pickup day of the polish
      expect(await close(tx, SAT)).toBe(`Flyt eller aflys i owner_bookings: ${b.polish}`);
      // closed at once: nothing more can be booked that day
      expect((await slots(tx, SERVICE.solv, SAT, BOOKED_AT)).slots).toEqual([]);
      // the booking is left for the owner to move or cancel, not changed behind their back
      expect(
        await tx.rows(`select status from public.bookings where customer_name = 'Anders Jensen'`),
      ).toEqual([{ status: 'confirmed' }]);
    }));

  it('a day without bookings says so', () =>
    withRollback(t, async (tx) => {
      await week(tx);
      expect(await close(tx, '2030-03-12')).toBe('Ingen bookinger.');
    }));

  it("a period's first row names every booking of the period, each day's row its own", () =>
    withRollback(t, async (tx) => {
      const b = await week(tx);
      expect(await close(tx, THU, SUN)).toBe(
        `Flyt eller aflys i owner_bookings: ${b.wash}; ${b.polish}`,
      );
      expect(
        await tx.rows(
          `select day::text, affected_bookings from public.closed_dates where day > $1 order by day`,
          [THU],
        ),
      ).toEqual([
        { day: FRI, affected_bookings: `Flyt eller aflys i owner_bookings: ${b.polish}` },
        { day: SAT, affected_bookings: `Flyt eller aflys i owner_bookings: ${b.polish}` },
        { day: SUN, affected_bookings: 'Ingen bookinger.' },
      ]);
    }));

  it('names no cancelled booking, and no car only waiting over a day closed anyway', () =>
    withRollback(t, async (tx) => {
      // 18 hours: Friday, Saturday, waits over Sunday, ready Monday 12:00
      const premium = await book(tx, {
        serviceId: SERVICE.premiumPolering,
        date: FRI,
        time: '08:00',
        now: BOOKED_AT,
      });
      expect(premium.status).toBe('created');
      expect(await close(tx, SUN)).toBe('Ingen bookinger.');
      expect(await close(tx, MON)).toContain(premium.reference);
      await tx.rows(`update public.bookings set status = 'cancelled' where reference = $1`, [
        premium.reference,
      ]);
      expect(await close(tx, SAT)).toBe('Ingen bookinger.');
    }));

  it('names no job that is already over (a day closed afterwards, for the record)', () =>
    withRollback(t, async (tx) => {
      await tx.rows(
        `insert into public.bookings (service_id, service_name, duration_minutes, price, booking_date,
           booking_time, drop_off_at, ready_at, customer_name, customer_email, customer_phone)
         values ($1, 'Guldpakken', 120, 399, '2026-01-05', '10:00', '2026-01-05T09:00:00Z',
                 '2026-01-05T11:00:00Z', 'Overstået', '', '21345678')`,
        [SERVICE.guld],
      );
      expect(await close(tx, '2026-01-05')).toBe('Ingen bookinger.');
    }));

  it("the list is the database's: typed text is replaced, and saving again brings it up to date", () =>
    withRollback(t, async (tx) => {
      const b = await week(tx);
      const [row] = await tx.rows<{ affected_bookings: string }>(
        `insert into public.closed_dates (day, affected_bookings) values ($1, 'ingen')
         returning affected_bookings`,
        [FRI],
      );
      expect(row!.affected_bookings).toBe(`Flyt eller aflys i owner_bookings: ${b.polish}`);
      // the owner moves the polish to next week, then saves the row again
      await tx.rows(
        `update public.owner_bookings set drop_off_local = '2030-03-12 09:00'
          where customer_name = 'Anders Jensen'`,
      );
      expect(
        await tx.rows(
          `update public.closed_dates set reason = 'Syg' where day = $1 returning affected_bookings`,
          [FRI],
        ),
      ).toEqual([{ affected_bookings: 'Ingen bookinger.' }]);
    }));

  it('the owner gets one e-mail per closing with bookings, listing them', () =>
    withRollback(t, async (tx) => {
      await week(tx);
      const alerts = () =>
        tx.rows<{ recipient: string | null; payload: Record<string, unknown> }>(
          `select recipient, payload from public.email_outbox
            where kind = 'owner_notification' and payload ->> 'alert' = 'closed_day'
            order by created_at, id`,
        );
      // a period over both bookings: one e-mail, not one per day
      await close(tx, THU, SAT);
      // a day without bookings, and a save of the reason alone: none
      await close(tx, '2030-03-12');
      await tx.rows(`update public.closed_dates set reason = 'Stadig syg' where day = $1`, [THU]);
      const sent = await alerts();
      expect(sent).toHaveLength(1);
      expect(sent[0]!.recipient).toBeNull();
      expect(sent[0]!.payload).toMatchObject({
        alert: 'closed_day',
        from: THU,
        to: SAT,
        bookings: [
          {
            customerName: 'Bente Holm',
            customerPhone: '+4530405060',
            dropOff: '2030-03-07T10:00:00+01:00',
          },
          {
            customerName: 'Anders Jensen',
            customerPhone: '+4520112233',
            serviceName: 'Guldpakken polering',
            dropOff: '2030-03-08T08:00:00+01:00',
            readyAt: '2030-03-09T15:00:00+01:00',
          },
        ],
      });
      const mail = renderEmail(
        {
          id: '00000000-0000-4000-8000-000000000001',
          kind: 'owner_notification',
          recipient: null,
          payload: sent[0]!.payload,
          idempotencyKey: 'owner_alert:closed_day:x',
          attempts: 0,
          createdAt: '2030-03-05T09:00:00Z',
        },
        CTX,
      );
      expect(mail.subject).toBe(
        'Lukket torsdag den 7. marts 2030 til lørdag den 9. marts 2030: 2 bookinger skal flyttes eller aflyses',
      );
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Anders Jensen · tlf. +45 20 11 22 33');
        expect(body).toContain('afleveres fredag den 8. marts 2030 kl. 08:00');
        expect(body).toContain('owner_bookings');
      }
    }));

  it.each(['anon', 'authenticated'])('%s cannot read the list (names and phones)', (role) =>
    withRollback(t, async (tx) => {
      await tx.exec(`set local role ${role}`);
      expect(await sqlState(tx, 'select affected_bookings from public.closed_dates')).toBe('42501');
      expect(await sqlState(tx, 'select day from public.closed_dates')).toBe(undefined);
    }),
  );

  it('an opening-hours change that leaves a booking outside is refused, naming it', () =>
    withRollback(t, async (tx) => {
      const b = await week(tx);
      expect(
        await refusal(
          tx,
          `update public.opening_hours set opens_at = null, closes_at = null where weekday = 6`,
        ),
      ).toEqual({
        code: '23514',
        message: `Åbningstiden kan ikke ændres: der er bookinger om lørdagen, som så ligger uden for åbningstiden: ${b.polish}. Flyt eller aflys dem først i owner_bookings, og ret så åbningstiden igen. Vil du stoppe nye bookinger med det samme, så luk de enkelte dage i closed_dates.`,
      });
      // shorter hours that cut into the job, too
      expect(
        (await refusal(tx, `update public.opening_hours set closes_at = '14:00' where weekday = 6`))
          .code,
      ).toBe('23514');
      // hours that keep every booking inside are saved
      expect(
        await refusal(
          tx,
          `update public.opening_hours set opens_at = '09:00', closes_at = '15:00' where weekday = 6`,
        ),
      ).toEqual({});
      // a weekday without bookings closes
      expect(
        await refusal(
          tx,
          `update public.opening_hours set opens_at = null, closes_at = null where weekday = 3`,
        ),
      ).toEqual({});
    }));
});
