"""Dissolving a Ziege team (docs/director.md "Ziege"): a confirm page, then the POST; only while the team is drawn
in no round (so has no game); the log says it in words; a second submit does it once."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import translation

from tests import factories
from tests.ziege import ziege_tournament
from tournament.audit import words
from tournament.draws import ziege as ziege_draws
from tournament.models import AuditLog, Entry, ZiegePair
from tournament.registration import ziege as ziege_registration
from tournament.results import ziege as ziege_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.user())
    return client


def test_the_teams_page_offers_dissolving_and_the_confirm_step_changes_nothing(director):
    t = ziege_tournament(teams=2)
    page = director.get(reverse("director:ziege_teams", args=[t.pk])).content.decode()
    url = reverse("director:ziege_team_remove", args=[t.pk, 2])
    assert f'href="{url}"' in page
    confirm = director.get(url).content.decode()
    assert 'id="remove-form"' in confirm and "Maier1" in confirm and ZiegePair.objects.count() == 2


def test_dissolving_keeps_both_entries_and_is_audited_in_words(director):
    t = ziege_tournament(teams=2)
    pair = t.ziege_pairs.get(number=2)
    url = reverse("director:ziege_team_remove", args=[t.pk, 2])
    response = director.post(url, {"reason": "falsch zusammengestellt", "once": "k-1-abcdefghijklmnop"})
    assert response.status_code == 302 and response["Location"] == reverse("director:ziege_teams", args=[t.pk])
    assert list(t.ziege_pairs.values_list("number", flat=True)) == [1]
    assert Entry.objects.filter(pk__in=[pair.first_id, pair.second_id]).count() == 2
    row = AuditLog.objects.get(object_type=AuditLog.Kind.ENTRY, object_id=pair.first_id,
                               action=AuditLog.Action.UPDATE, old__ziege_team=2)
    assert row.reason == "falsch zusammengestellt" and row.new["ziege_team"] is None
    with translation.override("en"):
        described = words.describe(row)
    assert set(described.before.split("; ")) == {"Ziege team: 2", "Players: Anna Maier1, Bernd Huber1"}  # jsonb order
    assert described.after == f"Ziege team: {words.NONE}"
    assert described.where == f"Start number {pair.first.start_number} Anna Maier1"
    for language in ("de", "en"):
        with translation.override(language):
            text = f"{words.describe(row).before} {words.describe(row).after}"
        assert "_" not in text and "None" not in text and "[" not in text


def test_a_drawn_team_is_not_dissolved(director):
    t = ziege_tournament(teams=3)
    round_ = ziege_draws.draw_round(tournament=t, number=1, user=factories.user())
    table = round_.tables.get()
    ziege_results.record_game(table=table, user=factories.user(), points_a=70, trick_a=True, trick_b=True)
    bye = round_.ziege_byes.get().pair
    playing = ziege_results.table_teams(table)[0]
    for pair in (bye, playing):
        page = director.get(reverse("director:ziege_teams", args=[t.pk])).content.decode()
        url = reverse("director:ziege_team_remove", args=[t.pk, pair.number])
        assert f'href="{url}"' not in page
        assert 'id="remove-refused"' in director.get(url).content.decode()
        director.post(url, {"reason": ""})
        assert ZiegePair.objects.filter(pk=pair.pk).exists()
        with pytest.raises(ValidationError) as err:
            ziege_registration.remove_pair(pair=pair, user=factories.user())
        assert err.value.code == "pair_drawn"


def test_a_second_submit_dissolves_once(director):
    t = ziege_tournament(teams=2)
    url = reverse("director:ziege_team_remove", args=[t.pk, 1])
    first = director.post(url, {"once": "same-key-abcdefghijklmnop"})
    second = director.post(url, {"once": "same-key-abcdefghijklmnop"})
    assert first.status_code == second.status_code == 302
    assert AuditLog.objects.filter(old__ziege_team=1, action=AuditLog.Action.UPDATE).count() == 1
    pair = ZiegePair(pk=10**6, tournament=t, number=9)
    with pytest.raises(ValidationError) as err:
        ziege_registration.remove_pair(pair=pair, user=factories.user())
    assert err.value.code == "pair_gone"
