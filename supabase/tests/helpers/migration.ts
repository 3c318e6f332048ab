// One migration's own test: a project folder with every migration before it (and the seed), so a
// test can fill a database the way it was and then apply the migration to it.
import { copyFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../../local/db/database.ts';
import { ROOT, migrate } from '../../../local/db/migrate.ts';

const MIGRATIONS = path.join(ROOT, 'supabase', 'migrations');

export interface MigrationUnderTest {
  /** The migration's file name. */
  file: string;
  /** The project folder before it: `useTestDatabase({ supabaseDir: dir })`. */
  dir: string;
  /** Applies the migration; the versions applied (this one alone when all is well). */
  apply(db: Database): Promise<string[]>;
  remove(): void;
}

/** The migration whose file name ends with `suffix` (e.g. `_car_status.sql`). */
export function migrationUnderTest(suffix: string): MigrationUnderTest {
  const file = readdirSync(MIGRATIONS).find((f) => f.endsWith(suffix));
  if (!file) throw new Error(`no migration ends with ${suffix}`);
  const dir = mkdtempSync(path.join(tmpdir(), 'migration-'));
  cpSync(MIGRATIONS, path.join(dir, 'migrations'), {
    recursive: true,
    filter: (src) => path.basename(src) < file || src === MIGRATIONS,
  });
  copyFileSync(path.join(ROOT, 'supabase', 'seed.sql'), path.join(dir, 'seed.sql'));
  return {
    file,
    dir,
    async apply(db) {
      copyFileSync(path.join(MIGRATIONS, file), path.join(dir, 'migrations', file));
      return (await migrate(db, { supabaseDir: dir })).applied;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
