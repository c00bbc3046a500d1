"""Jobs per second and the wait before a job starts, with two `tessera jobs work` processes.

Usage: swift build -c release --product tessera && python3 Tests/Benchmarks/jobs.py [options]

  --binary PATH     the app (default .build/release/tessera of this checkout)
  --postgres URL    also run on PostgreSQL: a database is made on that server and dropped
                    (default $TESSERA_TEST_POSTGRES; without either, SQLite only)
  --jobs N          probe jobs for the throughput run (default 10000)
  --idle N          probe jobs enqueued one at a time, 20 ms apart, each in its own transaction
                    as an app's requests would (`jobs probe --gap 20`), into idle workers (default 200)
  --lateness MIN    instead: two worker processes take a probe schedule due every minute for MIN
                    minutes (each database at once), then report how many runs there were (one
                    per minute is right) and how late each started after its due time

For each database it prints two lines from `tessera jobs probes`: the throughput run (every job
enqueued first, then two worker processes started: jobs per second from the first start to the
last finish) and the idle run (workers already waiting: the wait from each enqueue to its start,
median, 95th percentile and most). A probe job records its run with its completion, in its own
transaction, so "doubled" counts jobs that ran twice. SQLite runs with synchronous=FULL, as the
app does; give PostgreSQL with fsync on (.ci/postgres does, unless TESSERA_PG_FSYNC=off).
"""
import argparse
import os
import pathlib
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
import secrets

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(binary, db, *arguments, timeout=600):
    return subprocess.run([binary, *arguments, "--db", db, "--views", str(ROOT / "Views")], cwd=ROOT, check=True,
                          capture_output=True, text=True, timeout=timeout).stdout.strip()


def workers(binary, db, folder):
    return [subprocess.Popen([binary, "jobs", "work", "--db", db, "--views", str(ROOT / "Views")], cwd=ROOT,
                             stdout=open(folder / f"worker-{index}.log", "ab"), stderr=subprocess.STDOUT) for index in range(2)]


def stop(processes):
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        process.wait(timeout=60)


class SQLite:
    label = "SQLite"

    def __init__(self, folder):
        self.path = folder / "jobs.sqlite"
        self.url = str(self.path)

    def pending(self):
        with sqlite3.connect(self.path) as db:
            return db.execute("SELECT COUNT(*) FROM tessera_jobs").fetchone()[0]

    def lateness(self, batch):
        with sqlite3.connect(self.path) as db:
            return db.execute("SELECT enqueuedAt, (startedAt - enqueuedAt) * 1000 FROM tessera_job_probes WHERE batch = ? "
                              "ORDER BY enqueuedAt", (batch,)).fetchall()

    def drop(self):
        pass


class Postgres:
    label = "PostgreSQL"

    def __init__(self, server):
        parts = urllib.parse.urlsplit(server)
        self.name = "tessera_jobs_bench_" + secrets.token_hex(4)
        self.admin = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/postgres", "", ""))
        self.url = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + self.name, parts.query, ""))
        self.own = urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/" + self.name, "", ""))
        self.psql(self.admin, f'CREATE DATABASE "{self.name}"')

    def psql(self, url, sql):
        return subprocess.run(["psql", "-X", "-q", "-A", "-t", "-d", url, "-c", sql], check=True, capture_output=True, text=True).stdout

    def pending(self):
        return int(self.psql(self.own, "SELECT COUNT(*) FROM tessera_jobs").strip())

    def lateness(self, batch):
        rows = self.psql(self.own, f"SELECT enqueuedAt, (startedAt - enqueuedAt) * 1000 FROM tessera_job_probes "
                                   f"WHERE batch = '{batch}' ORDER BY enqueuedAt")
        return [tuple(float(value) for value in line.split("|")) for line in rows.splitlines() if line]

    def drop(self):
        self.psql(self.admin, f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def wait_until_done(database, timeout=600):
    deadline = time.monotonic() + timeout
    while database.pending() > 0:
        if time.monotonic() > deadline:
            raise SystemExit(f"{database.label}: jobs still pending after {timeout} s")
        time.sleep(0.1)


def measure(binary, database, jobs, idle, folder):
    run(binary, database.url, "migrate")
    batch = run(binary, database.url, "jobs", "probe", "--count", str(jobs))
    processes = workers(binary, database.url, folder)
    try:
        wait_until_done(database)
    finally:
        stop(processes)
    print(f"{database.label:10} throughput ({jobs} jobs, 2 processes): {run(binary, database.url, 'jobs', 'probes', batch)}")
    processes = workers(binary, database.url, folder)
    try:
        time.sleep(2)  # both workers started and idle
        batch = run(binary, database.url, "jobs", "probe", "--count", str(idle), "--gap", "20")
        wait_until_done(database)
    finally:
        stop(processes)
    print(f"{database.label:10} idle ({idle} jobs, one at a time, 20 ms apart): {run(binary, database.url, 'jobs', 'probes', batch)}")


def lateness(binary, databases, minutes, folder):
    """Two workers per database, each taking a schedule due every minute, for `minutes`."""
    processes = []
    for database in databases:
        run(binary, database.url, "migrate")
        for index in range(2):
            processes.append(subprocess.Popen(
                [binary, "jobs", "work", "--probe-every", "60", "--db", database.url, "--views", str(ROOT / "Views")], cwd=ROOT,
                stdout=open(folder / f"schedule-{database.label}-{index}.log", "ab"), stderr=subprocess.STDOUT))
    try:
        time.sleep(minutes * 60 + 5)
    finally:
        stop(processes)
    for database in databases:
        print(f"{database.label:10} schedule every minute, {minutes} min, 2 processes (wait = lateness after the due time): "
              f"{run(binary, database.url, 'jobs', 'probes', 'schedule-60')}")
        late = database.lateness("schedule-60")
        print(f"{database.label:10} each run's due time and lateness in ms (the first is the catch-up of the minute the "
              f"workers started in): " + ", ".join(f"{time.strftime('%H:%M', time.gmtime(due))} {ms:.0f}" for due, ms in late))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "tessera"))
    parser.add_argument("--postgres", default=os.environ.get("TESSERA_TEST_POSTGRES", ""))
    parser.add_argument("--jobs", type=int, default=10_000)
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--lateness", type=int, default=0)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tessera-jobs-bench-") as folder:
        folder = pathlib.Path(folder)
        databases = [SQLite(folder)] + ([Postgres(options.postgres)] if options.postgres else [])
        if options.lateness:
            try:
                lateness(options.binary, databases, options.lateness, folder)
            finally:
                for database in databases:
                    database.drop()
            return
        for database in databases:
            try:
                measure(options.binary, database, options.jobs, options.idle, folder)
            finally:
                database.drop()


if __name__ == "__main__":
    main()
