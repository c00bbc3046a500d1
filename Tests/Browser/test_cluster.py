"""Three `tessera serve` processes on one SQLite file behind nginx (Docs/nginx.conf, the very
file Docs/Deploying.md shows), all started at once on an empty database, under a mixed load of
page reads and comment posts carrying one-time tokens, retried by the client on a failed
connection or a 502/503 — while one process is killed with SIGKILL and restarted, and another
stopped with SIGTERM and restarted.

It asserts: every acknowledged comment is stored exactly once; no page read through any process
shows fewer comments than were acknowledged before the read began; no request is left failing
after the client's retries; the member's session holds on every process."""
import http.client
import pathlib
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time
import urllib.parse

import pytest

from conftest import ROOT, Server, free_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
RETRIES = 40


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
        self.conf = self.prefix / "nginx.conf"
        self.conf.write_text(text)

    def start(self):
        subprocess.run([NGINX, "-c", str(self.conf), "-p", f"{self.prefix}/", "-e", str(self.prefix / "error.log")], check=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start: " + (self.prefix / "error.log").read_text())

    def stop(self):
        subprocess.run([NGINX, "-c", str(self.conf), "-p", f"{self.prefix}/", "-e", str(self.prefix / "error.log"), "-s", "stop"])


class Client:
    """HTTP through nginx, a fresh connection a request, retrying what did not reach an answer."""

    def __init__(self, port):
        self.port = port
        self.retries = 0

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
                connection.close()
                if response.status in (502, 503, 504):
                    raise ConnectionError(f"{response.status}")
                return response.status, text, cookies
            except (OSError, http.client.HTTPException):
                self.retries += 1
                time.sleep(0.05)
        return 599, "", []


def comment_count(page):
    match = re.search(r'class="comment-count">(\d+) comment', page)
    return int(match.group(1)) if match else None


@pytest.mark.skipif(not pathlib.Path(NGINX).exists(), reason="nginx is not installed (.ci/run installs it)")
def test_three_processes_behind_nginx_lose_nothing_double_nothing_and_show_nothing_stale():
    folder = tempfile.mkdtemp(prefix="tessera-cluster-")
    servers = [Server(folder, extra=["--client-address-header", "X-Forwarded-For"]) for _ in range(3)]
    nginx = Nginx(folder, [server.port for server in servers])
    try:
        for server in servers:
            server.launch()  # all at once, on no database yet
        for server in servers:
            server.wait_until_up()
        nginx.start()
        client = Client(nginx.port)

        _, page, cookies = client.send("GET", "/signin")
        token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
        status, _, cookies = client.send(
            "POST", "/signin", urllib.parse.urlencode({"_csrf": token, "username": "demo", "password": "tessera-demo"}),
            "; ".join(cookies))
        assert status == 303
        member = next(cookie for cookie in cookies if cookie.startswith("tessera_session="))
        base = comment_count(client.send("GET", "/blogs/1", cookie=member)[1])

        acknowledged = []
        problems = []
        lock = threading.Lock()
        stop = threading.Event()

        def worker(index):
            own = Client(nginx.port)
            number = 0
            while not stop.is_set():
                with lock:
                    known = len(acknowledged)
                status, page, _ = own.send("GET", "/blogs/1", cookie=member)
                if status != 200:
                    problems.append(f"GET /blogs/1 ended {status}")
                    continue
                if "Demo Writer" not in page:
                    problems.append("a member's page showed a visitor")
                seen = comment_count(page)
                if seen is None or seen < base + known:
                    problems.append(f"stale: {seen} comments shown after {base + known} were acknowledged")
                form = re.search(r'<form method="post" action="/blogs/1/comments".*?</form>', page, re.S).group(0)
                fields = dict(re.findall(r'name="(_csrf|_once)" value="([0-9a-f]{64})"', form))
                text = f"cluster comment {index}-{number}"
                number += 1
                status, _, _ = own.send("POST", "/blogs/1/comments", urllib.parse.urlencode({**fields, "text": text}), member)
                if status == 303:
                    with lock:
                        acknowledged.append(text)
                else:
                    problems.append(f"POST ended {status}")
            with lock:
                client.retries += own.retries

        threads = [threading.Thread(target=worker, args=(index,)) for index in range(4)]
        for thread in threads:
            thread.start()
        time.sleep(1.5)
        servers[1].process.send_signal(signal.SIGKILL)
        servers[1].process.wait()
        time.sleep(0.5)
        servers[1].launch()
        time.sleep(1.5)
        servers[2].process.send_signal(signal.SIGTERM)
        servers[2].process.wait(timeout=15)
        time.sleep(0.5)
        servers[2].launch()
        time.sleep(2.5)
        stop.set()
        for thread in threads:
            thread.join()

        assert problems == []
        assert len(acknowledged) > 20, "the load did not get going"
        with sqlite3.connect(str(servers[0].folder / "db" / "tessera.sqlite")) as db:
            stored = dict(db.execute("SELECT body, COUNT(*) FROM comment WHERE body LIKE 'cluster comment %' GROUP BY body"))
        assert {text: stored.get(text, 0) for text in acknowledged} == {text: 1 for text in acknowledged}
        assert all(count == 1 for count in stored.values()), "a retried comment was stored twice"
        print(f"cluster: {len(acknowledged)} comments acknowledged, each stored once; {client.retries} client retries")
    finally:
        nginx.stop()
        for server in servers:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)
