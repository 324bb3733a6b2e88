"""Director pages: drawing a round, its table lists, round status, deleting a draw, adjustments, audit log."""


import pytest
from django.urls import reverse

from tests import factories
from tests.page_text import levels, text_of
from tournament.models import Adjustment, AuditLog, Round, Seat, Table
from tournament.results import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def test_draw_a_round_and_show_both_lists(director):
    t = factories.tournament(players=13)                      # 2 tables of 4, 1 table of 5
    url = reverse("director:round", args=[t.pk, 1])
    page = director.get(url).content.decode()
    assert 'id="draw-round"' in page and 'value="test-seed"' in page
    response = director.post(url, {"seed": "öffentlich-42"}, follow=True)
    assert levels(response) == ["success"]
    round_ = Round.objects.get(tournament=t, number=1)
    assert round_.seed == "öffentlich-42"
    assert sorted(Table.objects.filter(round=round_).values_list("size", flat=True)) == [4, 4, 5]
    assert Seat.objects.filter(round=round_).count() == 13
    html = response.content.decode()
    assert round_.seed in html and round_.input_hash in html and round_.algorithm in html
    by_table, alphabetical = text_of(html, "by-table"), text_of(html, "alphabetical")
    for entry in t.entries.select_related("player"):
        name = f"{entry.player.last_name}, {entry.player.first_name}"
        assert by_table.count(name) == 1, name
        assert alphabetical.count(name) == 1, name
    assert html.count('class="first-dealer"') == 3
    assert html.count('data-size="5"') == 1
    assert 'id="next-round"' in html


def test_draw_with_an_empty_seed_uses_the_tournament_seed(director):
    t = factories.tournament(players=8)
    director.post(reverse("director:round", args=[t.pk, 1]), {"seed": ""})
    assert Round.objects.get(tournament=t).seed == "test-seed"


def test_drawing_twice_or_out_of_order_is_refused(director):
    t, round_ = factories.drawn(players=8, rounds=3)
    response = director.post(reverse("director:round", args=[t.pk, 1]), {"seed": "x"}, follow=True)
    assert levels(response) == ["error"]
    response = director.post(reverse("director:round", args=[t.pk, 3]), {"seed": "x"}, follow=True)
    assert levels(response) == ["error"]
    assert Round.objects.filter(tournament=t).count() == 1


def test_too_few_players_is_explained_before_the_draw(director):
    t = factories.tournament(players=6)
    page = director.get(reverse("director:round", args=[t.pk, 1]))
    assert page.context["problem"] and page.context["present"] == 6


def test_lock_and_unlock_with_a_reason(director):
    t, round_ = factories.drawn(players=4)
    table = round_.tables.get()
    status_url = reverse("director:round_status", args=[t.pk, 1])
    response = director.post(status_url, {"status": "locked"}, follow=True)
    assert levels(response) == ["error"]                        # the table is not complete yet
    round_.refresh_from_db()
    assert round_.status == "open"
    services.record_totals(table=table, totals={0: 30, 1: -10, 2: -10, 3: -10}, user=factories.user())
    director.post(status_url, {"status": "locked"}, follow=True)
    round_.refresh_from_db()
    assert round_.status == "locked"
    page = director.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="unlock-round"' in page and 'id="delete-draw"' not in page
    response = director.post(status_url, {"status": "open", "reason": "  "}, follow=True)
    assert levels(response) == ["error"]
    round_.refresh_from_db()
    assert round_.status == "locked"
    director.post(status_url, {"status": "open", "reason": "Tisch 1 falsch addiert"}, follow=True)
    round_.refresh_from_db()
    assert round_.status == "open"
    log = AuditLog.objects.filter(object_type="round", action="status").order_by("-id").first()
    assert log.reason == "Tisch 1 falsch addiert" and log.new == {"status": "open"}
    director.post(status_url, {"status": "complete"})
    round_.refresh_from_db()
    assert round_.status == "complete"


def test_delete_draw_needs_a_reason_and_no_results(director):
    t, round_ = factories.drawn(players=8)
    url = reverse("director:round_delete_draw", args=[t.pk, 1])
    response = director.post(url, {"delete-reason": ""}, follow=True)
    assert levels(response) == ["error"] and Round.objects.filter(pk=round_.pk).exists()
    response = director.post(url, {"delete-reason": "Nachmeldung"}, follow=True)
    assert levels(response) == ["success"] and not Round.objects.filter(tournament=t).exists()
    assert 'id="draw-round"' in response.content.decode()

    t2, round2 = factories.drawn(players=4, name="Zweites")
    services.record_totals(table=round2.tables.get(), totals={0: 30, 1: -10, 2: -10, 3: -10}, user=factories.user())
    response = director.post(reverse("director:round_delete_draw", args=[t2.pk, 1]), {"delete-reason": "x"},
                             follow=True)
    assert levels(response) == ["error"] and Round.objects.filter(pk=round2.pk).exists()


def test_table_progress_links_to_the_score_sheet_when_it_exists(director):
    t, round_ = factories.drawn(players=8)
    response = director.get(reverse("director:round", args=[t.pk, 1]))
    tables = response.context["tables"]
    assert [row["progress"]["planned"] for row in tables] == [24, 24]
    for row in tables:
        if row["sheet_url"]:
            assert row["sheet_url"] in response.content.decode()


def test_adjustments_add_and_delete_with_reason(director):
    t = factories.tournament(players=3)
    entry = t.entries.order_by("start_number").last()
    url = reverse("director:adjustments", args=[t.pk])
    response = director.post(url, {"entry": entry.pk, "points": 0, "reason": "nichts"})
    assert response.status_code == 200 and response.context["form"].has_error("points")
    response = director.post(url, {"entry": entry.pk, "points": -50, "reason": ""})
    assert response.context["form"].has_error("reason")
    assert not Adjustment.objects.exists()
    response = director.post(url, {"entry": entry.pk, "points": -50, "reason": "Regelverstoß"})
    assert response.status_code == 302
    adjustment = Adjustment.objects.get()
    assert (adjustment.entry, adjustment.points, adjustment.reason) == (entry, -50, "Regelverstoß")
    page = director.get(url).content.decode()
    assert "Regelverstoß" in page and "-50" in page
    delete_url = reverse("director:adjustment_delete", args=[t.pk, adjustment.pk])
    director.post(delete_url, {"delete-reason": ""})
    assert Adjustment.objects.exists()
    director.post(delete_url, {"delete-reason": "Irrtum"})
    assert not Adjustment.objects.exists()
    log = AuditLog.objects.filter(object_type="adjustment", action="delete").get()
    assert log.reason == "Irrtum" and log.old["points"] == -50


def test_audit_log_newest_first_with_old_and_new(director):
    t, round_ = factories.drawn(players=4)
    entry = t.entries.first()
    adjustment = services.add_adjustment(entry=entry, points=20, reason="Bonus", user=factories.user())
    services.delete_adjustment(adjustment=adjustment, user=factories.user(), reason="doppelt")
    response = director.get(reverse("director:audit", args=[t.pk]))
    rows = response.context["rows"]
    assert [(r.log.object_type, r.log.action) for r in rows] == [
        ("adjustment", "delete"), ("adjustment", "create"), ("round", "draw"), *[("entry", "create")] * 4]
    assert rows[0].log.reason == "doppelt"
    assert ("points", "+20", "") in [(c.key, c.before, c.after) for c in rows[0].changes]       # signed, in words
    assert rows[2].subject == "Durchgang 1"
    assert rows[0].where == f"Startnummer {entry.start_number} {entry.player.full_name}"
    html = response.content.decode()
    assert "doppelt" in html and "director" in html               # who: the user of the factories
    only = director.get(reverse("director:audit", args=[t.pk]), {"type": "round"}).context["rows"]
    assert [r.log.action for r in only] == ["draw"]
