"""The entries export (issue 22): every entry as the registration holds it, the remark of the club's list too
(``Entry.note``), written as text — a remark that begins like a formula stays text (the quote prefix)."""

import io

import openpyxl
import pytest
from django.urls import reverse

from tests import factories
from tournament import exports as exporters

pytestmark = pytest.mark.django_db


def rows_of(content):
    ws = openpyxl.load_workbook(io.BytesIO(content)).worksheets[0]
    return ws, [[c.value for c in row] for row in ws.iter_rows()]


def test_the_entries_export_carries_the_remarks_as_text():
    t = factories.tournament(players=3)
    first, second, third = t.entries.order_by("start_number")
    first.note = "zahlt bar am Turniertag"
    first.paid = True
    first.save()
    second.note = '=HYPERLINK("http://evil.example","klick")'
    second.save()
    name, content_type, content = exporters.get("entries").render(tournament=t)
    assert name.startswith("meldungen-") and name.endswith(".xlsx")
    ws, rows = rows_of(content)
    header, *body = rows
    assert header[0] == "Startnummer" and header[-1] == "Bemerkung"
    assert [r[0] for r in body] == [1, 2, 3]
    assert [r[-1] for r in body] == ["zahlt bar am Turniertag", second.note, None]
    assert body[0][header.index("Bezahlt")] == "ja" and body[1][header.index("Bezahlt")] == "nein"
    assert [r[1:3] for r in body] == [[e.player.first_name, e.player.last_name] for e in (first, second, third)]
    live = ws.cell(3, len(header))
    assert live.data_type == "s" and live.quotePrefix         # text, and stays text when edited


def test_the_exports_page_offers_the_entries_of_a_cego_tournament(client):
    t = factories.tournament(players=2)
    client.force_login(factories.staff())
    url = reverse("exports:tournament_download", args=[t.pk, "entries"])
    assert url in client.get(reverse("exports:tournament", args=[t.pk])).content.decode()
