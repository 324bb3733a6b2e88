"""A player leaves during a round: the director ends his table's round early (``results.early_end``) — the games
played stand, or the round of that table is not counted (SM rule 7) — with a reason, audited, undoable; totals,
standings, statistics, the round lock, the office page and the backup follow."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import translation

from tests import factories
from tests.backup.roundtrip import empty_database, export, imported, restore
from tournament.audit import words
from tournament.models import AuditLog, Entry, Round, Table
from tournament.results import early_end, selectors, services
from tournament.standings.selectors import season_standings, tournament_standings
from tournament.statistics.selectors import entry_stats, tournament_stats

pytestmark = pytest.mark.django_db


def half_played(players=8):
    """Round 1 seated; table 1 has played 3 games, the other tables all of theirs."""
    t, round_ = factories.seated(players=players)
    tables = list(round_.tables.order_by("number"))
    factories.play_table(tables[0], 3)
    for table in tables[1:]:
        factories.play_table(table)
    return t, round_, tables[0]


def entries_at(table):
    return list(Entry.objects.filter(seats__table=table).order_by("seats__position"))


def played_points(table):
    """{entry_id: sum of the table's scores}."""
    return {e.pk: sum(s.points for s in e.scores.filter(table=table)) for e in entries_at(table)}


def test_games_played_stand_the_table_is_complete_and_audited():
    t, round_, table = half_played()
    points = played_points(table)
    assert not next(p for p in selectors.round_progress(round_) if p["table"] == table)["complete"]
    early_end.end_table_early(table=table, user=factories.user(), reason="  Spieler 3 krank  ", counted=True)
    table.refresh_from_db()
    assert (table.ended_early, table.not_counted, table.end_reason) == (True, False, "Spieler 3 krank")
    progress = next(p for p in selectors.round_progress(round_) if p["table"] == table)
    assert progress["complete"] and progress["ended_early"] and not progress["not_counted"]
    for entry in entries_at(table):
        assert entry.total == points[entry.pk]
    log = AuditLog.objects.get(object_type=AuditLog.Kind.TABLE)
    assert (log.action, log.table, log.object_id, log.reason) == ("end", table, table.pk, "Spieler 3 krank")
    assert log.old is None and log.new == {"ended_early": True, "not_counted": False, "reason": "Spieler 3 krank"}
    # the round can be completed and locked now
    services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=factories.user())


def test_not_counted_leaves_the_table_out_of_totals_standings_and_statistics():
    t, round_, table = half_played()
    assert any(played_points(table).values())
    before = tournament_stats(t)
    early_end.end_table_early(table=table, user=factories.user(), reason="Zettel unleserlich", counted=False)
    for entry in entries_at(table):
        assert entry.total == 0
    assert selectors.entry_totals(t).get(entries_at(table)[0].pk, 0) == 0
    rows = {r.key: r for r in tournament_standings(t).rows}
    for entry in entries_at(table):
        row = rows[entry.pk]
        assert row.round_scores == [0, 0] and row.total == 0
        assert row.data["round_cells"][0] == (0, "Zettel unleserlich")
        assert row.declarer_won == row.declarer_lost == 0
    other = next(e for e in Entry.objects.filter(tournament=t) if e not in entries_at(table))
    assert rows[other.pk].data["round_cells"][0][1] is None
    season = {r.key: r.total for r in season_standings(t.season, published_only=False).rows}
    assert all(season[e.player_id] == 0 for e in entries_at(table))
    after = tournament_stats(t)
    assert after["games"] == before["games"] - 3
    assert entry_stats(entries_at(table)[0])["games"] == 0
    # the games stay stored and visible on the sheet
    assert table.games.count() == 3


def test_resume_undoes_and_changing_the_decision_is_audited():
    t, round_, table = half_played()
    points = played_points(table)
    user = factories.user()
    early_end.end_table_early(table=table, user=user, reason="verlassen", counted=False)
    early_end.end_table_early(table=table, user=user, reason="verlassen", counted=False)     # twice: one row
    assert AuditLog.objects.filter(object_type="table").count() == 1
    early_end.end_table_early(table=table, user=user, reason="Zettel doch lesbar", counted=True)
    assert all(e.total == points[e.pk] for e in entries_at(table))
    early_end.resume_table(table=table, user=user, reason="Irrtum")
    table.refresh_from_db()
    assert (table.ended_early, table.not_counted, table.end_reason) == (False, False, "")
    assert all(e.total == points[e.pk] for e in entries_at(table))
    assert list(AuditLog.objects.filter(object_type="table").order_by("id").values_list("action", flat=True)) == [
        "end", "end", "resume"]
    assert not next(p for p in selectors.round_progress(round_) if p["table"] == table)["complete"]


def test_a_reason_is_required_and_only_the_direction_may():
    t, round_, table = half_played()
    with pytest.raises(ValidationError) as info:
        early_end.end_table_early(table=table, user=factories.user(), reason="  ", counted=True)
    assert info.value.error_dict["reason"][0].code == "reason_required"
    with pytest.raises(ValidationError) as info:
        early_end.end_table_early(table=table, user=factories.user(), reason="x" * 201, counted=True)
    assert info.value.error_dict["reason"][0].code == "reason_too_long"
    helper = factories.with_role("helper", tournament=t, name="helfer")
    with pytest.raises(PermissionDenied):
        early_end.end_table_early(table=table, user=helper, reason="weg", counted=True)
    with pytest.raises(PermissionDenied):
        early_end.resume_table(table=table, user=helper, reason="weg")
    table.refresh_from_db()
    assert not table.ended_early and not AuditLog.objects.filter(object_type="table").exists()


def test_no_new_game_at_an_ended_table_and_not_in_a_locked_round():
    t, round_, table = half_played()
    early_end.end_table_early(table=table, user=factories.user(), reason="weg", counted=True)
    data = {"contract": "cego", "declarer": table.forehand(4), "card_points": 40}
    with pytest.raises(ValidationError) as info:
        services.record_game(table=table, number=4, data=data, user=factories.user())
    assert info.value.code == "table_ended"
    services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=factories.user())
    with pytest.raises(ValidationError) as info:
        early_end.resume_table(table=table, user=factories.user(), reason="Irrtum")
    assert info.value.code == "round_locked"


def test_audit_words():
    t, round_, table = half_played()
    early_end.end_table_early(table=table, user=factories.user(), reason="Zettel weg", counted=False)
    early_end.resume_table(table=table, user=factories.user(), reason="gefunden")
    with translation.override("en"):
        ended, resumed = words.describe_all(AuditLog.objects.filter(object_type="table").order_by("id")
                                            .select_related("user", "table__round"))
        assert ended.kind == "Table" and ended.subject == f"Table {table.number}"
        assert ended.subject == f"Table {table.number}" and ended.where == "Round 1"   # the table is said once
        assert ended.after == "round ended early; the round of this table is not counted (“Zettel weg”)"
        assert ended.action == "ended early"
        assert resumed.after == "the table plays on: the early end is undone" and resumed.action == "resumed"
        assert "not counted" in resumed.before


def test_office_form_ends_and_resumes_and_the_standings_mark_the_cell(client):
    t, round_, table = half_played()
    client.force_login(factories.user())
    url = reverse("director:table_end", args=[t.pk, 1, table.number])
    page = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert url in page
    client.post(url, {"action": "end", "counted": "not_counted", "reason": ""})
    table.refresh_from_db()
    assert not table.ended_early                                     # no reason, nothing done
    client.post(url, {"action": "end", "counted": "not_counted", "reason": "<b>Zettel</b> weg"})
    table.refresh_from_db()
    assert table.ended_early and table.not_counted
    page = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'data-ended="not_counted"' in page and "&lt;b&gt;Zettel&lt;/b&gt; weg" in page
    standings = client.get(reverse("director:standings", args=[t.pk])).content.decode()
    assert 'class="num uncounted"' in standings and "<b>Zettel" not in standings
    sheet = client.get(reverse("entry:sheet", args=[table.pk])).content.decode()
    assert 'id="ended-early"' in sheet and "&lt;b&gt;Zettel&lt;/b&gt; weg" in sheet
    client.post(url, {"action": "resume", "reason": "Irrtum"})
    table.refresh_from_db()
    assert not table.ended_early


def test_public_standings_mark_the_cell(client):
    t, round_, table = half_played()
    t.published = True
    t.save()
    early_end.end_table_early(table=table, user=factories.user(), reason="Zettel weg", counted=False)
    page = client.get(reverse("public:tournament", args=[t.pk])).content.decode()
    assert "uncounted" in page and "Zettel weg" in page


def test_backup_round_trip_keeps_the_early_end(tmp_path):
    t, round_, table = half_played()
    early_end.end_table_early(table=table, user=factories.user(), reason="Zettel weg", counted=False)
    text, _err = export(t)
    empty_database()
    out, _err = restore(tmp_path, text)
    new = imported(out)
    restored = Table.objects.get(round__tournament=new, number=table.number, round__number=1)
    assert (restored.ended_early, restored.not_counted, restored.end_reason) == (True, True, "Zettel weg")
    assert all(e.total == 0 for e in entries_at(restored))
    log = AuditLog.objects.get(tournament=new, object_type="table")
    assert log.table == restored and log.object_id == restored.pk
