#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL server on loopback, with DATABASE_URL set.
# Usage: scripts/with-postgres.sh <command...>
set -euo pipefail
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bindir" ]; then
  echo "PostgreSQL is not installed. On Debian: sudo apt-get install -y postgresql" >&2
  exit 1
fi
port=${PGTEST_PORT:-55432}
dir=$(mktemp -d /tmp/cue-pg-XXXXXX)
as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
[ "$(id -u)" = 0 ] && chown postgres "$dir"
cleanup() {
  as_pg "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
as_pg "$bindir/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
