"""No N+1 on the public pages: the same number of queries for a field of 16 and of 40 players."""

import pytest
from django.http import Http404
from django.urls import reverse

from tests import factories
from tournament.models import Round
from tournament.public import cache as public_cache
from tournament.public import selectors

pytestmark = pytest.mark.django_db
MAX_QUERIES = 16
PAGES = ("home", "tournament", "filtered", "prizes", "teams", "seat", "player", "season", "season_teams")


def url_of(page, t):
    entry = t.entries.order_by("-start_number").first()
    return {"home": reverse("public:home"),
            "tournament": reverse("public:tournament", args=[t.pk]),
            "filtered": reverse("public:tournament", args=[t.pk]) + "?sort=name&q=a&category=women",
            "prizes": reverse("public:prizes", args=[t.pk]),
            "teams": reverse("public:teams", args=[t.pk]),
            "seat": reverse("public:seat", args=[t.pk]) + f"?q={entry.start_number}",
            "player": reverse("public:player", args=[t.pk, entry.pk]),
            "season": reverse("public:season", args=[t.season.pk]),
            "season_teams": reverse("public:season_teams", args=[t.season.pk])}[page]


def test_query_count_does_not_grow_with_the_field(client, django_assert_max_num_queries):
    factories.staff()
    small = factories.played(players=16, rounds=2, name="Klein")
    counts = {}
    for page in PAGES:
        url = url_of(page, small)
        client.get(url)                                    # warm-up (process caches, e.g. the tariff)
        public_cache.store().clear()                       # measure a render, not a stored page
        with django_assert_max_num_queries(MAX_QUERIES) as ctx:
            assert client.get(url).status_code == 200
        counts[page] = len(ctx.captured_queries)
    small.season.delete()                                  # the home page should list one tournament again
    large = factories.played(players=40, rounds=2, name="Groß", seed=7)
    for page in PAGES:
        url = url_of(page, large)
        client.get(url)
        public_cache.store().clear()
        with django_assert_max_num_queries(counts[page], info=f"{page}: more queries for 40 players than for 16"):
            assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_one_tournament_has_the_counts_of_the_list():
    """``published_tournament`` counts in one plain statement what ``published_tournaments`` annotates: players
    without the withdrawn, rounds drawn, rounds not locked; an unpublished one is a 404."""
    t = factories.played(players=9, rounds=1, lock=True, published=True)
    factories.tournament(players=4, season=t.season, name="Daneben", published=True)       # other counts beside
    entry = t.entries.first()
    entry.withdrawn = True
    entry.save()
    Round.objects.create(tournament=t, number=2)                                             # drawn, not locked
    one = selectors.published_tournament(t.pk)
    listed = selectors.published_tournaments().get(pk=t.pk)
    assert (one.players, one.rounds_drawn, one.rounds_unlocked) == (8, 2, 1)
    assert (listed.players, listed.rounds_drawn, listed.rounds_unlocked) == (8, 2, 1)
    assert one.season.name == t.season.name
    hidden = factories.tournament(players=4, season=t.season, name="Geheim")
    with pytest.raises(Http404):
        selectors.published_tournament(hidden.pk)
