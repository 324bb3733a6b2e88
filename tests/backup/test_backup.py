"""Backup and restore of one tournament: ``export_tournament`` and ``import_tournament`` round-trip it exactly.

``snapshot`` reads a tournament straight from the ORM by natural keys (not through the backup code), with every
stored field: timestamps, versions, scores, totals, lots, seeds, audit rows and who made them.
"""

import io
import json
import random
import re
import sys
import types

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from tests import factories
from tests.backup.roundtrip import (
    counts,
    edited,
    empty_database,
    export,
    imported,
    record_random,
    restore,
    set_path,
    snapshot,
    without_stamp,
)
from tournament.backup import format as backup
from tournament.backup import ziege as backup_ziege
from tournament.backup.export import export_tournament
from tournament.draws import services as draws
from tournament.models import (
    Adjustment,
    AuditLog,
    CashItem,
    Category,
    Entry,
    EntryCharge,
    Game,
    Payment,
    Player,
    Prize,
    PrizePlan,
    PrizeStep,
    Reduction,
    Round,
    Score,
    Season,
    Seat,
    Table,
    Team,
    Tournament,
    ZiegeBye,
    ZiegeGame,
    ZiegePair,
)
from tournament.results import services
from tournament.results.random_play import play_table
from tournament.seasons import services as seasons

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english():
    """The messages are asserted in English (the German catalogue is checked by test_locale)."""
    with translation.override("en"):
        yield


def build():
    """21 of 22 players seated (four tables of 4, one of 5: a field the draw solves at once), round 1 played,
    corrected and locked; round 2 drawn, deleted and drawn again, one table entered as totals, one partly
    through the services; adjustments (one deleted), a team, a category, lots."""
    director = factories.user()
    t = factories.tournament(players=22)
    helper = factories.with_role("helper", tournament=t, name="helfer")
    entries = {e.start_number: e for e in t.entries.select_related("player")}
    Entry.objects.filter(pk=entries[22].pk).update(withdrawn=True)
    team = Team.objects.create(season=t.season, name="Cego-Freunde Furtwangen")
    Entry.objects.filter(pk__in=[entries[1].pk, entries[2].pk]).update(team=team)
    Category.objects.create(season=t.season, name="Senioren").players.add(entries[3].player, entries[4].player)
    rng = random.Random(7)
    round_1 = draws.draw_round(tournament=t, number=1, user=director)
    for table in round_1.tables.all():
        play_table(table, table.games_planned, rng, user=director)
    services.refresh_totals(entries[n].pk for n in entries)
    record_random(round_1.tables.get(number=1), 3, rng, helper, expected_version=1)
    services.set_round_status(round_=round_1, status=Round.Status.LOCKED, user=director)
    draws.delete_draw(round_=draws.draw_round(tournament=t, number=2, user=director), user=director, reason="spät")
    round_2 = draws.draw_round(tournament=t, number=2, user=director)
    totals_table, games_table = round_2.tables.order_by("number")[:2]
    totals = {pos: 10 * pos for pos in range(totals_table.size - 1)}
    services.record_totals(table=totals_table, totals={**totals, totals_table.size - 1: -sum(totals.values())},
                           user=helper)
    for number in range(1, 6):
        record_random(games_table, number, rng, helper)
    services.delete_game(game=games_table.games.get(number=5), user=director)
    services.add_adjustment(entry=entries[1], points=-5, reason="zu spät", user=director)
    services.add_adjustment(entry=entries[2], points=12, reason="Rechenfehler Tisch 2", user=director)
    services.delete_adjustment(adjustment=services.add_adjustment(entry=entries[3], points=1, reason="x",
                                                                  user=director), user=director, reason="Irrtum")
    seasons.update_tournament(tournament=t, user=director, venue="Gasthaus Adler", prize_places=8)
    return Tournament.objects.get(pk=t.pk)


def test_the_example_has_what_a_backup_must_carry():
    t = build()
    shot = snapshot(t)
    assert {x["size"] for x in shot["tables"].values()} == {4, 5}
    assert any(g["version"] == 2 for g in shot["games"].values())
    assert [r["status"] for r in shot["rounds"]] == ["locked", "open"]
    assert any(game == () for _table, game, _no, _points in shot["scores"])         # a totals-only table
    assert {a["object"] is None for a in shot["audit"]} == {True, False}           # deleted draw, game, adjustment
    assert {a["user"] for a in shot["audit"]} == {"director", "helfer", None}     # None: the system registered
    assert any(a["object_type"] == "entry" and a["object"] for a in shot["audit"])
    assert any(a["object_type"] == "tournament" and a["object"] for a in shot["audit"])     # its settings changed
    assert all(e["lot"] for e in shot["entries"].values()) and shot["entries"][22]["withdrawn"]


def test_round_trip_into_an_empty_database(tmp_path):
    t = build()
    before = snapshot(t)
    text, _err = export(t)
    empty_database()
    out, _err = restore(tmp_path, text)
    new = imported(out)
    assert snapshot(new) == before
    assert without_stamp(export(new)[0]) == without_stamp(text)
    assert "22 entries (new players: 22), 2 rounds, 10 tables, 130 games, 2 adjustments" in out
    # who did what survives as inactive accounts that cannot log in
    assert "Created inactive accounts (no password) for: director, helfer" in out
    users = get_user_model().objects.all()
    assert {u.username for u in users} == {"director", "helfer"}
    assert not any(u.is_active or u.has_usable_password() for u in users)


def test_as_new_into_the_same_database_shares_players_and_users(tmp_path):
    t = build()
    text, _err = export(t)
    players, users = Player.objects.count(), get_user_model().objects.count()
    out, _err = restore(tmp_path, text, as_new="Testturnier (Kopie)")
    new = imported(out)
    assert new.pk != t.pk and new.name == "Testturnier (Kopie)"
    assert snapshot(new, skip=("name",)) == snapshot(t, skip=("name",))
    assert (Player.objects.count(), get_user_model().objects.count()) == (players, users)
    assert set(new.entries.values_list("player_id", flat=True)) == set(t.entries.values_list("player_id", flat=True))
    assert without_stamp(export(new)[0]) == without_stamp(text).replace('"Testturnier"', '"Testturnier (Kopie)"')


def test_a_duplicate_is_refused_and_replace_restores_in_place_keeping_roles(tmp_path):
    t = build()
    before = snapshot(t)
    text, _err = export(t)
    role = t.roles.get(user__username="helfer")        # roles are no part of a backup: they move over
    with pytest.raises(CommandError, match="--replace"):
        restore(tmp_path, text)
    assert list(Tournament.objects.values_list("pk", flat=True)) == [t.pk]
    Game.objects.filter(table__round__tournament=t, number=1).delete()          # damage to undo
    out, _err = restore(tmp_path, text, replace=True)
    new = imported(out)
    assert "It replaces the tournament of the same name and date" in out
    assert list(Tournament.objects.values_list("pk", flat=True)) == [new.pk]
    assert snapshot(new) == before
    role.refresh_from_db()
    assert role.tournament_id == new.pk


def test_into_another_season_with_its_own_team_and_category(tmp_path):
    t, _round = factories.seated_and_played(players=8, games=2)
    entry = t.entries.get(start_number=1)
    Entry.objects.filter(pk=entry.pk).update(team=Team.objects.create(season=t.season, name="Gstieß"))
    Category.objects.create(season=t.season, name="Jugend").players.add(entry.player)
    text, _err = export(t)
    other = Season.objects.create(name="Saison 2027", year=2027)
    with pytest.raises(CommandError, match="no season with id 999"):
        restore(tmp_path, text, season=999)
    new = imported(restore(tmp_path, text, season=other.pk)[0])
    assert new.season == other and new.entries.get(start_number=1).team.season == other
    assert list(Category.objects.get(season=other, name="Jugend").players.all()) == [entry.player]
    assert snapshot(new)["games"] == snapshot(t)["games"]


def test_a_changed_score_is_refused_naming_the_game_and_nothing_is_written(tmp_path):
    t = build()
    text, _err = export(t)
    Season.objects.all().delete()                # an import would have to create everything again
    get_user_model().objects.all().delete()
    before = counts()

    def swap(doc):
        scores = doc["rounds"][0]["tables"][1]["games"][6]["scores"]
        scores[0], scores[1] = scores[0] + 10, scores[1] - 10
    with pytest.raises(CommandError, match=r"round 1, table 2, game 7: the stored result .* not what the rules give"):
        restore(tmp_path, edited(text, swap))
    assert counts() == before


def test_a_wrong_total_is_found_after_writing_and_everything_is_rolled_back(tmp_path):
    t = build()
    text, _err = export(t)
    Tournament.objects.all().delete()
    get_user_model().objects.all().delete()
    before = counts()

    def more(doc):
        doc["entries"][3]["total"] += 1
    with pytest.raises(CommandError, match="Entry 4: the stored total"):
        restore(tmp_path, edited(text, more))
    assert counts() == before


def test_trust_scores_skips_the_engine_but_not_the_zero_sum(tmp_path):
    t = build()
    text, _err = export(t)

    def value(doc):
        doc["rounds"][0]["tables"][0]["games"][0]["value"] += 1
    with pytest.raises(CommandError, match="game 1: the stored result"):
        restore(tmp_path, edited(text, value), as_new="Kopie")
    out, _err = restore(tmp_path, edited(text, value), as_new="Kopie", trust_scores=True)
    assert Game.objects.get(table__round__tournament=imported(out), table__round__number=1, table__number=1,
                            number=1).value == Game.objects.get(table__round__tournament=t, table__round__number=1,
                                                                table__number=1, number=1).value + 1

    def unbalanced(doc):
        doc["rounds"][0]["tables"][0]["games"][0]["scores"][0] += 1
    with pytest.raises(CommandError, match="game 1: the scores sum to \\+1, not to zero"):
        restore(tmp_path, edited(text, unbalanced), as_new="Kopie 2", trust_scores=True)


@pytest.mark.parametrize("change, message", [
    (lambda text: text[: len(text) // 2], "is not a complete JSON document"),
    (lambda text: "[1, 2]", "not a tournament backup"),
    (lambda text: edited(text, set_path(["format"], "cego-season")), "not a tournament backup"),
    (lambda text: edited(text, set_path(["version"], 3)), "version 3 cannot be read"),
    (lambda text: edited(text, lambda doc: doc.pop("rounds")), "document: “rounds” is missing"),
    (lambda text: edited(text, lambda doc: doc["entries"][0].pop("player")), "entry 1: “player” is missing"),
    (lambda text: edited(text, set_path(["entries", 1, "paid"], "yes")), "entry 2: “paid” has the wrong type"),
    (lambda text: edited(text, set_path(["entries", 1, "registered_at"], "gestern")), "entry 2: “registered_at”"),
    (lambda text: edited(text, set_path(["rounds", 0, "status"], "open-ish")),
     "round 1: “status” has an unknown value"),
    (lambda text: edited(text, set_path(["rounds", 0, "tables", 0, "seats", 0], 99)), "no entry has start number 99"),
    (lambda text: edited(text, set_path(["rounds", 0, "tables", 0, "games", 0, "contract"], "skat")),
     "game 1: “contract” has an unknown value"),
    (lambda text: edited(text, set_path(["entries", 0, "team"], "Unbekannt")), "entry 1: unknown team"),
    (lambda text: edited(text, set_path(["audit", 0, "table"], {"round": 7, "table": 1})),
     "audit entry 1: unknown reference"),
    (lambda text: edited(text, set_path(["rounds", 0, "tables", 1, "seats"], [1, 2, 3])), "3 seats at a table of 4"),
    (lambda text: edited(text, set_path(["rounds", 0, "tables", 1, "games", 0, "number"], 25)),
     "table 2, game 25: the table plans games 1–24"),
    (lambda text: edited(text, set_path(["adjustments", 0, "created_at"], "2026-03-07T10:00:00")), "has no time zone"),
])
def test_bad_files_end_with_a_message_not_a_traceback(tmp_path, change, message):
    t, round_ = factories.seated_and_played(players=9, games=2)       # quicker than build(): no draw
    record_random(round_.tables.get(number=1), 3, random.Random(1), factories.user())
    services.add_adjustment(entry=t.entries.first(), points=2, reason="Bonus", user=factories.user())
    text, _err = export(t)
    before = counts()
    with pytest.raises(CommandError, match=re.escape(message)):
        restore(tmp_path, change(text), as_new="Kopie")
    assert counts() == before


def test_unreadable_input(tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_tournament", str(tmp_path / "missing.json"))
    (tmp_path / "latin1.json").write_bytes('{"name": "Jäger"}'.encode("latin-1"))
    with pytest.raises(CommandError, match="not UTF-8"), translation.override("en"):
        call_command("import_tournament", str(tmp_path / "latin1.json"))
    with pytest.raises(CommandError, match="no tournament with id 999"), translation.override("en"):
        call_command("export_tournament", 999)


def test_players_are_matched_only_when_unambiguous(tmp_path):
    t = build()
    text, _err = export(t)

    def elsewhere(doc):                          # the same people, registered in another database
        for entry in doc["entries"]:
            entry["player"]["created_at"] = "2025-12-01T10:00:00+00:00"
        doc["entries"][1]["player"]["town"] = "Furtwangen"
    first = t.entries.get(start_number=1).player
    double = Player.objects.create(**{name: getattr(first, name) for name in backup.PLAYER_IDENTITY})
    with pytest.raises(CommandError, match="Entry 1: .* could be any of 2 players here.*--new-players"):
        restore(tmp_path, edited(text, elsewhere), as_new="Kopie")
    players = Player.objects.count()
    out, _err = restore(tmp_path, edited(text, elsewhere), as_new="Kopie", new_players=True)
    assert Player.objects.count() == players + 22 and "(new players: 22)" in out
    copies = list(imported(out).entries.values_list("player_id", flat=True))
    imported(out).delete()
    Player.objects.filter(pk__in=[*copies, double.pk]).delete()
    out, _err = restore(tmp_path, edited(text, elsewhere), as_new="Kopie 2")
    assert "(new players: 1)" in out and f"Matched to existing players with the same data: {first};" in out
    second = imported(out).entries.get(start_number=2).player
    assert second.town == "Furtwangen" and second.pk != t.entries.get(start_number=2).player_id


def test_the_document_goes_to_stdout_and_progress_to_stderr(tmp_path, monkeypatch):
    t = build()
    with translation.override("en"):
        text, err = export(t)
    doc = json.loads(text)
    assert (doc["format"], doc["version"]) == ("cego-tournament", 2)
    assert "round 1: 5 tables, 126 games" in err and "bytes in" in err
    target = tmp_path / "out.json"
    out, _err = export(t, output=str(target))
    assert out == "" and without_stamp(target.read_text(encoding="utf-8")) == without_stamp(text)
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BytesIO(text.encode())))
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"):
        call_command("import_tournament", "-", as_new="Kopie", stdout=out, stderr=err)
    assert "checking the file" in err.getvalue() and "checking" not in out.getvalue()
    assert out.getvalue().startswith("Tournament “Kopie” imported with id")


def test_the_export_reads_a_fixed_number_of_queries():
    small, _round = factories.seated_and_played(players=8, games=2)
    large, _round = factories.seated_and_played(players=17, games=6)
    queries = []
    for t in (small, large):
        with CaptureQueriesContext(connection) as context:
            export_tournament(t)
        queries.append(len(context))
    assert queries[0] == queries[1]


@pytest.mark.parametrize("model, fields, by_reference", [
    (Season, backup.SEASON_FIELDS, {"id"}),
    (Tournament, backup.TOURNAMENT_FIELDS, {"id", "season"}),
    (Player, backup.PLAYER_FIELDS, {"id"}),
    (Entry, backup.ENTRY_FIELDS, {"id", "tournament", "player", "team"}),
    (Round, backup.ROUND_FIELDS, {"id", "tournament"}),
    (Table, backup.TABLE_FIELDS, {"id", "round"}),
    (Seat, (), {"id", "round", "table", "entry", "position"}),            # a table's "seats": start numbers
    (Game, backup.GAME_STORED, {"id", "table", "updated_by"}),
    (Score, (), {"id", "table", "game", "entry", "points"}),              # from "scores" and "totals"
    (Adjustment, backup.ADJUSTMENT_FIELDS, {"id", "entry", "created_by"}),
    (AuditLog, backup.AUDIT_FIELDS, {"id", "tournament", "season", "table", "object_id", "user"}),
    (Team, (), {"id", "season", "name"}),
    (Category, (), {"id", "season", "name"}),
    (ZiegePair, backup_ziege.PAIR_FIELDS, {"id", "tournament", "first", "second"}),   # "ziege_teams"
    (ZiegeBye, (), {"id", "round", "pair"}),                              # a round's "byes": team numbers
    (ZiegeGame, backup_ziege.GAME_FIELDS, {"id", "table"}),               # a table's "ziege_games"
    # the money and the prizes (backup.money): entries by start number, reductions by name, categories by name,
    # a step's goods by the prize's place in the plan; "category" of a reduction: a built-in key or by name
    (Reduction, backup.REDUCTION_FIELDS, {"id", "tournament", "category"}),
    (EntryCharge, backup.CHARGE_FIELDS, {"id", "entry", "reduction"}),
    (Payment, backup.PAYMENT_FIELDS, {"id", "entry", "user"}),
    (CashItem, backup.CASH_ITEM_FIELDS, {"id", "tournament"}),
    (PrizePlan, backup.PRIZE_PLAN_FIELDS, {"id", "tournament", "season"}),   # "season": a season's template
    (Prize, backup.PRIZE_FIELDS, {"id", "plan", "category"}),
    (PrizeStep, backup.PRIZE_STEP_FIELDS, {"id", "tournament", "entry", "goods", "user"}),
])
def test_the_format_covers_every_stored_field(model, fields, by_reference):
    stored = {f.name for f in model._meta.concrete_fields} - set(backup.VERSION_FIELDS) - set(backup.LOCAL_FIELDS)
    assert stored == set(fields) | by_reference


def test_a_version_1_document_with_the_old_field_names_still_imports(tmp_path):
    t, round_ = factories.seated_and_played(players=8, games=3)
    text, _err = export(t)

    def as_version_1(doc):
        doc["version"] = 1
        doc["tournament"]["rounds"] = doc["tournament"].pop("round_count")
        for table in doc["rounds"][0]["tables"]:
            table["games_played"] = table.pop("games_planned")
    out, _err = restore(tmp_path, edited(text, as_version_1), as_new="Alt")
    copy = imported(out)
    assert copy.round_count == t.round_count
    assert [tb.games_planned for tb in copy.round_set.get().tables.order_by("number")] == \
        [tb.games_planned for tb in round_.tables.order_by("number")]


def test_a_file_from_before_entry_at_the_table_imports_and_its_open_rounds_get_new_links(tmp_path):
    from tournament.draws import links
    from tournament.models import TableLink

    t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    factories.play_table(table, 3)
    old_tokens = set(TableLink.objects.values_list("token", flat=True))
    text, _err = export(t)

    def without_new_fields(doc):
        for raw_round in doc["rounds"]:
            raw_round.pop("clock_minutes"), raw_round.pop("clock_ends_at")
            for raw_table in raw_round["tables"]:
                for game in raw_table["games"]:
                    for name in ("keyed_seat", "keyed_device", "confirmed_seat", "confirmed_at"):
                        game.pop(name)
        for row in doc["audit"]:
            row.pop("origin")
    out, _err = restore(tmp_path, edited(text, without_new_fields), as_new="Kopie")
    copy = imported(out)
    games = Game.objects.filter(table__round__tournament=copy)
    assert games.count() == 3 and all(g.confirmed and g.keyed_device == "" for g in games)
    new = {link.table.number: link.token for link in links.active_links(copy.round_set.get()).values()}
    assert sorted(new) == [1, 2] and not set(new.values()) & old_tokens
