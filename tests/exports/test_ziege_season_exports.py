"""Season exports of a season holding Ziege tournaments (docs/exports.md "Ziege in the season files"): the season
standings PDF prints the Ziege table in a section of its own, and no season file adds a Ziege evening into a Cego
sum, a Cego rank, a team's members or a provisional mark."""

import io
import os

import openpyxl
import pytest
from django.utils import translation
from pypdf import PdfReader

from tournament.exports import registry
from tournament.models import Entry, Team
from tournament.standings import ziege as ziege_standings
from tournament.standings.ziege_season import season_ziege_standings

pytestmark = pytest.mark.django_db


def pages(content):
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def keep(name, content):
    """The PDF for a look (``pdftoppm``) when CEGO_KEEP_PDF names a folder."""
    folder = os.environ.get("CEGO_KEEP_PDF")
    if folder:
        with open(os.path.join(folder, name), "wb") as f:
            f.write(content)


def test_the_season_standings_pdf_prints_the_ziege_table_after_the_cego_one(ziege_season):
    s, one, two, cego, players = ziege_season
    with translation.override("en"):
        content = registry.get("season_standings").render(season=s, language="en")[2]
    keep("season-ziege.pdf", content)
    texts = pages(content)
    ziege_at = next(i for i, text in enumerate(texts) if "Series" in text and "Diff." in text)
    assert ziege_at >= 1                                             # a page of its own, after the Cego table
    cego_part, ziege_part = "\n".join(texts[:ziege_at]), "\n".join(texts[ziege_at:])
    status = "provisional — Ziege 1, Ziege 2 still running"          # the whole list's status, on every page
    assert all(status in text for text in texts)
    assert "Bernd Huber" not in cego_part and "Ziege 1" not in cego_part.replace(status, "")  # no Ziege in the table
    assert "1 = Ziege 1 (07.03.)" in ziege_part and "2 = Ziege 2 (14.03.)" in ziege_part
    assert "Season standings" in ziege_part                          # the page header names the document
    rows = season_ziege_standings(s).rows
    assert len(rows) == 8
    for row in rows:
        assert row.data["name"] in ziege_part
    bernd = next(r for r in rows if r.key == players["Bernd"].pk)
    line = next(ln for ln in ziege_part.splitlines() if "Bernd Huber" in ln)
    # rank, name, town, played, per tournament "series difference", series won, difference
    assert line.startswith(f"{bernd.rank}.") and line.rstrip().endswith("2 +24")
    assert "1 +12" in line and line.count("+12") == 2
    # the Ziege table says what it is as every list does (results.status, its Ziege evenings): flagged under its
    # heading and in its pages' running header, no note of its own any more
    assert all(text.count(status) >= 2 for text in texts[ziege_at:])
    assert "Provisional:" not in ziege_part


def test_a_category_of_the_season_standings_has_no_ziege_table(ziege_season):
    s, *_rest = ziege_season
    content = registry.get("season_standings").render(season=s, category="women", language="en")[2]
    text = "\n".join(pages(content))
    assert "Bernd Huber" not in text and "Ziege 1" not in text


def test_the_season_team_standings_leave_ziege_evenings_out(ziege_season):
    """A running Ziege evening makes no team table provisional, and a Ziege player is no team member with 0."""
    s, one, _two, cego, players = ziege_season
    team = Team.objects.create(season=s, name="Cegofreunde Gütenbach")
    Entry.objects.filter(tournament=cego).update(team=team)
    Entry.objects.filter(tournament=one, player=players["Anna"]).update(team=team)
    text = "\n".join(pages(registry.get("season_team_standings").render(season=s, language="en")[2]))
    assert "still running" not in text and "Ziege 1" not in text     # its status counts Cego tournaments only
    assert "Anna Maier (" not in text                           # the Cego player is "Anna Maier0"
    for entry in Entry.objects.filter(tournament=cego).select_related("player"):
        assert entry.player.full_name in text


def test_the_season_workbook_keeps_ziege_out_of_every_cego_sheet(ziege_season):
    s, one, two, cego, players = ziege_season
    content = registry.get("season_workbook").render(season=s, language="en")[2]
    book = openpyxl.load_workbook(io.BytesIO(content))
    overall = [[c.value for c in row] for row in book["Overall"].iter_rows()]
    assert not any("Ziege" in str(v) for v in overall[0])           # no Ziege column in the Cego table
    assert len(overall) == 1 + 4                                    # the Cego players only
    # participations: a Ziege evening is a participation with the team's Ziege rank and no Cego total
    part = [[c.value for c in row] for row in book["Participations"].iter_rows()]
    head = part[0]
    rank, total = head.index("Rank"), head.index("Total points")
    ziege_rows = [r for r in part[1:] if r[0] in ("Ziege 1", "Ziege 2")]
    assert len(ziege_rows) == 8 + 4
    ranks = {(p.pk, e.player_id): r["rank"] for p in (one, two)
             for r in ziege_standings.standings(p) for e in (r["pair"].first, r["pair"].second)}
    for r in ziege_rows:
        assert r[total] is None
    anna = next(r for r in ziege_rows if r[0] == "Ziege 1" and r[4] == "Maier")
    assert anna[rank] == ranks[(one.pk, players["Anna"].pk)]
    # the game log holds Cego games only (Ziege games are on the tournament workbook's round sheets)
    log = [[c.value for c in row] for row in book["Game log"].iter_rows()]
    assert {r[0] for r in log[1:]} <= {cego.name}


def test_a_season_of_ziege_evenings_only_is_offered_no_empty_cego_files(ziege_season):
    """Issue 24: no category standings saying "no results" for three pages, no empty game log, no header-only
    sheets in the workbook — the Cego files are not offered (and refused with the reason when asked for)."""
    from tournament.exports.base import Unavailable
    from tournament.models import Season

    s, _one, _two, cego, _players = ziege_season
    cego.season = Season.objects.create(name="Cego elsewhere", year=s.year)
    cego.save()
    for identifier in ("season_category_standings", "season_game_log"):
        reason = registry.get(identifier).unavailable(season=s)
        assert "Ziege" in reason, identifier
        with pytest.raises(Unavailable):
            registry.get(identifier).render(season=s)
    assert not registry.get("season_standings").unavailable(season=s)
    book = openpyxl.load_workbook(io.BytesIO(registry.get("season_workbook").render(season=s, language="en")[2]))
    assert book.sheetnames == ["Ziege", "Participations"]
    for ws in book.worksheets:
        assert ws.max_row > 1, ws.title                   # every sheet has rows, not only its heading
