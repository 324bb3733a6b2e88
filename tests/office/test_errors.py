"""``tournament.office.errors``: one mapping from a service's error to a form, messages or a JSON answer."""

import json

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import RequestFactory

from tournament.office import errors
from tournament.results.services import ConflictError

FIELD = ValidationError({"points": ValidationError("At most 1000000 points.", code="points_out_of_range"),
                         "__all__": ValidationError("Round locked.", code="locked")})
PLAIN = ValidationError("Tables 2, 3 are not complete yet.", code="round_incomplete")
DENIED = PermissionDenied("You are not allowed to do this.")
STALE = ConflictError("Game 3 was changed by someone else meanwhile.", current=None)


class PointsForm(forms.Form):
    points = forms.IntegerField()


@pytest.mark.parametrize("err, by_field, status", [
    (FIELD, {"points": ["At most 1000000 points."], "__all__": ["Round locked."]}, 400),
    (PLAIN, {"__all__": ["Tables 2, 3 are not complete yet."]}, 400),
    (DENIED, {"__all__": ["You are not allowed to do this."]}, 403),
    (STALE, {"__all__": ["Game 3 was changed by someone else meanwhile."]}, 409),
])
def test_one_error_three_ways(err, by_field, status):
    assert errors.by_field(err) == by_field and errors.status_of(err) == status
    answer = errors.json_error(err, number=3)
    assert answer.status_code == status
    assert json.loads(answer.content) == {"ok": False, "number": 3, "errors": by_field}
    form = PointsForm({"points": "5"})
    assert form.is_valid()
    errors.to_form(form, err)
    assert {name: list(texts) for name, texts in form.errors.items()} == by_field
    request = RequestFactory().post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    errors.to_messages(request, err)
    assert [m.message for m in get_messages(request)] == [t for texts in by_field.values() for t in texts]


def test_field_names_can_be_renamed_for_the_page_but_not_the_general_ones():
    renamed = errors.by_field(FIELD, rename=lambda name: {"points": "result"}.get(name, "__all__"))
    assert renamed == {"result": ["At most 1000000 points."], "__all__": ["Round locked."]}


def test_an_error_on_a_field_the_form_lacks_goes_above_the_form():
    form = PointsForm({"points": "5"})
    form.is_valid()
    errors.to_form(form, ValidationError({"start_number": ValidationError("Taken.", code="taken")}))
    assert form.non_field_errors() == ["Taken."] and form.has_error("__all__", "taken")
