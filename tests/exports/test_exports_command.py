"""``manage.py export``: writes the file and prints its progress."""

import io

import openpyxl
import pytest
from django.core.management import CommandError, call_command

from tests import factories

pytestmark = pytest.mark.django_db


def run(*args, **options):
    out, err = io.StringIO(), io.StringIO()
    call_command("export", *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def test_round_sheets_to_a_file_with_progress_per_sheet(tmp_path):
    t, round_ = factories.seated(players=9)
    target = tmp_path / "sheets.pdf"
    out, err = run("score_sheets", tournament=t.pk, round=1, output=str(target))
    assert target.read_bytes().startswith(b"%PDF")
    lines = err.split()
    assert "0/2" in lines and "1/2" in lines and "2/2" in lines     # e.g. "sheets 1/2"
    assert str(target) in out and "bytes" in out


def test_table_by_number_and_workbook_into_a_directory(tmp_path):
    t, round_ = factories.seated_and_played(players=8, games=2)
    out, _err = run("score_sheet_filled", tournament=t.pk, round=1, table=2, output=str(tmp_path))
    assert any(p.name.endswith(("table-2.pdf", "tisch-2.pdf")) for p in tmp_path.iterdir())
    _out, err = run("season_workbook", season=t.season.pk, output=str(tmp_path / "season.xlsx"))
    book = openpyxl.load_workbook(tmp_path / "season.xlsx")
    assert len(list(book.worksheets[-1].iter_rows(min_row=2))) == 8 * 2
    assert err.strip().splitlines()[-1].endswith("24/24")              # 16 log rows + 8 participations


def test_errors_and_the_list():
    out, _err = run("--list")
    assert "score_sheets" in out and "season_workbook" in out
    with pytest.raises(CommandError, match="--season"):
        run("season_workbook")
    with pytest.raises(CommandError, match="unknown exporter"):
        run("nope")
    t, _round = factories.seated(players=8)
    with pytest.raises(CommandError, match="--round"):
        run("table_list", tournament=t.pk)
