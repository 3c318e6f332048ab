// "Tilføj til Google Kalender / Outlook": the confirmation on the page and the confirmation e-mail
// build the same links from the same booking (two copies: src/ and the functions' _shared/), the
// times are the booking's, and the e-mail carries them as plain links.
import { describe, expect, it } from 'vitest';
import * as site from '../../src/features/booking/rules/calendar-links.ts';
import * as mail from '../functions/_shared/email/calendar-links.ts';
import { WORKSHOP, WORKSHOP_ADDRESS } from '../functions/_shared/email/business.ts';
import {
  renderEmail,
  type OutboxMessage,
  type RenderContext,
} from '../functions/_shared/email/templates.ts';
import { seededSiteData } from '../../tests/support/site-data.ts';
import { jobSentence } from '../../src/lib/booking-job.ts';
import { jobText as mailJobText } from '../functions/_shared/email/booking.ts';
import { bigCarJob } from '../../tests/support/booked-job';

const booking = {
  reference: 'K7M2QX9D',
  serviceName: 'Premiumpakken polering',
  dropOff: '2026-12-07T09:00:00+01:00',
  readyAt: '2026-12-08T16:00:00+01:00',
};
const workshop = { name: WORKSHOP.name, address: WORKSHOP_ADDRESS, phone: WORKSHOP.phone.display };

describe('calendar links', () => {
  it('are the same on the page and in the e-mail', () => {
    expect(site.googleCalendarUrl(booking, workshop)).toBe(
      mail.googleCalendarUrl(booking, workshop),
    );
    expect(site.outlookCalendarUrl(booking, workshop)).toBe(
      mail.outlookCalendarUrl(booking, workshop),
    );
    // a summer booking (CEST) too
    const summer = {
      ...booking,
      dropOff: '2027-06-07T09:00:00+02:00',
      readyAt: '2027-06-07T11:00:00+02:00',
    };
    expect(site.googleCalendarUrl(summer, workshop)).toBe(mail.googleCalendarUrl(summer, workshop));
    // a job with a size and add-ons: the page's sentence is the e-mail's
    const job = bigCarJob;
    expect(jobSentence(job)).toBe(mailJobText(job));
    const withJob = { ...booking, jobText: jobSentence(job) };
    expect(site.googleCalendarUrl(withJob, workshop)).toBe(
      mail.googleCalendarUrl(withJob, workshop),
    );
    expect(site.outlookCalendarUrl(withJob, workshop)).toBe(
      mail.outlookCalendarUrl(withJob, workshop),
    );
    expect(
      new URL(site.googleCalendarUrl(withJob, workshop)).searchParams.get('details'),
    ).toContain('Tilvalg: Motorvask, Ozonbehandling.');
  });

  it('open Google Calendar with the drop-off to ready time in UTC, title, place and reference', () => {
    const url = new URL(site.googleCalendarUrl(booking, workshop));
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20261207T080000Z/20261208T150000Z');
    expect(url.searchParams.get('text')).toBe('Glanspunkt: Premiumpakken polering');
    expect(url.searchParams.get('location')).toBe('Virkelyst 7B, 6000 Kolding');
    expect(url.searchParams.get('details')).toContain('Bookingnummer K7M2QX9D');
  });

  it('open Outlook with the times as the booking has them (Copenhagen offset)', () => {
    const url = new URL(site.outlookCalendarUrl(booking, workshop));
    expect(url.origin + url.pathname).toBe('https://outlook.live.com/calendar/0/action/compose');
    expect(url.searchParams.get('rru')).toBe('addevent');
    expect(url.searchParams.get('startdt')).toBe('2026-12-07T09:00:00+01:00');
    expect(url.searchParams.get('enddt')).toBe('2026-12-08T16:00:00+01:00');
    expect(url.searchParams.get('subject')).toBe('Glanspunkt: Premiumpakken polering');
  });

  it("the page's .ics file has the e-mail's event id and the booking's times, folded within 75 octets", () => {
    const href = site.icsHref(booking, workshop, new Date('2026-11-27T10:00:00Z'));
    expect(href.startsWith('data:text/calendar;charset=utf-8,')).toBe(true);
    const ics = decodeURIComponent(href.slice(href.indexOf(',') + 1));
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('UID:booking-K7M2QX9D@glanspunkt');
    expect(unfolded).toContain('DTSTART:20261207T080000Z');
    expect(unfolded).toContain('DTEND:20261208T150000Z');
    expect(unfolded).toContain('LOCATION:Virkelyst 7B\\, 6000 Kolding');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('are in the confirmation e-mail as plain links, beside the attached .ics', () => {
    const message: OutboxMessage = {
      id: '00000000-0000-4000-8000-000000000001',
      kind: 'booking_confirmation',
      recipient: 'kunde@example.dk',
      idempotencyKey: 'booking_confirmation:x',
      attempts: 1,
      createdAt: '2026-11-27T10:00:00.000+00:00',
      payload: {
        ...booking,
        price: 3600,
        customerName: 'Kunde',
        customerEmail: 'kunde@example.dk',
        customerPhone: '+45 11 22 33 44',
        cancelToken: 'a'.repeat(64),
      },
    };
    const context: RenderContext = {
      siteUrl: 'https://glanspunkt.example/',
      openingHours: seededSiteData.openingHours,
      cancellationNoticeHours: 24,
      ownerEmail: 'ejer@glanspunkt.example',
    };
    const mailRendered = renderEmail(message, context);
    const google = site.googleCalendarUrl(booking, workshop);
    const outlook = site.outlookCalendarUrl(booking, workshop);
    expect(mailRendered.text).toContain(`Tilføj til Google Kalender: ${google}`);
    expect(mailRendered.text).toContain(`Tilføj til Outlook: ${outlook}`);
    expect(mailRendered.html).toContain(`href="${google.replace(/&/g, '&amp;')}"`);
    expect(mailRendered.html).toContain(`href="${outlook.replace(/&/g, '&amp;')}"`);
    expect(mailRendered.attachments.map((a) => a.filename)).toEqual(['booking.ics']);
  });
});
