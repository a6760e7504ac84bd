#!/usr/bin/env bash
# Stops what scripts/cluster/up.sh started: nginx, then each instance (SIGTERM: requests in flight
# finish; SIGKILL after 15 s). PostgreSQL and Redis keep running. --purge also drops the database
# and removes $CLUSTER_DIR.
set -uo pipefail

dir="${CLUSTER_DIR:-/tmp/contest-cluster}"
database_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/contest_cluster}"
say() { printf '[cluster] %s\n' "$*"; }
# shellcheck source=alive.sh
. "$(dirname "$0")/alive.sh"

nginx_bin="$(command -v nginx || echo /usr/sbin/nginx)"
if [ -f "$dir/nginx.pid" ] && alive "$(cat "$dir/nginx.pid")"; then
  "$nginx_bin" -c "$dir/nginx.conf" -p "$dir" -s quit && say "nginx stopped"
fi
pids=()
for f in "$dir"/instance-*.pid; do
  [ -f "$f" ] || continue
  pid=$(cat "$f")
  if alive "$pid"; then kill -TERM "$pid" && pids+=("$pid"); fi
  rm -f "$f"
done
for _ in $(seq 1 30); do
  running=0
  for pid in "${pids[@]}"; do alive "$pid" && running=1; done
  [ $running = 0 ] && break
  sleep 0.5
done
for pid in "${pids[@]}"; do alive "$pid" && kill -KILL "$pid" && say "instance pid $pid killed after 15 s"; done
say "${#pids[@]} instance(s) stopped"

if [ "${1:-}" = --purge ]; then
  db=$(node -e 'console.log(decodeURIComponent(new URL(process.argv[1]).pathname.slice(1)))' "$database_url")
  admin_url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/postgres";console.log(u.toString())' "$database_url")
  psql "$admin_url" -qc "drop database if exists \"$db\" with (force)" && say "database $db dropped"
  rm -rf "$dir" && say "$dir removed"
fi
