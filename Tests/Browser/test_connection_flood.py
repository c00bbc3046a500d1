"""A process survives any number of connections. A `tessera serve` process started under an
open-file limit of 1024 (soft and hard, so it cannot raise it) gets 3,000 idle TCP connections:
it keeps at most its cap open (the limit less a reserve: 896 on SQLite, 886 with PostgreSQL's
pool of 10), closes the rest at once, goes on serving a keep-alive connection it had before the
flood, and once the flood is gone answers `/fortunes` on a new connection. With a cap set past what the limit
leaves, accepting fails with EMFILE and backs off (NIOPosix's AcceptBackoffHandler) instead of
ending the process. The same flood against
nginx (Docs/nginx.conf) in front of one process leaves the process alive and answering through
nginx. A request head trickling in a line at a time is closed at the head deadline counted from
the connection's opening, while a client that idles less than the deadline and then sends its
whole head is served, again after a response.

The flood and the nginx tests run on SQLite and on PostgreSQL (the `database` fixture: skipped
when TESSERA_TEST_POSTGRES is not set)."""
import http.client
import os
import pathlib
import re
import resource
import select
import socket
import time
import urllib.parse

import pytest

from conftest import Server
from flooding import Flood, poll, server_side
from test_cluster import NGINX, Nginx

FLOOD = 3000
FILE_LIMIT = 1024
RESERVE = 128  # max(128, 1024 / 8): TesseraConfiguration.defaultMaxConnections
POSTGRES_POOL = 10  # a PostgreSQL URL's default `pool`


@pytest.fixture
def many_files():
    """This process may open the flood's sockets: its soft open-file limit raised (the hard one
    too when it is lower, which only root may do), put back afterwards."""
    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = FLOOD + 256
    soft, hard = before
    try:
        if hard != resource.RLIM_INFINITY and hard < need:
            resource.setrlimit(resource.RLIMIT_NOFILE, (need, need))
        elif soft != resource.RLIM_INFINITY and soft < need:
            resource.setrlimit(resource.RLIMIT_NOFILE, (need, hard))
    except (ValueError, OSError) as error:
        pytest.skip(f"cannot raise this process's open-file limit to {need} for the flood: {error}")
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, before)


def fortunes_status(port, connection=None):
    """GET /fortunes on `connection` (or a new one): its status, or the error that ended it."""
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request("GET", "/fortunes")
        response = connection.getresponse()
        response.read()
        return response.status
    except (OSError, http.client.HTTPException) as error:
        return repr(error)


def logged(server, pattern):
    log = server.folder / "server.log"
    return re.search(pattern, log.read_text(errors="replace")) if log.exists() else None


def open_files(process):
    return len(os.listdir(f"/proc/{process.pid}/fd"))


def expected_cap(database):
    if database.label == "SQLite":
        return FILE_LIMIT - RESERVE
    query = urllib.parse.parse_qs(urllib.parse.urlsplit(database.url).query)
    return FILE_LIMIT - RESERVE - int(query.get("pool", [POSTGRES_POOL])[0])


def test_a_flood_of_idle_connections_is_capped_and_the_process_serves_on(database, many_files, tmp_path):
    server = Server(tmp_path, db=database.url, file_limit=FILE_LIMIT,
                    extra=["--connection-timeout", "120"])  # the flood is ended by the test, not the deadline
    server.start()
    flood = None
    try:
        cap = int(poll(lambda: logged(server, r"at most (\d+) connections at once"), 10, "the cap logged").group(1))
        assert cap == expected_cap(database)
        assert logged(server, r"open-file limit 1024, hard 1024"), "the limit is logged with the cap"
        keep_alive = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        assert fortunes_status(server.port, keep_alive) == 200

        flood = Flood(server.port, FLOOD)
        # The server keeps exactly its cap open (the keep-alive connection and cap - 1 of the
        # flood) and has closed every other connection of the flood.
        assert server.process.poll() is None, "the process died under the flood"
        poll(lambda: server_side(server.port) == (cap, 0), 10, f"the server holds {cap} connections ({server_side(server.port)})")
        poll(lambda: flood.open_count() == cap - 1, 10, f"the server closed all but {cap - 1} of the flood ({flood.open_count()} open)")
        assert open_files(server.process) < FILE_LIMIT
        assert fortunes_status(server.port, keep_alive) == 200, "the keep-alive connection is served during the flood"
        newcomer = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        newcomer.sendall(b"GET /fortunes HTTP/1.1\r\nHost: localhost\r\n\r\n")
        try:
            assert newcomer.recv(100) == b"", "a connection past the cap is closed without an answer"
        except ConnectionResetError:
            pass
        newcomer.close()
        assert poll(lambda: logged(server, r"at the cap of %d open connections, closed \d+ new connection" % cap), 10, "the refusals logged")
        assert flood.open_count() == cap - 1, "the flood is held until the test closes it"
        assert server_side(server.port) == (cap, 0)

        flood.close()
        flood = None
        poll(lambda: fortunes_status(server.port) == 200, 10, "/fortunes answers 200 once the flood is closed")
        assert fortunes_status(server.port, keep_alive) == 200
        assert server.process.poll() is None
    finally:
        if flood:
            flood.close()
        server.stop()


def test_accepting_backs_off_when_the_process_runs_out_of_files(many_files, tmp_path):
    """A cap set above what the file limit leaves: accepting fails with EMFILE once the process
    holds 1024 files. NIOPosix's ServerBootstrap (Hummingbird's) has an AcceptBackoffHandler,
    which waits a second before accepting again instead of failing the listening socket: the
    process stays up, serves the connection it had, and serves new ones once the flood is gone."""
    server = Server(tmp_path, file_limit=FILE_LIMIT, extra=["--max-connections", "5000", "--connection-timeout", "120"])
    server.start()
    flood = None
    try:
        assert poll(lambda: logged(server, r"5000 connections may need more files than the open-file limit leaves \(896"), 10,
                    "a cap past the reserve is warned about")
        keep_alive = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        assert fortunes_status(server.port, keep_alive) == 200
        flood = Flood(server.port, FLOOD, batch=FLOOD, wait=False)
        poll(lambda: open_files(server.process) >= FILE_LIMIT, 30, "the process ran out of files")
        assert fortunes_status(server.port, keep_alive) == 200, "the keep-alive connection is served with no file left"
        assert server.process.poll() is None
        flood.close()
        flood = None
        poll(lambda: fortunes_status(server.port) == 200, 20, "/fortunes answers 200 once the flood is closed")
        assert server.process.poll() is None
    finally:
        if flood:
            flood.close()
        server.stop()


class OneUpstreamNginx(Nginx):
    """Docs/nginx.conf in front of one process: the other two upstream lines left out."""

    def __init__(self, folder, upstream):
        super().__init__(folder, [upstream])
        lines = self.conf.read_text().splitlines()
        self.conf.write_text("\n".join(line for line in lines if "127.0.0.1:8082" not in line and "127.0.0.1:8083" not in line) + "\n")


@pytest.mark.skipif(not pathlib.Path(NGINX).exists(), reason="nginx is not installed (.ci/run installs it)")
def test_a_flood_through_nginx_leaves_the_process_answering(database, many_files, tmp_path):
    (tmp_path / "app").mkdir()
    server = Server(tmp_path / "app", db=database.url, file_limit=FILE_LIMIT, extra=["--connection-timeout", "120"])
    server.start()
    nginx = OneUpstreamNginx(tmp_path, server.port)
    flood = None
    try:
        nginx.start()
        assert fortunes_status(nginx.port) == 200
        # nginx holds what its worker_connections allow (1024, counting its connections to the
        # app), and past that closes the idle ones ("worker_connections are not enough, reusing
        # connections"): the app never sees the flood, and new requests through nginx are served.
        flood = Flood(nginx.port, FLOOD, drain=False)
        poll(lambda: fortunes_status(nginx.port) == 200, 20, "/fortunes answers 200 through nginx during the flood")
        assert server.process.poll() is None
        assert open_files(server.process) < FILE_LIMIT
        flood.close()
        flood = None
        poll(lambda: fortunes_status(nginx.port) == 200, 20, "/fortunes answers 200 through nginx once the flood is closed")
        assert fortunes_status(server.port) == 200
        assert server.process.poll() is None
    finally:
        if flood:
            flood.close()
        nginx.stop()
        server.stop()


def test_a_trickling_head_is_closed_at_its_deadline_and_a_prompt_one_is_served(tmp_path):
    deadline = 2.0
    server = Server(tmp_path, extra=["--connection-timeout", str(deadline)]).start()
    try:
        # A head trickling in a header line every 0.3 s: closed at the deadline counted from
        # the connection's opening, however long it keeps sending.
        trickle = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        opened = time.monotonic()
        trickle.sendall(b"GET /fortunes HTTP/1.1\r\nHost: localhost\r\n")
        closed_at = None
        line = 0
        while closed_at is None and time.monotonic() - opened < deadline + 10:
            readable, _, _ = select.select([trickle], [], [], 0.3)
            if readable:
                try:
                    data = trickle.recv(100)
                except ConnectionResetError:
                    data = b""
                assert data == b"", f"the server answered a head it never got whole: {data!r}"
                closed_at = time.monotonic() - opened
                break
            try:
                trickle.sendall(f"X-Trickle-{line}: x\r\n".encode())
            except (BrokenPipeError, ConnectionResetError):
                closed_at = time.monotonic() - opened
            line += 1
        trickle.close()
        assert closed_at is not None, f"a head trickling for {deadline + 10} s was never closed"
        assert deadline - 0.1 <= closed_at <= deadline + 1.5, f"closed {closed_at:.2f} s after opening, deadline {deadline} s"

        # A client that idles less than the deadline, then sends its whole head, is served; and
        # again after its response (the deadline counts from the end of the last response).
        prompt = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
        prompt.connect()
        for _ in range(2):
            time.sleep(deadline * 0.7)  # idle, part of the scenario
            assert fortunes_status(server.port, prompt) == 200
        prompt.close()
        assert server.process.poll() is None
    finally:
        server.stop()
