"""Input edges (issue 14, point 5): numbers typed in other scripts' digits, and a delete that names no version.

``int("٣") == 3`` and ``"٣".isdecimal()``: Django's ``IntegerField`` took Arabic-Indic, full-width and other
digits as game numbers, points and start numbers. Every number a user types goes through one field
(``common.fields.WholeNumberField``, digits 0–9) or ``common.numbers.parse_whole``. A delete on the score sheet
without the version the user saw is refused like an edit without one.
"""

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournament.common.fields import WholeNumberField
from tournament.common.numbers import is_plain_digits, parse_whole
from tournament.models import Adjustment, AuditLog, Entry, Game
from tournament.office.forms.director import AdjustmentForm, EntryForm, TournamentForm
from tournament.results import engine
from tournament.results.rows import GameRowForm

FOREIGN = ["٣", "３", "³", "۳", "३", "½", "1٣", "-٣", "٣٠"]


@pytest.mark.parametrize("text", FOREIGN)
def test_foreign_digits_are_no_whole_number(text):
    with pytest.raises(ValueError):
        parse_whole(text)
    assert not is_plain_digits(text)


@pytest.mark.parametrize(("text", "value"), [("3", 3), (" 30 ", 30), ("-40", -40), ("−40", -40), ("–5", -5),
                                             ("+7", 7), ("007", 7)])
def test_plain_numbers_still_read(text, value):
    assert parse_whole(text) == value


@pytest.mark.parametrize("text", FOREIGN)
def test_the_field_refuses_them_with_a_clear_message(text):
    field = WholeNumberField()
    with translation.override("en"), pytest.raises(Exception) as caught:
        field.clean(text)
    assert caught.value.code == "digits"
    assert "0–9" in caught.value.messages[0]


@pytest.fixture
def director(client):
    client.force_login(factories.user())
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("points", ["٣٠", "３０", "-٥٠"])
def test_an_adjustment_of_foreign_digits_is_refused(director, points):
    t = factories.tournament(players=2)
    entry = t.entries.first()
    response = director.post(reverse("director:adjustments", args=[t.pk]),
                             {"entry": entry.pk, "points": points, "reason": "Bonus"})
    assert response.status_code == 200
    assert response.context["form"].errors.as_data()["points"][0].code == "digits"
    assert not Adjustment.objects.exists()


@pytest.mark.django_db
def test_a_check_in_of_a_foreign_start_number_is_refused(director):
    t = factories.tournament(players=3)
    Entry.objects.filter(tournament=t).update(checked_in=False)
    response = director.post(reverse("director:check_in", args=[t.pk]), {"number": "١"},
                             HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    assert not Entry.objects.filter(tournament=t, checked_in=True).exists()


@pytest.mark.django_db
def test_model_forms_refuse_them_in_every_integer_column():
    t = factories.tournament(players=2)
    entry = t.entries.first()
    form = EntryForm({"start_number": "٧"}, instance=entry, prefix=None)
    assert not form.is_valid() and form.errors.as_data()["start_number"][0].code == "digits"
    assert isinstance(TournamentForm.base_fields["round_count"], WholeNumberField)
    assert isinstance(AdjustmentForm.base_fields["points"], WholeNumberField)


@pytest.mark.django_db
@pytest.mark.parametrize(("field", "value"), [("number", "٣"), ("number", "３"), ("result", "٦١"),
                                              ("declarer", "٢"), ("calls", "١")])
def test_a_sheet_row_with_foreign_digits_is_refused(field, value):
    _t, round_ = factories.seated(players=8, options={"calls": True})
    table = round_.tables.first()
    data = {"number": "3", "contract": "C", "declarer": "2", "result": "61", field: value}
    form = GameRowForm(data, table=table, ruleset=engine.ruleset_for(table.round.tournament))
    assert not form.is_valid()
    assert field in form.errors


@pytest.mark.django_db
def test_a_sheet_save_with_a_foreign_game_number_stores_nothing(director):
    _t, round_ = factories.seated(players=8)
    table = round_.tables.first()
    row = {"contract": "C", "declarer": str(table.forehand(3) + 1), "result": "61"}
    refused = director.post(reverse("entry:save", args=[table.pk]), {"number": "٣", **row},
                            HTTP_ACCEPT="application/json")
    assert refused.status_code == 400 and not Game.objects.exists()
    saved = director.post(reverse("entry:save", args=[table.pk]), {"number": "3", **row},
                          HTTP_ACCEPT="application/json")
    assert saved.status_code == 200 and Game.objects.get().number == 3      # the same row in 0–9 is stored


# -- a delete without a version (5b) -------------------------------------------------------------------------

@pytest.fixture
def played():
    _t, round_ = factories.seated_and_played(players=4)
    return round_.tables.get()


@pytest.mark.django_db
@pytest.mark.parametrize("version", [None, "", "٣", "x"])
def test_a_delete_without_a_version_is_refused_like_an_edit_without_one(director, played, version):
    game = played.games.get(number=2)
    data = {"number": "2"} if version is None else {"number": "2", "version": version}
    response = director.post(reverse("entry:delete", args=[played.pk]), data, HTTP_ACCEPT="application/json")
    assert response.status_code == 409
    assert response.json()["conflict"]["saved"]["version"] == game.version
    assert Game.objects.filter(pk=game.pk).exists()
    assert not AuditLog.objects.filter(object_type=AuditLog.Kind.GAME, action=AuditLog.Action.DELETE).exists()
    edit = director.post(reverse("entry:save", args=[played.pk]),
                         {"number": "2", "contract": "C", "declarer": str(played.forehand(2) + 1), "result": "70"},
                         HTTP_ACCEPT="application/json")
    assert edit.status_code == 409
    assert edit.json()["conflict"]["message"] == response.json()["conflict"]["message"]


@pytest.mark.django_db
def test_a_delete_without_a_version_is_refused_on_the_plain_form_too(director, played):
    game = played.games.get(number=2)
    response = director.post(reverse("entry:delete", args=[played.pk]), {"number": "2", "reason": ""})
    assert response.status_code == 409
    assert Game.objects.filter(pk=game.pk).exists()


@pytest.mark.django_db
def test_a_delete_with_the_version_still_deletes(director, played):
    game = played.games.get(number=2)
    response = director.post(reverse("entry:delete", args=[played.pk]),
                             {"number": "2", "version": str(game.version)}, HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert not Game.objects.filter(pk=game.pk).exists()
