"""Text that would come alive later stays text: a cell beginning with ``= + - @ #``, a tab or a CR carries the
quote prefix, so that editing it in Excel or LibreOffice keeps the text; saved as CSV it is written as typed, not
as a computed value; signed numbers print their minus in ASCII, so that a CSV saved "as shown" holds numbers a
program reads back as numbers.

Checked with openpyxl (the style written) and with LibreOffice headless: the workbook saved as CSV with
LibreOffice's defaults (cell contents as shown), and opened and saved again as a workbook. (A CSV itself carries
no "this is text": a program that opens it evaluates ``=1+2`` whatever we wrote — docs/exports.md.)
"""

import csv
import io
import subprocess

import openpyxl
import pytest

from tournament.exports.base import SIGNED, Column, Sheet, write_xlsx

LIVE = ["=1+2", "+49 171 2345", "-5 Strafpunkte", "@SUMME(A1)", "#NV", "\t=2*3", "\r=4+4",
        '=HYPERLINK("http://evil.example","klick")', "-", "=", "+"]
PLAIN = ["Müller", "1+2", "a=b", "Schwarzwälder 5-er"]


def workbook():
    columns = [Column("Text", 30), Column("Punkte", 9, SIGNED)]
    rows = [[value, points] for value, points in zip(LIVE + PLAIN, [30, -10, 0, 15, -640] * 4, strict=False)]
    return write_xlsx([Sheet("Liste", columns, rows)]), rows


def test_every_text_that_could_come_alive_carries_the_quote_prefix():
    content, rows = workbook()
    ws = openpyxl.load_workbook(io.BytesIO(content)).worksheets[0]
    for index, (value, points) in enumerate(rows, start=2):
        cell = ws.cell(index, 1)
        assert cell.data_type == "s" and cell.value == value
        assert bool(cell.quotePrefix) == (value in LIVE), value
        assert ws.cell(index, 2).value == points and ws.cell(index, 2).data_type == "n"
    assert ws.cell(2, 2).number_format == "+#,##0;-#,##0;0"


@pytest.fixture(scope="module")
def libreoffice(tmp_path_factory, libreoffice_binary):
    binary = libreoffice_binary
    profile = tmp_path_factory.mktemp("lo-profile").as_uri()

    def convert(path, target, outdir):
        done = subprocess.run([binary, "--headless", f"-env:UserInstallation={profile}", "--convert-to", target,
                               "--outdir", str(outdir), str(path)], capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stderr
    return convert


def test_saved_as_csv_and_opened_again_nothing_comes_alive(libreoffice, tmp_path):
    content, rows = workbook()
    source = tmp_path / "liste.xlsx"
    source.write_bytes(content)
    # CSV as LibreOffice saves it by default: comma, double quotes, UTF-8, cell contents as shown.
    libreoffice(source, 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true', tmp_path / "csv")
    saved = (tmp_path / "csv" / "liste.csv").read_text(encoding="utf-8")
    read = list(csv.reader(io.StringIO(saved, newline="")))
    assert read[0] == ["Text", "Punkte"]
    assert [r[0] for r in read[1:]] == [value.replace("\r", "\n") for value, _points in rows]   # a CR as LF
    assert [r[1] for r in read[1:]] == [("+" if p > 0 else "") + str(p) for _value, p in rows]
    assert "\u2212" not in saved


def test_libreoffice_keeps_the_texts_text_when_it_saves_the_workbook(libreoffice, tmp_path):
    """Opened and saved again by LibreOffice: the texts are still text, the numbers numbers. (LibreOffice keeps a
    text cell text when it is edited by itself — its input line shows the apostrophe — and writes no quote prefix
    of its own; the prefix is for Excel.)"""
    content, rows = workbook()
    source = tmp_path / "liste.xlsx"
    source.write_bytes(content)
    libreoffice(source, "xlsx", tmp_path / "again")
    ws = openpyxl.load_workbook(tmp_path / "again" / "liste.xlsx").worksheets[0]
    for index, (value, points) in enumerate(rows, start=2):
        cell = ws.cell(index, 1)
        assert cell.data_type == "s" and cell.value == value, (value, cell.value)
        assert ws.cell(index, 2).value == points and ws.cell(index, 2).data_type == "n"
