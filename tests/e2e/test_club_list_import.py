"""A club's list with a sum line in the browser (issue 22): the preview greys the sum, count and signature lines
("Summenzeile – wird nicht übernommen"), the director leaves a line out with one click, takes it back, leaves
another out, imports; the remarks, paid marks and youth come across; an imported entry removed after a
question takes its player with it."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser import screenshot
from tests.e2e import steps
from tournament.models import Entry, Player, Season, Tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LIST = Path(__file__).resolve().parent.parent / "registration" / "fixtures" / "vereinsliste-summe.xlsx"
SHOTS = Path(__file__).resolve().parent.parent.parent / "var" / "screenshots"


def test_a_club_list_with_a_sum_line_imports_as_the_director_means_it(live_server, page):
    import datetime

    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Hinterzarten", date=datetime.date(2026, 3, 14))
    base = steps.log_in(page, live_server)

    steps.upload_list(page, base, t, LIST)
    footers = page.locator("#import-preview tr[data-left-out=footer]")
    expect(footers).to_have_count(3)
    expect(footers.first).to_contain_text("Summenzeile – wird nicht übernommen")
    expect(footers.first).to_contain_text("Summe Startgeld:")
    expect(page.locator("#file-notices")).to_contain_text("Startgeld bezahlt (j/n)")
    expect(page.locator("#line-5")).to_contain_text("Jugend")
    SHOTS.mkdir(parents=True, exist_ok=True)
    screenshot(page, str(SHOTS / "import-club-list.png"), full_page=True)

    page.click("#skip-6")                                       # Jürgen Weiß: left out …
    expect(page.locator("#line-6")).to_have_attribute("data-left-out", "director")
    page.click("#take-6")                                       # … and taken back
    expect(page.locator("#line-6")).not_to_have_attribute("data-left-out", "director")
    page.click("#skip-14")                                      # Fritz Straub stays home
    expect(page.locator("#line-14")).to_contain_text("Ausgelassen – wird nicht übernommen")
    expect(page.locator("#left-out-count")).to_contain_text("4 Zeilen ausgelassen")
    page.click("#import")
    page.wait_for_load_state()

    entries = {e.start_number: e for e in Entry.objects.filter(tournament=t).select_related("player")}
    assert sorted(entries) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]
    assert not Player.objects.filter(last_name__in=["Summe Startgeld:", "Anzahl:", "Straub"]).exists()
    assert entries[2].note == "jun." and entries[2].player.birth_year == 2008 and not entries[2].paid
    expect(page.locator(f"#entry-{entries[4].pk}")).to_contain_text("Fahrgemeinschaft mit Nr. 3")

    # Anna … no: Anton Beha was imported by mistake; removing him asks once and takes his record along.
    page.goto(base + reverse("director:entry_edit", args=[t.pk, entries[9].pk]))
    expect(page.locator("#delete-entry")).to_be_hidden()
    page.click("#ask-delete-entry")
    expect(page.locator("#remove-player-too")).to_be_visible()
    page.click("#delete-entry")
    page.wait_for_load_state()
    assert not Entry.objects.filter(pk=entries[9].pk).exists()
    assert not Player.objects.filter(pk=entries[9].player_id).exists()
