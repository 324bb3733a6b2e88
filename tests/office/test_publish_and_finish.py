"""Published when it should be, and the end of the day (docs/director.md): a tournament becomes public with its
first draw unless the director hid it; every office page of an unpublished tournament says that players can't see
it, with a one-click publish; finishing once every round is locked takes the provisional marks off."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests import factories
from tournament.draws import services as draws
from tournament.models import AuditLog, Round, Tournament
from tournament.results import services as results
from tournament.seasons import services as seasons

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def test_the_first_draw_publishes_and_says_so_in_the_log():
    t = factories.tournament(players=8, publish_with_draw=True)
    assert not t.published
    draws.draw_round(tournament=t, number=1, user=factories.user())
    t.refresh_from_db()
    assert t.published
    row = AuditLog.objects.get(tournament=t, object_type=AuditLog.Kind.TOURNAMENT, action=AuditLog.Action.UPDATE)
    assert row.new == {"published": True} and row.old == {"published": False}


def test_a_tournament_hidden_by_choice_stays_hidden_at_the_draw():
    t = factories.tournament(players=8)
    draws.draw_round(tournament=t, number=1, user=factories.user())
    t.refresh_from_db()
    assert not t.published


def test_new_tournament_form_offers_the_visibility_choice(director):
    season = factories.tournament(players=0).season
    page = director.get(reverse("director:tournament_create", args=[season.pk])).content.decode()
    assert 'name="visibility" value="draw"' in page and 'id="id_visibility_1" checked' in page
    data = {"name": "Herbstturnier", "date": "2026-10-11", "ruleset": "schwarzwald", "options": "", "round_count": 2,
            "games_per_round_4": 24, "games_per_round_5": 30, "games_per_round_3": 24, "seed": "x",
            "visibility": "hidden"}
    director.post(reverse("director:tournament_create", args=[season.pk]), data)
    t = Tournament.objects.get(name="Herbstturnier")
    assert (t.published, t.publish_with_draw) == (False, False)
    director.post(reverse("director:tournament_create", args=[season.pk]), {**data, "name": "Jetzt",
                                                                            "visibility": "now"})
    assert Tournament.objects.get(name="Jetzt").published
    director.post(reverse("director:tournament_create", args=[season.pk]), {**data, "name": "Auslosung",
                                                                             "visibility": "draw"})
    assert Tournament.objects.filter(name="Auslosung", published=False, publish_with_draw=True).exists()
    # a script that posts no choice: a new tournament still waits for its first draw
    director.post(reverse("director:tournament_create", args=[season.pk]), {**data, "name": "Skript",
                                                                             "visibility": ""})
    assert Tournament.objects.filter(name="Skript", published=False, publish_with_draw=True).exists()


@pytest.mark.parametrize("page", ["director:tournament", "director:entries", "director:standings", "director:audit",
                                  "director:tournament_edit", "exports:tournament"])
def test_every_office_page_of_an_unpublished_tournament_says_so(director, page):
    t = factories.tournament(players=4)
    html = director.get(reverse(page, args=[t.pk])).content.decode()
    assert 'id="unpublished"' in html and 'id="publish-now"' in html
    t.published = True
    t.save()
    assert 'id="unpublished"' not in director.get(reverse(page, args=[t.pk])).content.decode()


def test_round_hall_and_sheet_pages_show_the_banner(director):
    t, round_ = factories.drawn(players=8)
    table = round_.tables.first()
    for url in (reverse("director:round", args=[t.pk, 1]), reverse("director:hall", args=[t.pk, 1]),
                reverse("entry:sheet", args=[table.pk])):
        assert 'id="unpublished"' in director.get(url).content.decode(), url


def test_publish_now_is_one_audited_idempotent_click(director):
    t = factories.tournament(players=4)
    url = reverse("director:tournament_publish", args=[t.pk])
    entries = reverse("director:entries", args=[t.pk])
    response = director.post(url, {"published": "1", "next": entries, "once": "k" * 20})
    assert response.status_code == 302 and response["Location"] == entries
    t.refresh_from_db()
    assert t.published and not t.publish_with_draw
    director.post(url, {"published": "1", "next": entries, "once": "k" * 20})     # sent twice
    director.post(url, {"published": "1"})                                         # clicked again
    rows = AuditLog.objects.filter(tournament=t, object_type=AuditLog.Kind.TOURNAMENT)
    assert [r.new for r in rows] == [{"published": True}]
    assert director.get(reverse("public:tournament", args=[t.pk])).status_code == 200


def test_publish_refuses_a_foreign_next_and_a_helper(client):
    t = factories.tournament(players=4)
    helper = factories.with_role("helper", tournament=t)
    client.force_login(helper)
    assert client.post(reverse("director:tournament_publish", args=[t.pk])).status_code == 403
    t.refresh_from_db()
    assert not t.published
    client.force_login(factories.staff())
    response = client.post(reverse("director:tournament_publish", args=[t.pk]), {"next": "https://evil.example/"})
    assert response["Location"] == reverse("director:tournament", args=[t.pk])


def test_next_step_says_finish_and_finishing_makes_the_standings_final(director):
    t = factories.played(players=8, rounds=2, lock=True)
    overview = director.get(reverse("director:tournament", args=[t.pk])).content.decode()
    assert 'id="finish-hint"' in overview and 'id="finish-tournament"' in overview
    director.post(reverse("director:tournament_finish", args=[t.pk]))
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    overview = director.get(reverse("director:tournament", args=[t.pk])).content.decode()
    assert 'id="finished-note"' in overview and 'id="finish-tournament"' not in overview


def test_finishing_after_fewer_rounds_than_planned_drops_the_rest_and_is_final(director, client):
    t = factories.played(players=8, rounds=1, lock=True)
    t.round_count = 3
    t.save()
    public = reverse("public:tournament", args=[t.pk])
    assert 'id="provisional"' in client.get(public).content.decode()
    overview = director.get(reverse("director:tournament", args=[t.pk])).content.decode()
    assert 'id="finish-tournament"' in overview          # beside "draw round 2"
    director.post(reverse("director:tournament_finish", args=[t.pk]))
    t.refresh_from_db()
    assert (t.status, t.round_count) == (Tournament.Status.FINISHED, 1)
    assert 'id="provisional"' not in client.get(public).content.decode()
    row = AuditLog.objects.filter(tournament=t, object_type=AuditLog.Kind.TOURNAMENT).latest("id")
    assert row.new == {"status": "finished", "round_count": 1}


def test_finishing_refuses_an_open_round_and_unlocking_reopens():
    t = factories.played(players=8, rounds=2, lock=False)
    with pytest.raises(ValidationError) as err:
        seasons.finish_tournament(tournament=t, user=factories.user())
    assert err.value.code == "not_finishable" and "0 von 2" in err.value.messages[0]
    for round_ in t.round_set.all():
        results.set_round_status(round_=round_, status=Round.Status.LOCKED, user=factories.user())
    seasons.finish_tournament(tournament=t, user=factories.user())
    round_ = t.round_set.get(number=2)
    results.set_round_status(round_=round_, status=Round.Status.OPEN, user=factories.user(), reason="Tippfehler")
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING


def test_finished_standings_pdf_is_not_provisional():
    import io

    from pypdf import PdfReader

    from tournament.exports import registry

    t = factories.played(players=8, rounds=1, lock=True)
    t.round_count = 2
    t.save()

    def text():
        _name, _type, content = registry.get("standings").render(tournament=t)
        return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages).lower()

    assert "vorläufig" in text() or "provisional" in text()
    seasons.finish_tournament(tournament=t, user=factories.user())
    t.refresh_from_db()
    assert "vorläufig" not in text() and "provisional" not in text()

