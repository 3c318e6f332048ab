// The public API key against the database, as an attacker with the site's bundle would use it: on a
// database shaped like hosted Supabase's (default privileges that grant everything new in public to
// anon and authenticated) and on one with PostgreSQL's own defaults, on PGlite and PostgreSQL 15,
// built by the migrations and (hosted shape) by supabase/schemas. Every function and table outside
// the site's needs is refused over /rest/v1 with 401/403 and nothing is read or changed; the
// privilege lint equals its allow-list; and the lint fails on what a careless migration would open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../local/keys.ts';
import {
  comparePrivileges,
  PRIVILEGE_FINDINGS_SQL,
  readAllowList,
} from '../../local/db/privilege-lint.ts';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BACKENDS, SERVICE, withRollback } from './helpers/sql.ts';

/** What the API tests run on; the readable schema in the hosted shape only, to keep the runtime. */
const SHAPES = [
  { name: 'hosted Supabase defaults', platformDefaults: true, source: 'migrations' },
  { name: "PostgreSQL's own defaults", platformDefaults: false, source: 'migrations' },
  { name: 'hosted Supabase defaults', platformDefaults: true, source: 'schemas' },
] as const;

/** The privilege lint on each backend, the database built by the migrations and by the schema. */
const LINTED = BACKENDS.flatMap((backend) =>
  (['migrations', 'schemas'] as const).map((source) => [backend, source] as const),
);

const CUSTOMER_EMAIL = 'ane.hemmelig@example.dk';

/** One hash per table in public: "nothing read or changed" is every hash equal afterwards. */
async function fingerprint(stack: TestStack): Promise<Record<string, string>> {
  const tables = await stack.query<{ name: string }>(
    `select relname as name from pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await stack.query<{ h: string }>(
      `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as h from public."${name}" t`,
    );
    out[name] = row!.h;
  }
  return out;
}

describe.each(BACKENDS)('the public API on %s', (backend) => {
  describe.each(SHAPES)('from the $source with $name', ({ platformDefaults, source }) => {
    let stack: TestStack;
    let authenticated: string;
    let cancelToken: string;
    let outboxId: string;

    beforeAll(async () => {
      stack = await startTestStack({ backend, platformDefaults, source });
      authenticated = await signJwt({
        role: 'authenticated',
        sub: '6f1c0c53-5d1e-4c4e-9a57-2b8f1d3e4a10',
        iss: 'supabase-demo',
        exp: Math.floor(Date.now() / 1000) + 3600,
      });
      // a real booking with its queued e-mails: what the attacks below would reach
      const [made] = await stack.query<{ r: { status: string } }>(
        `select public.create_booking(jsonb_populate_record(null::public.booking_request,
                  jsonb_build_object('service_id', $1::uuid, 'booking_date',
                    (select d::date from generate_series(current_date + 3, current_date + 40, interval '1 day') d
                      where public.get_available_slots($1, d::date) -> 'slots' ? '10:00'
                      order by d limit 1),
                    'booking_time', '10:00', 'customer_name', 'Ane Hemmelig',
                    'customer_email', $2::text, 'customer_phone', '20304050'))) as r`,
        [SERVICE.guld, CUSTOMER_EMAIL],
      );
      expect(made!.r.status).toBe('created');
      const [mail] = await stack.query<{ id: string; token: string }>(
        `select id, payload ->> 'cancelToken' as token from public.email_outbox
          where kind = 'booking_confirmation'`,
      );
      outboxId = mail!.id;
      cancelToken = mail!.token;
    }, 120_000);
    afterAll(async () => {
      await stack?.stop();
    });

    it('reaches exactly what the allow-list names', async () => {
      const findings = (await stack.query<{ finding: string }>(PRIVILEGE_FINDINGS_SQL)).map(
        (r) => r.finding,
      );
      expect(comparePrivileges(findings)).toEqual({ unexpected: [], missing: [] });
    });

    const ATTACKS: [string, () => Record<string, unknown>][] = [
      ['owner_calendar_bookings', () => ({})],
      ['email_claim', () => ({ p_limit: 50 })],
      ['email_mark_sent', () => ({ p_id: outboxId })],
      [
        'create_booking',
        () => ({
          p_request: {
            service_id: SERVICE.solv,
            booking_date: '2026-12-15',
            booking_time: '09:00',
            customer_name: 'Uden Bevis',
            customer_email: 'bot@example.com',
            customer_phone: '21345678',
          },
          p_client_ip: '203.0.113.9',
          p_now: '2026-12-01T09:00:00Z',
        }),
      ],
      [
        'owner_book',
        () => ({
          p_package: 'Sølvpakken',
          p_request: {
            booking_date: '2026-12-16',
            booking_time: '09:00',
            customer_name: 'Spam Modtager',
            customer_phone: '21345678',
            customer_email: 'victim@example.com',
          },
        }),
      ],
      ['site_rebuild_call', () => ({ p_now: new Date().toISOString() })],
      ['live_status', () => ({})],
      ['run_retention', () => ({ p_now: '2033-01-01T00:00:00Z' })],
      ['booking_by_token', () => ({ p_token: cancelToken })],
      ['cancel_booking', () => ({ p_token: cancelToken })],
      ['api_privilege_findings', () => ({})],
    ];

    it('refuses every internal function over /rest/v1/rpc to the anon key and a signed-in user, reading and changing nothing', async () => {
      const before = await fingerprint(stack);
      for (const [name, body] of ATTACKS) {
        for (const [who, key] of [
          ['anon', stack.anonKey],
          ['authenticated', authenticated],
        ] as const) {
          const res = await fetch(`${stack.url}/rest/v1/rpc/${name}`, {
            method: 'POST',
            headers: {
              apikey: stack.anonKey,
              Authorization: `Bearer ${key}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify(body()),
          });
          const text = await res.text();
          expect([name, who, res.status]).toEqual([name, who, who === 'anon' ? 401 : 403]);
          expect(JSON.parse(text)).toMatchObject({ code: '42501' });
          expect(text).not.toContain(CUSTOMER_EMAIL);
        }
      }
      expect(await fingerprint(stack)).toEqual(before);
    });

    it('refuses reading and writing the private tables and views, and emptying the public ones', async () => {
      const before = await fingerprint(stack);
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${stack.url}/rest/v1/${path}`, {
          method,
          headers: {
            apikey: stack.anonKey,
            Authorization: `Bearer ${stack.anonKey}`,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const attempts: [string, string, unknown?][] = [
        ['GET', 'bookings?select=*'],
        ['GET', 'owner_bookings?select=*'],
        ['GET', 'owner_agenda?select=*'],
        ['GET', 'email_outbox?select=*'],
        ['GET', 'booking_work_periods?select=*'],
        ['GET', 'closed_dates?select=reason'],
        ['GET', 'open_dates?select=reason'],
        ['PATCH', 'bookings?created_at=gte.2000-01-01', { customer_name: 'x' }],
        ['DELETE', 'bookings?created_at=gte.2000-01-01'],
        ['DELETE', 'services?price=gte.0'],
        ['PATCH', 'services?price=gte.0', { price: 1 }],
        ['POST', 'services', { name: 'Gratis', price: 0 }],
        ['PATCH', 'settings?key=neq.x', { value: '0' }],
        ['DELETE', 'opening_hours?weekday=gte.1'],
        ['POST', 'closed_dates', { day: '2026-12-24' }],
        ['DELETE', 'closed_dates?day=gte.2000-01-01'],
        ['POST', 'owner_bookings', { package: 'Sølvpakken' }],
      ];
      for (const [method, path, body] of attempts) {
        const res = await call(method, path, body);
        const text = await res.text();
        expect([method, path, res.status]).toEqual([method, path, 401]);
        expect(text).not.toContain(CUSTOMER_EMAIL);
      }
      expect(await fingerprint(stack)).toEqual(before);
    });

    it('still answers what the site reads', async () => {
      const get = async (path: string) => {
        const res = await fetch(`${stack.url}/rest/v1/${path}`, {
          headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}` },
        });
        return { status: res.status, rows: (await res.json()) as Record<string, unknown>[] };
      };
      expect((await get('services?select=name&is_active=eq.true')).rows).toHaveLength(6);
      const settings = await get('settings?select=key,is_public');
      expect(settings.status).toBe(200);
      expect(settings.rows.length).toBeGreaterThan(0);
      expect(settings.rows.every((r) => r.is_public === true)).toBe(true);
      expect((await get('opening_hours?select=weekday')).rows).toHaveLength(7);
      expect((await get('closed_dates?select=day')).status).toBe(200);
      expect((await get('open_dates?select=day')).status).toBe(200);
      const calendar = await stack.rpc('get_booking_calendar', { p_service_id: SERVICE.guld });
      expect(calendar.status).toBe(200);
    });
  });
});

describe.each(LINTED)('the privilege lint on %s from the %s', (backend, source) => {
  const t = useTestDatabase({ backend, source });

  it('gives every allowed entry a reason', () => {
    const allowed = readAllowList();
    expect(Object.keys(allowed).length).toBeGreaterThan(0);
    for (const reason of Object.values(allowed)) expect(reason.length).toBeGreaterThan(10);
  });

  it('fails on what a careless migration would open', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`
        set local role postgres;
        grant execute on function public.owner_calendar_bookings(timestamptz) to anon;
        grant insert on public.bookings to authenticated;
        grant update (value) on public.settings to anon;
        create table public.notes_without_rls (id int);
        revoke all on public.notes_without_rls from anon, authenticated;
        create view public.agenda_as_owner as select 1 as one;
        revoke all on public.agenda_as_owner from anon, authenticated;
        create function public.definer_without_path() returns int language sql security definer
          as 'select 1';
        revoke all on function public.definer_without_path() from public, anon, authenticated;
      `);
      const findings = (await tx.rows<{ finding: string }>(PRIVILEGE_FINDINGS_SQL)).map(
        (r) => r.finding,
      );
      expect(comparePrivileges(findings)).toEqual({
        unexpected: [
          'anon: execute function public.owner_calendar_bookings(p_now timestamp with time zone)',
          'anon: update on column public.settings.value',
          'authenticated: insert on table public.bookings',
          'row level security off: table public.notes_without_rls',
          'security definer without a fixed search_path: function public.definer_without_path()',
          'view without security_invoker: public.agenda_as_owner',
        ],
        missing: [],
      });
    });
  });

  it('starts what a later migration creates closed', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`
        set local role postgres;
        create table public.later_table (id int);
        alter table public.later_table enable row level security;
        create function public.later_function() returns int language sql as 'select 1';
        create sequence public.later_sequence;
      `);
      const findings = (await tx.rows<{ finding: string }>(PRIVILEGE_FINDINGS_SQL)).map(
        (r) => r.finding,
      );
      expect(comparePrivileges(findings)).toEqual({ unexpected: [], missing: [] });
    });
  });

  it('misses a grant the site needs', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`
        set local role postgres;
        revoke execute on function public.get_booking_calendar(uuid, text, uuid[]) from anon;
      `);
      const findings = (await tx.rows<{ finding: string }>(PRIVILEGE_FINDINGS_SQL)).map(
        (r) => r.finding,
      );
      expect(comparePrivileges(findings)).toEqual({
        unexpected: [],
        missing: [
          'anon: execute function public.get_booking_calendar(p_service_id uuid, p_car_size text, p_addon_ids uuid[])',
        ],
      });
    });
  });
});
