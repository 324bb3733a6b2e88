"""Club lists as clubs write them (issue 22): sum and footer lines left out, any line left out and taken back by the
director, running numbers, birth years and dates, paid words, gender words, remarks; the realistic list in
``fixtures/vereinsliste-summe.{csv,xlsx}`` (a title, "Lfd. Nr.", "Geb.-Jahr", "Startgeld" beside
"Startgeld bezahlt (j/n)", "Bemerkung", two Marie-Luise Schwörer, a sum line with a formula, a count line and a
signature line) imported end to end through the page."""

import datetime
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Entry, Player
from tournament.registration import files, headings
from tournament.registration.cells import parse_cell
from tournament.registration.files import ImportRow

FIXTURES = Path(__file__).parent / "fixtures"
CLUB_LISTS = ["vereinsliste-summe.csv", "vereinsliste-summe.xlsx"]
HEAD = ["Lfd. Nr.", "Name", "Vorname", "Ort"]


def codes(items):
    return [item.code for item in items]


def parse(rows, name="liste.csv"):
    if name.endswith(".xlsx"):
        return files.parse_registrations(factories.registration_xlsx(rows), name)
    return files.parse_registrations(factories.registration_csv(rows), name)


# Footer lines ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cells, footer", [
    (["", "Summe Startgeld:", "", "", "=SUM(G4:G15)"], True),
    (["", "Summe", "", "", "110"], True),
    (["", "Gesamt", "", "", "110,00 €"], True),
    (["", "Gesamt:", "44"], True),
    (["", "Anzahl: 44"], True),
    (["", "Anzahl Spieler", "=COUNTA(C4:C47)"], True),
    (["", "Insgesamt"], True),
    (["Summe Startgeld:", "", "", "", 110.0], True),          # the word in a column that is no name
    (["", "Turnierleitung:"], True),                           # the only text ends in ":"
    (["", "", "", "", 110.0], True),                           # no name, an amount
    (["", "", "", "", "=SUM(E4:E15)"], True),                  # no name, a formula
    (["", "", "", "", "440 €"], True),
    (["7", "", "", ""], False),                                # a numbered line not filled in yet
    (["1", "Schwörer", "Marie-Luise", "Titisee"], False),
    (["2", "Summer", "Anna", "Ulm"], False),                  # "Summer" is a name, not "Summe"
    (["3", "Gesamtmann", "Otto", ""], False),
    (["4", "Kern", "Otto", "Bemerkung: zahlt später"], False),
    (["", "", "", ""], False),
])
def test_footer_lines_are_recognised(cells, footer):
    assert files.footer_line(cells, {1, 2}, 0) is footer


@pytest.mark.parametrize("name", CLUB_LISTS)
def test_the_club_list_reads_with_its_footer_lines_left_out(name):
    result = files.parse_registrations((FIXTURES / name).read_bytes(), name)
    assert result.ok, [(r.line, codes(r.issues)) for r in result.bad_rows]
    assert [c.field for c in result.columns] == ["start_number", "last_name", "first_name", "town", "birth_year",
                                                 "is_woman", "paid", "note"]
    assert [r.line for r in result.rows] == list(range(4, 16))
    assert [r.line for r in result.left_out] == ([17, 18, 19, 20] if name.endswith(".csv") else [17, 18, 19])
    assert {r.left_out for r in result.left_out} == {files.FOOTER}
    assert result.left_out[0].excerpt.startswith("Summe Startgeld: · 110")
    assert "footer_lines" in codes(result.notices)
    ignored = [n.message for n in result.notices if n.code == "ignored_column"]
    assert any("Startgeld" in m and "Startgeld bezahlt (j/n)" in m for m in ignored)     # the fee yields
    assert any("Telefon" in m for m in ignored)
    values = [r.values for r in result.rows]
    assert [v["start_number"] for v in values] == list(range(1, 13))
    assert [v["birth_year"] for v in values] == [1958, 2008, 1949, 1967, 1990, 2010, 1955, None, 1972, 2009,
                                                 1962, 1980]
    assert [v["is_woman"] for v in values] == [True, True, False, False, True, False, True, False, False, False,
                                               False, True]
    assert [v["paid"] for v in values] == [True, False, True, True, True, False, True, False, True, True, False,
                                           True]
    assert values[0]["note"] == "sen." and values[1]["note"] == "jun." and values[2]["note"] == ""


def test_a_sum_formula_without_a_stored_value_is_recognised_in_a_workbook():
    """A workbook written by a program (not saved by Excel) stores the formula without its value."""
    rows = [["Name", "Vorname", "Startgeld"], ["Maier", "Anna", 10], ["Kern", "Otto", 10],
            [None, None, "=SUM(C2:C3)"], ["Anzahl", "=COUNTA(B2:B3)", None]]
    result = parse(rows, "liste.xlsx")
    assert result.ok and [r.line for r in result.rows] == [2, 3]
    assert [(r.line, r.left_out) for r in result.left_out] == [(4, "footer"), (5, "footer")]
    assert result.left_out[0].excerpt == "=SUM(C2:C3)"


def test_without_footers_nothing_is_left_out():
    result = parse([HEAD, ["1", "Maier", "Anna", "X"], ["2", "Kern", "Otto", "Y"], ["3", "", "", ""]])
    assert result.ok and not result.left_out and "footer_lines" not in codes(result.notices)


# Lines the director leaves out ------------------------------------------------------------------------------

def test_any_line_can_be_left_out_and_taken_back():
    rows = [HEAD, ["1", "Maier", "Anna", "X"], ["2", "", "Otto", "Y"], ["3", "Summe", "", ""]]
    result = parse(rows)
    assert not result.ok and codes(result.rows[1].issues) == ["missing_name"]
    left = files.remap(result, choices={3: files.SKIP})            # the bad line, left out
    assert left.ok and [r.line for r in left.rows] == [2] and [r.line for r in left.left_out] == [3, 4]
    assert [r.left_out for r in left.left_out] == [files.DIRECTOR, files.FOOTER]
    kept = files.remap(left, choices={3: files.SKIP, 4: files.KEEP})   # the footer taken back: it is checked
    assert [r.line for r in kept.rows] == [2, 4] and kept.rows[1].footer and not kept.ok
    back = files.remap(kept, choices={})                          # back to what the file says
    assert [r.line for r in back.rows] == [2, 3] and [r.line for r in back.left_out] == [4]


def test_a_line_left_out_is_not_counted_as_a_duplicate():
    rows = [HEAD, ["1", "Maier", "Anna", "X"], ["1", "Maier", "Anna", "X"]]
    assert codes(parse(rows).rows[1].issues) == ["duplicate_row"]
    assert files.remap(parse(rows), choices={3: files.SKIP}).ok


# Headings ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("heading, field", [
    ("Lfd. Nr.", "start_number"), ("Nr.", "start_number"), ("#", "start_number"), ("lfd.Nr", "start_number"),
    ("Startnummer", "start_number"), ("Geb.-Jahr", "birth_year"), ("Jahrgang", "birth_year"),
    ("geboren", "birth_year"), ("Geburtsdatum", "birth_year"), ("Geb.-Datum", "birth_year"),
    ("Startgeld bezahlt (j/n)", "paid"), ("bezahlt?", "paid"), ("Startgeld schon bezahlt", "paid"),
    ("Startgeld", "paid"), ("Geschlecht", "is_woman"), ("m/w/d", "is_woman"), ("Anrede", "is_woman"),
    ("Bemerkung", "note"), ("Bemerkungen zur Anmeldung", "note"), ("Anmerkungen", "note"), ("Remarks", "note"),
    ("Telefon", None), ("E-Mail", None),
])
def test_headings_clubs_write(heading, field):
    column = headings._column(heading, True)
    assert (column.field if column else None) == field


def test_running_numbers_are_start_numbers_when_unique():
    result = parse([HEAD, ["3", "Maier", "Anna", "X"], ["1", "Kern", "Otto", "Y"], ["", "Vogt", "Eva", "Z"]])
    assert result.ok and [r.values["start_number"] for r in result.rows] == [3, 1, None]
    assert "running_numbers_ignored" not in codes(result.notices)


@pytest.mark.parametrize("numbers", [["1", "1", "2"], ["1", "2a", "3"], ["1", "0", "2"]])
def test_running_numbers_that_are_not_unique_are_ignored_and_the_preview_says_why(numbers):
    rows = [HEAD] + [[n, last, "Anna", "X"] for n, last in zip(numbers, ["Maier", "Kern", "Vogt"], strict=True)]
    result = parse(rows)
    assert result.ok, [(r.line, codes(r.issues)) for r in result.rows]
    assert all(r.values.get("start_number") is None for r in result.rows)
    assert "start_number" not in [c.field for c in result.columns]
    notice = next(n for n in result.notices if n.code == "running_numbers_ignored")
    assert "Lfd. Nr." in notice.message


def test_a_start_number_column_stays_strict_and_wins_over_running_numbers():
    rows = [["Nr.", "Startnummer", "Name", "Vorname"], ["1", "5", "Maier", "Anna"], ["2", "5", "Kern", "Otto"]]
    result = parse(rows)
    assert codes(result.rows[1].issues) == ["duplicate_start_number"]         # the director's own numbers: an error
    assert any("„Nr.“" in n.message or "“Nr.”" in n.message for n in result.notices if n.code == "ignored_column")


def test_a_fee_column_alone_still_says_who_paid():
    result = parse([["Name", "Vorname", "Startgeld"], ["Maier", "Anna", "10 €"], ["Kern", "Otto", ""]])
    assert [r.values["paid"] for r in result.rows] == [True, False]


# Values -----------------------------------------------------------------------------------------------------

def read(field, value):
    row = ImportRow(line=2, raw={}, values={})
    parse_cell(row, headings.COLUMN_BY_FIELD[field], value)
    return row


@pytest.mark.parametrize("value, paid", [
    ("j", True), ("n", False), ("ja", True), ("nein", False), ("x", True), ("X", True), ("✓", True), ("✔", True),
    ("", False), ("-", False), ("10 €", True), ("7,50", True), ("10,00 €", True), ("0", False), ("0,00 €", False),
    ("bezahlt", True), ("Bezahlt", True), ("offen", False), ("nicht bezahlt", False), (10, True), (0, False),
    ("10,-", True),
])
def test_paid_values(value, paid):
    row = read("paid", value)
    assert row.ok and row.values["paid"] is paid


@pytest.mark.parametrize("value", ["vielleicht", "später", "=SUM(A1:A2)"])
def test_paid_values_nobody_understands_are_an_error_of_the_line(value):
    assert codes(read("paid", value).issues) == ["bad_yes_no"]


@pytest.mark.parametrize("value, woman", [
    ("w", True), ("W", True), ("weiblich", True), ("Frau", True), ("Fr.", True), ("m", False), ("männlich", False),
    ("Herr", False), ("Hr.", False), ("d", False), ("divers", False), ("", False), ("ja", True), ("x", True),
])
def test_gender_values(value, woman):
    row = read("is_woman", value)
    assert row.ok and row.values["is_woman"] is woman


@pytest.mark.parametrize("value, year", [
    (1987, 1987), ("1987", 1987), ("12.03.2008", 2008), ("1.3.2008", 2008), ("2008-03-12", 2008),
    ("12/03/2008", 2008), (datetime.date(2008, 3, 12), 2008), (datetime.datetime(1950, 1, 1), 1950), ("", None),
])
def test_birth_years_and_dates(value, year):
    row = read("birth_year", value)
    assert row.ok and row.values["birth_year"] == year
    if year:
        assert row.raw["birth_year"] == str(year)                # the preview shows the year


@pytest.mark.parametrize("value", ["87", "12.03.08", "31.02.2008", "1899", "2999", "12.03.3008", "geboren"])
def test_birth_years_nobody_can_read_are_an_error_of_the_line(value):
    assert codes(read("birth_year", value).issues) == ["bad_year"]


def test_a_remark_is_tidied_and_bounded():
    assert read("note", "  zahlt\u200b  später ").values["note"] == "zahlt später"
    assert codes(read("note", "x" * 201).issues) == ["too_long"]


# Through the page -------------------------------------------------------------------------------------------

def upload(client, t, name, data=None):
    url = reverse("director:entry_import", args=[t.pk])
    data = data if data is not None else (FIXTURES / name).read_bytes()
    return client.post(url, {"action": "upload", "file": SimpleUploadedFile(name, data)}, follow=True)


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


@pytest.mark.django_db
@pytest.mark.parametrize("name", CLUB_LISTS)
def test_the_club_list_imports_through_the_page(director, name):
    t = factories.tournament(players=0)                         # season 2026, youth up to 18
    response = upload(director, t, name)
    html = response.content.decode()
    assert 'data-left-out="footer"' in html and "Summenzeile – wird nicht übernommen" in html
    assert html.count('data-left-out="footer"') == len(response.context["result"].left_out)
    assert "Summe Startgeld: · 110" in html and 'id="take-17"' in html and 'id="skip-4"' in html
    assert "&lt;b&gt;vegetarisch&lt;/b&gt;" in html and "<b>vegetarisch</b>" not in html
    preview = {r["row"].line: r["badges"] for r in response.context["rows"]}
    assert [str(b) for b in preview[5]] == ["Frau", "Jugend"] and [str(b) for b in preview[9]] == ["Jugend"]
    assert preview[4] == ["Frau"] and preview[17] == []
    assert 'id="import"' in html
    director.post(reverse("director:entry_import", args=[t.pk]),
                  {"action": "import", "sha256": response.context["result"].sha256})
    entries = {e.start_number: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    assert sorted(entries) == list(range(1, 13)) and Player.objects.count() == 12
    assert not Player.objects.filter(last_name__icontains="Summe").exists()
    assert not Player.objects.filter(last_name__icontains="Anzahl").exists()
    assert [e.paid for _n, e in sorted(entries.items())] == [True, False, True, True, True, False, True, False,
                                                             True, True, False, True]
    assert entries[2].player.birth_year == 2008 and entries[2].note == "jun." and entries[1].note == "sen."
    assert entries[2].player.is_youth(t.season.year, t.season.youth_age)
    assert not entries[1].player.is_youth(t.season.year, t.season.youth_age)
    assert entries[5].player.is_woman and not entries[4].player.is_woman and not entries[8].player.is_woman
    assert all(e.created_player for e in entries.values())
    log = AuditLog.objects.filter(tournament=t, object_type=AuditLog.Kind.IMPORT).get()
    assert log.new["left_out"] == {"footer": [r.line for r in response.context["result"].left_out]}
    page = director.get(reverse("director:entries", args=[t.pk])).content.decode()
    assert "Fahrgemeinschaft mit Nr. 3" in page and "&lt;b&gt;vegetarisch&lt;/b&gt;" in page


@pytest.mark.django_db
def test_leaving_a_line_out_survives_the_preview_and_the_import(director):
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    upload(director, t, CLUB_LISTS[0])
    response = director.post(url, {"action": "line", "line": "skip-6"})      # Jürgen Weiß stays home
    assert response.status_code == 302 and response["Location"].endswith("#line-6")
    response = director.get(url)
    html = response.content.decode()
    assert 'data-line="6" data-left-out="director"' in html and 'id="take-6"' in html
    assert "Ausgelassen – wird nicht übernommen" in html
    director.post(url, {"action": "line", "line": "skip-7"})
    director.post(url, {"action": "line", "line": "take-7"})                 # taken back
    director.post(url, {"action": "map", "column-8": ""})                    # the remark ignored: the choice stays
    result = director.get(url).context["result"]
    assert [(r.line, r.left_out) for r in result.left_out][:1] == [(6, "director")] and result.ok
    assert "note" not in [c.field for c in result.columns]
    director.post(url, {"action": "import", "sha256": result.sha256})
    imported = Entry.objects.filter(tournament=t)
    assert imported.count() == 11 and not imported.filter(player__last_name="Weiß").exists()
    assert imported.filter(player__last_name="Müller-Lüdenscheid").exists()
    log = AuditLog.objects.filter(tournament=t, object_type=AuditLog.Kind.IMPORT).get()
    assert log.new["left_out"]["director"] == [6]


@pytest.mark.django_db
def test_a_footer_line_taken_back_is_checked_like_any_line(director):
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    upload(director, t, CLUB_LISTS[0])
    director.post(url, {"action": "line", "line": "take-17"})
    response = director.get(url)
    html = response.content.decode()
    assert 'id="skip-17"' in html and "wieder aufgenommen" in html and 'id="import"' not in html
    assert 'data-code="missing_name"' in html                   # "Summe Startgeld:" has no first name
    director.post(url, {"action": "line", "line": "skip-17"})       # left out again: the file's own reading
    assert director.get(url).context["result"].ok


@pytest.mark.django_db
@pytest.mark.parametrize("posted", ["skip-99", "take-x", "drop-4", "", "skip-"])
def test_a_line_choice_that_names_no_line_changes_nothing(director, posted):
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    upload(director, t, CLUB_LISTS[0])
    director.post(url, {"action": "line", "line": posted})
    result = director.get(url).context["result"]
    assert result.ok and not result.choices and len(result.rows) == 12


@pytest.mark.django_db
def test_an_error_line_left_out_lets_the_rest_import(director):
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    data = factories.registration_csv([HEAD, ["1", "Maier", "Anna", "X"], ["2", "Kern", "", "Y"]])
    response = upload(director, t, "liste.csv", data)
    assert 'id="import"' not in response.content.decode()
    director.post(url, {"action": "line", "line": "skip-3"})
    result = director.get(url).context["result"]
    assert result.ok
    director.post(url, {"action": "import", "sha256": result.sha256})
    assert list(Entry.objects.filter(tournament=t).values_list("player__last_name", flat=True)) == ["Maier"]


@pytest.mark.django_db
def test_the_preview_shows_the_senior_category_when_the_season_has_an_age_for_it(director):
    t = factories.tournament(players=0)
    t.season.senior_age = 65
    t.season.save()
    response = upload(director, t, CLUB_LISTS[0])
    preview = {r["row"].line: [str(b) for b in r["badges"]] for r in response.context["rows"]}
    assert preview[4] == ["Frau", "Senior"] and preview[6] == ["Senior"] and preview[8] == ["Frau"]
    assert preview[5] == ["Frau", "Jugend"]


@pytest.mark.django_db
def test_a_formula_without_its_value_is_no_data_and_stays_a_formula_in_the_stored_preview(director):
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    rows = [["Name", "Vorname", "Verein", "Startgeld"], ["Maier", "Anna", "=Tabelle2!A1", 10],
            [None, None, None, "=SUM(D2:D2)"]]
    upload(director, t, "liste.xlsx", factories.registration_xlsx(rows))
    director.post(url, {"action": "map", "column-2": "club"})          # read again from the stored lines
    result = director.get(url).context["result"]
    assert result.ok and result.rows[0].values["club"] == "" and result.rows[0].values["paid"] is True
    assert [(r.line, r.left_out, r.excerpt) for r in result.left_out] == [(3, "footer", "=SUM(D2:D2)")]
