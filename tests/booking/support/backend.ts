import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** The local stack's address, which the client uses when no VITE_ env is set. */
export const API = 'http://127.0.0.1:54321';

export const services = [
  {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Guldpakken',
    duration_minutes: 120,
    price: 399,
  },
  {
    id: '00000000-0000-4000-8000-000000000005',
    name: 'Guldpakken polering',
    duration_minutes: 840,
    price: 2400,
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    name: 'Premiumpakken',
    duration_minutes: 180,
    price: 799,
  },
  {
    id: '00000000-0000-4000-8000-000000000006',
    name: 'Premiumpakken polering',
    duration_minutes: 1080,
    price: 3600,
  },
  {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Sølvpakken',
    duration_minutes: 30,
    price: 199,
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    name: 'Sølvpakken polering',
    duration_minutes: 480,
    price: 1800,
  },
].map((service) => ({
  description: '',
  category: service.name.includes('polering') ? 'polering' : 'vask',
  sort_order: 0,
  is_active: true,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  ...service,
}));

export const serviceByName = (name: string) => {
  const found = services.find((service) => service.name === name);
  if (!found) throw new Error(`no service ${name}`);
  return found;
};

export const openingHours = [
  { weekday: 1, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 2, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 3, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 4, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 5, opens_at: '08:00:00', closes_at: '17:00:00' },
  { weekday: 6, opens_at: '10:00:00', closes_at: '16:00:00' },
  { weekday: 7, opens_at: null, closes_at: null },
];

export interface Recorded {
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Every request the form made, by endpoint, for assertions. */
export const calls = {
  services: [] as Recorded[],
  settings: [] as Recorded[],
  slots: [] as Recorded[],
  create: [] as Recorded[],
};

export function resetCalls() {
  for (const list of Object.values(calls)) list.length = 0;
}

async function record(list: Recorded[], request: Request) {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  list.push({
    url: new URL(request.url),
    headers: request.headers,
    body: text ? JSON.parse(text) : undefined,
  });
}

export const defaultSettings = [
  { key: 'min_advance_booking_days', value: '1' },
  { key: 'max_advance_booking_days', value: '60' },
];

export const handlers = [
  http.get(`${API}/rest/v1/services`, async ({ request }) => {
    await record(calls.services, request);
    return HttpResponse.json(services);
  }),
  http.get(`${API}/rest/v1/settings`, async ({ request }) => {
    await record(calls.settings, request);
    return HttpResponse.json(defaultSettings);
  }),
  http.get(`${API}/rest/v1/opening_hours`, () => HttpResponse.json(openingHours)),
  http.get(`${API}/rest/v1/closed_dates`, () => HttpResponse.json([{ day: '2026-11-27' }])),
  http.get(`${API}/rest/v1/open_dates`, () => HttpResponse.json([])),
  http.post(`${API}/functions/v1/get-available-slots`, async ({ request }) => {
    await record(calls.slots, request);
    await delay(30);
    return HttpResponse.json({
      slots: ['09:00', '09:30', '10:00'],
      readyAt: {
        '09:00': '2026-11-25T11:00:00+01:00',
        '09:30': '2026-11-25T11:30:00+01:00',
        '10:00': '2026-11-25T12:00:00+01:00',
      },
    });
  }),
  http.post(`${API}/functions/v1/create-booking`, async ({ request }) => {
    await record(calls.create, request);
    await delay(30);
    const body = (await request.json()) as {
      serviceId: string;
      bookingDate: string;
      bookingTime: string;
    };
    const service = services.find((s) => s.id === body.serviceId);
    return HttpResponse.json(
      {
        reference: 'K7M2Q9XA',
        service: { id: body.serviceId, name: service?.name ?? '' },
        dropOff: `${body.bookingDate}T${body.bookingTime}:00+01:00`,
        readyAt: `${body.bookingDate}T11:00:00+01:00`,
      },
      { status: 201 },
    );
  }),
];

export const server = setupServer(...handlers);
