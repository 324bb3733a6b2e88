"""Imports of real lists: the club secretary's list (title line, then Nr., Name, Vorname, Ort/Verein, Telefon,
bezahlt) and the usual German headings with their variants."""

from pathlib import Path
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories
from tournament.models import Entry, ImportPreview
from tournament.registration import files

FIXTURES = Path(__file__).parent / "fixtures"


def codes(items):
    return [item.code for item in items]


@pytest.mark.parametrize("name", ["anmeldeliste-verein.csv", "anmeldeliste-verein.xlsx"])
def test_the_secretarys_list_reads_without_errors(name):
    result = files.parse_registrations((FIXTURES / name).read_bytes(), name)
    assert result.ok and not result.issues and not result.bad_rows
    assert [c.field for c in result.columns] == ["start_number", "last_name", "first_name", "town", "paid"]
    assert codes(result.notices) == ["skipped_lines", "ignored_column", "skipped_lines"]   # title, Telefon, 7 and 8
    assert [r.line for r in result.rows] == [4, 5, 6, 7, 8, 9]
    assert [(r.values["first_name"], r.values["last_name"], r.values["start_number"]) for r in result.rows][:2] == [
        ("Jürgen", "Weiß", 1), ("Hansjörg", "Müller-Lüdenscheid", 2)]
    assert [r.values["paid"] for r in result.rows] == [True, True, True, False, False, True]
    assert result.rows[0].values["town"] == "Bräunlingen"


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["anmeldeliste-verein.csv", "anmeldeliste-verein.xlsx"])
def test_the_secretarys_list_imports_through_the_page(client, settings, tmp_path, name):
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    response = client.post(url, {"action": "upload", "file": SimpleUploadedFile(name, (FIXTURES / name).read_bytes())},
                           follow=True)
    html = response.content.decode()
    assert 'id="file-notices"' in html and 'data-code="ignored_column"' in html and 'id="import"' in html
    client.post(url, {"action": "import", "sha256": response.context["result"].sha256})
    entries = {e.start_number: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    assert sorted(entries) == [1, 2, 3, 4, 5, 6]
    assert entries[1].player.last_name == "Weiß" and entries[1].paid and not entries[4].paid


@pytest.mark.parametrize("head, fields", [
    (["Familienname", "Vorname", "Wohnort"], ["last_name", "first_name", "town"]),
    (["Nachname", "Vorname", "Verein", "Geschlecht", "Jahrgang", "Mannschaft"],
     ["last_name", "first_name", "club", "is_woman", "birth_year", "team"]),
    (["Startnummer", "Vorname", "Name", "Club", "w/m", "Geburtsjahr", "Team", "Startgeld", "anwesend"],
     ["start_number", "first_name", "last_name", "club", "is_woman", "birth_year", "team", "paid", "checked_in"]),
    (["Start-Nr.", "Vorname Name", "Ort"], ["start_number", "full_name", "town"]),
    (["Name", "Ort", "Frau"], ["full_name", "town", "is_woman"]),
])
def test_heading_variants(head, fields):
    result = files.parse_registrations(factories.registration_csv([head, ["x"] * len(head)]), "x.csv")
    assert [c.field for c in result.columns] == fields
    assert "missing_column" not in codes(result.issues)


def test_values_of_the_variants():
    rows = [["Nr", "Vorname Name", "Geschlecht", "Jahrgang", "bezahlt", "anwesend", "Telefon"],
            ["3", "Hans Peter Müller", "m", "1961", "7,50 €", "x", "0761 1"],
            ["", "Anna Maier", "w", "", "0", "", ""]]
    result = files.parse_registrations(factories.registration_csv(rows), "x.csv")
    assert result.ok, [(r.line, codes(r.issues)) for r in result.bad_rows] + codes(result.issues)
    first, second = (r.values for r in result.rows)
    assert (first["first_name"], first["last_name"], first["is_woman"], first["birth_year"]) == (
        "Hans Peter", "Müller", False, 1961)
    assert first["paid"] and first["checked_in"] and second["is_woman"] and not second["paid"]
    assert codes(result.notices) == ["ignored_column"]


def test_a_name_column_read_last_name_first():
    rows = [["Name, Vorname", "Ort"], ["Müller, Hans", "Hüfingen"], ["Kern Otto", "Titisee"]]
    result = files.parse_registrations(factories.registration_csv(rows, sep=";"), "x.csv")
    assert [(r.values["first_name"], r.values["last_name"]) for r in result.rows] == [("Hans", "Müller"),
                                                                                     ("Otto", "Kern")]


def test_one_word_in_a_name_column_is_an_error_of_its_line():
    result = files.parse_registrations(factories.registration_csv([["Spieler", "Ort"], ["Cher", "Paris"]]), "x.csv")
    assert codes(result.rows[0].issues) == ["missing_name"] and result.rows[0].bad_fields == {"full_name"}


def test_name_given_twice_is_refused():
    rows = [["Vorname Name", "Vorname", "Nachname"], ["Anna Maier", "Anna", "Maier"]]
    assert "duplicate_column" in codes(files.parse_registrations(factories.registration_csv(rows), "x.csv").issues)


def test_title_and_empty_lines_above_the_headings_are_skipped():
    rows = [["Schwarzwaldmeisterschaft 2026"], ["Turnier 3", "Hinterzarten"], [""], ["Vorname", "Nachname"],
            ["Anna", "Maier"]]
    result = files.parse_registrations(factories.registration_csv(rows), "x.csv")
    assert result.ok and [r.line for r in result.rows] == [5] and codes(result.notices) == ["skipped_lines"]


@pytest.mark.django_db
def test_clashing_start_numbers_are_renumbered_on_request(client, settings, tmp_path):
    client.force_login(factories.staff())
    t = factories.tournament(players=2)                         # start numbers 1 and 2 are taken
    name = "anmeldeliste-verein.csv"
    url = reverse("director:entry_import", args=[t.pk])
    response = client.post(url, {"action": "upload", "file": SimpleUploadedFile(name, (FIXTURES / name).read_bytes())},
                           follow=True)
    result = response.context["result"]
    assert not result.ok and response.context["clashes"] == 2
    html = response.content.decode()
    assert 'id="import-renumber"' in html and 'id="import"' not in html
    client.post(url, {"action": "import", "sha256": result.sha256})             # without renumbering: nothing
    assert Entry.objects.filter(tournament=t).count() == 2
    client.post(url, {"action": "import", "sha256": result.sha256, "renumber": "1"})
    entries = {e.player.last_name: e.start_number for e in Entry.objects.filter(tournament=t).select_related("player")}
    assert len(entries) == 8
    assert [entries[n] for n in ("Schwörer", "Özdemir", "Kern", "Faller")] == [3, 4, 5, 6]   # kept their numbers
    assert sorted([entries["Weiß"], entries["Müller-Lüdenscheid"]]) == [7, 8]              # the next free ones


@pytest.mark.django_db
def test_other_errors_are_not_renumbered_away(client, settings, tmp_path):
    client.force_login(factories.staff())
    t = factories.tournament(players=1)
    rows = [["Nr", "Vorname", "Nachname", "Jahrgang"], ["1", "Anna", "Neu", "19x"]]
    url = reverse("director:entry_import", args=[t.pk])
    response = client.post(url, {"action": "upload", "file": SimpleUploadedFile(
        "x.csv", factories.registration_csv(rows))}, follow=True)
    assert response.context["clashes"] == 0
    client.post(url, {"action": "import", "sha256": response.context["result"].sha256, "renumber": "1"})
    assert Entry.objects.filter(tournament=t).count() == 1


@pytest.mark.django_db
def test_the_director_maps_and_ignores_columns_in_the_preview(client, settings, tmp_path):
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    rows = [["Kennung", "Vorname", "Familie", "Wohnort", "Telefon"], ["A7", "Anna", "Maier", "Titisee", "0761 1"],
            ["B8", "Otto", "Kern", "Neustadt", "0761 2"]]
    url = reverse("director:entry_import", args=[t.pk])
    response = client.post(url, {"action": "upload", "file": SimpleUploadedFile(
        "x.csv", factories.registration_csv(rows))}, follow=True)
    result = response.context["result"]
    assert codes(result.issues) == ["missing_column"] and 'id="column-map"' in response.content.decode()
    assert [s[2] for s in result.sources] == ["", "first_name", "", "town", ""]
    with mock.patch.object(files, "read_cells", side_effect=AssertionError("read again")):
        response = client.post(url, {"action": "map", "column-0": "", "column-1": "first_name",
                                     "column-2": "last_name", "column-3": "club", "column-4": "nonsense"},
                               follow=True)
    result = response.context["result"]
    assert result.ok and [c.field for c in result.columns] == ["first_name", "last_name", "club"]
    assert [r.values["club"] for r in result.rows] == ["Titisee", "Neustadt"]
    assert ImportPreview.objects.count() == 1                               # the old preview was replaced
    client.post(url, {"action": "import", "sha256": result.sha256})
    assert sorted(Entry.objects.filter(tournament=t).values_list("player__club", flat=True)) == ["Neustadt",
                                                                                                "Titisee"]


@pytest.mark.django_db
def test_every_line_shows_its_outcome_and_the_summary_adds_up(client, settings, tmp_path):
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    factories.existing_player()                                 # Rosa Wehrle, Titisee
    rows = [["Vorname", "Nachname", "Ort", "Jahrgang"], ["Rosa", "Wehrle", "Titisee", ""],
            ["Anna", "Neu", "X", ""], ["Otto", "Kern", "Y", "19x"]]
    response = client.post(reverse("director:entry_import", args=[t.pk]), {"action": "upload", "file": (
        SimpleUploadedFile("x.csv", factories.registration_csv(rows)))}, follow=True)
    result = response.context["result"]
    assert (result.existing_players, result.new_players, len(result.bad_rows)) == (1, 1, 1)
    html = response.content.decode()
    assert [html.count(f'data-outcome="{o}"') for o in ("existing", "new", "error")] == [1, 1, 1]


@pytest.mark.django_db
def test_the_audit_entry_counts_the_renumbered_lines():
    from tournament.audit.words import label
    from tournament.models import AuditLog
    from tournament.registration import importer

    t = factories.tournament(players=2)
    name = "anmeldeliste-verein.csv"
    importer.import_registrations(tournament=t, data=(FIXTURES / name).read_bytes(), filename=name,
                                  user=factories.staff(), renumber=True)
    entry = AuditLog.objects.get(tournament=t, object_type="import")
    assert entry.new["renumbered"] == 2 and entry.new["entries"] == 6
    assert label("import", "renumbered") != "renumbered"
