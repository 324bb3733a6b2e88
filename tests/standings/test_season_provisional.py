"""Season standings are provisional while a tournament of the season is running (started, not all rounds locked)."""

import pytest

from tests import factories
from tournament.draws import services as draws
from tournament.models import Round
from tournament.results import services
from tournament.standings.selectors import season_standings

pytestmark = pytest.mark.django_db


def test_season_provisional_while_a_tournament_runs():
    done = factories.played(players=8, rounds=1)              # one round, locked: finished
    season = done.season
    assert not season_standings(season).provisional
    running = factories.tournament(players=8, rounds=2, season=season)
    assert not season_standings(season).provisional           # not started yet: nothing provisional
    first = factories.play(draws.draw_round(tournament=running, number=1, user=factories.user()))
    result = season_standings(season)
    assert result.provisional and result.running == [running]
    services.set_round_status(round_=first, status=Round.Status.LOCKED, user=factories.user())
    assert season_standings(season).running == [running]      # round 2 of 2 still to come
    factories.play(draws.draw_round(tournament=running, number=2, user=factories.user()))
    assert season_standings(season).provisional
    services.set_round_status(round_=running.round_set.get(number=2), status=Round.Status.LOCKED,
                              user=factories.user())
    result = season_standings(season)
    assert not result.provisional and result.running == []
