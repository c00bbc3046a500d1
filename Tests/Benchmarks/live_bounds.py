"""Live streams under attack: what streams a client leaves behind, what many variants of one
component cost a write, and what a long follow list costs before its 400.

Usage: swift build -c release --product tessera && \
       python3 Tests/Benchmarks/live_bounds.py --binary .build/release/tessera [--before OLD_BINARY]

One `tessera serve` process on a new SQLite file per binary (with --before, the older binary
first, then --binary, in one run), each viewer's share of streams as configured by default.
Printed per binary:

  leave:    ten clients each open a stream following 32 variants of /blogs/1's live stats and
            one nested stream (`f=/_tessera/live?f=…`), and close their sockets after 0.2 s;
            1 s later a member likes the post: stream renders made after they left (from the
            request log), and resident memory 10 s after they left against before they came.
  variants: forty visitors (each with their own cookie) each follow 32 variants of the stats;
            a member likes and unlikes the post ten times, 0.5 s apart: the process's CPU per
            like and stream renders per like; /fortunes' median latency (wrk, 2 threads, 32
            connections, 5 s) without the streams, and while the likes go on.
  list:     a follow list of 9,000 values, sent 20 times: the process's CPU per request and
            the status; then one stream URL, one page URL and one non-live component's URL.

Everything runs on 127.0.0.1 and stops by itself.
"""
import argparse
import asyncio
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import live  # noqa: E402  (the server, the member and the log readers)

STATS = "/blogs/1/_/blog-stats"


def variants(count, tag):
    return [f"{STATS}?v={tag}-{number}" for number in range(count)]


def stream_query(urls, since=None):
    query = "&".join("f=" + urllib.parse.quote(url, safe="") for url in urls)
    return (f"since={since}&" if since is not None else "") + query


def stream_renders(server, since_line=0):
    """Stream renders of the stats (fragment requests in the log) after line `since_line`."""
    lines = server.log.read_text(errors="replace").splitlines()
    return sum(1 for line in lines[since_line:] if re.search(rf"GET {re.escape(STATS)}(\?\S*)? 200", line)), len(lines)


def visitor_cookie(port):
    """A visitor's signed nonce cookie, as a browser gets it from a page with a form."""
    response = urllib.request.urlopen(f"http://127.0.0.1:{port}/signin", timeout=10)
    for header in response.headers.get_all("Set-Cookie") or []:
        if header.startswith("tessera_csrf="):
            return header.split(";")[0]
    return ""


async def open_stream(port, query, cookie="", hold=None):
    """Opens a stream; returns its status line, and with `hold` the connection (else closes it)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    extra = f"Cookie: {cookie}\r\n" if cookie else ""
    writer.write(f"GET /_tessera/live?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n{extra}\r\n".encode())
    await writer.drain()
    try:
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        status = head.split(b"\r\n")[0].decode()
    except (asyncio.TimeoutError, asyncio.IncompleteReadError):
        status = "(no answer)"
    if hold is not None:
        hold.append((reader, writer))
    return status


class Liker:
    """The demo member toggling their like of post 1."""

    def __init__(self, port):
        self.member = live.Member(port)
        self.liked = False

    def toggle(self):
        page = self.member.get("/blogs/1")
        token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
        self.member.post("/blogs/1/unlike" if self.liked else "/blogs/1/like", {"_csrf": token})
        self.liked = not self.liked


def wrk_median(port):
    output = subprocess.run(["wrk", "-t2", "-c32", "-d5s", "--latency", f"http://127.0.0.1:{port}/fortunes"],
                            capture_output=True, text=True).stdout
    match = re.search(r"50%\s+([0-9.]+)(us|ms|s)", output)
    if not match:
        return float("nan")
    value, unit = float(match.group(1)), match.group(2)
    return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value


async def leave_phase(server, liker):
    resident = server.rss_kb()
    _, mark = stream_renders(server)
    statuses = []
    held = []
    for client in range(10):
        statuses.append(await open_stream(server.port, stream_query(variants(32, f"leave{client}")), hold=held))
        nested = "/_tessera/live?f=" + STATS  # its own f unescaped, as the attack sent it
        statuses.append(await open_stream(server.port, stream_query([nested]), hold=held))
    await asyncio.sleep(0.2)
    for _, writer in held:
        writer.close()
    left = time.monotonic()
    await asyncio.sleep(1)
    _, mark = stream_renders(server, 0)
    await asyncio.to_thread(liker.toggle)
    await asyncio.sleep(2)
    after, _ = stream_renders(server, mark)
    await asyncio.sleep(max(0, 10 - (time.monotonic() - left)))
    grown = (server.rss_kb() - resident) / 1024
    opened = sum(" 200 " in status for status in statuses)
    refused = [status.split(" ", 1)[1] for status in statuses if " 200 " not in status]
    print(f"  leave: 10 clients, {opened} streams opened, refused: {sorted(set(refused)) or 'none'}; "
          f"renders after they left: {after}; resident memory 10 s later: {grown:+.1f} MB")


async def variants_phase(server, liker):
    quiet = await asyncio.to_thread(wrk_median, server.port)
    held = []
    statuses = []
    for visitor in range(40):
        cookie = await asyncio.to_thread(visitor_cookie, server.port)
        statuses.append(await open_stream(server.port, stream_query(variants(32, f"v{visitor}")), cookie=cookie, hold=held))
    opened = sum(" 200 " in status for status in statuses)
    await asyncio.sleep(1)
    _, mark = stream_renders(server)
    cpu = server.cpu_seconds()
    likes = 10
    for _ in range(likes):
        await asyncio.to_thread(liker.toggle)
        await asyncio.sleep(0.5)
    per_like = (server.cpu_seconds() - cpu) / likes
    rendered, _ = stream_renders(server, mark)

    async def likes_meanwhile():
        for _ in range(10):
            await asyncio.to_thread(liker.toggle)
            await asyncio.sleep(0.5)

    during_task = asyncio.ensure_future(likes_meanwhile())
    during = await asyncio.to_thread(wrk_median, server.port)
    await during_task
    for _, writer in held:
        writer.close()
    print(f"  variants: 40 visitors x 32 variants ({opened} streams open): CPU per like {per_like * 1000:.0f} ms, "
          f"stream renders per like {rendered / likes:.1f}")
    print(f"  /fortunes median: {quiet:.2f} ms without the streams, {during:.2f} ms with them during the likes "
          f"({during / quiet:.2f}x)")


def base36(number):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if number == 0:
            return text


async def list_phase(server):
    # Short distinct values, so the head stays within what the HTTP parser takes (80 KB).
    query = "&".join(f"f=/_/{base36(number)}" for number in range(9000))
    cpu = server.cpu_seconds()
    statuses = []
    for _ in range(20):
        statuses.append(await open_stream(server.port, query))
    per_request = (server.cpu_seconds() - cpu) / 20
    others = {
        "stream URL": "/_tessera/live?f=" + STATS,
        "page URL": "/blogs/1",
        "non-live component": "/_/feed",
    }
    answers = []
    for name, url in others.items():
        held = []
        answers.append(f"{name} {(await open_stream(server.port, stream_query([url]), hold=held)).split(' ', 2)[1]}")
        for _, writer in held:
            writer.close()
    print(f"  list: 9,000 values: {sorted(set(s.split(' ', 2)[1] for s in statuses))} at {per_request * 1000:.1f} ms "
          f"of CPU each; {', '.join(answers)}")


async def run(binary, label, folder):
    server = live.Server(binary, folder, str(pathlib.Path(folder) / f"{label}.sqlite"), shares_lifted=False).wait()
    try:
        print(f"{label} ({binary}):")
        liker = await asyncio.to_thread(Liker, server.port)
        await leave_phase(server, liker)
        await variants_phase(server, liker)
        await list_phase(server)
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(live.ROOT / ".build" / "release" / "tessera"))
    parser.add_argument("--before", default="")
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="tessera-live-bounds-")
    try:
        if options.before:
            asyncio.run(run(options.before, "before", folder))
        asyncio.run(run(options.binary, "after", folder))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
