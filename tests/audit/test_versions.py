"""Data versions (``tournament.audit.versions``): every write raises the versions of what it changes, in its own
transaction, and nothing else. The public page cache is only as fresh as these are complete."""

import json
import random

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.urls import reverse

from scoring.random_games import random_game
from tests import factories
from tests.factories import tournament_data
from tournament.backup.export import export_tournament
from tournament.backup.load import import_tournament
from tournament.draws import services as draws
from tournament.models import Category, Entry, Game, Round, Season, Team, Tournament
from tournament.registration import services as registration
from tournament.results import engine, services
from tournament.results.random_play import play_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def live():
    """A published tournament of 8, round 1 seated with three games at each of its two tables, and a second
    tournament in the same season."""
    t, round_ = factories.seated(players=8, published=True)
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    factories.tournament(players=4, season=t.season, name="Zweites Turnier")
    return t


def state(t):
    """The versions a write may raise: tournament (data, set-up), its season, the other tournament of the season,
    the entries of table 1 and of table 2 (results)."""
    t = Tournament.objects.select_related("season").get(pk=t.pk)
    other = Tournament.objects.get(season=t.season, name="Zweites Turnier")
    tables = list(t.round_set.get(number=1).tables.order_by("number"))
    return {"data": t.data_version, "setup": t.setup_version, "season": t.season.data_version,
            "other": other.data_version,
            **{f"table {x.number}": sorted(Entry.objects.filter(seats__table=x).values_list("results_version",
                                                                                             flat=True))
               for x in tables}}


def raised(before, after):
    return {name for name in before if before[name] != after[name]}


def first_table(t):
    return t.round_set.get(number=1).tables.select_related("round__tournament").order_by("number").first()


def game_data(table, number, seed=3):
    game = random_game(random.Random(seed), table.round.tournament.ruleset, players=table.size,
                       dealer=table.dealer(number))
    data = {name: game.get(name) for name in engine.GAME_FIELDS}
    data["calls"] = data["calls"] or 0
    return data


def rename_player(t):
    entry = t.entries.select_related("player").get(start_number=1)
    other = Tournament.objects.get(name="Zweites Turnier")
    registration.register(user=None, tournament=other, player=entry.player)
    before = state(t)
    registration.update(entry=entry, user=None, data={}, player_data={"last_name": "Umbenannt"})
    return before


def replay_table_1(t):
    Game.objects.filter(table=first_table(t)).delete()         # raw: only what follows is measured
    return t


def lock_round(t):
    Round.objects.filter(tournament=t).update(status=Round.Status.LOCKED)
    return t


RESULT = {"data", "season", "table 1"}
SETUP = {"data", "setup", "season"}
# write: (prepare, write, the versions it raises)
WRITES = {
    "game": (None, lambda t: services.record_game(table=first_table(t), number=4,
                                                  data=game_data(first_table(t), 4), user=None), RESULT),
    "deleted game": (None, lambda t: services.delete_game(game=Game.objects.get(table=first_table(t), number=3),
                                                          user=None), RESULT),
    "random games": (replay_table_1, lambda t: play_table(first_table(t), 5, random.Random(1)), RESULT),
    "totals refreshed": (None, lambda t: services.refresh_totals(
        Entry.objects.filter(seats__table=first_table(t)).values_list("pk", flat=True)), RESULT),
    "adjustment": (None, lambda t: services.add_adjustment(entry=t.entries.get(start_number=1), points=-20,
                                                           reason="Verspätung", user=None), SETUP | {"table 1"}),
    "round unlocked": (lock_round, lambda t: services.set_round_status(round_=t.round_set.get(), reason="Fehler",
                                                                       status=Round.Status.OPEN, user=None), SETUP),
    "registration": (None, lambda t: registration.register(user=None, tournament=t, player_data={
        "first_name": "Rosa", "last_name": "Wehrle"}), SETUP),
    "withdrawal": (None, lambda t: registration.toggle(entry=t.entries.get(start_number=8), field="withdrawn",
                                                       user=None), SETUP),
    "draw": (None, lambda t: draws.draw_round(tournament=t, number=2, user=factories.user()), SETUP),
}


@pytest.mark.parametrize("write", WRITES)
def test_a_write_raises_exactly_the_versions_of_what_it_changes(live, write):
    prepare, action, expected = WRITES[write]
    if prepare:
        prepare(live)
    before = state(live)
    action(live)
    assert raised(before, state(live)) == expected


def test_a_rolled_back_write_raises_nothing(live):
    before = state(live)
    with pytest.raises(RuntimeError), transaction.atomic():
        services.add_adjustment(entry=live.entries.get(start_number=1), points=-20, reason="x", user=None)
        raise RuntimeError
    assert state(live) == before


def test_a_renamed_player_changes_every_tournament_of_the_player(live):
    before = rename_player(live)
    assert raised(before, state(live)) == {"data", "setup", "season", "other"}


def test_a_backup_import_changes_the_season(live):
    doc = json.loads(json.dumps(export_tournament(live), cls=DjangoJSONEncoder))
    before = state(live)
    import_tournament(doc, as_new="Kopie")
    assert raised(before, state(live)) == {"data", "setup", "season", "other"}


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


OFFICE = {
    "tournament edit": (lambda t: ("director:tournament_edit", [t.pk], tournament_data(name="Umbenannt",
                                                                                       status="running")),
                        {"data", "setup", "season"}),
    "season edit": (lambda t: ("director:season_edit", [t.season.pk], {"name": "Neu", "year": 2026,
                                                                        "youth_age": 18}), SETUP | {"other"}),
    "category": (lambda t: ("director:categories", [t.season.pk], {"name": "Senioren"}), SETUP | {"other"}),
    "category member": (lambda t: ("director:category_members", [t.season.pk, Category.objects.create(
        season=t.season, name="Senioren").pk], {"player": t.entries.get(start_number=1).player_id}),
                        SETUP | {"other"}),
}


@pytest.mark.parametrize("form", OFFICE)
def test_the_office_forms_raise_the_versions_too(live, director, form):
    make, expected = OFFICE[form]
    name, args, data = make(live)
    before = state(live)
    assert director.post(reverse(name, args=args), data).status_code == 302
    assert raised(before, state(live)) == expected


def test_admin_edits_raise_the_versions_too(live, director):
    """The admin bypasses the services (repairs): its saves and deletes raise the versions all the same."""
    player = live.entries.get(start_number=1).player
    before = state(live)
    changed = director.post(reverse("admin:tournament_player_change", args=[player.pk]),
                            {"first_name": player.first_name, "last_name": "Repariert", "town": "", "club": "",
                             "aliases-TOTAL_FORMS": "0", "aliases-INITIAL_FORMS": "0"})      # the alias inline
    assert changed.status_code == 302 and raised(before, state(live)) == SETUP
    team = Team.objects.create(season=live.season, name="Löffingen 1")
    before = state(live)
    assert director.post(reverse("admin:tournament_team_delete", args=[team.pk]), {"post": "yes"}).status_code == 302
    assert raised(before, state(live)) == SETUP | {"other"}


def test_new_rows_start_at_random_versions():
    seasons = [Season.objects.create(name=f"S{i}", year=2026) for i in range(3)]
    assert len({s.data_version for s in seasons}) == 3
