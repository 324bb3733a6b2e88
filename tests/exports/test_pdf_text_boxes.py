"""Every PDF of a tournament and its season, rendered with the longest realistic names, read back word by word
(``pdftotext -bbox``): no text printed over another, none beyond the page, no name cut ("…") and every part of
every name and every start number printed whole; the results lists say "vorläufig" on every page while the
tournament runs (docs/exports.md, "Provisional or final", "Names print whole").

The exporters come from the registry, so a new PDF is covered without a change here.
"""

import re
import shutil

import pytest

from tests.exports.paper import LONG_PLAYERS, long_name_tournament, words
from tournament import exports
from tournament.exports.base import Unavailable

pytestmark = [pytest.mark.django_db,
              pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils) is needed")]

RESULT_LISTS = {"standings", "standings_board", "team_standings", "category_standings", "season_standings",
                "season_team_standings", "season_category_standings"}
OVERLAP = 0.3        # two words whose boxes share more than this share of the smaller box print over each other


def overlaps(found):
    """Pairs of words on one page whose boxes overlap by more than ``OVERLAP`` of the smaller one."""
    clashes = []
    ordered = sorted(found, key=lambda w: w[2])
    for i, (text, x0, y0, x1, y1) in enumerate(ordered):
        for other, u0, v0, u1, v1 in ordered[i + 1:]:
            if v0 >= y1:
                break
            width, height = min(x1, u1) - max(x0, u0), min(y1, v1) - max(y0, v0)
            if width <= 0 or height <= 0:
                continue
            smaller = min((x1 - x0) * (y1 - y0), (u1 - u0) * (v1 - v0))
            if smaller and width * height > OVERLAP * smaller:
                clashes.append((text, other))
    return clashes


@pytest.fixture(scope="module")
def rendered(django_db_setup, django_db_blocker):
    """Every available PDF of the tournament, its rounds and its season: ``{identifier or identifier@round:
    bytes}`` (rendered once for the module, in a transaction rolled back at its end)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        t = long_name_tournament()
        targets = [("tournament", {"tournament": t}), ("season", {"season": t.season})]
        targets += [("round", {"round_": r}) for r in t.round_set.order_by("number")]
        files = {}
        for scope, kwargs in targets:
            for exporter in exports.for_scope(scope):
                if exporter.extension != "pdf":
                    continue
                try:
                    _name, _type, content = exporter.render(**kwargs)
                except Unavailable:
                    continue
                key = exporter.identifier + (f"@{kwargs['round_'].number}" if "round_" in kwargs else "")
                files[key] = words(content)
        transaction.set_rollback(True)
    return files


def test_every_pdf_of_the_tournament_was_rendered(rendered):
    expected = {"standings", "standings_board", "team_standings", "category_standings", "season_standings",
                "season_team_standings", "season_category_standings", "table_list@1", "table_list_alphabetical@2",
                "table_cards@2", "score_sheets@2", "score_sheets_filled@1"}
    assert expected <= set(rendered)


def test_no_text_prints_over_other_text_or_off_the_page(rendered):
    problems = []
    for key, pages in rendered.items():
        for number, (width, height, found) in enumerate(pages, start=1):
            problems += [f"{key} p.{number}: {a!r} over {b!r}" for a, b in overlaps(found)]
            problems += [f"{key} p.{number}: {w[0]!r} off the page" for w in found
                         if w[1] < 0 or w[2] < 0 or w[3] > width + 0.5 or w[4] > height + 0.5]
    assert not problems, "\n".join(problems[:40])


def test_no_name_is_cut_and_every_part_prints_whole(rendered):
    parts = {part for _first, last, _town in LONG_PLAYERS for part in last.split("-")}
    problems = []
    for key, pages in rendered.items():
        texts = [w[0] for _w, _h, found in pages for w in found]
        if any("…" in text for text in texts):
            problems.append(f"{key}: a text cut with …")
        if key.split("@")[0] in ("table_list", "table_list_alphabetical", "table_cards", "score_sheets",
                                 "score_sheets_filled", "standings", "standings_board"):
            # every player is on these; a double name may wrap after its own hyphen, never inside a part
            pieces = {piece for text in texts for piece in re.split(r"[-·,()/]", text)}
            problems += [f"{key}: {part!r} not printed whole" for part in sorted(parts - pieces)]
    assert not problems, "\n".join(problems)


def test_score_sheets_print_every_start_number(rendered):
    for key in ("score_sheets@1", "score_sheets@2", "score_sheets_filled@1"):
        for _width, _height, found in rendered[key]:
            line = " ".join(w[0] for w in found)
            numbers = re.findall(r"Nr\. (\d+)", line)
            if numbers:
                assert len(numbers) >= 4, (key, line[:200])


def test_every_page_of_a_running_tournaments_results_says_provisional(rendered):
    for key in RESULT_LISTS:
        for number, (_width, _height, found) in enumerate(rendered[key], start=1):
            assert "vorläufig" in {w[0] for w in found}, f"{key} page {number}"
