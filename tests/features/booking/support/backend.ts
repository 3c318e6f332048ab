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

/** The fixed "today" of the form tests (Monday 23 November 2026 in Copenhagen). */
export const TODAY = '2026-11-23';

export interface CalendarFixture {
  min?: number;
  max?: number;
  closed?: string[];
  full?: string[];
  /** A bookable day's first free time (default 09:00). */
  times?: Record<string, string>;
}

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * A get_booking_calendar answer as the database gives it for TODAY (the SQL tests check the real
 * one): Sundays closed, 27 November a closed date, the Christmas and New Year holidays.
 */
export function calendarAnswer({
  min = 1,
  max = 60,
  closed = ['2026-11-27'],
  full = [],
  times = {},
}: CalendarFixture = {}) {
  const holidays: Record<string, string> = {
    '2026-12-25': 'Juledag',
    '2026-12-26': '2. Juledag',
    '2027-01-01': 'Nytårsdag',
  };
  const days = [];
  for (let i = 0; i <= max; i += 1) {
    const day = addDays(TODAY, i);
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    const status =
      i < min
        ? 'outside_window'
        : closed.includes(day)
          ? 'closed_date'
          : holidays[day]
            ? 'holiday'
            : sunday
              ? 'closed_weekday'
              : full.includes(day)
                ? 'full'
                : 'bookable';
    days.push({
      day,
      status,
      // a bookable day's first free time, as the database gives it
      ...(status === 'bookable' ? { time: times[day] ?? '09:00' } : {}),
      ...(holidays[day] ? { holiday: holidays[day] } : {}),
    });
  }
  return { today: TODAY, first: addDays(TODAY, min), last: addDays(TODAY, max), days };
}

export interface Recorded {
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Every request the form made, by endpoint, for assertions. */
export const calls = {
  services: [] as Recorded[],
  calendar: [] as Recorded[],
  slots: [] as Recorded[],
  create: [] as Recorded[],
};

export function resetCalls() {
  for (const list of Object.values(calls)) list.length = 0;
}

/** Records the request (its body read from a clone, so the handler can still read it). */
export async function record(list: Recorded[], request: Request) {
  const text = request.method === 'GET' ? '' : await request.clone().text();
  list.push({
    url: new URL(request.url),
    headers: request.headers,
    body: text ? JSON.parse(text) : undefined,
  });
}

export const handlers = [
  http.get(`${API}/rest/v1/services`, async ({ request }) => {
    await record(calls.services, request);
    return HttpResponse.json(services);
  }),
  http.post(`${API}/rest/v1/rpc/get_booking_calendar`, async ({ request }) => {
    await record(calls.calendar, request);
    return HttpResponse.json(calendarAnswer());
  }),
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
