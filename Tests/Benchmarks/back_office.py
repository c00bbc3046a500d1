#!/usr/bin/env python3
"""The demo's back office over 10,000 posts: how long its list, search and record pages take.

    Tests/Benchmarks/back_office.py [PATH-TO-tessera] [--rounds N]     (default .build/debug/tessera, 50)

Serves a fresh seeded SQLite database on a free 127.0.0.1 port, adds 10,000 posts to its `blog`
table beside the seed's 72 (copies of the first one's author, text and date, each titled
"Bench post N", inserted from this process: the server sees another process's commits), signs
in as Ada (the seeded admin), then asks each page N times in turn, twice over: as it comes
(a page asked again reuses its component's fragment until a write: "reused"), then with a
write to `blog` from this process before each request ("after a write": the list and record
are read again). It prints, per page and way, the median, 95th percentile and slowest time in
ms, and the SQL statements a request after a write ran (`sql=` of the server's log):

- the list's first page (`/admin/blog`) and a page near the end (`?page=400`), each counting
  every row its filter keeps;
- a search over the text columns (`?q=post%209999`, matching one post by its title) and one
  matching a tenth of them (`?q=post%201`), each a scan of `LOWER(title) LIKE …` and the body;
- the trash filter (`?trashedAt=set`);
- a record's page (`/admin/blog/5000`) with its change log, and its edit form, whose user
  select reads up to 500 members.

Measure on a quiet machine with the release build (`swift build -c release --product tessera`,
then pass `.build/release/tessera`); a debug build's figures only say the pages work.
"""
import argparse, http.cookiejar, os, re, shutil, socket, sqlite3, statistics, subprocess, sys, tempfile, time, urllib.parse, urllib.request

parser = argparse.ArgumentParser(description="The back office's pages over 10,000 posts.")
parser.add_argument("binary", nargs="?", default=".build/debug/tessera")
parser.add_argument("--rounds", type=int, default=50)
options = parser.parse_args()
binary, rounds = options.binary, options.rounds
ADDED = 10_000

work = tempfile.mkdtemp(prefix="tessera-back-office.")
sock = socket.socket(); sock.bind(("127.0.0.1", 0)); port = sock.getsockname()[1]; sock.close()
log_path = os.path.join(work, "server.log")
db_path = os.path.join(work, "db.sqlite")
server = subprocess.Popen([binary, "serve", "--hostname", "127.0.0.1", "--port", str(port), "--db", db_path],
                          stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
base = f"http://127.0.0.1:{port}"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


jar = http.cookiejar.CookieJar()
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)


def request(path, fields=None):
    data = urllib.parse.urlencode(fields).encode() if fields is not None else None
    try:
        with opener.open(urllib.request.Request(base + path, data=data), timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def sql_of_last(path):
    """The statements of the last request for `path` (the log names the path without its query)."""
    time.sleep(0.5)  # the server writes its buffered log every 0.2 s
    for line in reversed(open(log_path).read().splitlines()):
        if f"GET {path.split('?')[0]} " in line and "sql=" in line:
            return int(re.search(r"sql=(\d+)", line).group(1))
    return None


def touch(db):
    """A write to `blog` that changes no value, committed: the server's reused fragments of it end."""
    db.execute("UPDATE blog SET likeCount = likeCount WHERE id = 1")
    db.commit()


def add_posts():
    with sqlite3.connect(db_path, timeout=30) as db:
        db.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO blog (userID, title, body, likeCount, createdAt, trashedAt)
            SELECT b.userID, 'Bench post ' || n.i, b.body, 0, b.createdAt, NULL FROM n, (SELECT * FROM blog WHERE id = 1) b
            """, (ADDED,))
        return db.execute("SELECT COUNT(*) FROM blog").fetchone()[0]


try:
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/fortunes", timeout=1); break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit("back_office: the server did not start: " + open(log_path).read())
    total = add_posts()
    _, page = request("/signin")
    token = re.search(r'name="_csrf" value="([0-9a-f]+)"', page).group(1)
    status, _ = request("/signin", {"_csrf": token, "username": "ada", "password": "tessera-admin"})
    assert status == 303, f"sign in answered {status}"
    pages = ["/admin/blog", "/admin/blog?page=400", "/admin/blog?q=post%209999", "/admin/blog?q=post%201",
             "/admin/blog?trashedAt=set", "/admin/blog/5000", "/admin/blog/5000/edit"]
    for path in pages:
        status, _ = request(path)
        assert status == 200, f"GET {path} answered {status}"
    times = {(path, way): [] for path in pages for way in ("reused", "after a write")}
    with sqlite3.connect(db_path, timeout=30) as writer:
        for way in ("reused", "after a write"):
            for _ in range(rounds):
                for path in pages:
                    if way == "after a write":
                        touch(writer)
                    started = time.perf_counter()
                    status, _ = request(path)
                    times[(path, way)].append((time.perf_counter() - started) * 1000)
                    assert status == 200, f"GET {path} answered {status}"
        statements = {}
        for path in pages:
            touch(writer)
            request(path)
            statements[path] = sql_of_last(path)
    print(f"back office over {total} posts, {rounds} rounds ({binary})")
    print(f"{'page':28} {'way':14} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'sql':>4}")
    for path in pages:
        for way in ("reused", "after a write"):
            ordered = sorted(times[(path, way)])
            p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
            sql = statements[path] if way == "after a write" else ""
            print(f"{path:28} {way:14} {statistics.median(ordered):10.2f} {p95:8.2f} {ordered[-1]:8.2f} {sql if sql is not None else '?':>4}")
finally:
    server.terminate()
    server.wait()
    shutil.rmtree(work, ignore_errors=True)
