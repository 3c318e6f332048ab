// The booking form when the backend cannot be reached (the notice with the phone, every choice and
// the build's services kept, no loading text after a failure, back by itself), and the next free
// time offered under a chosen day without a free time (one tap takes it). The backend is mocked at
// the network (msw), as in booking-form.test.tsx.
import './support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { retryDelay } from '~/features/booking/components/booking-query-provider';
import type { BookingCalendar } from '~/features/booking/api/get-booking-calendar';
import { nextFreeTime } from '~/features/booking/rules/next-free-time';
import type { SiteFacts } from '~/lib/site-data';
import { API, calendarAnswer, calls, server, services } from './support/backend';
import { bookingFormTests } from './support/lifecycle';
import { renderBookingForm } from './support/render';
import { seededSiteFacts } from '../../support/site-data';

// Monday 23 November 2026, 11:00 in Copenhagen
const NOW = new Date('2026-11-23T10:00:00Z');
const OUTAGE = /^Online booking virker ikke lige nu – ring \+45 12 34 56 78, så booker vi dig\.$/;

bookingFormTests(NOW);

/** The build's services (the site data), as the prerendered page has them. */
const facts: SiteFacts = {
  services: services.map((s) => ({
    id: s.id,
    slug: s.name.toLowerCase().replace(/ /g, '-'),
    name: s.name,
    category: s.category as 'vask' | 'polering',
    price: s.price,
    durationMinutes: s.duration_minutes,
    workingDays: null,
    priceRange: { min: s.price, max: s.price },
  })),
  openingHours: [],
  cancellationNoticeHours: 24,
  maxMovesPerBooking: 2,
  bookingWindowDays: { min: 1, max: 60 },
  carSizes: seededSiteFacts.carSizes,
  addons: [],
  sizePrices: {},
};

const serviceSelect = () => screen.getByRole('combobox', { name: 'Service' });
const timeSelect = () => screen.getByRole('combobox', { name: 'Tidspunkt' });
const dateButton = () => screen.getByRole('button', { name: /^Dato/ });

async function chooseService(user: UserEvent, name: string) {
  await waitFor(() => expect(serviceSelect()).toBeEnabled());
  await user.click(serviceSelect());
  await user.click(await screen.findByRole('option', { name }));
}

async function chooseDate(user: UserEvent, label: string) {
  await user.click(dateButton());
  const calendar = await screen.findByRole('dialog', { name: 'Vælg dato' });
  await within(calendar).findByRole('grid');
  await user.click(within(calendar).getByRole('button', { name: label }));
}

describe('the booking form when the backend cannot be reached', () => {
  it('says so once with the phone, keeps the build list and every choice, and comes back by itself', async () => {
    let down = true;
    server.use(
      http.get(`${API}/rest/v1/services`, () =>
        down ? new HttpResponse('Bad Gateway', { status: 502 }) : undefined,
      ),
      http.post(`${API}/rest/v1/rpc/get_booking_calendar`, () =>
        down ? HttpResponse.error() : undefined,
      ),
    );
    const { user } = renderBookingForm({ facts });
    // the build's list is there at once and stays after the services query fails
    await chooseService(user, 'Guldpakken');
    expect(serviceSelect()).toHaveTextContent('Guldpakken');
    const notice = await screen.findByTestId('booking-outage', undefined, { timeout: 8_000 });
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice.querySelector('p')?.textContent).toMatch(OUTAGE);
    expect(within(notice).getByRole('link', { name: '+45 12 34 56 78' })).toHaveAttribute(
      'href',
      'tel:+4512345678',
    );
    // once, however many calls failed
    expect(screen.getAllByTestId('booking-outage')).toHaveLength(1);
    // an outage is told once: no toast repeats the notice (the spec's toasts are for a read the
    // server answered with an error)
    expect(screen.queryByText(/Kunne ikke indlæse/)).toBeNull();
    // the choice and the build's list are kept; the date button still works and never says
    // "Indlæser kalender..." after the failure
    expect(serviceSelect()).toHaveTextContent('Guldpakken');
    expect(serviceSelect()).toBeEnabled();
    await user.click(dateButton());
    const popover = await screen.findByRole('dialog', { name: 'Vælg dato' });
    expect(within(popover).queryByText('Indlæser kalender...')).toBeNull();
    // nor does the date picker: it says what it waits for
    expect(
      within(popover).getByText('Kalenderen vises her, så snart vi kan hente den.'),
    ).toBeVisible();
    expect(within(popover).queryByText(/kunne ikke|ring/i)).toBeNull();
    await user.keyboard('{Escape}');

    // the backend answers again: the form asks again by itself (backoff) and works
    const failedCalls = calls.calendar.length;
    down = false;
    await waitFor(() => expect(screen.queryByTestId('booking-outage')).toBeNull(), {
      timeout: 12_000,
    });
    expect(calls.calendar.length).toBeGreaterThanOrEqual(failedCalls);
    expect(serviceSelect()).toHaveTextContent('Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toBeEnabled());
  });

  it('never shows the loading text of the times after their load failed', async () => {
    let down = false;
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        down ? HttpResponse.error() : undefined,
      ),
    );
    const { user } = renderBookingForm({ facts });
    await chooseService(user, 'Guldpakken');
    down = true;
    await chooseDate(user, 'onsdag den 25. november 2026');
    expect(await screen.findByTestId('booking-outage')).toBeInTheDocument();
    // retried in the background: the field never goes back to "Indlæser tider..."
    for (let i = 0; i < 5; i += 1) {
      expect(timeSelect()).not.toHaveTextContent('Indlæser tider...');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    down = false;
    await waitFor(() => expect(screen.queryByTestId('booking-outage')).toBeNull(), {
      timeout: 12_000,
    });
    await waitFor(() => expect(timeSelect()).toBeEnabled());
  });

  it('a booking sent into an outage keeps the form, says so, and the notice goes when the backend is back', async () => {
    let down = false;
    server.use(
      http.post(`${API}/functions/v1/create-booking`, () =>
        down ? HttpResponse.error() : undefined,
      ),
      http.post(`${API}/rest/v1/rpc/get_booking_calendar`, () =>
        down ? HttpResponse.error() : undefined,
      ),
    );
    const { user } = renderBookingForm({ facts });
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    await user.click(timeSelect());
    await user.click(await screen.findByRole('option', { name: '09:30' }));
    await user.type(screen.getByLabelText('Navn'), 'Mette Jensen');
    await user.type(screen.getByLabelText('Telefon'), '21 34 56 78');
    await user.type(screen.getByLabelText('Email'), 'mette@example.dk');
    down = true;
    await user.click(screen.getByRole('button', { name: 'Book tid' }));
    // the spec's toast, and the notice in the form; every field is kept
    // (toasts animate in: in the document is what jsdom can tell; the e2e spec sees them)
    expect(await screen.findByText('Fejl ved booking')).toBeInTheDocument();
    expect(await screen.findByTestId('booking-outage')).toBeInTheDocument();
    expect(timeSelect()).toHaveTextContent('09:30');
    expect(screen.getByLabelText('Navn')).toHaveValue('Mette Jensen');
    down = false;
    await waitFor(() => expect(screen.queryByTestId('booking-outage')).toBeNull(), {
      timeout: 12_000,
    });
    await user.click(screen.getByRole('button', { name: 'Book tid' }));
    expect(await screen.findByText('Booking bekræftet!')).toBeInTheDocument();
  });

  it('backs off: 2 s, 4 s, 8 s ... at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('the next free time', () => {
  it('is the first bookable day after the chosen one, with the time the database gave it', () => {
    const calendar = calendarAnswer({
      full: ['2026-11-25', '2026-11-26'],
      times: { '2026-11-28': '10:00' },
    }) as BookingCalendar;
    // 27 November is a closed date, 29 a Sunday
    expect(nextFreeTime(calendar, '2026-11-25')).toEqual({ day: '2026-11-28', time: '10:00' });
    expect(nextFreeTime(calendar, '2026-11-24')).toEqual({ day: '2026-11-28', time: '10:00' });
    expect(nextFreeTime(calendar, '2027-01-22')).toBeNull();
    expect(nextFreeTime(undefined, '2026-11-25')).toBeNull();
  });

  it('is offered under a full day and taken with one tap', async () => {
    server.use(
      http.post(`${API}/rest/v1/rpc/get_booking_calendar`, () =>
        HttpResponse.json(
          calendarAnswer({ full: ['2026-11-25'], times: { '2026-11-26': '10:30' } }),
        ),
      ),
      http.post(`${API}/functions/v1/get-available-slots`, async ({ request }) => {
        const { date } = (await request.json()) as { date: string };
        return HttpResponse.json(
          date === '2026-11-25'
            ? { slots: [], readyAt: {} }
            : { slots: ['10:30', '11:00'], readyAt: { '10:30': `${date}T12:30:00+01:00` } },
        );
      }),
    );
    const { user } = renderBookingForm({ facts });
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026, fuldt booket');
    const offer = await screen.findByRole('button', {
      name: 'Næste ledige tid: torsdag den 26. november 2026 kl. 10:30',
    });
    await user.click(offer);
    await waitFor(() => expect(timeSelect()).toHaveTextContent('10:30'));
    expect(dateButton()).toHaveTextContent('torsdag den 26. november 2026');
    expect(screen.queryByTestId('booking-next-free')).toBeNull();
    // the summary is there: service, date and time are chosen
    expect(screen.getByText('Oversigt')).toBeVisible();
  });

  it('says to call when the window has no free time after the chosen day', async () => {
    const all = calendarAnswer({ max: 3, closed: [] });
    server.use(
      http.post(`${API}/rest/v1/rpc/get_booking_calendar`, () =>
        HttpResponse.json({
          ...all,
          days: all.days.map((d) =>
            d.day >= '2026-11-25' && d.status === 'bookable' ? { day: d.day, status: 'full' } : d,
          ),
        }),
      ),
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        HttpResponse.json({ slots: [], readyAt: {} }),
      ),
    );
    const { user } = renderBookingForm({ facts });
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026, fuldt booket');
    expect(
      await screen.findByText(
        'Der er ingen ledige tider senere i bookingvinduet. Ring til os, så finder vi en tid.',
      ),
    ).toBeVisible();
  });
});
