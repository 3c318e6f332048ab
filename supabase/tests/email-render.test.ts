// The e-mails themselves: Danish content of every kind, HTML and text saying the same, user input
// escaped, and a valid .ics (parsed back with ical.js, times checked through its VTIMEZONE).
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addressLine, business } from '../../src/content/business.ts';
import { payment } from '../../src/content/payment.ts';
import { WORKSHOP, WORKSHOP_ADDRESS } from '../functions/_shared/email/business.ts';
import { danishPrice, openingHoursLines, readyText } from '../functions/_shared/email/format.ts';
import { buildIcs, foldLine } from '../functions/_shared/email/ics.ts';
import {
  renderEmail,
  type EmailKind,
  type OutboxMessage,
  type RenderContext,
} from '../functions/_shared/email/templates.ts';
import { seededSiteData } from '../../tests/support/site-data.ts';
import { bigCarJob } from '../../tests/support/booked-job';

const TOKEN = 'a'.repeat(64);
/** The seeded opening hours (tests/support/site-data.ts is checked against the seed). */
const OPENING_HOURS = seededSiteData.openingHours;
const CTX: RenderContext = {
  siteUrl: 'https://glanspunkt.example/',
  openingHours: OPENING_HOURS,
  cancellationNoticeHours: 24,
  ownerEmail: 'ejer@glanspunkt.example',
};

function message(kind: EmailKind, payload: Record<string, unknown> = {}): OutboxMessage {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind,
    recipient: kind.startsWith('owner') ? null : 'kunde@example.dk',
    idempotencyKey: `${kind}:x`,
    attempts: 1,
    createdAt: '2026-12-01T09:00:00.123+00:00',
    payload: {
      reference: 'K7M2QX9D',
      serviceName: 'Premiumpakken polering',
      price: 3600,
      // an 18-hour polish dropped off on Monday is ready on Tuesday
      dropOff: '2026-12-07T09:00:00+01:00',
      readyAt: '2026-12-08T16:00:00+01:00',
      customerName: 'Mette <b>Hansen</b>',
      customerEmail: 'kunde@example.dk',
      customerPhone: '+45 11 22 33 44',
      notes: 'Ridse på <script>alert(1)</script> døren',
      cancelToken: TOKEN,
      ...payload,
    },
  };
}

function decodeIcs(content: string): string {
  return Buffer.from(content, 'base64').toString('utf8');
}

describe('customer confirmation', () => {
  const mail = renderEmail(message('booking_confirmation'), CTX);

  it('holds service, drop-off, ready time, price, address, payment, opening hours and the cancel link', () => {
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Premiumpakken polering');
      expect(body).toContain('mandag den 7. december 2026 kl. 09:00');
      expect(body).toContain('tirsdag den 8. december 2026 kl. 16:00');
      // the price line says it includes VAT (prices to consumers are stated with moms)
      expect(body).toContain('3.600 kr. inkl. moms');
      expect(body).toContain('Virkelyst 7B, 6000 Kolding');
      expect(body).toContain(
        'Du betaler, når du henter bilen: med betalingskort, MobilePay eller kontant.',
      );
      expect(body).toContain('Mandag - Torsdag: 09:00 - 20:00');
      expect(body).toContain('Fredag: 08:00 - 17:00');
      expect(body).toContain('Lørdag: 10:00 - 16:00');
      expect(body).toContain('Søndag: Lukket');
      expect(body).toContain(`https://glanspunkt.example/afbestil?token=${TOKEN}`);
      expect(body).toContain('indtil 24 timer før');
      expect(body).toContain('K7M2QX9D');
    }
    expect(mail.subject).toBe(
      'Bookingbekræftelse: Premiumpakken polering mandag den 7. december 2026 kl. 09:00',
    );
    expect(mail.html).toContain('<html lang="da">');
    expect(mail.replyTo).toBe('ejer@glanspunkt.example');
  });

  it('escapes what the customer typed in the HTML', () => {
    expect(mail.html).toContain('Hej Mette &lt;b&gt;Hansen&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Hansen');
    expect(mail.text).toContain('Hej Mette <b>Hansen</b>,');
  });

  it('carries a valid .ics: Europe/Copenhagen VTIMEZONE, times, location, organizer, UID', () => {
    expect(mail.attachments).toHaveLength(1);
    const att = mail.attachments[0]!;
    expect(att.filename).toBe('booking.ics');
    const ics = decodeIcs(att.content);
    // CRLF everywhere and no line longer than 75 octets
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const cal = new ICAL.Component(ICAL.parse(ics));
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const vtz = cal.getFirstSubcomponent('vtimezone')!;
    expect(vtz.getFirstPropertyValue('tzid')).toBe('Europe/Copenhagen');
    const tz = new ICAL.Timezone(vtz);
    const vevent = cal.getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(vevent.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Copenhagen');
    const start = event.startDate.clone();
    start.zone = tz;
    const end = event.endDate.clone();
    end.zone = tz;
    expect(start.toJSDate().toISOString()).toBe('2026-12-07T08:00:00.000Z');
    expect(end.toJSDate().toISOString()).toBe('2026-12-08T15:00:00.000Z');
    expect(event.uid).toBe('booking-K7M2QX9D@glanspunkt');
    expect(event.location).toBe('Virkelyst 7B, 6000 Kolding');
    expect(event.summary).toBe('Glanspunkt: Premiumpakken polering');
    expect(event.description).toContain('Bookingnummer K7M2QX9D');
    // the price says it includes VAT and ends the description's last sentence
    expect(event.description).toMatch(/Pris 3\.600 kr\. inkl\. moms\.$/);
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:ejer@glanspunkt.example');
    expect(vevent.getFirstProperty('organizer')!.getParameter('cn')).toBe('Glanspunkt');
    expect(vevent.getFirstPropertyValue('contact')).toContain('+45 12 34 56 78');
    expect(vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-12-01T09:00:00Z');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('uses the summer offset in the VTIMEZONE for a drop-off in summer', () => {
    const summer = renderEmail(
      message('booking_confirmation', {
        dropOff: '2027-06-01T09:00:00+02:00',
        readyAt: '2027-06-01T09:30:00+02:00',
      }),
      CTX,
    );
    const cal = new ICAL.Component(ICAL.parse(decodeIcs(summer.attachments[0]!.content)));
    const tz = new ICAL.Timezone(cal.getFirstSubcomponent('vtimezone')!);
    const start = new ICAL.Event(cal.getFirstSubcomponent('vevent')!).startDate.clone();
    start.zone = tz;
    expect(start.toJSDate().toISOString()).toBe('2027-06-01T07:00:00.000Z');
    expect(summer.text).toContain('kl. 09:30 samme dag');
  });

  it('is identical when rendered again (a retry sends the same content under the same key)', () => {
    expect(renderEmail(message('booking_confirmation'), CTX)).toEqual(mail);
  });

  it('refuses to render without a cancel token', () => {
    expect(() => renderEmail(message('booking_confirmation', { cancelToken: null }), CTX)).toThrow(
      /cancelToken/,
    );
  });
});

describe('other e-mails', () => {
  it('the owner notification holds every booking field and replies go to the customer', () => {
    const mail = renderEmail(message('owner_notification', { cancelToken: undefined }), CTX);
    for (const body of [mail.text, mail.html]) {
      for (const part of [
        'K7M2QX9D',
        'Premiumpakken polering',
        '3.600 kr.',
        'mandag den 7. december 2026 kl. 09:00',
        'tirsdag den 8. december 2026 kl. 16:00',
        'kunde@example.dk',
        '+45 11 22 33 44',
      ]) {
        expect(body).toContain(part);
      }
    }
    expect(mail.text).toContain('Mette <b>Hansen</b>');
    expect(mail.text).toContain('Ridse på <script>alert(1)</script> døren');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.subject).toBe(
      'Ny booking: Premiumpakken polering mandag den 7. december 2026 kl. 09:00 – Mette <b>Hansen</b>',
    );
    expect(mail.replyTo).toBe('kunde@example.dk');
    expect(mail.text).not.toContain(TOKEN);
  });

  it("the owner's e-mails name a contact's no-shows of the last 12 months, and only then", () => {
    for (const kind of [
      'owner_notification',
      'owner_cancellation',
      'owner_booking_moved',
    ] as const) {
      const extra = {
        cancelToken: undefined,
        previousDropOff: '2026-12-04T09:00:00+01:00',
        previousReadyAt: '2026-12-05T16:00:00+01:00',
      };
      const twice = renderEmail(message(kind, { ...extra, noShows: 2 }), CTX);
      const once = renderEmail(message(kind, { ...extra, noShows: 1 }), CTX);
      const never = renderEmail(message(kind, { ...extra, noShows: 0 }), CTX);
      for (const body of [twice.text, twice.html]) {
        expect(body, kind).toContain('Udeblevet');
        expect(body, kind).toContain('2 gange de seneste 12 måneder');
      }
      expect(once.text, kind).toContain('1 gang de seneste 12 måneder');
      expect(never.text, kind).not.toContain('Udeblevet');
      expect(never.html, kind).not.toContain('Udeblevet');
    }
  });

  it('the reminder names the time and how to reach the workshop, without a cancel link', () => {
    const mail = renderEmail(message('booking_reminder', { cancelToken: undefined }), CTX);
    expect(mail.subject).toBe(
      'Påmindelse: Premiumpakken polering mandag den 7. december 2026 kl. 09:00',
    );
    expect(mail.text).toContain('Ring til os på +45 12 34 56 78');
    expect(mail.text).toContain('Virkelyst 7B, 6000 Kolding');
    expect(mail.text).not.toContain('afbestil?token');
  });

  it('the cancellation confirms it and cancels the calendar event', () => {
    const mail = renderEmail(message('cancellation_confirmation', { cancelToken: undefined }), CTX);
    expect(mail.subject).toBe(
      'Afbestilt: Premiumpakken polering mandag den 7. december 2026 kl. 09:00',
    );
    expect(mail.text).toContain('er afbestilt');
    expect(mail.text).toContain('https://glanspunkt.example/contact');
    const cal = new ICAL.Component(ICAL.parse(decodeIcs(mail.attachments[0]!.content)));
    expect(cal.getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = cal.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('uid')).toBe('booking-K7M2QX9D@glanspunkt');
  });

  it('the owner cancellation says the time is free again', () => {
    const mail = renderEmail(message('owner_cancellation', { cancelToken: undefined }), CTX);
    expect(mail.subject).toMatch(
      /^Afbestilt: Premiumpakken polering mandag den 7\. december 2026 kl\. 09:00 – /,
    );
    expect(mail.text).toContain('Tiden er ledig igen');
  });
});

describe('the job: car size and add-ons, as booked', () => {
  // Sølvpakken polering for a big car (2.200 kr.) with two add-ons: what booking_summary writes
  const job = bigCarJob;
  const big = { serviceName: 'Sølvpakken polering', price: 2898, job };
  const moved = {
    previousDropOff: '2026-12-03T09:00:00+01:00',
    previousReadyAt: '2026-12-04T16:00:00+01:00',
    movedBy: 'customer',
    sequence: 1,
  };
  const ROWS = [
    'Bookingnummer:       K7M2QX9D',
    'Service:             Sølvpakken polering, 2.200 kr.',
    'Bilstørrelse:        Stor bil (SUV, stationcar, 7-personers)',
    'Tilvalg:             Motorvask, 299 kr.',
    '                     Ozonbehandling, 399 kr.',
    'Aflevering:          mandag den 7. december 2026 kl. 09:00',
    'Klar til afhentning: tirsdag den 8. december 2026 kl. 16:00',
    'I alt:               2.898 kr. inkl. moms',
  ].join('\n');

  it("the customer's e-mails itemise the package, the size and each add-on, and state the total inkl. moms", () => {
    for (const kind of [
      'booking_confirmation',
      'booking_moved',
      'booking_reconfirmed',
      'booking_reminder',
      'cancellation_confirmation',
    ] as const) {
      const mail = renderEmail(message(kind, { ...big, ...moved }), CTX);
      expect(mail.text, kind).toContain(ROWS);
      expect(mail.html, kind).toContain(
        '>Tilvalg</th><td style="padding:6px 0;font-size:15px;color:#111827">Motorvask, 299 kr.<br>Ozonbehandling, 399 kr.</td>',
      );
      expect(mail.html, kind).toMatch(/>I alt<\/th><td [^>]*>2\.898 kr\. inkl\. moms<\/td>/);
      expect(mail.html, kind).toContain('>Stor bil (SUV, stationcar, 7-personers)</td>');
      expect(mail.html, kind).toContain('>Sølvpakken polering, 2.200 kr.</td>');
      expect(mail.text, kind).not.toMatch(/^Pris:/m);
    }
  });

  it("the owner's e-mails show the same job and total", () => {
    for (const kind of ['owner_notification', 'owner_cancellation'] as const) {
      const mail = renderEmail(message(kind, { ...big, cancelToken: undefined }), CTX);
      expect(mail.text, kind).toContain(ROWS);
    }
    const move = renderEmail(
      message('owner_booking_moved', { ...big, ...moved, cancelToken: undefined }),
      CTX,
    );
    expect(move.text).toContain(
      [
        'Service:       Sølvpakken polering, 2.200 kr.',
        'Bilstørrelse:  Stor bil (SUV, stationcar, 7-personers)',
        'Tilvalg:       Motorvask, 299 kr.',
        '               Ozonbehandling, 399 kr.',
      ].join('\n'),
    );
    expect(move.text).toMatch(/^I alt: +2\.898 kr\. inkl\. moms$/m);
  });

  it('the .ics and the calendar links name the size and the add-ons', () => {
    const mail = renderEmail(message('booking_confirmation', big), CTX);
    const cal = new ICAL.Component(ICAL.parse(decodeIcs(mail.attachments[0]!.content)));
    const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('Glanspunkt: Sølvpakken polering');
    expect(event.description).toBe(
      'Bookingnummer K7M2QX9D. Bilstørrelse: Stor bil (SUV, stationcar, 7-personers). ' +
        'Tilvalg: Motorvask, Ozonbehandling. Aflevering mandag den 7. december 2026 kl. 09:00, ' +
        'klar til afhentning tirsdag den 8. december 2026 kl. 16:00. I alt 2.898 kr. inkl. moms.',
    );
    const google = /Tilføj til Google Kalender: (\S+)/.exec(mail.text)![1]!;
    expect(new URL(google).searchParams.get('details')).toBe(
      'Bookingnummer K7M2QX9D. Bilstørrelse: Stor bil (SUV, stationcar, 7-personers). ' +
        'Tilvalg: Motorvask, Ozonbehandling. Aflever bilen på værkstedet, Virkelyst 7B, 6000 Kolding. ' +
        'Spørgsmål: ring +45 12 34 56 78.',
    );
    const outlook = /Tilføj til Outlook: (\S+)/.exec(mail.text)![1]!;
    expect(new URL(outlook).searchParams.get('body')).toContain(
      'Tilvalg: Motorvask, Ozonbehandling.',
    );
  });

  it('an ordinary car without add-ons adds only its size to what the e-mails said before', () => {
    // the job every booking made before sizes and add-ons got (migration sizes_and_addons)
    const ordinary = {
      carSize: 'almindelig',
      carSizeName: 'Almindelig personbil',
      packagePrice: 3600,
      addons: [],
    };
    const service = 'Service:             Premiumpakken polering';
    const withSize = (text: string) =>
      text.replace(`${service}\n`, `${service}\nBilstørrelse:        Almindelig personbil\n`);
    for (const kind of ['owner_notification', 'booking_reminder', 'owner_cancellation'] as const) {
      const before = renderEmail(message(kind), CTX);
      const now = renderEmail(message(kind, { job: ordinary }), CTX);
      expect(before.text, kind).toContain(`${service}\n`);
      expect(before.text, kind).toMatch(/^Pris: +3\.600 kr\. inkl\. moms$/m);
      expect(now.text, kind).toBe(withSize(before.text));
      expect(now.html, kind).toBe(
        before.html.replace(
          /(<tr><th[^>]*>Service<\/th><td[^>]*>Premiumpakken polering<\/td><\/tr>)/,
          (row) =>
            row +
            row
              .replace('>Service<', '>Bilstørrelse<')
              .replace('>Premiumpakken polering<', '>Almindelig personbil<'),
        ),
      );
      expect(now.subject, kind).toBe(before.subject);
    }
    // the confirmation's rows the same way; its calendar event names the size too
    const before = renderEmail(message('booking_confirmation'), CTX);
    const now = renderEmail(message('booking_confirmation', { job: ordinary }), CTX);
    const rows = (text: string) =>
      text.slice(text.indexOf('Bookingnummer:'), text.indexOf('Adresse:'));
    expect(rows(now.text)).toBe(withSize(rows(before.text)));
    expect(now.text).toContain('Bilst%C3%B8rrelse%3A%20Almindelig%20personbil.');
    // a payload queued before the job was in it: no size, no add-ons, the price as before
    const old = renderEmail(message('booking_confirmation'), CTX);
    for (const word of ['Bilstørrelse', 'Tilvalg', 'I alt']) expect(old.text).not.toContain(word);
  });

  it('refuses a job whose add-on has no price (SQL writes each with its price)', () => {
    expect(() =>
      renderEmail(
        message('booking_confirmation', {
          ...big,
          job: { ...job, addons: [{ name: 'Motorvask' }] },
        }),
        CTX,
      ),
    ).toThrow(/payload\.job\.addons\[0\]\.price is missing/);
  });
});

describe('formats and facts', () => {
  it('folds long lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `DESCRIPTION:${'æøå'.repeat(40)}`;
    const folded = foldLine(line);
    const pieces = folded.split('\r\n');
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(75);
    expect(pieces.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(pieces.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('escapes commas, semicolons, backslashes and newlines in text values', () => {
    const ics = buildIcs({
      uid: 'u@x',
      start: '2026-12-07T09:00:00+01:00',
      end: '2026-12-07T10:00:00+01:00',
      stamp: new Date('2026-12-01T09:00:00Z'),
      summary: 'a, b; c\\d\ne',
      description: '',
      location: 'x',
      organizer: { name: 'N "q"', email: 'a@b.dk' },
      contact: 'c',
    });
    expect(ics).toContain('SUMMARY:a\\, b\\; c\\\\d\\ne\r\n');
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!,
    );
    expect(event.summary).toBe('a, b; c\\d\ne');
  });

  it('writes prices, ready times and opening hours the Danish way', () => {
    expect(danishPrice(199)).toBe('199 kr.');
    expect(danishPrice(1800)).toBe('1.800 kr.');
    expect(readyText('2026-12-07T09:00:00+01:00', '2026-12-07T11:00:00+01:00')).toBe(
      'kl. 11:00 samme dag',
    );
    expect(openingHoursLines(OPENING_HOURS)).toEqual([
      'Mandag - Torsdag: 09:00 - 20:00',
      'Fredag: 08:00 - 17:00',
      'Lørdag: 10:00 - 16:00',
      'Søndag: Lukket',
    ]);
  });

  it('uses the same workshop facts as the site', () => {
    expect(WORKSHOP.name).toBe(business.name);
    expect(WORKSHOP_ADDRESS).toBe(addressLine);
    expect(WORKSHOP.phone).toEqual(business.phone);
    expect(WORKSHOP.email).toBe(business.email);
    expect(WORKSHOP.payment).toBe(payment);
  });
});

describe('move e-mails', () => {
  const movedPayload = {
    previousDropOff: '2026-12-03T09:00:00+01:00',
    previousReadyAt: '2026-12-04T16:00:00+01:00',
    movedBy: 'customer',
    sequence: 2,
    cancelToken: 'b'.repeat(64),
  };

  it('the confirmation carries "Flyt booking" beside "Afbestil booking"', () => {
    const mail = renderEmail(message('booking_confirmation'), CTX);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Flyt booking');
      expect(body).toContain(`https://glanspunkt.example/flyt?token=${TOKEN}`);
      expect(body).toContain('Afbestil booking');
    }
  });

  it('the customer gets the new time, new links and an .ics replacing the event (same UID, higher SEQUENCE)', () => {
    const mail = renderEmail(message('booking_moved', movedPayload), CTX);
    expect(mail.subject).toBe(
      'Booking flyttet: Premiumpakken polering mandag den 7. december 2026 kl. 09:00',
    );
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('fra torsdag den 3. december 2026 kl. 09:00');
      expect(body).toContain('til mandag den 7. december 2026 kl. 09:00');
      expect(body).toContain(`https://glanspunkt.example/flyt?token=${'b'.repeat(64)}`);
      expect(body).toContain(`https://glanspunkt.example/afbestil?token=${'b'.repeat(64)}`);
      expect(body).toContain('Linkene i tidligere e-mails virker ikke længere');
    }
    const cal = new ICAL.Component(ICAL.parse(decodeIcs(mail.attachments[0]!.content)));
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const vevent = cal.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('uid')).toBe('booking-K7M2QX9D@glanspunkt');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-12-07T09:00:00');
    expect(mail.replyTo).toBe('ejer@glanspunkt.example');
  });

  it('says the workshop moved it when the owner did', () => {
    const mail = renderEmail(message('booking_moved', { ...movedPayload, movedBy: 'owner' }), CTX);
    expect(mail.text).toContain('Vi har flyttet din booking K7M2QX9D fra torsdag');
  });

  it('the owner e-mail says what moved from when to when, with the customer details', () => {
    const mail = renderEmail(
      message('owner_booking_moved', { ...movedPayload, cancelToken: undefined }),
      CTX,
    );
    expect(mail.subject).toBe(
      'Flyttet: Premiumpakken polering torsdag den 3. december 2026 kl. 09:00 → mandag den 7. december 2026 kl. 09:00 – Mette <b>Hansen</b>',
    );
    expect(mail.text).toMatch(/Før: +torsdag den 3\. december 2026 kl\. 09:00/);
    expect(mail.text).toMatch(/Nu: +mandag den 7\. december 2026 kl\. 09:00/);
    expect(mail.text).toContain('+45 11 22 33 44');
    expect(mail.text).toContain('Mette <b>Hansen</b> har flyttet sin booking.');
    expect(mail.html).not.toContain('<b>Hansen');
    expect(mail.replyTo).toBe('kunde@example.dk');
    const byOwner = renderEmail(
      message('owner_booking_moved', { ...movedPayload, movedBy: 'owner' }),
      CTX,
    );
    expect(byOwner.text).toContain('flyttet fra værkstedets side');
  });

  it('a cancellation after moves outranks the last move (SEQUENCE + 1)', () => {
    const mail = renderEmail(message('cancellation_confirmation', { sequence: 2 }), CTX);
    const cal = new ICAL.Component(ICAL.parse(decodeIcs(mail.attachments[0]!.content)));
    expect(cal.getFirstSubcomponent('vevent')!.getFirstPropertyValue('sequence')).toBe(3);
  });

  it('refuses to render a move without the earlier time or the new token', () => {
    expect(() =>
      renderEmail(message('booking_moved', { ...movedPayload, previousDropOff: undefined }), CTX),
    ).toThrow(/previousDropOff/);
    expect(() =>
      renderEmail(message('booking_moved', { ...movedPayload, cancelToken: null }), CTX),
    ).toThrow(/cancelToken/);
  });
});

describe('reconfirmation e-mail', () => {
  // cancelled after one move (the cancellation was SEQUENCE 2), then set back to confirmed
  const reconfirmedPayload = { sequence: 3, cancelToken: 'c'.repeat(64) };

  it('says in Danish that the booking holds again, with the details and the new links', () => {
    const mail = renderEmail(message('booking_reconfirmed', reconfirmedPayload), CTX);
    expect(mail.subject).toBe(
      'Booking bekræftet igen: Premiumpakken polering mandag den 7. december 2026 kl. 09:00',
    );
    expect(mail.text.split('\n')[0]).toBe('Din booking er bekræftet igen');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain(
        'Vi har genoprettet din booking K7M2QX9D mandag den 7. december 2026 kl. 09:00, så den gælder igen. Du kan se bort fra afbestillingen.',
      );
      expect(body).toContain('tirsdag den 8. december 2026 kl. 16:00');
      expect(body).toContain(danishPrice(3600));
      expect(body).toContain(WORKSHOP_ADDRESS);
      expect(body).toContain(`https://glanspunkt.example/flyt?token=${'c'.repeat(64)}`);
      expect(body).toContain(`https://glanspunkt.example/afbestil?token=${'c'.repeat(64)}`);
      expect(body).toContain('Linkene i tidligere e-mails virker ikke længere');
      expect(body).toContain('Tilføj tiden til din kalender igen');
    }
    expect(mail.html).toContain('Hej Mette &lt;b&gt;Hansen&lt;/b&gt;');
    expect(mail.replyTo).toBe('ejer@glanspunkt.example');
  });

  it('attaches booking.ics with the same UID and the SEQUENCE it carries, above the cancellation', () => {
    const cancellation = renderEmail(message('cancellation_confirmation', { sequence: 1 }), CTX);
    const mail = renderEmail(message('booking_reconfirmed', reconfirmedPayload), CTX);
    expect(mail.attachments.map((a) => [a.filename, a.content_type])).toEqual([
      ['booking.ics', 'text/calendar; charset=utf-8; method=PUBLISH'],
    ]);
    const event = (ics: string) => {
      const cal = new ICAL.Component(ICAL.parse(decodeIcs(ics)));
      const v = cal.getFirstSubcomponent('vevent')!;
      return {
        method: cal.getFirstPropertyValue('method'),
        uid: v.getFirstPropertyValue('uid'),
        status: v.getFirstPropertyValue('status'),
        sequence: v.getFirstPropertyValue('sequence'),
        start: String(v.getFirstPropertyValue('dtstart')),
      };
    };
    expect(event(cancellation.attachments[0]!.content)).toMatchObject({
      method: 'CANCEL',
      uid: 'booking-K7M2QX9D@glanspunkt',
      sequence: 2,
    });
    expect(event(mail.attachments[0]!.content)).toEqual({
      method: 'PUBLISH',
      uid: 'booking-K7M2QX9D@glanspunkt',
      status: 'CONFIRMED',
      sequence: 3,
      start: '2026-12-07T09:00:00',
    });
  });

  it('refuses to render without the new token (its links)', () => {
    expect(() =>
      renderEmail(
        message('booking_reconfirmed', { ...reconfirmedPayload, cancelToken: null }),
        CTX,
      ),
    ).toThrow(/cancelToken/);
  });
});
