"""Crafted workbooks (issue 23) are refused before openpyxl reads them, and no upload is parsed inside the
write's transaction."""

import io
import zipfile
from unittest import mock

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.urls import reverse
from django.utils import translation

from tests import crafted_xlsx, factories
from tournament.models import FormRequest
from tournament.office.views import imports
from tournament.registration import files, limits

GERMAN = {
    "unusual_workbook": "Diese Tabelle ist nicht so aufgebaut, wie Tabellenprogramme sie speichern",
    "unpacks_too_large": "Die Tabelle ist entpackt zu groß",
    "too_many_strings": "Die Datei enthält mehr als 100000 Texte.",
}
ENGLISH = {
    "unusual_workbook": "This spreadsheet is not built as spreadsheet programs build it",
    "unpacks_too_large": "The spreadsheet is too large once unpacked",
    "too_many_strings": "The file has more than 100000 texts.",
}


def refuse_parsing(*args, **kwargs):
    raise AssertionError("openpyxl must not read a crafted workbook")


@pytest.fixture(scope="module")
def crafted():
    """Each crafted workbook, built once for the module."""
    return {name: build() for name, build in crafted_xlsx.CRAFTED.items()}


@pytest.mark.parametrize("name, code", [
    ("sheet_upper_case", "unusual_workbook"),       # xl/worksheets/sheet1.XML
    ("sheet_elsewhere", "unusual_workbook"),        # xl/data/sheet1.xml, named in the relations
    ("styles_bomb", "unpacks_too_large"),           # 15 MB of styles, once let through
    ("strings_elsewhere", "unpacks_too_large"),     # 15 MB of shared strings as xl/strings.xml
    ("huge_shared_strings", "unpacks_too_large"),   # 40 MB of xl/sharedStrings.xml
    ("zip_bomb_member", "unpacks_too_large"),       # 200 MB in customXml/item1.xml
])
@pytest.mark.parametrize("language", ["de", "en"])
def test_a_crafted_workbook_is_refused_before_openpyxl_reads_it(crafted, name, code, language):
    assert len(crafted[name]) < limits.max_bytes()          # it passes the upload's own size bound
    with translation.override(language), mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        result = files.parse_registrations(crafted[name], f"{name}.xlsx")
    assert [issue.code for issue in result.issues] == [code] and not result.rows
    assert (GERMAN if language == "de" else ENGLISH)[code] in result.issues[0].message


def test_more_shared_strings_than_cells_are_refused(settings):
    data = crafted_xlsx.strings_elsewhere(size=3 * 1024 * 1024)     # under the 5 MB bound: 180,000 texts
    for language in ("de", "en"):
        with translation.override(language), mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
            result = files.parse_registrations(data, "texte.xlsx")
        assert [issue.code for issue in result.issues] == ["too_many_strings"]
        assert (GERMAN if language == "de" else ENGLISH)["too_many_strings"] == result.issues[0].message
    settings.CEGO_IMPORT_MAX_CELLS = 200_000
    assert "too_many_strings" not in [issue.code for issue in files.parse_registrations(data, "texte.xlsx").issues]


def test_the_refusal_names_the_member_found_through_the_relations():
    data = crafted_xlsx.sheet_elsewhere(cells=5000)
    with translation.override("en"):
        message = files.parse_registrations(data, "x.xlsx").issues[0].message
    assert "(xl/data/sheet1.xml)" in message


def rewritten(changes, extra=None):
    """The base workbook with members' bytes replaced (``changes``: name → (old, new)) and ``extra`` added."""
    members = crafted_xlsx.base_workbook()
    for name, (old, new) in changes.items():
        assert old in members[name]
        members[name] = members[name].replace(old, new)
    members.update(extra or {})
    return crafted_xlsx._pack(members)


def parse(data):
    return files.parse_registrations(data, "liste.xlsx")


def test_relative_targets_as_excel_writes_them_are_read():
    data = rewritten({"xl/_rels/workbook.xml.rels": (b"/xl/worksheets/sheet1.xml", b"worksheets/sheet1.xml")})
    result = parse(data)
    assert result.ok and [row.values["last_name"] for row in result.rows] == ["Maier"]


def test_a_wide_line_in_a_sheet_with_a_relative_target_is_scanned(settings):
    settings.CEGO_IMPORT_MAX_COLUMNS = 1
    data = rewritten({"xl/_rels/workbook.xml.rels": (b"/xl/worksheets/sheet1.xml", b"worksheets/sheet1.xml")})
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert [issue.code for issue in parse(data).issues] == ["too_many_columns"]


def test_member_names_that_differ_only_by_case_are_refused():
    members = crafted_xlsx.base_workbook()
    data = rewritten({}, {"xl/Worksheets/sheet1.xml": members["xl/worksheets/sheet1.xml"]})
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert [issue.code for issue in parse(data).issues] == ["unusual_workbook"]


def test_a_document_type_declaration_is_refused():
    data = rewritten({"[Content_Types].xml": (b"<Types", b'<!DOCTYPE t [<!ENTITY a "aaaa">]><Types')})
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert [issue.code for issue in parse(data).issues] == ["unusual_workbook"]


def test_any_other_member_over_two_mb_is_refused():
    data = crafted_xlsx.styles_bomb(size=limits.MAX_PART + 1000)
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert [issue.code for issue in parse(data).issues] == ["unpacks_too_large"]


def test_a_broken_structural_part_is_refused_not_a_server_error():
    data = bytearray(crafted_xlsx._pack(crafted_xlsx.base_workbook()))
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        info = archive.getinfo("[Content_Types].xml")
    start = info.header_offset + 30 + len(info.filename) + len(info.extra)
    data[start + 5:start + 7] = bytes(b ^ 0xFF for b in data[start + 5:start + 7])     # its deflate data
    with mock.patch.object(openpyxl, "load_workbook", refuse_parsing):
        assert [issue.code for issue in parse(bytes(data)).issues] == ["unusual_workbook"]


def test_a_workbook_without_structure_is_left_to_openpyxl():
    data = crafted_xlsx._pack({"hello.txt": b"not a workbook"})
    assert [issue.code for issue in parse(data).issues] == ["not_spreadsheet"]


# No parse inside a transaction ---------------------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
def test_the_upload_is_parsed_outside_any_transaction(client):
    """The import view's upload is read before the idempotency claim's transaction opens (on SQLite that claim
    holds the write lock: every phone would wait for the parse). The idempotency still holds: the same form key
    sent again writes nothing new."""
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    seen = []
    real = imports.parse_registrations

    def parse_and_look(data, filename):
        seen.append(transaction.get_connection().in_atomic_block)
        return real(data, filename)

    data = factories.registration_xlsx([["Vorname", "Nachname"], ["Anna", "Maier"]])
    with mock.patch.object(imports, "parse_registrations", parse_and_look):
        for _ in range(2):
            response = client.post(reverse("director:entry_import", args=[t.pk]),
                                   {"action": "upload", "once": "k" * 20, "file": SimpleUploadedFile("l.xlsx", data)})
            assert response.status_code == 302
    assert seen == [False, False]
    assert FormRequest.objects.filter(key="k" * 20).count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_refused_upload_writes_nothing_and_keeps_the_waiting_preview(client):
    """A crafted file is answered without a transaction (no idempotency claim: nothing is written for it), and
    the preview uploaded before it is still there afterwards."""
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    good = factories.registration_xlsx([["Vorname", "Nachname"], ["Anna", "Maier"]])
    client.post(url, {"action": "upload", "once": "g" * 20, "file": SimpleUploadedFile("l.xlsx", good)})
    opened = []
    real = transaction.Atomic.__enter__

    def enter(self):
        opened.append(1)
        return real(self)

    with mock.patch.object(transaction.Atomic, "__enter__", enter):
        response = client.post(url, {"action": "upload", "once": "b" * 20,
                                     "file": SimpleUploadedFile("b.xlsx", crafted_xlsx.sheet_elsewhere(5000))})
    assert [issue.code for issue in response.context["result"].issues] == ["unusual_workbook"]
    assert not opened and not FormRequest.objects.filter(key="b" * 20).exists()
    result = client.get(url).context["result"]
    assert result.ok and [row.values["last_name"] for row in result.rows] == ["Maier"]
