"""A `tessera serve` process stopped with SIGTERM drains: `/up` answers 503 at once while the port
still accepts (the grace, `--drain-grace`), then the port closes; a request in flight is answered;
an open live stream is told to reconnect (a retry hint and a `reconnect` event, then a clean end,
no error); a running job finishes and is recorded; the log's last lines are written; the process
exits 0 within its deadline."""
import http.client
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.parse

from conftest import BINARY, ROOT, Server

GRACE = 2


def status(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    body = response.read().decode()
    connection.close()
    return response.status, body, response.getheader("Cache-Control")


def test_sigterm_drains_in_order_and_loses_nothing():
    folder = tempfile.mkdtemp(prefix="tessera-drain-")
    server = Server(folder, extra=["--drain-grace", str(GRACE), "--drain-timeout", "20"]).start()
    try:
        assert status(server.port, "/up") == (200, "up\n", "no-store")
        database = server.db
        # A job that works three seconds, started before the signal.
        subprocess.run([str(BINARY), "jobs", "probe", "--db", database, "--count", "1", "--hold", "3000", "--batch", "drain"],
                       check=True, cwd=ROOT, capture_output=True, timeout=60)
        deadline = time.monotonic() + 20
        while True:
            with sqlite3.connect(database) as db:
                if db.execute("SELECT COUNT(*) FROM tessera_jobs WHERE lockedBy IS NOT NULL").fetchone()[0] == 1:
                    break
            assert time.monotonic() < deadline, "the probe job was never taken"
        # A live stream, open.
        stream = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        query = "since=0&f=" + urllib.parse.quote("/blogs/1/_/comments", safe="")
        stream.sendall(f"GET /_tessera/live?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
        received = b""
        while b"event: stream" not in received:
            received += stream.recv(65536)
        assert received.startswith(b"HTTP/1.1 200")
        # A sign-in in flight: its head sent, its body half.
        _, page, cookies = request_page(server.port, "/signin")
        token = re.search(r'name="_csrf" value="([0-9a-f]{64})"', page).group(1)
        form = urllib.parse.urlencode({"_csrf": token, "username": "demo", "password": "tessera-demo"}).encode()
        in_flight = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        in_flight.sendall(
            b"POST /signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            + b"Cookie: " + "; ".join(cookies).encode() + b"\r\nContent-Length: " + str(len(form)).encode() + b"\r\n\r\n"
            + form[:10])

        signalled = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        probes = []
        while not probes or probes[-1][0] != 503:
            probes.append(status(server.port, "/up"))
        went_503 = time.monotonic()
        assert probes[-1] == (503, "draining\n", "no-store")
        assert status(server.port, "/fortunes")[0] == 200, "the port still serves during the grace"
        while True:
            try:
                socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
            except ConnectionRefusedError:
                break
            except TimeoutError:
                continue  # a SYN lost to a closing connection's port on loopback: sent again
        closed = time.monotonic()
        assert went_503 - signalled < GRACE / 2, "503 at once"
        assert closed - signalled >= GRACE - 0.2, "the port stays open for the grace"

        in_flight.sendall(form[10:])
        answer = b""
        while chunk := in_flight.recv(65536):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 303"), answer[:200]

        while chunk := stream.recv(65536):
            received += chunk
        text = received.decode()
        assert re.search(r"\nretry: \d+\nevent: reconnect\ndata: draining\n\n", text), text[-300:]
        assert text.endswith("0\r\n\r\n"), "the stream ends cleanly"

        assert server.process.wait(timeout=30) == 0
        with sqlite3.connect(database) as db:
            assert db.execute("SELECT COUNT(*) FROM tessera_job_probes WHERE batch = 'drain'").fetchone()[0] == 1
            assert db.execute("SELECT COUNT(*) FROM tessera_jobs").fetchone()[0] == 0
        log = (server.folder / "server.log").read_text()
        assert "draining: the health check answers 503" in log
        assert "POST /signin 303" in log, "the last request's line was written before the exit"
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


def request_page(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    text = response.read().decode()
    cookies = [value.split(";")[0] for name, value in response.getheaders() if name.lower() == "set-cookie"]
    connection.close()
    return response.status, text, cookies
