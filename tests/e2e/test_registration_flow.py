"""Registration as a director does it on the day (issue 12), in the browser: the club secretary's list (a title
row, then ``Nr., Name, Vorname, Ort/Verein, Telefon, bezahlt``) imported through the upload page, its "Weiß"
matched to the season's existing player, everybody checked in by start number, and the season's duplicate of
that player merged into one record."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e import steps
from tournament.models import Entry, Player, PlayerAlias, Season, Tournament
from tournament.registration import services as registration

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LIST = Path(__file__).resolve().parent.parent / "registration" / "fixtures" / "anmeldeliste-verein.csv"


def test_import_the_secretarys_list_check_everybody_in_and_merge_a_duplicate(live_server, page):
    import datetime

    season = Season.objects.create(name="Saison 2026", year=2026)
    day = datetime.date(2026, 3, 7)
    earlier = Tournament.objects.create(season=season, name="Hüfingen", date=day - datetime.timedelta(days=28))
    later = Tournament.objects.create(season=season, name="Löffingen", date=day - datetime.timedelta(days=14))
    today = Tournament.objects.create(season=season, name="Bräunlingen", date=day)
    old_spelling = Player.objects.create(first_name="Jürgen", last_name="Weiss", town="Braeunlingen")
    kept = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    registration.register(user=None, tournament=earlier, player=old_spelling, start_number=1)
    registration.register(user=None, tournament=later, player=kept, start_number=1)
    base = steps.log_in(page, live_server)

    # The list as the club sends it: the title row and the telephone column don't stop it.
    steps.upload_list(page, base, today, LIST)
    expect(page.locator("#import-preview tbody tr")).to_have_count(6)
    expect(page.locator("#file-notices")).to_contain_text("Telefon")
    page.click("#import")
    page.wait_for_load_state()
    entries = Entry.objects.filter(tournament=today).select_related("player")
    assert sorted(e.start_number for e in entries) == [1, 2, 3, 4, 5, 6]
    weiss = entries.get(start_number=1)
    assert weiss.player_id == kept.pk and weiss.paid            # the existing record, the same spelling first
    assert [e.start_number for e in entries if e.paid] == [1, 2, 3, 6]

    # Everybody checked in by typing the start numbers, Enter after each; the box keeps the focus.
    steps.check_in(page, base, today, range(1, 7))
    expect(page.locator("#checkin-count .registered")).to_have_text("6")
    assert page.evaluate("document.activeElement.id") == "id_number"
    assert Entry.objects.filter(tournament=today, checked_in=True).count() == 6

    # The season's duplicate: "Jürgen Weiss, Braeunlingen" is the same person; his tournament moves over.
    page.goto(base + reverse("director:duplicates", args=[season.pk]))
    pair = page.locator(f"#pair-{min(kept.pk, old_spelling.pk)}-{max(kept.pk, old_spelling.pk)}")
    expect(pair).to_be_visible()
    pair.locator(f"input[name=keep][value='{kept.pk}']").check()
    pair.locator("input[name=confirm]").check()
    pair.get_by_role("button", name="Zusammenführen").click()
    page.wait_for_load_state()
    expect(page.locator("#no-duplicates")).to_be_visible()
    assert not Player.objects.filter(pk=old_spelling.pk).exists()
    assert set(Entry.objects.filter(player=kept).values_list("tournament__name", flat=True)) == {
        "Hüfingen", "Löffingen", "Bräunlingen"}
    assert PlayerAlias.objects.filter(player=kept, last_name="Weiss", town="Braeunlingen").exists()
