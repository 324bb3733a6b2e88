"""The tariff index page shows all rulesets side by side (issue 15, point 4), in German and English, escaped,
inside its own scrolling box; a ruleset's page prints its house rules and the sources of its variants."""

import json

import pytest
from django.urls import reverse

from scoring import rulesets, tariff
from scoring.rulesets import RULESETS
from tests import factories
from tests.factories import tournament_data
from tests.page_text import get, table_rows
from tests.pdf_text import pdftotext
from tournament.exports import get as exporter
from tournament.models import Round, Season, Seat, Table, Tournament
from tournament.results import engine


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_index_compares_every_ruleset_cell_by_cell(client, lang):
    response = get(client, reverse("tariff:index"), lang=lang)
    assert response.status_code == 200
    rows = table_rows(response, "ruleset-comparison")
    expected = tariff.comparison(lang)
    assert rows[0][1:] == [c["name"] for c in expected["columns"]]
    assert len(rows[0]) == 1 + len(rulesets.RULESET_KEYS)
    assert rows[1:] == [[r["label"]] + r["cells"] for r in expected["rows"]]
    by_label = {r[0]: r[1:] for r in rows[1:]}
    keys = list(rulesets.RULESET_KEYS)
    unit = "Wert eines Fachs" if lang == "de" else "Value of one Fach"
    assert by_label[unit][keys.index("schwarzwald")] == "5"
    pascha = ("Festwert " if lang == "de" else "Fixed value ") + ("Pascha" if lang == "de" else "Pascha (3 top trumps)")
    assert by_label[pascha][keys.index("regional")] == "30" and by_label[pascha][keys.index("unadingen")] == "–"


def test_the_comparison_scrolls_inside_its_own_box(client):
    html = get(client, reverse("tariff:index")).content.decode()
    start = html.index('id="ruleset-comparison"')
    box = html.rindex("<div", 0, start)
    assert 'class="table-scroll"' in html[box:start]


def test_the_comparison_escapes_what_a_ruleset_says(client, monkeypatch):
    hostile = {"de": '<script>alert("x")</script>', "en": '<script>alert("x")</script>'}
    monkeypatch.setitem(RULESETS["regional"], "house_rules", [hostile])
    rulesets._resolve.cache_clear()
    try:
        html = get(client, reverse("tariff:index")).content.decode()
        detail = get(client, reverse("tariff:detail", args=["regional"])).content.decode()
    finally:
        monkeypatch.undo()
        rulesets._resolve.cache_clear()
    for page in (html, detail):
        assert '<script>alert("x")' not in page
        assert "&lt;script&gt;alert(" in page


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_rulesets_page_prints_its_house_rules_and_sources(client, lang):
    html = get(client, reverse("tariff:detail", args=["regional"]), lang=lang).content.decode()
    rs = rulesets.resolve("regional")
    assert 'id="ruleset-notes"' in html
    for note in rs.house_rules + rs.sources:
        assert note[lang].replace("“", "&ldquo;") in html or note[lang] in html
    plain = get(client, reverse("tariff:detail", args=["schwarzwald"]), lang=lang).content.decode()
    assert 'id="ruleset-notes"' not in plain


def test_the_margin_ruleset_page_shows_margins_not_fach(client):
    response = get(client, reverse("tariff:detail", args=["dreier35"]), lang="en")
    rows = table_rows(response, "tariff-grid")
    header = rows[1]
    assert header[:3] == ["Margin", "Winner's card points", "Loser's card points"]
    assert rows[-1][:3] == ["35", "70", "0"]
    params = response.content.decode().split('id="parameters"')[1]
    assert "margin over 35, rounded up to a multiple of 5" in params
    classic = table_rows(get(client, reverse("tariff:detail", args=["dreier"]), lang="en"), "tariff-grid")
    assert "Margin" not in classic[0] + classic[1]


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_score_sheets_back_page_prints_the_house_rules(lang):
    _t, round_ = factories.seated(players=4, tournament_=factories.tournament(players=4, ruleset="regional"))
    back = " ".join(pdftotext(exporter("score_sheet").render(table=round_.tables.get(), language=lang)[2])
                    .split("\f")[1].split())
    rule = rulesets.resolve("regional").house_rules[0][lang]
    assert rule in back
    # nothing is cut off: the last line of "how the sheet is written" is still on the page
    assert ("Am Ende unterschreiben alle" if lang == "de" else "At the end all players sign") in back
    _t, plain = factories.seated(players=4)
    other = pdftotext(exporter("score_sheet").render(table=plain.tables.get(), language=lang)[2])
    assert rule not in " ".join(other.split())


@pytest.mark.django_db
def test_the_margin_rulesets_back_page_prints_all_35_margins():
    t = factories.tournament(players=3, ruleset="dreier35")
    round_ = Round.objects.create(tournament=t, number=1, seed="test", algorithm="test", input_hash="-")
    table = Table.objects.create(round=round_, number=1, size=3, games_planned=t.games_per_round(4))
    for position, entry in enumerate(t.entries.order_by("start_number")):
        Seat.objects.create(round=round_, table=table, entry=entry, position=position)
    back = pdftotext(exporter("score_sheet").render(table=table, language="en")[2],
                     "-layout").split("\f")[1]
    assert "Margin" in back and "Winner" in back
    rows = [line.split() for line in back.splitlines() if line.split()[:1] == ["35"]]
    assert rows and rows[0][:3] == ["35", "70", "0"]
    assert "Notes" in back


@pytest.mark.django_db
@pytest.mark.parametrize("ruleset, options, check", [
    ("regional", {}, lambda rs: rs.schinden and rs.ouverte_factor == 2),
    ("dreier35", {"margin_rounding": 10}, lambda rs: rs.margin_over == 35 and rs.margin_rounding == 10),
    ("schwarzwald", {"gegensolo_by_contract": True, "house_rules": ["Acht Trümpfe sind immer ein Solo."],
                     "fixed_values": {"pascha": 30}}, lambda rs: rs.gegensolo_by_contract and "pascha" in rs.allowed),
])
def test_a_club_starts_a_tournament_from_any_ruleset_with_overrides(client, ruleset, options, check):
    """The director's tournament form (ruleset + overrides as JSON) reaches the new rulesets and options."""
    client.force_login(factories.staff())
    season = Season.objects.create(name="S", year=2026)
    response = client.post(reverse("director:tournament_create", args=[season.pk]),
                           tournament_data(ruleset=ruleset, options=json.dumps(options)))
    assert response.status_code == 302, response.context["form"].errors if response.context else response
    t = Tournament.objects.get()
    assert (t.ruleset, t.options) == (ruleset, options)
    assert check(engine.ruleset_for(t))
