"""The permission matrix: every named URL of the project (walked from ``get_resolver()``, through every include)
is classified in tests/security/matrix.py for every role, with the status a GET must answer; a URL that is not in
the table fails ``test_every_named_url_is_classified`` with its name. Rules: docs/roles.md,
``tournament/staff/permissions.py``.

Statuses: 200, 403, 404, 405 (a POST-only view), ``LOGIN`` (302 to the site's login page with ``?next=``),
``ADMIN_LOGIN`` (302 to the admin's login page), ``ELSEWHERE`` (302 anywhere else, e.g. "go to table" → the
sheet). For the office (``director``, ``entry``, ``exports``) every role that a GET refuses is also refused a
POST, and that POST changes nothing in the database.
"""

import pytest
from django.urls import reverse

from tests.security.matrix import (
    LOGIN,
    OFFICE_NAMESPACES,
    ROLES,
    classified,
    fingerprint,
    named_urls,
    outcome,
    unnamed_urls,
)

pytestmark = pytest.mark.django_db


def test_every_url_has_a_name():
    assert not unnamed_urls(), "URLs without a name escape the permission matrix; name them and classify them"


def test_every_named_url_is_classified():
    names, table = named_urls(), classified()
    missing = sorted(names - set(table))
    assert not missing, f"URLs missing from the permission matrix (tests/security/matrix.py): {missing}"
    stale = sorted(set(table) - names)
    assert not stale, f"the permission matrix names URLs that do not exist (any more): {stale}"
    partial = sorted(name for name, (_args, expected) in table.items() if set(expected) != set(ROLES))
    assert not partial, f"URLs not classified for every role: {partial}"


@pytest.mark.parametrize("role", ROLES)
def test_every_url_answers_each_role_as_the_matrix_says(client, matrix_world, role):
    if role != "anonymous":
        client.force_login(matrix_world.users[role])
    wrong, refused_posts = [], []
    for name, (args, expected) in sorted(classified().items()):
        url = reverse(name, args=args(matrix_world))
        got = outcome(client.get(url))
        if got != expected[role]:
            wrong.append(f"{name} ({url}): {got}, expected {expected[role]}")
        if name.startswith(OFFICE_NAMESPACES) and expected[role] in (403, LOGIN):
            refused_posts.append((name, url))
    assert not wrong, f"{role}:\n" + "\n".join(wrong)
    before = fingerprint()
    for name, url in refused_posts:
        got = outcome(client.post(url, {}))
        assert got == (LOGIN if role == "anonymous" else 403), (role, name, url, got)
    assert fingerprint() == before, role
