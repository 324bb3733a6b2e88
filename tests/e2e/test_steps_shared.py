"""The director's browser steps are written once (tests/e2e/steps.py): the flows that register players, teams or
a club's list log in, create tournaments and register through it instead of repeating the form steps."""

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FLOWS = ("test_registration_flow.py", "test_ziege.py", "test_offiziers_evening.py")
# a form step each helper of ``steps`` owns
OWNED = ('"#id_password"', '"#id_first_first_name"', 'reverse("director:tournament_create"',
         'reverse("director:player_create"', '"#id_file"', '"#checkin-count .present"')


@pytest.mark.parametrize("name", FLOWS)
def test_the_flow_uses_the_shared_steps(name):
    source = (HERE / name).read_text(encoding="utf-8")
    assert "from tests.e2e import steps" in source and "steps.log_in(page, live_server)" in source
    assert [step for step in OWNED if step in source] == []
