// npm run db:types: writes supabase/functions/_shared/database.types.ts (re-exported to the browser by
// src/generated/database.types.ts) from the schema of a fresh database built by
// the migrations (or from DATABASE_URL when set), then formats it with Prettier.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite, openPostgres } from '../db/database.ts';
import { migrate, ROOT } from '../db/migrate.ts';
import { generateTypes } from '../db/types.ts';
import { runCli } from './common.ts';

runCli(async () => {
  const url = process.env.DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite();
  try {
    if (!url) await migrate(db, { seed: false });
    const out = path.join(ROOT, 'supabase', 'functions', '_shared', 'database.types.ts');
    writeFileSync(out, await generateTypes(db));
    execFileSync(path.join(ROOT, 'node_modules', '.bin', 'prettier'), ['--write', out], {
      stdio: 'ignore',
    });
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
  } finally {
    await db.close();
  }
});
