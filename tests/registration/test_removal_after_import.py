"""Removing an entry (issue 22): the page asks once and says what goes with it; an entry removed right after an
import also removes the player record that import created, while nothing else uses it (another entry, another
spelling kept by a merge, a category); an existing player the import reused, and a player registered by hand,
stay. Audited in words."""

import pytest
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Category, Entry, Player, PlayerAlias
from tournament.registration import importer
from tournament.registration import services as registration

pytestmark = pytest.mark.django_db

LIST = [["Vorname", "Nachname", "Ort"], ["Anna", "Maier", "Titisee"], ["Rosa", "Wehrle", "Titisee"]]


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def imported(t):
    rosa = factories.existing_player()                  # Rosa Wehrle from Titisee: reused, not created
    importer.import_registrations(tournament=t, data=factories.registration_csv(LIST), filename="liste.csv",
                                  user=factories.staff())
    entries = {e.player.first_name: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    assert entries["Rosa"].player == rosa
    return entries["Anna"], entries["Rosa"]


def edit_page(director, entry):
    return director.get(reverse("director:entry_edit", args=[entry.tournament_id, entry.pk])).content.decode()


def remove(director, entry):
    return director.post(reverse("director:entry_delete", args=[entry.tournament_id, entry.pk]), follow=True)


def test_the_import_marks_the_players_it_created():
    t = factories.tournament(players=1)
    anna, rosa = imported(t)
    assert anna.created_player and not rosa.created_player
    assert not t.entries.get(player__last_name="Maier0").created_player        # registered by hand


def test_the_page_asks_once_and_says_the_imported_player_goes_too(director):
    t = factories.tournament(players=0)
    anna, rosa = imported(t)
    page = edit_page(director, anna)
    assert 'id="confirm-remove"' in page and 'id="remove-question"' in page and 'id="remove-player-too"' in page
    assert "Die Anmeldung von Anna Maier (Startnummer 1) wirklich entfernen?" in page
    assert page.index('id="ask-delete-entry"') < page.index('id="delete-entry"')   # the button is behind the question
    assert 'id="remove-player-too"' not in edit_page(director, rosa)
    assert "Der Spieler bleibt in der Spielerliste." in edit_page(director, rosa)


def test_removing_an_imported_entry_removes_the_player_the_import_created(director):
    t = factories.tournament(players=0)
    anna, rosa = imported(t)
    response = remove(director, anna)
    assert not Entry.objects.filter(pk=anna.pk).exists() and not Player.objects.filter(pk=anna.player_id).exists()
    assert "und mit ihr der Spieler, den der Import angelegt hatte" in response.content.decode()
    log = AuditLog.objects.filter(tournament=t, object_type=AuditLog.Kind.ENTRY, action=AuditLog.Action.DELETE).get()
    assert log.old == {"start_number": 1, "player": "Maier, Anna (Titisee)", "player_removed": True}
    remove(director, rosa)                                  # reused by the import: the record stays
    assert not Entry.objects.filter(pk=rosa.pk).exists() and Player.objects.filter(pk=rosa.player_id).exists()


@pytest.mark.parametrize("use", ["other_entry", "alias", "category"])
def test_a_created_player_something_else_uses_stays(use):
    t = factories.tournament(players=0)
    anna, _rosa = imported(t)
    if use == "other_entry":
        other = factories.tournament(players=0, season=t.season, name="Zweites")
        registration.register(tournament=other, user=None, player=anna.player)
    elif use == "alias":
        PlayerAlias.objects.create(player=anna.player, first_name="Ana", last_name="Maier")
    else:
        Category.objects.create(season=t.season, name="Senioren").players.add(anna.player)
    assert not registration.player_goes_too(anna)
    assert registration.remove(entry=anna, user=None) is False
    assert Player.objects.filter(pk=anna.player_id).exists()


def test_a_player_registered_by_hand_stays(director):
    t = factories.tournament(players=1)
    entry = t.entries.get()
    assert 'id="remove-player-too"' not in edit_page(director, entry)
    remove(director, entry)
    assert Player.objects.filter(pk=entry.player_id).exists()
