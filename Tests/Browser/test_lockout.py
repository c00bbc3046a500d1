"""The sign-in lockout across processes: two `tessera serve` processes on one database, a burst
of concurrent wrong guesses for one account split between them, the right password last. At most
the account's limit (5) may reach the password check; the rest are refused with 429 before it,
and nothing answers 5xx."""
import http.client
import re
import shutil
import tempfile
import threading
import urllib.parse

from conftest import Server

GUESSES = 60
LIMIT = 5


def sign_in_form(port):
    """A fresh visitor's cookies and the sign-in form's hidden fields."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", "/signin")
    response = connection.getresponse()
    body = response.read().decode()
    cookies = "; ".join(value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie")
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body))
    connection.close()
    return cookies, fields


def test_concurrent_guesses_split_across_two_processes_reach_the_check_at_most_the_limit():
    folder = tempfile.mkdtemp(prefix="tessera-lockout-")
    first = Server(folder).start()  # migrates and seeds the database
    second = Server(folder)
    second.start()
    try:
        servers = [first, second]
        prepared = [(servers[i % 2].port, *sign_in_form(servers[i % 2].port)) for i in range(GUESSES)]
        statuses = [None] * GUESSES
        barrier = threading.Barrier(GUESSES)

        def guess(i):
            port, cookies, fields = prepared[i]
            password = "tessera-demo" if i == GUESSES - 1 else f"wrong-{i}"
            body = urllib.parse.urlencode({**fields, "username": "demo", "password": password})
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            barrier.wait()
            connection.request("POST", "/signin", body, {"Cookie": cookies, "Content-Type": "application/x-www-form-urlencoded"})
            statuses[i] = connection.getresponse().status
            connection.close()

        threads = [threading.Thread(target=guess, args=(i,)) for i in range(GUESSES)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        checked = sum(1 for status in statuses if status in (400, 303))
        assert checked <= LIMIT, statuses
        assert checked >= 1, statuses  # the first few guesses were checked, so the test can fail
        assert all(status in (400, 303, 429) for status in statuses), statuses
        assert statuses.count(429) == GUESSES - checked
    finally:
        second.stop()
        first.stop()
        shutil.rmtree(folder, ignore_errors=True)
