"""The cash reports read back (docs/money.md): the day's PDF and the season's with pdftotext, the sheet "Kasse" of
the tournament workbook with openpyxl (amounts are numbers with a euro format, no formula anywhere, a name typed as
a formula stays text) and once in LibreOffice headless (office)."""

import io
import subprocess
import zipfile
from decimal import Decimal

import openpyxl
import pytest

from tests import factories
from tests.pdf_text import pdftotext
from tournament.common.euros import EXCEL_EUROS
from tournament.exports.registry import get
from tournament.money import services as money

D = Decimal
pytestmark = pytest.mark.django_db


def words(text):
    return " ".join(text.split())


def test_the_cash_report_pdf(day):
    name, content_type, content = get("cash_report").render(tournament=day)
    assert name == "kassenbericht-testturnier-2026-03-07.pdf" and content_type == "application/pdf"
    text = words(pdftotext(content, "-layout"))
    for line in ("Kassenbericht", "Startgeld vor Ermäßigungen 10,00 €", "Jugend: 1 Anmeldung 7,00 €",
                 "Nachwuchstisch: 1 Anmeldung 0,00 €", "von Hand festgelegt: 1 Anmeldung 5,00 €",
                 "erhalten, bar 16,00 €", "erhalten, überwiesen 10,00 €", "davon zurückgezahlt −10,00 €",
                 "Startgeld erhalten (netto) 26,00 €", "Offene Startgelder 26,00 €", "Tombola 45,50 €",
                 "Hallenmiete −80,00 €", "Ausgezahltes Preisgeld 0,00 €", "Anteil für den Saisonfonds −4,00 €",
                 "Saldo für den Ausrichter −12,50 €", "Kassierer/in", "Turnierleitung"):
        assert line in text, line
    assert "Eva Vogt4" in text and "6,00 €" in text            # the open fees by name


def test_the_season_cash_report_pdf(day):
    other = factories.tournament(players=3, season=day.season, name="Zweites Turnier")
    money.set_fee(tournament=other, user=None, fee=D("8"))
    money.pay(entry=other.entries.first(), user=None)
    name, _type, content = get("season_cash_report").render(season=day.season)
    assert name.startswith("saison-kassenbericht-")
    text = words(pdftotext(content, "-layout"))
    assert "Testturnier" in text and "Zweites Turnier" in text
    assert "Startgeld erhalten (netto) 26,00 € 8,00 € 34,00 €" in text        # the days side by side, the season
    assert "Saisonsieger" in text and "Bestand des Fonds 2,50 €" in text       # 4 + 1 shares − 2,50 paid out


def cash_sheet(day):
    _name, _type, content = get("tournament_workbook").render(tournament=day)
    return content, openpyxl.load_workbook(io.BytesIO(content))["Kasse"]


def test_the_cash_sheet_holds_numbers_not_formulas(day):
    entry = day.entries.get(start_number=8)
    money.set_charge(entry=entry, user=None, override=D("2"), reason='=HYPERLINK("http://x","klick")')
    content, sheet = cash_sheet(day)
    rows = {row[1]: row for row in sheet.iter_rows(min_row=2, values_only=True) if row[1]}
    assert rows["Startgeld erhalten (netto)"][6] == 26 and rows["Tombola"][6] == D("45.5")
    assert rows["Saldo für den Ausrichter"][6] == -12.5
    fifth = next(r for r in rows.values() if r[2] == 5)                       # start number 5: 10 owed, 4 paid
    assert fifth[0] == "Meldungen" and fifth[3:7] == (10, 4, 6, None)
    amounts = [c for row in sheet.iter_rows(min_row=2) for c in row[3:7] if c.value is not None]
    assert amounts and all(c.data_type == "n" and c.number_format == EXCEL_EUROS for c in amounts)
    assert all(c.data_type != "f" for row in sheet.iter_rows() for c in row)
    assert any('=HYPERLINK("http://x","klick")' in (r[1] or "") for r in rows.values())   # the reason, as text
    with zipfile.ZipFile(io.BytesIO(content)) as xlsx:
        assert not any("<f>" in xlsx.read(n).decode() for n in xlsx.namelist() if n.startswith("xl/worksheets/"))


def test_the_cash_sheet_in_libreoffice(day, tmp_path, libreoffice_binary):
    content, _sheet = cash_sheet(day)
    source = tmp_path / "turnier.xlsx"
    source.write_bytes(content)
    subprocess.run([libreoffice_binary, f"-env:UserInstallation=file://{tmp_path}/profile", "--headless",
                    "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1",
                    "--outdir", str(tmp_path), str(source)], check=True, capture_output=True, timeout=180)
    kasse = next(p for p in tmp_path.glob("turnier-*.csv") if "Kasse" in p.name).read_text("utf-8")
    assert "Saldo für den Ausrichter" in kasse and "Tombola" in kasse
    assert "Err:" not in kasse and "#NAME" not in kasse and "#VALUE" not in kasse
