"""Director standings: access, ranks and tie-breaks, categories, best N, teams, prize list, corrections."""

import pytest
from django.urls import reverse

from tests import factories
from tournament.draws import services as draws
from tournament.models import Category, Entry, Player, Season, Team, Tournament
from tournament.registration import services as registration_services
from tournament.results import services

pytestmark = pytest.mark.django_db

CEGO_WON = {"contract": "cego", "declarer": 1, "card_points": 60}      # game 1: seat 1 +90, the others −30


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def by_seat(table):
    return {s.position: s.entry for s in table.seats.select_related("entry__player")}


def one_game(**kwargs):
    """A one-round tournament of 4 whose first game is ``CEGO_WON``; returns (tournament, table, entries by seat)."""
    t, round_ = factories.drawn(players=4, rounds=1, **kwargs)
    table = round_.tables.get()
    services.record_game(table=table, number=1, data=CEGO_WON, user=factories.user())
    return t, table, by_seat(table)


def set_lots(entries):
    """Store the tie-break lots 1, 2, … in the order given (as if drawn so)."""
    for lot, entry in enumerate(entries, start=1):
        Entry.objects.filter(pk=entry.pk).update(lot=lot)


def ranking(client, t, **query):
    response = client.get(reverse("director:standings", args=[t.pk]), query)
    assert response.status_code == 200
    return [(row.key, row.rank, row.total) for row in response.context["result"].rows]


def test_anonymous_goes_to_login_and_non_staff_is_forbidden(client):
    t, table, seats = one_game()
    category = Category.objects.create(season=t.season, name="Senioren")
    urls = [reverse("director:standings", args=[t.pk]), reverse("director:prizes", args=[t.pk]),
            reverse("director:season_standings", args=[t.season.pk]),
            reverse("director:categories", args=[t.season.pk]),
            reverse("director:category", args=[t.season.pk, category.pk])]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"].startswith(reverse("login")), url
    client.force_login(factories.user("spieler", superuser=False))
    for url in urls:
        assert client.get(url).status_code == 403, url
    post = client.post(reverse("director:category_delete", args=[t.season.pk, category.pk]))
    assert post.status_code == 403 and Category.objects.filter(pk=category.pk).exists()


def test_tie_broken_by_lots_then_by_best_round_when_configured(director):
    t, table, seats = one_game()
    # Seat 0 (round −30) and seat 1 (round +90) both end on 100 through adjustments; seat 0 has the better lot.
    services.add_adjustment(entry=seats[0], points=130, reason="Test", user=factories.user())
    services.add_adjustment(entry=seats[1], points=10, reason="Test", user=factories.user())
    set_lots([seats[0], seats[1], seats[2], seats[3]])
    rows = ranking(director, t)
    assert rows[:2] == [(seats[0].pk, 1, 100), (seats[1].pk, 2, 100)]
    assert [rank for _k, rank, _t in rows] == [1, 2, 3, 4]                       # lots leave no tie
    assert rows[2:] == [(seats[2].pk, 3, -30), (seats[3].pk, 4, -30)]

    data = tournament_data(t, tiebreak_1="best_round", tiebreak_2="lots")
    response = director.post(reverse("director:tournament_edit", args=[t.pk]), data)
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.tiebreaks == "best_round,lots"
    rows = ranking(director, t)
    assert rows[:2] == [(seats[1].pk, 1, 100), (seats[0].pk, 2, 100)]
    page = director.get(reverse("director:standings", args=[t.pk])).content.decode()
    assert page.index(f'data-entry="{seats[1].pk}"') < page.index(f'data-entry="{seats[0].pk}"')


def test_without_lots_equal_players_share_a_rank(director):
    t, table, seats = one_game()
    Tournament.objects.filter(pk=t.pk).update(tiebreaks="declarer_won")
    rows = ranking(director, t)
    assert [rank for _k, rank, _t in rows] == [1, 2, 2, 2]


def tournament_data(t, **overrides):
    data = {"name": t.name, "date": t.date.isoformat(), "venue": "", "ruleset": t.ruleset, "options": "",
            "round_count": t.round_count, "games_per_round_4": 24, "games_per_round_5": 30, "games_per_round_3": 24,
            "keep_teams_apart": "on", "seed": t.seed, "status": t.status, "prize_places": 10,
            "last_place_prize": "on"}
    data.update(overrides)
    return data


@pytest.mark.parametrize("choices, stored, error", [
    ({}, "lots", None),
    ({"tiebreak_2": "declarer_won", "tiebreak_4": "lots"}, "declarer_won,lots", None),      # gaps close up
    ({"tiebreak_1": "best_round", "tiebreak_2": "declarer_lost"}, "best_round,declarer_lost", None),
    ({"tiebreak_1": "best_round", "tiebreak_2": "best_round"}, None, "tiebreak_twice"),
    ({"tiebreak_1": "lots", "tiebreak_2": "best_round"}, None, "lots_not_last"),
    ({"tiebreak_1": "coin_toss"}, None, "invalid_choice"),
])
def test_tiebreak_form(director, choices, stored, error):
    t = factories.tournament(players=0)
    response = director.post(reverse("director:tournament_edit", args=[t.pk]), tournament_data(t, **choices))
    t.refresh_from_db()
    if error:
        assert response.status_code == 200
        assert error in [e.code for errors in response.context["form"].errors.as_data().values() for e in errors]
        assert t.tiebreaks == "lots"
    else:
        assert response.status_code == 302 and t.tiebreaks == stored


def test_form_shows_the_stored_chain_and_prize_settings(director):
    t = factories.tournament(players=0, tiebreaks="declarer_won,lots", prize_places=3, last_place_prize=False)
    form = director.get(reverse("director:tournament_edit", args=[t.pk])).context["form"]
    assert [form[f"tiebreak_{i}"].value() for i in range(1, 5)] == ["declarer_won", "lots", "", ""]
    response = director.post(reverse("director:tournament_edit", args=[t.pk]),
                             tournament_data(t, prize_places=5, last_place_prize=""))
    t.refresh_from_db()
    assert response.status_code == 302 and (t.prize_places, t.last_place_prize) == (5, False)


def test_category_filter(director):
    t, table, seats = one_game()
    Player.objects.filter(pk=seats[2].player_id).update(is_woman=True)
    rows = ranking(director, t, category="women")
    assert rows == [(seats[2].pk, 1, -30)]
    custom = Category.objects.create(season=t.season, name="Senioren")
    custom.players.add(seats[1].player, seats[3].player)
    assert [key for key, _r, _t in ranking(director, t, category=f"c{custom.pk}")] == [seats[1].pk, seats[3].pk]
    page = director.get(reverse("director:standings", args=[t.pk]))
    assert ("c%d" % custom.pk, "Senioren") in page.context["categories"]
    assert len(ranking(director, t, category="nonsense")) == 4                    # unknown: everybody


def test_provisional_until_the_last_round_is_locked(director):
    t, table, seats = one_game()
    page = director.get(reverse("director:standings", args=[t.pk]))
    assert page.context["result"].provisional and 'id="provisional"' in page.content.decode()
    assert page.context["open_rounds"] == [1]
    for number in range(2, table.games_planned + 1):
        data = {"contract": "cego", "declarer": table.forehand(number), "card_points": 45}
        services.record_game(table=table, number=number, data=data, user=factories.user())
    services.set_round_status(round_=table.round, status="locked", user=factories.user())
    page = director.get(reverse("director:standings", args=[t.pk]))
    assert not page.context["result"].provisional and 'id="provisional"' not in page.content.decode()


def test_prize_list_includes_the_last_place(director):
    t, table, seats = one_game(prize_places=1)
    set_lots([seats[1], seats[0], seats[2], seats[3]])
    page = director.get(reverse("director:prizes", args=[t.pk]))
    assert page.status_code == 200
    prizes = [(p["row"].key, p["row"].rank, p["last_place"]) for p in page.context["prizes"]]
    assert prizes == [(seats[1].pk, 1, False), (seats[3].pk, 4, True)]
    html = page.content.decode()
    assert 'id="print"' in html and "data-print" in html and "office/standings.css" in html   # print rules: static CSS
    Tournament.objects.filter(pk=t.pk).update(last_place_prize=False)
    page = director.get(reverse("director:standings", args=[t.pk]))
    assert [p["row"].key for p in page.context["prizes"]] == [seats[1].pk]


def test_team_totals(director):
    t, table, seats = one_game()
    red = Team.objects.create(season=t.season, name="Rot")
    blue = Team.objects.create(season=t.season, name="Blau")
    Entry.objects.filter(pk__in=[seats[0].pk, seats[1].pk]).update(team=red)
    Entry.objects.filter(pk=seats[2].pk).update(team=blue)
    teams = director.get(reverse("director:standings", args=[t.pk])).context["teams"]
    assert [(row.data["name"], row.rank, row.total, row.data["members"]) for row in teams] == [
        ("Rot", 1, 60, 2), ("Blau", 2, -30, 1)]
    season_teams = director.get(reverse("director:season_standings", args=[t.season.pk])).context["teams"]
    assert [(row.data["name"], row.total) for row in season_teams] == [("Rot", 60), ("Blau", -30)]


def test_season_best_n(director):
    season = Season.objects.create(name="Saison", year=2026, best_n=1)
    t1, table1, seats1 = one_game(season=season)
    t2 = Tournament.objects.create(season=season, name="Zweites", date=t1.date.replace(day=28), round_count=1,
                                   seed="second")
    for entry in seats1.values():
        registration_services.register(user=None, tournament=t2, player=entry.player)
    table2 = draws.draw_round(tournament=t2, number=1, user=factories.user()).tables.get()
    services.record_game(table=table2, number=1, data=CEGO_WON, user=factories.user())
    first, second = ({e.player_id: e.total for e in Entry.objects.filter(tournament=t)} for t in (t1, t2))
    url = reverse("director:season_standings", args=[season.pk])

    def totals(response):
        assert response.status_code == 200
        return {r["row"].key: (r["row"].total, r["row"].data["participations"]) for r in response.context["rows"]}

    best = totals(director.get(url))
    assert best == {p: (max(first[p], second[p]), 2) for p in first}
    assert totals(director.get(url, {"best": "2"})) == {p: (first[p] + second[p], 2) for p in first}
    assert totals(director.get(url, {"best": "all"})) == {p: (first[p] + second[p], 2) for p in first}
    assert totals(director.get(url, {"best": "0"})) == best                         # invalid: the season's N
    page = director.get(url, {"best": "2"})
    assert page.context["overridden"] and [c.pk for c in page.context["columns"]] == [t1.pk, t2.pk]


def test_correction_changes_the_standings(director):
    t, table, seats = one_game()
    assert dict((k, total) for k, _r, total in ranking(director, t))[seats[1].pk] == 90
    game = table.games.get(number=1)
    services.record_game(table=table, number=1, data={**CEGO_WON, "card_points": 20}, user=factories.user(),
                         expected_version=game.version)
    rows = ranking(director, t)
    totals = dict((k, total) for k, _r, total in rows)
    assert totals[seats[1].pk] == -60 and rows[-1][0] == seats[1].pk
    assert totals == {e.pk: e.total for e in Entry.objects.filter(tournament=t)}      # stored totals stay right
    assert sum(totals.values()) == 0


# ---------------------------------------------------------------------------------------------------------------
# Categories of a season


def test_categories_create_rename_members_delete(director):
    t, table, seats = one_game()
    season = t.season
    response = director.post(reverse("director:categories", args=[season.pk]), {"name": "  Senioren  "})
    category = Category.objects.get(season=season)
    assert category.name == "Senioren"
    assert response["Location"] == reverse("director:category", args=[season.pk, category.pk])
    duplicate = director.post(reverse("director:categories", args=[season.pk]), {"name": "senioren"})
    assert duplicate.status_code == 200 and Category.objects.filter(season=season).count() == 1

    player = seats[2].player
    found = director.get(reverse("director:category", args=[season.pk, category.pk]), {"q": player.last_name})
    assert player.pk in [r["player"].pk for r in found.context["results"]]
    members_url = reverse("director:category_members", args=[season.pk, category.pk])
    director.post(members_url, {"player": player.pk, "action": "add", "q": player.last_name})
    assert list(category.players.all()) == [player]
    assert [key for key, _r, _t in ranking(director, t, category=f"c{category.pk}")] == [seats[2].pk]
    director.post(members_url, {"player": player.pk, "action": "remove"})
    assert not category.players.exists()

    director.post(reverse("director:category", args=[season.pk, category.pk]), {"name": "Ü60"})
    category.refresh_from_db()
    assert category.name == "Ü60"
    director.post(reverse("director:category_delete", args=[season.pk, category.pk]))
    assert not Category.objects.filter(pk=category.pk).exists() and Player.objects.filter(pk=player.pk).exists()


def test_category_of_another_season_is_not_found(director):
    other = Season.objects.create(name="Andere", year=2025)
    season = Season.objects.create(name="Diese", year=2026)
    category = Category.objects.create(season=other, name="Senioren")
    assert director.get(reverse("director:category", args=[season.pk, category.pk])).status_code == 404


def test_season_form_checks_best_n_and_youth_age(director):
    season = Season.objects.create(name="Saison", year=2026)
    url = reverse("director:season_edit", args=[season.pk])
    bad = director.post(url, {"name": "Saison", "year": 2026, "best_n": 0, "youth_age": 18})
    assert bad.status_code == 200 and "best_n" in bad.context["form"].errors
    director.post(url, {"name": "Saison", "year": 2026, "best_n": 6, "youth_age": 21})
    season.refresh_from_db()
    assert (season.best_n, season.youth_age) == (6, 21)
