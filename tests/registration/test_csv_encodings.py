"""CSV files in the encodings Excel writes: "Unicode text" (UTF-16 LE with a BOM, tab-separated), "CSV UTF-8"
(UTF-8 with a BOM), and UTF-16 BE; the size bound counts the bytes as uploaded, before decoding."""

import codecs

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests import factories
from tournament.models import Entry
from tournament.registration import files

ROWS = [["Nr.", "Vorname", "Nachname", "Ort"],
        ["1", "Jürgen", "Weiß", "Bräunlingen"],
        ["2", "Hansjörg", "Müller-Lüdenscheid", "Löffingen"],
        ["3", "Ännchen", "Öhler", "Überlingen"]]
NAMES = [("Jürgen", "Weiß", "Bräunlingen"), ("Hansjörg", "Müller-Lüdenscheid", "Löffingen"),
         ("Ännchen", "Öhler", "Überlingen")]


def unicode_text(rows, encoding="utf-16", sep="\t"):
    """What Excel's "Unicode text" writes: Python's "utf-16" codec puts the BOM first (little endian here)."""
    return "\r\n".join(sep.join(row) for row in rows).encode(encoding)


def people(result):
    return [(r.values["first_name"], r.values["last_name"], r.values["town"]) for r in result.rows]


@pytest.mark.parametrize("data", [
    unicode_text(ROWS),                                              # Excel's "Unicode text" (.txt)
    unicode_text(ROWS, sep=";"),
    unicode_text(ROWS, sep=","),
    codecs.BOM_UTF16_BE + unicode_text(ROWS, "utf-16-be"),
    codecs.BOM_UTF8 + unicode_text(ROWS, "utf-8", ";"),              # Excel's "CSV UTF-8"
    unicode_text(ROWS, "cp1252", ";"),                               # Excel's plain CSV
], ids=["utf16-tab", "utf16-semicolon", "utf16-comma", "utf16be-tab", "utf8-bom", "cp1252"])
def test_every_encoding_excel_writes_reads_with_umlauts(data):
    result = files.parse_registrations(data, "anmeldungen.txt")
    assert not result.issues and result.ok
    assert [c.field for c in result.columns] == ["start_number", "first_name", "last_name", "town"]
    assert people(result) == NAMES


def test_the_file_really_is_utf16_with_a_bom():
    data = unicode_text(ROWS)
    assert data.startswith(codecs.BOM_UTF16_LE) and b"\x00" in data


def test_the_size_bound_counts_the_bytes_before_decoding(settings):
    data = unicode_text(ROWS)
    settings.CEGO_IMPORT_MAX_BYTES = len(data) - 1          # the UTF-8 text would be smaller than the bound
    assert len("\r\n".join("\t".join(row) for row in ROWS).encode()) < settings.CEGO_IMPORT_MAX_BYTES
    result = files.parse_registrations(data, "anmeldungen.txt")
    assert [issue.code for issue in result.issues] == ["too_large"] and not result.rows


def test_broken_utf16_is_refused_not_guessed():
    data = unicode_text(ROWS)[:-1]                            # half a character at the end
    result = files.parse_registrations(data, "anmeldungen.txt")
    assert [issue.code for issue in result.issues] == ["not_spreadsheet"] and not result.rows


@pytest.mark.django_db
def test_a_unicode_text_file_imports_through_the_page(client):
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    url = reverse("director:entry_import", args=[t.pk])
    response = client.post(url, {"action": "upload", "file": SimpleUploadedFile("anmeldungen.txt",
                                                                                unicode_text(ROWS))}, follow=True)
    assert response.context["result"].ok
    client.post(url, {"action": "import", "sha256": response.context["result"].sha256})
    entries = Entry.objects.filter(tournament=t).select_related("player").order_by("start_number")
    assert [(e.start_number, e.player.first_name, e.player.last_name, e.player.town) for e in entries] == [
        (n, *name) for n, name in enumerate(NAMES, start=1)]
