"""An export whose worker died (issue 23, deliverable 2): the exports page says it failed because the worker
stopped, the button then reads "Start again", and a click starts a new export at once — the dead job holds no
place, even when only one export may run at a time. Labels and messages are read from the page and the app (they
are translated), so the assertions hold in every language."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override
from playwright.sync_api import expect

from tests import factories
from tests.e2e.steps import log_in_as
from tournament.exports import selectors
from tournament.models import ExportJob

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def label(page, name):
    return page.locator("#export-labels").get_attribute(f"data-{name}")


def test_a_dead_workers_export_fails_on_the_page_and_starts_again(live_server, page, settings, tmp_path):
    settings.CEGO_EXPORT_DIR = tmp_path / "exports"
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}     # no worker runs here
    settings.CEGO_EXPORT_CONCURRENCY = 1
    t, _round = factories.seated(players=8)
    director = factories.user("chefin")
    director.set_password("Turnier-2026!")
    director.save()
    log_in_as(page, live_server.url, "chefin", "Turnier-2026!")
    page.goto(live_server.url + reverse("exports:tournament", args=[t.pk]))
    button = page.locator('[data-export-background="progress-score_sheets-1"]')
    box = page.locator("#progress-score_sheets-1")
    button.click()
    expect(box).to_contain_text(label(page, "queued"))

    # A worker took it, then was killed: no sign of life since longer than CEGO_EXPORT_STALE_AFTER.
    silent = timezone.now() - timedelta(seconds=settings.CEGO_EXPORT_STALE_AFTER + 1)
    ExportJob.objects.update(status=ExportJob.Status.RUNNING, started_at=silent, heartbeat_at=silent)
    with override(page.locator("html").get_attribute("lang") or "de"):
        stopped = selectors.message(ExportJob.Failure.STALE)
    expect(box).to_contain_text(label(page, "failed"))
    expect(box).to_contain_text(stopped)
    expect(button).to_have_text(label(page, "retry"))

    button.click()                                       # the dead job holds no place: admitted at once
    expect(box).to_contain_text(label(page, "queued"))
    assert ExportJob.objects.count() == 2
