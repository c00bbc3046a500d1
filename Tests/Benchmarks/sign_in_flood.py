"""Measures GET /fortunes latency alone and while 8 clients sign in (right password) in a loop.

Usage: swift build --product tessera && python3 Tests/Benchmarks/sign_in_flood.py
Prints p50/p95/max for each phase and the sign-ins per second; bcrypt must not slow other pages."""
import http.client, os, re, shutil, socket, statistics, subprocess, sys, tempfile, threading, time, urllib.parse

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p
port = free_port()
folder = tempfile.mkdtemp()
proc = subprocess.Popen([ROOT + "/.build/debug/tessera", "serve", "--port", str(port), "--db", folder + "/t.sqlite",
                         "--views", ROOT + "/Views", "--public", ROOT + "/Public"], cwd=ROOT,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for _ in range(300):
    try:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=2); c.request("GET", "/fortunes"); c.getresponse().read(); break
    except OSError: time.sleep(0.1)

def fortunes(n):
    times = []
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for _ in range(n):
        t = time.perf_counter(); c.request("GET", "/fortunes"); c.getresponse().read(); times.append((time.perf_counter() - t) * 1000)
        time.sleep(0.02)
    return times

stop = False
count = [0]
def signer():
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    while not stop:
        c.request("GET", "/signin"); r = c.getresponse(); body = r.read().decode()
        cookie = r.getheader("Set-Cookie").split(";")[0]
        token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', body).group(1)
        form = urllib.parse.urlencode({"_csrf": token, "username": "demo", "password": "tessera-demo"})
        c.request("POST", "/signin", form, {"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})
        r = c.getresponse(); r.read(); count[0] += 1

def report(name, t):
    t = sorted(t)
    print(f"{name}: n={len(t)} p50={statistics.median(t):.1f}ms p95={t[int(len(t)*0.95)]:.1f}ms max={t[-1]:.1f}ms")

report("fortunes alone", fortunes(100))
threads = [threading.Thread(target=signer) for _ in range(8)]
for th in threads: th.start()
time.sleep(1)
start = time.time(); c0 = count[0]
report("fortunes during 8 sign-in loops", fortunes(100))
print(f"sign-ins per second meanwhile: {(count[0]-c0)/(time.time()-start):.1f}")
stop = True
for th in threads: th.join()
proc.terminate(); proc.wait()
shutil.rmtree(folder, ignore_errors=True)
