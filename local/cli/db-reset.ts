// npm run db:reset: deletes the local PGlite database and recreates it from the migrations and seed.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { DEFAULT_DATA_DIR, lockDataDir, runCli } from './common.ts';

runCli(async () => {
  if (process.env.DATABASE_URL) {
    throw new Error(
      'db:reset resets the local PGlite database only; unset DATABASE_URL (use supabase db reset for a server)',
    );
  }
  const dataDir = path.resolve(process.env.LOCAL_DB_DIR ?? DEFAULT_DATA_DIR);
  const release = lockDataDir(dataDir);
  try {
    rmSync(dataDir, { recursive: true, force: true });
    const db = await openPglite(dataDir);
    try {
      const { applied, seeded } = await migrate(db);
      console.log(
        `reset ${path.relative(process.cwd(), dataDir)}: ${applied.length} migrations applied${seeded ? ', seed applied' : ''}`,
      );
    } finally {
      await db.close();
    }
  } finally {
    release();
  }
});
