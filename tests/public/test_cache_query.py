"""Query strings against the public page cache (``tournament/public/query.py``). The attack: vary the query string
of an anonymous GET — junk parameters, junk values of the parameters a page reads, the same value spelt
differently, a page past the last — to make a new cache entry per request (filling the cache, rendering every
time). Each of these must hit the page's one entry or be redirected to it; the number of stored entries is
counted."""

import pytest
from django.http import QueryDict
from django.urls import reverse

from tests import factories
from tournament.public import cache as public_cache
from tournament.public import query as public_query
from tournament.public import tables
from tournament.public.tables import SORT_ALIAS

pytestmark = pytest.mark.django_db


def entries():
    store = public_cache.store()
    if not hasattr(store, "_cache"):
        pytest.skip("counts the entries of the memory cache")
    return len(store._cache)


@pytest.fixture
def big():
    """A published tournament of 60: two pages of standings."""
    return factories.tournament(players=60, published=True)


def hits(client, url, queries):
    return [client.get(f"{url}?{q}" if q else url)[public_cache.HEADER] for q in queries]


def test_parameters_the_page_does_not_read_hit_the_one_entry(client, big):
    url = reverse("public:tournament", args=[big.pk])
    got = hits(client, url, ["", *[f"x={n}" for n in range(20)], "utm_source=a&fbclid=b"])
    assert got == ["miss"] + ["hit"] * 21
    assert entries() == 1


@pytest.mark.parametrize("spellings", [
    ["", "page=1", "page=01", "page=", "page=x", "page=-3", "page=%D9%A3", "page=1&page=1", "page=99999999999"],
    ["sort=name", "sort=name&sort=name", "sort=+name+", "sort=name&sort=-name", "sort=name&sort=bogus",
     "sort=bogus&sort=name"],
    ["", "sort=bogus1", "sort=bogus2", "sort=%3Cscript%3E", "sort=r100", "sort=", "q=", "q=++", "category="],
    ["q=maier", "q=+maier+", "q=maier&q=maier", "q=%20maier"],
    ["category=women", "kategorie=women", "category=women&category=women", "category=+women"],
], ids=["page", "sort", "junk-values", "search", "category"])
def test_one_value_spelt_many_ways_is_one_entry(client, big, spellings):
    url = reverse("public:tournament", args=[big.pk])
    got = hits(client, url, spellings)
    assert got == ["miss"] + ["hit"] * (len(spellings) - 1), list(zip(spellings, got, strict=True))
    assert entries() == 1


@pytest.mark.parametrize(("query", "target"), [
    ("page=9", "page=2"), ("page=999999", "page=2"), ("category=unknown", ""), ("category=c999999", ""),
    ("sort=r9", ""), ("sort=name&page=7", "sort=name&page=2"),
])
def test_a_value_the_page_does_not_know_is_redirected_to_the_one_it_shows(client, big, query, target):
    url = reverse("public:tournament", args=[big.pk])
    response = client.get(f"{url}?{query}")
    assert response.status_code == 302 and response["Location"] == (f"{url}?{target}" if target else url)
    assert entries() == 0
    assert client.get(response["Location"]).status_code == 200 and entries() == 1
    assert client.get(f"{url}?{query}")["Location"] == response["Location"]      # no entry for the junk spelling
    assert entries() == 1


def test_season_pages_and_pages_without_parameters_too(client, big):
    season = reverse("public:season", args=[big.season.pk])
    assert hits(client, season, ["", "page=1", "sort=nix", "x=1"]) == ["miss", "hit", "hit", "hit"]
    stats = reverse("stats:tournament", args=[big.pk])
    assert hits(client, stats, ["", "page=2", "sort=name", "q=x", "category=women"]) == ["miss"] + ["hit"] * 4
    assert entries() == 2


def test_the_view_sees_only_the_canonical_query(client, big):
    """What the table's links keep (and what is stored) is the canonical query, not the visitor's."""
    url = reverse("public:tournament", args=[big.pk])
    response = client.get(url + "?sort=-name&sort=-name&page=02&utm_source=flyer")
    assert response.context["table"].query == {"sort": ["-name"], "page": ["2"]}
    assert "utm_source" not in response.context["table"].link(page=1)


@pytest.mark.parametrize(("query", "pairs"), [
    ("page=2&page=3", [("page", "3")]),
    ("page=%EF%BC%93", []),                                         # a full-width digit is no page number
    ("sort=a&sort=name&sort=-total&sort=rank&sort=town", [("sort", "name"), ("sort", "-total"), ("sort", "rank")]),
    ("q=" + "x" * 300, [("q", "x" * public_query.MAX_LENGTH)]),
    ("kategorie=youth", [("category", "youth")]),
])
def test_canonical(query, pairs):
    names = ("category", "kategorie", "q", "sort", "page")
    assert public_query.canonical(QueryDict(query), names) == pairs


def test_every_column_of_every_table_is_a_sort_alias(big):
    rounds = list(range(1, 21))
    seasons = [type("T", (), {"date": big.date, "name": "x"})() for _ in range(40)]
    for table in (tables.StandingsTable([], tournament=big, rounds=rounds),
                  tables.SeasonTable([], tournaments=seasons), tables.TeamTable([])):
        for column in table.columns:
            assert SORT_ALIAS.fullmatch(column.key) and SORT_ALIAS.fullmatch("-" + column.key), column.key
