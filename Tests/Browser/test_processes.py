"""Several `tessera serve` processes on one SQLite file, as behind a balancer: started together
on a new database they all come up and seed it once; a write acknowledged through one process is
shown at once by every other, reused snapshots and fragments included."""
import http.client
import re
import shutil
import sqlite3
import tempfile
import urllib.parse

from conftest import Server


def request(port, method, path, body=None, cookie=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/x-www-form-urlencoded"} if body is not None else {}
    if cookie:
        headers["Cookie"] = cookie
    connection.request(method, path, body, headers)
    response = connection.getresponse()
    text = response.read().decode()
    cookies = [value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
    connection.close()
    return response.status, text, cookies


def like_count(text):
    return int(re.search(r'<span class="like-count">(\d+) like', text).group(1))


def sign_in(port):
    _, page, cookies = request(port, "GET", "/signin")
    token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
    form = urllib.parse.urlencode({"_csrf": token, "username": "demo", "password": "tessera-demo"})
    status, _, cookies = request(port, "POST", "/signin", form, "; ".join(cookies))
    assert status == 303
    return next(cookie for cookie in cookies if cookie.startswith("tessera_session="))


def test_processes_started_together_on_a_new_database_all_serve_and_seed_once():
    folder = tempfile.mkdtemp(prefix="tessera-processes-")
    servers = [Server(folder) for _ in range(3)]
    try:
        processes = [server.launch() for server in servers]  # all at once, on no database yet
        for server in servers:
            server.wait_until_up()
        for server in servers:
            assert request(server.port, "GET", "/fortunes")[0] == 200
        with sqlite3.connect(str(servers[0].folder / "db" / "tessera.sqlite")) as db:
            assert db.execute("SELECT COUNT(*) FROM user").fetchone()[0] == 6
            assert db.execute("SELECT COUNT(*) FROM tessera_migrations WHERE identifier = 'demo.seed.v1'").fetchone()[0] == 1
        assert all(process.poll() is None for process in processes)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_like_through_one_process_shows_at_once_through_the_other():
    folder = tempfile.mkdtemp(prefix="tessera-processes-")
    first = Server(folder).start()
    second = Server(folder).start()
    try:
        member = sign_in(first.port)
        for attempt in range(20):
            # The reader process has fresh snapshots and reused fragments of the post.
            for _ in range(3):
                request(second.port, "GET", "/blogs/1")
                request(second.port, "GET", "/blogs/1", cookie=member)
            _, page, _ = request(first.port, "GET", "/blogs/1", cookie=member)
            before = like_count(page)
            action = re.search(r'<form method="post" action="(/blogs/1/(?:like|unlike))"', page).group(1)
            token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
            status, _, _ = request(first.port, "POST", action, urllib.parse.urlencode({"_csrf": token}), member)
            assert status == 303, (attempt, status)
            expected = before + (1 if action.endswith("/like") else -1)
            assert like_count(request(second.port, "GET", "/blogs/1")[1]) == expected, f"visitor, try {attempt}"
            assert like_count(request(second.port, "GET", "/blogs/1", cookie=member)[1]) == expected, f"member, try {attempt}"
    finally:
        second.stop()
        first.stop()
        shutil.rmtree(folder, ignore_errors=True)
