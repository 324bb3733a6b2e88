"""A director clicks a long export on the exports page: the page shows the waiting, then the file; one export
too many is refused with the server's message, shown beside the button. Labels are read from the page (they are
translated), so the assertions hold in every language."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.steps import log_in_as

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def exports_page(live_server, page, settings, tmp_path):
    settings.CEGO_EXPORT_DIR = tmp_path / "exports"
    t, round_ = factories.seated(players=8)
    director = factories.user("chefin")
    director.set_password("Turnier-2026!")
    director.save()
    log_in_as(page, live_server.url, "chefin", "Turnier-2026!")
    page.goto(live_server.url + reverse("exports:tournament", args=[t.pk]))
    return page


def label(page, name):
    return page.locator("#export-labels").get_attribute(f"data-{name}")


def test_a_long_export_shows_its_file_when_ready(exports_page, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks.backends.immediate.ImmediateBackend"}}
    page = exports_page
    with page.expect_download() as download:
        page.locator('[data-export-background="progress-score_sheets-1"]').click()
    assert download.value.suggested_filename.endswith(".pdf")
    box = page.locator("#progress-score_sheets-1")
    expect(box).to_contain_text(label(page, "ready"))
    assert "/datei/" in box.locator("a").get_attribute("href")


def test_waiting_for_a_worker_and_one_export_too_many(exports_page, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}   # no worker runs here
    settings.CEGO_EXPORT_CONCURRENCY = 1
    page = exports_page
    url = page.url
    page.locator('[data-export-background="progress-score_sheets-1"]').click()
    expect(page.locator("#progress-score_sheets-1")).to_contain_text(label(page, "queued"))
    page.locator('[data-export-background="progress-score_sheets_filled-1"]').click()
    refusal = page.locator("#progress-score_sheets_filled-1")
    expect(refusal).to_contain_text("1")
    expect(refusal).not_to_contain_text(label(page, "failed"))
    assert page.url == url                    # a refusal is shown, not answered with the plain download
