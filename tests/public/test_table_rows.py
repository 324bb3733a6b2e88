"""The fast row tag writes exactly what django-tables2's stock template writes, for every public table."""

import re

import pytest
from django.template import Context, Template
from django.test import RequestFactory

from tests import factories
from tournament.public import tables as public_tables
from tournament.standings import selectors as standings_queries

pytestmark = pytest.mark.django_db


def tbody(html):
    body = re.search(r"<tbody[^>]*>(.*)</tbody>", html, re.S).group(1)
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", body)).strip()


def render(table, template_name):
    table.template_name = template_name
    request = RequestFactory().get("/")
    return Template("{% load django_tables2 %}{% render_table table %}").render(
        Context({"table": table, "request": request}))


def tables(t):
    """Builders of each public table with real rows (called twice: a table renders once)."""
    result = standings_queries.tournament_standings(t)
    rows = public_tables.standings_rows(result.rows, {r.key for r in result.prizes})
    rows[1]["withdrawn"] = True
    season = standings_queries.season_standings(t.season)
    season_rows = public_tables.season_rows(season.rows)
    return [lambda: public_tables.StandingsTable(rows, tournament=t, rounds=result.rounds),
            lambda: public_tables.SeasonTable(season_rows, tournaments=season.columns, best_n=None)]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_fast_rows_equal_the_stock_template(language):
    from django.utils import translation

    t = factories.played(players=12, rounds=2)
    with translation.override(language):
        for make in tables(t):
            stock = tbody(render(make(), "django_tables2/table.html"))
            fast = tbody(render(make(), public_tables.TEMPLATE))
            assert fast == stock
            assert stock.count("<tr") == 12
