"""Live pages under load: open pages following a post's comments and stats, writes, and what
each costs.

Usage: swift build -c release --product tessera && \
       python3 Tests/Benchmarks/live.py --binary .build/release/tessera [options]

  --binary PATH      the server (default .build/debug/tessera of this checkout)
  --postgres URL     also run on PostgreSQL: a database is made on that server and dropped
                     (default $TESSERA_TEST_POSTGRES; without either, SQLite only)
  --pages N          open pages in the write phase, split over two processes (default 1000)
  --writes N         comments posted, one every --gap seconds (default 20)
  --gap SECONDS      between writes (default 0.5)
  --idle-pages N     open pages held idle on one process (default 10000; 0 skips the phase)
  --peer PATH        tessera-bench, whose hand-written Hummingbird server holds as many bare
                     event streams beside (default: next to --binary, when it is there)

Write phase (per database): two `tessera serve` processes on one database; N pages, each a small
SSE client following `/blogs/1/_/comments` and `/blogs/1/_/blog-stats` as a visitor, half on
each process; a member posts comments through the first process. Printed: from each
acknowledged comment (its POST answered) to its new comment list arriving at each page, p50,
p95 and p99 over every page and write; renders per write (the comment list loaded, not reused,
in either process's request log); bytes a page received per write.

Idle phase (SQLite): one process, /fortunes measured by wrk (2 threads, 32 connections, 5 s),
then N idle pages opened and /fortunes measured again, the process's resident memory per open
page, and its CPU while idle (80 s, two heartbeats, nothing written). Beside it, the same number
of bare event streams held by `tessera-bench peer` (Hummingbird and nothing of Tessera's): what
an open connection costs the stack under Tessera.

Everything runs on 127.0.0.1 and stops by itself.
"""
import argparse
import asyncio
import os
import pathlib
import re
import resource
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
FOLLOWED = ["/blogs/1/_/comments", "/blogs/1/_/blog-stats"]
HARD_LIMIT = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
IDLE_WINDOW = 80  # seconds: two heartbeats


def free_port():
    import socket
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """One `tessera serve` process (or, with `peer`, `tessera-bench peer`), its log in `folder`,
    allowed many connections."""

    def __init__(self, binary, folder, db, peer=False, shares_lifted=True):
        self.port = free_port()
        self.log = pathlib.Path(folder) / f"server-{self.port}.log"
        # Every page here comes from 127.0.0.1 without a cookie: one viewer, as far as each
        # viewer's share of streams goes, so the share is lifted.
        env = dict(os.environ, TESSERA_MAX_CONNECTIONS="30000")
        if shares_lifted:
            env.update(TESSERA_LIVE_STREAMS_PER_VIEWER="1048576", TESSERA_LIVE_STREAMS_PER_ADDRESS="1048576")
        self.process = subprocess.Popen(
            [binary, "peer" if peer else "serve", "--port", str(self.port), "--db", db],
            cwd=ROOT, stdout=self.log.open("w"), stderr=subprocess.STDOUT, env=env,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (HARD_LIMIT, HARD_LIMIT)))

    def wait(self):
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/fortunes", timeout=2).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server on {self.port} did not start: {self.log.read_text()[-2000:]}")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()

    def rss_kb(self):
        for line in pathlib.Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def cpu_seconds(self):
        fields = pathlib.Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- Pages -------------------------------------------------------------------------------------

class Page:
    """One open page's stream: every event's arrival time, id and size."""

    def __init__(self, port):
        self.port = port
        self.events = []  # (arrival, name, id, data)
        self.bytes = 0
        self.open = asyncio.Event()

    async def follow(self, since):
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        query = f"since={since}&" + "&".join("f=" + urllib.parse.quote(url, safe="") for url in FOLLOWED)
        writer.write(f"GET /_tessera/live?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(head.decode(errors="replace"))
        self.open.set()
        buffered = b""
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    return
                self.bytes += len(chunk)
                buffered += chunk
                while b"\n\n" in buffered:
                    block, buffered = buffered.split(b"\n\n", 1)
                    self.received(block.decode(errors="replace"))
        finally:
            writer.close()

    def received(self, block):
        name, ident, data = None, None, []
        for line in block.split("\n"):
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("id: "):
                ident = line[4:]
            elif line.startswith("data: "):
                data.append(line[6:])
        if name:
            self.events.append((time.monotonic(), name, ident, "\n".join(data)))


async def open_streams(ports, count, since, timeout):
    """`count` pages following since `since`, spread over `ports`, once all are open."""
    pages = [Page(ports[index % len(ports)]) for index in range(count)]
    tasks = []
    for page in pages:
        tasks.append(asyncio.ensure_future(page.follow(since)))
        if len(tasks) % 100 == 0:
            await asyncio.sleep(0.05)
    await asyncio.wait_for(asyncio.gather(*(page.open.wait() for page in pages)), timeout)
    return pages, tasks


def generation(port):
    page = urllib.request.urlopen(f"http://127.0.0.1:{port}/blogs/1", timeout=10).read().decode()
    return int(re.search(r'data-tessera-live-since="(\d+)"', page).group(1))


class Member:
    """The demo member, signed in through one process."""

    def __init__(self, port):
        self.base = f"http://127.0.0.1:{port}"
        self.cookies = {}
        page = self.get("/signin")
        token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
        self.post("/signin", {"_csrf": token, "username": "demo", "password": "tessera-demo"})

    def request(self, path, data=None):
        request = urllib.request.Request(self.base + path, data=data)
        if self.cookies:
            request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        opener = urllib.request.build_opener(NoRedirect)
        response = opener.open(request, timeout=30)
        for header in response.headers.get_all("Set-Cookie") or []:
            name, value = header.split(";")[0].split("=", 1)
            self.cookies[name] = value
        return response.read().decode()

    def get(self, path):
        return self.request(path)

    def post(self, path, fields):
        return self.request(path, urllib.parse.urlencode(fields).encode())

    def comment(self, text):
        page = self.get("/blogs/1")
        form = re.search(r'<form method="post" action="/blogs/1/comments".*?</form>', page, re.S).group(0)
        fields = dict(re.findall(r'name="(_csrf|_once)" value="([0-9a-f]{64})"', form))
        self.post("/blogs/1/comments", {**fields, "text": text})


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_303(self, request, response, code, message, headers):
        return response


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def renders(servers, path="/blogs/1/_/comments", component="comments"):
    """How many times the comment list was loaded (not reused) by a live stream's render."""
    count = 0
    pattern = re.compile(rf"GET {re.escape(path)} 200 .*\[{component} [0-9.]+ms ([0-9]+)q")
    for server in servers:
        for line in server.log.read_text(errors="replace").splitlines():
            match = pattern.search(line)
            if match and int(match.group(1)) > 0:
                count += 1
    return count


async def write_phase(binary, db, label, pages, writes, gap, folder):
    servers = [Server(binary, folder, db)]
    servers[0].wait()  # the first one migrates and seeds
    servers.append(Server(binary, folder, db).wait())
    try:
        open_pages, tasks = await open_streams([server.port for server in servers], pages, generation(servers[0].port), 60)
        member = Member(servers[0].port)
        before = renders(servers)
        latencies = []
        acknowledged = []
        for number in range(writes):
            text = f"live benchmark {number} {secrets.token_hex(4)}"
            await asyncio.to_thread(member.comment, text)
            acknowledged.append((time.monotonic(), text))
            await asyncio.sleep(gap)
        await asyncio.sleep(2)
        received = 0
        for page in open_pages:
            for acked, text in acknowledged:
                arrival = next((at for at, name, _, data in page.events if name == "update" and text in data), None)
                if arrival is not None:
                    latencies.append(max(0.0, arrival - acked) * 1000)
                    received += 1
        expected = pages * writes
        byte_total = sum(page.bytes for page in open_pages)
        for task in tasks:
            task.cancel()
        rendered = renders(servers) - before
        print(f"{label}: {pages} open pages on 2 processes, {writes} comments through one")
        print(f"  acknowledged comment -> its list on the page: p50 {percentile(latencies, 0.5):.0f} ms, "
              f"p95 {percentile(latencies, 0.95):.0f} ms, p99 {percentile(latencies, 0.99):.0f} ms "
              f"({received} of {expected} arrived)")
        print(f"  renders of the comment list per write: {rendered / writes:.1f} (both processes together)")
        print(f"  bytes per page per write: {byte_total / pages / writes:.0f}")
    finally:
        for server in servers:
            server.stop()


def wrk_rate(port):
    output = subprocess.run(["wrk", "-t2", "-c32", "-d5s", f"http://127.0.0.1:{port}/fortunes"],
                            capture_output=True, text=True).stdout
    match = re.search(r"Requests/sec:\s+([0-9.]+)", output)
    return float(match.group(1)) if match else float("nan")


async def idle_phase(binary, pages, folder, peer):
    server = Server(binary, folder, str(pathlib.Path(folder) / "idle.sqlite")).wait()
    try:
        alone = wrk_rate(server.port)
        since = generation(server.port)
        resident = server.rss_kb()
        open_pages, tasks = await open_streams([server.port], pages, since, 120)
        await asyncio.sleep(2)
        per_page = (server.rss_kb() - resident) / pages
        cpu = server.cpu_seconds()
        await asyncio.sleep(IDLE_WINDOW)
        idle_share = (server.cpu_seconds() - cpu) / IDLE_WINDOW * 100
        beside = await asyncio.to_thread(wrk_rate, server.port)
        for task in tasks:
            task.cancel()
        print(f"SQLite, one process, {pages} idle open pages:")
        sent = sum(1 for page in open_pages for event in page.events if event[1] == "update")
        print(f"  resident memory per open page: {per_page:.1f} KB; CPU while idle: {idle_share:.2f}% of a core "
              f"(updates sent to them: {sent})")
        print(f"  /fortunes: {alone:,.0f} req/s without them, {beside:,.0f} req/s with them ({beside / alone:.2f}x)")
    finally:
        server.stop()
    if peer:
        await peer_streams(peer, pages, folder)


async def peer_streams(peer, count, folder):
    """`count` bare event streams held by the hand-written Hummingbird server, and their memory."""
    server = Server(peer, folder, str(pathlib.Path(folder) / "idle.sqlite"), peer=True).wait()
    try:
        wrk_rate(server.port)
        resident = server.rss_kb()
        connections = []
        for index in range(count):
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            connections.append((reader, writer))
            if index % 100 == 99:
                await asyncio.sleep(0.05)
        for reader, _ in connections:
            await asyncio.wait_for(reader.readuntil(b"retry: 1000\n\n"), 60)
        await asyncio.sleep(2)
        per_stream = (server.rss_kb() - resident) / count
        print(f"  beside it, Hummingbird alone (tessera-bench peer), {count} bare event streams: "
              f"{per_stream:.1f} KB resident memory each")
        for _, writer in connections:
            writer.close()
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build" / "debug" / "tessera"))
    parser.add_argument("--postgres", default=os.environ.get("TESSERA_TEST_POSTGRES", ""))
    parser.add_argument("--pages", type=int, default=1000)
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--gap", type=float, default=0.5)
    parser.add_argument("--idle-pages", type=int, default=10000)
    parser.add_argument("--peer", default="")
    options = parser.parse_args()
    resource.setrlimit(resource.RLIMIT_NOFILE, (HARD_LIMIT, HARD_LIMIT))
    folder = tempfile.mkdtemp(prefix="tessera-live-")
    try:
        asyncio.run(write_phase(options.binary, str(pathlib.Path(folder) / "live.sqlite"), "SQLite",
                                options.pages, options.writes, options.gap, folder))
        if options.postgres:
            name = "tessera_live_" + secrets.token_hex(4)
            server = options.postgres
            psql(server, f"CREATE DATABASE {name}")
            try:
                url = re.sub(r"/[^/?]*(\?|$)", f"/{name}\\1", server.split("://", 1)[1], count=1)
                asyncio.run(write_phase(options.binary, server.split("://", 1)[0] + "://" + url, "PostgreSQL",
                                        options.pages, options.writes, options.gap, folder))
            finally:
                psql(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        if options.idle_pages:
            peer = options.peer or str(pathlib.Path(options.binary).parent / "tessera-bench")
            asyncio.run(idle_phase(options.binary, options.idle_pages, folder, peer if os.path.exists(peer) else None))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def psql(server, sql):
    binary = shutil.which("psql") or "/usr/lib/postgresql/15/bin/psql"
    subprocess.run([binary, server, "-q", "-c", sql], check=True)


if __name__ == "__main__":
    sys.exit(main())
