// Who reaches the owner page's calls and the owner list through the real gateway (/rest/v1), with
// the platform's new keys only (the legacy keys off) and tokens shaped as Supabase Auth issues
// them. One row per caller and entry point: the visitor (publishable key), a signed-in address not
// on the list, an expired token, a forged token, an owner taken off the list with a token still
// valid, and the owner. Every function a signed-in user may execute must have its row here, so a
// new call fails this test until it is listed. Runs on the real clock: the booked day is found on
// the stack's calendar (openDays), and the owner's calls answer for now(). On PGlite and PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JWT_SECRET, signJwt } from '../../local/keys.ts';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { eraseBookings, openDays } from './helpers/http.ts';
import { ADDON, BACKENDS, SERVICE } from './helpers/sql.ts';

let stack: TestStack;
let day: string;
let booking: string;
let toCancel: string;

/** An access token as Supabase Auth issues it (the contract's claims), signed with `secret`. */
async function userToken(
  email: string,
  options: { secret?: string; expiresIn?: number } = {},
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const sub = crypto.randomUUID();
  return signJwt(
    {
      iss: `${stack.url}/auth/v1`,
      aud: 'authenticated',
      sub,
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'otp', timestamp: iat }],
      session_id: crypto.randomUUID(),
      is_anonymous: false,
      iat: iat - 10,
      exp: iat + (options.expiresIn ?? 3600),
    },
    options.secret ?? JWT_SECRET,
  );
}

interface Caller {
  /** apikey and Authorization of the request. */
  headers(): Record<string, string>;
  /** The status every owner call answers this caller; undefined: it works (2xx). */
  refused?: number;
  /** The Danish message of the refusal, when it is our own. */
  message?: string;
}

const NOT_ON_LIST =
  'Din e-mailadresse har ikke adgang til ejersiden. Spørg ejeren, om den skal på listen.';

const tokens: Record<string, string> = {};
const signedIn = (name: string) => () => ({
  apikey: stack.publishableKey,
  Authorization: `Bearer ${tokens[name]}`,
});

const CALLERS: Record<string, Caller> = {
  visitor: { headers: () => ({ apikey: stack.publishableKey }), refused: 401 },
  stranger: { headers: signedIn('stranger'), refused: 403, message: NOT_ON_LIST },
  expired: { headers: signedIn('expired'), refused: 401 },
  forged: { headers: signedIn('forged'), refused: 401 },
  removedOwner: { headers: signedIn('removedOwner'), refused: 403, message: NOT_ON_LIST },
  owner: { headers: signedIn('owner') },
};

/** Every owner call, with a body the owner's call succeeds with. */
const RPCS: Record<string, () => Record<string, unknown>> = {
  owner_me: () => ({}),
  owner_day: () => ({ p_day: day }),
  // the status the booking has: the double tap, which changes nothing
  owner_set_status: () => ({ p_booking: booking, p_status: 'confirmed', p_from: 'confirmed' }),
  // a job: a size and add-ons (the calls without them, the ordinary car, in owner-page.test.ts)
  owner_calendar: () => ({
    p_service_id: SERVICE.guld,
    p_car_size: 'stor-bil',
    p_addon_ids: [ADDON.motorvask],
  }),
  owner_available_slots: () => ({
    p_service_id: SERVICE.guld,
    p_day: day,
    p_car_size: 'stor-bil',
    p_addon_ids: [ADDON.motorvask],
  }),
  owner_customer_no_shows: () => ({ p_phone: '20 30 40 50', p_email: 'kunde@example.dk' }),
  owner_phone_booking: () => ({
    p_request_id: crypto.randomUUID(),
    p_service_id: SERVICE.solv,
    p_date: day,
    p_time: '15:00',
    p_customer_name: 'Telefon Kunde',
    p_customer_phone: '20 30 40 51',
    p_customer_email: '',
    p_car_plate: '',
    p_notes: '',
    p_car_size: 'varebil',
    p_addon_ids: [ADDON.ozon],
  }),
  // its own time again: moves nothing
  owner_move_booking: () => ({ p_booking: booking, p_date: day, p_time: '10:00' }),
  owner_cancel_booking: () => ({ p_booking: toCancel }),
};

/** The owner list through the Data API: what anon and a signed-in user must never do. */
const TABLE_OPS: Record<string, { method: string; path: string; body?: unknown; ok: number }> = {
  select: { method: 'GET', path: 'owners?select=email', ok: 200 },
  insert: { method: 'POST', path: 'owners', body: { email: 'indtrænger@example.dk' }, ok: 201 },
  update: {
    method: 'PATCH',
    path: 'owners?email=eq.indtrænger@example.dk',
    body: { name: 'Indtrænger' },
    ok: 204,
  },
  delete: { method: 'DELETE', path: 'owners?email=eq.indtrænger@example.dk', ok: 204 },
};

async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: { message?: string } | null }> {
  const res = await fetch(`${stack.url}/rest/v1/${path}`, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as { message?: string }) : null };
}

const state = () =>
  stack.query(
    `select (select count(*) from public.bookings) bookings,
            (select json_agg(b.status order by b.id) from public.bookings b) statuses,
            (select count(*) from public.email_outbox) outbox,
            (select json_agg(o order by o.email) from public.owners o) owners`,
  );

describe.each(BACKENDS)('the owner page through /rest/v1 on %s', (backend) => {
  beforeAll(async () => {
    stack = await startTestStack({ legacyKeys: false, backend });
    await eraseBookings(stack);
    day = (await openDays(stack, [2, 3, 4], 1))[0]!;
    const book = async (time: string, phone: string) => {
      const [row] = await stack.query<{ id: string }>(
        `select (public.owner_book('Guldpakken', jsonb_populate_record(null::public.booking_request,
                  jsonb_build_object('booking_date', $1::date, 'booking_time', $2::time,
                    'customer_name', 'Kunde Test', 'customer_phone', $3::text)))).id`,
        [day, time, phone],
      );
      return row!.id;
    };
    booking = await book('10:00', '20 30 40 60');
    toCancel = await book('12:00', '20 30 40 61');

    await stack.query(
      `insert into public.owners (email, name) values ('tidligere@glanspunkt.local', 'Tidligere')`,
    );
    tokens.owner = await userToken('ejer@glanspunkt.local');
    tokens.stranger = await userToken('fremmed@example.dk');
    tokens.expired = await userToken('ejer@glanspunkt.local', { expiresIn: -60 });
    tokens.forged = await userToken('ejer@glanspunkt.local', {
      secret: 'not-the-stack-secret-but-just-as-long-0123456789',
    });
    tokens.removedOwner = await userToken('tidligere@glanspunkt.local');
    // the token worked while the address was on the list
    expect((await call('POST', 'rpc/owner_me', signedIn('removedOwner')(), {})).body).toEqual({
      email: 'tidligere@glanspunkt.local',
      name: 'Tidligere',
    });
    await stack.query(`delete from public.owners where email = 'tidligere@glanspunkt.local'`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lists every function a signed-in user may call: the owner calls, and the public calendar', async () => {
    const rows = await stack.query<{ name: string }>(
      `select p.proname::text as name from pg_catalog.pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and pg_catalog.has_function_privilege('authenticated', p.oid, 'execute')
        order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([...Object.keys(RPCS), 'get_booking_calendar'].sort());
  });

  const refusedCallers = Object.entries(CALLERS).filter(([, c]) => c.refused !== undefined);

  it.each(refusedCallers)(
    'refuses %s at every owner call, and nothing changes',
    async (_, caller) => {
      const before = await state();
      const answers = await Promise.all(
        Object.entries(RPCS).map(async ([name, body]) => {
          const a = await call('POST', `rpc/${name}`, caller.headers(), body());
          return [name, a.status, caller.message ? a.body?.message : undefined];
        }),
      );
      expect(answers).toEqual(
        Object.keys(RPCS).map((name) => [name, caller.refused, caller.message]),
      );
      expect(await state()).toEqual(before);
    },
  );

  it('lets the owner make every call', async () => {
    const answers: [string, number][] = [];
    for (const [name, body] of Object.entries(RPCS)) {
      const a = await call('POST', `rpc/${name}`, CALLERS.owner!.headers(), body());
      answers.push([name, a.status]);
    }
    expect(answers).toEqual(Object.keys(RPCS).map((name) => [name, 200]));
    // the calls as the page made them before sizes and add-ons (the ordinary car), and a move's
    const owner = CALLERS.owner!.headers();
    for (const [name, body] of [
      ['owner_calendar', { p_service_id: SERVICE.guld }],
      ['owner_available_slots', { p_service_id: SERVICE.guld, p_day: day }],
      ['owner_available_slots', { p_service_id: SERVICE.guld, p_day: day, p_booking: booking }],
    ] as const)
      expect([name, (await call('POST', `rpc/${name}`, owner, body)).status]).toEqual([name, 200]);
    const [cancelled] = await stack.query<{ status: string }>(
      'select status from public.bookings where id = $1',
      [toCancel],
    );
    expect(cancelled!.status).toBe('cancelled');
    const dayAnswer = await call('POST', 'rpc/owner_day', CALLERS.owner!.headers(), { p_day: day });
    expect(
      (dayAnswer.body as unknown as { cars: { id: string; status: string }[] }).cars.map((c) => [
        c.id,
        c.status,
      ]),
    ).toContainEqual([booking, 'confirmed']);
  });

  it('answers a stale tap with 409 and a missing booking with 404, in Danish', async () => {
    const owner = CALLERS.owner!.headers();
    const stale = await call('POST', 'rpc/owner_set_status', owner, {
      p_booking: booking,
      p_status: 'arrived',
      p_from: 'ready',
    });
    expect(stale.status).toBe(409);
    expect(stale.body?.message).toMatch(/er i mellemtiden sat til bekræftet/);
    const missing = await call('POST', 'rpc/owner_cancel_booking', owner, {
      p_booking: crypto.randomUUID(),
    });
    expect(missing).toEqual({
      status: 404,
      body: expect.objectContaining({ message: 'Bookingen findes ikke (længere). Opdater siden.' }),
    });
  });

  const tableCallers: [string, () => Record<string, string>, number][] = [
    ['visitor', CALLERS.visitor!.headers, 401],
    ['stranger', CALLERS.stranger!.headers, 403],
    ['owner (a signed-in user too)', CALLERS.owner!.headers, 403],
  ];

  it.each(tableCallers)('refuses %s every use of the owner list', async (_, headers, refused) => {
    const before = await state();
    for (const [op, o] of Object.entries(TABLE_OPS)) {
      const a = await call(o.method, o.path, headers(), o.body);
      expect([op, a.status]).toEqual([op, refused]);
    }
    expect(await state()).toEqual(before);
  });

  it('lets the service role (Studio, scripts) read and change the owner list', async () => {
    const service = { apikey: stack.secretKey };
    for (const [op, o] of Object.entries(TABLE_OPS)) {
      const a = await call(o.method, o.path, service, o.body);
      expect([op, a.status]).toEqual([op, o.ok]);
    }
    const refusedAddress = await call('POST', 'owners', service, { email: 'ikke en adresse' });
    expect(refusedAddress.status).toBe(400);
    expect(refusedAddress.body?.message).toBe(
      '"ikke en adresse" er ikke en e-mailadresse. Skriv adressen, ejeren logger ind med, f.eks. ejer@glanspunkt.dk.',
    );
    // the service role passes the owner check too (it reaches all of this anyway)
    expect(await call('POST', 'rpc/owner_me', service, {})).toEqual({
      status: 200,
      body: { email: null, name: '' },
    });
  });
});
