#!/usr/bin/env bash
# Proves that supabase/migrations builds the same database as the migrations of an older commit (the
# squash by scripts/db/squash.sh). Usage: scripts/db/squash-check.sh <commit with the old migrations>
# On a throw-away PostgreSQL 15 with pg_cron preloaded (scripts/db/pg.sh; or a running server named by
# PGHOST/PGPORT, started with pg_cron preloaded and cron.database_name=squash_check).
# Each side: a fresh database, local/db/bootstrap.sql, then every migration in its own transaction
# (as local/db/migrate.ts and `supabase db push` do). Compared: pg_dump --schema-only --no-owner of
# all schemas (tables, functions, grants, policies, comments, default privileges), catalog queries
# (policies, cron jobs, extensions, function ACLs, comments, default ACLs) and the rows the
# migrations insert. Prints the diffs; exits 1 when anything differs.
set -euo pipefail
OLD_REV=${1:?usage: squash-check.sh <commit with the old migrations>}
DB=squash_check
. "$(dirname "$0")/pg.sh" "$OLD_REV" # ROOT, WORK (removed on exit), $WORK/old: the migrations at $OLD_REV

dump() { # <out prefix>
  pg_dump -d $DB --schema-only --no-owner --exclude-table=supabase_migrations.schema_migrations |
    grep -v '^\\restrict\|^\\unrestrict' >"$1.schema.sql"
  psql -X -At -d $DB >"$1.catalog.raw" <<'SQL'
select 'policy', schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check from pg_policies;
select 'cron', jobname, schedule, command, database, username, active from cron.job;
select 'ext', extname, extnamespace::regnamespace, extversion from pg_extension;
select 'acl', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), p.proacl::text
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'auth', 'extensions');
select 'comment', objoid::regclass, objsubid, description from pg_description
  where classoid = 'pg_class'::regclass and objoid in (select oid from pg_class where relnamespace = 'public'::regnamespace);
select 'defacl', defaclrole::regrole, defaclnamespace::regnamespace, defaclobjtype, defaclacl::text from pg_default_acl;
SQL
  sort "$1.catalog.raw" >"$1.catalog.txt"
  pg_dump -d $DB --data-only --column-inserts --schema=public | grep '^INSERT' | sort >"$1.rows.sql"
}

pg_start
apply "$WORK/old/supabase/migrations" && dump "$WORK/A"
apply "$ROOT/supabase/migrations" && dump "$WORK/B"
status=0
for k in schema.sql catalog.txt rows.sql; do
  if diff "$WORK/A.$k" "$WORK/B.$k"; then echo "$k: identical ($(wc -l <"$WORK/A.$k") lines)"; else status=1; fi
done
exit $status
