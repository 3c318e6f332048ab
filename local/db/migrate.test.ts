import { describe, expect, it } from 'vitest';
import { type Backend } from '../testing/index.ts';
import { listMigrations, ROOT } from './migrate.ts';
import { useTestDatabase } from '../testing/hooks.ts';

const DATA_MODEL = ['closed_dates', 'opening_hours', 'services', 'settings'];

describe.each<Backend>(['pglite', 'postgres'])('data model on %s', (backend) => {
  const t = useTestDatabase({ backend });

  /** Runs sql as role inside a transaction that is rolled back. Returns rows or the error code. */
  async function as(role: string, sql: string, params: unknown[] = []) {
    try {
      return await t.db.transaction(async (tx) => {
        await tx.query(
          "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
          [role, JSON.stringify({ role })],
        );
        const { rows } = await tx.query(sql, params);
        throw Object.assign(new Error('rollback'), { rows });
      });
    } catch (error) {
      const e = error as { rows?: unknown[]; code?: string };
      if (e.rows) return { rows: e.rows as Record<string, unknown>[] };
      return { code: e.code };
    }
  }

  it('applies every migration from empty and seeds the six packages with distinct names', async () => {
    const versions = listMigrations(`${ROOT}/supabase`).map((m) => m.version);
    expect(versions).toContain('20261126000000'); // the baseline the old migrations were squashed into
    expect(
      (await t.query('select version from supabase_migrations.schema_migrations order by 1')).map(
        (r) => r.version,
      ),
    ).toEqual(versions);
    const rows = await t.query(
      'select name, category, price, duration_minutes from public.services order by sort_order',
    );
    // numeric columns: the driver reads them as their exact text (the API answers JSON numbers)
    expect(rows).toEqual([
      { name: 'Sølvpakken', category: 'vask', price: '199', duration_minutes: '30' },
      { name: 'Guldpakken', category: 'vask', price: '399', duration_minutes: '120' },
      { name: 'Premiumpakken', category: 'vask', price: '799', duration_minutes: '180' },
      { name: 'Sølvpakken polering', category: 'polering', price: '1800', duration_minutes: '480' },
      { name: 'Guldpakken polering', category: 'polering', price: '2400', duration_minutes: '840' },
      {
        name: 'Premiumpakken polering',
        category: 'polering',
        price: '3600',
        duration_minutes: '1080',
      },
    ]);
  });

  it('seeds opening hours Mon-Thu 09-20, Fri 08-17, Sat 10-16, Sun closed', async () => {
    const rows = await t.query(
      `select weekday, to_char(opens_at, 'HH24:MI') o, to_char(closes_at, 'HH24:MI') c
         from public.opening_hours order by weekday`,
    );
    expect(rows.map((r) => `${r.weekday} ${r.o}-${r.c}`)).toEqual([
      '1 09:00-20:00',
      '2 09:00-20:00',
      '3 09:00-20:00',
      '4 09:00-20:00',
      '5 08:00-17:00',
      '6 10:00-16:00',
      '7 null-null',
    ]);
  });

  it('has RLS enabled on every public table and a comment on every data-model table and column', async () => {
    const tables = await t.query<{
      relname: string;
      relrowsecurity: boolean;
      comment: string | null;
    }>(
      `select c.relname, c.relrowsecurity, obj_description(c.oid, 'pg_class') as comment
         from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`,
    );
    expect(tables.map((r) => r.relname)).toEqual(expect.arrayContaining(DATA_MODEL));
    for (const table of tables) {
      expect(table.relrowsecurity, table.relname).toBe(true);
      if (DATA_MODEL.includes(table.relname)) expect(table.comment, table.relname).toBeTruthy();
    }
    const missing = await t.query(
      `select c.relname, a.attname from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
          and col_description(c.oid, a.attnum) is null and c.relname = any($1)`,
      [DATA_MODEL],
    );
    expect(missing).toEqual([]);
  });

  it('lets anon read only active services and public settings', async () => {
    await t.query("update public.services set is_active = false where name = 'Guldpakken'");
    try {
      const services = await as('anon', 'select name from public.services');
      expect(services.rows?.map((r) => r.name)).not.toContain('Guldpakken');
      expect(services.rows).toHaveLength(5);
    } finally {
      await t.query("update public.services set is_active = true where name = 'Guldpakken'");
    }
    const settings = await as('anon', 'select key from public.settings order by key');
    expect(settings.rows?.map((r) => r.key)).toEqual([
      'cancellation_notice_hours',
      'max_advance_booking_days',
      'max_moves_per_booking',
      'min_advance_booking_days',
    ]);
    expect((await as('anon', 'select * from public.opening_hours')).rows).toHaveLength(7);
    expect((await as('anon', 'select day from public.closed_dates')).rows).toEqual([]);
  });

  it.each([
    [
      "insert into public.services (name, category, duration_minutes, price) values ('x', 'vask', 10, 1)",
    ],
    ["update public.settings set value = '0' where key = 'min_advance_booking_days'"],
    ['delete from public.opening_hours'],
    ["insert into public.closed_dates (day) values ('2026-12-24')"],
  ])('refuses anon and authenticated writes: %s', async (sql) => {
    expect(await as('anon', sql)).toEqual({ code: '42501' });
    expect(await as('authenticated', sql)).toEqual({ code: '42501' });
  });

  it('lets service_role read everything and write', async () => {
    const settings = await as('service_role', 'select key from public.settings');
    expect(settings.rows?.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'slot_interval_minutes',
        'workshop_capacity',
        'buffer_minutes',
        'cancellation_notice_hours',
      ]),
    );
    const inserted = await as(
      'service_role',
      "insert into public.closed_dates (day, reason) values ('2026-12-27', 'ferie') returning day",
    );
    expect(inserted.rows).toHaveLength(1);
  });

  it('maintains updated_at and enforces the check constraints', async () => {
    const [before] = await t.query<{ updated_at: Date }>(
      "select updated_at from public.services where name = 'Sølvpakken'",
    );
    await new Promise((r) => setTimeout(r, 5));
    const [after] = await t.query<{ updated_at: Date }>(
      "update public.services set price = 199 where name = 'Sølvpakken' returning updated_at",
    );
    expect(new Date(after!.updated_at).getTime()).toBeGreaterThan(
      new Date(before!.updated_at).getTime(),
    );
    for (const sql of [
      "insert into public.services (name, category, duration_minutes, price) values ('a', 'other', 10, 1)",
      "insert into public.services (name, category, duration_minutes, price) values ('b', 'vask', 0, 1)",
      "insert into public.services (name, category, duration_minutes, price) values ('c', 'vask', 10, -1)",
      "insert into public.opening_hours (weekday, opens_at, closes_at) values (8, '09:00', '10:00')",
    ]) {
      expect((await as('service_role', sql)).code, sql).toBe('23514');
    }
    expect(
      (
        await as(
          'service_role',
          "update public.opening_hours set closes_at = '08:00' where weekday = 1",
        )
      ).code,
    ).toBe('23514');
    expect(
      (
        await as(
          'service_role',
          'update public.opening_hours set opens_at = null where weekday = 1',
        )
      ).code,
    ).toBe('23514');
  });

  it('provides the Supabase auth helpers and btree_gist', async () => {
    const sub = '0b7c0a1e-1111-4222-8333-444455556666';
    const rows = await t.db.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
        [JSON.stringify({ role: 'authenticated', sub, email: 'a@b.dk' })],
      );
      return (
        await tx.query('select auth.uid()::text uid, auth.role() role, auth.jwt() ->> $1 email', [
          'email',
        ])
      ).rows;
    });
    expect(rows).toEqual([{ uid: sub, role: 'authenticated', email: 'a@b.dk' }]);
    await t.query('create extension if not exists btree_gist with schema extensions');
    await t.query(
      'create table public.bench_probe (bay int, period tstzrange, exclude using gist (bay with =, period with &&))',
    );
    await t.query(
      "insert into public.bench_probe values (1, '[2026-01-01 10:00Z, 2026-01-01 11:00Z)')",
    );
    await expect(
      t.query(
        "insert into public.bench_probe values (1, '[2026-01-01 10:30Z, 2026-01-01 12:00Z)')",
      ),
    ).rejects.toMatchObject({ code: '23P01' });
    await t.query('drop table public.bench_probe');
  });
});
