"""Fixtures for Tessera's real-browser tests.

Each test gets its own server (a fresh seeded database in a temporary folder, a free port),
started from the built `tessera` binary, and Playwright driving Debian's Chromium headless.
Console errors and Content-Security-Policy violations fail the test; screenshots of every
scene are saved under `artifacts/screenshots/`.
"""
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = ROOT / ".build" / "debug" / "tessera"
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """A `tessera serve` process on its own database."""

    def __init__(self, folder):
        self.folder = pathlib.Path(folder)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        log = open(self.folder / "server.log", "ab")
        self.process = subprocess.Popen(
            [str(BINARY), "serve", "--port", str(self.port), "--db", str(self.folder / "db" / "tessera.sqlite"),
             "--views", str(ROOT / "Views"), "--public", str(ROOT / "Public")],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
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


@pytest.fixture
def server():
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
def page(browser, server, mode, request):
    """A page in a fresh context, JavaScript on or off; fails on console errors or CSP reports."""
    context = browser.new_context(java_script_enabled=(mode == "js"), base_url=server.base,
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
    tab.shot = lambda name, full_page=True: shoot(tab, request.node.name, name, full_page)
    yield tab
    context.close()
    assert problems == [], f"console errors or CSP violations: {problems}"


def shoot(tab, test_name, name, full_page=True):
    SHOTS.mkdir(parents=True, exist_ok=True)
    safe = test_name.replace("[", "-").replace("]", "").replace("/", "_")
    tab.screenshot(path=str(SHOTS / f"{safe}-{name}.png"), full_page=full_page)


def sign_in(tab, password="tessera-demo"):
    tab.goto("/signin")
    tab.get_by_label("Username").fill("demo")
    tab.get_by_label("Password").fill(password)
    tab.get_by_role("button", name="Sign in").click()
    tab.wait_for_load_state()
