import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { moveBooking } from '~/features/booking/api/move-booking';
import { lookupMovableBooking } from '~/features/booking/api/reschedule-booking';
import { API } from './support/backend';

const URL = `${API}/functions/v1/reschedule-booking`;
const TOKEN = 'ab'.repeat(32);
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function answer(response: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    http.post(URL, async ({ request }) => {
      bodies.push(await request.json());
      return response();
    }),
  );
  return bodies;
}

const moved = {
  reference: 'K7M2QX9D',
  service: { id: 's', name: 'Guldpakken' },
  dropOff: '2026-12-10T09:00:00+01:00',
  readyAt: '2026-12-10T11:00:00+01:00',
  previousDropOff: '2026-12-07T09:00:00+01:00',
  previousReadyAt: '2026-12-07T11:00:00+01:00',
  movesLeft: 2,
};

describe('moveBooking: the answers of reschedule-booking to a move', () => {
  it('posts token, day and time, and returns the moved booking', async () => {
    const bodies = answer(() => HttpResponse.json(moved));
    expect(await moveBooking(TOKEN, '2026-12-10', '09:00')).toEqual({
      kind: 'moved',
      booking: moved,
    });
    expect(bodies).toEqual([{ token: TOKEN, bookingDate: '2026-12-10', bookingTime: '09:00' }]);
  });

  it('says the link is unknown on a 404', async () => {
    answer(() => HttpResponse.json({ error: 'x', code: 'not_found' }, { status: 404 }));
    expect(await moveBooking(TOKEN, '2026-12-10', '09:00')).toEqual({ kind: 'not_found' });
  });

  it('says why a booking may no longer move (its own 409 codes)', async () => {
    for (const code of ['cancelled', 'too_late', 'move_limit']) {
      answer(() => HttpResponse.json({ error: `Nej: ${code}`, code }, { status: 409 }));
      expect(await moveBooking(TOKEN, '2026-12-10', '09:00')).toEqual({
        kind: 'refused',
        state: code,
        message: `Nej: ${code}`,
      });
    }
  });

  it('asks for another time when the time was just taken (409) or not offered (400)', async () => {
    answer(() =>
      HttpResponse.json(
        { error: 'Tiden er optaget.', code: 'conflict', slots: [] },
        { status: 409 },
      ),
    );
    expect(await moveBooking(TOKEN, '2026-12-10', '09:00')).toEqual({
      kind: 'retry',
      message: 'Tiden er optaget.',
      taken: true,
    });
    answer(() => HttpResponse.json({ error: 'Vælg et andet tidspunkt.' }, { status: 400 }));
    expect(await moveBooking(TOKEN, '2026-12-10', '09:00')).toEqual({
      kind: 'retry',
      message: 'Vælg et andet tidspunkt.',
      taken: false,
    });
  });

  it('fails on anything else: other statuses, no message, no JSON, no answer', async () => {
    const failures = [
      () => HttpResponse.json({ error: 'For mange forsøg.' }, { status: 429 }),
      () => HttpResponse.json({}, { status: 409 }),
      () => HttpResponse.json({ reference: 42 }),
      () => new HttpResponse('Not Found', { status: 404 }),
      () => HttpResponse.error(),
    ];
    for (const failure of failures) {
      answer(failure);
      expect(await moveBooking(TOKEN, '2026-12-10', '09:00')).toEqual({ kind: 'error' });
    }
  });
});

describe('lookupMovableBooking: the booking behind a move link', () => {
  const booking = { reference: 'K7M2QX9D', serviceId: 's', serviceName: 'Guldpakken' };

  it('returns the booking and its state', async () => {
    const bodies = answer(() => HttpResponse.json({ state: 'active', booking }));
    expect(await lookupMovableBooking(TOKEN)).toEqual({
      kind: 'booking',
      state: 'active',
      booking,
    });
    expect(bodies).toEqual([{ token: TOKEN, action: 'lookup' }]);
  });

  it('says the link is unknown, or fails so that the page offers a retry', async () => {
    answer(() => HttpResponse.json({ error: 'x', code: 'not_found' }, { status: 404 }));
    expect(await lookupMovableBooking(TOKEN)).toEqual({ kind: 'not_found' });
    answer(() => HttpResponse.json({ error: 'Der opstod en fejl.' }, { status: 500 }));
    expect(await lookupMovableBooking(TOKEN)).toEqual({ kind: 'error' });
    answer(() => HttpResponse.error());
    expect(await lookupMovableBooking(TOKEN)).toEqual({ kind: 'error' });
  });
});
