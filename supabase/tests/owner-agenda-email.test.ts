// The owner's morning agenda (public.queue_owner_agenda) with a fixed clock, on PGlite and
// PostgreSQL 15: off by default, at 07:00 Copenhagen time (winter and summer time) on opening days
// only, once per day however often it is called, with the day's drop-offs, pick-ups and the cars
// in between (the roles of owner_agenda); and the e-mail it becomes.
import { describe, expect, it } from 'vitest';
import {
  renderEmail,
  type OutboxMessage,
  type RenderContext,
} from '../functions/_shared/email/templates.ts';
import { ADDON, BACKENDS, book, SERVICE, withRollback, type Tx } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const BOOKED_AT = '2026-11-22T11:00:00+01:00';
const THU = '2026-12-10';

async function queue(tx: Tx, now: string): Promise<number> {
  return (await tx.one<{ n: number }>('select public.queue_owner_agenda($1::timestamptz) n', [now]))
    .n;
}

async function enable(tx: Tx) {
  await tx.rows(`update public.settings set value = '1' where key = 'owner_agenda_email'`);
}

async function agendas(tx: Tx) {
  return tx.rows<{
    idempotency_key: string;
    recipient: string | null;
    payload: Record<string, unknown>;
  }>(
    `select idempotency_key, recipient, payload from public.email_outbox
      where kind = 'owner_agenda' order by idempotency_key`,
  );
}

const CTX: RenderContext = {
  siteUrl: 'https://glanspunkt.example',
  openingHours: [],
  cancellationNoticeHours: 24,
  ownerEmail: 'ejer@glanspunkt.example',
};

describe.each(BACKENDS)('morning agenda e-mail on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('is off by default', () =>
    withRollback(t, async (tx) => {
      const setting = await tx.one<{ value: string }>(
        `select value from public.settings where key = 'owner_agenda_email'`,
      );
      expect(setting.value).toBe('0');
      expect(await queue(tx, `${THU}T07:30:00+01:00`)).toBe(0);
      expect(await agendas(tx)).toEqual([]);
    }));

  it('queues one e-mail from 07:00 on an opening day, and only one per day', () =>
    withRollback(t, async (tx) => {
      await enable(tx);
      expect(await queue(tx, `${THU}T06:59:59+01:00`)).toBe(0);
      expect(await queue(tx, `${THU}T07:00:00+01:00`)).toBe(1);
      expect(await queue(tx, `${THU}T07:00:30+01:00`)).toBe(0);
      expect(await queue(tx, `${THU}T08:00:00+01:00`)).toBe(0);
      // sent meanwhile: still not again that day
      await tx.rows(`update public.email_outbox set status = 'sent' where kind = 'owner_agenda'`);
      expect(await queue(tx, `${THU}T15:00:00+01:00`)).toBe(0);
      expect(await queue(tx, '2026-12-11T07:00:00+01:00')).toBe(1);
      expect((await agendas(tx)).map((a) => [a.idempotency_key, a.recipient])).toEqual([
        ['owner_agenda:2026-12-10', null],
        ['owner_agenda:2026-12-11', null],
      ]);
    }));

  it('skips closed days: Sunday and a public holiday', () =>
    withRollback(t, async (tx) => {
      await enable(tx);
      expect(await queue(tx, '2026-12-13T09:00:00+01:00')).toBe(0); // Sunday
      expect(await queue(tx, '2026-12-25T09:00:00+01:00')).toBe(0); // Juledag
      expect(await agendas(tx)).toEqual([]);
    }));

  it('follows Copenhagen time across the DST change (07:00 is 05:00 UTC in summer)', () =>
    withRollback(t, async (tx) => {
      await enable(tx);
      // Monday 30 March 2026, the day after summer time began
      expect(await queue(tx, '2026-03-30T04:59:59Z')).toBe(0);
      expect(await queue(tx, '2026-03-30T05:00:00Z')).toBe(1);
      // Monday 26 October 2026, the day after it ended: 07:00 is 06:00 UTC
      expect(await queue(tx, '2026-10-26T05:30:00Z')).toBe(0);
      expect(await queue(tx, '2026-10-26T06:00:00Z')).toBe(1);
    }));

  it("lists the day's drop-offs and pick-ups with package, car size, add-ons, customer, phone, car plate and notes", () =>
    withRollback(t, async (tx) => {
      await enable(tx);
      const guld = await book(tx, {
        serviceId: SERVICE.guld,
        date: THU,
        time: '13:00',
        name: 'Mette Hansen',
        phone: '+45 31 22 33 44',
        notes: 'Ridse på døren',
        carPlate: 'AB 12 345',
        // a big car (30 min more) with an engine wash (30 min): 3 hours
        carSize: 'stor-bil',
        addonIds: [ADDON.motorvask],
        now: BOOKED_AT,
      });
      // a two-day polish dropped off on Wednesday is picked up on Thursday
      const polish = await book(tx, {
        serviceId: SERVICE.guldPolering,
        date: '2026-12-09',
        time: '09:00',
        name: 'Ole Berg',
        now: BOOKED_AT,
      });
      const cancelled = await book(tx, {
        serviceId: SERVICE.solv,
        date: THU,
        time: '17:00',
        now: BOOKED_AT,
      });
      await tx.rows(`update public.bookings set status = 'cancelled' where reference = $1`, [
        cancelled.reference,
      ]);
      expect(await queue(tx, `${THU}T07:00:00+01:00`)).toBe(1);
      const [agenda] = await agendas(tx);
      expect(agenda!.payload).toEqual({
        day: THU,
        dropOffs: [
          {
            reference: guld.reference,
            serviceName: 'Guldpakken',
            customerName: 'Mette Hansen',
            customerPhone: '+4531223344',
            // what the customer told, by name (booking_contact): the address too
            customerEmail: expect.stringMatching(/@example\.dk$/),
            carPlate: 'AB 12 345',
            notes: 'Ridse på døren',
            // the job as booked (booking_summary's): the line names the size and the add-ons
            job: {
              carSize: 'stor-bil',
              carSizeName: 'Stor bil (SUV, stationcar, 7-personers)',
              packagePrice: 499,
              addons: [{ name: 'Motorvask', price: 299 }],
            },
            dropOff: '2026-12-10T13:00:00+01:00',
            readyAt: '2026-12-10T16:00:00+01:00',
          },
        ],
        pickUps: [
          expect.objectContaining({
            reference: polish.reference,
            customerName: 'Ole Berg',
            job: expect.objectContaining({ carSizeName: 'Almindelig personbil', addons: [] }),
            dropOff: '2026-12-09T09:00:00+01:00',
            readyAt: '2026-12-10T12:00:00+01:00',
          }),
          expect.objectContaining({ reference: guld.reference }),
        ],
        // no car is between its drop-off and pickup day today
        working: [],
        // no e-mail was given up (email-given-up-alert.test.ts lists them)
        givenUp: [],
      });

      const message: OutboxMessage = {
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'owner_agenda',
        recipient: null,
        payload: agenda!.payload,
        idempotencyKey: agenda!.idempotency_key,
        attempts: 1,
        createdAt: '2026-12-10T06:00:00Z',
      };
      const mail = renderEmail(message, CTX);
      expect(mail.subject).toBe(
        'Dagens program torsdag den 10. december 2026: 1 aflevering, 2 afhentninger',
      );
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Afleveringer');
        expect(body).toContain('Afhentninger');
        expect(body).toContain(
          'kl. 13:00 · Guldpakken · Stor bil (SUV, stationcar, 7-personers) · tilvalg Motorvask · Mette Hansen · tlf. +45 31 22 33 44 · nummerplade AB 12 345',
        );
        expect(body).toContain('Bemærkninger: Ridse på døren');
        expect(body).toContain('kl. 12:00 · Guldpakken polering · Almindelig personbil · Ole Berg');
        expect(body).toContain('kl. 16:00 · Guldpakken · Stor bil (SUV, stationcar, 7-personers)');
      }
      expect(mail.text).not.toContain(cancelled.reference!);
    }));

  it("Saturday's e-mail lists Friday's polish to be picked up, and a longer job in the workshop", () =>
    withRollback(t, async (tx) => {
      await enable(tx);
      await tx.rows(`update public.settings set value = '2' where key = 'workshop_capacity'`);
      // 14 hours: Friday 08:00-17:00, Saturday 10:00-15:00
      const polish = await book(tx, {
        serviceId: SERVICE.guldPolering,
        date: '2026-12-11',
        time: '08:00',
        name: 'Anders Jensen',
        now: BOOKED_AT,
      });
      // 18 hours: Friday, all of Saturday, ready Monday 12:00
      const premium = await book(tx, {
        serviceId: SERVICE.premiumPolering,
        date: '2026-12-11',
        time: '08:00',
        name: 'Lang Tid',
        now: BOOKED_AT,
      });
      expect(await queue(tx, '2026-12-12T07:00:00+01:00')).toBe(1);
      const [agenda] = await agendas(tx);
      expect(agenda!.payload).toMatchObject({
        day: '2026-12-12',
        dropOffs: [],
        pickUps: [
          expect.objectContaining({
            reference: polish.reference,
            readyAt: '2026-12-12T15:00:00+01:00',
          }),
        ],
        working: [expect.objectContaining({ reference: premium.reference, role: 'arbejde' })],
      });
      const mail = renderEmail(
        {
          id: '00000000-0000-4000-8000-000000000003',
          kind: 'owner_agenda',
          recipient: null,
          payload: agenda!.payload,
          idempotencyKey: agenda!.idempotency_key,
          attempts: 1,
          createdAt: '2026-12-12T06:00:00Z',
        },
        CTX,
      );
      expect(mail.subject).toBe(
        'Dagens program lørdag den 12. december 2026: 0 afleveringer, 1 afhentning, 1 i arbejde',
      );
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain(
          'kl. 15:00 · Guldpakken polering · Almindelig personbil · Anders Jensen',
        );
        expect(body).toContain('I værkstedet');
        expect(body).toContain(
          'i arbejde · Premiumpakken polering · Almindelig personbil · Lang Tid',
        );
        expect(body).toContain('klar mandag den 14. december 2026 kl. 12:00');
      }
    }));

  it('an empty day still gets its agenda, saying so', () =>
    withRollback(t, async (tx) => {
      await enable(tx);
      expect(await queue(tx, '2026-12-14T07:10:00+01:00')).toBe(1);
      const [agenda] = await agendas(tx);
      const mail = renderEmail(
        {
          id: '00000000-0000-4000-8000-000000000002',
          kind: 'owner_agenda',
          recipient: null,
          payload: agenda!.payload,
          idempotencyKey: agenda!.idempotency_key,
          attempts: 1,
          createdAt: '2026-12-14T06:10:00Z',
        },
        CTX,
      );
      expect(mail.text).toContain('Ingen afleveringer i dag.');
      expect(mail.text).toContain('Ingen afhentninger i dag.');
    }));
});
