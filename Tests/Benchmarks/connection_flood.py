"""Whether a `tessera serve` process under `ulimit -n 1024` survives a flood of idle connections.

Usage: swift build --product tessera && python3 Tests/Benchmarks/connection_flood.py [options]

  --binary PATH        the server (default .build/debug/tessera of this checkout)
  --postgres URL       also run on PostgreSQL: a database is made on that server and dropped
                       (default $TESSERA_TEST_POSTGRES; without either, SQLite and nginx only)
  --connections N      idle connections in the flood (default 3000)
  --hold SECONDS       how long the flood is held (default 20)
  --limit N            the server's open-file limit, soft and hard (default 1024)
  --only NAME          run one scenario: sqlite, postgres or nginx

For each scenario (the app on SQLite; on PostgreSQL; on SQLite behind nginx from Docs/nginx.conf,
nginx under the same limit) it prints: the server's open files before the flood; the connections
established to its port once the flood is opened and at the hold's end (accepted, and queued for
it to accept); whether a keep-alive connection opened before the flood was still answered during
the flood and how fast, and what a new connection got; the most files the process held; whether it was alive after the hold (or the signal that ended it); and, once the
flood is closed, how long `/fortunes` took to answer 200 on a new connection.

Everything runs on 127.0.0.1 and stops by itself. The flood is opened from this process, whose
own open-file limit is raised to its hard limit (as root, the hard limit too when it is lower
than the flood needs).
"""
import argparse
import http.client
import os
import pathlib
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
sys.path.insert(0, str(ROOT / "Tests" / "Browser"))
from flooding import Flood, server_side  # noqa: E402 (the test's own flood)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def limited(limit):
    """A preexec_fn setting the child's open-file limit, soft and hard, to `limit`."""
    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))


def open_files(pid):
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return None


def fortunes(port, timeout=5.0, connection=None):
    """The status of GET /fortunes and its time in ms (on `connection`, or a new one), or the
    error's name."""
    own = connection is None
    started = time.monotonic()
    try:
        connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        connection.request("GET", "/fortunes")
        response = connection.getresponse()
        response.read()
        return response.status, (time.monotonic() - started) * 1000
    except (OSError, http.client.HTTPException) as error:
        return type(error).__name__, (time.monotonic() - started) * 1000
    finally:
        if own and connection is not None:
            connection.close()


def wait_for_fortunes(port, within):
    """Seconds until GET /fortunes on a new connection answers 200, or None after `within`."""
    started = time.monotonic()
    while time.monotonic() - started < within:
        if fortunes(port, timeout=2)[0] == 200:
            return time.monotonic() - started
        time.sleep(0.05)
    return None


class Nginx:
    """nginx from Docs/nginx.conf in front of one process, under the same open-file limit."""

    def __init__(self, folder, upstream, limit):
        self.port = free_port()
        self.limit = limit
        self.prefix = pathlib.Path(folder) / "nginx"
        (self.prefix / "tmp").mkdir(parents=True)
        for path in (self.prefix, self.prefix / "tmp"):
            path.chmod(0o777)
        lines = (ROOT / "Docs" / "nginx.conf").read_text().replace("127.0.0.1:8080", f"127.0.0.1:{self.port}").splitlines()
        lines = [line.replace("127.0.0.1:8081", f"127.0.0.1:{upstream}") for line in lines
                 if "127.0.0.1:8082" not in line and "127.0.0.1:8083" not in line]
        self.conf = self.prefix / "nginx.conf"
        self.conf.write_text("\n".join(lines) + "\n")

    def command(self, *extra):
        return [NGINX, "-c", str(self.conf), "-p", f"{self.prefix}/", "-e", str(self.prefix / "error.log"), *extra]

    def start(self):
        subprocess.run(self.command(), check=True, preexec_fn=limited(self.limit))
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("nginx did not start: " + (self.prefix / "error.log").read_text())

    def stop(self):
        subprocess.run(self.command("-s", "stop"))

    def complaints(self):
        log = self.prefix / "error.log"
        lines = log.read_text(errors="replace").splitlines() if log.exists() else []
        return sum(1 for line in lines if "worker_connections are not enough" in line)


def psql(url, sql):
    subprocess.run(["psql", "-X", "-q", "-d", url, "-c", sql], check=True, capture_output=True)


def run(name, args, db_url=None):
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tessera-flood-"))
    port = free_port()
    database = db_url or str(folder / "tessera.sqlite")
    admin = dropped = None
    if db_url:
        parts = urllib.parse.urlsplit(db_url)
        dropped = "tessera_flood_" + secrets.token_hex(4)
        admin = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/postgres", "", ""))
        psql(admin, f'CREATE DATABASE "{dropped}"')
        database = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + dropped, parts.query, ""))
    log = open(folder / "server.log", "wb")
    process = subprocess.Popen(
        [args.binary, "serve", "--port", str(port), "--db", database, "--views", str(ROOT / "Views"),
         "--public", str(ROOT / "Public")], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
        preexec_fn=limited(args.limit))
    nginx = None
    flood = None
    try:
        if wait_for_fortunes(port, 60) is None:
            raise RuntimeError("the server did not start: " + (folder / "server.log").read_text()[-2000:])
        target = port
        if name == "nginx":
            nginx = Nginx(folder, port, args.limit)
            nginx.start()
            target = nginx.port
        files_before = open_files(process.pid)
        keep_alive = http.client.HTTPConnection("127.0.0.1", target, timeout=5)
        first = fortunes(target, connection=keep_alive)

        started = time.monotonic()
        flood = Flood(target, args.connections, patience=0.5)
        opened_in = time.monotonic() - started
        stalled = flood.stalled
        held_at_start = server_side(target)
        during = fortunes(target, connection=keep_alive)
        newcomer = fortunes(target, timeout=3)
        most_files = 0
        end = time.monotonic() + args.hold
        died_at = None
        while time.monotonic() < end:
            most_files = max(most_files, open_files(process.pid) or 0)
            if process.poll() is not None:
                died_at = time.monotonic() - started
                break
            time.sleep(0.5)
        held = server_side(target)
        app_side = server_side(port)
        late = fortunes(target, connection=keep_alive) if died_at is None else ("-", 0)
        alive = process.poll() is None
        flood.close()
        flood = None
        recovered = wait_for_fortunes(target, 30) if alive else None
        alive_after = process.poll() is None

        print(f"== {name}: {args.connections} idle connections held {args.hold} s against a process under ulimit -n {args.limit}"
              + (" (through nginx, worker_connections 1024)" if nginx else ""))
        print(f"   open files before the flood: {files_before}; keep-alive GET /fortunes before: {first[0]} in {first[1]:.1f} ms")
        print(f"   flood opened in {opened_in:.1f} s ({stalled} batches found the accept queue still full after 0.5 s); "
              f"connections established to the {'nginx' if nginx else 'app'} port (held, queued to accept): "
              f"{held_at_start[0]}, {held_at_start[1]} once opened; {held[0]}, {held[1]} at the hold's end"
              + (f"; to the app behind it: {app_side[0]}" if nginx else ""))
        print(f"   during the flood: keep-alive GET /fortunes {during[0]} in {during[1]:.1f} ms; "
              f"a new connection's GET /fortunes {newcomer[0]} in {newcomer[1]:.1f} ms")
        print(f"   most open files of the process: {most_files}")
        if died_at is not None:
            code = process.returncode
            how = f"signal {-code} ({signal.Signals(-code).name})" if code < 0 else f"exit {code}"
            print(f"   DIED {died_at:.1f} s after the flood began: {how}")
        else:
            print(f"   at the hold's end: alive; keep-alive GET /fortunes {late[0]} in {late[1]:.1f} ms")
        if recovered is None:
            print("   after the flood: no 200 from /fortunes within 30 s" if alive else "   after the flood: dead")
        else:
            print(f"   after the flood: /fortunes answered 200 {recovered * 1000:.0f} ms after the flood closed; "
                  f"alive: {alive_after}")
        if nginx:
            print(f"   nginx logged 'worker_connections are not enough' {nginx.complaints()} times")
        print("   server log:", " | ".join(line for line in (folder / "server.log").read_text(errors="replace").splitlines()
                                             if "connections" in line or "open-file" in line or "error" in line.lower())[:600])
        sys.stdout.flush()
    finally:
        if flood:
            flood.close()
        if nginx:
            nginx.stop()
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()
        if dropped:
            psql(admin, f'DROP DATABASE IF EXISTS "{dropped}" WITH (FORCE)')
        shutil.rmtree(folder, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=str(ROOT / ".build" / "debug" / "tessera"))
    parser.add_argument("--postgres", default=os.environ.get("TESSERA_TEST_POSTGRES", "").strip() or None)
    parser.add_argument("--connections", type=int, default=3000)
    parser.add_argument("--hold", type=float, default=20)
    parser.add_argument("--limit", type=int, default=1024)
    parser.add_argument("--only", choices=["sqlite", "postgres", "nginx"])
    args = parser.parse_args()

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = args.connections + 256
    if hard != resource.RLIM_INFINITY and hard < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (need, need))  # root only
    elif soft != resource.RLIM_INFINITY and soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else need, hard))

    for name in ["sqlite", "postgres", "nginx"]:
        if args.only and name != args.only:
            continue
        if name == "postgres" and not args.postgres:
            print("== postgres: skipped (no --postgres URL and no TESSERA_TEST_POSTGRES)")
            continue
        if name == "nginx" and not pathlib.Path(NGINX).exists():
            print("== nginx: skipped (nginx is not installed)")
            continue
        run(name, args, db_url=args.postgres if name == "postgres" else None)


if __name__ == "__main__":
    main()
