// npm run db:diff -- <name>: writes supabase/migrations/<timestamp>_<name>.sql, the SQL that brings
// a database built by the migrations to what supabase/schemas/ describes (the Supabase CLI's
// `db diff`). Review it before committing it with the schema change.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultSupabaseDir, listMigrations } from '../local/db/migrate.ts';
import { diffSchemas } from '../local/db/schema-diff.ts';

const name = process.argv[2];
if (!name || !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(name)) {
  console.error(
    'db:diff: name the migration in lower_snake_case: npm run db:diff -- add_car_plate',
  );
  process.exit(2);
}

const diff = await diffSchemas();
if (diff === '') {
  console.log('db:diff: nothing to write, supabase/schemas and supabase/migrations agree');
  process.exit(0);
}

/** UTC now as YYYYMMDDHHmmss, after the newest migration whatever the clock says. */
function nextVersion(): string {
  const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const last = listMigrations(defaultSupabaseDir()).at(-1)?.version ?? '0';
  return now > last ? now : String(BigInt(last) + 1n);
}

const file = path.join(defaultSupabaseDir(), 'migrations', `${nextVersion()}_${name}.sql`);
writeFileSync(
  file,
  `-- Written by npm run db:diff from supabase/schemas/: review it, then commit it with the schema change.\n\n${diff}\n`,
);
console.log(`db:diff: wrote ${path.relative(process.cwd(), file)}`);
