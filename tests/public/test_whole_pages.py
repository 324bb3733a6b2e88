"""Whole public pages for anonymous phones (``tournament/public/page_cache.py``): the second visit of the same
page is answered before sessions, CSRF, auth and the view, with the browser's own CSRF token and the page's ETag;
a matching ``If-None-Match`` is a 304; a result changes the ETag and the page at once; a logged-in director, a
first visit and a language cookie never get another visitor's page."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests import factories
from tests.factories import game_data
from tournament.public import cache as public_cache
from tournament.public import page_cache
from tournament.results import services

pytestmark = pytest.mark.django_db
HEADER = public_cache.HEADER
CSRF_INPUT = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]*)"')


@pytest.fixture
def live():
    t, round_ = factories.seated(players=8, published=True)
    for table in round_.tables.all():
        factories.play_table(table, games=3)
    return t


def phone():
    """A browser that has been here before: it holds a CSRF cookie."""
    browser = Client()
    browser.get(reverse("public:home"))
    return browser


def three_visits(browser, url, **headers):
    return [browser.get(url, **headers) for _ in range(3)]


def test_the_third_visit_is_a_whole_page_with_this_browsers_token(live):
    browser = phone()
    url = reverse("public:tournament", args=[live.pk])
    miss, hit, page = three_visits(browser, url)
    assert (miss[HEADER], hit[HEADER], page[HEADER]) == ("miss", "hit", "page")
    assert page.content.replace(CSRF_INPUT.search(page.content).group(1), b"") == \
        hit.content.replace(CSRF_INPUT.search(hit.content).group(1), b"")
    token = CSRF_INPUT.search(page.content).group(1).decode()
    assert token != page_cache.PLACEHOLDER and page_cache.TAG_PLACEHOLDER.encode() not in page.content
    assert page["ETag"] == hit["ETag"] and page["ETag"].strip('"').encode() in page.content
    switched = browser.post(reverse("set_language"), {"language": "en", "next": url,
                                                      "csrfmiddlewaretoken": token})
    assert switched.status_code == 302             # the token of a whole page is accepted


def test_a_whole_page_costs_one_query_and_skips_the_chain(live, django_assert_max_num_queries):
    browser = phone()
    url = reverse("public:tournament", args=[live.pk])
    three_visits(browser, url)
    with django_assert_max_num_queries(1):
        response = browser.get(url)
    assert response[HEADER] == "page" and "Set-Cookie" not in response.headers
    assert response["Content-Language"] == "de" and "Cookie" in response["Vary"]


def test_a_matching_etag_is_a_304_and_a_result_changes_tag_and_page(live, django_assert_max_num_queries):
    browser = phone()
    url = reverse("public:tournament", args=[live.pk])
    *_, page = three_visits(browser, url)
    with django_assert_max_num_queries(1):
        unchanged = browser.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
    assert unchanged.status_code == 304 and unchanged["ETag"] == page["ETag"] and not unchanged.content
    table = live.round_set.get().tables.select_related("round__tournament").get(number=1)
    services.record_game(table=table, number=4, data=game_data(table, 4, 1), user=None, expected_version=None)
    changed = browser.get(url, HTTP_IF_NONE_MATCH=page["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != page["ETag"]
    assert changed[HEADER] != "page" and changed.content != page.content


def test_a_language_cookie_gets_its_own_page(live):
    browser = phone()
    url = reverse("public:tournament", args=[live.pk])
    *_, german = three_visits(browser, url)
    browser.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = browser.get(url)
    assert english[HEADER] != "page" and english["Content-Language"] == "en"
    assert b'<html lang="en">' in english.content and b'<html lang="de">' in german.content


def test_a_director_gets_his_own_header_never_a_whole_page(live, client):
    url = reverse("public:tournament", args=[live.pk])
    three_visits(phone(), url)
    client.force_login(factories.user())
    client.get(reverse("public:home"))
    answers = three_visits(client, url)
    assert all(answer.get(HEADER) is None for answer in answers)
    assert all(reverse("director:home").encode() in answer.content for answer in answers)


def test_a_first_visit_goes_through_the_chain_and_gets_its_cookie(live):
    url = reverse("public:tournament", args=[live.pk])
    three_visits(phone(), url)
    first = Client().get(url)
    assert first[HEADER] == "hit" and settings.CSRF_COOKIE_NAME in first.cookies

