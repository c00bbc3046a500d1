"""The deploy kit `tessera-new` writes: the systemd unit passes `systemd-analyze verify` (no
warning) and is hardened; the nginx site passes `nginx -t`; the release script is executable
shell that waits for each process's /up."""
import os
import pathlib
import shutil
import subprocess

import pytest

from conftest import BINARY, ROOT

NEW = BINARY.parent / "tessera-new"


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    folder = tmp_path_factory.mktemp("new-app")
    subprocess.run([str(NEW), "BookClub", "--output", str(folder / "BookClub"), "--tessera-path", str(ROOT)],
                   check=True, capture_output=True, timeout=60)
    return folder / "BookClub" / "deploy"


def test_the_kit_is_complete(kit):
    assert sorted(path.name for path in kit.iterdir()) == [
        "Containerfile", "README.md", "bookclub@.service", "env.example", "nginx-site.conf", "release.sh"]
    assert os.access(kit / "release.sh", os.X_OK)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd is not installed")
def test_the_unit_passes_systemd_analyze_verify_and_is_hardened(kit, tmp_path):
    unit = (kit / "bookclub@.service").read_text()
    settings = dict(line.split("=", 1) for line in unit.splitlines() if "=" in line and not line.startswith(("#", " ")))
    assert settings["User"] == "bookclub" and settings["NoNewPrivileges"] == "yes"
    assert settings["ProtectSystem"] == "strict" and settings["ReadWritePaths"] == "/srv/bookclub/data"
    assert settings["KillSignal"] == "SIGTERM" and int(settings["TimeoutStopSec"]) > 5 + 25
    # verify wants the executable to exist: the kit's paths moved under a folder of the test's.
    root = tmp_path / "srv"
    (root / "current" / "bin").mkdir(parents=True)
    shutil.copy(BINARY, root / "current" / "bin" / "BookClub")
    (root / "data").mkdir()
    instance = tmp_path / "bookclub@8081.service"
    instance.write_text(unit.replace("/srv/bookclub", str(root)))
    result = subprocess.run(["systemd-analyze", "verify", str(instance)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "", result.stderr


@pytest.mark.skipif(shutil.which("nginx") is None and not pathlib.Path("/usr/sbin/nginx").exists(), reason="nginx is not installed")
def test_the_nginx_site_passes_nginx_t(kit, tmp_path):
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=club.example.org",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")], check=True, capture_output=True)
    site = (kit / "nginx-site.conf").read_text()
    site = site.replace("/etc/letsencrypt/live/club.example.org/fullchain.pem", str(tmp_path / "cert.pem"))
    site = site.replace("/etc/letsencrypt/live/club.example.org/privkey.pem", str(tmp_path / "key.pem"))
    site = site.replace("listen 80;", "listen 127.0.0.1:18080;").replace("listen [::]:80;", "")
    site = site.replace("listen 443 ssl http2;", "listen 127.0.0.1:18443 ssl http2;").replace("listen [::]:443 ssl http2;", "")
    (tmp_path / "tmp").mkdir()
    conf = tmp_path / "nginx.conf"
    conf.write_text(f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
                    f"http {{\n client_body_temp_path {tmp_path}/tmp;\n proxy_temp_path {tmp_path}/tmp;\n"
                    f" access_log off;\n{site}\n}}\n")
    result = subprocess.run([nginx, "-t", "-c", str(conf), "-p", f"{tmp_path}/", "-e", str(tmp_path / "error.log")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_the_release_script_is_shell_that_migrates_then_restarts_one_at_a_time(kit):
    script = (kit / "release.sh").read_text()
    assert subprocess.run(["sh", "-n", str(kit / "release.sh")]).returncode == 0
    migrate, restart = script.index(" migrate --db"), script.index('systemctl restart "$SLUG@$port"')
    assert migrate < restart, "migrations run while the old processes serve"
    assert "/up" in script[restart:], "each process's /up is awaited before the next"
