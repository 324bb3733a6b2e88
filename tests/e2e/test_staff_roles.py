"""A director appoints an entry helper in the browser; the helper logs in (through the rate-limited login), sees
only the score sheets of that tournament, keys a game, and is turned away from the director's pages."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.e2e.steps import log_in_as
from tournament.models import AuditLog, Game, Role

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_director_appoints_a_helper_who_may_only_enter_results(live_server, page):
    t, round_ = factories.drawn(players=8)
    director = factories.user("chefin", superuser=False)
    director.set_password("Turnier-2026!")
    director.save()
    Role.objects.create(user=director, kind=Role.Kind.DIRECTOR, tournament=t)

    log_in_as(page, live_server.url, "chefin", "Turnier-2026!")
    page.goto(live_server.url + reverse("director:tournament", args=[t.pk]))
    page.get_by_role("link", name="Mitarbeiter").click()
    page.fill("#id_username", "tisch-helfer")
    page.fill("#id_password", "Zettel-Eingabe-7")
    expect(page.locator("#id_kind option")).to_have_count(1)       # a director may appoint helpers only
    page.click("#appoint")
    expect(page.locator(".staff-table")).to_contain_text("tisch-helfer")
    assert AuditLog.objects.filter(tournament=t, object_type="role", action="create").exists()
    page.click("#logout")

    log_in_as(page, live_server.url, "tisch-helfer", "Zettel-Eingabe-7")
    expect(page.locator("body")).to_contain_text(t.name)
    page.goto(live_server.url + reverse("director:round", args=[t.pk, 1]))
    expect(page.locator("#lock-round")).to_have_count(0)
    expect(page.get_by_role("link", name="Rangliste")).to_have_count(0)
    page.locator(".sheet-link").first.click()
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("#g1 .in-contract")).to_be_focused()
    for value in ("C", "", "45"):            # Cego, the preselected forehand, 45 card points
        if value:
            page.keyboard.type(value)
        page.keyboard.press("Enter")
    expect(page.locator("#g1 .state")).to_have_text("✓")
    game = Game.objects.get(number=1)
    assert game.updated_by.username == "tisch-helfer"

    response = page.goto(live_server.url + reverse("director:entries", args=[t.pk]))
    assert response.status == 403
    expect(page.locator("h1")).to_have_text("Kein Zugang")
