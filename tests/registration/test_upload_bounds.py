"""Uploads that can't hurt: bounds checked before a spreadsheet is parsed, the parsed preview stored once."""

import io
import json
import zipfile
from datetime import timedelta
from unittest import mock

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from tests import factories
from tournament.models import Entry, ImportPreview
from tournament.registration import files, previews

HEAD = ["Vorname", "Nachname", "Ort"]
ROWS = [HEAD, ["Anna", "Maier", "Titisee"], ["Otto", "Kern", "Neustadt"]]
SHEET_HEAD = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet '
              b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
SHEET_TAIL = b"</sheetData></worksheet>"


def bomb_xlsx(unpacked, member="xl/worksheets/sheet1.xml"):
    """A valid workbook whose ``member`` is rewritten to unpack to about ``unpacked`` bytes, written in chunks
    (the test never holds the unpacked XML in memory)."""
    base = factories.registration_xlsx(ROWS)
    out = io.BytesIO()
    chunk = b"<row><c><v>1</v></c></row>" * 4096
    with zipfile.ZipFile(io.BytesIO(base)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as dst:
        for info in src.infolist():
            if info.filename != member:
                dst.writestr(info.filename, src.read(info.filename))
        with dst.open(member, "w", force_zip64=True) as target:
            target.write(SHEET_HEAD)
            for _ in range(unpacked // len(chunk) + 1):
                target.write(chunk)
            target.write(SHEET_TAIL)
    return out.getvalue()


def codes(result):
    return [issue.code for issue in result.issues]


def refuse_parsing(*args, **kwargs):
    raise AssertionError("openpyxl must not parse a file over a bound")


def test_a_zip_bomb_is_refused_before_openpyxl_parses_it():
    data = bomb_xlsx(60 * 1024 * 1024)               # 60 MB of sheet XML packed into a few hundred KB
    assert len(data) < 1024 * 1024
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        result = files.parse_registrations(data, "bombe.xlsx")
    assert codes(result) == ["unpacks_too_large"] and not result.rows


@pytest.mark.parametrize("bound, value, member, size", [
    ("CEGO_IMPORT_MAX_SHEET", 200_000, "xl/worksheets/sheet1.xml", 300_000),       # one sheet
    ("CEGO_IMPORT_MAX_STRINGS", 200_000, "xl/sharedStrings.xml", 300_000),         # the shared strings
    ("CEGO_IMPORT_MAX_UNPACKED", 200_000, "xl/worksheets/sheet1.xml", 300_000),    # everything together
    ("CEGO_IMPORT_MAX_RATIO", 100, "xl/worksheets/sheet1.xml", 3 * 1024 * 1024),   # packed too well
])
def test_each_bound_of_the_zip_directory(settings, bound, value, member, size):
    settings.CEGO_IMPORT_MAX_SHEET = settings.CEGO_IMPORT_MAX_UNPACKED = settings.CEGO_IMPORT_MAX_STRINGS = 1024 ** 3
    setattr(settings, bound, value)
    data = bomb_xlsx(size, member)
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert codes(files.parse_registrations(data, "x.xlsx")) == ["unpacks_too_large"]


def test_too_many_members(settings):
    settings.CEGO_IMPORT_MAX_MEMBERS = 3
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert codes(files.parse_registrations(factories.registration_xlsx(ROWS), "x.xlsx")) == ["unpacks_too_large"]


@pytest.mark.parametrize("kind", ["csv", "xlsx"])
def test_rows_columns_and_bytes_are_bounded(settings, kind):
    make = factories.registration_csv if kind == "csv" else factories.registration_xlsx
    assert files.parse_registrations(make(ROWS), f"x.{kind}").ok
    settings.CEGO_IMPORT_MAX_ROWS = 1
    assert codes(files.parse_registrations(make(ROWS), f"x.{kind}")) == ["too_many_rows"]
    settings.CEGO_IMPORT_MAX_ROWS, settings.CEGO_IMPORT_MAX_COLUMNS = 5000, 2
    assert codes(files.parse_registrations(make(ROWS), f"x.{kind}")) == ["too_many_columns"]
    settings.CEGO_IMPORT_MAX_COLUMNS, settings.CEGO_IMPORT_MAX_BYTES = 50, 20
    assert codes(files.parse_registrations(make(ROWS), f"x.{kind}")) == ["too_large"]


def test_empty_columns_beyond_the_bound_do_not_count(settings):
    settings.CEGO_IMPORT_MAX_COLUMNS = 3
    data = factories.registration_csv([row + ["", ""] for row in ROWS])
    assert files.parse_registrations(data, "x.csv").ok


# The import page -------------------------------------------------------------------------------------------

@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def page(t):
    return reverse("director:entry_import", args=[t.pk])


@pytest.mark.django_db
def test_the_page_refuses_a_bomb_and_stores_nothing(director, settings):
    t = factories.tournament(players=0)
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        response = director.post(page(t), {"action": "upload",
                                           "file": SimpleUploadedFile("bombe.xlsx", bomb_xlsx(30 * 1024 * 1024))})
    assert codes(response.context["result"]) == ["unpacks_too_large"]
    assert 'id="import"' not in response.content.decode()
    assert f"director_import_{t.pk}" not in director.session
    assert not ImportPreview.objects.exists()
    assert not Entry.objects.exists()


@pytest.mark.django_db
def test_the_preview_is_parsed_once_and_deleted_after_the_import(director, settings):
    t = factories.tournament(players=0)
    director.post(page(t), {"action": "upload", "file": SimpleUploadedFile("liste.csv",
                                                                           factories.registration_csv(ROWS))})
    stored = ImportPreview.objects.get()                       # in the database, where every server finds it
    assert (stored.owner.username, stored.tournament, stored.filename) == ("director", t, "liste.csv")
    assert stored.size == len(json.dumps(stored.data, ensure_ascii=False).encode()) and stored.sha256
    assert stored.expires_at - stored.created_at == timedelta(seconds=settings.CEGO_IMPORT_KEEP)
    with mock.patch.object(files, "read_cells", side_effect=AssertionError("read again")):
        for _ in range(2):
            result = director.get(page(t)).context["result"]
            assert result.ok and [r.values["last_name"] for r in result.rows] == ["Maier", "Kern"]
        director.post(page(t), {"action": "import", "sha256": result.sha256})
    assert Entry.objects.filter(tournament=t).count() == 2
    assert not ImportPreview.objects.exists()


@pytest.mark.django_db
def test_discard_deletes_the_preview(director, settings):
    t = factories.tournament(players=0)
    director.post(page(t), {"action": "upload", "file": SimpleUploadedFile("liste.csv",
                                                                           factories.registration_csv(ROWS))})
    assert ImportPreview.objects.count() == 1
    director.post(page(t), {"action": "discard"})
    assert not ImportPreview.objects.exists()


@pytest.mark.django_db
def test_previews_expire_after_a_day(settings):
    owner, t = factories.staff(), factories.tournament(players=0)
    parsed = files.parse_registrations(factories.registration_csv(ROWS), "x.csv")
    token = previews.save(parsed, owner=owner, tournament=t,
                          now=timezone.now() - timedelta(seconds=settings.CEGO_IMPORT_KEEP + 60))
    fresh = previews.save(files.parse_registrations(factories.registration_csv(ROWS), "y.csv"), owner=owner,
                          tournament=t)
    assert previews.find(token, owner=owner, tournament=t) == (None, previews.MISSING)
    assert previews.load(fresh, owner=owner, tournament=t).filename == "y.csv"
    for nonsense in ("../../etc/passwd", "", None, 7, "0" * 500):
        assert previews.find(nonsense, owner=owner, tournament=t) == (None, previews.MISSING)
    out = io.StringIO()
    with mock.patch("tournament.exports.services.fail_abandoned", return_value=0), \
            mock.patch("tournament.exports.services.purge_expired", return_value=(0, 0)):
        call_command("cleanup_exports", stdout=out)
    assert "1 import preview(s) deleted" in out.getvalue()
    assert [str(pk) for pk in ImportPreview.objects.values_list("pk", flat=True)] == [fresh]


@pytest.mark.django_db
def test_a_preview_belongs_to_its_owner_and_tournament(settings):
    owner, other, t = factories.staff(), factories.staff("andere"), factories.tournament(players=0)
    elsewhere = factories.tournament(players=0, season=t.season, name="Anderes Turnier")
    token = previews.save(files.parse_registrations(factories.registration_csv(ROWS), "x.csv"), owner=owner,
                          tournament=t)
    assert previews.find(token, owner=other, tournament=t) == (None, previews.FOREIGN)
    assert previews.find(token, owner=owner, tournament=elsewhere) == (None, previews.FOREIGN)
    assert not previews.delete(token, owner=other) and ImportPreview.objects.count() == 1
    assert previews.delete(token, owner=owner) and not ImportPreview.objects.exists()


@pytest.mark.django_db
def test_a_preview_over_its_bound_is_refused_and_not_stored(director, settings):
    settings.CEGO_IMPORT_MAX_PREVIEW = 200
    t = factories.tournament(players=0)
    response = director.post(page(t), {"action": "upload", "file": SimpleUploadedFile(
        "liste.csv", factories.registration_csv(ROWS))}, follow=True)
    assert "zu groß" in response.content.decode() and response.context["result"] is None
    assert not ImportPreview.objects.exists() and f"director_import_{t.pk}" not in director.session


@pytest.mark.django_db
def test_a_preview_that_has_gone_is_said_so(director, settings):
    """Imported or discarded in another window, expired, or deleted by the clean-up: the page says so (in
    German) instead of showing the empty form as if nothing had been uploaded — once."""
    t = factories.tournament(players=0)
    director.post(page(t), {"action": "upload", "file": SimpleUploadedFile("liste.csv",
                                                                           factories.registration_csv(ROWS))})
    ImportPreview.objects.update(expires_at=timezone.now() - timedelta(seconds=1),
                                 created_at=timezone.now() - timedelta(seconds=2))
    response = director.get(page(t))
    html = response.content.decode()
    assert response.context["result"] is None and 'id="preview-lost"' in html
    assert "liste.csv" in html and "nicht mehr" in html
    assert 'id="preview-lost"' not in director.get(page(t)).content.decode()


@pytest.mark.django_db
def test_another_directors_preview_is_not_shown_but_said_so(client, settings):
    """A session naming a preview another user uploaded (e.g. a shared browser where someone else signed in
    without signing out) shows a clear message, not that user's file and not a silent empty form."""
    t = factories.tournament(players=0)
    owner, other = factories.staff(), factories.staff("andere")
    token = previews.save(files.parse_registrations(factories.registration_csv(ROWS), "x.csv"), owner=owner,
                          tournament=t)
    client.force_login(other)
    session = client.session
    session[f"director_import_{t.pk}"] = {"token": token, "sha256": ImportPreview.objects.get().sha256,
                                         "name": "x.csv"}
    session.save()
    response = client.get(page(t))
    assert response.context["result"] is None
    assert "anderen Benutzer" in response.content.decode()
    client.post(page(t), {"action": "discard"})
    assert ImportPreview.objects.count() == 1                   # the other's preview stays


def test_a_line_of_too_many_filled_cells_is_refused_before_openpyxl():
    wide = [HEAD + [f"Spalte {i}" for i in range(48)], ["Anna", "Maier", "Titisee"] + ["x"] * 48]
    assert len(wide[0]) == 51
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert codes(files.parse_registrations(factories.registration_xlsx(wide), "x.xlsx")) == ["too_many_columns"]


def test_too_many_filled_cells_are_refused_before_openpyxl(settings):
    settings.CEGO_IMPORT_MAX_CELLS = 8                       # the file has 9
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert codes(files.parse_registrations(factories.registration_xlsx(ROWS), "x.xlsx")) == ["too_many_cells"]


def test_formatted_empty_cells_beyond_the_columns_do_not_count():
    book = openpyxl.Workbook()
    for row in ROWS:
        book.active.append(row)
    for column in range(4, 120):                               # formatted, but empty: <c r=.. s=1></c>
        book.active.cell(row=2, column=column).font = openpyxl.styles.Font(bold=True)
    out = io.BytesIO()
    book.save(out)
    assert b' s="1" t="n"></c>' in zipfile.ZipFile(out).read("xl/worksheets/sheet1.xml")
    assert files.parse_registrations(out.getvalue(), "x.xlsx").ok
