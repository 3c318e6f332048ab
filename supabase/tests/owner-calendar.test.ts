// The owner's calendar feed: the owner-calendar function over HTTP on the embedded stack (PGlite and
// PostgreSQL 15) with bookings across both DST changes, a cancelled and an old booking; a missing or
// wrong secret is a bare 404; the file is valid iCalendar (parsed with ical.js, times resolved
// through its VTIMEZONE).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { buildOwnerFeed, secretMatches } from '../functions/_shared/owner-calendar.ts';
import { ADDON, BACKENDS, liftBookingCaps, SERVICE } from './helpers/sql.ts';

const SECRET = 'test-owner-calendar-secret-0123456789abcdef';

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  status: string;
  sequence: number;
  start: string;
  end: string;
}

/** Parses a feed with ical.js and resolves each event's times through the feed's VTIMEZONE. */
function parseFeed(text: string): { cal: ICAL.Component; events: FeedEvent[] } {
  const cal = new ICAL.Component(ICAL.parse(text));
  const vtz = cal.getFirstSubcomponent('vtimezone')!;
  expect(vtz.getFirstPropertyValue('tzid')).toBe('Europe/Copenhagen');
  const tz = new ICAL.Timezone(vtz);
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    const start = e.startDate.clone();
    start.zone = tz;
    const end = e.endDate.clone();
    end.zone = tz;
    expect(v.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Copenhagen');
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      status: String(v.getFirstPropertyValue('status')),
      sequence: Number(v.getFirstPropertyValue('sequence')),
      start: start.toJSDate().toISOString(),
      end: end.toJSDate().toISOString(),
    };
  });
  return { cal, events };
}

describe('owner feed file', () => {
  it('is valid iCalendar: CRLF, folded lines, one event per booking spanning its days', () => {
    const text = buildOwnerFeed([
      {
        reference: 'K7M2QX9D',
        status: 'confirmed',
        serviceName: 'Premiumpakken polering',
        price: 3600,
        customerName: 'Mette Hansen',
        customerPhone: '+45 11 22 33 44',
        customerEmail: 'mette@example.dk',
        notes: 'Ridse på døren, bagsmækken; og taget',
        carPlate: 'AB 12 345',
        job: {
          carSizeName: 'Stor bil (SUV, stationcar, 7-personers)',
          addons: [{ name: 'Motorvask' }, { name: 'Ozonbehandling' }],
        },
        dropOff: '2026-03-27T08:00:00+01:00',
        readyAt: '2026-03-30T12:00:00+02:00',
        sequence: 2,
        createdAt: '2026-03-01T10:00:00Z',
        updatedAt: '2026-03-02T10:00:00Z',
        periods: [
          ['2026-03-27T08:00:00+01:00', '2026-03-27T17:00:00+01:00'],
          ['2026-03-28T10:00:00+01:00', '2026-03-28T16:00:00+01:00'],
          ['2026-03-30T09:00:00+02:00', '2026-03-30T12:00:00+02:00'],
        ],
      },
    ]);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const { cal, events } = parseFeed(text);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Glanspunkt bookinger');
    expect(events).toEqual([
      {
        uid: 'owner-booking-K7M2QX9D@glanspunkt',
        summary: 'Premiumpakken polering – Mette Hansen',
        description: expect.stringContaining('Telefon: +45 11 22 33 44'),
        status: 'CONFIRMED',
        sequence: 2,
        // Friday 08:00 winter time to Monday 12:00 summer time
        start: '2026-03-27T07:00:00.000Z',
        end: '2026-03-30T10:00:00.000Z',
      },
    ]);
    expect(events[0]!.description).toContain('Bemærkninger: Ridse på døren, bagsmækken; og taget');
    // the job besides the package, then its whole price
    expect(events[0]!.description).toContain(
      'Bilstørrelse: Stor bil (SUV, stationcar, 7-personers)\nTilvalg: Motorvask, Ozonbehandling\nPris: 3.600 kr.',
    );
    expect(events[0]!.description).toContain(
      'Arbejdstid: fredag den 27. marts 2026 08:00-17:00, lørdag den 28. marts 2026 10:00-16:00, mandag den 30. marts 2026 09:00-12:00',
    );
  });

  it("shows the car's status in Danish and the contact's no-shows", () => {
    const car = {
      reference: 'K7M2QX9D',
      serviceName: 'Guldpakken',
      price: 1000,
      customerName: 'Mette Hansen',
      customerPhone: '+45 11 22 33 44',
      customerEmail: 'mette@example.dk',
      notes: '',
      carPlate: '',
      dropOff: '2026-12-03T10:00:00+01:00',
      readyAt: '2026-12-03T12:00:00+01:00',
      sequence: 0,
      createdAt: '2026-12-01T10:00:00Z',
      updatedAt: '2026-12-03T11:00:00Z',
      periods: [['2026-12-03T10:00:00+01:00', '2026-12-03T12:00:00+01:00']] as [string, string][],
    };
    const { events } = parseFeed(
      buildOwnerFeed([
        { ...car, status: 'ready', statusText: 'klar', noShows: 2 },
        { ...car, reference: 'AAAABBBB', status: 'confirmed', statusText: 'bekræftet', noShows: 1 },
      ]),
    );
    expect(events.map((e) => e.summary)).toEqual([
      'Klar: Guldpakken – Mette Hansen',
      'Guldpakken – Mette Hansen',
    ]);
    expect(events[0]!.description).toMatch(/^Status: klar\n/);
    expect(events[0]!.description).toContain('Udeblevet: 2 gange de seneste 12 måneder');
    expect(events[1]!.description).toMatch(/^Status: bekræftet\n/);
    expect(events[1]!.description).toContain('Udeblevet: 1 gang de seneste 12 måneder');
    expect(events.map((e) => e.status)).toEqual(['CONFIRMED', 'CONFIRMED']);
  });

  it('compares the secret in full, and refuses an unset or short configured secret', async () => {
    expect(await secretMatches(SECRET, SECRET)).toBe(true);
    expect(await secretMatches(`${SECRET}x`, SECRET)).toBe(false);
    expect(await secretMatches(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(await secretMatches('', SECRET)).toBe(false);
    expect(await secretMatches(null, SECRET)).toBe(false);
    expect(await secretMatches('kort', 'kort')).toBe(false);
    expect(await secretMatches(SECRET, undefined)).toBe(false);
  });
});

describe.each(BACKENDS)('owner-calendar function on %s', (backend) => {
  let stack: TestStack;
  let saved: string | undefined;
  const refs: Record<string, string> = {};

  const feed = (query: string, method = 'GET') =>
    fetch(`${stack.url}/functions/v1/owner-calendar${query}`, { method });

  async function book(
    key: string,
    date: string,
    time: string,
    serviceId: string,
    now: string,
    job: { carSize?: string; addonIds?: string[] } = {},
  ) {
    const [row] = await stack.query<{ r: { status: string; reference: string } }>(
      `select public.create_booking(
         jsonb_populate_record(null::public.booking_request, jsonb_build_object(
           'service_id', $1::uuid, 'booking_date', $2::date, 'booking_time', $3::text,
           'customer_name', $4::text, 'customer_email', $5::text,
           'customer_phone', '+45 22 33 44 55', 'notes', 'Nøgle i postkassen',
           'car_size', $8::text, 'addon_ids', $9::uuid[])),
         null, $6, $7::timestamptz) r`,
      [
        serviceId,
        date,
        time,
        `Kunde ${key}`,
        `${key}@example.dk`,
        `10.9.9.${Object.keys(refs).length + 1}`,
        now,
        job.carSize ?? null,
        job.addonIds ?? null,
      ],
    );
    expect(row!.r.status, key).toBe('created');
    refs[key] = row!.r.reference;
  }

  /** A Friday before a DST Sunday, its day of the month and year. */
  type Weekend = {
    friday: string;
    day: number;
    year: number;
  };
  let spring: Weekend;
  let autumn: Weekend;
  const plus = (w: Weekend, days: number) =>
    new Date(Date.parse(`${w.friday}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const daysBefore = (w: Weekend, days: number) =>
    new Date(Date.parse(`${w.friday}T10:00:00Z`) - days * 86_400_000).toISOString();

  /**
   * The first last-Sunday-of-the-month (the DST change) at least two weeks ahead whose Friday opens
   * at 08:00, Saturday is open, Monday opens at 09:00 and the Wednesdays before and after are open:
   * no public holiday in the way (the last Sunday of March is Easter Sunday in some years).
   */
  async function dstWeekend(month: number): Promise<Weekend> {
    const [row] = await stack.query<Weekend>(
      `with s as (
         select (date_trunc('month', make_date(y, $1, 1)) + interval '1 month - 1 day')::date as last
           from generate_series(extract(year from now())::int, extract(year from now())::int + 10) y
       ), sun as (select last - extract(dow from last)::int as d from s)
       select to_char(d - 2, 'YYYY-MM-DD') friday, extract(day from d - 2)::int as day,
              extract(year from d)::int as year
         from sun
        where d - 2 >= (now() at time zone 'Europe/Copenhagen')::date + 14
          and exists (select 1 from public.booking_day_hours(d - 2) h
                       where to_char(h.opens_at at time zone 'Europe/Copenhagen', 'HH24:MI') = '08:00')
          and exists (select 1 from public.booking_day_hours(d - 1))
          and exists (select 1 from public.booking_day_hours(d + 1) h
                       where to_char(h.opens_at at time zone 'Europe/Copenhagen', 'HH24:MI') = '09:00')
          and exists (select 1 from public.booking_day_hours(d - 4))
          and exists (select 1 from public.booking_day_hours(d + 3))
        order by d limit 1`,
      [month],
    );
    return row!;
  }

  beforeAll(async () => {
    saved = process.env.OWNER_CALENDAR_SECRET;
    process.env.OWNER_CALENDAR_SECRET = SECRET;
    stack = await startTestStack({ backend });
    await liftBookingCaps((sql, params) => stack.query(sql, params));
    // 18-hour polishes over a weekend with a DST change, the next spring one and the next autumn
    // one from the clock (the feed shows the bookings from a week ago on)
    spring = await dstWeekend(3);
    autumn = await dstWeekend(10);
    await book('spring', spring.friday, '08:00', SERVICE.premiumPolering, daysBefore(spring, 23));
    await book('autumn', autumn.friday, '08:00', SERVICE.premiumPolering, daysBefore(autumn, 28));
    // a big car with an engine wash: 499 + 299 kr
    await book('cancelled', plus(autumn, -2), '10:00', SERVICE.guld, daysBefore(autumn, 28), {
      carSize: 'stor-bil',
      addonIds: [ADDON.motorvask],
    });
    await stack.query(`update public.bookings set status = 'cancelled' where reference = $1`, [
      refs.cancelled,
    ]);
    // over more than 7 days before today: not in the feed
    await book('old', '2026-10-14', '10:00', SERVICE.guld, '2026-10-01T10:00:00+02:00');
  });

  afterAll(async () => {
    await stack?.stop();
    if (saved === undefined) delete process.env.OWNER_CALENDAR_SECRET;
    else process.env.OWNER_CALENDAR_SECRET = saved;
  });

  it('a missing or wrong secret, or another method, is a bare 404', async () => {
    for (const [query, method] of [
      ['', 'GET'],
      ['?secret=', 'GET'],
      [`?secret=${SECRET.slice(0, -1)}`, 'GET'],
      [`?secret=${SECRET}x`, 'GET'],
      [`?secret=${SECRET}`, 'POST'],
      [`?secret=${SECRET}`, 'DELETE'],
    ] as const) {
      const res = await feed(query, method);
      expect(res.status, `${method} ${query}`).toBe(404);
      expect(await res.text()).toBe('');
    }
  });

  it('serves every booking as text/calendar, across both DST changes, cancelled ones marked', async () => {
    const res = await feed(`?secret=${encodeURIComponent(SECRET)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const { events } = parseFeed(await res.text());
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(byUid.has(`owner-booking-${refs.old}@glanspunkt`)).toBe(false);

    const springEvent = byUid.get(`owner-booking-${refs.spring}@glanspunkt`)!;
    // Friday 08:00 CET to Monday 12:00 CEST
    expect([springEvent.start, springEvent.end]).toEqual([
      `${spring.friday}T07:00:00.000Z`,
      `${plus(spring, 3)}T10:00:00.000Z`,
    ]);
    expect(springEvent).toMatchObject({
      summary: 'Premiumpakken polering – Kunde spring',
      status: 'CONFIRMED',
      sequence: 0,
    });
    expect(springEvent.description).toContain('Telefon: +45 22 33 44 55');
    expect(springEvent.description).toContain('Bemærkninger: Nøgle i postkassen');
    expect(springEvent.description).toContain(
      'Bilstørrelse: Almindelig personbil\nPris: 3.600 kr.',
    );
    expect(springEvent.description).not.toContain('Tilvalg');
    expect(springEvent.description).toContain(
      `Arbejdstid: fredag den ${spring.day}. marts ${spring.year} 08:00-17:00`,
    );

    const autumnEvent = byUid.get(`owner-booking-${refs.autumn}@glanspunkt`)!;
    // Friday 08:00 CEST to Monday 12:00 CET
    expect([autumnEvent.start, autumnEvent.end]).toEqual([
      `${autumn.friday}T06:00:00.000Z`,
      `${plus(autumn, 3)}T11:00:00.000Z`,
    ]);

    const cancelled = byUid.get(`owner-booking-${refs.cancelled}@glanspunkt`)!;
    expect(cancelled).toMatchObject({
      status: 'CANCELLED',
      sequence: 1,
      summary: 'Aflyst: Guldpakken – Kunde cancelled',
    });
    expect(cancelled.description).toContain(
      'Bilstørrelse: Stor bil (SUV, stationcar, 7-personers)\nTilvalg: Motorvask\nPris: 798 kr.',
    );

    // the same content on the next fetch (stable UIDs, nothing changed)
    const again = await (await feed(`?secret=${encodeURIComponent(SECRET)}`)).text();
    expect(parseFeed(again).events).toEqual(events);
  });

  it('a moved booking keeps its UID and raises its SEQUENCE', async () => {
    const [b] = await stack.query<{ id: string }>(
      'select id::text from public.bookings where reference = $1',
      [refs.autumn],
    );
    const [moved] = await stack.query<{ r: { status: string } }>(
      `select public.move_booking($1, $2::date, '09:00', false, false, false, 'owner', $3::timestamptz) r`,
      [b!.id, plus(autumn, 5), daysBefore(autumn, 27)],
    );
    expect(moved!.r.status).toBe('moved');
    const { events } = parseFeed(
      await (await feed(`?secret=${encodeURIComponent(SECRET)}`)).text(),
    );
    const autumnEvent = events.find((e) => e.uid === `owner-booking-${refs.autumn}@glanspunkt`)!;
    expect(autumnEvent.sequence).toBe(1);
    // the Wednesday after, 09:00 CET
    expect(autumnEvent.start).toBe(`${plus(autumn, 5)}T08:00:00.000Z`);
  });
});
