#!/usr/bin/env bash
# Load benchmark of the demo's composed pages, as a visitor and signed in, beside /fortunes on
# the same server in the same run. Run from the project's root:
#
#   Tests/Benchmarks/pages.sh [DURATION] [CONNECTIONS]      (defaults 8s 32; needs wrk and python3)
#
# Builds `tessera` in release, serves a fresh database on a free 127.0.0.1 port, signs in as the
# demo account, then for each page runs `wrk -t1 -cN -dD --latency` and prints req/s, p99, the
# rows the database gained per request (sessions and every other table, analytics apart) and the
# analytics rows per request (written in batches by the background writer, off the request path).
# Ends with the server's peak RSS and each page's req/s as a fraction of /fortunes.
# wrk sends no Accept-Encoding, so pages go out plain; ACCEPT_ENCODING=gzip loads them as
# browsers do (public pages gzipped). ROUNDS=N (default 1) loads every page N times, round after
# round, and ends with each page's median req/s, p99 and ratio to /fortunes in the same round:
# on a shared machine one run of a page can move by a fifth, the median of rounds much less.
set -euo pipefail

duration="${1:-8s}"; conns="${2:-32}"
encoding="${ACCEPT_ENCODING:-}"
rounds="${ROUNDS:-1}"
proj="$(pwd)"
work="$(mktemp -d /tmp/tessera-pages.XXXXXX)"
command -v wrk >/dev/null || { echo "pages.sh: wrk not found (apt-get install -y wrk)" >&2; exit 2; }

swift build -c release --product tessera >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
bin="$(swift build -c release --show-bin-path)/tessera"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
db="$work/pages.sqlite"
"$bin" serve --hostname 127.0.0.1 --port "$port" --db "$db" >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -s -o /dev/null "$base/fortunes" && break; sleep 0.1; done

# Sign in as the demo account: the visitor's nonce cookie and token, then the session cookie.
jar="$work/cookies"
token="$(curl -s -c "$jar" "$base/signin" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | sed 's/.*value="//; s/"//')"
curl -s -b "$jar" -c "$jar" -o /dev/null --data-urlencode "_csrf=$token" --data-urlencode username=demo \
  --data-urlencode password=tessera-demo "$base/signin"
session="$(awk '$6 == "tessera_session" {print $7}' "$jar")"
[ -n "$session" ] || { echo "pages.sh: could not sign in" >&2; exit 1; }

# Rows per table (tessera_events apart), read beside the running server (WAL).
rows() {
  python3 - "$db" "$1" <<'PY'
import sqlite3, sys
db = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")]
counts = {t: db.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in tables}
events = counts.pop("tessera_events", 0)
print(events if sys.argv[2] == "events" else sum(counts.values()))
PY
}
ms() { awk '{v=$1; n=v+0; if (v ~ /us$/) n/=1000; else if (v ~ /ms$/) n=n; else if (v ~ /s$/) n*=1000; printf "%.2f", n}'; }

printf '%-22s %10s %9s %12s %12s %8s\n' "page" "req/s" "p99 ms" "rows/req" "events/req" "non-2xx"
declare -A rps
summary="$work/rounds.tsv"   # round, label, req/s, p99 ms
round=1
run() {
  local label="$1" path="$2" cookie="${3:-}"
  local args=(-t1 -c"$conns" -d2s); [ -n "$cookie" ] && args+=(-H "Cookie: $cookie")
  [ -n "$encoding" ] && args+=(-H "Accept-Encoding: $encoding")
  wrk "${args[@]}" "$base$path" >/dev/null
  sleep 1
  local before events_before out requests
  before="$(rows all)"; events_before="$(rows events)"
  args=(-t1 -c"$conns" -d"$duration" --latency); [ -n "$cookie" ] && args+=(-H "Cookie: $cookie")
  [ -n "$encoding" ] && args+=(-H "Accept-Encoding: $encoding")
  out="$(wrk "${args[@]}" "$base$path")"
  sleep 1.5   # the analytics writer flushes every 0.5 s
  requests="$(awk '/requests in/ {print $1}' <<<"$out")"
  local r p bad
  r="$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")"
  p="$(awk '/^ +99% / {print $2}' <<<"$out" | ms)"
  bad="$(awk '/Non-2xx/ {print $NF}' <<<"$out")"
  rps[$label]="$r"
  printf '%s\t%s\t%s\t%s\n' "$round" "$label" "$r" "$p" >>"$summary"
  printf '%-22s %10s %9s %12s %12s %8s\n' "$label" "$r" "$p" \
    "$(awk -v a="$(rows all)" -v b="$before" -v n="$requests" 'BEGIN{printf "%.3f", (a-b)/n}')" \
    "$(awk -v a="$(rows events)" -v b="$events_before" -v n="$requests" 'BEGIN{printf "%.3f", (a-b)/n}')" "${bad:-0}"
}
for round in $(seq "$rounds"); do
  [ "$rounds" -gt 1 ] && echo "round $round of $rounds"
  run "/fortunes" /fortunes
  run "/users/1 visitor" /users/1
  run "/ visitor" /
  run "/blogs/1 visitor" /blogs/1
  run "/photos visitor" /photos
  run "/users/1 member" /users/1 "tessera_session=$session"
  run "/ member" / "tessera_session=$session"
  run "/blogs/1 member" /blogs/1 "tessera_session=$session"
done
echo "peak RSS: $(awk '/^VmHWM:/ {printf "%.1f MiB", $2/1024}' "/proc/$pid/status")"
if [ "$rounds" -eq 1 ]; then
  for label in "/users/1 visitor" "/ visitor" "/blogs/1 visitor" "/photos visitor"; do
    echo "$label vs /fortunes: $(awk -v a="${rps[$label]}" -v b="${rps[/fortunes]}" 'BEGIN{printf "%.2f", a/b}')"
  done
else
  python3 - "$summary" "$rounds" <<'PY'
import csv, statistics, sys
rows = list(csv.reader(open(sys.argv[1]), delimiter="\t"))
fortunes = {r[0]: float(r[2]) for r in rows if r[1] == "/fortunes"}
labels = list(dict.fromkeys(r[1] for r in rows))
print(f"medians of {sys.argv[2]} rounds")
print(f"{'page':22} {'req/s':>10} {'p99 ms':>9} {'vs /fortunes':>13}   (range of p99)")
for label in labels:
    mine = [r for r in rows if r[1] == label]
    rps = statistics.median(float(r[2]) for r in mine)
    p99 = sorted(float(r[3]) for r in mine)
    ratio = statistics.median(float(r[2]) / fortunes[r[0]] for r in mine)
    print(f"{label:22} {rps:10.0f} {statistics.median(p99):9.2f} {ratio:13.2f}   ({p99[0]:.2f}–{p99[-1]:.2f})")
PY
fi
