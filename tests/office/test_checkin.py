"""The check-in desk on the entries page: start numbers typed one after another (JSON for the page's script, a plain
post with a redirect without it), the undo of the last one, everybody at once with its undo, the counter, the
"missing" filter, and the focus where the director types."""

import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests import factories
from tournament.models import AuditLog, Entry, Player, Role

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


def present(t):
    return sorted(t.entries.filter(checked_in=True).values_list("start_number", flat=True))


def autofocused(html):
    return re.findall(r'<input[^>]*\bautofocus\b[^>]*\bid="(id_\w+)"|<input[^>]*\bid="(id_\w+)"[^>]*\bautofocus\b',
                      html)


def focus_of(html):
    return [a or b for a, b in autofocused(html)]


def test_a_typed_number_is_checked_in_without_a_page_and_answered_with_the_row_and_the_desk(director):
    t = factories.tournament(players=4)
    anna = Entry.objects.get(tournament=t, start_number=3)
    url = reverse("director:check_in", args=[t.pk])
    answer = director.post(url, {"number": "3"}, **JSON).json()
    assert answer["ok"] and answer["number"] == 3 and answer["checked_in"] and answer["shown"]
    assert answer["level"] == "success" and anna.player.full_name in answer["message"]
    assert answer["row_id"] == f"entry-{anna.pk}" and 'aria-pressed="true" data-field="checked_in"' in answer["row"]
    assert re.search(r'class="present">1</strong> / <span class="registered">4<', answer["desk"])
    assert 'id="checkin-undo"' in answer["desk"] and 'name="number" value="3"' in answer["desk"]
    assert 'id="entries-summary"' in answer["summary"]
    assert f'value="{reverse("director:entries", args=[t.pk])}"' in answer["row"]   # the toggles return to the list
    again = director.post(url, {"number": "3"}, **JSON).json()
    assert again["ok"] and again["level"] == "info"
    assert present(t) == [3]
    assert AuditLog.objects.filter(tournament=t, new__checked_in=True).count() == 1


def test_unknown_withdrawn_and_garbage_numbers_get_a_message_and_change_nothing(director):
    t = factories.tournament(players=3)
    Entry.objects.filter(tournament=t, start_number=2).update(withdrawn=True)
    url = reverse("director:check_in", args=[t.pk])
    for typed in ("99", "2", "", "abc", "1" * 40, "-1", "0"):
        response = director.post(url, {"number": typed}, **JSON)
        assert response.status_code == 400, typed
        answer = response.json()
        assert answer["ok"] is False and answer["errors"]["number"], typed
    assert "99" in director.post(url, {"number": "99"}, **JSON).json()["errors"]["number"][0]
    assert present(t) == []


def test_undo_takes_the_last_check_in_back_and_the_missing_filter_shows_the_row_again(director):
    t = factories.tournament(players=3)
    url = reverse("director:check_in", args=[t.pk])
    checked = director.post(url, {"number": "2", "show": "not_checked_in"}, **JSON).json()
    assert checked["shown"] is False                            # the "missing" list drops the row
    undone = director.post(url, {"number": "2", "undo": "1", "show": "not_checked_in"}, **JSON).json()
    assert undone["ok"] and not undone["checked_in"] and undone["shown"] is True
    assert 'id="checkin-undo"' not in undone["desk"] and present(t) == []


def test_without_javascript_a_plain_post_redirects_to_the_list_with_the_desk_focused(director):
    t = factories.tournament(players=3)
    url = reverse("director:check_in", args=[t.pk])
    response = director.post(url, {"number": "1", "show": "not_checked_in"})
    assert response.status_code == 302
    assert response["Location"] == reverse("director:entries", args=[t.pk]) + "?show=not_checked_in&focus=checkin"
    assert [m.level_tag for m in get_messages(response.wsgi_request)] == ["success"]
    page = director.get(response["Location"])
    assert focus_of(page.content.decode()) == ["id_number"]
    assert [r["entry"].start_number for r in page.context["rows"]] == [2, 3]     # only the missing
    assert page.context["desk"]["present"] == 1 and page.context["desk"]["last"]["entry"].start_number == 1
    refused = director.post(url, {"number": "77"}, follow=True)
    assert [m.level_tag for m in refused.context["messages"]] == ["error"]


def test_check_in_everybody_asks_first_and_can_be_undone(director):
    t = factories.tournament(players=5)
    Entry.objects.filter(tournament=t, start_number=5).update(withdrawn=True)
    director.post(reverse("director:check_in", args=[t.pk]), {"number": "1"}, **JSON)
    page = director.get(reverse("director:entries", args=[t.pk])).content.decode()
    assert '<details class="checkin-all">' in page and 'id="check-in-all"' in page    # behind a second click
    response = director.post(reverse("director:check_in_all", args=[t.pk]), follow=True)
    assert present(t) == [1, 2, 3, 4]
    desk = response.context["desk"]
    assert (desk["present"], desk["registered"], desk["missing"], desk["last"]["count"]) == (4, 4, 0, 3)
    assert 'id="check-in-all"' not in response.content.decode()
    row = desk["last"]["log"]
    undone = director.post(reverse("director:check_in_all", args=[t.pk]), {"undo": str(row.pk)}, follow=True)
    assert [m.level_tag for m in undone.context["messages"]] == ["success"]
    assert present(t) == [1]                                      # as it was before
    again = director.post(reverse("director:check_in_all", args=[t.pk]), {"undo": str(row.pk)}, follow=True)
    assert [m.level_tag for m in again.context["messages"]] == ["error"] and present(t) == [1]
    for bad in ("x", "9" * 30):
        director.post(reverse("director:check_in_all", args=[t.pk]), {"undo": bad})
    assert present(t) == [1]


def test_a_director_of_another_tournament_checks_in_nobody(client):
    t, other = factories.tournament(players=2), factories.tournament(players=2, name="Anderes")
    client.force_login(factories.with_role(Role.Kind.DIRECTOR, tournament=other, name="fremd"))
    assert client.post(reverse("director:check_in", args=[t.pk]), {"number": "1"}, **JSON).status_code == 403
    assert client.post(reverse("director:check_in_all", args=[t.pk])).status_code == 403
    assert present(t) == []


def test_a_name_is_escaped_in_the_message_and_the_row(director):
    t = factories.tournament(players=1)
    Player.objects.filter(entries__tournament=t).update(last_name="<script>x</script>")
    answer = director.post(reverse("director:check_in", args=[t.pk]), {"number": "1"}, **JSON).json()
    assert "<script>" not in answer["row"] and "<script>" not in answer["desk"]
    assert "&lt;script&gt;" in answer["row"]


def test_the_search_box_has_the_focus_after_registering(director):
    t = factories.tournament(players=1)
    rosa = factories.existing_player()
    search = reverse("director:entries", args=[t.pk]) + "?q=wehrle"
    response = director.post(reverse("director:entry_register", args=[t.pk]), {"player": rosa.pk, "next": search})
    assert response["Location"] == search                      # no #entry-… fragment: it would cancel autofocus
    assert focus_of(director.get(search).content.decode()) == ["id_q"]
    created = director.post(reverse("director:player_create", args=[t.pk]), {
        "first_name": "Lena", "last_name": "Kienzler", "town": "Vöhrenbach"})
    assert created["Location"] == reverse("director:entries", args=[t.pk])
