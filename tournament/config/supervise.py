"""Keep a worker running: start a command, and start it again whenever it exits, until told to stop.

    python tournament/config/supervise.py [--delay SECONDS] -- COMMAND [ARGS …]

``make run``, ``make serve`` and ``make hall`` start each export worker (``manage.py db_worker``) under it, so a
worker that dies — killed, out of memory, a crash — is back within a second or two instead of leaving the site
without workers until the next restart (under systemd, ``Restart=always`` in ``cego-worker@.service`` does the
same; docs/production.md, "Workers"). Standard library only: it runs before Django is imported.

* A command that exits is started again after ``--delay`` seconds (default 1); one that keeps dying within
  ``QUICK`` seconds of its start waits twice as long each time, up to ``MAX_DELAY`` (a database that is down
  does not turn into a busy loop), and the delay goes back to ``--delay`` once a run lasted.
* SIGTERM, SIGINT or SIGQUIT stop it: the signal goes on to the command (its whole process group, so a child of
  the command — the autoreloader's worker — gets it too), the supervisor waits for the command to finish (the
  export in hand, for ``db_worker``) and exits 0 without starting it again. A second signal goes on as well
  (``db_worker`` then stops the export at once, as after a second Ctrl+C).
* The command runs in a process group of its own, so Ctrl+C in the terminal reaches it once, through the
  supervisor, not twice; and on Linux it is told to stop (SIGTERM) when the supervisor itself dies.
* Every restart is reported on stderr with the command's exit status.
"""

import argparse
import os
import signal
import subprocess
import sys
import time

QUICK = 10              # seconds: a run shorter than this counts as dying at once
MAX_DELAY = 30          # seconds: the longest wait between two starts
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT)


def _die_with_parent():
    """In the child, before exec: SIGTERM when the supervisor dies (Linux ``PR_SET_PDEATHSIG``; elsewhere nothing)."""
    try:
        import ctypes  # only where the Linux call is made (elsewhere nothing): not for a cycle

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)      # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def next_delay(delay, base, ran_for):
    """The wait before the next start: ``base`` after a run that lasted, else twice the last (up to MAX_DELAY)."""
    if ran_for >= QUICK:
        return base
    return min(max(delay * 2, base), MAX_DELAY)


class Supervisor:
    def __init__(self, command, delay=1.0, log=sys.stderr):
        self.command, self.base, self.log = command, delay, log
        self.child, self.stopping = None, False

    def say(self, text):
        print(f"supervise: {text}", file=self.log, flush=True)

    def stop(self, signum, _frame):
        self.stopping = True
        if self.child is not None and self.child.poll() is None:
            try:
                os.killpg(self.child.pid, signum)
            except ProcessLookupError:
                pass

    def run(self):
        for signum in STOP_SIGNALS:
            signal.signal(signum, self.stop)
        name = " ".join([os.path.basename(self.command[0]), *self.command[1:3]])      # "python manage.py db_worker"
        delay = self.base
        while not self.stopping:
            started = time.monotonic()
            self.child = subprocess.Popen(self.command, process_group=0, preexec_fn=_die_with_parent)
            if self.stopping:                   # told to stop while it was being started
                self.stop(signal.SIGTERM, None)
            status = self.child.wait()
            if self.stopping:
                break
            delay = next_delay(delay, self.base, time.monotonic() - started)
            self.say(f"{name} (pid {self.child.pid}) exited with status {status}; starting it again in {delay:g} s")
            until = time.monotonic() + delay
            while not self.stopping and time.monotonic() < until:
                time.sleep(0.05)
        return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description="Start a command again whenever it exits.")
    parser.add_argument("--delay", type=float, default=1.0, help="seconds before a restart (default 1)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND [ARGS …]")
    options = parser.parse_args(argv)
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command given")
    if options.delay < 0:
        parser.error("--delay must be zero or more")
    return Supervisor(command, delay=options.delay).run()


if __name__ == "__main__":
    sys.exit(main())
