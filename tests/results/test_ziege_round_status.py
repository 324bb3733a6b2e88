"""The round status of a Ziege round (docs/director.md "Ziege"): complete when every table has finished a series,
or when the director ends it with a reason; then it can be locked, and the public pages are final."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests import factories
from tests.ziege import ziege_tournament
from tournament.draws import ziege as ziege_draws
from tournament.models import AuditLog, Round
from tournament.results import selectors, services
from tournament.results import ziege as ziege_results

pytestmark = pytest.mark.django_db


def finish_series(table, user):
    for _game in range(2):                  # 0 points, no trick: 6 defeat points twice = 12, the series is over
        ziege_results.record_game(table=table, user=user, points_a=120, trick_a=True, trick_b=False)


def drawn(teams=4, rounds=1):
    t = ziege_tournament(teams=teams, rounds=rounds)
    user = factories.user()
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=user)
    return t, round_, user


def test_a_table_is_complete_once_it_has_finished_a_series():
    _t, round_, user = drawn()
    first, second = round_.tables.order_by("number")
    ziege_results.record_game(table=first, user=user, points_a=120, trick_a=True, trick_b=False)
    progress = selectors.round_progress(round_)
    assert [p["complete"] for p in progress] == [False, False] and progress[0]["entered"] == 1
    ziege_results.record_game(table=first, user=user, points_a=120, trick_a=True, trick_b=False)
    progress = selectors.round_progress(round_)
    assert [p["complete"] for p in progress] == [True, False] and progress[0]["series"] == 1


def test_a_round_whose_series_are_finished_is_marked_complete_and_locked():
    _t, round_, user = drawn()
    for table in round_.tables.all():
        finish_series(table, user)
    services.set_round_status(round_=round_, status=Round.Status.COMPLETE, user=user)
    assert Round.objects.get(pk=round_.pk).status == "complete"
    services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user)
    assert Round.objects.get(pk=round_.pk).status == "locked"


def test_a_table_without_a_finished_series_needs_the_director_to_end_the_round():
    _t, round_, user = drawn()
    first, second = round_.tables.order_by("number")
    finish_series(first, user)
    ziege_results.record_game(table=second, user=user, points_a=70, trick_a=True, trick_b=True)
    with pytest.raises(ValidationError) as err:
        services.set_round_status(round_=round_, status=Round.Status.COMPLETE, user=user)
    assert err.value.code == "round_incomplete" and "2" in err.value.messages[0]
    services.set_round_status(round_=round_, status=Round.Status.COMPLETE, user=user, reason="22 Uhr, Schluss")
    assert Round.objects.get(pk=round_.pk).status == "complete"
    row = AuditLog.objects.filter(object_type=AuditLog.Kind.ROUND, action=AuditLog.Action.STATUS).get()
    assert row.reason == "22 Uhr, Schluss" and row.new == {"status": "complete"}
    services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user)     # ended: no second reason
    assert Round.objects.get(pk=round_.pk).status == "locked"


def test_the_office_round_page_marks_complete_and_locks_and_the_public_page_is_final(client):
    t, round_, user = drawn(teams=2)
    t.published = True
    t.save()
    table = round_.tables.get()
    finish_series(table, user)
    client.force_login(user)
    page = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="round-status" data-status="open"' in page and 'id="complete-round"' in page
    assert 'id="complete-reason"' not in page and 'data-complete="1"' in page
    public = reverse("public:tournament", args=[t.pk])
    before = client.get(public).content.decode()
    assert 'id="provisional"' in before and 'id="live"' in before
    status = reverse("director:round_status", args=[t.pk, 1])
    assert client.post(status, {"status": "complete"}).status_code == 302
    assert Round.objects.get(pk=round_.pk).status == "complete"
    assert client.post(status, {"status": "locked"}).status_code == 302
    assert Round.objects.get(pk=round_.pk).status == "locked"
    page = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'data-status="locked"' in page and 'id="unlock-round"' in page
    after = client.get(public).content.decode()
    assert 'id="provisional"' not in after and 'id="live"' not in after and "refresh" not in after


def test_the_round_page_asks_for_a_reason_while_a_table_has_no_finished_series(client):
    t, round_, user = drawn(teams=2)
    client.force_login(user)
    page = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="complete-reason"' in page and 'data-complete="0"' in page
    status = reverse("director:round_status", args=[t.pk, 1])
    client.post(status, {"status": "complete"})
    assert Round.objects.get(pk=round_.pk).status == "open"
    client.post(status, {"status": "locked", "reason": "Zeit ist um"})
    assert Round.objects.get(pk=round_.pk).status == "locked"
