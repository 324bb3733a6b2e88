"""A Ziege tournament in a backup (docs/backup.md "Ziege"): its teams of two, byes and games round-trip — into an
empty database and with --replace —, the signature covers them, and a file that breaks a Ziege rule is refused
naming the place, with nothing written."""

import json

import pytest
from django.core.management import CommandError
from django.utils import translation

from tests import factories
from tests.backup.roundtrip import edited, empty_database, export, imported, restore, without_stamp
from tests.ziege import ziege_tournament
from tournament.draws import ziege as ziege_draws
from tournament.models import AuditLog, Round, Table, Tournament, ZiegeBye, ZiegeGame, ZiegePair
from tournament.results import services
from tournament.results import ziege as ziege_results
from tournament.standings import ziege as ziege_standings

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def evening():
    """Five teams, two rounds (a bye each), games with finished and unfinished series, a deleted game."""
    t = ziege_tournament(teams=5, rounds=2)
    user = factories.user()
    for number in (1, 2):
        round_ = ziege_draws.draw_round(tournament=t, number=number, user=user)
        first, second = round_.tables.order_by("number")
        for points, tricks in ((120, (True, False)), (0, (False, True)), (45, (True, True)), (120, (True, False)),
                               (120, (True, False))):
            ziege_results.record_game(table=first, user=user, points_a=points, trick_a=tricks[0],
                                      trick_b=tricks[1])
        ziege_results.record_game(table=second, user=user, points_a=60, trick_a=True, trick_b=True)
        ziege_results.record_game(table=second, user=user, points_a=25, trick_a=True, trick_b=True)
        ziege_results.delete_last_game(table=second, user=user)
        if number == 1:
            services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user, reason="Zeit")
    return Tournament.objects.get(pk=t.pk)


def ziege_snapshot(t):
    """The Ziege data of ``t`` by natural keys, with the standings they give and the audit rows' objects."""
    tables = {x.pk: (x.round.number, x.number) for x in Table.objects.filter(round__tournament=t)}
    games = {g.pk: (*tables[g.table_id], g.number) for g in ZiegeGame.objects.filter(table__round__tournament=t)}
    return {
        "teams": sorted((p.number, p.first.start_number, p.second.start_number, p.lot)
                        for p in ZiegePair.objects.filter(tournament=t)),
        "byes": sorted((b.round.number, b.pair.number) for b in ZiegeBye.objects.filter(round__tournament=t)),
        "games": sorted((games[g.pk], g.points_a, g.trick_a, g.trick_b)
                        for g in ZiegeGame.objects.filter(table__round__tournament=t)),
        "standings": [(r["number"], r["series_won"], r["series_lost"], r["given"], r["received"], r["byes"])
                      for r in ziege_standings.standings(t)],
        "rounds": [(r.number, r.status) for r in t.round_set.order_by("number")],
        "game_audit": sorted((a.action, games.get(a.object_id, ())) for a in
                             AuditLog.objects.filter(tournament=t, object_type=AuditLog.Kind.GAME)),
    }


def test_a_ziege_tournament_round_trips_with_teams_byes_and_games(tmp_path):
    t = evening()
    before = ziege_snapshot(t)
    assert len(before["teams"]) == 5 and len(before["byes"]) == 2 and len(before["games"]) == 12
    assert ("create", ()) in before["game_audit"] and ("create", (1, 1, 1)) in before["game_audit"]
    text, _err = export(t)
    doc = json.loads(text)
    assert [team["number"] for team in doc["ziege_teams"]] == [1, 2, 3, 4, 5]
    assert all(len(r["byes"]) == 1 for r in doc["rounds"])
    empty_database()
    out, _err = restore(tmp_path, text)
    new = imported(out)
    assert "12 games" in out
    assert new.game == "ziege" and ziege_snapshot(new) == before
    assert without_stamp(export(new)[0]) == without_stamp(text)


def test_replace_restores_a_ziege_tournament_in_place(tmp_path):
    t = evening()
    before = ziege_snapshot(t)
    text, _err = export(t)
    ziege_results.record_game(table=Round.objects.get(tournament=t, number=2).tables.get(number=2),
                              user=factories.user(), points_a=100, trick_a=True, trick_b=True)
    out, _err = restore(tmp_path, text, replace=True)
    new = imported(out)
    assert Tournament.objects.filter(game="ziege").count() == 1 and ZiegePair.objects.count() == 5
    assert ziege_snapshot(new) == before


def test_a_cego_backup_has_no_ziege_keys():
    t, _round = factories.seated_and_played(players=8, games=2)
    doc = json.loads(export(t)[0])
    assert "ziege_teams" not in doc and "byes" not in doc["rounds"][0]
    assert "ziege_games" not in doc["rounds"][0]["tables"][0]


def first_table(doc):
    return doc["rounds"][0]["tables"][0]


@pytest.mark.parametrize("change, message", [
    (lambda d: first_table(d)["ziege_games"][0].update(points_a=119), "not a legal game"),
    (lambda d: first_table(d)["ziege_games"][1].update(number=7), "numbered"),
    (lambda d: first_table(d)["ziege_games"][0].update(points_a="x"), "wrong type"),
    (lambda d: d["ziege_teams"][0].update(second=d["ziege_teams"][1]["first"]), "two teams"),
    (lambda d: d["ziege_teams"][0].update(first=999), "no entry has start number 999"),
    (lambda d: d["ziege_teams"][1].update(number=1), "occurs twice"),
    (lambda d: first_table(d)["seats"].insert(1, first_table(d)["seats"].pop(2)), "partners opposite"),
    (lambda d: d["rounds"][0].update(byes=[9]), "unknown Ziege team 9"),
    (lambda d: d["rounds"][0].update(byes=[d["ziege_teams"][0]["number"]]), "has a bye and a table"),
    (lambda d: d["tournament"].update(game="cego"), "does not play Ziege"),
])
def test_a_file_that_breaks_a_ziege_rule_is_refused_and_nothing_is_written(tmp_path, change, message):
    t = evening()
    text, _err = export(t)
    doc = json.loads(text)
    bye = doc["rounds"][0]["byes"][0]
    seated = {n for x in doc["rounds"][0]["tables"] for n in x["seats"]}
    teams = {team["number"]: team for team in doc["ziege_teams"]}
    if "has a bye" in message:                       # a seated team also given the bye
        team = next(n for n, team in teams.items() if team["first"] in seated)
        doc["rounds"][0]["byes"] = [bye, team]
    else:
        change(doc)
    counts = (Tournament.objects.count(), ZiegePair.objects.count(), ZiegeGame.objects.count())
    with pytest.raises(CommandError) as err:
        restore(tmp_path, edited(json.dumps(doc), lambda d: None), as_new="Kopie")
    assert message in str(err.value)
    assert (Tournament.objects.count(), ZiegePair.objects.count(), ZiegeGame.objects.count()) == counts


def test_an_edited_ziege_game_without_the_key_is_refused_by_the_signature(tmp_path):
    t = evening()
    doc = json.loads(export(t)[0])
    first_table(doc)["ziege_games"][0]["points_a"] = 0
    with pytest.raises(CommandError) as err:
        restore(tmp_path, json.dumps(doc), as_new="Kopie")
    assert "signature does not match" in str(err.value)


def test_a_ziege_tournament_is_deleted_with_its_teams_but_a_team_member_alone_is_not():
    from django.core.exceptions import ValidationError

    from tournament.registration import services as registration
    from tournament.registration import ziege as ziege_registration

    t = evening()
    late = ziege_registration.register_pair(tournament=t, user=factories.user(), first={"first_name": "Eva",
                                            "last_name": "Spät"}, second={"first_name": "Max", "last_name": "Spät"})
    with pytest.raises(ValidationError) as err:
        registration.remove(entry=late.second, user=factories.user())       # no results, but in a team
    assert err.value.code == "entry_in_team" and ZiegePair.objects.filter(pk=late.pk).exists()
    t.season.delete()                                  # a season goes with its tournaments, teams, byes, games
    assert not ZiegePair.objects.exists() and not ZiegeBye.objects.exists() and not ZiegeGame.objects.exists()
