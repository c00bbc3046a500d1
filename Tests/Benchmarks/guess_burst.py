"""Fires a burst of sign-in guesses for one account at once and counts how many reach the password check.

Usage: swift build --product tessera && python3 Tests/Benchmarks/guess_burst.py [--binary PATH] [--processes 1|2] [--guesses 200]
Every guess is its own client (GET /signin for a cookie and tokens, then POST /signin); all POSTs are
released together by a barrier, the last one with the right password. Status 400 = checked and wrong,
303 = checked and right, 429 = refused by the lockout, 503 = hashing queue full. With --processes 2 the
guesses alternate between two servers sharing one SQLite file. Also prints GET /fortunes latency alone
and during the burst."""
import argparse, html, http.client, os, re, shutil, socket, statistics, subprocess, sys, tempfile, threading, time
import urllib.parse
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--binary", default=ROOT + "/.build/debug/tessera")
parser.add_argument("--processes", type=int, choices=[1, 2], default=1)
parser.add_argument("--guesses", type=int, default=200)
args = parser.parse_args()
if args.guesses < 1: sys.exit("--guesses must be at least 1")

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

def tail(path, lines=30):
    try:
        with open(path, errors="replace") as f: return "".join(f.readlines()[-lines:])
    except OSError as e: return f"(cannot read {path}: {e})"

def start_server(folder, index):
    port = free_port()
    out = open(f"{folder}/server{index}.out", "w"); err = open(f"{folder}/server{index}.err", "w")
    proc = subprocess.Popen([args.binary, "serve", "--port", str(port), "--db", folder + "/t.sqlite",
                             "--views", ROOT + "/Views", "--public", ROOT + "/Public"], cwd=ROOT, stdout=out, stderr=err)
    out.close(); err.close()
    return proc, port

def wait_until_up(proc, port, folder, index, seconds=60):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server {index} exited with status {proc.returncode} before answering GET /fortunes; "
                             f"stderr tail:\n{tail(f'{folder}/server{index}.err')}")
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2); c.request("GET", "/fortunes")
            r = c.getresponse(); r.read(); c.close()
            if r.status == 200: return
        except OSError: pass
        time.sleep(0.1)
    raise SystemExit(f"server {index} (port {port}) did not answer GET /fortunes within {seconds} s; "
                     f"stderr tail:\n{tail(f'{folder}/server{index}.err')}")

INPUT = re.compile(r"<input\b([^>]*)>", re.I)
ATTR = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")

def hidden_fields(body):
    """name -> value of the hidden inputs named _csrf, _once and next, whatever the attribute order."""
    found = {}
    for m in INPUT.finditer(body):
        attrs = {a.group(1).lower(): html.unescape(next(v for v in a.groups()[1:] if v is not None))
                 for a in ATTR.finditer(m.group(1))}
        if attrs.get("type", "").lower() == "hidden" and attrs.get("name") in ("_csrf", "_once", "next"):
            found.setdefault(attrs["name"], attrs.get("value", ""))
    return found

def prepare(i, port):
    """A fresh client: GET /signin, keep every cookie and the hidden tokens."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    c.request("GET", "/signin"); r = c.getresponse(); body = r.read().decode(errors="replace"); c.close()
    if r.status != 200: raise RuntimeError(f"guess {i}: GET /signin answered {r.status}")
    cookies = [h.split(";", 1)[0].strip() for h in r.headers.get_all("Set-Cookie") or []]
    fields = hidden_fields(body)
    if "_csrf" not in fields: raise RuntimeError(f"guess {i}: no _csrf hidden input in GET /signin")
    password = "tessera-demo" if i == args.guesses - 1 else f"wrong-{i}"
    form = urllib.parse.urlencode(list(fields.items()) + [("username", "demo"), ("password", password)])
    return port, "; ".join(c for c in cookies if "=" in c), form

def report(name, t):
    if not t: print(f"{name}: n=0"); return
    t = sorted(t)
    print(f"{name}: n={len(t)} p50={statistics.median(t):.1f}ms p95={t[min(len(t) - 1, int(len(t) * 0.95))]:.1f}ms max={t[-1]:.1f}ms")

folder = tempfile.mkdtemp(prefix="guess_burst.")
procs = []
try:
    if not os.access(args.binary, os.X_OK): raise SystemExit(f"no executable at {args.binary}")
    ports = []
    for index in range(args.processes):  # one after the other, so migrations do not race
        proc, port = start_server(folder, index); procs.append(proc); ports.append(port)
        wait_until_up(proc, port, folder, index)

    alone = []
    c = http.client.HTTPConnection("127.0.0.1", ports[0], timeout=30)
    for _ in range(100):
        t = time.perf_counter(); c.request("GET", "/fortunes"); c.getresponse().read(); alone.append((time.perf_counter() - t) * 1000)
    c.close()

    with ThreadPoolExecutor(8) as pool:
        guesses = list(pool.map(lambda i: prepare(i, ports[i % len(ports)]), range(args.guesses)))

    barrier = threading.Barrier(args.guesses + 1)
    statuses = [None] * args.guesses
    def guess(i):
        port, cookie, form = guesses[i]
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=600); c.connect()
        except OSError as e:
            barrier.wait(); statuses[i] = f"connect error {e}"; return
        barrier.wait()
        try:
            headers = {"Content-Type": "application/x-www-form-urlencoded"}
            if cookie: headers["Cookie"] = cookie
            c.request("POST", "/signin", form, headers); r = c.getresponse(); r.read(); statuses[i] = r.status
        except Exception as e: statuses[i] = f"{type(e).__name__}: {e}"
        finally: c.close()

    done = threading.Event()
    during = []
    def watch():
        c = http.client.HTTPConnection("127.0.0.1", ports[0], timeout=60)
        while not done.is_set():
            try:
                t = time.perf_counter(); c.request("GET", "/fortunes"); c.getresponse().read()
                during.append((time.perf_counter() - t) * 1000)
            except (OSError, http.client.HTTPException):
                c.close(); c = http.client.HTTPConnection("127.0.0.1", ports[0], timeout=60)
            done.wait(0.01)
        c.close()

    threads = [threading.Thread(target=guess, args=(i,)) for i in range(args.guesses)]
    for th in threads: th.start()
    watcher = threading.Thread(target=watch); watcher.start()
    start = time.perf_counter()
    barrier.wait()
    for th in threads: th.join()
    elapsed = time.perf_counter() - start
    done.set(); watcher.join()

    count = lambda s: sum(1 for x in statuses if x == s)
    other = [x for x in statuses if x not in (400, 303, 429, 503)]
    print(f"processes={args.processes} guesses={args.guesses} checked={count(400) + count(303)} "
          f"(400: {count(400)}, 303: {count(303)}) refused 429={count(429)} 503={count(503)} other={len(other)}")
    if other: print("other statuses:", ", ".join(f"{s} x{n}" for s, n in Counter(map(str, other)).most_common()))
    print(f"right password (last guess) answered {statuses[-1]}; burst took {elapsed:.2f}s")
    report("fortunes alone", alone)
    report("fortunes during burst", during)
finally:
    for proc in procs:
        if proc.poll() is None: proc.terminate()
    for proc in procs:
        try: proc.wait(timeout=10)
        except subprocess.TimeoutExpired: proc.kill(); proc.wait()
    shutil.rmtree(folder, ignore_errors=True)
