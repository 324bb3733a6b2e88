"""The API shows what the pages show: on the demo's running tournament (``manage.py demo``), the standings of
``/api/v1/tournaments/<id>/standings/`` are those of the public standings page, row by row, read from the page's
HTML over all its pages; the season standings those of the season page. The demo is built once for the module and
rolled back after it (as tests/demo/test_demo.py does)."""

import io
import json
import math

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.urls import reverse
from lxml import html

from tournament.models import Tournament
from tournament.public import cache as public_cache
from tournament.public import page_cache

pytestmark = pytest.mark.django_db


def forget():
    public_cache.store().clear()
    public_cache._standings.clear()
    page_cache._pages.clear()


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock(), transaction.atomic():
        call_command("demo", stdout=io.StringIO())
        forget()
        yield
        transaction.set_rollback(True)
    forget()


def number(text):
    """A signed cell ("+30", "−10", "0") as an int; "–" (a round not counted) as None."""
    text = text.strip().replace("−", "-").replace("+", "")
    return None if text.startswith("–") else int(text)


def page_rows(client, url, size, per_page=50):
    rows = []
    for page in range(1, math.ceil(size / per_page) + 1):
        response = client.get(url + (f"?page={page}" if page > 1 else ""))
        assert response.status_code == 200
        rows += html.fromstring(response.content).xpath("//tr[@data-entry]")
    return rows


def cells(tr, css):
    """The row's cells whose class attribute has ``css`` (lxml's xpath: cssselect is not installed)."""
    return tr.xpath(f"./td[contains(concat(' ', @class, ' '), ' {css} ')]")


def test_standings_equal_the_page_on_the_running_tournament(demo):
    running = Tournament.objects.get(status=Tournament.Status.RUNNING, game="cego")
    client = Client()
    api = json.loads(client.get(reverse("api:standings", args=[running.pk])).content)
    assert api["live"] and api["provisional"] and len(api["entries"]) > 50       # more than one page
    shown = page_rows(client, reverse("public:tournament", args=[running.pk]), len(api["entries"]))
    assert len(shown) == len(api["entries"])
    for tr, entry in zip(shown, api["entries"], strict=True):
        rank = cells(tr, "rank")[0]
        assert int(tr.get("data-entry")) == entry["entry_id"]
        assert int(rank.text_content().rstrip("L").rstrip(".")) == entry["rank"]
        assert bool(rank.xpath(".//sup[@class='lot']")) == entry["by_lot"]
        assert cells(tr, "name")[0].xpath("./a")[0].text_content() == entry["name"]
        assert cells(tr, "wide")[1].text_content() in (entry["town"], "—")
        rounds = [number(td.text_content()) for td in cells(tr, "round")]
        assert rounds == [None if r is None else p for r, p in zip(rounds, entry["rounds"], strict=True)]
        assert number(cells(tr, "total")[0].text_content()) == entry["total"]
    assert all(e["provisional"] for e in api["entries"])


def test_season_standings_equal_the_page(demo):
    running = Tournament.objects.get(status=Tournament.Status.RUNNING, game="cego")
    client = Client()
    api = json.loads(client.get(reverse("api:season_standings", args=[running.season_id])).content)
    assert api["provisional"] and running.pk in [d["id"] for d in api["days"]]
    response = client.get(reverse("public:season", args=[running.season_id]))
    first = html.fromstring(response.content).xpath("//table[contains(@class, 'standings')]/tbody/tr")
    assert len(first) == min(50, len(api["entries"]))
    for tr, entry in zip(first, api["entries"], strict=False):
        assert int(cells(tr, "rank")[0].text_content().rstrip(".")) == entry["rank"]
        assert cells(tr, "name")[0].xpath("./a")[0].text_content() == entry["name"]     # a link to his years
        assert number(cells(tr, "total")[0].text_content()) == entry["total"]
        shown = [number(td.text_content()) for td in cells(tr, "tcol")]
        assert shown == [r["points"] for r in entry["results"]]
