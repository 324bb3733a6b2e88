"""Importing registrations from CSV and Excel: parsing, row-level errors, all-or-nothing import, the template."""

import io
import os

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories
from tournament.exports.xlsx.tournament import registration_template_xlsx
from tournament.models import AuditLog, Entry, Player, Team
from tournament.registration import importer as ri
from tournament.registration import services as registration_services

HEAD = ["Vorname", "Nachname", "Ort", "Verein", "Frau", "Geburtsjahr", "Gast", "Mannschaft", "Startnummer"]
GOOD = [
    HEAD,
    ["Anna", "Maier", "Hinterzarten", "Cego-Club", "ja", "1987", "nein", "Die Trümpfe", ""],
    ["Bernd", "Schwörer", "Titisee", "", "", "2009", "x", "die trümpfe", "40"],
    ["Clara", "Özdemir", "Neustadt", "", "1", "", "", "", ""],
    ["Rosa", "Wehrle", "Titisee", "", "nein", "", "", "", ""],
]


def codes(result):
    return {"file": [i.code for i in result.issues],
            "rows": {row.line: [i.code for i in row.issues] for row in result.rows if row.issues}}


# Parsing (no database) ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("sep, encoding", [(";", "utf-8"), (",", "utf-8"), (";", "cp1252"), ("\t", "utf-8-sig")])
def test_csv_in_any_usual_dialect(sep, encoding):
    result = ri.parse_registrations(factories.registration_csv(GOOD, sep=sep, encoding=encoding), "liste.csv")
    assert result.ok, codes(result)
    assert [r.values["last_name"] for r in result.rows] == ["Maier", "Schwörer", "Özdemir", "Wehrle"]
    anna, bernd, clara, _rosa = result.rows
    assert anna.values == {"first_name": "Anna", "last_name": "Maier", "town": "Hinterzarten", "club": "Cego-Club",
                           "is_woman": True, "birth_year": 1987, "is_guest": False, "team": "Die Trümpfe",
                           "start_number": None}
    assert (bernd.values["is_guest"], bernd.values["start_number"], clara.values["is_woman"]) == (True, 40, True)
    assert [r.line for r in result.rows] == [2, 3, 4, 5]


def test_xlsx_with_numbers_and_booleans_as_cells():
    rows = [["vorname", "NACHNAME", "Wohnort", "Frau", "Jahrgang", "Start-Nr."],
            ["Anna", "Maier", "Hinterzarten", True, 1987, 3.0],
            [None, None, None, None, None, None],
            ["Otto", "Kern", None, 0, None, None]]
    result = ri.parse_registrations(factories.registration_xlsx(rows), "liste.xlsx")
    assert result.ok, codes(result)
    assert [c.field for c in result.columns] == ["first_name", "last_name", "town", "is_woman", "birth_year",
                                                 "start_number"]
    assert result.rows[0].values["birth_year"] == 1987 and result.rows[0].values["start_number"] == 3
    assert result.rows[1].line == 4 and result.rows[1].values["is_woman"] is False


def test_english_headings_are_accepted():
    rows = [["First name", "Last name", "Town", "Woman", "Year of birth", "Guest", "Start number"],
            ["Anna", "Maier", "X", "yes", "1990", "no", "5"]]
    result = ri.parse_registrations(factories.registration_csv(rows, sep=","), "en.csv")
    assert result.ok, codes(result)


def test_row_errors_are_reported_per_line():
    rows = [HEAD,
            ["", "Maier", "", "", "", "", "", "", ""],               # 2 missing first name
            ["Anna", "Kern", "", "", "vielleicht", "", "", "", ""],  # 3 bad yes/no
            ["Otto", "Vogt", "", "", "", "87", "", "", ""],          # 4 bad year
            ["Eva", "Gut", "", "", "", "", "", "", "zwei"],          # 5 bad start number
            ["Ida", "Hog", "Ort", "", "", "", "", "", "7"],          # 6 fine
            ["ida", "HOG", "ort", "", "", "", "", "", ""],           # 7 duplicate of line 6
            ["Uwe", "Ebner", "", "", "", "", "", "", "7"]]           # 8 start number 7 twice
    result = ri.parse_registrations(factories.registration_csv(rows), "x.csv")
    assert not result.ok
    assert codes(result) == {"file": [], "rows": {2: ["missing_name"], 3: ["bad_yes_no"], 4: ["bad_year"],
                                                  5: ["bad_start_number"], 7: ["duplicate_row"],
                                                  8: ["duplicate_start_number"]}}
    assert result.rows[1].bad_fields == {"is_woman"}


@pytest.mark.parametrize("data, name, code", [
    (b"", "leer.csv", "empty"),
    (b"\r\n;;\r\n", "leer.csv", "empty"),
    ("Vorname;Nachname\r\n".encode(), "nur-kopf.csv", "empty"),
    (os.urandom(4000), "zufall.xlsx", "not_spreadsheet"),
    (b"PK\x03\x04" + b"kaputt" * 50, "kaputt.xlsx", "not_spreadsheet"),
    (bytes(range(256)) * 8, "binaer.csv", "not_spreadsheet"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 500, "alt.xls", "old_excel"),
    ("Vorname;Spalte;Ort\r\nAnna;Maier;X\r\n".encode(), "falsch.csv", "missing_column"),   # Spalte: ignored
    ("Vorname;Ort\r\nAnna;X\r\n".encode(), "ohne-nachname.csv", "missing_column"),
    ("Vorname;Nachname;Vorname\r\nA;B;C\r\n".encode(), "doppelt.csv", "duplicate_column"),
])
def test_malformed_files_give_file_errors(data, name, code):
    result = ri.parse_registrations(data, name)
    assert not result.ok
    assert code in codes(result)["file"]


def test_template_has_the_headings_and_reads_back_clean():
    data = registration_template_xlsx()
    sheet = openpyxl.load_workbook(io.BytesIO(data)).worksheets[0]
    assert [c.value for c in sheet[1]] == HEAD
    result = ri.parse_registrations(data, "vorlage.xlsx")
    assert [i.code for i in result.issues] == ["empty"]       # headings, no players


# Checking against the tournament and importing ---------------------------------------------------------------

@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def upload(client, t, data, name):
    url = reverse("director:entry_import", args=[t.pk])
    return client.post(url, {"action": "upload", "file": SimpleUploadedFile(name, data)}, follow=True)


def confirm(client, t, response):
    url = reverse("director:entry_import", args=[t.pk])
    return client.post(url, {"action": "import", "sha256": response.context["result"].sha256}, follow=True)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_good_file_imports_every_row(director, kind):
    t = factories.tournament(players=0)
    rosa = factories.existing_player()                      # Rosa Wehrle, Titisee: reused, not created again
    data = (factories.registration_csv(GOOD) if kind == "csv" else factories.registration_xlsx(GOOD))
    response = upload(director, t, data, f"anmeldungen.{kind}")
    result = response.context["result"]
    assert result.ok, codes(result)
    assert [r.player for r in result.rows] == [None, None, None, rosa]
    html = response.content.decode()
    assert 'id="import"' in html and 'id="import-preview"' in html
    assert not Entry.objects.exists()                       # nothing before the second step

    response = confirm(director, t, response)
    assert response.redirect_chain[-1][0] == reverse("director:entries", args=[t.pk])
    entries = {e.player.last_name: e for e in Entry.objects.filter(tournament=t).select_related("player", "team")}
    assert set(entries) == {"Maier", "Schwörer", "Özdemir", "Wehrle"}
    assert entries["Schwörer"].start_number == 40            # explicit numbers first, then the next free ones
    assert [entries[n].start_number for n in ("Maier", "Özdemir", "Wehrle")] == [41, 42, 43]
    assert entries["Wehrle"].player == rosa and Player.objects.count() == 4
    team = Team.objects.get()
    assert team.name == "Die Trümpfe" and {e.team for e in (entries["Maier"], entries["Schwörer"])} == {team}
    assert entries["Maier"].player.is_woman and entries["Schwörer"].player.is_guest
    assert AuditLog.objects.filter(tournament=t, object_type="import").get().new["entries"] == 4
    assert "director_import_%s" % t.pk not in director.session


BAD_FILES = {
    "wrong columns": (factories.registration_csv([["Familie", "Vorname"], ["Maier", "Anna"]]), "a.csv"),
    "bad values": (factories.registration_csv([HEAD, GOOD[1], ["Otto", "Kern", "", "", "vielleicht", "19x", "",
                                                                 "", ""]]), "b.csv"),
    "duplicates": (factories.registration_xlsx([HEAD, GOOD[1], GOOD[1]]), "c.xlsx"),
    "empty": (b"", "d.csv"),
    "random bytes": (os.urandom(2048), "e.xlsx"),
    "already registered": (factories.registration_csv([HEAD, GOOD[1], ["Anna", "Maier0", "Hinterzarten", "", "",
                                                                         "", "", "", ""]]), "f.csv"),
    "start number taken": (factories.registration_csv([HEAD, ["Neu", "Person", "", "", "", "", "", "", "1"]]),
                           "g.csv"),
}


@pytest.mark.django_db
@pytest.mark.parametrize("case", list(BAD_FILES))
def test_malformed_files_import_nothing(director, case):
    t = factories.tournament(players=1)                    # Anna Maier0, Hinterzarten, start number 1
    counts = (Player.objects.count(), Entry.objects.count(), Team.objects.count())
    data, name = BAD_FILES[case]
    response = upload(director, t, data, name)
    result = response.context["result"]
    assert not result.ok
    html = response.content.decode()
    assert 'id="import"' not in html
    assert result.issues or result.bad_rows
    response = confirm(director, t, response)               # forcing the import step changes nothing either
    assert (Player.objects.count(), Entry.objects.count(), Team.objects.count()) == counts
    assert not AuditLog.objects.filter(object_type="import").exists()


@pytest.mark.django_db
def test_import_rechecks_and_refuses_a_file_that_became_bad(director):
    t = factories.tournament(players=0)
    response = upload(director, t, factories.registration_csv(GOOD), "ok.csv")
    registration_services.register(user=None, tournament=t,
                                   player_data={"first_name": "Clara", "last_name": "Özdemir", "town": "Neustadt"})
    confirm(director, t, response)
    assert Entry.objects.filter(tournament=t).count() == 1


@pytest.mark.django_db
def test_import_needs_the_hash_of_the_file_shown(director):
    t = factories.tournament(players=0)
    upload(director, t, factories.registration_csv(GOOD), "ok.csv")
    director.post(reverse("director:entry_import", args=[t.pk]), {"action": "import", "sha256": "0" * 64})
    assert not Entry.objects.exists()
    director.post(reverse("director:entry_import", args=[t.pk]), {"action": "discard"})
    assert director.get(reverse("director:entry_import", args=[t.pk])).context["result"] is None


@pytest.mark.django_db
def test_template_download(director):
    response = director.get(reverse("director:import_template"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    assert b"PK" == response.content[:2]
    page = director.get(reverse("director:entry_import", args=[factories.tournament(players=0).pk]))
    assert reverse("director:import_template") in page.content.decode()
