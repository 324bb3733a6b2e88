"""Export downloads and pages: login first, staff only, the right file; background jobs report progress.

Background tasks run at once here (tests/exports/conftest.py); test_exports_jobs.py runs them through the
database queue and its worker.
"""

import pytest
from django.urls import reverse

from tests import factories
from tournament import exports as exporters
from tournament.exports import registry

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated():
    return factories.seated(players=8)


def urls(t, round_):
    table = round_.tables.order_by("number").first()
    return [
        reverse("exports:tournament", args=[t.pk]),
        reverse("exports:season", args=[t.season.pk]),
        reverse("exports:table_download", args=[table.pk, "score_sheet"]),
        reverse("exports:round_download", args=[t.pk, round_.number, "table_list"]),
        reverse("exports:tournament_download", args=[t.pk, "tournament_workbook"]),
        reverse("exports:season_download", args=[t.season.pk, "season_workbook"]),
    ]


def test_anonymous_users_are_sent_to_the_login_page(client, seated):
    for url in urls(*seated):
        response = client.get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login") + "?next="), url
        assert client.post(url).status_code == 302


def test_players_without_staff_rights_get_403(client, seated):
    client.force_login(factories.user("spieler", superuser=False))
    for url in urls(*seated):
        assert client.get(url).status_code == 403, url


@pytest.mark.parametrize("url_name, identifier, content_type, ext", [
    ("table", "score_sheet", "application/pdf", "pdf"),
    ("round", "table_list_alphabetical", "application/pdf", "pdf"),
    ("tournament", "tournament_workbook", exporters.base.XLSX, "xlsx"),
    ("tournament", "registration_template", exporters.base.XLSX, "xlsx"),
    ("season", "season_workbook", exporters.base.XLSX, "xlsx"),
])
def test_staff_downloads_the_file(client, seated, url_name, identifier, content_type, ext):
    t, round_ = seated
    client.force_login(factories.staff())
    args = {"table": [round_.tables.order_by("number").first().pk], "round": [t.pk, round_.number],
            "tournament": [t.pk], "season": [t.season.pk]}[url_name]
    response = client.get(reverse(f"exports:{url_name}_download", args=[*args, identifier]))
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment; filename=") and disposition.endswith(f'.{ext}"')
    assert response.content[:4] in (b"%PDF", b"PK\x03\x04")


def test_unknown_exports_and_wrong_scopes_are_404(client, seated):
    t, round_ = seated
    client.force_login(factories.staff())
    assert client.get(reverse("exports:tournament_download", args=[t.pk, "nope"])).status_code == 404
    assert client.get(reverse("exports:tournament_download", args=[t.pk, "score_sheets"])).status_code == 404
    assert client.get(reverse("exports:round_download", args=[t.pk, 7, "table_list"])).status_code == 404


def test_exports_pages_list_every_export(client, seated):
    t, round_ = seated
    client.force_login(factories.staff())
    page = client.get(reverse("exports:tournament", args=[t.pk])).content.decode()
    for scope in ("tournament", "round", "table"):
        for exporter in exporters.for_scope(scope):
            fits = exporter.games is None or t.game in exporter.games        # the Ziege files fit no Cego tournament
            assert (str(exporter.verbose_name) in page) == fits or scope == "table" or exporter.needs_teams  # no teams
    for table in round_.tables.all():
        assert reverse("exports:table_download", args=[table.pk, "score_sheet_filled"]) in page
    assert reverse("exports:round_download", args=[t.pk, 1, "score_sheets"]) in page
    assert 'data-export-background="progress-score_sheets-1"' in page and "exports.js" in page
    season_page = client.get(reverse("exports:season", args=[t.season.pk])).content.decode()
    for exporter in exporters.for_scope("season"):
        assert str(exporter.verbose_name) in season_page or exporter.needs_teams
    assert reverse("exports:season_download", args=[t.season.pk, "season_workbook"]) in season_page


def test_category_option_reaches_the_exporter(client, seated):
    t, _round = seated
    client.force_login(factories.staff())
    response = client.get(reverse("exports:tournament_download", args=[t.pk, "standings"]) + "?category=women")
    assert response.status_code == 200 and "frauen" in response["Content-Disposition"]     # named in German


def test_post_starts_a_job_whose_file_only_its_owner_gets(client, seated):
    t, round_ = seated
    client.force_login(factories.staff())
    response = client.post(reverse("exports:round_download", args=[t.pk, round_.number, "score_sheets"]))
    assert response.status_code == 202
    status = client.get(response.json()["status_url"]).json()
    assert status["state"] == "done" and status["done"] == status["total"] == 2
    assert status["filename"].endswith(".pdf")
    download = client.get(status["file_url"])
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"
    assert b"".join(download.streaming_content).startswith(b"%PDF")
    client.force_login(factories.staff("other"))
    assert client.get(response.json()["status_url"]).status_code == 404
    assert client.get(status["file_url"]).status_code == 404


class SlowExporter(exporters.Exporter):
    """Reports 1 of 3, lets the test look at the status page meanwhile (``peek``), then finishes."""

    identifier, verbose_name, progress_unit, scope, extension = "slow", "Slow", "sheets", "tournament", "pdf"
    peek = None

    def generate(self, *, progress, tournament, **kwargs):
        progress(1, 3)
        type(self).seen = type(self).peek()
        progress(3, 3)
        return "slow.pdf", "application/pdf", b"%PDF-slow"


@pytest.fixture
def slow_exporter(monkeypatch):
    monkeypatch.setitem(registry._EXPORTERS, SlowExporter.identifier, SlowExporter)
    return SlowExporter


@pytest.mark.django_db(transaction=True)
def test_progress_endpoint_reports_progress_then_the_file(client, seated, slow_exporter, database_queue):
    t, _round = seated
    client.force_login(factories.staff())
    response = client.post(reverse("exports:tournament_download", args=[t.pk, "slow"]))
    assert response.status_code == 202
    url = response.json()["status_url"]
    assert client.get(url).json()["state"] == "queued"       # until a worker takes it
    slow_exporter.peek = lambda: client.get(url).json()
    database_queue()                           # the worker: runs the queue, then stops
    seen = slow_exporter.seen                  # while it ran
    assert seen["state"] == "running" and (seen["done"], seen["total"]) == (1, 3) and seen["unit"] == "sheets"
    assert "file_url" not in seen
    status = client.get(url).json()
    assert status["state"] == "done" and (status["done"], status["total"]) == (3, 3)
    download = client.get(status["file_url"])
    assert download["Content-Disposition"] == 'attachment; filename="slow.pdf"'
    assert b"".join(download.streaming_content) == b"%PDF-slow"
