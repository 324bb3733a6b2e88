"""Registration writes: an entry with results is never removed, by the service or by any other caller; entry
corrections go through ``registration.services.update`` (start number checked there, audited)."""

import pytest
from django.core.exceptions import ValidationError
from django.db.models import ProtectedError
from django.urls import reverse

from tests import factories
from tournament.models import (
    Adjustment,
    AuditLog,
    Entry,
    Player,
    Score,
    Season,
    Seat,
    Team,
    Tournament,
)
from tournament.registration import services as registration
from tournament.results import services as results

pytestmark = pytest.mark.django_db


def entry_with(what):
    """An entry of a drawn tournament of 4 that has ``what``: a seat, scores, or (unseated) an adjustment."""
    t, round_ = factories.seated(players=4)
    entry = t.entries.order_by("start_number").first()
    if what == "scores":
        results.record_totals(table=round_.tables.get(), totals={0: 30, 1: -10, 2: -10, 3: -10}, user=None)
    if what == "adjustment":
        late = registration.register(tournament=t, user=None, player=factories.existing_player())
        results.add_adjustment(entry=late, points=-5, reason="zu spät", user=None)
        return late
    return entry


@pytest.mark.parametrize("what", ["seat", "scores", "adjustment"])
def test_an_entry_with_results_is_refused_by_the_service_and_protected_by_the_model(what):
    entry = entry_with(what)
    before = (Seat.objects.count(), Score.objects.count(), Adjustment.objects.count())
    with pytest.raises(ValidationError) as err:
        registration.remove(entry=entry, user=None)
    assert err.value.code == "entry_has_results"
    with pytest.raises(ProtectedError):
        Entry.objects.get(pk=entry.pk).delete()                # any other caller: refused as well
    with pytest.raises(ProtectedError):
        Entry.objects.filter(pk=entry.pk).delete()
    assert Entry.objects.filter(pk=entry.pk).exists()
    assert (Seat.objects.count(), Score.objects.count(), Adjustment.objects.count()) == before
    assert not AuditLog.objects.filter(action=AuditLog.Action.DELETE).exists()


def test_an_entry_without_results_is_removed_and_a_whole_tournament_or_season_still_goes_at_once():
    t, round_ = factories.seated_and_played(players=4, games=2)
    results.add_adjustment(entry=t.entries.first(), points=3, reason="Bonus", user=None)
    spare = registration.register(tournament=t, user=None, player=factories.existing_player())
    registration.remove(entry=spare, user=None)
    assert not Entry.objects.filter(pk=spare.pk).exists()
    Tournament.objects.get(pk=t.pk).delete()                  # its results go with it
    assert not Score.objects.exists() and not Adjustment.objects.exists() and not Entry.objects.exists()
    t2, _round = factories.seated_and_played(players=4, games=1)
    results.add_adjustment(entry=t2.entries.first(), points=3, reason="Bonus", user=None)
    Season.objects.all().delete()
    assert not Seat.objects.exists() and not Adjustment.objects.exists() and Player.objects.exists()


def test_the_page_says_why_an_entry_with_results_stays(client):
    client.force_login(factories.staff())
    entry = entry_with("scores")
    response = client.post(reverse("director:entry_delete", args=[entry.tournament_id, entry.pk]), follow=True)
    assert Entry.objects.filter(pk=entry.pk).exists()
    assert "withdrawn" in response.content.decode() or "zurückgezogen" in response.content.decode()


def test_update_checks_the_start_number_creates_a_team_and_logs_only_changes():
    t = factories.tournament(players=3)
    one, two, _three = t.entries.order_by("start_number")
    with pytest.raises(ValidationError) as err:
        registration.update(entry=one, user=None, data={"start_number": 2}, player_data={})
    assert [e.code for e in err.value.error_dict["start_number"]] == ["start_number_taken"]
    before = AuditLog.objects.count()
    registration.update(entry=one, user=None, data={"start_number": 1, "paid": False},
                        player_data={"town": one.player.town})
    assert AuditLog.objects.count() == before                 # nothing changed: nothing logged
    saved = registration.update(entry=two, user=None, data={"start_number": 7}, new_team="  Die Trümpfe",
                                player_data={"birth_year": 1970})
    assert saved.start_number == 7 and saved.team.name == "Die Trümpfe" and Team.objects.count() == 1
    again = registration.update(entry=one, user=None, data={}, new_team="die trümpfe", player_data={})
    assert again.team == saved.team                           # found ignoring case
    log = AuditLog.objects.filter(object_id=two.pk, action=AuditLog.Action.UPDATE).get()
    assert log.old == {"start_number": 2, "team": None, "player.birth_year": None}
    assert log.new == {"start_number": 7, "team": "Die Trümpfe", "player.birth_year": 1970}
    with pytest.raises(TypeError):
        registration.update(entry=one, user=None, data={"total": 1000}, player_data={})
