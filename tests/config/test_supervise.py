"""Workers that exit are started again (issue 23, deliverable 2): ``tournament/config/supervise.py`` under
``make run``/``serve``/``hall``, ``Restart=always`` under systemd (docs/production.md, "Workers"). Real processes:
the supervised command is a small Python script that notes its pid and the signals it receives."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tournament.config import supervise

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tournament" / "config" / "supervise.py"
UNITS = ROOT / "docs" / "systemd"
GUARD = 30              # seconds: a guard against a hang, not a speed target

CHILD = """
import os, signal, sys, time
log = open(sys.argv[1], "a", buffering=1)
def note(signum, frame):
    log.write(f"{os.getpid()} signal {signum}\\n")
    time.sleep(0.3)          # a worker finishing its export
    sys.exit(0)
for s in (signal.SIGTERM, signal.SIGINT):
    signal.signal(s, note)
log.write(f"{os.getpid()} started\\n")
while True:
    time.sleep(0.05)
"""


def lines(path):
    return path.read_text().splitlines() if path.exists() else []


def wait_for(predicate, what):
    deadline = time.monotonic() + GUARD
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"not within {GUARD} s: {what}")


def started(path):
    return [int(line.split()[0]) for line in lines(path) if line.endswith("started")]


@pytest.fixture
def supervised(tmp_path):
    log = tmp_path / "child.log"
    child = tmp_path / "child.py"
    child.write_text(CHILD)
    proc = subprocess.Popen([sys.executable, str(SCRIPT), "--delay", "0.2", "--", sys.executable, str(child),
                             str(log)], stderr=subprocess.PIPE, text=True)
    wait_for(lambda: started(log), "the command started")
    yield proc, log
    if proc.poll() is None:
        proc.kill()
        proc.wait()
    for pid in started(log):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_a_killed_command_comes_back_within_seconds(supervised):
    proc, log = supervised
    first = started(log)[0]
    killed = time.monotonic()
    os.kill(first, signal.SIGKILL)
    wait_for(lambda: len(started(log)) == 2, "the command started again")
    assert time.monotonic() - killed < 10                     # seconds: started again, not left dead
    second = started(log)[1]
    assert second != first
    os.kill(second, signal.SIGKILL)                               # and again: it is not a one-off
    wait_for(lambda: len(started(log)) == 3, "the command started a third time")
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=GUARD) == 0
    assert f"(pid {first}) exited with status -9; starting it again" in proc.stderr.read()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_reaches_the_command_once_and_nothing_restarts(supervised, signum):
    proc, log = supervised
    pid = started(log)[0]
    proc.send_signal(signum)
    assert proc.wait(timeout=GUARD) == 0                          # after the command finished
    assert lines(log) == [f"{pid} started", f"{pid} signal {int(signum)}"]
    time.sleep(0.5)
    assert len(started(log)) == 1


def test_the_command_stops_when_the_supervisor_dies(supervised):
    proc, log = supervised
    proc.kill()                                                   # SIGKILL: no handler runs in the supervisor
    proc.wait()
    pid = started(log)[-1]          # the child running when it died (on a loaded machine one may have been restarted)
    wait_for(lambda: f"{pid} signal {int(signal.SIGTERM)}" in lines(log), "the orphan was told to stop")


@pytest.mark.parametrize(("delay", "ran_for", "expected"), [
    (1, 60, 1),                 # a run that lasted: back to the base delay
    (1, 0.5, 2),                # dying at once: twice as long …
    (8, 0.5, 16),
    (16, 0.5, 30),              # … up to the cap
    (30, 0.5, 30),
    (30, 12, 1),
])
def test_a_command_that_keeps_dying_waits_longer(delay, ran_for, expected):
    assert supervise.next_delay(delay, 1, ran_for) == expected


def test_no_command_is_an_error():
    result = subprocess.run([sys.executable, str(SCRIPT), "--"], capture_output=True, text=True, timeout=GUARD)
    assert result.returncode == 2 and "no command given" in result.stderr


def test_make_starts_every_export_worker_under_the_supervisor():
    makefile = (ROOT / "Makefile").read_text()
    starts = [line for line in makefile.splitlines() if "manage.py db_worker" in line and not line.startswith("#")]
    assert starts and all("tournament/config/supervise.py -- $(PY) manage.py db_worker" in line for line in starts)
    for target in ("run:", "serve:", "hall:"):
        recipe = makefile.split("\n" + target, 1)[1].split("\n\n", 1)[0]
        assert "$(call workers," in recipe


def test_the_worker_unit_restarts_always_and_never_gives_up():
    text = (UNITS / "cego-worker@.service").read_text()
    settings = dict(line.split("=", 1) for line in text.splitlines() if "=" in line and not line.startswith("#"))
    assert settings["Restart"] == "always" and float(settings["RestartSec"]) <= 5
    assert settings["StartLimitIntervalSec"] == "0"       # systemd's start limit would stop restarting after 5
