"""Jobs survive a process killed mid-run: 10,000 probe jobs (each records its run with its
completion, `tessera jobs probe`) worked by two `tessera jobs work` processes on one database;
one is killed with SIGKILL part-way and started again. Every job runs to completion exactly
once — none lost, none doubled — on SQLite and on PostgreSQL."""
import os
import signal
import subprocess
import time

from conftest import BINARY, ROOT

JOBS = 10_000
# A short lease, so the killed process's claimed jobs come back within the test.
LEASE = "2"


def command(database, *arguments):
    return [str(BINARY), *arguments, "--db", database.url, "--views", str(ROOT / "Views")]


def worker(database, folder, name):
    log = open(folder / f"{name}.log", "ab")
    return subprocess.Popen(command(database, "jobs", "work", "--job-lease", LEASE), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)


def runs(database, batch):
    return int(database.rows(f"SELECT COUNT(*) FROM tessera_job_probes WHERE batch = '{batch}'")[0][0])


def test_a_killed_worker_loses_no_job_and_doubles_none(database, tmp_path):
    subprocess.run(command(database, "migrate"), cwd=ROOT, check=True, capture_output=True, timeout=120)
    batch = subprocess.run(command(database, "jobs", "probe", "--count", str(JOBS)), cwd=ROOT, check=True,
                           capture_output=True, text=True, timeout=300).stdout.strip()
    first, second = worker(database, tmp_path, "first"), worker(database, tmp_path, "second")
    try:
        deadline = time.monotonic() + 120
        while runs(database, batch) < JOBS // 3:
            assert time.monotonic() < deadline, "the workers did not get through a third of the jobs in 2 minutes"
            assert first.poll() is None and second.poll() is None, "a worker exited"
            time.sleep(0.1)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
        killed_at = runs(database, batch)
        assert killed_at < JOBS, "the jobs were all done before the kill: nothing was tested"
        first = worker(database, tmp_path, "restarted")
        deadline = time.monotonic() + 180
        while int(database.rows("SELECT COUNT(*) FROM tessera_jobs")[0][0]) > 0:
            assert time.monotonic() < deadline, "jobs were still waiting 3 minutes after the kill"
            time.sleep(0.2)
    finally:
        for process in (first, second):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
    total, distinct = database.rows(
        f"SELECT COUNT(*), COUNT(DISTINCT jobID) FROM tessera_job_probes WHERE batch = '{batch}'")[0]
    failed = database.rows("SELECT COUNT(*) FROM tessera_jobs WHERE failedAt IS NOT NULL")[0][0]
    assert (int(total), int(distinct), int(failed)) == (JOBS, JOBS, 0), \
        f"{database.label}: {total} runs of {distinct} jobs ({JOBS} enqueued, killed at {killed_at}), {failed} failed"


# The probe jobs (the app's schedules enqueue jobs of their own when a worker starts).
PROBES = "name = 'tessera.probe'"


def test_sigterm_lets_running_jobs_finish_and_claims_no_more(database, tmp_path):
    """SIGTERM to a worker in the middle of three long jobs: it finishes those three, claims none of
    the three waiting, and exits 0; the next worker runs those. Each job once, none failed."""
    subprocess.run(command(database, "migrate"), cwd=ROOT, check=True, capture_output=True, timeout=120)
    batch = subprocess.run(command(database, "jobs", "probe", "--count", "6", "--hold", "1500"), cwd=ROOT, check=True,
                           capture_output=True, text=True, timeout=60).stdout.strip()
    log = open(tmp_path / "stopped.log", "ab")
    process = subprocess.Popen(command(database, "jobs", "work", "--job-workers", "3"), cwd=ROOT, stdout=log,
                               stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while int(database.rows(f"SELECT COUNT(*) FROM tessera_jobs WHERE {PROBES} AND lockedBy IS NOT NULL")[0][0]) < 3:
            assert time.monotonic() < deadline, "the worker did not claim three jobs in 30 s"
            time.sleep(0.02)
        assert runs(database, batch) == 0, "a job finished before the signal: nothing was tested"
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()
    assert runs(database, batch) == 3, "the three running jobs finished"
    waiting = database.rows(f"SELECT COUNT(*) FROM tessera_jobs WHERE {PROBES} AND lockedBy IS NULL AND attempts = 0")[0][0]
    assert int(waiting) == 3, "the three others were left untried, for the next worker"
    restarted = worker(database, tmp_path, "restarted")
    try:
        deadline = time.monotonic() + 30
        while int(database.rows(f"SELECT COUNT(*) FROM tessera_jobs WHERE {PROBES}")[0][0]) > 0:
            assert time.monotonic() < deadline, "the next worker did not finish the rest in 30 s"
            time.sleep(0.1)
    finally:
        restarted.send_signal(signal.SIGTERM)
        restarted.wait(timeout=30)
    total, distinct = database.rows(f"SELECT COUNT(*), COUNT(DISTINCT jobID) FROM tessera_job_probes WHERE batch = '{batch}'")[0]
    assert (int(total), int(distinct)) == (6, 6)
