"""Statistics: exact numbers on a hand-built table, sit-outs at a table of 5, published-only public pages."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories
from tournament.models import Entry, Season
from tournament.results import services
from tournament.statistics import selectors as statistics

pytestmark = pytest.mark.django_db

# Eight games at one table of 4 (dealer of game g: seat (g − 1) mod 4, forehand the next seat), and the scores
# the engine writes for them under the Schwarzwald ruleset.
GAMES = [
    ({"contract": "cego", "declarer": 1, "card_points": 60}, [-30, 90, -30, -30]),                    # won
    ({"contract": "cego", "declarer": 2, "card_points": 20}, [20, 20, -60, 20]),                      # lost
    ({"contract": "solo", "declarer": 0, "card_points": 50}, [90, -30, -30, -30]),                    # won
    ({"contract": "bettel", "declarer": 2, "achieved": True}, [-30, -30, 90, -30]),                   # won
    ({"contract": "raeuber", "announcer": 1, "raeuber_points": [30, 20, 19, 10]}, [-120, 40, 40, 40]),
    ({"contract": "raeuber", "announcer": 2, "raeuber_points": [10, 20, 30, 19]}, [80, 80, -240, 80]),  # announcer lost
    ({"contract": "cego", "declarer": 3, "card_points": 79}, [-40, -40, -40, 120]),                   # won
    ({"contract": "piccolo", "declarer": 1, "achieved": False}, [40, -120, 40, 40]),                  # lost
]


def seats_of(table):
    return {s.position: s.entry for s in table.seats.select_related("entry__player")}


@pytest.fixture
def known():
    """A published one-round tournament of 4 with the eight ``GAMES`` entered through the services."""
    t, round_ = factories.drawn(players=4, rounds=1, published=True)
    table = round_.tables.get()
    for number, (data, scores) in enumerate(GAMES, start=1):
        game = services.record_game(table=table, number=number, data=data, user=factories.user())
        assert game.scores == scores, f"game {number}"
    return t, table, seats_of(table)


def test_tournament_numbers(known):
    t, table, seats = known
    stats = statistics.tournament_stats(t, lang="en")
    assert stats["games"] == 8 and stats["raeuber"] == 2 and stats["totals_only_tables"] == 0
    counts = {c["key"]: (c["count"], c["share"]) for c in stats["contracts"]}
    assert counts == {"cego": (3, 0.375), "raeuber": (2, 0.25), "solo": (1, 0.125), "bettel": (1, 0.125),
                      "piccolo": (1, 0.125)}
    assert [c["key"] for c in stats["contracts"]][:2] == ["cego", "raeuber"]       # most played first
    assert stats["contracts"][0]["bar"] == 100 and stats["contracts"][1]["bar"] == 67
    declarer = {d["key"]: (d["won"], d["lost"], d["win_rate"]) for d in stats["declarer"]}
    assert declarer == {"cego": (2, 1, 2 / 3), "solo": (1, 0, 1.0), "bettel": (1, 0, 1.0), "piccolo": (0, 1, 0.0)}
    assert stats["declarer_total"] == {"games": 6, "won": 4, "lost": 2, "win_rate": 4 / 6, "win_bar": 67}
    (raeuber,) = stats["free_for_all"]
    assert (raeuber["key"], raeuber["announced"], raeuber["announcer_lost"]) == ("raeuber", 2, 1)


def test_biggest_wins_and_losses(known):
    t, table, seats = known
    stats = statistics.tournament_stats(t, lang="en")
    top = stats["biggest_wins"][0]
    assert (top["points"], top["entry_id"], top["game"], top["table"], top["round"], top["contract"]) == (
        120, seats[3].pk, 7, table.number, 1, "cego")
    assert top["name"] == seats[3].player.full_name and top["contract_label"] == "Cego"
    assert [w["points"] for w in stats["biggest_wins"][:4]] == [120, 90, 90, 90]
    assert [w["game"] for w in stats["biggest_wins"][1:4]] == [1, 3, 4]           # ties: earlier game first
    worst = stats["biggest_losses"][0]
    assert (worst["points"], worst["entry_id"], worst["game"], worst["contract"]) == (-240, seats[2].pk, 6, "raeuber")
    assert [w["points"] for w in stats["biggest_losses"][:3]] == [-240, -120, -120]
    assert len(stats["biggest_wins"]) == statistics.EXTREMES


def test_player_numbers_agree_in_both_paths(known):
    t, table, seats = known
    one = seats[1]
    stats = statistics.entry_stats(one, lang="en")
    assert (stats["games"], stats["points"], stats["average"]) == (8, 10, 1.25)
    assert (stats["best"]["points"], stats["best"]["game"], stats["best"]["contract"]) == (90, 1, "cego")
    assert stats["best"]["declarer"] is True
    assert (stats["worst"]["points"], stats["worst"]["game"], stats["worst"]["contract"]) == (-120, 8, "piccolo")
    assert {d["key"]: (d["won"], d["lost"]) for d in stats["declarer"]} == {"cego": (1, 0), "piccolo": (0, 1)}
    assert stats["declarer_total"]["win_rate"] == 0.5
    assert stats["raeuber"] == {"key": "raeuber", "label": "Räuber (robber)", "played": 2, "lost": 0,
                                "announced": 1, "announced_lost": 0}
    assert statistics.entry_stats(seats[2])["raeuber"]["announced_lost"] == 1
    row = next(p for p in statistics.tournament_stats(t)["players"] if p["entry_id"] == one.pk)
    assert (row["games"], row["points"], row["best"], row["worst"], row["won"], row["lost"]) == (8, 10, 90, -120, 1, 1)
    season = statistics.player_season_stats(one.player, t.season)
    assert (season["games"], season["points"], season["best"]["points"]) == (8, 10, 90)


def test_sitting_out_is_no_game_played():
    t, round_ = factories.drawn(players=5, rounds=1, published=True)
    table = round_.tables.get()
    assert table.size == 5
    for number in range(1, 7):               # the dealer sits out; forehand (dealer + 1) plays a Cego
        data = {"contract": "cego", "declarer": number % 5, "card_points": 60}
        services.record_game(table=table, number=number, data=data, user=factories.user())
    first = seats_of(table)[0]               # deals (and sits out) games 1 and 6
    stats = statistics.entry_stats(first)
    assert stats["games"] == 4 and stats["points"] == -30 * 3 + 90
    row = next(p for p in statistics.tournament_stats(t)["players"] if p["entry_id"] == first.pk)
    assert (row["games"], row["points"], row["best"], row["worst"]) == (4, 0, 90, -30)


def test_totals_only_tables_are_counted_apart():
    t, round_ = factories.drawn(players=4, rounds=1, published=True)
    table = round_.tables.get()
    services.record_totals(table=table, totals={0: 30, 1: -10, 2: -10, 3: -10}, user=factories.user())
    stats = statistics.tournament_stats(t)
    assert stats["games"] == 0 and stats["totals_only_tables"] == 1 and stats["biggest_wins"] == []
    assert statistics.entry_stats(Entry.objects.filter(tournament=t).first())["totals_only_tables"] == 1


def test_season_statistics_take_only_published_tournaments(known):
    t, table, seats = known
    hidden, round_ = factories.drawn(players=4, rounds=1, season=t.season, name="Geheim")
    hidden_table = round_.tables.get()
    services.record_game(table=hidden_table, number=1, data=GAMES[0][0], user=factories.user())
    assert statistics.season_stats(t.season)["games"] == 8
    assert statistics.season_stats(t.season, published_only=False)["games"] == 9


# ---------------------------------------------------------------------------------------------------------------
# Public pages


def test_pages_show_the_numbers(client, known):
    t, table, seats = known
    page = client.get(reverse("stats:tournament", args=[t.pk]))
    assert page.status_code == 200 and page.context["stats"]["games"] == 8
    html = page.content.decode()
    assert 'data-contract="raeuber"' in html and reverse("stats:player", args=[t.pk, seats[3].pk]) in html
    assert "<script" not in html and "http://" not in html.replace("http://testserver", "")
    page = client.get(reverse("stats:player", args=[t.pk, seats[1].pk]))
    assert page.status_code == 200 and page.context["stats"]["points"] == 10
    page = client.get(reverse("stats:season", args=[t.season.pk]))
    assert page.status_code == 200 and page.context["stats"]["raeuber"] == 2
    page = client.get(reverse("stats:season_player", args=[t.season.pk, seats[1].player_id]))
    assert page.status_code == 200 and page.context["stats"]["games"] == 8


def test_unpublished_is_not_found(client):
    t, round_ = factories.drawn(players=4, rounds=1)            # not published
    entry = Entry.objects.filter(tournament=t).first()
    for name, args in [("stats:tournament", [t.pk]), ("stats:player", [t.pk, entry.pk]),
                       ("stats:season", [t.season.pk]), ("stats:season_player", [t.season.pk, entry.player_id])]:
        assert client.get(reverse(name, args=args)).status_code == 404, name
    empty = Season.objects.create(name="Leer", year=2026)
    assert client.get(reverse("stats:season", args=[empty.pk])).status_code == 404


def test_entry_of_another_tournament_is_not_found(client, known):
    t, table, seats = known
    other, _r = factories.drawn(players=4, rounds=1, published=True, season=t.season, name="Anderes")
    stranger = Entry.objects.filter(tournament=other).first()
    assert client.get(reverse("stats:player", args=[t.pk, stranger.pk])).status_code == 404


def field(players):
    """A published one-round tournament of ``players``: four games (one a Räuber) at every table."""
    t, round_ = factories.drawn(players=players, rounds=1, published=True)
    for table in round_.tables.all():
        for number in range(1, 5):
            if number == 3:
                points = [0] * table.size                  # the dealer sitting out at a table of 5 keeps 0
                playing = [s for s in range(table.size) if s != table.sitting_out(number)]
                for i, s in enumerate(playing):
                    points[s] = [30, 20, 19, 10, 0][i]
                data = {"contract": "raeuber", "announcer": table.forehand(number),
                        "raeuber_points": points}
            else:
                data = {"contract": "cego", "declarer": table.forehand(number),
                        "card_points": 30 + 10 * number}
            services.record_game(table=table, number=number, data=data, user=factories.user())
    return t


def page_queries(client, t, django_assert_max_num_queries):
    entry = Entry.objects.filter(tournament=t).order_by("start_number").last()
    urls = [reverse("stats:tournament", args=[t.pk]), reverse("stats:season", args=[t.season.pk]),
            reverse("stats:player", args=[t.pk, entry.pk]),
            reverse("stats:season_player", args=[t.season.pk, entry.player_id])]
    counts = []
    for url in urls:
        with django_assert_max_num_queries(11), CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        counts.append(len(ctx.captured_queries))
    return counts


def test_query_counts_do_not_grow_with_the_field(client, django_assert_max_num_queries):
    small = page_queries(client, field(4), django_assert_max_num_queries)
    large = page_queries(client, field(21), django_assert_max_num_queries)     # four tables of 4, one of 5
    assert small == large, (small, large)
