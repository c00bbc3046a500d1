"""`tessera doctor` checks a deployment without changing it and exits 1 when something is wrong:
a missing public URL, TLS and --secure disagreeing, pending migrations and an unreachable mail
server are each named; a sound setup (a migrated database, https with --secure, a reachable
SMTP server) passes with exit 0."""
import os
import pathlib
import socket
import subprocess
import sys
import time

from conftest import BINARY, ROOT, free_port

FIXTURES = ROOT / "Tests" / "Fixtures"


def doctor(*arguments, env=None):
    result = subprocess.run([str(BINARY), "doctor", "--views", str(ROOT / "Views"), *arguments], capture_output=True, text=True,
                            cwd=ROOT, timeout=120, env={**os.environ, **(env or {})})
    return result.returncode, result.stdout.splitlines()


def problems(lines):
    return [line for line in lines if line.startswith("PROBLEM")]


def test_a_database_not_made_and_missing_settings_are_problems(tmp_path):
    code, lines = doctor("--db", str(tmp_path / "none.sqlite"), "--public-url", "https://example.org")
    assert code == 1
    found = problems(lines)
    assert any(line.startswith("PROBLEM TLS: the public URL is https, but --secure") for line in found), lines
    assert any("none.sqlite does not exist yet: run `migrate`" in line for line in found), lines
    assert any(line.startswith("PROBLEM mail: no server (TESSERA_SMTP_URL)") for line in found), lines
    assert not (tmp_path / "none.sqlite").exists(), "the doctor changes nothing"
    assert lines[-1] == f"{len(found)} problem{'s' if len(found) != 1 else ''} found"


def test_a_sound_deployment_passes_and_an_unreachable_mail_server_does_not(tmp_path):
    database = str(tmp_path / "app.sqlite")
    subprocess.run([str(BINARY), "migrate", "--db", database], check=True, cwd=ROOT, capture_output=True, timeout=120)
    port = free_port()
    smtp = subprocess.Popen([sys.executable, str(FIXTURES / "smtp_server.py"), "--port", str(port), "--maildir", str(tmp_path / "mail")])
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the SMTP fixture did not start"
                time.sleep(0.05)
        code, lines = doctor("--db", database, "--public-url", "https://club.example.org", "--secure",
                             env={"TESSERA_SMTP_URL": f"smtp://127.0.0.1:{port}"})
        assert code == 0, lines
        assert lines[-1] == "no problems found"
        assert any(line.startswith("ok      migrations: all ") for line in lines), lines
        assert any(line.startswith("ok      secret: ") for line in lines), lines
        assert any(line.startswith(f"ok      mail: 127.0.0.1:{port} greets") for line in lines), lines
        assert not list((tmp_path / "mail").glob("new/*")), "nothing was sent"
    finally:
        smtp.terminate()
        smtp.wait()
    code, lines = doctor("--db", database, "--public-url", "https://club.example.org", "--secure",
                         env={"TESSERA_SMTP_URL": f"smtp://127.0.0.1:{port}"})
    assert code == 1
    assert any(line.startswith(f"PROBLEM mail: 127.0.0.1:{port}: ") for line in lines), lines
