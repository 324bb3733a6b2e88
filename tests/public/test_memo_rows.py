"""``{% memo_rows %}``: each part of a standings row rendered once per process for exactly what it shows."""

import pytest
from django import template
from django.template.loader import render_to_string
from django.utils import translation

from tournament.templatetags import memo_rows

PARTS = ("public/_standings_open.html:css,entry_id", "public/_standings_rank.html:rank,tied,by_lot",
         "public/_standings_row.html:entry_id,start_number,name,withdrawn,town,round_cells,total,declarer_won,"
         "declarer_lost")


@pytest.fixture(autouse=True)
def empty_store():
    memo_rows._parts.clear()
    yield
    memo_rows._parts.clear()


def player(entry_id=1, rank=1, total=40, name="Anna Zahn", **extra):
    return {"entry_id": entry_id, "css": "even", "rank": rank, "tied": False, "by_lot": False, "start_number": 7,
            "name": name, "withdrawn": False, "town": "Triberg", "round_cells": [(total, None)], "total": total,
            "declarer_won": 2, "declarer_lost": 1, "sort_name": "zahn anna", **extra}


def rows_html(rows, language="de"):
    with translation.override(language):
        return memo_rows.memo_rows(rows, *PARTS, prefix="/turnier/7/spieler/", declarer=True)


def count_renders(monkeypatch):
    seen = []
    real = memo_rows.get_template

    def spy(name):
        found = real(name)
        return type("Spy", (), {"render": lambda self, context: seen.append((name, context["row"]))
                                or found.render(context)})()
    monkeypatch.setattr(memo_rows, "get_template", spy)
    return seen


def test_the_same_rows_again_come_from_the_store(monkeypatch):
    seen = count_renders(monkeypatch)
    first = rows_html([player(1), player(2, rank=2, total=10, name="Bernd Adler")])
    assert len(seen) == 6
    assert rows_html([player(1), player(2, rank=2, total=10, name="Bernd Adler")]) == first and len(seen) == 6
    assert first.count("<tr ") == 2 and first.count("</tr>") == 2


def test_a_moved_rank_renders_only_the_rank_cell(monkeypatch):
    seen = count_renders(monkeypatch)
    rows_html([player(1, rank=3)])
    html = rows_html([player(1, rank=4)])
    assert [name for name, _row in seen[3:]] == ["public/_standings_rank.html"]
    assert '<td class="num rank">4.</td>' in html and "+40" in html


def test_new_points_render_the_cells_again(monkeypatch):
    seen = count_renders(monkeypatch)
    rows_html([player(1, total=40)])
    html = rows_html([player(1, total=-15)])
    assert [name for name, _row in seen[3:]] == ["public/_standings_row.html"]
    assert '<td class="num total">\u221215</td>' in html and "+40" not in html


def test_a_part_sees_only_the_fields_it_names(monkeypatch):
    seen = count_renders(monkeypatch)
    rows_html([player(1)])
    assert {name: set(row) for name, row in seen} == {
        "public/_standings_open.html": {"css", "entry_id"},
        "public/_standings_rank.html": {"rank", "tied", "by_lot"},
        "public/_standings_row.html": {"entry_id", "start_number", "name", "withdrawn", "town", "round_cells",
                                       "total", "declarer_won", "declarer_lost"}}


def test_each_language_has_its_own_rows():
    tied = player(1, tied=True)
    assert 'title="geteilter Platz"' in rows_html([tied], "de")
    assert 'title="shared rank"' in rows_html([tied], "en")
    assert 'title="geteilter Platz"' in rows_html([tied], "de")


def test_a_hostile_name_is_escaped_in_the_stored_row():
    for _ in range(2):
        html = rows_html([player(1, name='<img src=x onerror="alert(1)">')])
        assert "<img" not in html and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in html


def test_a_part_without_fields_is_refused():
    with pytest.raises(template.TemplateSyntaxError, match="names no fields"):
        memo_rows.memo_rows([player()], "public/_standings_row.html")


def test_the_store_keeps_the_parts_used_last(monkeypatch):
    monkeypatch.setattr(memo_rows, "KEPT", 10)
    rows_html([player(n, rank=n, total=n) for n in range(1, 21)])
    assert len(memo_rows._parts) == 10
    html = render_to_string("public/_standings_table.html", {"table": type("T", (), {
        "page_rows": [player(1)], "player_url_prefix": "/p/", "declarer": False, "columns": [], "headers": [],
        "paginator": None})()})
    assert '<a href="/p/1/">Anna Zahn</a>' in html and 'class="dw num"' not in html
