#!/usr/bin/env bash
# Starts the platform as it runs in production, on this machine: PostgreSQL and Redis (the running
# ones, else started from the system's packages), N instances of the server (one build, one code
# tree) and nginx in front of them on one port, the WebSocket upgrade passed through.
# Everything it writes (nginx.conf, pid files, logs) goes to $CLUSTER_DIR; scripts/cluster/down.sh
# stops it. See README "Several instances behind nginx".
#
#   scripts/cluster/up.sh                      # http://127.0.0.1:18140/2025/
#   CLUSTER_PORT=8080 INSTANCES=4 scripts/cluster/up.sh
#
# Environment (all optional):
#   CLUSTER_DIR   work folder (default /tmp/contest-cluster)
#   CLUSTER_PORT  nginx's port (default 18140); instance i listens on CLUSTER_PORT+i
#   INSTANCES     how many instances (default 3)
#   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/contest_cluster (created when missing)
#   REDIS_URL     default redis://127.0.0.1:6379/4
#   WEB_DIST      the built web app (default dist/web, built once when missing; WEB_DIST=none: API only)
#   ADMIN_PASSWORD, LOGIN_CAPTCHA, LOG_LEVEL: passed to every instance
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${CLUSTER_DIR:-/tmp/contest-cluster}"
port="${CLUSTER_PORT:-18140}"
count="${INSTANCES:-3}"
database_url="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/contest_cluster}"
redis_url="${REDIS_URL:-redis://127.0.0.1:6379/4}"
mkdir -p "$dir"
cd "$root"

say() { printf '[cluster] %s\n' "$*"; }
# shellcheck source=alive.sh
. "$root/scripts/cluster/alive.sh"
die() { printf '[cluster] %s\n' "$*" >&2; exit 1; }

nginx_bin="$(command -v nginx || true)"
[ -z "$nginx_bin" ] && [ -x /usr/sbin/nginx ] && nginx_bin=/usr/sbin/nginx
[ -n "$nginx_bin" ] || die "nginx is not installed (Debian: apt-get install -y nginx)"

# --- PostgreSQL -------------------------------------------------------------------------------
pg_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname||"127.0.0.1")' "$database_url")
pg_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||5432)' "$database_url")
pg_db=$(node -e 'const u=new URL(process.argv[1]);console.log(decodeURIComponent(u.pathname.slice(1)))' "$database_url")
if ! pg_isready -h "$pg_host" -p "$pg_port" -q; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  [ -n "$version" ] || die "PostgreSQL does not answer on $pg_host:$pg_port and none is installed (apt-get install -y postgresql)"
  say "starting PostgreSQL $version/main"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -h "$pg_host" -p "$pg_port" -q && break; sleep 1; done
  pg_isready -h "$pg_host" -p "$pg_port" -q || die "PostgreSQL did not come up"
fi
admin_url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/postgres";console.log(u.toString())' "$database_url")
if [ "$(psql "$admin_url" -tAc "select 1 from pg_database where datname = '$pg_db'")" != 1 ]; then
  say "creating database $pg_db"
  psql "$admin_url" -qc "create database \"$pg_db\""
fi

# --- Redis ------------------------------------------------------------------------------------
redis_host=$(node -e 'const u=new URL(process.argv[1]);console.log(u.hostname||"127.0.0.1")' "$redis_url")
redis_port=$(node -e 'const u=new URL(process.argv[1]);console.log(u.port||6379)' "$redis_url")
if ! redis-cli -h "$redis_host" -p "$redis_port" ping 2>/dev/null | grep -q PONG; then
  command -v redis-server >/dev/null || die "Redis does not answer on $redis_host:$redis_port and none is installed (apt-get install -y redis-server)"
  say "starting Redis"
  service redis-server start >/dev/null 2>&1 || redis-server --daemonize yes --save '' --port "$redis_port"
  for _ in $(seq 1 15); do redis-cli -h "$redis_host" -p "$redis_port" ping 2>/dev/null | grep -q PONG && break; sleep 1; done
fi

# --- the web app, built once for all instances ------------------------------------------------
web_dist="${WEB_DIST:-$root/dist/web}"
if [ "$web_dist" != none ] && [ ! -f "$web_dist/index.html" ]; then
  say "building the web app into $web_dist"
  node node_modules/vite/bin/vite.js build --logLevel warn --outDir "$web_dist" --emptyOutDir
fi
[ "$web_dist" = none ] && web_dist="$dir/no-web"

# --- the server, compiled once for all instances -------------------------------------------------
# Each instance runs what `npm start` runs (scripts/start.mjs: dist/server/main.cjs with V8's code
# cache), not the TypeScript sources: compiled here first, so that they do not all compile it at once.
node scripts/build-server.mjs

# --- instances ---------------------------------------------------------------------------------
wait_ready() { # port, seconds
  for _ in $(seq 1 "$2"); do
    curl -sf "http://127.0.0.1:$1/ready" >/dev/null 2>&1 && return 0
    sleep 1
  done
  return 1
}
start_instance() { # i
  local i=$1 p=$((port + $1))
  if [ -f "$dir/instance-$i.pid" ] && alive "$(cat "$dir/instance-$i.pid")"; then
    say "instance $i already running (pid $(cat "$dir/instance-$i.pid"))"; return
  fi
  PORT="$p" HOST=127.0.0.1 INSTANCE_NAME="instance-$i" DATABASE_URL="$database_url" REDIS_URL="$redis_url" \
    WEB_DIST="$web_dist" DATA_DIR="$dir/data" TRUST_PROXY=on \
    nohup node scripts/start.mjs >>"$dir/instance-$i.log" 2>&1 &
  echo $! >"$dir/instance-$i.pid"
  say "instance $i: pid $!, port $p, log $dir/instance-$i.log"
}
# The first one alone: it migrates and seeds a new database; the others then find it ready.
start_instance 1
wait_ready $((port + 1)) 120 || die "instance 1 did not become ready: see $dir/instance-1.log"
for i in $(seq 2 "$count"); do start_instance "$i"; done
for i in $(seq 2 "$count"); do
  wait_ready $((port + i)) 120 || die "instance $i did not become ready: see $dir/instance-$i.log"
done

# --- nginx ---------------------------------------------------------------------------------------
mkdir -p "$dir/nginx-temp"
# A location that sets any header inherits none of the server's: both get these.
forwarded() {
  echo "    proxy_set_header Host \$host;"
  echo "    proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;"
  echo "    proxy_set_header X-Forwarded-Proto \$scheme;"
  echo "    proxy_set_header X-Request-Id \$request_id;"
}
{
  echo "# generated by scripts/cluster/up.sh"
  echo "worker_processes 1;"
  echo "pid $dir/nginx.pid;"
  echo "error_log $dir/nginx-error.log warn;"
  echo "events { worker_connections 4096; }"
  echo "http {"
  echo "  include /etc/nginx/mime.types;"
  echo "  client_body_temp_path $dir/nginx-temp/body; proxy_temp_path $dir/nginx-temp/proxy;"
  echo "  fastcgi_temp_path $dir/nginx-temp/fastcgi; uwsgi_temp_path $dir/nginx-temp/uwsgi; scgi_temp_path $dir/nginx-temp/scgi;"
  echo "  log_format json escape=json '{\"time\":\"\$time_iso8601\",\"requestId\":\"\$request_id\",\"method\":\"\$request_method\",\"uri\":\"\$uri\",\"status\":\$status,\"upstream\":\"\$upstream_addr\",\"ms\":\$request_time}';"
  echo "  access_log $dir/nginx-access.log json;"
  echo "  client_max_body_size 12m;"
  echo "  map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }"
  echo "  # A write sent with an Idempotency-Key runs once whatever instance gets it (README \"Idempotency-Key\"):"
  echo "  # it may be sent on to the next instance after it reached one. A PUT or DELETE without one may not"
  echo "  # (nginx counts them idempotent, the platform's are not); a POST without one never is (nginx's rule)."
  echo "  map \"\$request_method \$http_idempotency_key\" \$write_kind {"
  echo "    default read;"
  echo "    \"~^(POST|PUT|DELETE|PATCH) .\" keyed;"
  echo "    \"~^(PUT|DELETE) \$\" unkeyed;"
  echo "  }"
  echo "  upstream platform {"
  for i in $(seq 1 "$count"); do echo "    server 127.0.0.1:$((port + i)) max_fails=1 fail_timeout=5s;"; done
  echo "    keepalive 32;"
  echo "  }"
  echo "  server {"
  echo "    listen $port;"
  echo "    proxy_http_version 1.1;"
  echo "    proxy_set_header Connection '';"
  forwarded
  echo "    proxy_connect_timeout 2s;"
  echo "    proxy_read_timeout 60s;"
  echo "    # An instance that refuses the connection (killed, restarting): the request goes to the next one."
  echo "    proxy_next_upstream error timeout http_502 http_503;"
  echo "    proxy_next_upstream_tries $count;"
  echo "    location / {"
  echo "      error_page 418 = @keyed_write;"
  echo "      error_page 419 = @unkeyed_write;"
  echo "      if (\$write_kind = keyed) { return 418; }"
  echo "      if (\$write_kind = unkeyed) { return 419; }"
  echo "      proxy_pass http://platform;"
  echo "    }"
  echo "    # Sent on to the next instance even after one got it (and died, or answered 502/503): the key makes it run once."
  echo "    location @keyed_write {"
  echo "      proxy_pass http://platform;"
  echo "      proxy_next_upstream error timeout http_502 http_503 non_idempotent;"
  echo "    }"
  echo "    location @unkeyed_write {"
  echo "      proxy_pass http://platform;"
  echo "      proxy_next_upstream off;"
  echo "    }"
  echo "    location /jeecg-boot/websocket/ {"
  echo "      proxy_pass http://platform;"
  forwarded
  echo "      proxy_set_header Upgrade \$http_upgrade;"
  echo "      proxy_set_header Connection \$connection_upgrade;"
  echo "      proxy_read_timeout 1h;"
  echo "    }"
  echo "  }"
  echo "}"
} >"$dir/nginx.conf"
"$nginx_bin" -t -q -c "$dir/nginx.conf" -p "$dir" 2>>"$dir/nginx-error.log" || die "nginx refused $dir/nginx.conf: see $dir/nginx-error.log"
if [ -f "$dir/nginx.pid" ] && alive "$(cat "$dir/nginx.pid")"; then
  "$nginx_bin" -c "$dir/nginx.conf" -p "$dir" -s reload
else
  "$nginx_bin" -c "$dir/nginx.conf" -p "$dir"
fi
for _ in $(seq 1 20); do curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break; sleep 0.5; done
curl -sf "http://127.0.0.1:$port/health" >/dev/null || die "nginx does not answer on $port: see $dir/nginx-error.log"
say "up: http://127.0.0.1:$port/2025/ ($count instances, PostgreSQL $pg_host:$pg_port/$pg_db, Redis $redis_url); stop with scripts/cluster/down.sh"
