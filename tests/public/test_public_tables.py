"""The public standings tables (plain rows, a template loop each): sorting, header links, paging, the cells."""

import datetime
import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from tournament.public import tables


def row(entry_id, rank, total, name, town="Triberg", tied=False, **extra):
    first, last = name.split()
    return {"entry_id": entry_id, "player_id": entry_id, "rank": rank, "tied": tied, "total": total, "name": name,
            "first_name": first, "last_name": last, "town": town, "start_number": entry_id,
            "sort_name": f"{last} {first}".casefold(), "declarer_won": entry_id % 3, "declarer_lost": 1,
            "prize": False, "rounds": [total], "r1": total, **extra}


def standings(query="", rows=None):
    rows = rows if rows is not None else [row(1, 1, 90, "Anna Zahn"), row(2, 2, 40, "Bernd Adler", town=""),
                                          row(3, 2, 40, "Clara Maier", tied=True), row(4, 4, -130, "Dieter Berg")]
    table = tables.StandingsTable(rows, tournament=SimpleNamespace(pk=7), rounds=[1])
    return table.configure(RequestFactory().get("/turnier/7/" + query))


def order(table):
    return [r["entry_id"] for r in table.rows]


@pytest.mark.parametrize("query, expected", [
    ("", [1, 2, 3, 4]),                                  # as ranked
    ("?sort=total", [1, 2, 3, 4]),                       # first click on a "higher is better" column: highest first
    ("?sort=-total", [4, 2, 3, 1]),                      # the other way round (equal rows keep their order)
    ("?sort=name", [2, 4, 3, 1]),                        # by last name
    ("?sort=-name", [1, 3, 4, 2]),
    ("?sort=town&sort=-name", [2, 1, 3, 4]),             # several keys in turn; an empty town first
    ("?sort=nonsense", [1, 2, 3, 4]),                    # unknown columns are ignored
    ("?sort=name,total", [1, 2, 3, 4]),
    ("?sort=declarer_won", [2, 1, 4, 3]),
])
def test_sorting(query, expected):
    assert order(standings(query)) == expected


def test_rows_without_a_value_sort_before_every_number():
    season = [{"rank": i + 1, "t0": value, "sort_name": str(i)} for i, value in enumerate([5, None, -3])]
    table = tables.Table(season, [tables.Column("t0", "T", order_by=("-t0", "rank"))])
    table.sort(["-t0"])
    assert [r["t0"] for r in table.rows] == [None, -3, 5]
    table.sort(["t0"])
    assert [r["t0"] for r in table.rows] == [5, -3, None]


def test_header_links_keep_the_query_go_to_page_1_and_toggle_the_sorted_column():
    table = standings("?q=a%26b&sort=-total&page=1")
    headers = {h["href"]: h["css"] for h in table.headers}
    assert headers["?q=a%26b&amp;sort=total&amp;page=1"] == "desc num orderable total"
    assert headers["?q=a%26b&amp;sort=name&amp;page=1"] == "orderable"
    assert headers["?q=a%26b&amp;sort=rank&amp;page=1"] == "num orderable rank"
    assert standings("?sort=total").headers[5]["href"] == "?sort=-total&amp;page=1"


def test_paging_counts_even_and_odd_rows_over_all_pages():
    rows = [row(i, i, 100 - i, f"P{i} N{i:03d}") for i in range(1, 61)]
    table = standings("?page=2", rows)
    assert table.paginator.num_pages == 2 and [r["entry_id"] for r in table.page_rows] == list(range(51, 61))
    assert table.page_rows[0]["css"] == "even" and table.page_rows[1]["css"] == "odd"      # row 51, 52
    assert standings("?page=9", rows).page.number == 2 and standings("?page=x", rows).page.number == 1
    assert table.previous_link() == "?page=1"


@pytest.mark.parametrize("language, shared, withdrawn", [("de", "geteilter Platz", "zurückgezogen"),
                                                          ("en", "shared rank", "withdrawn")])
def test_standings_cells(language, shared, withdrawn):
    rows = [row(1, 1, 90, "Anna <b>Zahn</b>", withdrawn=True, prize=True), row(2, 1, -40, "Bernd Adler", town="",
                                                                               tied=True)]
    with translation.override(language):
        html = render_to_string("public/_standings_table.html", {"table": standings("", rows)})
    first, second = re.findall(r"<tr [^>]*>.*?</tr>", html)
    assert first.startswith('<tr class="prize withdrawn even" data-entry="1">')
    assert '<a href="/turnier/7/spieler/1/">Anna &lt;b&gt;Zahn&lt;/b&gt;</a>' in first
    assert f'<span class="note">{withdrawn}</span>' in first and "<span class=\"sub\">1 · Triberg</span>" in first
    assert second.startswith('<tr class="tied odd" data-entry="2">')
    assert f'<td class="num rank"><span title="{shared}">1.</span></td>' in second
    assert '<td class="wide">—</td>' in second and '<td class="num total">\u221240</td>' in second


def test_season_cells_mark_absent_and_dropped_results():
    columns = [SimpleNamespace(date=datetime.date(2026, 3, d), name=f"T{d}") for d in (7, 14)]
    data = [{"rank": 1, "tied": False, "total": 30, "name": "Anna Zahn", "town": "Triberg", "sort_name": "z",
             "participations": 2, "per_tournament": [30, -10], "counted": [0], "t0": 30, "t1": -10},
            {"rank": 2, "tied": False, "total": 5, "name": "Bernd Adler", "town": "", "sort_name": "a",
             "participations": 1, "per_tournament": [None, 5], "counted": [1], "t0": None, "t1": 5}]
    table = tables.SeasonTable(data, tournaments=columns, best_n=1).configure(RequestFactory().get("/"))
    with translation.override("en"):
        html = render_to_string("public/_season_table.html", {"table": table})
    assert '<span class="dropped" title="does not count (best N)">\u221210</span>' in html
    assert '<span class="absent" title="did not play">–</span>' in html
    assert '<span class="sub">Triberg · 2 tournaments</span>' in html
    assert '<span class="sub">1 tournament</span>' in html
    assert [h["label"] for h in table.headers][4:6] == ["7.3.", "14.3."]
    # A narrow screen hides the tournament columns and shows them in the name cell's sub-line (issue 16).
    assert ('<span class="sub per-t"><span>7.3. +30</span><span class="dropped" title="does not count (best N)">'
            '14.3. \u221210</span></span>') in html
    assert ('<span class="sub per-t"><span>7.3. <span class="absent" title="did not play">–</span></span>'
            '<span>14.3. +5') in html


def test_an_empty_table_says_so():
    table = standings("?q=x", rows=[])
    with translation.override("en"):
        html = render_to_string("public/_standings_table.html", {"table": table})
    assert '<td colspan="8">No one matches.</td>' in html and "pager" not in html
