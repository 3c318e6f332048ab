// npm run check:schema: supabase/schemas/ (the readable source) and supabase/migrations/ (what
// `db push` deploys) must build the same database: tables, constraints, functions, triggers,
// policies, grants, comments, view options, the order of the columns and the rows the migrations
// insert. Exit 1 with the difference otherwise.
import { diffSchemas, listSchemaFiles } from '../local/db/schema-diff.ts';

const diff = await diffSchemas();
if (diff === '') {
  console.log(
    `check:schema: supabase/schemas (${listSchemaFiles().length} files) and supabase/migrations build the same database`,
  );
} else {
  console.error(
    [
      'check:schema: supabase/schemas and supabase/migrations differ. What a migration would still have to do:',
      '',
      diff,
      '',
      'Changed supabase/schemas? Write the migration: npm run db:diff -- <name>, review it, commit both.',
      'Wrote a migration by hand? Make the same change in supabase/schemas.',
    ].join('\n'),
  );
  process.exitCode = 1;
}
