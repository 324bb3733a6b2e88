"""Public pages: published only (404 otherwise), standings order and shared ranks, filter, paging, the
provisional banner and the live refresh. Assertions use numbers and structure, not the German wording."""

import re

import pytest
from django.urls import reverse

from tests import factories
from tournament.draws import services as draws
from tournament.models import Entry, Round, Tournament
from tournament.public import cache as public_cache
from tournament.results import services
from tournament.standings import selectors as standings_queries

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def director():
    """A director without a password (``factories.user()`` finds it), which skips the slow password hashing."""
    return factories.staff()


def public_urls(t, entry):
    season = t.season.pk
    return [reverse("public:tournament", args=[t.pk]), reverse("public:prizes", args=[t.pk]),
            reverse("public:teams", args=[t.pk]), reverse("public:seat", args=[t.pk]),
            reverse("public:seat", args=[t.pk]) + f"?q={entry.start_number}",
            reverse("public:player", args=[t.pk, entry.pk]), reverse("public:season", args=[season]),
            reverse("public:season_teams", args=[season])]


def ranks(response):
    """(rank text, entry id) per row of the standings table, in page order."""
    html = response.content.decode()
    rows = re.findall(r'<tr[^>]*data-entry="(\d+)"[^>]*>\s*<td class="num rank">(.*?)</td>', html, re.S)
    return [(re.sub(r"<[^>]+>", "", cell).strip(), int(entry)) for entry, cell in rows]


def test_unpublished_tournament_is_404_on_every_public_url(client):
    t, _round = factories.drawn(players=8, rounds=1)
    assert not t.published
    entry = t.entries.first()
    for url in public_urls(t, entry):
        assert client.get(url).status_code == 404, url
    assert t.name not in client.get(reverse("public:home")).content.decode()


def test_published_tournament_answers_everywhere(client):
    t, _round = factories.drawn(players=8, rounds=1, published=True)
    entry = t.entries.first()
    for url in public_urls(t, entry):
        assert client.get(url).status_code == 200, url
    home = client.get(reverse("public:home"))
    assert home.status_code == 200 and reverse("public:tournament", args=[t.pk]) in home.content.decode()


def test_player_of_another_tournament_and_unpublished_sibling_are_404(client):
    t, _round = factories.drawn(players=8, rounds=1, published=True)
    hidden = factories.tournament(players=8, rounds=1, season=t.season, name="Geheim")
    other_entry = hidden.entries.first()
    assert client.get(reverse("public:player", args=[t.pk, other_entry.pk])).status_code == 404
    assert client.get(reverse("public:player", args=[hidden.pk, other_entry.pk])).status_code == 404
    season = client.get(reverse("public:season", args=[t.season.pk])).content.decode()
    assert "Geheim" not in season


def test_home_lists_newest_first_and_highlights_running(client):
    import datetime
    old = factories.played(players=8, name="Alt", date=datetime.date(2026, 1, 10))
    new, _round = factories.drawn(players=8, rounds=1, published=True, season=old.season, name="Neu",
                                  date=datetime.date(2026, 2, 10))
    html = client.get(reverse("public:home")).content.decode()
    assert html.index("Neu") < html.index("Alt")
    cards = re.findall(r'<li class="t-card( is-live)?">\s*<a class="t-link" href="/turnier/(\d+)/', html)
    assert {int(pk): bool(live) for live, pk in cards} == {new.pk: True, old.pk: False}
    assert reverse("public:season", args=[old.season.pk]) in html


def test_standings_order_and_shared_ranks(client):
    t = factories.tournament(players=6, published=True, tiebreaks="declarer_won")
    e = list(t.entries.order_by("start_number"))
    staff = factories.user()
    for entry, points in ((e[0], 30), (e[1], 50), (e[2], 30), (e[3], -10)):
        services.add_adjustment(entry=entry, points=points, reason="Test", user=staff)
    got = ranks(client.get(reverse("public:tournament", args=[t.pk])))
    assert [r for r, _e in got] == ["1.", "2.", "2.", "4.", "4.", "6."]
    assert got[0][1] == e[1].pk and {got[1][1], got[2][1]} == {e[0].pk, e[2].pk} and got[5][1] == e[3].pk


def test_sorting_by_total_and_by_name(client):
    t = factories.tournament(players=4, published=True)
    e = list(t.entries.order_by("start_number"))
    services.add_adjustment(entry=e[2], points=40, reason="Test", user=factories.user())
    url = reverse("public:tournament", args=[t.pk])
    assert ranks(client.get(url + "?sort=total"))[0][1] == e[2].pk       # first click: the highest first
    assert ranks(client.get(url + "?sort=-total"))[-1][1] == e[2].pk
    by_name = [entry for _r, entry in ranks(client.get(url + "?sort=name"))]
    assert by_name == [x.pk for x in sorted(e, key=lambda x: x.player.last_name.casefold())]


def test_filter_by_name_or_town_and_paging(client):
    t = factories.tournament(players=60, published=True)
    url = reverse("public:tournament", args=[t.pk])
    first = client.get(url)
    assert len(ranks(first)) == 50 and first.context["table"].paginator.num_pages == 2
    second = client.get(url + "?page=2")
    assert len(ranks(second)) == 10
    beyond = client.get(url + "?page=9", follow=True)         # past the end: redirected to the last page
    assert beyond.redirect_chain == [(url + "?page=2", 302)] and len(ranks(beyond)) == 10

    maier = client.get(url + "?q=maier")                                  # Maier0, Maier12, … Maier48
    names = [client_name for client_name in re.findall(r'<a href="/turnier/\d+/spieler/\d+/">([^<]+)</a>',
                                                       maier.content.decode())]
    assert len(names) == 5 and all("Maier" in n for n in names)
    assert maier.context["shown"] == 5 and maier.context["field_size"] == 60
    overall = {row.key: f"{row.rank}." for row in standings_queries.tournament_standings(t).rows}
    assert [r for r, _e in ranks(maier)] == [overall[e] for _r, e in ranks(maier)]   # ranks stay overall ranks

    town = client.get(url + "?q=hinterzarten")                            # everyone: still paged, q kept
    html = town.content.decode()
    assert len(ranks(town)) == 50 and re.search(r'href="\?q=hinterzarten&amp;page=2"', html)
    assert len(ranks(client.get(url + "?q=hinterzarten&page=2"))) == 10
    assert len(ranks(client.get(url + "?q=nobody-like-this"))) == 0


def test_provisional_banner_and_refresh_until_the_last_round_is_locked(client):
    t = factories.played(players=16, rounds=2, lock=False)
    url = reverse("public:tournament", args=[t.pk])
    for page in (url, reverse("public:prizes", args=[t.pk])):
        html = client.get(page).content.decode()
        assert 'id="provisional"' in html and 'http-equiv="refresh" content="30"' in html
        assert 'data-refresh="30"' in html
    rounds = list(Round.objects.filter(tournament=t).order_by("number"))
    services.set_round_status(round_=rounds[0], status=Round.Status.LOCKED, user=factories.user())
    assert 'id="provisional"' in client.get(url).content.decode()
    services.set_round_status(round_=rounds[1], status=Round.Status.LOCKED, user=factories.user())
    html = client.get(url).content.decode()
    assert 'id="provisional"' not in html and "http-equiv" not in html and "data-refresh" not in html
    public_cache.store().clear()                           # a stored page has no template context
    assert client.get(url).context["provisional"] is False


def test_running_tournament_between_rounds_still_refreshes(client):
    t = factories.played(players=16, rounds=1, lock=True)
    Tournament.objects.filter(pk=t.pk).update(round_count=2, status=Tournament.Status.RUNNING)
    html = client.get(reverse("public:tournament", args=[t.pk])).content.decode()
    assert 'data-refresh="30"' in html and 'id="provisional"' in html
    draws.draw_round(tournament=Tournament.objects.get(pk=t.pk), number=2, user=factories.user())
    assert 'data-refresh="30"' in client.get(reverse("public:tournament", args=[t.pk])).content.decode()


def test_category_tab_ranks_within_the_category(client):
    t = factories.tournament(players=6, published=True)
    e = list(t.entries.order_by("start_number"))
    for entry in e[:2]:
        entry.player.is_woman = True
        entry.player.save()
    services.add_adjustment(entry=e[1], points=20, reason="Test", user=factories.user())
    got = ranks(client.get(reverse("public:tournament", args=[t.pk]) + "?category=women"))
    assert [x for _r, x in got] == [e[1].pk, e[0].pk] and [r for r, _x in got] == ["1.", "2."]
    everyone = ranks(client.get(reverse("public:tournament", args=[t.pk]) + "?category=unknown", follow=True))
    assert len(everyone) == 6


def test_prize_list_and_team_tab(client):
    season = factories.tournament(players=1).season
    team = season.teams.create(name="Triberg")
    t = factories.tournament(players=14, published=True, season=season, prize_places=3, name="Preise")
    staff = factories.user()
    entries = list(t.entries.order_by("start_number"))
    for i, entry in enumerate(entries):
        services.add_adjustment(entry=entry, points=10 * (len(entries) - i), reason="Test", user=staff)
    Entry.objects.filter(pk__in=[e.pk for e in entries[:2]]).update(team=team)
    response = client.get(reverse("public:prizes", args=[t.pk]))
    rows = response.context["rows"]
    assert [r["entry_id"] for r in rows] == [entries[0].pk, entries[1].pk, entries[2].pk, entries[-1].pk]
    assert [r["last_place"] for r in rows] == [False, False, False, True]
    teams = client.get(reverse("public:teams", args=[t.pk]))
    assert teams.context["table"].rows[0]["total"] == 140 + 130
    assert reverse("public:teams", args=[t.pk]) in response.content.decode()      # the tab shows


def test_a_team_keeps_its_number_on_its_line(client):
    """ "Cego-Freunde Furtwangen 2": the team's number is joined to the name by a no-break space, so a narrow
    screen never shows "2" alone on a line (as on paper, ``common.names.keep_number``)."""
    season = factories.tournament(players=1).season
    team = season.teams.create(name="Cego-Freunde Furtwangen 2")
    t = factories.tournament(players=4, published=True, season=season, name="Nummern")
    Entry.objects.filter(tournament=t).update(team=team)
    html = client.get(reverse("public:teams", args=[t.pk])).content.decode()
    assert "Cego-Freunde Furtwangen\u00a02" in html and "Furtwangen 2" not in html
