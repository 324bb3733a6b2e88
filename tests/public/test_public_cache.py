"""The public page cache (``tournament/public/cache.py``): a write through the services shows on the very next
request, variants (language, query string, who is asking) never mix, query parameters a page does not read make
no new entries, an unpublished tournament is never served from it, and what belongs to the request (CSRF token,
"as of" time, a player's rank) is fresh on every hit. With ``DJANGO_CACHE_URL=redis://…`` (``.ci/with-redis``)
the same tests run against Redis (and ``test_public_cache_redis.py`` checks that the pages really are there)."""

import datetime
import re
import threading

import pytest
from django.template import defaulttags
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.factories import first_table, game_data, tournament_data
from tests.public.conftest import forget
from tests.public.pages import PAGES
from tournament.common.numbers import signed
from tournament.models import Game
from tournament.public import cache as public_cache
from tournament.registration import services as registration_services
from tournament.results import engine, services

pytestmark = pytest.mark.django_db
HEADER = public_cache.HEADER
CSRF_INPUT = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')
STAMP = re.compile(rb'(<span class="stamp">[^<]*?)\d\d:\d\d(</span>)')


def correct_game(t):
    """Game 1 of table 1 corrected (other data than stored, with the version the user edited)."""
    table = first_table(t)
    game = Game.objects.get(table=table, number=1)
    seed = 1
    while all(getattr(game, k) == v for k, v in game_data(table, 1, seed).items()):
        seed += 1
    services.record_game(table=table, number=1, data=game_data(table, 1, seed), user=None,
                         expected_version=game.version)


def edit_tournament(t, **changes):
    """Through the director's form, as in the office (not a service yet: its view raises the versions)."""
    office = Client()
    office.force_login(factories.staff())
    data = tournament_data(**{"name": t.name, "date": t.date.isoformat(), "venue": t.venue, "seed": t.seed,
                              "published": "on", "status": t.status, **changes})
    assert office.post(reverse("director:tournament_edit", args=[t.pk]), data).status_code == 302


def other_tournament(t):
    return t.season.tournaments.get(name="Zweites Turnier")


WRITES = {
    "game": lambda t: services.record_game(table=first_table(t), number=4, data=game_data(first_table(t), 4, 9),
                                           user=None),
    "correction": correct_game,
    "deletion": lambda t: services.delete_game(game=Game.objects.get(table=first_table(t), number=3), user=None),
    "adjustment": lambda t: services.add_adjustment(entry=t.entries.get(start_number=1), points=-20,
                                                    reason="Verspätung", user=None),
    "registration": lambda t: registration_services.register(user=None, tournament=t, player_data={
        "first_name": "Rosa", "last_name": "Wehrle", "town": "Titisee"}),
    "withdrawal": lambda t: registration_services.toggle(entry=t.entries.get(start_number=1), field="withdrawn",
                                                         user=None),
    "tournament edit": lambda t: edit_tournament(t, name="Cego-Turnier Schonach"),
    "other tournament of the season": lambda t: registration_services.register(
        user=None, tournament=other_tournament(t), player_data={"first_name": "Rosa", "last_name": "Wehrle"}),
}

# Pages whose content the write must change (so the test would catch a stale copy).
CHANGED = {("game", "standings"), ("game", "player"), ("game", "season"), ("correction", "player"),
           ("deletion", "player"), ("adjustment", "standings"), ("adjustment", "player"), ("adjustment", "season"),
           ("registration", "standings"), ("registration", "home"), ("withdrawal", "player"),
           ("tournament edit", "standings"), ("tournament edit", "season"), ("tournament edit", "home"),
           ("tournament edit", "seat"), ("tournament edit", "player"), ("other tournament of the season", "season")}


def normal(response):
    """The page without what belongs to the request: the CSRF token and the "as of" time."""
    return STAMP.sub(rb"\1--:--\2", CSRF_INPUT.sub(rb"\1-\2", response.content))


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("write", WRITES)
def test_a_write_shows_on_the_very_next_request(client, live, write, page):
    url = PAGES[page](live)
    first = client.get(url)
    assert first.status_code == 200 and first[HEADER] == "miss"
    assert client.get(url)[HEADER] == "hit"
    WRITES[write](live)
    served = client.get(url)
    assert served.status_code == 200
    forget()
    assert normal(served) == normal(client.get(url)), "the page after the write is what a fresh render shows"
    if (write, page) in CHANGED:
        assert served[HEADER] == "miss" and normal(served) != normal(first)


def test_a_result_keyed_on_the_sheet_shows_on_the_next_refresh(client, live):
    """What the load benchmark checks under load: a helper's 200 for a row, then the very next reload of the
    standings shows the new totals."""
    table = first_table(live)
    url = reverse("public:tournament", args=[live.pk])
    client.get(url)
    before = client.get(url)
    assert before[HEADER] == "hit"
    helper = Client()
    helper.force_login(factories.staff())
    forehand = (table.dealer(4) + 1) % table.size
    saved = helper.post(reverse("entry:save", args=[table.pk]),
                        {"number": 4, "version": "", "contract": "C", "declarer": forehand + 1, "result": 60},
                        HTTP_ACCEPT="application/json")
    assert saved.status_code == 200 and saved.json()["ok"]
    after = client.get(url)
    assert after[HEADER] == "miss"
    for entry in live.entries.filter(seats__table=table):
        row = re.search(rb'data-entry="%d".*?<td class="num total">([^<]*)</td>' % entry.pk, after.content, re.S)
        assert row.group(1).decode() == signed(entry.total)
    assert normal(after) != normal(before)


def test_a_correction_that_keeps_every_score_shows_too(client, live):
    """Only the card points change: no total, no count changes, yet the versions do."""
    table = first_table(live)
    cego = dict(dict.fromkeys(engine.GAME_FIELDS), contract="cego", declarer=1, card_points=30, calls=0)
    game = services.record_game(table=table, number=1, data=cego, user=None,
                                expected_version=Game.objects.get(table=table, number=1).version)
    url = PAGES["player"](live)
    client.get(url)
    assert client.get(url)[HEADER] == "hit"
    services.record_game(table=table, number=1, data=dict(cego, card_points=31), user=None,
                         expected_version=game.version)
    assert Game.objects.get(table=table, number=1).scores == game.scores
    served = client.get(url)
    assert served[HEADER] == "miss" and b'<span class="cp">31</span>' in served.content


def test_locking_the_last_round_ends_live_and_provisional_at_once(client):
    t = factories.played(players=8, rounds=1, lock=False)
    url = reverse("public:tournament", args=[t.pk])
    client.get(url)
    before = client.get(url)
    assert before[HEADER] == "hit" and b'id="provisional"' in before.content and b"data-refresh" in before.content
    services.set_round_status(round_=t.round_set.get(), status="locked", user=None)
    after = client.get(url)
    assert after[HEADER] == "miss" and b'id="provisional"' not in after.content and b"data-refresh" not in after.content


def test_unpublishing_is_a_404_at_once_and_nothing_unpublished_is_stored(client, live):
    url = reverse("public:tournament", args=[live.pk])
    client.get(url)
    assert client.get(url)[HEADER] == "hit"
    live.published = False
    live.save(update_fields=["published"])          # even without the versions: the version read checks it
    assert client.get(url).status_code == 404
    assert client.get(PAGES["player"](live)).status_code == 404
    assert live.name not in client.get(reverse("public:home")).content.decode()
    hidden = factories.tournament(players=4, rounds=1, name="Geheim")
    hidden_url = reverse("public:tournament", args=[hidden.pk])
    assert client.get(hidden_url).status_code == 404
    edit_tournament(hidden)
    shown = client.get(hidden_url)
    assert shown.status_code == 200 and shown[HEADER] == "miss"


def test_languages_do_not_mix(live):
    url = PAGES["standings"](live)
    german, english = Client(), Client()
    english.cookies["django_language"] = "en"
    for _ in range(2):
        de, en = german.get(url), english.get(url)
    assert de[HEADER] == en[HEADER] == "hit"
    assert b'<html lang="de">' in de.content and b'<html lang="en">' in en.content


def test_query_strings_do_not_mix(client, live):
    url = PAGES["standings"](live)
    name = live.entries.get(start_number=2).player.last_name
    for _ in range(2):
        everyone, filtered, by_name = client.get(url), client.get(f"{url}?q={name}"), client.get(f"{url}?sort=name")
    assert everyone[HEADER] == filtered[HEADER] == by_name[HEADER] == "hit"
    assert everyone.content.count(b"data-entry=") == 8 and filtered.content.count(b"data-entry=") == 1
    assert normal(by_name) != normal(everyone)


def test_parameters_a_page_does_not_read_make_no_new_entry(client, live):
    """Nor do they reach the stored page: its links carry only what the page reads. The language form's "next"
    is the request's own URL (rendered outside the stored parts)."""
    url = PAGES["standings"](live)
    assert client.get(f"{url}?sort=name")[HEADER] == "miss"
    for junk in ("utm_source=flyer", "fbclid=x1", "nocache=1700000000", "zzq=%3Cscript%3E"):
        served = client.get(f"{url}?sort=name&{junk}")
        assert served[HEADER] == "hit", junk
        body = CSRF_INPUT.sub(b"", served.content).replace(f'value="{url}?sort=name&amp;{junk}"'.encode(), b"")
        assert junk.split("=")[0].encode() not in body, junk
        assert f'name="next" value="{url}?sort=name&amp;{junk}"'.encode() in served.content
    assert client.get(f"{PAGES['player'](live)}?sort=name")[HEADER] == "miss"
    assert client.get(f"{PAGES['player'](live)}?page=3")[HEADER] == "hit"


def test_logged_in_users_are_neither_served_nor_stored(client, live):
    url = PAGES["standings"](live)
    office = reverse("director:home").encode()
    client.force_login(factories.staff())
    own = client.get(url)
    assert HEADER not in own and office in own.content
    client.logout()
    anonymous = client.get(url)
    assert anonymous[HEADER] == "miss" and office not in anonymous.content


@pytest.fixture
def seven_past_seven(monkeypatch):
    class Clock(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime.datetime(2026, 3, 7, 7, 7, tzinfo=tz)
    monkeypatch.setattr(defaulttags, "datetime", Clock)


def test_a_hit_carries_a_working_csrf_token_and_the_current_time(live, seven_past_seven):
    url = PAGES["standings"](live)
    Client().get(url)
    for _ in range(2):          # two browsers, each with its own CSRF cookie, both served the stored page
        browser = Client(enforce_csrf_checks=True)
        page = browser.get(url)
        assert page[HEADER] == "hit" and b'<span class="stamp">' in page.content
        assert re.search(rb"\b07:07</span>", page.content)
        token = page.content.split(b'name="csrfmiddlewaretoken" value="')[1].split(b'"')[0].decode()
        switched = browser.post(reverse("set_language"), {"language": "en", "next": url,
                                                          "csrfmiddlewaretoken": token})
        assert switched.status_code == 302


def test_nothing_of_the_visitor_is_stored(client, live, monkeypatch):
    """The stored fragments and values hold no CSRF token, no session and no return URL of the first visitor."""
    stored = []
    monkeypatch.setattr(public_cache.store(), "set", lambda key, value, timeout=None: stored.append(value))
    client.get(PAGES["standings"](live) + "?sort=name&utm_source=flyer")
    client.get(PAGES["player"](live))
    assert len(stored) == 2
    for page in stored:
        text = repr(page)
        assert "csrfmiddlewaretoken" not in text and "utm_source" not in text and 'name="next"' not in text


@pytest.mark.parametrize("page", ["home", "standings", "seat", "player", "prizes", "statistics", "season"])
def test_a_hit_costs_one_query_the_version(client, live, django_assert_num_queries, page):
    url = PAGES[page](live)
    client.get(url)
    with django_assert_num_queries(1):
        assert client.get(url)[HEADER] == "hit"


def test_a_result_elsewhere_moves_the_rank_on_a_stored_player_page(client, live):
    """A player page is stored by its own tables' results; the rank, which moves with every table, is rendered
    for each request."""
    me = live.entries.get(start_number=1)
    url = PAGES["player"](live)
    client.get(url)
    rank = public_cache.standings_queries.tournament_standings(live).rows
    before = next(r.rank for r in rank if r.key == me.pk)
    other = live.round_set.get().tables.select_related("round__tournament").get(number=2)
    seed = 0
    while True:             # a legal game at the other table that moves player 1's rank
        services.record_game(table=other, number=4, data=game_data(other, 4, seed), user=None,
                             expected_version=None if seed == 0 else Game.objects.get(table=other, number=4).version)
        rows = public_cache.standings_queries.tournament_standings(live).rows
        if next(r.rank for r in rows if r.key == me.pk) != before:
            break
        seed += 1
    served = client.get(url)
    assert served[HEADER] == "hit"
    forget()
    fresh = client.get(url)
    assert fresh[HEADER] == "miss" and normal(served) == normal(fresh)


def test_a_stored_page_without_a_fragment_its_template_has_is_rendered_anew(client, live, monkeypatch):
    """Pages stored by other code (a deploy within ``TIMEOUT``) may lack a fragment: render, do not fail."""
    url = PAGES["standings"](live)
    fresh = client.get(url)
    old = public_cache.Stored("public/tournament.html", {}, {"title": "x"})
    monkeypatch.setattr(public_cache.store(), "get", lambda key, default=None: old)
    served = client.get(url)
    assert served.status_code == 200 and normal(served) == normal(fresh)


def test_one_thread_renders_while_the_others_wait():
    order, started = [], threading.Event()

    def leader():
        with public_cache.flight("k") as lead:
            order.append(("first", lead))
            started.set()
            threading.Event().wait(0.2)
            order.append(("first done", lead))

    def follower():
        started.wait()
        with public_cache.flight("k") as lead:
            order.append(("second", lead))

    threads = [threading.Thread(target=leader), threading.Thread(target=follower)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert order == [("first", True), ("first done", True), ("second", False)]
