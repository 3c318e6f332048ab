// The dashboard's "select all rows -> Delete" runs TRUNCATE, which skips the row triggers that keep
// the owner's tables consistent. Each owner table refuses it in Danish with what to do instead, the
// rows stay, and deleting chosen rows still works. Runs as postgres (the dashboard's role), on
// PGlite and PostgreSQL 15, on the database the migrations build and the one supabase/schemas does.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { BACKENDS, NOW, SERVICE, book, withRollback } from './helpers/sql.ts';

/** Table -> words its refusal must contain (what to do instead). */
const GUARDED: Record<string, RegExp> = {
  owner_bookings: /Aflys en booking ved at vælge status aflyst/,
  bookings: /Aflys en booking i owner_bookings/,
  opening_hours: /Luk en ugedag ved at gøre opens_at og closes_at tomme/,
  closed_dates: /Markér de dage, der skal åbne igen, og slet dem/,
  open_dates: /Markér de dage, der skal lukke igen, og slet dem/,
  settings: /Ret værdien \(value\) i den enkelte række/,
  services: /sætte is_active til false/,
  owners: /Markér de adresser, der skal fjernes, og slet dem/,
};

/**
 * Tables other tables point at: a plain TRUNCATE of these is refused by PostgreSQL's own foreign key
 * check (in English) before any trigger can run; TRUNCATE ... CASCADE reaches the Danish refusal.
 */
const REFERENCED = new Set(['bookings', 'services']);

/** Words of PostgreSQL's own English messages that must never reach the owner. */
const ENGLISH = /\b(cannot|truncate|violates|permission|denied|relation|table)\b/i;

const BUILDS = BACKENDS.flatMap((backend) =>
  (['migrations', 'schemas'] as const).map((source) => [backend, source] as const),
);

describe.each(BUILDS)('TRUNCATE on the owner tables on %s from the %s', (backend, source) => {
  const t = useTestDatabase({ backend, source });

  it.each(Object.entries(GUARDED))(
    'refuses to empty %s in Danish and keeps its rows',
    async (table, advice) => {
      await withRollback(t, async (tx) => {
        await book(tx, { serviceId: SERVICE.guld, date: '2026-12-03', time: '10:00', now: NOW });
        await tx.exec(
          `insert into public.closed_dates (day, reason) values ('2026-12-28', 'Ferie')`,
        );
        await tx.exec(`insert into public.open_dates (day, reason) values ('2026-12-26', 'Åbent')`);
        const count = async () =>
          Number((await tx.one<{ n: string }>(`select count(*) as n from public.${table}`)).n);
        const before = await count();
        expect(before).toBeGreaterThan(0);
        for (const statement of [`truncate public.${table}`, `truncate public.${table} cascade`]) {
          await tx.exec('savepoint attempt; set local role postgres');
          const error = (await tx.exec(statement).catch((e: unknown) => e)) as {
            message?: string;
            code?: string;
          };
          await tx.exec('rollback to savepoint attempt');
          expect(error.code).toBe('0A000');
          if (REFERENCED.has(table) && !statement.endsWith('cascade')) {
            // PostgreSQL checks foreign keys before any trigger runs and refuses by itself
            expect(error.message).toMatch(/referenced in a foreign key constraint/);
            continue;
          }
          expect(error.message).toMatch(advice);
          expect(error.message).not.toMatch(ENGLISH);
        }
        expect(await count()).toBe(before);
      });
    },
  );

  it('still deletes chosen closed and open days', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(`
        set local role postgres;
        insert into public.closed_dates (day, reason) values ('2026-12-28', 'Ferie'), ('2026-12-29', 'Ferie');
        delete from public.closed_dates where day = '2026-12-28';
      `);
      const days = await tx.rows<{ day: string }>(
        `select day::text as day from public.closed_dates where day >= '2026-12-28' order by 1`,
      );
      expect(days).toEqual([{ day: '2026-12-29' }]);
    });
  });
});
