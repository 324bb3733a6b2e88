"""Where the suite's time goes, in CPU seconds rather than wall time (the shared machine's load makes wall times
noise): an opt-in pytest plugin and its report.

    .venv/bin/python -m pytest -p tests.cpu_time -n 2 --dist loadfile -m "not browser and not office"
    .venv/bin/python -m tests.cpu_time            # the 40 costliest files and test phases

Each test process (every pytest-xdist worker) writes its record to ``CEGO_CPU_TIME`` (default
/tmp/cego-cpu-time) plus ``-gw0.json`` …: per test and phase (setup, call, teardown) the CPU of the process itself
and of the subprocesses it waited for (servers, ``manage.py`` commands). The first test of a worker carries the
creation of the test database in its setup.
"""

import collections
import glob
import json
import os
import resource
import sys
import time

import pytest

PREFIX = os.environ.get("CEGO_CPU_TIME", "/tmp/cego-cpu-time")
_record, _started = [], []


def _now():
    own, waited = (resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime, waited.ru_utime + waited.ru_stime, time.monotonic()


def pytest_configure(config):
    _started.append(_now())


def _measured(phase):
    @pytest.hookimpl(hookwrapper=True)
    def hook(item, *args, **kwargs):
        before = _now()
        yield
        after = _now()
        _record.append((item.nodeid, phase, *(a - b for a, b in zip(after, before, strict=True))))
    return hook


pytest_runtest_setup = _measured("setup")
pytest_runtest_call = _measured("call")
pytest_runtest_teardown = _measured("teardown")


def pytest_unconfigure(config):
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(f"{PREFIX}-{worker}.json", "w", encoding="utf-8") as out:
        json.dump({"start": _started[0], "end": _now(), "record": _record}, out)


def report(prefix=PREFIX, top=40):
    by_file = collections.defaultdict(lambda: [0.0, 0.0])
    by_test = collections.defaultdict(lambda: [0.0, 0.0])
    for path in sorted(glob.glob(f"{prefix}-gw*.json")) or glob.glob(f"{prefix}-main.json"):
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        (own0, waited0, wall0), (own1, waited1, wall1) = data["start"], data["end"]
        print(f"{path}: {own1 - own0:.1f} s own CPU, {waited1 - waited0:.1f} s of subprocesses, {wall1 - wall0:.1f} s "
              "wall")
        for nodeid, phase, own, waited, _wall in data["record"]:
            for key, table in ((nodeid.split("::")[0], by_file), ((phase, nodeid), by_test)):
                table[key][0] += own
                table[key][1] += waited
    for title, table in (("files", by_file), ("test phases", by_test)):
        print(f"--- costliest {title}: own CPU, subprocesses' CPU (s)")
        for key, (own, waited) in sorted(table.items(), key=lambda kv: -sum(kv[1]))[:top]:
            print(f"{own:7.1f} {waited:7.1f}  {' '.join(key) if isinstance(key, tuple) else key}")


if __name__ == "__main__":
    report(*sys.argv[1:2])
