"""Fixtures for Tessera's real-browser tests.

One server (a fresh seeded database in a temporary folder, a free port, started from the built
`tessera` binary) serves the whole run; a test marked `own_server` (it changes what others rely
on, such as the demo password) or asking for `server` gets its own. Playwright drives Debian's
Chromium headless. Console errors and Content-Security-Policy violations fail the test;
screenshots are saved under `artifacts/screenshots/`.

`audit(page, name)` checks the page as it stands with axe-core (any violation fails the test) and
saves its HTML, and the HTML of every component fragment on it, under `artifacts/html/` for the
Nu HTML checker, which `.ci/run` runs over that folder after the tests.
"""
import contextlib
import os
import re
import pathlib
import resource
import secrets
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.parse
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # the journeys still run; the audit says what is missing
    Axe = None

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The built server; TESSERA_BINARY runs another build (say .build/release/tessera) instead.
BINARY = pathlib.Path(os.environ.get("TESSERA_BINARY") or ROOT / ".build" / "debug" / "tessera")
SHOTS = ROOT / "artifacts" / "screenshots"
HTML = ROOT / "artifacts" / "html"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A `tessera serve` process on its own database: a SQLite file in `folder` (`db/tessera.sqlite`),
    or what `db` names (another path, or a `postgres://` URL); its log is `folder/server.log`.
    `file_limit` starts it with that open-file limit, soft and hard (default the test's own); `env`
adds environment variables."""

    def __init__(self, folder, dev=False, extra=(), db=None, file_limit=None, env=None):
        self.dev = dev
        self.env = env
        self.extra = list(extra)
        self.file_limit = file_limit
        self.folder = pathlib.Path(folder)
        self.db = str(db) if db else str(self.folder / "db" / "tessera.sqlite")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    # No grace on SIGTERM unless a test asks for one (`--drain-grace`): stopping a test's server
    # would otherwise wait out the production default of 5 s.
    drain_env = {"TESSERA_DRAIN_GRACE": "0"}

    def start(self):
        self.launch()
        return self.wait_until_up()

    def launch(self):
        """Starts the process without waiting for it (several may start at once)."""
        log = open(self.folder / "server.log", "ab")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--port", str(self.port), "--db", self.db,
             "--views", str(ROOT / "Views"), "--public", str(ROOT / "Public")] + (["--dev"] if self.dev else []) + self.extra,
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, **self.drain_env, **(self.env or {})},
            preexec_fn=(lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (self.file_limit, self.file_limit)))
            if self.file_limit else None)
        return self.process

    def wait_until_up(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("server exited: " + (self.folder / "server.log").read_text())
            try:
                urllib.request.urlopen(self.base + "/fortunes", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in 30 s")

    def kill(self):
        """Ends the process at once (SIGKILL): no shutdown, no flushing."""
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


def pytest_configure(config):
    config.addinivalue_line("markers", "own_server: the test gets a server of its own (it changes shared state)")
    shutil.rmtree(HTML, ignore_errors=True)


@pytest.fixture
def server():
    folder = tempfile.mkdtemp(prefix="tessera-browser-")
    running = Server(folder).start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def shared_server():
    """The server most tests share (starting one per test would double the suite's time)."""
    folder = tempfile.mkdtemp(prefix="tessera-browser-shared-")
    running = Server(folder).start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def site(request, shared_server):
    """The shared server, or a fresh one for tests marked `own_server`."""
    if request.node.get_closest_marker("own_server") is None:
        yield shared_server
        return
    folder = tempfile.mkdtemp(prefix="tessera-browser-")
    running = Server(folder).start()
    yield running
    running.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(params=["js", "nojs"])
def mode(request):
    return request.param


@pytest.fixture
def page(browser, site, mode, request):
    """A page in a fresh context, JavaScript on or off; fails on console errors or CSP reports."""
    context = browser.new_context(java_script_enabled=(mode == "js"), base_url=site.base,
                                  viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    problems = []
    # A form refused with 400 is the expected answer to bad input (the fragment shows the errors);
    # Chrome still logs it as a failed resource. Every other console error fails the test.
    expected = "the server responded with a status of 400"
    tab.on("console", lambda message: problems.append(message.text)
           if message.type == "error" and expected not in message.text else None)
    tab.on("pageerror", lambda error: problems.append(str(error)))
    tab.mode = mode
    tab.base = site.base
    # axe-core needs timers, which never fire with scripting off: a page with JavaScript on
    # audits the no-JavaScript page's HTML (its own scripts blocked), served from the same origin.
    helper = browser.new_context(base_url=site.base, viewport={"width": 1200, "height": 900}) if mode == "nojs" else None
    tab.axe_page = helper.new_page() if helper else tab
    tab.shot = lambda name, full_page=True: shoot(tab, request.node.name, name, full_page)
    yield tab
    context.close()
    if helper:
        helper.close()
    assert problems == [], f"console errors or CSP violations: {problems}"


def shoot(tab, test_name, name, full_page=True):
    SHOTS.mkdir(parents=True, exist_ok=True)
    safe = test_name.replace("[", "-").replace("]", "").replace("/", "_")
    tab.screenshot(path=str(SHOTS / f"{safe}-{name}.png"), full_page=full_page)


def audit(tab, name):
    """Checks the page as it stands: axe-core must find no violation (in this state, with this
    mode); saves its HTML and its components' fragments for the Nu HTML checker."""
    HTML.mkdir(parents=True, exist_ok=True)
    safe = f"{tab.mode}-{name}".replace("/", "_")
    (HTML / f"{safe}.html").write_text(tab.content())
    sources = tab.eval_on_selector_all("[data-src]", "nodes => nodes.map(n => n.getAttribute('data-src'))") \
        if tab.mode == "js" else [m for m in re.findall(r'data-src="([^"]+)"', tab.content())]
    for index, source in enumerate(dict.fromkeys(sources)):
        response = tab.request.get(tab.base + source.replace("&amp;", "&"), headers={"X-Tessera-Fragment": "1"})
        assert response.ok, f"fragment {source} answered {response.status}"
        (HTML / f"{safe}-fragment-{index}.html").write_text(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Fragment " + source +
            "</title></head><body>\n" + response.text() + "\n</body></html>\n")
    if Axe is None:
        pytest.fail("axe-playwright-python is not installed")
    target = tab.axe_page
    if target is not tab:
        html = tab.content()
        target.unroute("**/*")
        target.route("**/*.js", lambda route: route.abort())
        target.route(tab.base + "/_audit", lambda route: route.fulfill(body=html, content_type="text/html; charset=utf-8"))
        target.goto(tab.base + "/_audit")
    results = Axe().run(target)
    violations = results.response["violations"]
    assert violations == [], f"axe on {name} ({tab.mode}): " + "; ".join(
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in violations)


def sign_in(tab, password="tessera-demo"):
    tab.goto("/signin")
    tab.get_by_label("Username").fill("demo")
    tab.get_by_label("Password").fill(password)
    tab.get_by_role("button", name="Sign in").click()
    # With JavaScript the form posts in place and the answer's redirect navigates after it.
    tab.wait_for_url(lambda url: "/signin" not in url)
    tab.wait_for_load_state()


# --- The databases a multi-process test runs on -------------------------------------------------

POSTGRES_SERVER = os.environ.get("TESSERA_TEST_POSTGRES", "").strip()
POSTGRES_NOT_CONFIGURED = ("PostgreSQL is not configured: set TESSERA_TEST_POSTGRES=postgres://USER@HOST:PORT/DB "
                           "(.ci/run starts a private server with .ci/postgres)")


class SQLiteDatabase:
    """A new SQLite file in `folder` (`db/tessera.sqlite`; the first process creates it)."""

    label = "SQLite"

    def __init__(self, folder):
        self.path = pathlib.Path(folder) / "db" / "tessera.sqlite"
        self.url = str(self.path)

    def create(self):
        return self

    def drop(self):
        pass  # the folder goes with the test

    def rows(self, sql):
        """The rows `sql` returns, every value as text (as psql prints them)."""
        with contextlib.closing(sqlite3.connect(f"file:{self.path}?mode=ro", uri=True)) as db:
            return [tuple("" if value is None else str(value) for value in row) for row in db.execute(sql)]


class PostgresDatabase:
    """A new database, `tessera_cluster_<random>`, on the server TESSERA_TEST_POSTGRES names,
    made and read with psql, dropped afterwards. `url` is what the app's processes get (the
    server's URL with the database replaced, its query kept: `pool`, `sslmode`, settings)."""

    label = "PostgreSQL"

    def __init__(self, server, prefix="tessera_cluster_"):
        self.psql = shutil.which("psql")
        if not self.psql:
            pytest.fail("TESSERA_TEST_POSTGRES is set but psql is not installed (apt-get install postgresql-client)")
        parts = urllib.parse.urlsplit(server)
        if parts.scheme not in ("postgres", "postgresql"):
            pytest.fail(f"TESSERA_TEST_POSTGRES is not a postgres:// URL: {server}")
        self.name = prefix + secrets.token_hex(6)
        # psql understands sslmode among the app's query items, not pool or server settings.
        libpq = urllib.parse.urlencode([(key, value) for key, value in urllib.parse.parse_qsl(parts.query) if key == "sslmode"])
        self.url = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + self.name, parts.query, ""))
        self.admin = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path if parts.path not in ("", "/") else "/postgres", libpq, ""))
        self.own = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + self.name, libpq, ""))

    def _run(self, url, sql):
        result = subprocess.run([self.psql, "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
                                capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            raise RuntimeError(f"psql failed on {sql!r}: {result.stderr.strip()}")
        return result.stdout

    def create(self):
        self._run(self.admin, f'CREATE DATABASE "{self.name}"')
        return self

    def drop(self):
        self._run(self.admin, f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')

    def rows(self, sql):
        """The rows `sql` returns, every value as text."""
        return [tuple(line.split("\t")) for line in self._run(self.own, sql).splitlines() if line != ""]


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path):
    """A new, empty database for a multi-process test: a SQLite file, then a PostgreSQL database
    (skipped, with the reason, when TESSERA_TEST_POSTGRES is not set)."""
    if request.param == "postgres":
        if not POSTGRES_SERVER:
            pytest.skip(POSTGRES_NOT_CONFIGURED)
        made = PostgresDatabase(POSTGRES_SERVER).create()
    else:
        made = SQLiteDatabase(tmp_path).create()
    yield made
    made.drop()
