"""The tournament workbook printed by LibreOffice (``soffice --headless --convert-to pdf``, ONE call, a private
profile): every page is one sheet width — all of its sheet's headings on it — and names the tournament, its date
and its status at the top. Printed in parts (the old setup) a round sheet took three pages side by side, each with
a third of the headings. LibreOffice is required (``make office-tools``), as for ``test_xlsx_libreoffice.py``."""

import io
import re
import subprocess

import openpyxl
import pytest
from django.utils import translation

from tests import factories
from tournament.exports import get
from tournament.results.status import tournament_status

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def printed(django_db_setup, django_db_blocker, tmp_path_factory, libreoffice_binary):
    """``(tournament name, date, status text, workbook, [page texts])`` of a running tournament's workbook."""
    binary = libreoffice_binary
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            t, _round = factories.seated_and_played(players=9, rounds=2)          # tables of 4 and 5
            t.name = "Cego-Turnier Löffingen & Umgebung"
            t.save()
            with translation.override("de"):
                status = tournament_status(t).text
            content = get("tournament_workbook").render(tournament=t)[2]
            facts = (t.name, f"{t.date:%d.%m.%Y}", status)
            transaction.set_rollback(True)
    source, profile = tmp_path_factory.mktemp("print"), tmp_path_factory.mktemp("lo-profile")
    path = source / "workbook.xlsx"
    path.write_bytes(content)
    done = subprocess.run([binary, "--headless", f"-env:UserInstallation={profile.as_uri()}", "--convert-to", "pdf",
                           "--outdir", str(source), str(path)], capture_output=True, text=True, timeout=300,
                          check=False)
    pdf = source / "workbook.pdf"
    assert pdf.exists(), f"LibreOffice did not print the workbook: {done.stdout} {done.stderr}"
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True).stdout.decode()
    return (*facts, openpyxl.load_workbook(io.BytesIO(content)), text.split("\f")[:-1])


def sheet_of(page, titles):
    """The sheet a printed page belongs to, by its footer ("Rangliste · 1 / 5")."""
    return next(title for title in titles if re.search(rf"{re.escape(title)} · \d+ / \d+", page))


def test_every_page_names_the_tournament_its_date_and_status(printed):
    name, date, status, _book, pages = printed
    assert pages
    for page in pages:
        top = page.strip().splitlines()[0]
        assert name in top and date in top and status in top, page[:600]


def test_every_page_is_one_sheet_width(printed):
    _name, _date, _status, book, pages = printed
    assert len(pages) == len(book.sheetnames)          # small sheets: one page each, none printed in parts
    for page in pages:
        ws = book[sheet_of(page, book.sheetnames)]
        words = {w for cell in ws[1] if cell.value for w in str(cell.value).split()}
        assert words and all(w in page for w in words), (ws.title, sorted(w for w in words if w not in page))
