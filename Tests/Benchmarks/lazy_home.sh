#!/usr/bin/env bash
# First byte, size and SQL count of the signed-in home page (the page whose priorities are a lazy
# component), from a fresh seeded database. Run from the project's root:
#
#   Tests/Benchmarks/lazy_home.sh [REQUESTS] [CONFIGURATION]     (defaults 200 release; needs curl)
#
# Builds `tessera`, serves it on a free 127.0.0.1 port, signs in as the demo account, warms up, then
# GETs / REQUESTS times one after another and prints the median and p90 time to first byte, the
# page's bytes, and the SQL statements the server's request log counted for the page; then the same
# for the lazy component's own fragment (what the client script fetches afterwards).
set -euo pipefail

requests="${1:-200}"; configuration="${2:-release}"
work="$(mktemp -d /tmp/tessera-lazy.XXXXXX)"
swift build -c "$configuration" --product tessera >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
bin="$(swift build -c "$configuration" --show-bin-path)/tessera"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')"
"$bin" serve --hostname 127.0.0.1 --port "$port" --db "$work/lazy.sqlite" >"$work/server.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true' EXIT
base="http://127.0.0.1:$port"
for _ in $(seq 100); do curl -s -o /dev/null "$base/fortunes" && break; sleep 0.1; done

jar="$work/cookies"
token="$(curl -s -c "$jar" "$base/signin" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | sed 's/.*value="//; s/"//')"
curl -s -b "$jar" -c "$jar" -o /dev/null --data-urlencode "_csrf=$token" --data-urlencode username=demo \
  --data-urlencode password=tessera-demo "$base/signin"
[ -n "$(awk '$6 == "tessera_session" {print $7}' "$jar")" ] || { echo "lazy_home.sh: could not sign in" >&2; exit 1; }
curl -s -b "$jar" "$base/" | grep -q 'id="priorities"' || { echo "lazy_home.sh: no priorities on the home page" >&2; exit 1; }

measure() {  # URL LABEL [HEADER]
  local url="$1" label="$2" header="${3:-X-Nothing: 1}"
  for _ in $(seq 20); do curl -s -o /dev/null -b "$jar" -H "$header" "$base$url"; done
  : >"$work/times"
  for _ in $(seq "$requests"); do
    curl -s -o /dev/null -b "$jar" -H "$header" -w '%{time_starttransfer} %{size_download}\n' "$base$url" >>"$work/times"
  done
  local path="${url%%\?*}"
  local sql
  sql="$(grep -o "GET $path 200 [0-9.]*ms sql=[0-9]*" "$work/server.log" | tail -1 | sed 's/.*sql=//')"
  python3 - "$work/times" "$label" "$sql" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
times = sorted(float(t) * 1000 for t, _ in rows)
size = int(rows[-1][1])
p90 = times[int(len(times) * 0.9) - 1]
print(f"{sys.argv[2]:<28} first byte median {statistics.median(times):6.2f} ms  p90 {p90:6.2f} ms  "
      f"{size:6d} bytes  sql={sys.argv[3]}")
PY
}

measure "/" "GET / (signed in)"
measure "/_/priorities" "GET /_/priorities (fragment)" "X-Tessera-Fragment: 1"
