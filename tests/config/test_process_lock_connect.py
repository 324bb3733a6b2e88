"""``process_lock._connect``: the SQLite connection under the lock is opened again while the file answers
"database is locked" (a process that just finished may still be closing it), and any other error is raised."""

import pytest
from django.db import OperationalError

from tournament.management import process_lock


class Flaky:
    def __init__(self, failures, message="database is locked"):
        self.failures, self.message, self.opened, self.closed = failures, message, 0, 0

    def ensure_connection(self):
        self.opened += 1
        if self.opened <= self.failures:
            raise OperationalError(self.message)

    def close(self):
        self.closed += 1


def test_a_locked_file_is_tried_again():
    connection = Flaky(failures=3)
    process_lock._connect(connection, pause=0)
    assert (connection.opened, connection.closed) == (4, 3)


def test_a_file_locked_for_good_gives_up_with_the_error():
    connection = Flaky(failures=100)
    with pytest.raises(OperationalError, match="locked"):
        process_lock._connect(connection, attempts=5, pause=0)
    assert connection.opened == 5


def test_another_error_is_raised_at_once():
    connection = Flaky(failures=1, message="unable to open database file")
    with pytest.raises(OperationalError, match="unable to open"):
        process_lock._connect(connection, pause=0)
    assert connection.opened == 1
