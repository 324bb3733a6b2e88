"""The change check behind the live updates (docs/accessibility.md "Live updates", ``public/cache.py``): every
anonymous public page carries an ``ETag`` — in its header and in the page (``data-live-version``, which the
script sends back as ``If-None-Match``); while nothing changed the answer is a 304 after one version read, without
a cache read or a render; any write the page shows, another query string or another language is a new tag. The
page marks the regions the script swaps; the name filter lies outside them."""

import html as html_text
import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tests import factories
from tests.factories import first_table, game_data
from tests.public.conftest import forget
from tournament.public import cache as public_cache
from tournament.results import services

pytestmark = pytest.mark.django_db
VERSION = re.compile(r'data-live-version="([^"]*)"')


def carried(response):
    """The tag the page carries for its script (HTML-escaped in the attribute)."""
    return html_text.unescape(VERSION.search(response.content.decode()).group(1))


@pytest.fixture
def live():
    """A published tournament of 8 with round 1 open and three games at each of its two tables."""
    t, round_ = factories.seated(players=8, published=True)
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    return t


def pages(t):
    me = t.entries.get(start_number=1)
    return {
        "standings": reverse("public:tournament", args=[t.pk]),
        "sorted": reverse("public:tournament", args=[t.pk]) + "?sort=name",
        "filtered": reverse("public:tournament", args=[t.pk]) + "?q=" + me.player.last_name[:3],
        "prizes": reverse("public:prizes", args=[t.pk]),
        "seat": reverse("public:seat", args=[t.pk]) + "?q=1",
        "player": reverse("public:player", args=[t.pk, me.pk]),
    }


def add_game(t, number=4, seed=9):
    table = first_table(t)
    services.record_game(table=table, number=number, data=game_data(table, number, seed), user=None)


@pytest.mark.parametrize("name", ["standings", "sorted", "filtered", "prizes", "seat", "player"])
def test_unchanged_is_a_304_after_one_version_read(client, live, name):
    url = pages(live)[name]
    first = client.get(url)
    tag = first["ETag"]
    assert first.status_code == 200 and re.fullmatch(r'"[0-9a-f]{24}"', tag)
    assert carried(first) == tag, "the page carries its own tag for the script"
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == tag
    assert public_cache.HEADER not in again, "neither read from the cache nor rendered"
    assert len(queries) == 1, [q["sql"] for q in queries]
    assert client.get(url, HTTP_IF_NONE_MATCH='"something-else"').status_code == 200


@pytest.mark.parametrize("name", ["standings", "sorted", "prizes", "player"])
def test_a_result_is_a_new_tag_and_the_whole_page(client, live, name):
    url = pages(live)[name]
    tag = client.get(url)["ETag"]
    add_game(live)
    served = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert served.status_code == 200 and served["ETag"] != tag
    assert carried(served) == served["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=served["ETag"]).status_code == 304


def test_a_result_at_another_table_is_a_new_tag_for_a_player_page(client, live):
    """The rank and total of a player page are rendered for each request: a game at the other table moves them
    without touching the player's own results version, and must not be answered 304."""
    me = live.entries.get(start_number=1)
    other = live.round_set.get().tables.exclude(seats__entry=me).get()
    url = pages(live)["player"]
    tag = client.get(url)["ETag"]
    services.record_game(table=other, number=4, data=game_data(other, 4, 3), user=None)
    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_variants_have_their_own_tags(client, live):
    tags = {name: client.get(url)["ETag"] for name, url in pages(live).items()}
    assert len(set(tags.values())) == len(tags)
    url = pages(live)["standings"]
    with translation.override("en"):
        english = client.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_COOKIE="django_language=en")
    assert english["ETag"] != tags["standings"]
    assert client.get(url, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200


def test_logged_in_users_get_no_tag_and_no_304(client, live):
    url = pages(live)["standings"]
    tag = client.get(url)["ETag"]
    client.force_login(factories.staff())
    served = client.get(url, HTTP_IF_NONE_MATCH=tag)
    assert served.status_code == 200 and not served.has_header("ETag")
    assert carried(served) == ""


def test_the_interval_comes_from_the_settings(client, live, settings):
    url = pages(live)["standings"]
    assert 'data-refresh="30"' in client.get(url).content.decode()
    settings.PUBLIC_REFRESH_SECONDS = 2
    forget()
    html = client.get(url).content.decode()
    assert 'data-refresh="2"' in html and 'http-equiv="refresh" content="2"' in html


def region(html, name):
    start = html.index(f'data-live-region="{name}"')
    return html[start:]


def test_pages_mark_their_live_regions_and_the_controls(client, live):
    standings = client.get(pages(live)["filtered"]).content.decode()
    assert standings.count("data-live-region=") == 1
    body = region(standings, "standings")
    assert 'id="standings"' in body and 'id="q"' not in body, "the filter field is outside the region"
    assert 'id="q"' in standings
    button = re.search(r'<button [^>]*id="live-pause"[^>]*>', standings).group(0)
    assert 'type="button"' in button and 'aria-pressed="false"' in button and " hidden" in button
    assert re.search(r'<p [^>]*id="live-status" role="status" aria-live="polite"', standings)
    assert "%(time)s" in re.search(r'id="live-status"[^>]*data-text="([^"]*)"', standings).group(1)
    seat = client.get(pages(live)["seat"]).content.decode()
    assert 'id="seat-plan"' in region(seat, "seat") and 'id="seat-q"' not in region(seat, "seat")
    player = client.get(pages(live)["player"]).content.decode()
    assert 'data-live-region="facts"' in player and 'id="chart"' in region(player, "games")
    assert 'id="prize-list"' in region(client.get(pages(live)["prizes"]).content.decode(), "prizes")


def test_a_finished_tournament_has_no_live_line(client):
    t = factories.played(players=8, rounds=1, lock=True)
    html = client.get(reverse("public:tournament", args=[t.pk])).content.decode()
    assert 'id="live"' not in html and "public.js" not in html and "live.css" not in html


def test_a_new_csrf_cookie_is_a_new_tag(client, live):
    """A page the browser kept holds a CSRF token for its cookie of then (the language form): after a login and
    logout the cookie is another, and a 304 would show the old token, which the language form's POST fails."""
    url = pages(live)["standings"]
    first = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    client.cookies[settings.CSRF_COOKIE_NAME] = "x" * 32
    served = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert served.status_code == 200 and served["ETag"] != first["ETag"]
