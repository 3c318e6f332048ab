// npm run db:review -- <migration file or version>: what one migration changes, object by object
// (local/db/migration-review.ts). A migration written by db:diff re-creates whole functions for a
// line or two; this prints only the definitions that differ, as unified diffs, and a summary.
import { findMigration, formatReview, reviewMigration } from '../local/db/migration-review.ts';

const arg = process.argv[2];
if (!arg) {
  console.error(
    'db:review: name a migration, by file or version: npm run db:review -- supabase/migrations/20261127025642_car_status.sql',
  );
  process.exit(2);
}

let migration;
try {
  migration = findMigration(arg);
} catch (error) {
  console.error(`db:review: ${(error as Error).message}`);
  process.exit(2);
}
console.log(formatReview(await reviewMigration(migration)));
