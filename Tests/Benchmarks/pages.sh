#!/usr/bin/env bash
# Load benchmark of the demo's composed pages, as a visitor and signed in, beside /fortunes, on
# SQLite and on PostgreSQL in the same run. Run from the project's root:
#
#   Tests/Benchmarks/pages.sh [DURATION] [CONNECTIONS]      (defaults 8s 32; needs wrk, python3,
#                                                            psql and nginx)
#
# Builds `tessera` in release (or runs TESSERA_BINARY) and serves the same demo on a fresh SQLite file and on a fresh
# PostgreSQL database (`tessera_pages_<random>`), in four setups, each on both databases:
#
#   1 process, fragments reused      one process, wrk straight at it (fragments, reads and
#                                    visitors' pages reused)
#   1 process, no fragment reuse     the same with --no-fragment-cache (every page rendered, every
#                                    component loaded)
#   nginx, 1 process                 Docs/nginx.conf (its ports replaced) before one process
#   nginx, 2 processes               ... before two processes on the one database
#
# In each it signs in as the demo account, then for each page runs `wrk -t1 -cN -dD --latency`
# and prints req/s, p99, the rows the database gained per request (sessions and every other
# table, analytics apart), the analytics rows per request (written in batches by the background
# writer, off the request path), the non-2xx answers and the SQL statements of one request (from
# the request log: a fragment reused is a query not run); then each process's peak RSS. It ends
# with one table: per setup and page, req/s and p99 on SQLite and on PostgreSQL side by side
# and their ratio (PG/SQLite), then req/s with two processes behind nginx over one.
#
# PostgreSQL: the server PAGES_POSTGRES or TESSERA_TEST_POSTGRES names
# (postgres://USER@HOST:PORT/DB; the run makes a database of its own there and drops it after),
# or else a private server started with .ci/postgres, fsync on — SQLite writes with
# synchronous=FULL, so both flush every commit. A server with fsync off is named in the output.
# The app reaches a server on this machine through its Unix socket (`?host=FOLDER`), as a
# one-box deployment would; PG_TRANSPORT=tcp keeps TCP. The output names the URL used.
# Each process keeps up to `pool` connections (default 10): PAGES_POSTGRES may carry ?pool=N.
#
# wrk sends no Accept-Encoding, so pages go out plain; ACCEPT_ENCODING=gzip loads them as
# browsers do (public pages gzipped). ROUNDS=N (default 1) loads every page N times in each
# setup, SQLite's and PostgreSQL's rounds taking turns (each in fresh processes), and the table
# shows medians (p99's range beside): on a shared machine one run of a page can move by a fifth,
# and a slower spell can last minutes; the median of alternating rounds moves much less. On a
# 2-core machine wrk, nginx, PostgreSQL and the processes share the cores: compare figures from
# one run. With the
# defaults a run takes about 12 minutes (60 loads of 8 s, 4 setups × 2 databases); SETUPS names
# the setups to run, separated by `|` (say SETUPS="1 process, fragments reused|1 process, no
# fragment reuse" for the databases side by side alone). The folder of
# logs (the servers' request logs, the database file) is removed after a run that passed; KEEP=1
# keeps it.
set -euo pipefail

duration="${1:-8s}"; conns="${2:-32}"
encoding="${ACCEPT_ENCODING:-}"
rounds="${ROUNDS:-1}"
proj="$(pwd)"
work="$(mktemp -d /tmp/tessera-pages.XXXXXX)"
chmod 755 "$work"   # nginx's workers (nobody, when run as root) read their folder under it
command -v wrk >/dev/null || { echo "pages.sh: wrk not found (apt-get install -y wrk)" >&2; exit 2; }
command -v psql >/dev/null || { echo "pages.sh: psql not found (apt-get install -y postgresql)" >&2; exit 2; }
nginx="$(command -v nginx || echo /usr/sbin/nginx)"
[ -x "$nginx" ] || { echo "pages.sh: nginx not found (apt-get install -y nginx)" >&2; exit 2; }

if [ -n "${TESSERA_BINARY:-}" ]; then
  bin="$TESSERA_BINARY"   # another build (say last release's, for a before-and-after run)
else
  swift build -c release --product tessera >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
  bin="$(swift build -c release --show-bin-path)/tessera"
fi
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# Everything started here ends with the script: the app's processes, nginx, the database made
# on the PostgreSQL server, and the private server if this run started one.
pids=()
nginx_prefix=""
pg_dir=""
pg_admin=""
pg_name=""
stop_processes() {
  if [ -n "$nginx_prefix" ]; then
    "$nginx" -c "$nginx_prefix/nginx.conf" -p "$nginx_prefix/" -e "$nginx_prefix/error.log" -s stop 2>/dev/null || true
    nginx_prefix=""
  fi
  local pid
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
}
cleanup() {
  local status=$?
  stop_processes
  if [ -n "$pg_name" ]; then psql -X -q -d "$pg_admin" -c "DROP DATABASE IF EXISTS \"$pg_name\" WITH (FORCE)" >/dev/null 2>&1 || true; fi
  if [ -n "$pg_dir" ]; then "$proj/.ci/postgres" stop "$pg_dir"; rm -rf "$pg_dir"; fi
  # The request logs run to hundreds of megabytes: kept when something failed, or with KEEP=1.
  if [ "$status" -eq 0 ] && [ -z "${KEEP:-}" ]; then rm -rf "$work"; else echo "pages.sh: logs in $work" >&2; fi
}
trap cleanup EXIT

# The PostgreSQL server and a new database on it. psql gets the URL without the app's query
# (`pool` and server settings); the app gets it with.
pg_server="${PAGES_POSTGRES:-${TESSERA_TEST_POSTGRES:-}}"
if [ -z "$pg_server" ]; then
  pg_dir="$(mktemp -d /tmp/tessera-pages-pg.XXXXXX)"
  pg_server="$(TESSERA_PG_FSYNC=on "$proj/.ci/postgres" start "$pg_dir")"
fi
pg_query=""; [[ "$pg_server" == *\?* ]] && pg_query="?${pg_server#*\?}"
pg_admin="${pg_server%%\?*}"
pg_name="tessera_pages_$(python3 -c 'import secrets; print(secrets.token_hex(6))')"
psql -X -q -d "$pg_admin" -c "CREATE DATABASE \"$pg_name\"" >/dev/null
pg_psql="${pg_admin%/*}/$pg_name"
pg_url="$pg_psql$pg_query"
# A server on this machine is reached through its Unix socket, as a one-box deployment would
# (PG_TRANSPORT=tcp keeps TCP); psql stays on the URL's TCP address.
read -r pg_socket_folder pg_port <<<"$(psql -X -At -F ' ' -d "$pg_psql" -c "SELECT split_part(current_setting('unix_socket_directories'), ',', 1), current_setting('port')")"
if [ "${PG_TRANSPORT:-socket}" = socket ] && [ -S "$pg_socket_folder/.s.PGSQL.$pg_port" ]; then
  pg_account="${pg_admin#*://}"; pg_account="${pg_account%%@*}"   # USER[:PASSWORD]
  pg_url="postgres://$pg_account@/$pg_name?host=$pg_socket_folder&port=$pg_port${pg_query:+&${pg_query#\?}}"
fi
sqlite_db="$work/pages.sqlite"
pg_settings="$(psql -X -At -d "$pg_psql" -c "SELECT current_setting('server_version') || ', fsync ' || current_setting('fsync') || ', synchronous_commit ' || current_setting('synchronous_commit') || ', max_connections ' || current_setting('max_connections')")"
echo "SQLite:     $sqlite_db (synchronous=FULL)"
echo "PostgreSQL: ${pg_url} ($pg_settings)"
case "$pg_settings" in *"fsync off"*|*"synchronous_commit off"*)
  echo "pages.sh: note: this PostgreSQL server does not flush every commit; SQLite does: not a like-for-like comparison" ;;
esac
[ -n "$encoding" ] && echo "Accept-Encoding: $encoding"
echo "wrk -t1 -c$conns -d$duration, $rounds round(s); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg) before"

# The app's processes: COUNT on DATABASE, each on a free port, then (with nginx) Docs/nginx.conf
# before them. Sets `base`, the address wrk loads.
start_processes() {  # DATABASE COUNT nginx|direct [SERVE OPTION...]
  local database="$1" count="$2" front="$3"; shift 3
  local ports=() port i
  for i in $(seq "$count"); do
    port="$(free_port)"
    ports+=("$port")
    env -u TESSERA_FRAGMENT_CACHE -u TESSERA_DATABASE "$bin" serve --hostname 127.0.0.1 --port "$port" --db "$database" \
      --client-address-header X-Forwarded-For "$@" >>"$work/server-$i.log" 2>&1 &
    pids+=($!)
  done
  for i in $(seq "$count"); do
    port="${ports[$((i - 1))]}"
    for _ in $(seq 300); do
      curl -s -o /dev/null "http://127.0.0.1:$port/fortunes" && break
      kill -0 "${pids[$((i - 1))]}" 2>/dev/null || { echo "pages.sh: a server exited:" >&2; tail -20 "$work/server-$i.log" >&2; exit 1; }
      sleep 0.1
    done
    curl -s -o /dev/null "http://127.0.0.1:$port/fortunes" || { echo "pages.sh: a server did not start in 30 s" >&2; exit 1; }
  done
  base="http://127.0.0.1:${ports[0]}"
  [ "$front" = nginx ] || return 0
  nginx_prefix="$work/nginx"
  rm -rf "$nginx_prefix"; mkdir -p "$nginx_prefix/tmp"; chmod 777 "$nginx_prefix" "$nginx_prefix/tmp"
  local front_port; front_port="$(free_port)"
  python3 - "$proj/Docs/nginx.conf" "$nginx_prefix/nginx.conf" "$front_port" "${ports[@]}" <<'PY'
import sys
source, target, front, ports = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
lines = []
for line in open(source).read().replace("127.0.0.1:8080", f"127.0.0.1:{front}").splitlines():
    default = next((d for d in ("8081", "8082", "8083") if f"127.0.0.1:{d}" in line), None)
    if default is not None:
        index = int(default) - 8081
        if index >= len(ports):
            continue  # fewer processes than the file balances
        line = line.replace(f"127.0.0.1:{default}", f"127.0.0.1:{ports[index]}")
    lines.append(line)
open(target, "w").write("\n".join(lines) + "\n")
PY
  "$nginx" -c "$nginx_prefix/nginx.conf" -p "$nginx_prefix/" -e "$nginx_prefix/error.log"
  base="http://127.0.0.1:$front_port"
  for _ in $(seq 100); do curl -s -o /dev/null "$base/fortunes" && break; sleep 0.1; done
}

# Signs in as the demo account on DATABASE once (sessions live in the database, so the cookie
# holds on every process and setup after): the visitor's nonce cookie and token, then the session.
declare -A sessions
sign_in() {  # KIND
  local jar="$work/cookies-$1" token
  token="$(curl -s -c "$jar" "$base/signin" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | sed 's/.*value="//; s/"//')"
  curl -s -b "$jar" -c "$jar" -o /dev/null --data-urlencode "_csrf=$token" --data-urlencode username=demo \
    --data-urlencode password=tessera-demo "$base/signin"
  sessions[$1]="$(awk '$6 == "tessera_session" {print $7}' "$jar")"
  [ -n "${sessions[$1]}" ] || { echo "pages.sh: could not sign in on $1" >&2; exit 1; }
}

# "ROWS EVENTS": rows in every table but tessera_events, and in tessera_events. SQLite is read
# beside the running server (WAL); PostgreSQL with psql.
rows() {  # KIND
  if [ "$1" = sqlite ]; then
    python3 - "$sqlite_db" <<'PY'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
counts = {t: db.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
events = counts.pop("tessera_events", 0)
print(sum(counts.values()), events)
PY
  else
    psql -X -At -F ' ' -d "$pg_psql" -c "
      SELECT COALESCE(SUM(n) FILTER (WHERE name <> 'tessera_events'), 0), COALESCE(SUM(n) FILTER (WHERE name = 'tessera_events'), 0)
      FROM (SELECT table_name AS name,
                   (xpath('/row/n/text()', query_to_xml(format('SELECT COUNT(*) AS n FROM %I.%I', table_schema, table_name), false, true, '')))[1]::text::bigint AS n
            FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE') AS counted"
  fi
}
ms() { awk '{v=$1; n=v+0; if (v ~ /us$/) n/=1000; else if (v ~ /ms$/) n=n; else if (v ~ /s$/) n*=1000; printf "%.2f", n}'; }

summary="$work/runs.tsv"   # setup, database, round, label, req/s, p99 ms
: >"$summary"
run() {  # SETUP KIND LABEL PATH [COOKIE]
  local setup="$1" kind="$2" label="$3" path="$4" cookie="${5:-}"
  local args=(-t1 -c"$conns" -d2s); [ -n "$cookie" ] && args+=(-H "Cookie: $cookie")
  [ -n "$encoding" ] && args+=(-H "Accept-Encoding: $encoding")
  wrk "${args[@]}" "$base$path" >/dev/null
  sleep 0.7   # the warm-up's analytics are written before counting
  local before after out requests
  read -r -a before <<<"$(rows "$kind")"
  args=(-t1 -c"$conns" -d"$duration" --latency); [ -n "$cookie" ] && args+=(-H "Cookie: $cookie")
  [ -n "$encoding" ] && args+=(-H "Accept-Encoding: $encoding")
  out="$(wrk "${args[@]}" "$base$path")"
  sleep 1.2   # the analytics writer flushes every 0.5 s
  read -r -a after <<<"$(rows "$kind")"
  requests="$(awk '/requests in/ {print $1}' <<<"$out")"
  local r p bad sql
  r="$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")"
  p="$(awk '/^ +99% / {print $2}' <<<"$out" | ms)"
  bad="$(awk '/Non-2xx/ {print $NF}' <<<"$out")"
  # SQL statements of the page's last request, from the first process's request log.
  sql="$(tail -n 500 "$work/server-1.log" | grep -o "GET $path 200 [0-9.]*ms sql=[0-9]*" | tail -1 | sed 's/.*sql=//')"
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$setup" "$kind" "$round" "$label" "$r" "$p" >>"$summary"
  printf '%-22s %10s %9s %12s %12s %8s %5s\n' "$label" "$r" "$p" \
    "$(awk -v a="${after[0]}" -v b="${before[0]}" -v n="$requests" 'BEGIN{printf "%.3f", (a-b)/n}')" \
    "$(awk -v a="${after[1]}" -v b="${before[1]}" -v n="$requests" 'BEGIN{printf "%.3f", (a-b)/n}')" "${bad:-0}" "${sql:-?}"
}

# One round of a setup's pages on one database.
setup_pages() {  # SETUP KIND
  local setup="$1" kind="$2" session="tessera_session=${sessions[$2]}"
  run "$setup" "$kind" "/fortunes" /fortunes
  run "$setup" "$kind" "/users/1 visitor" /users/1
  run "$setup" "$kind" "/ visitor" /
  run "$setup" "$kind" "/blogs/1 visitor" /blogs/1
  if [ "$setup" = "1 process, fragments reused" ] || [ "$setup" = "1 process, no fragment reuse" ]; then
    run "$setup" "$kind" "/photos visitor" /photos
  fi
  run "$setup" "$kind" "/users/1 member" /users/1 "$session"
  run "$setup" "$kind" "/ member" / "$session"
  run "$setup" "$kind" "/blogs/1 member" /blogs/1 "$session"
}
setups=("1 process, fragments reused" "1 process, no fragment reuse" "nginx, 1 process" "nginx, 2 processes")
[ -n "${SETUPS:-}" ] && IFS='|' read -r -a setups <<<"$SETUPS"
# Rounds alternate between the databases (SQLite's round 1, PostgreSQL's round 1, SQLite's
# round 2, ...), each round in processes of its own, so that a spell in which the machine runs
# slower (they last minutes on a shared host) weighs on both databases' medians alike.
for setup in "${setups[@]}"; do
  for round in $(seq "$rounds"); do
    for kind in sqlite postgres; do
      database="$sqlite_db"; [ "$kind" = postgres ] && database="$pg_url"
      count=1; front=direct; options=()
      case "$setup" in
        *"no fragment reuse"*) options=(--no-fragment-cache) ;;
        "nginx, 1 process") front=nginx ;;
        "nginx, 2 processes") front=nginx; count=2 ;;
      esac
      start_processes "$database" "$count" "$front" "${options[@]}"
      [ -n "${sessions[$kind]:-}" ] || sign_in "$kind"
      echo
      echo "== $setup, $([ "$kind" = sqlite ] && echo SQLite || echo PostgreSQL)$([ "$rounds" -gt 1 ] && echo ", round $round of $rounds")"
      printf '%-22s %10s %9s %12s %12s %8s %5s\n' "page" "req/s" "p99 ms" "rows/req" "events/req" "non-2xx" "sql"
      setup_pages "$setup" "$kind"
      rss=()
      for pid in "${pids[@]}"; do rss+=("$(awk '/^VmHWM:/ {printf "%.1f MiB", $2/1024}' "/proc/$pid/status")"); done
      printf -v rss_list '%s, ' "${rss[@]}"
      echo "peak RSS: ${rss_list%, }"
      stop_processes
    done
  done
done

echo
python3 - "$summary" "$rounds" <<'PY'
import collections, csv, statistics, sys
runs = collections.defaultdict(list)  # (setup, kind, label) -> [(req/s, p99)]
order = []
for setup, kind, _, label, rps, p99 in csv.reader(open(sys.argv[1]), delimiter="\t"):
    runs[setup, kind, label].append((float(rps), float(p99)))
    if (setup, label) not in order:
        order.append((setup, label))
rounds = int(sys.argv[2])

def median(setup, kind, label):
    mine = runs.get((setup, kind, label))
    if not mine:
        return None
    p99 = sorted(p for _, p in mine)
    return statistics.median(r for r, _ in mine), statistics.median(p99), p99[0], p99[-1]

print(("medians of %d rounds; " % rounds if rounds > 1 else "") + "req/s and p99 (ms); PG/SQLite: PostgreSQL's over SQLite's")
print(f"{'page':22} {'SQLite req/s':>13} {'p99':>8} {'PG req/s':>13} {'p99':>8}   {'PG/SQLite req/s':>15} {'p99':>6}")
current = None
for setup, label in order:
    if setup != current:
        print(f"-- {setup}")
        current = setup
    sqlite, postgres = median(setup, "sqlite", label), median(setup, "postgres", label)
    cells = [f"{label:22}"]
    for value in (sqlite, postgres):
        cells.append(f"{value[0]:13.0f} {value[1]:8.2f}" if value else f"{'-':>13} {'-':>8}")
    ratio = f"{postgres[0] / sqlite[0]:15.2f} {postgres[1] / sqlite[1]:6.2f}" if sqlite and postgres else f"{'-':>15} {'-':>6}"
    line = f"{cells[0]} {cells[1]} {cells[2]}   {ratio}"
    if rounds > 1 and sqlite and postgres:
        line += f"   (p99 {sqlite[2]:.2f}–{sqlite[3]:.2f} / {postgres[2]:.2f}–{postgres[3]:.2f})"
    print(line)

print()
print("two processes behind nginx over one (req/s)")
print(f"{'page':22} {'SQLite':>8} {'PG':>8}")
for setup, label in order:
    if setup != "nginx, 2 processes":
        continue
    cells = []
    for kind in ("sqlite", "postgres"):
        one, two = median("nginx, 1 process", kind, label), median(setup, kind, label)
        cells.append(f"{two[0] / one[0]:8.2f}" if one and two else f"{'-':>8}")
    print(f"{label:22} {cells[0]} {cells[1]}")
PY
echo "$((SECONDS / 60)) min; load average $(cut -d' ' -f1-3 /proc/loadavg) after (wrk, nginx, PostgreSQL and the app count in it)"
