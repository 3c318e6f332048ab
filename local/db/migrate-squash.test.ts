// A local database migrated before the migrations were squashed (local/.data/pglite of an existing
// checkout) keeps working: its history is repaired in place and its data stays. Its schema already
// equals the baseline's (the squash was checked on PostgreSQL 15 when it was made); here the history
// is set back to the squashed versions on a database built from the baseline.
import { describe, expect, it } from 'vitest';
import { type Backend } from '../testing/index.ts';
import { useTestDatabase } from '../testing/hooks.ts';
import { listMigrations, migrate, MigrationError, readSquashed, ROOT } from './migrate.ts';

const SUPABASE = `${ROOT}/supabase`;
const squashed = readSquashed(SUPABASE)!;
const current = listMigrations(SUPABASE).map((m) => m.version);

describe.each<Backend>(['pglite', 'postgres'])(
  'a database migrated before the squash, on %s',
  (backend) => {
    const t = useTestDatabase({ backend });

    async function setHistory(versions: string[]) {
      await t.query('delete from supabase_migrations.schema_migrations');
      for (const v of versions)
        await t.query(
          "insert into supabase_migrations.schema_migrations (version, name) values ($1, 'old')",
          [v],
        );
    }
    const history = async () =>
      (
        await t.query<{ version: string }>(
          'select version from supabase_migrations.schema_migrations order by 1',
        )
      ).map((r) => r.version);

    it('the squash list names the baseline and versions older than it', () => {
      expect(current).toContain(squashed.baseline);
      expect(squashed.versions.length).toBeGreaterThan(20);
      for (const v of squashed.versions) {
        expect(v < squashed.baseline).toBe(true);
        expect(current).not.toContain(v);
      }
    });

    it('with every squashed version: the history becomes the baseline, the data stays', async () => {
      await t.query(
        "update public.settings set value = '7' where key = 'max_new_bookings_per_hour'",
      );
      // the old history, plus the migrations after the baseline that this database has run
      const later = current.filter((v) => v > squashed.baseline);
      await setHistory([...squashed.versions, ...later]);
      const { applied, seeded } = await migrate(t.db);
      expect(seeded).toBe(false);
      // the baseline is taken as applied, nothing runs twice
      expect(applied).toEqual([]);
      expect(await history()).toEqual(current);
      expect(
        await t.query("select value from public.settings where key = 'max_new_bookings_per_hour'"),
      ).toEqual([{ value: '7' }]);
      // a second start has nothing to do
      expect((await migrate(t.db)).applied).toEqual([]);
    });

    it('with only some of them: stops with what is missing and how to go on, and changes nothing', async () => {
      await setHistory(squashed.versions.slice(0, -1));
      const error = await migrate(t.db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect((error as Error).message).toContain(squashed.versions.at(-1));
      expect((error as Error).message).toContain('npm run db:reset');
      expect(await history()).toEqual(squashed.versions.slice(0, -1));
    });
  },
);
