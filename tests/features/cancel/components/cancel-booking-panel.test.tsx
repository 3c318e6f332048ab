import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CancelBookingPanel } from '~/features/cancel/components/cancel-booking-panel';
import { bigCarJob } from '../../../support/booked-job';

const URL = 'http://127.0.0.1:54321/functions/v1/cancel-booking';
const TOKEN = 'c0'.repeat(32);
const booking = {
  reference: 'K7M2QX9D',
  serviceName: 'Guldpakken',
  price: 399,
  dropOff: '2026-12-10T09:00:00+01:00',
  readyAt: '2026-12-10T11:00:00+01:00',
  cancelDeadline: '2026-12-09T09:00:00+01:00',
  cancelledAt: null,
};

const calls: { token: string; action: string }[] = [];
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

/** The cancel function as the server answers: lookup gives `state`, cancel gives `onCancel`. */
function backend(state: string, onCancel: () => Response) {
  server.use(
    http.post(URL, async ({ request }) => {
      const body = (await request.json()) as { token: string; action: string };
      calls.push(body);
      if (body.action === 'cancel') return onCancel();
      if (state === 'not_found') {
        return HttpResponse.json({ error: 'x', code: 'not_found' }, { status: 404 });
      }
      if (state === 'moved') {
        return HttpResponse.json({ error: 'x', code: 'moved' }, { status: 410 });
      }
      if (state === 'movable') {
        return HttpResponse.json({ state: 'active', booking: { ...booking, canMove: true } });
      }
      return HttpResponse.json({ state, booking });
    }),
  );
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <CancelBookingPanel />
    </MemoryRouter>,
  );
}

describe('CancelBookingPanel', () => {
  it('shows the booking, asks, and cancels with a POST after the click', async () => {
    backend('active', () =>
      HttpResponse.json({ state: 'cancelled', booking: { ...booking, cancelledAt: 'x' } }),
    );
    const user = userEvent.setup();
    renderAt(`/afbestil?token=${TOKEN}`);
    expect(await screen.findByText('Vil du afbestille denne booking?')).toBeInTheDocument();
    expect(screen.getByText('Guldpakken')).toBeInTheDocument();
    expect(screen.getByText('K7M2QX9D')).toBeInTheDocument();
    expect(screen.getByText('torsdag den 10. december 2026 kl. 09:00')).toBeInTheDocument();
    // an answer without a job (a server older than it): the package and its price, as before
    expect(screen.getByTestId('cancel-Pris')).toHaveTextContent(/^399 kr\. inkl\. moms$/);
    expect(screen.queryByText('Bilstørrelse')).toBeNull();
    expect(screen.getByText(/onsdag den 9\. december 2026 kl\. 09:00/)).toBeInTheDocument();
    expect(calls).toEqual([{ token: TOKEN, action: 'lookup' }]);

    await user.click(screen.getByRole('button', { name: 'Ja, afbestil booking' }));
    expect(
      await screen.findByRole('heading', { name: 'Din booking er afbestilt' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book en ny tid' })).toHaveAttribute(
      'href',
      '/contact',
    );
    expect(calls.at(-1)).toEqual({ token: TOKEN, action: 'cancel' });
  });

  it('offers "Flyt i stedet" with the same link while a move is allowed, and not after', async () => {
    backend('movable', () => HttpResponse.json({}, { status: 500 }));
    const view = renderAt(`/afbestil?token=${TOKEN}`);
    expect(await screen.findByRole('link', { name: 'Flyt i stedet' })).toHaveAttribute(
      'href',
      `/flyt?token=${TOKEN}`,
    );
    view.unmount();
    backend('active', () => HttpResponse.json({}, { status: 500 }));
    renderAt(`/afbestil?token=${TOKEN}`);
    expect(await screen.findByText('Vil du afbestille denne booking?')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Flyt i stedet' })).toBeNull();
  });

  it("says a moved booking's old link was replaced, and to use the newest e-mail", async () => {
    backend('moved', () => HttpResponse.json({}, { status: 500 }));
    renderAt(`/afbestil?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Bookingen er flyttet' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Brug linket i den nyeste e-mail fra os/)).toBeInTheDocument();
    expect(screen.queryByText(/hele linket/)).toBeNull();
  });

  it('says a link without a valid token does not work, without calling the server', async () => {
    renderAt('/afbestil?token=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('Linket virker ikke');
    expect(calls).toEqual([]);
  });

  it('says an unknown token does not work', async () => {
    backend('not_found', () => HttpResponse.error());
    renderAt(`/afbestil?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Linket virker ikke');
  });

  it('tells a used link and a too-late link apart, and offers no cancel button', async () => {
    backend('cancelled', () => HttpResponse.error());
    const { unmount } = renderAt(`/afbestil?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Bookingen er allerede afbestilt' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ja, afbestil booking' })).toBeNull();
    unmount();

    backend('too_late', () => HttpResponse.error());
    renderAt(`/afbestil?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fristen for online afbestilling er overskredet',
    );
    expect(screen.getByRole('link', { name: /Ring til os/ })).toHaveAttribute(
      'href',
      'tel:+4512345678',
    );
    expect(screen.queryByRole('button', { name: 'Ja, afbestil booking' })).toBeNull();
  });

  it('shows the deadline message when the cancel is refused as too late', async () => {
    backend('active', () =>
      HttpResponse.json({ error: 'x', code: 'too_late', booking }, { status: 409 }),
    );
    const user = userEvent.setup();
    renderAt(`/afbestil?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Ja, afbestil booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Fristen for online afbestilling er overskredet',
    );
  });

  it('shows the job as booked: package, car size, each add-on with its price, and the total inkl. moms', async () => {
    const job = bigCarJob;
    server.use(
      http.post(URL, () =>
        HttpResponse.json({
          state: 'active',
          booking: { ...booking, serviceName: 'Sølvpakken polering', price: 2898, job },
        }),
      ),
    );
    renderAt(`/afbestil?token=${TOKEN}`);
    expect(await screen.findByText('Vil du afbestille denne booking?')).toBeInTheDocument();
    const value = (label: string) => {
      const term = screen.getByText(label, { selector: 'dt' });
      return term.nextElementSibling as HTMLElement;
    };
    expect(value('Service')).toHaveTextContent(/^Sølvpakken polering, 2\.200 kr\.$/);
    expect(value('Bilstørrelse')).toHaveTextContent(/^Stor bil \(SUV, stationcar, 7-personers\)$/);
    // one line an add-on
    expect([...value('Tilvalg').children].map((line) => line.textContent)).toEqual([
      'Motorvask, 299 kr.',
      'Ozonbehandling, 399 kr.',
    ]);
    expect(value('I alt')).toHaveTextContent(/^2\.898 kr\. inkl\. moms$/);
    expect(screen.queryByText('Pris', { selector: 'dt' })).toBeNull();
  });

  it('offers to try again when the server fails', async () => {
    let fail = true;
    server.use(
      http.post(URL, () =>
        fail
          ? HttpResponse.json({ error: 'Der opstod en fejl.' }, { status: 500 })
          : HttpResponse.json({ state: 'active', booking }),
      ),
    );
    const user = userEvent.setup();
    renderAt(`/afbestil?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Der opstod en fejl');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByText('Vil du afbestille denne booking?')).toBeInTheDocument();
  });
});
