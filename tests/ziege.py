"""Ziege test data: a Ziege tournament with registered teams, and a season of Ziege evenings beside a Cego
tournament (the ``ziege_season`` fixture of tests/conftest.py). Plain builders, shared by the test packages."""

import datetime

from tests import factories
from tournament.draws import ziege as ziege_draws
from tournament.models import Player, Season, Tournament
from tournament.registration import ziege as ziege_registration
from tournament.results import ziege as ziege_results


def ziege_tournament(teams=4, rounds=2):
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Ziegenabend", date=datetime.date(2026, 3, 7),
                                  game=Tournament.Game.ZIEGE, round_count=rounds, seed="test-seed")
    for i in range(teams):
        ziege_registration.register_pair(
            tournament=t, user=factories.user(),
            first={"first_name": "Anna", "last_name": f"Maier{i}"},
            second={"first_name": "Bernd", "last_name": f"Huber{i}"})
    return t


def player(first, last):
    return Player.objects.create(first_name=first, last_name=last, town="Gütenbach")


def ziege_evening(season, day, teams, name, seed=None):
    t = Tournament.objects.create(season=season, name=name, date=datetime.date(2026, 3, day), round_count=1,
                                  game=Tournament.Game.ZIEGE, seed=seed or f"seed-{day}", published=True)
    user = factories.user()
    for first, second in teams:
        ziege_registration.register_pair(tournament=t, user=user, first=first, second=second)
    ziege_draws.draw_round(tournament=t, number=1, user=user)
    return t


def win_series(t, winner, loser_no_trick_games=2):
    """At each table the team holding ``winner`` (a Player) wins one series 12:0 (two games without a trick for
    the other side); at the other tables team A wins 12:2 (one game 31–59, then two games without a trick)."""
    user = factories.user()
    for table in t.round_set.get().tables.all():
        a, b = ziege_results.table_teams(table)
        players_a = {a.first.player_id, a.second.player_id}
        if winner.pk in players_a | {b.first.player_id, b.second.player_id}:
            points_a = 120 if winner.pk in players_a else 0
            for _ in range(loser_no_trick_games):
                ziege_results.record_game(table=table, user=user, points_a=points_a, trick_a=points_a > 0,
                                          trick_b=points_a == 0)
        else:
            ziege_results.record_game(table=table, user=user, points_a=70, trick_a=True, trick_b=True)
            for _ in range(2):
                ziege_results.record_game(table=table, user=user, points_a=120, trick_a=True, trick_b=False)


def season_of_evenings():
    """A season: two Ziege evenings (Anna and Bernd win one each) and one Cego tournament; returns (season, first
    evening, second evening, the Cego tournament, the players by first name)."""
    s = Season.objects.create(name="Saison 2026", year=2026)
    anna, bernd, clara, dieter = (player("Anna", "Maier"), player("Bernd", "Huber"), player("Clara", "Kern"),
                                  player("Dieter", "Vogt"))
    emil, frida, gerd, hanna = (player("Emil", "Ruf"), player("Frida", "Wehrle"), player("Gerd", "Kuner"),
                                player("Hanna", "Dold"))
    # the lot of "seed-8" (seating.pairs, algorithm ziege-pairs-2) seats Anna and Bernd against Clara and Dieter,
    # so Emil, Frida, Gerd and Hanna play only this evening (checked here, so a new draw fails loudly)
    one = ziege_evening(s, 7, [(anna, bernd), (clara, dieter), (emil, frida), (gerd, hanna)], "Ziege 1",
                        seed="seed-8")
    opponents = {frozenset((a.first.player_id, b.first.player_id))
                 for a, b in map(ziege_results.table_teams, one.round_set.get().tables.all())}
    assert frozenset((anna.pk, clara.pk)) in opponents, "the fixture assumes Anna and Bernd meet Clara and Dieter"
    win_series(one, anna)
    two = ziege_evening(s, 14, [(anna, clara), (bernd, dieter)], "Ziege 2")
    win_series(two, bernd)
    cego = factories.tournament(players=4, season=s, published=True, date=datetime.date(2026, 3, 21))
    return s, one, two, cego, {p.first_name: p for p in (anna, bernd, clara, dieter, emil, frida, gerd, hanna)}


def played_evening():
    """A Ziege tournament of 4 teams with round 1 drawn and played (one player's name a formula): ``(t, round_)``."""
    t = ziege_tournament(teams=4, rounds=1)
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=factories.user())
    t1, t2 = round_.tables.all()
    for points in (120, 120):
        ziege_results.record_game(table=t1, user=factories.user(), points_a=points, trick_a=True, trick_b=False)
    ziege_results.record_game(table=t2, user=factories.user(), points_a=45, trick_a=True, trick_b=True)
    pair = t.ziege_pairs.get(number=1)
    pair.first.player.first_name = "=HYPERLINK(\"http://x\")"
    pair.first.player.save()
    return t, round_
