"""The attack suite uses the suite's one browser (``tests/browser.py``), like the e2e tests, and the permission
matrix's world."""

import pytest

from tests.security import matrix


@pytest.fixture
def matrix_world():
    """The world the permission matrix is checked against (``tests/security/matrix.py`` ``world``)."""
    return matrix.world()
