// /flyt: the booking behind the link shows the job it was booked with (package, car size, each
// add-on with its price) and its total inkl. moms, before a move and after it (a move keeps the
// job and its price as booked).
import '../features/booking/support/dom';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ReschedulePage from '~/pages/reschedule';
import { API, calendarAnswer } from '../features/booking/support/backend';
import { renderRoute } from './render-route';
import { bigCarJob } from '../support/booked-job';

// Monday 23 November 2026 in Copenhagen, the day the calendar fixture starts from
const NOW = new Date('2026-11-23T10:00:00Z');
const TOKEN = 'ab'.repeat(32);

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

const job = bigCarJob;
const booking = {
  reference: 'K7M2QX9D',
  serviceId: '00000000-0000-4000-8000-000000000004',
  serviceName: 'Sølvpakken polering',
  price: 2898,
  job,
  dropOff: '2026-11-24T09:00:00+01:00',
  readyAt: '2026-11-24T19:30:00+01:00',
  moveDeadline: '2026-11-23T09:00:00+01:00',
  movesLeft: 2,
};

const moves: unknown[] = [];
const server = setupServer(
  http.post(`${API}/functions/v1/reschedule-booking`, async ({ request }) => {
    const body = (await request.json()) as { action?: string; bookingDate?: string };
    if (body.action === 'lookup') return HttpResponse.json({ state: 'active', booking });
    if (body.action === 'calendar') return HttpResponse.json(calendarAnswer());
    if (body.action === 'slots')
      return HttpResponse.json({
        slots: ['09:00'],
        readyAt: { '09:00': `${body.bookingDate}T19:30:00+01:00` },
      });
    moves.push(body);
    // the function's answer to a move: the booking's new time, no price or job (they do not move)
    return HttpResponse.json({
      reference: booking.reference,
      service: { id: booking.serviceId, name: booking.serviceName },
      dropOff: '2026-11-25T09:00:00+01:00',
      readyAt: '2026-11-25T19:30:00+01:00',
      previousDropOff: booking.dropOff,
      previousReadyAt: booking.readyAt,
      movesLeft: 1,
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  moves.length = 0;
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

/** The job's rows of the details card, each value's lines. */
function jobShown() {
  const value = (label: string) =>
    screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
  const lines = (label: string) => {
    const dd = value(label);
    return dd.children.length > 0 ? [...dd.children].map((c) => c.textContent) : [dd.textContent];
  };
  return {
    service: lines('Service'),
    size: lines('Bilstørrelse'),
    addons: lines('Tilvalg'),
    total: lines('I alt'),
  };
}

const JOB_SHOWN = {
  service: ['Sølvpakken polering, 2.200 kr.'],
  size: ['Stor bil (SUV, stationcar, 7-personers)'],
  addons: ['Motorvask, 299 kr.', 'Ozonbehandling, 399 kr.'],
  total: ['2.898 kr. inkl. moms'],
};

describe('/flyt', () => {
  it('shows the job as booked and its total inkl. moms, and the same after the move', async () => {
    const user = userEvent.setup();
    renderRoute(`/flyt?token=${TOKEN}`, ReschedulePage);
    expect(await screen.findByRole('heading', { name: 'Vælg en ny tid' })).toBeInTheDocument();
    expect(jobShown()).toEqual(JOB_SHOWN);

    await user.click(screen.getByRole('button', { name: /^Dato/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Vælg dato' });
    await user.click(
      await within(calendar).findByRole('button', { name: 'onsdag den 25. november 2026' }),
    );
    const time = screen.getByRole('combobox', { name: 'Tidspunkt' });
    await waitFor(() => expect(time).toBeEnabled());
    await user.click(time);
    await user.click(await screen.findByRole('option', { name: /^09:00/ }));
    await user.click(screen.getByRole('button', { name: 'Flyt booking' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Din booking er flyttet');
    expect(moves).toEqual([{ token: TOKEN, bookingDate: '2026-11-25', bookingTime: '09:00' }]);
    expect(screen.getByTestId('cancel-Aflevering')).toHaveTextContent(
      'onsdag den 25. november 2026 kl. 09:00',
    );
    expect(jobShown()).toEqual(JOB_SHOWN);
  });
});
