#!/usr/bin/env bash
# Squashes the migrations of a git revision into one pg_dump baseline plus the schedules:
#   scripts/db/squash.sh <rev> [<baseline version>]      (version default 20261126000000)
# 1. builds a scratch PostgreSQL 15 database (pg_cron preloaded) from <rev>'s supabase/migrations
#    (scripts/db/pg.sh: a throw-away server unless PGHOST names one);
# 2. pg_dump --schema-only --no-owner -n public, and the rows the migrations inserted;
# 3. applies the hand edits in code (below), writes supabase/migrations/<version>_baseline.sql and
#    moves the schedules to <version + 100>_scheduled_jobs.sql (hand-written, idempotent; taken from
#    the working tree's *_scheduled_jobs.sql), removes the squashed files from the working tree and
#    writes their versions to supabase/squashed-migrations.txt (read by check:live and by the repair
#    in docs/deploy.md).
# Then: scripts/db/squash-check.sh <rev> must print "identical" three times.
set -euo pipefail
REV=${1:?usage: squash.sh <rev> [<baseline version>]}
VERSION=${2:-20261126000000}
JOBS_VERSION=$((VERSION + 100))
DB=squash_build
. "$(dirname "$0")/pg.sh" "$REV" # ROOT, WORK (removed on exit), $WORK/old: the migrations at $REV
MIG=$ROOT/supabase/migrations
jobs=$(ls "$MIG"/*_scheduled_jobs.sql | tail -1)
for f in "$WORK"/old/supabase/migrations/*.sql; do
  if [ "$(basename "$f" .sql | cut -c1-14)" -ge "$VERSION" ]; then
    echo "squash.sh: $(basename "$f") is not older than the baseline $VERSION: choose a later version" >&2
    exit 1
  fi
done

pg_start
apply "$WORK/old/supabase/migrations"
pg_dump -d $DB --schema-only --no-owner -n public >"$WORK/schema.sql"
pg_dump -d $DB --data-only --column-inserts -n public | grep '^INSERT \|^SELECT pg_catalog.setval' >"$WORK/rows.sql" || true
# pg_dump writes grants relative to the built-in defaults, not to the schema's default privileges
# (which give service_role every new function and table): what the migrations revoked from it
psql -X -At -d $DB >"$WORK/revokes.sql" <<'SQL'
select format('revoke execute on function public.%I(%s) from service_role;', p.proname,
              pg_get_function_identity_arguments(p.oid))
  from pg_proc p
 where p.pronamespace = 'public'::regnamespace and p.proacl is not null
   and not exists (select 1 from aclexplode(p.proacl) a
                    where a.grantee = 'service_role'::regrole and a.privilege_type = 'EXECUTE')
union all
select format('revoke %s on table public.%I from service_role;', string_agg(lower(k.p), ', ' order by k.p), c.relname)
  from pg_class c
 cross join unnest(array['DELETE', 'INSERT', 'REFERENCES', 'SELECT', 'TRIGGER', 'TRUNCATE', 'UPDATE']) k(p)
 where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p') and c.relacl is not null
   and not exists (select 1 from aclexplode(c.relacl) a
                    where a.grantee = 'service_role'::regrole and a.privilege_type = k.p)
 group by c.relname
 order by 1;
SQL
ls "$WORK/old/supabase/migrations" | sed 's/\.sql$//' >"$WORK/squashed.txt"

python3 - "$WORK" "$MIG/${VERSION}_baseline.sql" <<'PY'
import re, sys
work, out = sys.argv[1], sys.argv[2]
schema = open(f'{work}/schema.sql').read()
rows = open(f'{work}/rows.sql').read().strip()
revokes = open(f'{work}/revokes.sql').read().strip()
squashed = open(f'{work}/squashed.txt').read().split()

# hand edit 1: pg_dump's preamble (SET lines, \restrict, CREATE SCHEMA public and its built-in comment)
# and epilogue go; btree_gist is created here (-n public leaves extensions out)
body = schema[schema.index('COMMENT ON SCHEMA public'):]
body = body[body.index('\n--\n') + 1:]
body = re.sub(r"\nSET default_tablespace = '';\n|\nSET default_table_access_method = heap;\n", '\n', body)
body = body[:body.rindex('--\n-- PostgreSQL database dump complete')]
assert '\\restrict' not in body and '\nSET ' not in body and 'CREATE SCHEMA' not in body, 'unexpected pg_dump output'
# hand edit 2: the rows the migrations inserted, before the first trigger (as in the migrations, the
# settings rows do not ask for a site rebuild)
first_trigger = re.search(r'--\n-- Name: [^;]+; Type: TRIGGER;', body).start()
body = (body[:first_trigger]
        + '--\n-- Name: rows the migrations inserted (settings defaults, the site_rebuild singleton); Type: DATA\n--\n\n'
        + rows + '\n\n' + body[first_trigger:])
body = re.sub(r'\n{3,}', '\n\n', body).rstrip() + '\n'

header = f'''-- Baseline: the schema the {len(squashed)} migrations {squashed[0]} .. {squashed[-1]} built,
-- squashed into one file by scripts/db/squash.sh (do not edit by hand: change the schema in a new
-- migration; to squash again, run the script). pg_dump --schema-only --no-owner -n public from
-- PostgreSQL 15 after applying them on local/db/bootstrap.sql; each function appears once, in its
-- final form. Why each rule is what it is: the old files in git history (git log -- supabase/migrations)
-- and docs/. Edited by the script after the dump (scripts/db/squash-check.sh proves the result identical):
--   - btree_gist created here (pg_dump -n public leaves extensions out); pg_dump's preamble, CREATE
--     SCHEMA public and its built-in comment left out;
--   - check_function_bodies off while the dump's order creates functions before their tables;
--   - the rows the migrations inserted, placed before the triggers as they were;
--   - the revokes from service_role that pg_dump omits (see the end).
-- The schedules are in the next migration, *_scheduled_jobs.sql. A project that ran the old
-- migrations runs neither file: see docs/deploy.md, "Once: a project pushed before the squash".

create extension if not exists btree_gist with schema extensions;
-- pg_dump's order creates functions before the tables their bodies read
set check_function_bodies = false;

'''
footer = '''
reset check_function_bodies;

-- pg_dump writes grants relative to the built-in defaults, not to the schema's default privileges
-- (which grant service_role every new function and table): what the migrations revoked from it
''' + revokes + '\n'
open(out, 'w').write(header + body + footer)
PY

# the squashed files go; the schedules move behind the baseline
while read -r name; do
  if [ "$MIG/$name.sql" != "$jobs" ]; then rm -f "$MIG/$name.sql"; fi
done <"$WORK/squashed.txt"
if [ "$jobs" != "$MIG/${JOBS_VERSION}_scheduled_jobs.sql" ]; then
  git -C "$ROOT" mv -f "$jobs" "$MIG/${JOBS_VERSION}_scheduled_jobs.sql" 2>/dev/null || mv "$jobs" "$MIG/${JOBS_VERSION}_scheduled_jobs.sql"
fi
for f in "$MIG"/*_baseline.sql; do
  if [ "$(basename "$f")" != "${VERSION}_baseline.sql" ]; then rm "$f"; fi # an earlier squash's
done
left=$(ls "$MIG" | grep -v "^${VERSION}_baseline.sql\$\|^${JOBS_VERSION}_scheduled_jobs.sql\$" || true)
if [ -n "$left" ]; then echo "squash.sh: not in $REV, left in place (newer than the squash?): $left" >&2; fi
{
  echo "# Migration versions squashed into supabase/migrations/${VERSION}_baseline.sql by scripts/db/squash.sh"
  echo "# (from $(git -C "$ROOT" rev-parse --short "$REV")). A project whose history has them is repaired once: docs/deploy.md."
  cat "$WORK/squashed.txt"
} >"$ROOT/supabase/squashed-migrations.txt"
echo "wrote ${VERSION}_baseline.sql ($(wc -l <"$MIG/${VERSION}_baseline.sql") lines) and ${JOBS_VERSION}_scheduled_jobs.sql from $(wc -l <"$WORK/squashed.txt") migrations at $REV"
echo "next: scripts/db/squash-check.sh $REV"
