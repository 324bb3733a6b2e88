"""The ruleset overrides (JSON typed into the tournament form) are bounded: deep nesting is a form error, not a
500 (Python's json raises RecursionError about 1,000 levels deep), and the text has a length bound."""

import pytest

from tournament.office.forms.director import TournamentForm

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text, code", [
    ("[" * 1500 + "]" * 1500, "bad_json"),      # nested past json's recursion limit
    ("{" + " " * 5000 + "}", "max_length"),     # longer than any set of overrides
])
def test_hostile_overrides_are_a_form_error(text, code):
    form = TournamentForm(data={"options": text})
    form.is_valid()
    assert form.has_error("options", code)
