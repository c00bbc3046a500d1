"""Measures the server CPU a refused hostile form body costs, per request.

Usage: swift build -c release --product tessera && python3 Tests/Benchmarks/hostile_bodies.py [--binary PATH] [--requests 20]
Signs in as the demo member, then POSTs to the composer (`/messages/1`, a 3 MiB limit) in turn:
  many-fields   a 3 MiB URL-encoded body of ~350,000 fields and a wrong CSRF token
  bad-token     a 3 MiB URL-encoded body of 10 fields and a wrong CSRF token
  good-token    a 3 MiB URL-encoded body of 1,000 fields with the right token (decoded whole)
and prints, for each, the statuses and the server's CPU time per request (user + system, from
/proc/PID/stat, over all the requests of the kind), with the server's idle CPU over as long
subtracted."""
import argparse, http.client, os, re, socket, subprocess, sys, tempfile, time, urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--binary", default=ROOT + "/.build/release/tessera")
parser.add_argument("--requests", type=int, default=20)
args = parser.parse_args()

TICK = os.sysconf("SC_CLK_TCK")
SIZE = 3 * 1024 * 1024 - 4096


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def request(port, method, path, body=None, cookie=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
    if cookie: headers["Cookie"] = cookie
    c.request(method, path, body, headers)
    r = c.getresponse(); text = r.read().decode(errors="replace")
    cookies = [v.split(";")[0] for k, v in r.getheaders() if k.lower() == "set-cookie"]
    c.close()
    return r.status, text, cookies


def csrf(text):
    return re.search(r'name="_csrf" value="([0-9a-f]{64})"', text).group(1)


def body(fields, token, size=SIZE):
    """`_csrf` and `fields - 1` more fields of about equal length, `size` bytes in all."""
    head = f"_csrf={token}"
    each = max(2, (size - len(head)) // (fields - 1) - 3)
    return (head + ("&a=" + "x" * each) * (fields - 1)).encode()[:size]


def main():
    folder = tempfile.mkdtemp(prefix="tessera-hostile-")
    port = free_port()
    err = open(folder + "/server.err", "w")
    server = subprocess.Popen([args.binary, "serve", "--port", str(port), "--db", folder + "/t.sqlite",
                               "--views", ROOT + "/Views", "--public", ROOT + "/Public"], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.time() + 60
        while True:
            try:
                if request(port, "GET", "/fortunes")[0] == 200: break
            except OSError: pass
            if time.time() > deadline or server.poll() is not None: sys.exit("the server did not start")
            time.sleep(0.1)
        _, page, cookies = request(port, "GET", "/signin")
        form = urllib.parse.urlencode({"_csrf": csrf(page), "username": "demo", "password": "tessera-demo"})
        status, _, cookies = request(port, "POST", "/signin", form, "; ".join(cookies))
        assert status == 303, status
        cookie = next(c for c in cookies if c.startswith("tessera_session="))
        token = csrf(request(port, "GET", "/messages/1", cookie=cookie)[1])
        wrong = "0" * 64
        kinds = [("many-fields", body(350_000, wrong)), ("bad-token", body(10, wrong)), ("good-token", body(1_000, token))] * 2
        print(f"{'body':<12} {'bytes':>9} {'statuses':<14} {'server CPU a request':>22}")
        for name, payload in kinds:
            idle_start = cpu_seconds(server.pid); started = time.monotonic()
            statuses = {}
            cpu_start = cpu_seconds(server.pid)
            for _ in range(args.requests):
                status = request(port, "POST", "/messages/1", payload, cookie)[0]
                statuses[status] = statuses.get(status, 0) + 1
            cpu = cpu_seconds(server.pid) - cpu_start
            elapsed = time.monotonic() - started
            time.sleep(elapsed)  # the idle server's own CPU over as long, subtracted
            idle = cpu_seconds(server.pid) - idle_start - cpu
            per = max(0.0, cpu - idle) / args.requests
            shown = ",".join(f"{k}×{v}" for k, v in sorted(statuses.items()))
            print(f"{name:<12} {len(payload):>9} {shown:<14} {per * 1000:>19.2f} ms")
    finally:
        server.terminate(); server.wait(timeout=30); err.close()


main()
