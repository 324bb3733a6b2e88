"""Duplicate players: the likely pairs of a season, and merging one record into another (registration.merge)."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests import factories
from tournament.audit.words import describe
from tournament.models import AuditLog, Category, Entry, Player, PlayerAlias, Role, Score, Season, Tournament
from tournament.registration import duplicates, merge
from tournament.registration import services as registration
from tournament.standings import selectors as standings

pytestmark = pytest.mark.django_db


def played_with(season, player, name, day):
    """A tournament of ``season`` with ``player`` and three others, one round seated and played; his entry."""
    t = factories.tournament(players=3, season=season, name=name, date=datetime.date(2026, 3, day))
    entry = registration.register(tournament=t, user=None, player=player)
    factories.seated_and_played(tournament_=t, games=4)
    entry.refresh_from_db()
    return entry


@pytest.fixture
def twins():
    """"Jürgen Weiß, Bräunlingen" played A, "Jürgen Weiss, Braeunlingen" played B, both in season 2026."""
    season = Season.objects.create(name="Saison 2026", year=2026)
    sharp = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    plain = Player.objects.create(first_name="Jürgen", last_name="Weiss", town="Braeunlingen")
    first = played_with(season, sharp, "A", 7)
    second = played_with(season, plain, "B", 14)
    return season, sharp, plain, first, second


def rows_of(season, player_ids):
    return [r for r in standings.season_standings(season).rows if r.key in player_ids]


def test_the_duplicate_list_finds_weiss_and_weiss(twins):
    season, sharp, plain, first, _second = twins
    elsewhere = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Freiburg")   # another town
    registration.register(tournament=first.tournament, user=None, player=elsewhere)
    # (the factory's fillers "Anna Maier0, Hinterzarten" … of A and B are pairs too)
    pairs = [p for p in duplicates.likely_duplicates(season)
             if {p["a"].pk, p["b"].pk} & {sharp.pk, plain.pk, elsewhere.pk}]
    assert [(p["a"].pk, p["b"].pk) for p in pairs] == [(sharp.pk, plain.pk)]
    pair = duplicates.with_tournaments(pairs, season)[0]
    assert [e.tournament.name for e in pair["a_entries"]] == ["A"]
    assert [e.tournament.name for e in pair["b_entries"]] == ["B"]
    assert pair["both"] == []


def test_typos_and_other_towns():
    season = Season.objects.create(name="S", year=2026)
    t = factories.tournament(players=0, season=season)
    made = [Player.objects.create(first_name=first, last_name=last, town=town) for first, last, town in [
        ("Hansjörg", "Müller-Lüdenscheid", "Triberg"), ("Hansjoerg", "Mueller Luedenscheid", "Triberg"),
        ("Hansjörg", "Muller-Ludenscheid", ""), ("Gisela", "Schwarz", "Triberg"), ("Gisela", "Schwarz", "Furtwangen"),
        ("Bernd", "Kaiserr", "Titisee"), ("Bernd", "Kaiser", "Titisee")]]
    for p in made:
        registration.register(tournament=t, user=None, player=p)
    pairs = {(p["a"].pk, p["b"].pk) for p in duplicates.likely_duplicates(season)}
    ids = [p.pk for p in made]
    assert pairs == {(ids[0], ids[1]), (ids[0], ids[2]), (ids[1], ids[2]), (ids[5], ids[6])}


def test_a_merge_moves_entries_and_scores_and_the_season_counts_one_player(twins):
    season, sharp, plain, first, second = twins
    before = {r.key: r.total for r in rows_of(season, {sharp.pk, plain.pk})}
    assert before == {sharp.pk: first.total, plain.pk: second.total}
    scores = Score.objects.filter(entry=second).count()
    assert scores > 0
    versions = (Season.objects.get(pk=season.pk).data_version,
                Tournament.objects.get(pk=second.tournament_id).setup_version)
    category = Category.objects.create(season=season, name="Senioren")
    category.players.add(plain)

    kept = merge.merge_players(season=season, keep=sharp, other=plain, user=factories.user())

    assert kept == sharp and not Player.objects.filter(pk=plain.pk).exists()
    assert set(Entry.objects.filter(player=sharp).values_list("pk", flat=True)) == {first.pk, second.pk}
    assert Score.objects.filter(entry=second).count() == scores
    after = rows_of(season, {sharp.pk, plain.pk})
    assert [(r.key, r.total, r.data["participations"]) for r in after] == [(sharp.pk, first.total + second.total, 2)]
    alias = PlayerAlias.objects.get(player=sharp)
    assert (alias.first_name, alias.last_name, alias.town) == ("Jürgen", "Weiss", "Braeunlingen")
    assert duplicates.alias_keys(sharp) == [("jurgen", "weis", "braunlingen")]
    assert duplicates.alias_players("weiss braeunlingen") == {sharp.pk}
    assert list(category.players.all()) == [sharp]
    row = AuditLog.objects.get(season=season, object_type=AuditLog.Kind.PLAYER)
    assert row.action == AuditLog.Action.MERGE and row.object_id == sharp.pk
    assert row.old["player"] == str(plain) and row.new["player"] == str(sharp)
    assert str(plain) in describe(row).after and str(sharp) in describe(row).after
    assert AuditLog.objects.filter(tournament=second.tournament, object_type=AuditLog.Kind.ENTRY,
                                   object_id=second.pk, new__player=str(sharp)).exists()
    assert Season.objects.get(pk=season.pk).data_version != versions[0]
    assert Tournament.objects.get(pk=second.tournament_id).setup_version != versions[1]
    assert not [p for p in duplicates.likely_duplicates(season) if sharp.pk in (p["a"].pk, p["b"].pk)]


def test_a_merge_of_two_players_in_one_tournament_is_refused_and_changes_nothing(twins):
    season, sharp, plain, first, second = twins
    t = Tournament.objects.get(pk=first.tournament_id)
    Entry.objects.create(tournament=t, player=plain, start_number=99)
    log = AuditLog.objects.count()
    with pytest.raises(ValidationError) as refused:
        merge.merge_players(season=season, keep=sharp, other=plain, user=factories.user())
    assert refused.value.code == "merge_same_tournament"
    assert Player.objects.filter(pk=plain.pk).exists() and Entry.objects.filter(player=plain).count() == 2
    assert not PlayerAlias.objects.exists() and AuditLog.objects.count() == log
    pair = next(p for p in duplicates.with_tournaments(duplicates.likely_duplicates(season), season)
                if p["a"] == sharp)
    assert [t_.pk for t_ in pair["both"]] == [t.pk]


def test_refusals(twins):
    season, sharp, plain, first, second = twins
    with pytest.raises(ValidationError) as refused:
        merge.merge_players(season=season, keep=sharp, other=sharp, user=None)
    assert refused.value.code == "merge_same_player"
    stranger = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    with pytest.raises(ValidationError) as refused:
        merge.merge_players(season=season, keep=sharp, other=stranger, user=None)
    assert refused.value.code == "merge_not_in_season"


def test_permissions_and_other_seasons(twins):
    season, sharp, plain, first, second = twins
    director = factories.with_role(Role.Kind.DIRECTOR, tournament=first.tournament)
    with pytest.raises(PermissionDenied):
        merge.merge_players(season=season, keep=sharp, other=plain, user=director)
    organiser = factories.with_role(Role.Kind.ORGANISER, season=season)
    other_season = Season.objects.create(name="Saison 2025", year=2025)
    old = factories.tournament(players=0, season=other_season, name="Alt")
    registration.register(tournament=old, user=None, player=plain)
    with pytest.raises(ValidationError) as refused:
        merge.merge_players(season=season, keep=sharp, other=plain, user=organiser)
    assert refused.value.code == "merge_other_season"
    assert Player.objects.filter(pk=plain.pk).exists()
    # The other way round the organiser may merge: the kept record's entries elsewhere do not move.
    merge.merge_players(season=season, keep=plain, other=sharp, user=organiser)
    assert set(Entry.objects.filter(player=plain).values_list("tournament__name", flat=True)) == {"A", "B", "Alt"}


def test_the_spelling_a_merge_kept_is_found_by_the_search_and_the_namesake_check():
    from tournament.models import Player, PlayerAlias
    from tournament.registration.selectors import namesakes, search_players

    kept = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    PlayerAlias.objects.create(player=kept, first_name="Jörg", last_name="Weisshaar", town="Hüfingen")
    found, _more = search_players("weisshaar")
    assert found == [kept]
    assert [p.pk for p in namesakes("Jörg", "Weißhaar", "Hüfingen")] == [kept.pk]
