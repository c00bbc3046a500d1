"""Three `tessera serve` processes on one database behind nginx (Docs/nginx.conf, the very file
Docs/Deploying.md shows), all started at once on an empty database, under a mixed load of page
reads and comment posts carrying one-time tokens, retried by the client on a failed connection or
a 502/503 — while one process is killed with SIGKILL and restarted, and another stopped with
SIGTERM and restarted. Every test runs twice: on one SQLite file, and on a new PostgreSQL database
on the server TESSERA_TEST_POSTGRES names (skipped, with that reason, when it is not set).

It asserts: the processes seeded the new database once; every acknowledged comment is stored
exactly once; no page read through any process shows fewer comments than were acknowledged before
the read began; no request is left failing after the client's retries; the member's session holds
on every process; a burst of wrong passwords spread over the processes reaches the password check
at most the account's limit of times; a process stopped with SIGTERM stores the analytics it still
had queued."""
import http.client
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse

import pytest
from playwright.sync_api import expect

from conftest import BINARY, ROOT, Server, free_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
RETRIES = 40
SEEDED_MEMBERS = 6      # demo and five others (the demo's seed)
GUESSES = 60
SIGN_IN_LIMIT = 5       # Members.signInRule: attempts per account name

pytestmark = pytest.mark.skipif(not pathlib.Path(NGINX).exists(), reason="nginx is not installed (.ci/run installs it)")


class Nginx:
    """nginx from Docs/nginx.conf, its ports replaced, in a folder of its own."""

    def __init__(self, folder, upstreams):
        self.port = free_port()
        self.prefix = pathlib.Path(folder) / "nginx"
        (self.prefix / "tmp").mkdir(parents=True)
        self.prefix.chmod(0o777)
        (self.prefix / "tmp").chmod(0o777)
        text = (ROOT / "Docs" / "nginx.conf").read_text().replace("127.0.0.1:8080", f"127.0.0.1:{self.port}")
        for default, actual in zip((8081, 8082, 8083), upstreams):
            text = text.replace(f"127.0.0.1:{default}", f"127.0.0.1:{actual}")
        # Only for a failure's message: which process answered (nothing else differs from the file).
        text = text.replace("proxy_pass http://tessera;", "proxy_pass http://tessera;\n            add_header X-Upstream $upstream_addr always;")
        self.conf = self.prefix / "nginx.conf"
        self.conf.write_text(text)
        self.started = False

    def start(self):
        subprocess.run([NGINX, "-c", str(self.conf), "-p", f"{self.prefix}/", "-e", str(self.prefix / "error.log")], check=True)
        self.started = True
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start: " + (self.prefix / "error.log").read_text())

    def stop(self):
        if self.started:
            self.started = False
            subprocess.run([NGINX, "-c", str(self.conf), "-p", f"{self.prefix}/", "-e", str(self.prefix / "error.log"), "-s", "stop"])


class Client:
    """HTTP through nginx, a fresh connection a request, retrying what did not reach an answer."""

    def __init__(self, port):
        self.port = port
        self.retries = 0
        self.upstream = None  # the process that gave the last answer (nginx's X-Upstream)

    def send(self, method, path, body=None, cookie=None):
        headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
        if cookie:
            headers["Cookie"] = cookie
        for _ in range(RETRIES):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
                connection.request(method, path, body, headers)
                response = connection.getresponse()
                text = response.read().decode()
                cookies = [value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
                self.upstream = response.getheader("X-Upstream")
                connection.close()
                if response.status in (502, 503, 504):
                    raise ConnectionError(f"{response.status}")
                return response.status, text, cookies
            except (OSError, http.client.HTTPException):
                self.retries += 1
                time.sleep(0.05)
        return 599, "", []


class Cluster:
    """Three processes on `database`, each logging to a folder of its own, and nginx before them."""

    def __init__(self, database, extra=()):
        self.database = database
        self.folder = pathlib.Path(tempfile.mkdtemp(prefix="tessera-cluster-"))
        self.servers = []
        for index in range(3):
            (self.folder / f"process-{index}").mkdir()
            self.servers.append(Server(self.folder / f"process-{index}", db=database.url,
                                       extra=["--client-address-header", "X-Forwarded-For", *extra]))
        self.nginx = Nginx(self.folder, [server.port for server in self.servers])

    def __enter__(self):
        try:
            for server in self.servers:
                server.launch()  # all at once, on no database yet
            for server in self.servers:
                server.wait_until_up()
            self.nginx.start()
        except BaseException as error:
            self.__exit__(type(error), error, error.__traceback__)
            raise
        return self

    def __exit__(self, kind, error, trace):
        self.nginx.stop()
        for server in self.servers:
            server.stop()
        if error is not None:  # shown with the failure: what the processes and nginx said last
            for index, server in enumerate(self.servers):
                lines = log_lines(server)
                print(f"--- process {index} (:{server.port}, {self.database.label}): its log's last warnings and errors, then last lines")
                print("\n".join([line for line in lines if " info " not in line][-20:] + ["..."] + lines[-5:]))
            error_log = self.nginx.prefix / "error.log"
            if error_log.exists():
                print("--- nginx error.log, last lines:")
                print("\n".join(error_log.read_text(errors="replace").splitlines()[-15:]))
        shutil.rmtree(self.folder, ignore_errors=True)


def log_lines(server):
    log = server.folder / "server.log"
    return log.read_text(errors="replace").splitlines() if log.exists() else []


def comment_count(page):
    match = re.search(r'class="comment-count">(\d+) comment', page)
    return int(match.group(1)) if match else None


def sign_in(client):
    _, page, cookies = client.send("GET", "/signin")
    token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
    status, _, cookies = client.send(
        "POST", "/signin", urllib.parse.urlencode({"_csrf": token, "username": "demo", "password": "tessera-demo"}),
        "; ".join(cookies))
    assert status == 303
    return next(cookie for cookie in cookies if cookie.startswith("tessera_session="))


def test_three_processes_behind_nginx_lose_nothing_double_nothing_and_show_nothing_stale(database):
    with Cluster(database) as cluster:
        servers = cluster.servers
        assert database.rows('SELECT COUNT(*) FROM "user"') == [(str(SEEDED_MEMBERS),)], "the seed ran more than once, or not"
        client = Client(cluster.nginx.port)
        member = sign_in(client)
        base = comment_count(client.send("GET", "/blogs/1", cookie=member)[1])

        acknowledged = []
        written = {}  # comment -> the process that acknowledged it, and when
        started = time.monotonic()
        problems = []
        lock = threading.Lock()
        stop = threading.Event()

        def worker(index):
            own = Client(cluster.nginx.port)
            number = 0
            while not stop.is_set():
                with lock:
                    known = len(acknowledged)
                    latest = acknowledged[-1] if acknowledged else None
                began = time.monotonic() - started
                status, page, _ = own.send("GET", "/blogs/1", cookie=member)
                if status != 200:
                    problems.append(f"GET /blogs/1 ended {status}")
                    continue
                if "Demo Writer" not in page:
                    problems.append("a member's page showed a visitor")
                seen = comment_count(page)
                if seen is None or seen < base + known:
                    problems.append(f"stale: {seen} comments shown by {own.upstream} (a read begun at {began:.3f} s) after "
                                    f"{base + known} were acknowledged, the last through {latest and written[latest]}")
                form = re.search(r'<form method="post" action="/blogs/1/comments".*?</form>', page, re.S).group(0)
                fields = dict(re.findall(r'name="(_csrf|_once)" value="([0-9a-f]{64})"', form))
                text = f"cluster comment {index}-{number}"
                number += 1
                status, _, _ = own.send("POST", "/blogs/1/comments", urllib.parse.urlencode({**fields, "text": text}), member)
                if status == 303:
                    with lock:
                        acknowledged.append(text)
                        written[text] = f"{own.upstream} at {time.monotonic() - started:.3f} s"
                else:
                    problems.append(f"POST ended {status}")
            with lock:
                client.retries += own.retries

        threads = [threading.Thread(target=worker, args=(index,)) for index in range(4)]
        for thread in threads:
            thread.start()
        timeline = []

        def note(what):
            timeline.append(f"{time.monotonic() - started:.3f} s {what}")

        time.sleep(1.5)
        note(f"SIGKILL process 1 (:{servers[1].port})")
        servers[1].process.send_signal(signal.SIGKILL)
        servers[1].process.wait()
        time.sleep(0.5)
        servers[1].launch()
        note("process 1 restarted")
        time.sleep(1.5)
        note(f"SIGTERM process 2 (:{servers[2].port})")
        servers[2].process.send_signal(signal.SIGTERM)
        servers[2].process.wait(timeout=15)
        note("process 2 ended")
        time.sleep(0.5)
        servers[2].launch()
        note("process 2 restarted")
        time.sleep(2.5)
        stop.set()
        for thread in threads:
            thread.join()

        ports = ", ".join(f"process {index} :{server.port}" for index, server in enumerate(servers))
        assert problems == [], f"{problems}\n({ports}; {'; '.join(timeline)})"
        assert len(acknowledged) > 20, "the load did not get going"
        stored = {body: int(count) for body, count in database.rows(
            "SELECT body, COUNT(*) FROM comment WHERE body LIKE 'cluster comment %' GROUP BY body")}
        assert {text: stored.get(text, 0) for text in acknowledged} == {text: 1 for text in acknowledged}
        assert all(count == 1 for count in stored.values()), "a retried comment was stored twice"
        print(f"cluster ({database.label}): {len(acknowledged)} comments acknowledged, each stored once; "
              f"{client.retries} client retries")


def test_the_sign_in_lockout_holds_across_the_processes_behind_nginx(database):
    """A burst of concurrent wrong guesses for one account through nginx, which spreads them over
    the three processes, then the right password once they are answered: at most the account's
    limit reach the password check, the rest are refused with 429 before it, the right password
    too (the account is locked), and nothing answers 5xx. (A success in the middle of a burst
    forgives the account's failures, by design, and would let more through.)"""
    with Cluster(database) as cluster:
        client = Client(cluster.nginx.port)
        prepared = []
        for _ in range(GUESSES):  # a fresh visitor each: cookies and the form's hidden fields
            _, page, cookies = client.send("GET", "/signin")
            prepared.append(("; ".join(cookies), dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))))
        statuses = [None] * GUESSES
        barrier = threading.Barrier(GUESSES - 1)

        def guess(i):
            cookies, fields = prepared[i]
            password = "tessera-demo" if i == GUESSES - 1 else f"wrong-{i}"
            body = urllib.parse.urlencode({**fields, "username": "demo", "password": password})
            connection = http.client.HTTPConnection("127.0.0.1", cluster.nginx.port, timeout=60)
            if i < GUESSES - 1:
                barrier.wait()
            try:
                connection.request("POST", "/signin", body, {"Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded"})
                statuses[i] = connection.getresponse().status
            except (OSError, http.client.HTTPException) as error:
                statuses[i] = f"no answer: {error}"
            finally:
                connection.close()

        threads = [threading.Thread(target=guess, args=(i,)) for i in range(GUESSES - 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        guess(GUESSES - 1)
        time.sleep(0.5)  # the request logs are written every 0.2 s
        handled_by = [sum(1 for line in log_lines(server) if "POST /signin" in line) for server in cluster.servers]

        checked = sum(1 for status in statuses if status in (400, 303))
        assert all(status in (400, 303, 429) for status in statuses), statuses
        assert checked <= SIGN_IN_LIMIT, statuses
        assert checked >= 1, statuses  # the first guesses were checked, so the test can fail
        assert statuses.count(429) == GUESSES - checked
        assert statuses[-1] == 429, "the right password after the burst: the account is locked"
        assert sum(1 for count in handled_by if count > 0) >= 2, f"the guesses did not spread over the processes: {handled_by}"
        print(f"lockout ({database.label}): {checked} of {GUESSES} guesses checked, the rest 429; "
              f"POST /signin per process {handled_by}")


def test_sigterm_stores_the_analytics_still_queued(database):
    """Deploying.md: SIGTERM loses nothing. Page views served just before it are stored as
    analytics events (one each) by the process's last batch, before it exits."""
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tessera-sigterm-"))
    server = Server(folder, db=database.url)
    try:
        server.start()
        time.sleep(1)  # the start's own events are written
        before = int(database.rows("SELECT COUNT(*) FROM tessera_events")[0][0])
        for _ in range(50):
            assert Client(server.port).send("GET", "/blogs/1")[0] == 200
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=15) == 0
        stored = int(database.rows("SELECT COUNT(*) FROM tessera_events")[0][0]) - before
        assert stored == 50, f"{stored} of 50 page views stored; the log: {log_lines(server)[-5:]}"
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_rolling_restart_behind_nginx_fails_no_request_and_loses_no_job(database, browser):
    """Deploying.md, section 5: the three processes restarted one at a time (SIGTERM, wait for the
    exit, start again, wait for its /up) under a steady load through nginx — page reads and
    comment posts, with no client retry at all — while probe jobs are enqueued: every request
    is answered (no 5xx, no connection error), every acknowledged comment is stored once, every
    probe job runs once, and each process's /up said 503 before its port closed. A live page
    open in Chromium all along, its stream told to reconnect by each draining process, ends
    showing every stored comment without a reload: no live update lost."""
    with Cluster(database, extra=["--drain-grace", "5"]) as cluster:
        servers = cluster.servers
        client = Client(cluster.nginx.port)
        member = sign_in(client)
        watcher = browser.new_context(base_url=f"http://127.0.0.1:{cluster.nginx.port}")
        live = watcher.new_page()
        with live.expect_request(lambda request: "/_tessera/live?" in request.url):
            live.goto("/blogs/1")
        started = time.monotonic()
        failures, acknowledged = [], []
        lock = threading.Lock()
        stop = threading.Event()

        def once(method, path, body=None):
            headers = {"Cookie": member}
            if body is not None:
                headers["Content-Type"] = "application/x-www-form-urlencoded"
            try:
                connection = http.client.HTTPConnection("127.0.0.1", cluster.nginx.port, timeout=30)
                connection.request(method, path, body, headers)
                response = connection.getresponse()
                text = response.read().decode()
                connection.close()
                return response.status, text
            except (OSError, http.client.HTTPException) as error:
                return f"no answer: {error}", ""

        def worker(index):
            number = 0
            while not stop.is_set():
                status, page = once("GET", "/blogs/1")
                if status != 200:
                    with lock:
                        failures.append(f"{time.monotonic() - started:.3f} s GET /blogs/1: {status}")
                    continue
                form = re.search(r'<form method="post" action="/blogs/1/comments".*?</form>', page, re.S).group(0)
                fields = dict(re.findall(r'name="(_csrf|_once)" value="([0-9a-f]{64})"', form))
                text = f"rolling comment {index}-{number}"
                number += 1
                status, _ = once("POST", "/blogs/1/comments", urllib.parse.urlencode({**fields, "text": text}))
                with lock:
                    if status == 303:
                        acknowledged.append(text)
                    else:
                        failures.append(f"{time.monotonic() - started:.3f} s POST comment: {status}")
                time.sleep(0.01)

        probes = subprocess.Popen([str(BINARY), "jobs", "probe", "--db", database.url, "--count", "300", "--gap", "20",
                                   "--batch", "rolling"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        threads = [threading.Thread(target=worker, args=(index,)) for index in range(2)]
        for thread in threads:
            thread.start()
        order = []
        time.sleep(1)
        for server in servers:
            server.process.send_signal(signal.SIGTERM)
            went_503 = closed = None
            while closed is None:
                try:
                    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
                    connection.request("GET", "/up")
                    status = connection.getresponse().status
                    connection.close()
                    if status == 503 and went_503 is None:
                        went_503 = time.monotonic()
                except ConnectionRefusedError:
                    closed = time.monotonic()
                except (OSError, http.client.HTTPException):
                    pass
            order.append((went_503, closed))
            assert server.process.wait(timeout=40) == 0
            server.launch()
            server.wait_until_up()
        time.sleep(1)
        stop.set()
        for thread in threads:
            thread.join()
        assert probes.wait(timeout=120) == 0, probes.stderr.read()

        assert failures == [], failures
        assert len(acknowledged) > 20, "the load did not get going"
        assert all(went is not None and went < closed for went, closed in order), order
        stored = {body: int(count) for body, count in database.rows(
            "SELECT body, COUNT(*) FROM comment WHERE body LIKE 'rolling comment %' GROUP BY body")}
        assert {text: stored.get(text, 0) for text in acknowledged} == {text: 1 for text in acknowledged}
        deadline = time.monotonic() + 60
        while int(database.rows("SELECT COUNT(*) FROM tessera_jobs")[0][0]) > 0:
            assert time.monotonic() < deadline, "probe jobs still waiting a minute after the restarts"
            time.sleep(0.2)
        ran = database.rows("SELECT COUNT(*), COUNT(DISTINCT jobID) FROM tessera_job_probes WHERE batch = 'rolling'")[0]
        assert (int(ran[0]), int(ran[1])) == (300, 300), f"probe jobs run, distinct: {ran}"
        # The live page caught up through its reconnections: the count and the newest comment
        # it shows are the stored ones (it was never reloaded).
        total, newest = database.rows(
            "SELECT (SELECT COUNT(*) FROM comment WHERE blogID = 1), (SELECT body FROM comment WHERE blogID = 1 ORDER BY id DESC LIMIT 1)")[0]
        expect(live.locator("#blog-stats .comment-count")).to_contain_text(f"{total} comment", timeout=20_000)
        expect(live.locator("#comments li article.comment").first).to_contain_text(newest, timeout=20_000)
        watcher.close()
        print(f"rolling restart ({database.label}): {len(acknowledged)} comments acknowledged and stored once, "
              f"0 failed requests, 300 of 300 probe jobs ran once, the live page shows all {total} comments; "
              f"/up 503 before the port closed by " + ", ".join(f"{closed - went:.2f} s" for went, closed in order))
