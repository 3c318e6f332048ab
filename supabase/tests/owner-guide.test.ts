// docs/owner.md performed as written: every section of the owner's guide is either performed here
// through /rest/v1 with the service role key (what the dashboard's Table Editor sends), with the
// guide's own example values taken from its code spans, or listed with the reason it is not a step
// the database takes. A new section without a performer, or a performer whose section is gone,
// fails. Dates in the examples are moved to future days the workshop is open, keeping the format
// the guide writes them in (the test runs on the real clock). Runs on PGlite and, with
// TEST_DB=postgres, on PostgreSQL 15.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { openDays, eraseBookings } from './helpers/http.ts';
import { SERVICE } from './helpers/sql.ts';

const GUIDE = readFileSync(new URL('../../docs/owner.md', import.meta.url), 'utf8');

/** The guide's sections (## and ###), heading to text, in order. */
function sections(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  let heading: string | null = null;
  for (const line of markdown.split('\n')) {
    const m = /^#{2,3} (.+)$/.exec(line);
    if (m) {
      heading = m[1]!.trim();
      out.set(heading, '');
    } else if (heading) {
      out.set(heading, `${out.get(heading)}${line}\n`);
    }
  }
  return out;
}

const SECTIONS = sections(GUIDE);

/** The code spans of a section: the values the guide tells the owner to type. */
function spans(heading: string): string[] {
  const text = SECTIONS.get(heading);
  if (text === undefined) throw new Error(`docs/owner.md has no section "${heading}"`);
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** The one span of a section that matches, so the test follows a changed example. */
function span(heading: string, pattern: RegExp, nth = 0): string {
  const found = spans(heading).filter((s) => pattern.test(s));
  if (found[nth] === undefined) throw new Error(`"${heading}": no span ${pattern} (#${nth})`);
  return found[nth]!;
}

const MONTHS = [
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
];
const DATE =
  /(\d{4})-(\d{2})-(\d{2})|(\d{1,2})([-./])(\d{1,2})([-.]| )(\d{4})|(\d{1,2})\. (januar|februar|marts|april|maj|juni|juli|august|september|oktober|november|december) (\d{4})/g;

/** The first date written in `text`, as ISO. */
function isoOf(text: string): string {
  const m = new RegExp(DATE.source).exec(text);
  if (!m) throw new Error(`no date in "${text}"`);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (m[1]) return `${m[1]}-${m[2]}-${m[3]}`;
  if (m[4]) return `${m[8]}-${pad(Number(m[6]))}-${pad(Number(m[4]))}`;
  return `${m[11]}-${pad(MONTHS.indexOf(m[10]!) + 1)}-${pad(Number(m[9]))}`;
}

/** `text` with every date in it moved to `iso`, written the way the guide wrote it. */
function shiftTo(text: string, iso: string): string {
  const [y, mo, d] = iso.split('-').map(Number) as [number, number, number];
  const width = (n: number, like: string) => String(n).padStart(like.length, '0');
  return text.replace(DATE, (...m: string[]) => {
    if (m[1]) return iso;
    if (m[4]) return `${width(d, m[4])}${m[5]}${width(mo, m[6]!)}${m[7]}${y}`;
    return `${width(d, m[9]!)}. ${MONTHS[mo - 1]} ${y}`;
  });
}

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T12:00:00Z`) - Date.parse(`${a}T12:00:00Z`)) / 86_400_000);
/** 2027-01-05 as the database writes it in Danish: 5. januar 2027. */
const danishDay = (iso: string) => {
  const [y, mo, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d}. ${MONTHS[mo - 1]} ${y}`;
};

let stack: TestStack;
/** Future open weekdays (Tuesday to Friday), for the bookings. */
let days: string[];
/** A day far ahead, for closings that must not meet the bookings. */
let far: string;

/** A row of /rest/v1 as JSON (the owner tables' columns are text, numbers or booleans). */
interface Row {
  reference: string;
  drop_off_local: string;
  ready_local: string;
  [column: string]: string;
}
/** A list of rows, or PostgREST's error body ({ message, code, ... }). */
type Answer = { status: number; body: Row[] & { message?: string } };

async function rest(path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: stack.serviceRoleKey,
      Authorization: `Bearer ${stack.serviceRoleKey}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const post = (table: string, body: unknown) => rest(table, { method: 'POST', body });
const patch = (path: string, body: unknown) => rest(path, { method: 'PATCH', body });

/** A saved row: 2xx with one row back. */
function saved(answer: Answer): Row {
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  expect(answer.body).toHaveLength(1);
  return answer.body[0]!;
}

/** A refusal the owner reads: 4xx, Danish, nothing of PostgreSQL's English. */
function refused(answer: Answer, message?: RegExp | string): string {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.status).toBeLessThan(500);
  const text = String(answer.body?.message ?? '');
  if (message) expect(text).toMatch(message);
  expect(text).not.toMatch(/violates|invalid input|syntax|duplicate key|null value/i);
  return text;
}

const emails = async (reference: string) =>
  (
    await stack.query<{ kind: string; recipient: string }>(
      `select o.kind, o.recipient from public.email_outbox o
         join public.bookings b on b.id = o.booking_id
        where b.reference = $1 order by o.created_at, o.kind`,
      [reference],
    )
  ).map((r) => `${r.kind} ${r.recipient}`);

/** The job the engine prices for a package, a size and add-ons (booking_job). */
async function job(service: string, size: string | null, addons: string[] | null = null) {
  const [row] = await stack.query<{ j: Record<string, unknown> }>(
    'select public.booking_job($1, $2, $3::uuid[]) j',
    [service, size, addons],
  );
  return row!.j;
}

/** The guide's phone booking, on `iso` at the guide's example time. */
async function phoneBooking(iso: string, extra: Record<string, unknown> = {}): Promise<Row> {
  const h = 'Tag en telefonbooking (eller en kunde, der bare kommer forbi)';
  return saved(
    await post('owner_bookings', {
      package: span(h, /pakken$/),
      drop_off_local: shiftTo(span(h, /^\d{2}-\d{2}-\d{4} \d/), iso),
      customer_name: 'Anders Jensen',
      customer_phone: span(h, /^\d{2} \d{2} \d{2} \d{2}$/),
      ...extra,
    }),
  );
}

/**
 * Tomorrow (Copenhagen), opened for the day by an extra open day if it is closed: a car is marked
 * arrived or ready at the earliest the day before its drop-off.
 */
async function openTomorrow(): Promise<string> {
  const [row] = await stack.query<{ d: string }>(
    `select ((now() at time zone 'Europe/Copenhagen')::date + 1)::text d`,
  );
  saved(await post('open_dates', { day: row!.d, opens_at: '08:00', closes_at: '20:00' }));
  return row!.d;
}

type Performer = { perform: () => Promise<void> } | { notAStep: string };

const PERFORMERS: Record<string, Performer> = {
  'Sådan skriver du datoer, klokkeslæt, telefonnumre og priser': {
    async perform() {
      const h = 'Sådan skriver du datoer, klokkeslæt, telefonnumre og priser';
      const text = SECTIONS.get(h)!;
      // Dato: every way the guide writes 5 January is that day in owner_bookings (free text there);
      // it is stored as the ISO span
      const dateLine = text.split('\n- ').find((l) => l.startsWith('**Dato**'))!;
      const written = [...dateLine.matchAll(/`(\d[^`]*)`/g)].map((m) => m[1]!);
      const iso = written.find((s) => /^\d{4}-\d{2}-\d{2}$/.test(s))!;
      const target = days[1]!;
      const dated = await phoneBooking(days[0]!);
      const at = `owner_bookings?reference=eq.${dated.reference}`;
      for (const form of written.filter((s) => isoOf(s) === iso)) {
        const row = saved(await patch(at, { drop_off_local: `${shiftTo(form, target)} 10:00` }));
        expect(row.drop_off_local, form).toBe(`${target} 10:00`);
      }
      // the refused ones: two-digit year, no year, a date that does not exist
      const refusedLine = text.split('\n- ').find((l) => l.includes('afvises'))!;
      for (const form of [...refusedLine.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)) {
        refused(await patch(at, { drop_off_local: `${form} 10:00` }), /f\.eks\./);
      }
      // Klokkeslæt: each written time is that time of the booking (9.30 is 09:30, kl. 10 is 10:00)
      const timeLine = text.split('\n- ').find((l) => l.startsWith('**Klokkeslæt**'))!;
      const times = [...timeLine.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).slice(1);
      expect(times.length).toBeGreaterThanOrEqual(4);
      for (const form of times) {
        const row = saved(await patch(at, { drop_off_local: `${target} ${form}` }));
        const [, hh, mm] = /^(?:kl\. )?(\d{1,2})(?:[.:](\d{2}))?$/.exec(form)!;
        expect(row.drop_off_local, form).toBe(`${target} ${hh!.padStart(2, '0')}:${mm ?? '00'}`);
      }
      saved(await patch(at, { status: 'aflyst' }));
      // Dage og åbningstider: the date picker's and the time input's values, shown as the guide says
      const calendarLine = text
        .split('\n- ')
        .find((l) => l.startsWith('**Dage og åbningstider**'))!;
      const [shownDay, shownTime] = [...calendarLine.matchAll(/`(\d[^`]+)`/g)].map((m) => m[1]!);
      const picked = saved(
        await post('open_dates', {
          day: shiftTo(shownDay!, addDays(far, 10)),
          opens_at: shownTime,
          closes_at: '23:00:00',
        }),
      );
      expect(picked).toMatchObject({ day: addDays(far, 10), opens_at: shownTime });
      await rest(`open_dates?day=eq.${addDays(far, 10)}`, { method: 'DELETE' });
      // Telefonnummer: the Danish forms are one number, shown grouped
      const phoneLine = text.split('\n- ').find((l) => l.startsWith('**Telefonnummer**'))!;
      const phones = [...phoneLine.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      const shown = phones.find((p) => /^\+45 \d{2} \d{2} \d{2} \d{2}$/.test(p))!;
      const booking = await phoneBooking(days[0]!);
      // every written Danish number (not the bare prefixes `+` and `00` the text names)
      const danish = phones.filter((p) => /^\+?\d[\d ]{7,}$/.test(p) && !p.startsWith('+46'));
      expect(danish.length).toBeGreaterThanOrEqual(5);
      for (const form of danish) {
        const row = saved(
          await patch(`owner_bookings?reference=eq.${booking.reference}`, { customer_phone: form }),
        );
        expect(row.customer_phone, form).toBe(shown);
      }
      const foreign = phones.find((p) => p.startsWith('+46'))!;
      const row = saved(
        await patch(`owner_bookings?reference=eq.${booking.reference}`, {
          customer_phone: foreign,
        }),
      );
      expect(row.customer_phone).toBe(foreign.replace(/\s/g, ''));
      // Pris: the whole numbers the guide writes are stored as numbers; what it says is refused is,
      // with its quoted message
      const priceLine = text.split('\n- ').find((l) => l.startsWith('**Pris'))!;
      const [price, minutes] = [...priceLine.matchAll(/`(\d+)`/g)].map((m) => m[1]!);
      const r = saved(
        await patch(`services?name=eq.Guldpakken`, { price, duration_minutes: minutes }),
      );
      expect(r).toMatchObject({ price: Number(price), duration_minutes: Number(minutes) });
      saved(await patch('services?name=eq.Guldpakken', { duration_minutes: 120, price: 399 }));
      for (const [, wrong, quoted] of priceLine.matchAll(/`([^`]+)`\s+afvises med _([^_]+)_/g)) {
        const column = wrong === '7' ? 'duration_minutes' : 'price';
        expect(
          refused(await patch(`services?name=eq.Guldpakken`, { [column]: wrong })),
          wrong,
        ).toContain(quoted!.replace(/\s+/g, ' '));
      }
    },
  },
  'Hvilket værktøj til hvad': {
    notAStep: 'a table of which tool does what; each row is its own section below',
  },
  // the /ejer sections are taps on a page, performed as written by the phone journey
  // (e2e/owner-page.spec.ts: sign in, Ankommet, Klar, Fortryd, Klar again, Ny telefonbooking, Log
  // ud) and by the page's unit tests (tests/features/owner/); the sign-in's refusals by
  // owner-sign-in.test.ts, what a tap may do by owner-page.test.ts
  'Dagens biler på telefonen (/ejer)': {
    notAStep: 'where the page is; opened by e2e/owner-page.spec.ts',
  },
  'Log ind på /ejer': { notAStep: 'performed by e2e/owner-page.spec.ts and owner-sign-in.test.ts' },
  'Se dagen på /ejer': { notAStep: 'the day view, performed by e2e/owner-page.spec.ts' },
  'Marker en bil på /ejer: ankommet, klar, afhentet, udeblevet': {
    notAStep: 'taps performed by e2e/owner-page.spec.ts; the rules by owner-page.test.ts',
  },
  'Fortryd på /ejer': { notAStep: 'performed by e2e/owner-page.spec.ts and owner-page.test.ts' },
  'Telefonbooking på /ejer': { notAStep: 'performed by e2e/owner-page.spec.ts' },
  'Flyt på /ejer': {
    notAStep: 'a dialog of the page, tested by tests/features/owner/ and owner-page.test.ts',
  },
  'Aflys på /ejer': {
    notAStep: 'a dialog of the page, tested by tests/features/owner/ and owner-page.test.ts',
  },
  'Log ud af /ejer': { notAStep: 'performed by e2e/owner-page.spec.ts' },
  '/ejer uden forbindelse': { notAStep: 'the offline notice, tested by tests/features/owner/' },
  'Sådan kommer du ind': {
    notAStep:
      'logging in and the Table Editor’s buttons; the refusal of deleting every row is walked by truncate-guards.test.ts',
  },
  'Hvem kan logge ind på ejersiden (tabellen `owners`)': {
    // the owners rows as the guide has the owner write them (the Auth user of step 1 is Auth's;
    // that a removed owner's next call is refused is walked by owner-page-attacks.test.ts)
    async perform() {
      const h = 'Hvem kan logge ind på ejersiden (tabellen `owners`)';
      const typed = span(h, /^[A-Z][a-z]+@[A-Z]/);
      const stored = span(h, /^[a-z]+@[a-z]+\.[a-z]+$/);
      const row = saved(await post('owners', { email: ` ${typed} `, name: 'Mette' }));
      expect(row).toMatchObject({ email: stored, name: 'Mette' });
      refused(await post('owners', { email: typed.toLowerCase() }), /står allerede på listen/);
      refused(await post('owners', { email: 'Mette fra værkstedet' }), /ikke en e-mailadresse/);
      saved(await rest(`owners?email=eq.${stored}`, { method: 'DELETE' }));
      expect(await stack.query('select 1 from public.owners where email = $1', [stored])).toEqual(
        [],
      );
    },
  },
  'Se dagens og morgendagens arbejde (`owner_agenda`)': {
    async perform() {
      const h = 'Se dagens og morgendagens arbejde (`owner_agenda`)';
      const filter = span(h, /^\d{4}-\d{2}-\d{2}$/);
      const danishFilter = span(h, /^\d{2}-\d{2}-\d{4}$/);
      const booking = await phoneBooking(days[0]!);
      const rows = (await rest(`owner_agenda?day=eq.${shiftTo(filter, days[0]!)}`)).body;
      expect(rows).toHaveLength(1);
      const [row] = rows as [Row];
      expect(row.reference).toBe(booking.reference);
      expect(spans(h)).toContain(row.role);
      expect(spans(h)).toContain(row.status);
      expect(spans(h)).toContain(row.customer_phone);
      // the job as booked, in the columns the guide names: the ordinary car, no add-ons
      expect(spans(h)).toEqual(expect.arrayContaining(['car_size', 'addons', 'price']));
      expect([row.car_size, row.addons, row.price]).toEqual([
        'Almindelig personbil',
        null,
        booking.price,
      ]);
      // the form the guide warns about finds nothing, never another day
      expect((await rest(`owner_agenda?day=eq.${shiftTo(danishFilter, days[0]!)}`)).body).toEqual(
        [],
      );
      // a cancelled booking: status aflyst, on its drop-off day
      saved(await patch(`owner_bookings?reference=eq.${booking.reference}`, { status: 'aflyst' }));
      const after = (await rest(`owner_agenda?day=eq.${days[0]}`)).body;
      expect(after.map((r: Row) => r.status)).toEqual(['aflyst']);
    },
  },
  'Tag en telefonbooking (eller en kunde, der bare kommer forbi)': {
    async perform() {
      const h = 'Tag en telefonbooking (eller en kunde, der bare kommer forbi)';
      const plate = span(h, /^[a-z]{2}\d{5}$/);
      const printed = span(h, /^[A-Z]{2} \d{2} \d{3}$/);
      const booking = await phoneBooking(days[0]!, {
        customer_email: 'anders@example.com',
        car_plate: plate,
        notes: 'Audi',
      });
      expect(booking.drop_off_local).toBe(shiftTo(span(h, /^\d{4}-\d{2}-\d{2} \d/), days[0]!));
      expect(booking.car_plate).toBe(printed);
      expect(booking.status).toBe(span(h, /^bekræftet$/));
      expect(booking.reference).toMatch(/^[A-Z0-9]{8}$/);
      expect(booking.ready_local).toBeTruthy();
      // no_shows: filled in for the contact (none here; owner-no-shows.test.ts counts them)
      expect(spans(h)).toContain('no_shows');
      expect(booking.no_shows).toBe(0);
      // the customer gets the confirmation, as an online booking
      expect(await emails(booking.reference)).toEqual(['booking_confirmation anders@example.com']);
      // the refusals the guide lists
      refused(
        await post('owner_bookings', {
          package: 'Guldpakken',
          drop_off_local: booking.drop_off_local,
          customer_name: 'Bente Hansen',
          customer_phone: '20112234',
        }),
        /^Tiden er optaget/,
      );
      refused(
        await post('owner_bookings', {
          package: 'Guldpakken',
          drop_off_local: `${span(h, /^\d{2}-\d{2}-\d{2}$/)} 10:00`,
          customer_name: 'Bente Hansen',
          customer_phone: '20112234',
        }),
        /fire|firecifret|år/,
      );
      // the car's size and the add-ons by name: the row names the size, the add-ons and the whole
      // price the guide works out (Guldpakken for a big car, Motorvask and Ozonbehandling)
      const big = await phoneBooking(days[2]!, {
        car_size: span(h, /^stor-bil$/),
        addons: span(h, /^Motorvask, Ozonbehandling$/),
      });
      expect(big.car_size).toBe(span(h, /^Stor bil \(/));
      expect(big.addons).toBe(span(h, /^Motorvask, Ozonbehandling$/));
      expect(String(big.price)).toBe(span(h, /^1197$/));
      // four hours from the example's 10:00: the bigger car and the add-ons take longer
      expect(big.ready_local).toBe(`${days[2]} 14:00`);
      // the size by the name the row shows is the same size
      const named = await phoneBooking(days[2]!, {
        drop_off_local: `${days[2]} 15:00`,
        customer_phone: '20112299',
        car_size: span(h, /^Stor bil \(/),
      });
      expect([named.car_size, named.price]).toEqual([big.car_size, 499]);
      // an add-on that does not fit the package: refused, naming what it can be booked with
      refused(
        await post('owner_bookings', {
          package: 'Sølvpakken',
          drop_off_local: `${days[2]} 17:00`,
          customer_name: 'Bente Hansen',
          customer_phone: '20112234',
          addons: span(h, /^Lædercreme$/),
        }),
        /^Tilvalget "Lædercreme" kan ikke bookes til Sølvpakken.*Tilvalg til Sølvpakken: /,
      );
      // owner_bookings_send_email 0: no mail of the owner's bookings
      saved(await patch('settings?key=eq.owner_bookings_send_email', { value: '0' }));
      const quiet = await phoneBooking(days[1]!, { customer_email: 'bente@example.com' });
      expect(await emails(quiet.reference)).toEqual([]);
      saved(await patch('settings?key=eq.owner_bookings_send_email', { value: '1' }));
    },
  },
  'Aflys en booking': {
    async perform() {
      const booking = await phoneBooking(days[0]!, { customer_email: 'anders@example.com' });
      const found = (await rest(`owner_bookings?reference=eq.${booking.reference}`)).body;
      expect(found).toHaveLength(1);
      const status = span('Aflys en booking', /^aflyst$/);
      // a typo outside the editor's list: refused, nothing changed
      const typo = span('Aflys en booking', /^aflyse$/);
      const answer = await patch(`owner_bookings?reference=eq.${booking.reference}`, {
        status: typo,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(
        new RegExp(
          /_(invalid input value for enum owner_status)_/.exec(
            SECTIONS.get('Aflys en booking')!,
          )![1]!,
        ),
      );
      saved(await patch(`owner_bookings?reference=eq.${booking.reference}`, { status }));
      expect(await emails(booking.reference)).toContain(
        'cancellation_confirmation anders@example.com',
      );
      // the time is free at once: the same time books again
      await phoneBooking(days[0]!);
      // a row deleted in either table: refused as the guide quotes, nothing changed
      const never = /_(Bookinger slettes ikke)_/.exec(SECTIONS.get('Aflys en booking')!)![1]!;
      for (const table of ['bookings', 'owner_bookings']) {
        refused(
          await rest(`${table}?reference=eq.${booking.reference}`, { method: 'DELETE' }),
          new RegExp(`^${never}`),
        );
      }
      expect((await rest(`owner_bookings?reference=eq.${booking.reference}`)).body).toHaveLength(1);
    },
  },
  'Genopret en aflyst booking': {
    async perform() {
      const h = 'Genopret en aflyst booking';
      const booking = await phoneBooking(days[0]!, { customer_email: 'anders@example.com' });
      const at = `owner_bookings?reference=eq.${booking.reference}`;
      const held = async () =>
        (
          await stack.query<{ kind: string }>(
            `select o.kind from public.email_outbox o join public.bookings b on b.id = o.booking_id
              where b.reference = $1 and o.status = 'cancelled' order by o.kind`,
            [booking.reference],
          )
        ).map((r) => r.kind);
      const links = async () =>
        (
          await stack.query<{ hash: string }>(
            `select cancel_token_hash hash from public.bookings where reference = $1`,
            [booking.reference],
          )
        )[0]!.hash;
      // cancelled by mistake and set back within the guide's minutes: the customer hears of neither
      const window = span(h, /^owner_message_delay_minutes$/);
      const hash = await links();
      saved(await patch(at, { status: 'aflyst' }));
      saved(await patch(at, { status: span(h, /^bekræftet$/) }));
      expect(await held()).toEqual(['cancellation_confirmation']);
      expect(await links()).toBe(hash);
      // cancelled, and the minutes (the setting) pass: then the customer is told both
      saved(await patch(at, { status: 'aflyst' }));
      await stack.query(
        `update public.email_outbox set next_attempt_at = now() where status = 'pending'
            and next_attempt_at > now()
            and next_attempt_at <= now() + make_interval(mins => public.booking_setting($1, 0))`,
        [window],
      );
      const again = saved(await patch(at, { status: span(h, /^bekræftet$/) }));
      expect(again.status).toBe('bekræftet');
      expect(await emails(booking.reference)).toContain('booking_reconfirmed anders@example.com');
      expect(await links()).not.toBe(hash);
      // taken in the meantime: the refusal the guide quotes
      saved(await patch(`owner_bookings?reference=eq.${booking.reference}`, { status: 'aflyst' }));
      await phoneBooking(days[0]!);
      const quoted = /_(Bookingen … kan ikke genoprettes[^_]+)_/.exec(SECTIONS.get(h)!)![1]!;
      const [before, after] = quoted.split(' … ');
      const message = refused(
        await patch(`owner_bookings?reference=eq.${booking.reference}`, { status: 'bekræftet' }),
      );
      expect(message.startsWith(before!)).toBe(true);
      expect(message).toContain(after!.replace(/\s+/g, ' '));
      // the day closed since: refused as quoted, no e-mail
      const closedQuote = /_(Bookingen … kan ikke genoprettes: værkstedet har ikke åbent)_/.exec(
        SECTIONS.get(h)!,
      )![1]!;
      const other = await phoneBooking(days[2]!, { customer_email: 'bo@example.com' });
      saved(await patch(`owner_bookings?reference=eq.${other.reference}`, { status: 'aflyst' }));
      saved(await post('closed_dates', { day: days[2], reason: 'Sygdom' }));
      const closed = refused(
        await patch(`owner_bookings?reference=eq.${other.reference}`, { status: 'bekræftet' }),
      );
      const [start, end] = closedQuote.split(' … ');
      expect(closed.startsWith(start!)).toBe(true);
      expect(closed).toContain(`${other.reference} ${end}`);
      expect(await emails(other.reference)).not.toContain('booking_reconfirmed bo@example.com');
      await rest(`closed_dates?day=eq.${days[2]}`, { method: 'DELETE' });
    },
  },
  'Flyt en booking': {
    async perform() {
      const h = 'Flyt en booking';
      const booking = await phoneBooking(days[0]!, { customer_email: 'anders@example.com' });
      const to = shiftTo(span(h, /^\d{2}-\d{2}-\d{4} \d/), days[1]!);
      const moved = saved(
        await patch(`owner_bookings?reference=eq.${booking.reference}`, { drop_off_local: to }),
      );
      expect(moved.drop_off_local).toBe(`${days[1]} ${to.split(' ')[1]}`);
      expect(moved.ready_local).not.toBe(booking.ready_local);
      expect(await emails(booking.reference)).toContain('booking_moved anders@example.com');
      // onto a taken time: refused, the booking stays where it was
      const other = await phoneBooking(days[0]!);
      refused(
        await patch(`owner_bookings?reference=eq.${booking.reference}`, {
          drop_off_local: other.drop_off_local,
        }),
      );
      const still = (await rest(`owner_bookings?reference=eq.${booking.reference}`)).body[0];
      expect(still!.drop_off_local).toBe(moved.drop_off_local);
    },
  },
  'Bilens dag: ankommet, klar, afhentet, udeblevet': {
    async perform() {
      const h = 'Bilens dag: ankommet, klar, afhentet, udeblevet';
      // the list in the guide's order is the editor's list
      const [list] = await stack.query<{ l: string }>(
        `select array_to_string(enum_range(null::public.owner_status), ',') l`,
      );
      const named = spans(h).slice(2, 8);
      expect(named.join(',')).toBe(list!.l);
      // a car is marked arrived or ready from the day before its drop-off: book it for tomorrow
      const tomorrow = await openTomorrow();
      const booking = await phoneBooking(tomorrow, { customer_email: 'anders@example.com' });
      const to = (status: string) =>
        patch(`owner_bookings?reference=eq.${booking.reference}`, { status });
      const [arrived, ready, collected, noShow] = ['ankommet', 'klar', 'afhentet', 'udeblevet'].map(
        (word) => span(h, new RegExp(`^${word}$`)),
      );
      expect(saved(await to(arrived!)).status).toBe(arrived);
      expect(saved(await to(ready!)).status).toBe(ready);
      // one "klar" message; corrected away before it went and chosen again: still one to send
      saved(await to(arrived!));
      saved(await to(ready!));
      const carReady = await stack.query<{ status: string }>(
        `select o.status from public.email_outbox o join public.bookings b on b.id = o.booking_id
          where b.reference = $1 and o.kind = 'car_ready' and o.status = 'pending'`,
        [booking.reference],
      );
      expect(carReady).toHaveLength(1);
      expect(saved(await to(collected!)).status).toBe(collected);
      // what makes no sense is refused in Danish: a cancelled booking cannot become ready, and a
      // car is not a no-show before its drop-off time
      const other = await phoneBooking(tomorrow, {
        drop_off_local: shiftTo(
          span(
            'Tag en telefonbooking (eller en kunde, der bare kommer forbi)',
            /^\d{2}-\d{2}-\d{4} \d/,
          ),
          tomorrow,
        ).replace(/\d{1,2}[:.]\d{2}$/, '14:00'),
        customer_phone: '20112299',
      });
      const toOther = (status: string) =>
        patch(`owner_bookings?reference=eq.${other.reference}`, { status });
      refused(await toOther(noShow!), /udeblevet/);
      saved(await toOther(span(h, /^aflyst$/)));
      refused(await toOther(ready!), /er aflyst og kan ikke sættes til klar/);
    },
  },
  'Bilen bliver ikke færdig til tiden': {
    async perform() {
      const h = 'Bilen bliver ikke færdig til tiden';
      const tomorrow = await openTomorrow();
      const booking = await phoneBooking(tomorrow, { customer_email: 'anders@example.com' });
      const typed = shiftTo(span(h, /^\d{2}-\d{2}-\d{4} \d/), tomorrow);
      const later = saved(
        await patch(`owner_bookings?reference=eq.${booking.reference}`, { ready_local: typed }),
      );
      expect(later.ready_local).toBe(`${tomorrow} ${typed.slice(-5)}`);
      const told = async () =>
        (await emails(booking.reference)).filter((e) => e.startsWith('car_ready_time')).length;
      expect(await told()).toBe(1);
      // the same time again: nothing more
      saved(
        await patch(`owner_bookings?reference=eq.${booking.reference}`, { ready_local: typed }),
      );
      expect(await told()).toBe(1);
      // the agenda shows the new time
      const agenda = (await rest(`owner_agenda?reference=eq.${booking.reference}`)).body;
      expect(agenda.map((r: Row) => r.ready_local.slice(0, 16).replace('T', ' '))).toContain(
        `${tomorrow} ${typed.slice(-5)}`,
      );
    },
  },
  'Kunder, der udebliver': {
    async perform() {
      const h = 'Kunder, der udebliver';
      // a no-show a month ago of the guide's phone booking's customer
      const phone = span(
        'Tag en telefonbooking (eller en kunde, der bare kommer forbi)',
        /^\d{2} \d{2} \d{2} \d{2}$/,
      );
      await stack.query(
        `insert into public.bookings (service_id, service_name, duration_minutes, price, booking_date,
                booking_time, drop_off_at, ready_at, customer_name, customer_email, customer_phone, status)
         select s.id, s.name, 120, 399, (t at time zone 'Europe/Copenhagen')::date,
                (t at time zone 'Europe/Copenhagen')::time, t, t + interval '2 hours', 'Anders Jensen',
                '', $1, 'no_show'
           from public.services s, (select now() - interval '1 month' t) x
          where s.name = 'Guldpakken'`,
        [phone],
      );
      const booking = await phoneBooking(days[0]!);
      const [row] = (await rest(`owner_agenda?reference=eq.${booking.reference}`)).body as Row[];
      expect(Number(row![span(h, /^no_shows$/)])).toBe(1);
      // the setting, as the guide writes it, is checked and kept
      const key = span(h, /^no_show_requires_call$/);
      expect(saved(await patch(`settings?key=eq.${key}`, { value: span(h, /^1$/) })).value).toBe(
        '1',
      );
      refused(await patch(`settings?key=eq.${key}`, { value: '2' }), /0|1/);
      // a multi-day job from that contact is refused with the phone number; a one-day job is not
      const online = (serviceName: string, date: string) =>
        stack.query<{ r: { status: string } }>(
          `select public.create_booking(
                  jsonb_populate_record(null::public.booking_request, jsonb_build_object(
                    'service_id', s.id, 'booking_date', $2::date, 'booking_time', c.slot,
                    'customer_name', 'Anders Jensen', 'customer_email', 'anders@example.com',
                    'customer_phone', $3::text)),
                  null, '10.9.9.9', now()) r
             from public.services s
             cross join lateral public.booking_candidates(s.id, $2::date, now()) c
            where s.name = $1
            order by c.slot limit 1`,
          [serviceName, date, phone],
        );
      expect((await online('Guldpakken polering', days[1]!))[0]!.r.status).toBe('no_show_call');
      expect((await online('Guldpakken', days[1]!))[0]!.r.status).toBe('created');
      saved(await patch(`settings?key=eq.${key}`, { value: span(h, /^0$/) }));
    },
  },
  'Ret kundens oplysninger': {
    async perform() {
      const booking = await phoneBooking(days[0]!);
      const values: Record<string, string> = {
        customer_name: 'Anders B. Jensen',
        customer_phone: '+45 20 11 22 35',
        customer_email: 'ab@example.com',
        notes: 'Blå Audi',
        car_plate: 'CD 34 567',
      };
      for (const column of spans('Ret kundens oplysninger').filter((c) => c in values)) {
        const row = saved(
          await patch(`owner_bookings?reference=eq.${booking.reference}`, {
            [column]: values[column],
          }),
        );
        expect(row[column], column).toBe(values[column]);
      }
    },
  },
  'Ændre en pris (tabel `services`)': {
    async perform() {
      const h = 'Ændre en pris (tabel `services`)';
      for (const price of spans(h).filter((s) => /^\d+$/.test(s) && s !== '480')) {
        const row = saved(await patch('services?name=eq.Guldpakken', { price }));
        expect(row.price, price).toBe(Number(price));
      }
      refused(await patch('services?name=eq.Guldpakken', { price: '-5' }));
      refused(await patch('services?name=eq.Guldpakken', { price: '0' }));
      // the form's call (services, is_active = true, ordered by name, all columns) gets the price,
      // a JSON number
      const res = await fetch(
        `${stack.url}/rest/v1/services?select=*&is_active=eq.true&order=name.asc`,
        { headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` } },
      );
      const list = (await res.json()) as { name: string; price: number }[];
      expect(list.find((s) => s.name === 'Guldpakken')!.price).toBeGreaterThan(0);
      // duration_minutes as the guide writes it
      const minutes = span(h, /^480$/);
      const row = saved(await patch('services?name=eq.Guldpakken', { duration_minutes: minutes }));
      expect(row.duration_minutes).toBe(480);
      saved(await patch('services?name=eq.Guldpakken', { duration_minutes: 120, price: 399 }));
    },
  },
  'Priser efter bilens størrelse (tabel `service_size_prices`)': {
    async perform() {
      const h = 'Priser efter bilens størrelse (tabel `service_size_prices`)';
      const size = span(h, /^stor-bil$/);
      const where = `service_size_prices?service_id=eq.${SERVICE.guld}&car_size=eq.${size}`;
      await rest(where, { method: 'DELETE' });
      // without its row the size is not offered for the package
      expect(await job(SERVICE.guld, size)).toEqual({ error: 'carSize' });
      saved(
        await post('service_size_prices', {
          service_id: SERVICE.guld,
          car_size: size,
          price: span(h, /^499$/),
          extra_minutes: span(h, /^30$/),
        }),
      );
      expect(await job(SERVICE.guld, size)).toMatchObject({ price: 499, minutes: 150 });
      refused(await patch(where, { price: '449.5' }), /hele kroner/);
      refused(
        await post('service_size_prices', {
          service_id: SERVICE.guld,
          car_size: 'almindelig',
          price: '499',
        }),
        /services/,
      );
    },
  },
  'Bilstørrelser (tabel `car_sizes`)': {
    async perform() {
      const h = 'Bilstørrelser (tabel `car_sizes`)';
      const van = span(h, /^varebil$/);
      saved(await patch(`car_sizes?code=eq.${van}`, { is_active: false }));
      expect(await job(SERVICE.guld, van)).toEqual({ error: 'carSize' });
      saved(await patch(`car_sizes?code=eq.${van}`, { is_active: true }));
      expect(await job(SERVICE.guld, van)).toMatchObject({ carSize: van });
      refused(await patch('car_sizes?code=eq.almindelig', { is_active: false }), /slås fra/);
      refused(await rest('car_sizes?code=eq.almindelig', { method: 'DELETE' }), /slettes/);
      const code = span(h, /^minibus$/);
      saved(await post('car_sizes', { code, name: span(h, /^Minibus$/) }));
      // a new size is offered for a package once it has a price for it
      expect(await job(SERVICE.guld, code)).toEqual({ error: 'carSize' });
      saved(
        await post('service_size_prices', { service_id: SERVICE.guld, car_size: code, price: 599 }),
      );
      expect(await job(SERVICE.guld, code)).toMatchObject({ carSizeName: 'Minibus', price: 599 });
      await rest(`service_size_prices?car_size=eq.${code}`, { method: 'DELETE' });
      expect((await rest(`car_sizes?code=eq.${code}`, { method: 'DELETE' })).status).toBeLessThan(
        300,
      );
    },
  },
  'Tilvalg (tabellerne `addons` og `addon_services`)': {
    async perform() {
      const h = 'Tilvalg (tabellerne `addons` og `addon_services`)';
      const addon = saved(
        await post('addons', {
          name: span(h, /^Lakforsegling$/),
          price: span(h, /^499$/),
          duration_minutes: span(h, /^60$/),
        }),
      );
      // not offered with any package until addon_services says which
      expect(await job(SERVICE.guld, null, [addon.id!])).toEqual({ error: 'addonIds' });
      saved(await post('addon_services', { addon_id: addon.id, service_id: SERVICE.guld }));
      expect(await job(SERVICE.guld, null, [addon.id!])).toMatchObject({
        price: 898,
        minutes: 180,
      });
      refused(await patch(`addons?id=eq.${addon.id}`, { price: '0' }), /hele kroner/);
      saved(await patch(`addons?id=eq.${addon.id}`, { is_active: false }));
      expect(await job(SERVICE.guld, null, [addon.id!])).toEqual({ error: 'addonIds' });
      expect((await rest(`addons?id=eq.${addon.id}`, { method: 'DELETE' })).status).toBeLessThan(
        300,
      );
    },
  },
  'Slå en pakke fra (eller til igen)': {
    async perform() {
      const h = 'Slå en pakke fra (eller til igen)';
      saved(
        await patch('services?name=eq.Guldpakken', { is_active: span(h, /^false$/) === 'true' }),
      );
      refused(
        await post('owner_bookings', {
          package: 'Guldpakken',
          drop_off_local: `${days[0]} 10:00`,
          customer_name: 'Anders Jensen',
          customer_phone: '20112233',
        }),
      );
      saved(
        await patch('services?name=eq.Guldpakken', { is_active: span(h, /^true$/) === 'true' }),
      );
      await phoneBooking(days[0]!);
    },
  },
  'Åbningstider (tabel `opening_hours`)': {
    async perform() {
      const h = 'Åbningstider (tabel `opening_hours`)';
      const times = spans(h).filter(
        (s) => /^\d{2}:\d{2}$/.test(s) && s !== '24:00' && s !== '23:59',
      );
      const weekday = Number(/(\d) = mandag/.exec(SECTIONS.get(h)!)![1]);
      const [original] = await stack.query<{ opens_at: string; closes_at: string }>(
        'select opens_at, closes_at from public.opening_hours where weekday = $1',
        [weekday],
      );
      for (let i = 0; i + 1 < times.length; i += 2) {
        const row = saved(
          await patch(`opening_hours?weekday=eq.${weekday}`, {
            opens_at: times[i],
            closes_at: times[i + 1],
          }),
        );
        expect(row.opens_at).toMatch(/^\d{2}:\d{2}:00$/);
      }
      // only one emptied: refused in Danish; both emptied: closed
      refused(await patch(`opening_hours?weekday=eq.${weekday}`, { opens_at: null }));
      saved(
        await patch(`opening_hours?weekday=eq.${weekday}`, { opens_at: null, closes_at: null }),
      );
      // 24:00 is not a time of the day: refused in Danish
      refused(
        await patch(`opening_hours?weekday=eq.${weekday}`, { closes_at: span(h, /^24:00$/) }),
      );
      saved(await patch(`opening_hours?weekday=eq.${weekday}`, original));
      // a booking on that weekday keeps the day from closing: the quoted refusal names it
      const [dRow] = await stack.query<{ d: string }>(
        `select min(d)::date::text d from generate_series($1::date, $1::date + 6, interval '1 day') d
          where extract(isodow from d) = $2`,
        [days[0], weekday],
      );
      const booking = await phoneBooking(dRow!.d);
      const quoted = /_(Åbningstiden kan ikke ændres:[^…]+)…_/.exec(SECTIONS.get(h)!)![1]!;
      const message = refused(
        await patch(`opening_hours?weekday=eq.${weekday}`, { opens_at: null, closes_at: null }),
      );
      // the quoted start; the weekday it names is the one changed
      expect(message).toContain(quoted.replace(/\s+/g, ' ').split(' om ')[0]!);
      expect(message).toContain(booking.reference);
      // the weekday's row deleted: refused the same way, naming the booking
      const deleted = refused(
        await rest(`opening_hours?weekday=eq.${weekday}`, { method: 'DELETE' }),
      );
      expect(deleted).toMatch(/^Åbningstiden kan ikke slettes: der er bookinger om /);
      expect(deleted).toContain(booking.reference);
    },
  },
  'Luk en dag eller en ferieperiode (tabel `closed_dates`)': {
    async perform() {
      const h = 'Luk en dag eller en ferieperiode (tabel `closed_dates`)';
      const text = SECTIONS.get(h)!;
      // an open_dates row that opens nothing: empty times on a Sunday, refused as quoted
      const [sunday] = await stack.query<{ d: string }>(
        `select min(d)::date::text d from generate_series($1::date, $1::date + 6, interval '1 day') d
          where extract(isodow from d) = 7`,
        [far],
      );
      const nothing = /_… (har ingen normale åbningstider[^_]+)_/.exec(text)![1]!;
      expect(
        refused(await post('open_dates', { day: sunday!.d, reason: 'Åbent' })).replace(/\s+/g, ' '),
      ).toContain(nothing.replace(/\s+/g, ' '));
      // one day
      const one = saved(
        await post('closed_dates', {
          day: shiftTo(span(h, /^\d{4}-\d{2}-\d{2}$/), far),
          reason: span(h, /^Lukket$/),
        }),
      );
      expect(one.day).toBe(far);
      expect(one.affected_bookings).toBe(/Står der _([^_]+)_/.exec(text)![1]);
      // a period, one of whose days was closed before: that day is named in the saved row
      const [from, to] = [span(h, /^\d{4}-\d{2}-\d{2}$/, 1), span(h, /^\d{4}-\d{2}-\d{2}$/, 2)];
      const start = addDays(far, 30);
      const length = daysBetween(isoOf(from), isoOf(to));
      const end = addDays(start, length);
      saved(await post('closed_dates', { day: addDays(start, 3), reason: 'Tandlæge' }));
      const period = saved(
        await post('closed_dates', {
          day: shiftTo(from, start),
          last_day: shiftTo(to, end),
          reason: span(h, /^Sommerferie$/),
        }),
      );
      expect(period.day).toBe(start);
      expect(period.affected_bookings).toContain(
        `${/(Allerede lukket før)/.exec(text)![1]} (uændret): ${danishDay(addDays(start, 3))}`,
      );
      const rows = await stack.query(
        `select day::text, reason from public.closed_dates where day between $1 and $2 order by day`,
        [start, end],
      );
      expect(rows).toHaveLength(length + 1);
      expect(rows.filter((r) => r.reason === 'Tandlæge')).toHaveLength(1);
      // a period whose first day was closed before: the saved row is its first open day's
      const second = saved(
        await post('closed_dates', {
          day: shiftTo(from, addDays(start, 3)),
          last_day: shiftTo(to, addDays(end, 2)),
          reason: 'Forlænget',
        }),
      );
      expect(second.day).toBe(addDays(end, 1));
      expect(second.affected_bookings).toContain(danishDay(addDays(start, 3)));
      // open again: delete the rows
      expect(
        (
          await rest(`closed_dates?day=gte.${start}&day=lte.${addDays(end, 2)}`, {
            method: 'DELETE',
          })
        ).status,
      ).toBeLessThan(300);
      // a holiday kept open, with its own hours
      const open = saved(
        await post('open_dates', {
          day: shiftTo(span(h, /^\d{4}-\d{2}-\d{2}$/, 3), addDays(far, 60)),
          opens_at: span(h, /^\d{2}:\d{2}$/, 0),
          closes_at: span(h, /^\d{2}:\d{2}$/, 1),
        }),
      );
      expect(open.opens_at).toBe(`${span(h, /^\d{2}:\d{2}$/, 0)}:00`);
      // a day with a booking on it: the saved row names it, the owner gets the list on mail
      const booking = await phoneBooking(days[0]!);
      const closed = saved(await post('closed_dates', { day: days[0]! }));
      const example = /_(Flyt eller aflys[\s\S]*?\))_/.exec(text)![1]!.replace(/\s+/g, ' ');
      const lead = example.split(':')[0]!;
      expect(closed.affected_bookings).toContain(`${lead}: ${booking.reference} Anders Jensen`);
      // the phone as the guide's example shows it
      const phone = /Anders Jensen (\S+(?: \d\d)*)/.exec(example)![1]!;
      expect(closed.affected_bookings).toContain(`Anders Jensen ${phone}`);
      const [mail] = await stack.query<{ n: number }>(
        `select count(*)::int n from public.email_outbox
          where kind = 'owner_notification' and payload->>'alert' = 'closed_day'`,
      );
      expect(mail!.n).toBe(1);
      // step 3: the agenda of the closed day still shows the booking until it is moved or cancelled
      const agenda = (await rest(`owner_agenda?day=eq.${days[0]}`)).body;
      expect(agenda.map((r: Row) => r.reference)).toEqual([booking.reference]);
      saved(await patch(`owner_bookings?reference=eq.${booking.reference}`, { status: 'aflyst' }));
      const resaved = saved(await patch(`closed_dates?day=eq.${days[0]}`, { reason: 'Kursus' }));
      expect(resaved.affected_bookings).toBe('Ingen bookinger.');
    },
  },
  'Regler for bookingen (tabel `settings`)': {
    async perform() {
      const h = 'Regler for bookingen (tabel `settings`)';
      await checkSettingsTable(h);
      const good = span(h, /^\d+$/);
      saved(await patch('settings?key=eq.max_advance_booking_days', { value: good }));
      for (const bad of spans(h).filter((s) => /^\d+ \D|^to /.test(s))) {
        refused(await patch('settings?key=eq.max_advance_booking_days', { value: bad }));
      }
      refused(await patch('settings?key=eq.max_advance_booking_days', { value: '731' }), /730/);
    },
  },
  'Beskyttelse mod misbrug': {
    async perform() {
      await checkSettingsTable('Beskyttelse mod misbrug');
    },
  },
  'Udskifte billeder (`npm run images`)': {
    notAStep: 'the maintainer’s image build on a computer, not the database',
  },
  'Bookingerne i din telefons kalender (kalenderabonnement)': {
    notAStep:
      'subscribing on a phone; the feed behind the address is tested in owner-calendar.test.ts',
  },
  'Kunder flytter selv (linket "Flyt booking")': {
    notAStep: 'what the customer does, tested in reschedule-function.test.ts',
  },
  'Ventelisten: "Skriv mig op" (tabel `waitlist_entries`)': {
    notAStep:
      'what the customers do and the list tells them, tested in waitlist.test.ts and waitlist-function.test.ts; the cap is in the settings table above',
  },
  'Morgenoversigt på e-mail (indstillingen `owner_agenda_email`)': {
    async perform() {
      const h = 'Morgenoversigt på e-mail (indstillingen `owner_agenda_email`)';
      for (const value of spans(h).filter((s) => /^[01]$/.test(s))) {
        const row = saved(await patch('settings?key=eq.owner_agenda_email', { value }));
        expect(row.value).toBe(value);
      }
    },
  },
  'Anmodning om anmeldelse (tabel `review_settings`)': {
    async perform() {
      const h = 'Anmodning om anmeldelse (tabel `review_settings`)';
      const link = span(h, /^https:/);
      expect(
        saved(await patch('review_settings?id=eq.true', { review_url: link })).review_url,
      ).toBe(link);
      refused(
        await patch('review_settings?id=eq.true', { review_url: span(h, /^http:/) }),
        /^review_url skal være en https-adresse/,
      );
      expect(saved(await patch('review_settings?id=eq.true', { review_url: '' })).review_url).toBe(
        null,
      );
    },
  },
  'Mails, der ikke kunne sendes (advarsel på mail)': {
    async perform() {
      const h = 'Mails, der ikke kunne sendes (advarsel på mail)';
      const booking = await phoneBooking(days[0]!, { customer_email: 'anders@example.com' });
      await stack.query(
        `update public.email_outbox set status = 'failed', last_error = 'test' where booking_id =
           (select id from public.bookings where reference = $1)`,
        [booking.reference],
      );
      const failed = span(h, /^failed$/);
      const rows = (await rest(`email_outbox?status=eq.${failed}`)).body;
      expect(rows).toHaveLength(1);
      const again = saved(
        await patch(`email_outbox?id=eq.${rows[0]!.id}`, { status: span(h, /^pending$/) }),
      );
      expect(again.status).toBe('pending');
      // a wrong address corrected in owner_bookings
      const row = saved(
        await patch(`owner_bookings?reference=eq.${booking.reference}`, {
          customer_email: 'anders.jensen@example.com',
        }),
      );
      expect(row.customer_email).toBe('anders.jensen@example.com');
    },
  },
  'SMS til kunderne (valgfrit, GatewayAPI)': {
    notAStep: 'an account and a secret set up outside the database; SMS is tested in sms.test.ts',
  },
  'Hvis noget går galt': {
    notAStep:
      'where to look; the one table step (email_outbox status failed → pending) is performed in "Mails, der ikke kunne sendes"',
  },
};

/** The guide's settings table: each key's default and allowed range are the database's. */
async function checkSettingsTable(heading: string): Promise<void> {
  const rows = [...SECTIONS.get(heading)!.matchAll(/^\| `([a-z_]+)` \| (\d+) \| ([^|]+) \|/gm)];
  expect(rows.length).toBeGreaterThan(0);
  for (const [, key, standard, allowed] of rows) {
    const [range] = await stack.query<{ min_value: number; max_value: number }>(
      'select min_value, max_value from public.setting_range($1)',
      [key],
    );
    const m = /^(\d+)(?:-| eller )(\d+)$/.exec(allowed!.trim())!;
    expect([range!.min_value, range!.max_value], key).toEqual([Number(m[1]), Number(m[2])]);
    const [row] = await stack.query<{ value: string }>(
      'select value from public.settings where key = $1',
      [key],
    );
    expect(row?.value ?? standard, key).toBe(standard);
  }
}

beforeAll(async () => {
  stack = await startTestStack({ challengeCost: null });
  days = await openDays(stack, [2, 3, 4], 3);
  const [row] = await stack.query<{ d: string }>(
    `select ((now() at time zone 'Europe/Copenhagen')::date + 120)::text d`,
  );
  far = row!.d;
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

beforeEach(async () => {
  await stack.query('delete from public.email_outbox');
  await eraseBookings(stack);
  await stack.query('delete from public.closed_dates');
  await stack.query('delete from public.open_dates');
});

describe('docs/owner.md performed as written', () => {
  it('every section has a performer or a reason it is no step, and every performer a section', () => {
    const headings = [...SECTIONS.keys()];
    expect(
      headings.filter((h) => !(h in PERFORMERS)),
      'sections without a performer',
    ).toEqual([]);
    expect(
      Object.keys(PERFORMERS).filter((h) => !SECTIONS.has(h)),
      'performers of sections the guide no longer has',
    ).toEqual([]);
  });

  for (const [heading, performer] of Object.entries(PERFORMERS)) {
    if ('perform' in performer) {
      it(heading, () => performer.perform(), 60_000);
    }
  }
});
