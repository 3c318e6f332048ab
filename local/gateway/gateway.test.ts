import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyHeaders, signJwt } from '../keys.ts';
import { MINTED_JWT_SECONDS } from './auth.ts';
import {
  FIXTURE_CONFIG,
  FIXTURE_FUNCTIONS_DIR,
  startTestStack,
  type TestStack,
} from '../testing/index.ts';

const WINDOW_KEYS = ['min_advance_booking_days', 'max_advance_booking_days'];

describe.each(['pglite', 'postgres'] as const)('gateway on %s', (backend) => {
  let stack: TestStack;
  let anon: SupabaseClient;
  let admin: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({
      backend,
      functionsDir: FIXTURE_FUNCTIONS_DIR,
      configFile: FIXTURE_CONFIG,
    });
    anon = createClient(stack.url, stack.anonKey, { auth: { persistSession: false } });
    admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
    await stack.query(`
      create function public.add_numbers(a integer, b integer default 1) returns bigint
        language sql as $$ select (a + b)::bigint $$;
      create function public.fail_with(kind text) returns void language plpgsql as $$
      begin
        if kind = 'p0001' then raise exception 'Tiden er desværre optaget' using errcode = 'P0001', hint = 'vælg en anden tid';
        elsif kind = '23p01' then raise exception 'overlap' using errcode = '23P01';
        end if;
      end $$;
      create function public.public_services() returns setof public.services language sql stable as $$
        select * from public.services order by sort_order $$;
      create function public.price_of(service_name text) returns table (name text, price numeric)
        language sql stable as $$ select name, price from public.services where name = service_name $$;
      create function public.whoami() returns json language sql stable as $$
        select json_build_object('role', current_user,
          'claims', current_setting('request.jwt.claims', true)::json) $$;
      revoke execute on function public.fail_with(text) from public, anon, authenticated;
      -- the database starts closed to the API roles: a function anon may call is granted by name
      grant execute on function public.add_numbers(integer, integer), public.public_services(),
        public.price_of(text), public.whoami() to anon;
      grant execute on function public.whoami() to service_role;
    `);
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('the calls the site makes', () => {
    it('lists active services ordered by name with all columns', async () => {
      await stack.query("update public.services set is_active = false where name = 'Guldpakken'");
      try {
        const { data, error, status } = await anon
          .from('services')
          .select('*')
          .eq('is_active', true)
          .order('name', { ascending: true });
        expect(error).toBeNull();
        expect(status).toBe(200);
        expect(data!.map((s) => s.name)).toEqual([
          'Guldpakken polering',
          'Premiumpakken',
          'Premiumpakken polering',
          'Sølvpakken',
          'Sølvpakken polering',
        ]);
        // price and duration are numeric columns: JSON numbers, as the spec describes them
        expect(data![0]).toMatchObject({
          price: 2400,
          duration_minutes: 840,
          sort_order: 5,
          is_active: true,
          category: 'polering',
        });
        expect(Object.keys(data![0]).sort()).toEqual([
          'category',
          'created_at',
          'description',
          'duration_minutes',
          'id',
          'is_active',
          'name',
          'price',
          'slug',
          'sort_order',
          'updated_at',
        ]);
      } finally {
        await stack.query("update public.services set is_active = true where name = 'Guldpakken'");
      }
    });

    it('answers price and duration as JSON numbers, sorted as numbers', async () => {
      const res = await fetch(
        `${stack.url}/rest/v1/services?select=name,price,duration_minutes&order=price.desc`,
        { headers: keyHeaders(stack.anonKey) },
      );
      expect(res.status).toBe(200);
      const text = await res.text();
      if (process.env.REST_PROOF) console.log(`GET /rest/v1/services on ${backend}: ${text}`);
      const rows = JSON.parse(text) as {
        name: string;
        price: unknown;
        duration_minutes: unknown;
      }[];
      expect(rows).toContainEqual({ name: 'Guldpakken', price: 399, duration_minutes: 120 });
      expect(
        rows.every((r) => typeof r.price === 'number' && typeof r.duration_minutes === 'number'),
      ).toBe(true);
      // as numbers, 3600 sorts before 399 (as text it sorted after)
      expect(rows.map((r) => r.price)).toEqual([3600, 2400, 1800, 799, 399, 199]);
    });

    it('even without the filter, anon sees no inactive service', async () => {
      await stack.query("update public.services set is_active = false where name = 'Sølvpakken'");
      try {
        const { data } = await anon.from('services').select('name');
        expect(data!.map((s) => s.name)).not.toContain('Sølvpakken');
        const all = await admin.from('services').select('name');
        expect(all.data!.map((s) => s.name)).toContain('Sølvpakken');
      } finally {
        await stack.query("update public.services set is_active = true where name = 'Sølvpakken'");
      }
    });

    it('reads the two booking-window settings, and anon never sees the private ones', async () => {
      const { data, error } = await anon
        .from('settings')
        .select('key, value')
        .in('key', WINDOW_KEYS);
      expect(error).toBeNull();
      expect(data).toEqual(
        expect.arrayContaining([
          { key: 'min_advance_booking_days', value: '1' },
          { key: 'max_advance_booking_days', value: '60' },
        ]),
      );
      expect(data).toHaveLength(2);
      const asked = await anon
        .from('settings')
        .select('key,value')
        .in('key', ['slot_interval_minutes', 'workshop_capacity']);
      expect(asked.data).toEqual([]);
      const everything = await anon.from('settings').select('key');
      expect(everything.data!.map((r) => r.key).sort()).toEqual(
        [...WINDOW_KEYS, 'cancellation_notice_hours', 'max_moves_per_booking'].sort(),
      );
    });
  });

  describe('PostgREST behaviour', () => {
    it('supports neq gt gte lt lte is, limit, offset and single()', async () => {
      const { data } = await anon
        .from('opening_hours')
        .select('weekday,opens_at')
        .gte('weekday', 2)
        .lt('weekday', 6)
        .neq('weekday', 3)
        .order('weekday', { ascending: false });
      expect(data).toEqual([
        { weekday: 5, opens_at: '08:00:00' },
        { weekday: 4, opens_at: '09:00:00' },
        { weekday: 2, opens_at: '09:00:00' },
      ]);
      const paged = await anon.from('opening_hours').select('weekday').order('weekday').range(1, 2);
      expect(paged.data).toEqual([{ weekday: 2 }, { weekday: 3 }]);
      const gt = await anon
        .from('opening_hours')
        .select('weekday')
        .gt('weekday', 5)
        .lte('weekday', 7);
      expect(gt.data).toEqual([{ weekday: 6 }, { weekday: 7 }]);
      const nulls = await anon.from('opening_hours').select('weekday').is('opens_at', null);
      expect(nulls.data).toEqual([{ weekday: 7 }]);
      const single = await anon.from('services').select('price').eq('name', 'Sølvpakken').single();
      expect(single.data).toEqual({ price: 199 });
      const none = await anon.from('services').select('price').eq('name', 'findes ikke').single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      const aliased = await anon.from('services').select('title:name').eq('price', 199);
      expect(aliased.data).toEqual([{ title: 'Sølvpakken' }]);
    });

    it('quotes in() values with commas and parentheses', async () => {
      // (closed_dates.reason is no longer readable by anon: a service name carries the commas)
      await stack.query(
        "insert into public.services (name, category, duration_minutes, price, is_active) values ('jul, (lukket)', 'vask', 30, 1, true)",
      );
      try {
        const { data } = await anon
          .from('services')
          .select('name')
          .in('name', ['jul, (lukket)', 'x']);
        expect(data).toEqual([{ name: 'jul, (lukket)' }]);
      } finally {
        await stack.query("delete from public.services where name = 'jul, (lukket)'");
      }
    });

    it('treats filter values as data, never as SQL', async () => {
      const quoted = await anon.from('services').select('name').eq('name', "x' or '1'='1");
      expect(quoted.status).toBe(200);
      expect(quoted.data).toEqual([]);
      const dollar = await anon
        .from('settings')
        .select('key')
        .in('key', ["a'); delete from public.settings; --", '$1', 'min_advance_booking_days']);
      expect(dollar.data).toEqual([{ key: 'min_advance_booking_days' }]);
      const backslash = await anon.from('services').select('name').eq('description', "\\'");
      expect(backslash.data).toEqual([]);
      const nul = await anon.from('services').select('name').eq('name', 'a\u0000b');
      expect(nul.status).toBe(400);
      expect(await stack.query('select count(*)::int n from public.settings')).not.toEqual([
        { n: 0 },
      ]);
    });

    it('refuses anon writes with 401 and PostgREST error bodies', async () => {
      const insert = await anon
        .from('services')
        .insert({ name: 'Gratis', category: 'vask', duration_minutes: 10, price: 0 });
      expect(insert.status).toBe(401);
      expect(insert.error).toEqual({
        code: '42501',
        message: 'permission denied for table services',
        details: null,
        hint: null,
      });
      const update = await anon
        .from('settings')
        .update({ value: '0' })
        .eq('key', 'min_advance_booking_days');
      expect(update.status).toBe(401);
      const del = await anon.from('opening_hours').delete().eq('weekday', 1);
      expect(del.status).toBe(401);
      const [row] = await stack.query(
        "select value from public.settings where key = 'min_advance_booking_days'",
      );
      expect(row).toEqual({ value: '1' });
      expect(await stack.query('select count(*)::int n from public.opening_hours')).toEqual([
        { n: 7 },
      ]);
    });

    it('answers 403 for an authenticated user without the privilege', async () => {
      const token = await signJwt({
        role: 'authenticated',
        sub: '6f1c9a58-3b7e-4c11-9c3e-2d7a1f0b5e44',
        exp: Math.floor(Date.now() / 1000) + 600,
      });
      const user = createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
      });
      const res = await user.from('closed_dates').insert({ day: '2026-12-31' });
      expect(res.status).toBe(403);
      expect(res.error?.code).toBe('42501');
    });

    it('lets the service role write', async () => {
      const res = await admin
        .from('closed_dates')
        .insert({ day: '2026-12-30', reason: 'ferie' })
        .select()
        .single();
      expect(res.status).toBe(201);
      // the saved row names the bookings on the closed day (none here), as the Table Editor shows it
      expect(res.data).toEqual({
        day: '2026-12-30',
        last_day: null,
        reason: 'ferie',
        affected_bookings: 'Ingen bookinger.',
      });
      const del = await admin.from('closed_dates').delete().eq('day', '2026-12-30');
      expect(del.status).toBe(204);
    });

    it('maps constraint errors like PostgREST', async () => {
      const dup = await admin
        .from('services')
        .insert({ name: 'Sølvpakken', category: 'vask', duration_minutes: 10, price: 1 });
      expect(dup.status).toBe(409);
      expect(dup.error?.code).toBe('23505');
      const check = await admin
        .from('services')
        .insert({ name: 'Ny', category: 'andet', duration_minutes: 10, price: 1 });
      expect(check.status).toBe(400);
      expect(check.error?.code).toBe('23514');
      const badValue = await anon.from('opening_hours').select('weekday').eq('weekday', 'abc');
      expect(badValue.status).toBe(400);
      expect(badValue.error?.code).toBe('22P02');
      const badColumn = await anon.from('services').select('nope');
      expect(badColumn.status).toBe(400);
      expect(badColumn.error?.code).toBe('42703');
    });

    it('answers 404 PGRST205 for an unknown table', async () => {
      const res = await anon.from('bookings_that_do_not_exist').select('*');
      expect(res.status).toBe(404);
      expect(res.error?.code).toBe('PGRST205');
    });

    it('runs GET requests read-only', async () => {
      await stack.query(`create function public.sneaky_write() returns int language sql volatile as $$
        update public.settings set value = '99' where key = 'buffer_minutes' returning 1 $$;
        create view public.sneaky as select public.sneaky_write() as x;
        grant select on public.sneaky to service_role;`);
      const res = await admin.from('sneaky').select('*');
      expect(res.status).toBe(405);
      expect(res.error?.code).toBe('25006');
      expect(
        await stack.query("select value from public.settings where key = 'buffer_minutes'"),
      ).toEqual([{ value: '0' }]);
    });
  });

  describe('rpc', () => {
    it('calls functions with named arguments and defaults, returning JSON numbers', async () => {
      expect((await anon.rpc('add_numbers', { a: 2, b: 40 })).data).toBe(42);
      expect((await anon.rpc('add_numbers', { a: 2 })).data).toBe(3);
      const rows = await anon.rpc('public_services');
      expect(rows.data).toHaveLength(6);
      const table = await anon.rpc('price_of', { service_name: 'Guldpakken' });
      expect(table.data).toEqual([{ name: 'Guldpakken', price: 399 }]);
    });

    it('returns errors raised by functions PostgREST-shaped', async () => {
      const p0001 = await admin.rpc('fail_with', { kind: 'p0001' });
      expect(p0001.status).toBe(400);
      expect(p0001.error).toEqual({
        code: 'P0001',
        message: 'Tiden er desværre optaget',
        details: null,
        hint: 'vælg en anden tid',
      });
      const overlap = await admin.rpc('fail_with', { kind: '23p01' });
      expect(overlap.status).toBe(400);
      expect(overlap.error?.code).toBe('23P01');
      const ok = await admin.rpc('fail_with', { kind: 'none' });
      expect(ok.status).toBe(204);
      expect(ok.error).toBeNull();
      const denied = await anon.rpc('fail_with', { kind: 'none' });
      expect(denied.status).toBe(401);
      expect(denied.error?.code).toBe('42501');
      const missing = await anon.rpc('add_numbers', { x: 1 });
      expect(missing.status).toBe(404);
      expect(missing.error?.code).toBe('PGRST202');
    });

    it('runs STABLE and IMMUTABLE functions read-only, also on POST (PostgREST access mode)', async () => {
      await stack.query(`create function public.inner_write() returns int language sql volatile as $$
        update public.settings set value = '98' where key = 'buffer_minutes' returning 1 $$;
        create function public.stable_write() returns int language sql stable as $$
        select public.inner_write() $$;
        create function public.volatile_read() returns int language sql volatile as $$ select 7 $$;`);
      const res = await admin.rpc('stable_write');
      expect(res.status).toBe(405);
      expect(res.error?.code).toBe('25006');
      expect(
        await stack.query("select value from public.settings where key = 'buffer_minutes'"),
      ).toEqual([{ value: '0' }]);
      expect((await admin.rpc('volatile_read')).data).toBe(7);
    });
  });

  // The platform's statement timeouts (local/gateway/timeouts.ts): anon 3 s, authenticated 8 s,
  // service_role none of its own, so the login role's (authenticator) 8 s. A real server cancels the
  // statement at the limit; PGlite cannot, so there the statement runs out and is refused afterwards.
  // Either way the answer is PostgREST's (500, 57014) and nothing the statement did is kept.
  describe('statement timeouts of the API roles', () => {
    const TIMEOUT = {
      code: '57014',
      message: 'canceling statement due to statement timeout',
      details: null,
      hint: null,
    };
    let user: SupabaseClient;

    beforeAll(async () => {
      await stack.query(`
        create table public.nap_log (note text);
        create function public.nap(seconds double precision, note text) returns text
          language plpgsql security definer set search_path = '' as $$
        begin
          insert into public.nap_log values (note);
          perform pg_sleep(seconds);
          return 'woke';
        end $$;
        grant execute on function public.nap(double precision, text)
          to anon, authenticated, service_role;
      `);
      const token = await signJwt({
        role: 'authenticated',
        sub: '6f1c9a58-3b7e-4c11-9c3e-2d7a1f0b5e44',
        exp: Math.floor(Date.now() / 1000) + 600,
      });
      user = createClient(stack.url, stack.anonKey, {
        auth: { persistSession: false },
        global: { headers: { Authorization: `Bearer ${token}` } },
      });
    });

    async function nap(client: SupabaseClient, seconds: number, note: string) {
      const started = performance.now();
      const res = await client.rpc('nap', { seconds, note });
      return { ...res, seconds: (performance.now() - started) / 1000 };
    }

    const kept = async () =>
      (await stack.query<{ note: string }>('select note from public.nap_log order by note')).map(
        (r) => r.note,
      );

    it('cancels an anon statement after 3 s, rolled back, as PostgREST answers it', async () => {
      const res = await nap(anon, 4, 'anon 4 s');
      expect(res.status).toBe(500);
      expect(res.error).toEqual(TIMEOUT);
      if (backend === 'postgres') {
        expect(res.seconds).toBeGreaterThan(2.9);
        expect(res.seconds).toBeLessThan(3.9);
      } else {
        // PGlite: the statement ran its 4 s, then was refused
        expect(res.seconds).toBeGreaterThan(3.9);
      }
      const quick = await nap(anon, 0.2, 'anon 0.2 s');
      expect(quick.status).toBe(200);
      expect(quick.data).toBe('woke');
      expect(await kept()).toEqual(['anon 0.2 s']);
    }, 30_000);

    it('lets authenticated and service_role run 4 s but cancels both at 8 s', async () => {
      // at once: a real server runs them side by side (PGlite one after the other)
      const [user4, user9, service4, service9] = await Promise.all([
        nap(user, 4, 'authenticated 4 s'),
        nap(user, 9, 'authenticated 9 s'),
        nap(admin, 4, 'service_role 4 s'),
        nap(admin, 9, 'service_role 9 s'),
      ]);
      expect([user4.status, service4.status]).toEqual([200, 200]);
      expect([user4.data, service4.data]).toEqual(['woke', 'woke']);
      for (const cancelled of [user9, service9]) {
        expect(cancelled.status).toBe(500);
        expect(cancelled.error).toEqual(TIMEOUT);
        if (backend === 'postgres') {
          expect(cancelled.seconds).toBeGreaterThan(7.9);
          expect(cancelled.seconds).toBeLessThan(8.9);
        }
      }
      expect(await kept()).toEqual(['anon 0.2 s', 'authenticated 4 s', 'service_role 4 s']);
    }, 60_000);

    it("reads the role's setting on every request, as after a PostgREST config reload", async () => {
      await stack.query(`alter role anon set statement_timeout = '1s'`);
      try {
        const res = await nap(anon, 1.5, 'anon 1.5 s');
        expect(res.error).toEqual(TIMEOUT);
      } finally {
        await stack.query(`alter role anon set statement_timeout = '3s'`);
      }
      expect((await nap(anon, 1.5, 'anon 1.5 s')).status).toBe(200);
    }, 30_000);
  });

  describe('unsupported syntax is a 400 that names it', () => {
    it.each([
      [
        'like filter',
        (c: SupabaseClient) => c.from('services').select('*').like('name', '%pakken'),
      ],
      [
        'or filter',
        (c: SupabaseClient) => c.from('services').select('*').or('price.eq.199,price.eq.399'),
      ],
      ['negation', (c: SupabaseClient) => c.from('services').select('*').not('price', 'eq', 199)],
      ['embedded resource', (c: SupabaseClient) => c.from('services').select('name, bookings(*)')],
      ['exact count', (c: SupabaseClient) => c.from('services').select('*', { count: 'exact' })],
      ['upsert', (c: SupabaseClient) => c.from('closed_dates').upsert({ day: '2026-12-29' })],
    ])('%s', async (_name, call) => {
      const res = await call(admin);
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('PGRST100');
      expect(res.error?.message).toMatch(/^Unsupported by the local Supabase gateway: /);
    });
  });

  describe('keys and JWTs', () => {
    const get = (headers: Record<string, string>, path = '/rest/v1/services?select=name') =>
      fetch(`${stack.url}${path}`, { headers });

    it('refuses a missing apikey', async () => {
      const res = await get({});
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
    });

    it('refuses a key signed with another secret', async () => {
      const forged = await signJwt(
        { role: 'service_role', iss: 'supabase-demo', exp: 1983812996 },
        'not-the-secret-not-the-secret-not-the-secret',
      );
      const res = await get({ apikey: forged });
      expect(res.status).toBe(401);
      const withBearer = await get({ apikey: stack.anonKey, Authorization: `Bearer ${forged}` });
      expect(withBearer.status).toBe(401);
      expect(await withBearer.json()).toMatchObject({ code: 'PGRST301' });
    });

    it('refuses an expired JWT', async () => {
      const expired = await signJwt({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 10 });
      const res = await get({ apikey: stack.anonKey, Authorization: `Bearer ${expired}` });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    });

    const whoami = async (headers: Record<string, string>) => {
      const res = await fetch(`${stack.url}/rest/v1/rpc/whoami`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: '{}',
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    it('takes the publishable key as the anon role and the secret key as service_role', async () => {
      const before = Math.floor(Date.now() / 1000);
      const publishable = await whoami({ apikey: stack.publishableKey });
      expect(publishable).toMatchObject({ status: 200, body: { role: 'anon' } });
      const secret = await whoami({ apikey: stack.secretKey });
      expect(secret).toMatchObject({ status: 200, body: { role: 'service_role' } });
      // PostgREST sees the short-lived JWT the gateway put in the key's place, not the key
      const claims = secret.body.claims as { iss: string; iat: number; exp: number };
      expect(claims).toMatchObject({ iss: 'supabase', role: 'service_role' });
      expect(claims.iat).toBeGreaterThanOrEqual(before - 60);
      expect(claims.exp - claims.iat).toBe(MINTED_JWT_SECONDS);
      // the key repeated as bearer token (supabase-js does) is the same caller
      const repeated = await whoami({
        apikey: stack.publishableKey,
        Authorization: `Bearer ${stack.publishableKey}`,
      });
      expect(repeated).toMatchObject({ status: 200, body: { role: 'anon' } });
    });

    it('supabase-js works with either new key', async () => {
      const browser = createClient(stack.url, stack.publishableKey, {
        auth: { persistSession: false },
      });
      expect((await browser.from('services').select('name')).data).toHaveLength(6);
      expect((await browser.from('email_outbox').select('id')).error).not.toBeNull();
      const server = createClient(stack.url, stack.secretKey, { auth: { persistSession: false } });
      const outbox = await server.from('email_outbox').select('id');
      expect(outbox.error).toBeNull();
    });

    it('a publishable key cannot act as service_role', async () => {
      // another sb_ value as bearer is not a JWT: PostgREST refuses it
      const borrowed = await whoami({
        apikey: stack.publishableKey,
        Authorization: `Bearer ${stack.secretKey}`,
      });
      expect(borrowed.status).toBe(401);
      expect(borrowed.body).toMatchObject({ code: 'PGRST301' });
      const outbox = await get(keyHeaders(stack.publishableKey), '/rest/v1/email_outbox?select=id');
      expect(outbox.status).toBe(401);
    });

    it('refuses a wrong sb_ key as an invalid API key', async () => {
      for (const apikey of [
        'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvZ',
        `${stack.secretKey}x`,
        'sb_publishable_nope',
      ]) {
        const res = await get({ apikey });
        expect(res.status, apikey).toBe(401);
        expect(await res.json()).toMatchObject({ message: 'Invalid API key' });
      }
    });

    it('answers CORS preflights and exposes headers like Supabase', async () => {
      const pre = await fetch(`${stack.url}/rest/v1/services`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:4173',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'apikey, authorization, x-client-info',
        },
      });
      expect(pre.status).toBe(200);
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-headers')).toContain('apikey');
      const res = await get({ apikey: stack.anonKey, Origin: 'http://localhost:4173' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(res.headers.get('content-range')).toBe('0-5/*');
      const denied = await get({});
      expect(denied.headers.get('access-control-allow-origin')).toBe('*');
    });
  });

  describe('edge functions', () => {
    it('invokes a function end to end; its own supabase-js calls come back through the gateway', async () => {
      const { data, error } = await anon.functions.invoke('hello', {
        body: { date: '2026-12-01' },
      });
      expect(error).toBeNull();
      expect(data).toMatchObject({
        path: '/hello',
        method: 'POST',
        body: { date: '2026-12-01' },
        authorization: 'present',
        forwardedFor: '127.0.0.1',
        settingsSeenByServiceRole: (
          await stack.query('select count(*)::int n from public.settings')
        )[0]!.n,
        env: { url: true, anon: true },
      });
    });

    it('passes non-2xx answers through', async () => {
      const { error } = await anon.functions.invoke('hello', { body: { status: 409 } });
      expect(error?.name).toBe('FunctionsHttpError');
      const response = (error as { context: Response }).context;
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({ body: { status: 409 } });
    });

    it("forwards a new key to a function as its role's JWT, which verify_jwt takes", async () => {
      const call = async (headers: Record<string, string>) => {
        const res = await fetch(`${stack.url}/functions/v1/hello`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: '{}',
        });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      expect(await call({ apikey: stack.publishableKey })).toMatchObject({
        status: 200,
        body: { authorizationRole: 'anon', env: { publishable: true, secret: true } },
      });
      expect(await call(keyHeaders(stack.secretKey))).toMatchObject({
        status: 200,
        body: { authorizationRole: 'service_role' },
      });
      // the same through supabase-js, which repeats the key as bearer token
      const browser = createClient(stack.url, stack.publishableKey, {
        auth: { persistSession: false },
      });
      const { data, error } = await browser.functions.invoke('hello', { body: {} });
      expect(error).toBeNull();
      expect(data).toMatchObject({ authorizationRole: 'anon' });
      // a key the project does not have is not mapped: verify_jwt refuses it
      const wrong = await call({
        apikey: 'sb_secret_wrong',
        Authorization: 'Bearer sb_secret_wrong',
      });
      expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid JWT' } });
      expect((await call({ apikey: 'sb_secret_wrong' })).status).toBe(401);
    });

    it('honours verify_jwt from config.toml', async () => {
      const missing = await fetch(`${stack.url}/functions/v1/hello`, {
        method: 'POST',
        body: '{}',
      });
      expect(missing.status).toBe(401);
      const bad = await fetch(`${stack.url}/functions/v1/hello`, {
        method: 'POST',
        body: '{}',
        headers: { Authorization: 'Bearer x.y.z' },
      });
      expect(bad.status).toBe(401);
      const open = await fetch(`${stack.url}/functions/v1/public-hello/sub?x=1`);
      expect(open.status).toBe(200);
      expect(await open.json()).toEqual({ ok: true, method: 'GET', path: '/public-hello/sub' });
      const preflight = await fetch(`${stack.url}/functions/v1/hello`, { method: 'OPTIONS' });
      expect(preflight.status).toBe(200);
    });

    it('answers 404 for an unknown function', async () => {
      const res = await fetch(`${stack.url}/functions/v1/nope`, { method: 'POST' });
      expect(res.status).toBe(404);
    });
  });
});

describe('gateway with the legacy keys turned off (SUPABASE_LEGACY_KEYS=off)', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      backend: 'pglite',
      functionsDir: FIXTURE_FUNCTIONS_DIR,
      configFile: FIXTURE_CONFIG,
      legacyKeys: false,
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const services = (headers: Record<string, string>) =>
    fetch(`${stack.url}/rest/v1/services?select=name`, { headers });
  const hello = (headers: Record<string, string>) =>
    fetch(`${stack.url}/functions/v1/hello`, { method: 'POST', headers, body: '{}' });
  const disabled = { message: 'Legacy API keys are disabled' };

  it("refuses the legacy anon and service_role keys with the platform's 401", async () => {
    for (const key of [stack.anonKey, stack.serviceRoleKey]) {
      const res = await services(keyHeaders(key));
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject(disabled);
      expect((await services({ apikey: key })).status).toBe(401);
    }
    // nor does a legacy key get through as bearer token beside a new key
    const beside = await services({
      apikey: stack.publishableKey,
      Authorization: `Bearer ${stack.serviceRoleKey}`,
    });
    expect(beside.status).toBe(401);
    expect(await beside.json()).toMatchObject(disabled);
  });

  it('takes the new keys', async () => {
    expect((await services({ apikey: stack.publishableKey })).status).toBe(200);
    expect((await services({ apikey: stack.secretKey })).status).toBe(200);
    // the test stack's own helper sends the publishable key when the legacy keys are off
    const calendar = await stack.rpc('get_booking_calendar', {
      p_service_id: '5a1f0001-0000-4000-8000-000000000001',
    });
    expect(calendar.status).toBe(200);
  });

  it('refuses a legacy key at a verify_jwt function, and takes a new one', async () => {
    const legacy = await hello({ Authorization: `Bearer ${stack.anonKey}` });
    expect(legacy.status).toBe(401);
    expect(await legacy.json()).toMatchObject(disabled);
    const res = await hello({ apikey: stack.publishableKey });
    expect(res.status).toBe(200);
    // the functions are told, so those that take a key themselves refuse the legacy one too
    expect(await res.json()).toMatchObject({
      authorizationRole: 'anon',
      settingsSeenByServiceRole: expect.any(Number),
      env: { legacyApiKeys: 'off' },
    });
  });

  it('still takes a user JWT signed with the project secret', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const user = await signJwt({ role: 'authenticated', sub: 'u1', exp });
    const res = await services({ apikey: stack.publishableKey, Authorization: `Bearer ${user}` });
    expect(res.status).toBe(200);
  });
});
