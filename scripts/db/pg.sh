# Sourced by scripts/db/squash.sh and squash-check.sh as `. pg.sh <rev>` with DB set: ROOT (the
# repository), WORK (a temporary folder, removed on exit) with <rev>'s supabase/migrations in
# $WORK/old; pg_start, a throw-away PostgreSQL 15 server with pg_cron preloaded (as hosted
# Supabase) unless PGHOST names one already running; and "apply <dir>", which builds database $DB
# from local/db/bootstrap.sql and every migration of <dir>, each in its own transaction (as
# local/db/migrate.ts and `supabase db push` do).
# Needs Debian's postgresql-15 and postgresql-15-cron (PG_BIN overrides the binaries' folder).
: "${DB:?DB must be set before sourcing pg.sh}"
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=$(mktemp -d)
trap 'pg_stop; rm -rf "$WORK"' EXIT
mkdir "$WORK/old"
git -C "$ROOT" archive "${1:?pg.sh <rev>}" supabase/migrations | tar -x -C "$WORK/old"
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
export PGUSER=${PGUSER:-postgres}

pg_start() { # starts a server in $WORK/pg unless PGHOST is set; pg_stop (on exit) stops it
  [ -n "${PGHOST:-}" ] && return 0
  local dir=$WORK/pg port
  mkdir -p "$dir"
  local as=()
  if [ "$(id -u)" = 0 ]; then chown postgres: "$dir" "$WORK"; as=(runuser -u postgres --); fi
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  "${as[@]}" "$PG_BIN/initdb" -A trust -U postgres -D "$dir/data" >/dev/null
  "${as[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "-p $port -k $dir -c listen_addresses='' \
    -c shared_preload_libraries=pg_cron -c cron.database_name=$DB" start >/dev/null
  export PGHOST=$dir PGPORT=$port
  PG_STARTED=("${as[@]}" "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate stop)
}

pg_stop() {
  if [ -n "${PG_STARTED+x}" ]; then "${PG_STARTED[@]}" >/dev/null || true; fi
}

apply() { # <migrations dir>
  psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "drop database if exists $DB with (force)" -c "create database $DB" 2>/dev/null
  psql -X -q -v ON_ERROR_STOP=1 -d "$DB" -1 -f "$ROOT/local/db/bootstrap.sql" >/dev/null
  local f b
  for f in $(ls "$1"/*.sql | sort); do
    b=$(basename "$f" .sql)
    { cat "$f"; printf "\ninsert into supabase_migrations.schema_migrations (version, name) values ('%s', '%s');\n" "${b:0:14}" "${b:15}"; } |
      psql -X -q -v ON_ERROR_STOP=1 -d "$DB" -1 -f - >/dev/null 2>"$WORK/err" || { echo "$f:"; cat "$WORK/err"; return 2; }
  done
}
