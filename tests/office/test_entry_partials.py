"""The score sheet's HTML protocol (docs/entry.md, "Protocol"): what the page script gets back.

Requests of the page script carry ``HX-Request: true``; the answers are partials whose elements the script
swaps in by id (row groups merged when marked ``data-keep-inputs``). These tests read the partials as the
script does: by id, with ``<template>`` wrappers unwrapped.
"""

import re

import lxml.html
import pytest
from django.urls import reverse

from scoring import score_game
from tests import factories
from tournament.models import AuditLog, Game, Round
from tournament.office.views.sheet_rows import signed
from tournament.results import engine, services

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def staff(client):
    client.force_login(factories.user())
    return client


@pytest.fixture
def table4():
    _t, round_ = factories.drawn(players=8)
    return round_.tables.order_by("number").first()


def url(table, name):
    return reverse(f"entry:{name}", args=[table.pk])


def cego_row(table, number, points, **extra):
    return {"number": number, "version": "", "contract": "C", "declarer": table.forehand(number) + 1,
            "result": points, **extra}


def parts(response):
    """The answer's elements by id, as the page script finds them."""
    assert "<html" not in response.content.decode()
    root = lxml.html.fragment_fromstring(response.content.decode(), create_parent="div")
    return {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}


def texts(el, xpath):
    return [" ".join("".join(e.itertext()).split()) for e in el.xpath(xpath)]


def has_class(name):
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


def field(el, name):
    return el.xpath(f".//input[@name='{name}']")[0]


def state(el):
    return texts(el, f".//span[{has_class('state')}]")[0]


def engine_scores(table, number, data):
    return score_game(engine.engine_game(table, number, data))["scores"]


# -- preview ---------------------------------------------------------------------------------------------------

def test_preview_shows_the_engines_scores_provisional_through_the_sheet_and_saves_nothing(staff, table4):
    stored = services.record_game(table=table4, number=3, data={"contract": "cego", "declarer": table4.forehand(3),
                                                                "card_points": 40}, user=factories.user())
    response = staff.post(url(table4, "preview"), cego_row(table4, 1, 45), **HX)
    assert response.status_code == 200
    p = parts(response)
    expected = engine_scores(table4, 1, {"contract": "cego", "declarer": table4.forehand(1), "card_points": 45})
    group = p["rg1"]
    assert group.get("data-keep-inputs") is not None              # the page keeps what is being typed
    assert texts(group, f".//span[{has_class('score')}]") == [signed(s) for s in expected]
    assert all("provisional" in s.get("class") for s in group.xpath(f".//span[{has_class('score')}]"))
    assert state(group) == "●" and "is-dirty" in p["g1"].get("class")
    running = [a + b for a, b in zip(expected, stored.scores, strict=True)]
    assert texts(p["g3-run1"], ".") == [signed(running[1])]          # carried to the rows after it, provisional
    assert "provisional" in p["g3-run1"].xpath("./span")[0].get("class") and texts(p["g24-run1"], ".") == [""]
    assert texts(p["sheet-foot"], f".//td[{has_class('c-total')}]") == [signed(s) for s in running]
    assert "Cego" in texts(group, f".//span[{has_class('cname')}]")
    assert field(group, "result").get("placeholder") and p["sheet-status"].text.strip()
    assert "audit" not in p and Game.objects.count() == 1


def test_preview_puts_the_engines_message_for_80_card_points_next_to_the_field(staff, table4):
    response = staff.post(url(table4, "preview"), cego_row(table4, 1, 80), **HX)
    assert response.status_code == 200                      # a preview is a question, not a failure
    group = parts(response)["rg1"]
    message = texts(group, f".//td[{has_class('c-result')}]/span[{has_class('field-error')}]")
    assert len(message) == 1 and "Kartenpunkte" in message[0] and "80" in message[0]
    assert field(group, "result").get("aria-invalid") == "true"
    assert not Game.objects.exists()


def test_preview_shows_only_errors_of_fields_that_hold_something(staff, table4):
    for row in ({"contract": ""}, {"contract": "P", "declarer": 1}):
        group = parts(staff.post(url(table4, "preview"), {"number": 1, **row}, **HX))["rg1"]
        assert not group.xpath(f".//*[{has_class('field-error')}]"), row
    response = staff.post(url(table4, "save"), {"number": 1, "contract": "P", "declarer": 1}, **HX)
    assert response.status_code == 400 and field(parts(response)["rg1"], "result").get("aria-invalid")


def test_preview_of_cego_by_someone_else_than_forehand_names_the_forehand_1_based(staff, table4):
    wrong = (table4.forehand(1) + 1) % 4 + 1
    row = {"number": 1, "contract": "c", "declarer": wrong, "result": 40}
    group = parts(staff.post(url(table4, "preview"), row, **HX))["rg1"]
    assert texts(group, f".//td[{has_class('c-seat')}]/span[{has_class('field-error')}]") == [
        f"Ein Cego darf nur die Vorhand (Sitz {table4.forehand(1) + 1}) spielen."]


def test_preview_of_a_row_typed_back_to_the_stored_one_shows_it_saved(staff, table4):
    services.record_game(table=table4, number=1, data={"contract": "cego", "declarer": table4.forehand(1),
                                                       "card_points": 45}, user=factories.user())
    p = parts(staff.post(url(table4, "preview"), cego_row(table4, 1, 45, version=1), **HX))
    assert state(p["rg1"]) == "✓" and "is-dirty" not in p["g1"].get("class")
    assert not p["rg1"].xpath(f".//*[{has_class('provisional')}]")
    assert p["sheet-status"].text.strip() == Game.objects.get().explanation


def test_a_changed_row_without_a_valid_preview_shows_its_stored_scores_struck_through(staff, table4):
    services.record_game(table=table4, number=1, data={"contract": "cego", "declarer": table4.forehand(1),
                                                       "card_points": 45}, user=factories.user())
    group = parts(staff.post(url(table4, "preview"), cego_row(table4, 1, 90, version=1), **HX))["rg1"]
    scores = group.xpath(f".//span[{has_class('score')}]")
    assert all("stale" in s.get("class") for s in scores) and scores[0].text
    assert state(group) == "●"


@pytest.mark.parametrize(("row", "name"), [
    ({"contract": "X"}, "contract"),
    ({"contract": "C", "declarer": 9, "result": 40}, "declarer"),
    ({"contract": "C", "declarer": "a", "result": 40}, "declarer"),
    ({"contract": "h", "declarer": 1, "result": "viel"}, "result"),
    ({"contract": "P", "declarer": 1, "result": "?"}, "result"),
    ({"contract": "R", "declarer": 2, "rp_0": 20, "rp_1": 20}, "rp_2"),
])
def test_a_rejected_save_puts_each_error_on_its_input_and_keeps_what_was_typed(staff, table4, row, name):
    response = staff.post(url(table4, "save"), {"number": 1, "version": "", **row}, **HX)
    assert response.status_code == 400
    group = parts(response)["rg1"]
    assert group.get("data-keep-inputs") is not None and state(group) == "!"
    assert field(group, name).get("aria-invalid") == "true"
    assert field(group, "contract").get("value") == row["contract"]
    assert not Game.objects.exists()


# -- save ------------------------------------------------------------------------------------------------------

def test_save_answers_the_stored_row_the_numbers_and_the_change_log(staff, table4):
    services.record_game(table=table4, number=3, data={"contract": "cego", "declarer": table4.forehand(3),
                                                       "card_points": 40}, user=factories.user())
    response = staff.post(url(table4, "save"), {**cego_row(table4, 1, 34), "contract": "c"}, **HX)
    assert response.status_code == 200
    p = parts(response)
    game = Game.objects.get(table=table4, number=1)
    group = p["rg1"]
    assert group.get("data-keep-inputs") is None                  # the stored row replaces the typed one
    assert field(group, "contract").get("value") == "C" and field(group, "version").get("value") == "1"
    assert state(group) == "✓" and p["g1"].get("data-explanation") == game.explanation
    assert texts(group, f".//span[{has_class('score')}]") == [signed(s) for s in game.scores]
    three = Game.objects.get(table=table4, number=3)
    running = [a + b for a, b in zip(game.scores, three.scores, strict=True)]
    assert [texts(p[f"g3-run{s}"], ".")[0] for s in range(4)] == [signed(v) for v in running]
    assert "g1-run0" in p and not any(f"g{n}-run0" not in p for n in range(2, 25))
    assert p["entered-count"].text == "2" and p["totals-link"].get("hidden") is not None
    newest = texts(p["audit"], ".//tbody/tr")[0]                   # when · who · what · the game in words
    assert newest.count("34 Kartenpunkte") == 1 and "Spiel 1" in newest
    assert not p["sheet-foot"].xpath(f".//*[{has_class('provisional')}]")
    assert p["sheet-status"].text.strip() == game.explanation


def test_a_stale_edit_answers_409_with_both_versions_and_the_version_it_was_edited_from(staff, table4):
    save = url(table4, "save")
    staff.post(save, cego_row(table4, 1, 45), **HX)
    staff.post(save, cego_row(table4, 1, 50, version=1), **HX)            # someone else: version 2
    response = staff.post(save, cego_row(table4, 1, 60, version=1), **HX)
    assert response.status_code == 409
    p = parts(response)
    box = p["c1"]
    assert "60" in texts(box, f".//div[{has_class('yours')}]")[0]
    assert "50" in texts(box, f".//div[{has_class('saved')}]")[0]
    assert box.xpath(".//button[@data-action='overwrite']") and box.xpath(".//a[@data-action='take']")
    assert box.xpath(".//input[@name='version']")[0].get("value") == "2"           # overwrite: deliberately
    assert field(p["rg1"], "version").get("value") == "1"          # Enter in the row again: conflicts again
    assert Game.objects.get().card_points == 50


def test_a_post_naming_no_row_answers_in_the_status_line(staff, table4):
    response = staff.post(url(table4, "save"), cego_row(table4, 30, 45), **HX)
    assert response.status_code == 400 and set(parts(response)) == {"sheet-status"}
    assert "30" in parts(response)["sheet-status"].text


# -- delete, take the saved version ----------------------------------------------------------------------------

def test_delete_answers_the_emptied_row_and_the_change_log(staff, table4):
    staff.post(url(table4, "save"), cego_row(table4, 1, 45), **HX)
    stale = staff.post(url(table4, "delete"), {"number": 1, "version": 7}, **HX)
    assert stale.status_code == 409 and Game.objects.exists()
    group = parts(stale)["rg1"]
    assert group.xpath(f".//tr[{has_class('row-errors')}]") and group.get("data-keep-inputs") is not None
    response = staff.post(url(table4, "delete"), {"number": 1, "version": 1}, **HX)
    assert response.status_code == 200 and not Game.objects.exists()
    p = parts(response)
    assert field(p["rg1"], "contract").get("value") == "" and field(p["rg1"], "version").get("value") == ""
    assert p["entered-count"].text == "0" and p["totals-link"].get("hidden") is None
    log = AuditLog.objects.get(action="delete")
    assert log.get_action_display() in texts(p["audit"], ".//tbody/tr")[0]


def test_delete_in_a_locked_round_without_a_reason_is_refused_next_to_the_row(staff, table4):
    staff.post(url(table4, "save"), cego_row(table4, 1, 45), **HX)
    Round.objects.filter(pk=table4.round_id).update(status=Round.Status.LOCKED)
    response = staff.post(url(table4, "delete"), {"number": 1, "version": 1}, **HX)
    assert response.status_code == 400 and Game.objects.exists()
    assert texts(parts(response)["rg1"], f".//tr[{has_class('row-errors')}]")[0]


def test_the_row_answers_the_stored_version_for_the_conflict_boxs_take_button(staff, table4):
    staff.post(url(table4, "save"), cego_row(table4, 2, 45), **HX)
    response = staff.get(url(table4, "row"), {"number": 2}, **HX)
    assert response.status_code == 200
    p = parts(response)
    assert field(p["rg2"], "result").get("value") == "45" and state(p["rg2"]) == "✓" and "audit" in p
    plain = staff.get(url(table4, "row"), {"number": 2})                 # without the script: the sheet
    assert plain.status_code == 302 and plain["Location"].endswith("?number=2#g2")
    assert staff.get(url(table4, "row"), {"number": 25}, **HX).status_code == 404
    assert staff.get(url(table4, "row"), {"number": "x"}, **HX).status_code == 404


# -- the page's own words --------------------------------------------------------------------------------------

def test_every_word_the_script_shows_comes_from_the_page(staff, table4):
    staff.post(url(table4, "save"), cego_row(table4, 1, 45), **HX)
    Round.objects.filter(pk=table4.round_id).update(status=Round.Status.LOCKED)
    html = staff.get(url(table4, "sheet")).content.decode()
    p = parts_of_page(html)
    assert {"sheet-states", "sheet-messages", "sheet-keys"} <= set(p)
    messages = re.search(r'<template id="sheet-messages">(.*?)</template>', html, re.S).group(1)
    assert messages.count('class="row-errors"') == 3 and 'class="status-code"' in messages
    delete = p["rg1"].xpath(".//a[@data-confirm]")[0]
    assert "1" in delete.get("data-confirm") and "1" in delete.get("data-prompt")   # locked: asks for a reason
    script = "".join(open(f"tournament/office/static/office/{name}.js", encoding="utf-8").read()
                     for name in ("sheet", "swap"))
    assert not re.search(r"\btext\.\w|gettext|sheet-config|confirm_delete", script)      # no word list of its own


def parts_of_page(html):
    root = lxml.html.fromstring(html)
    return {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}


def test_a_save_answer_takes_a_fixed_number_of_queries(staff, table4, django_assert_max_num_queries):
    for n in range(2, 24):
        services.record_game(table=table4, number=n, data={"contract": "cego", "declarer": table4.forehand(n),
                                                           "card_points": 30 + n}, user=factories.user())
    with django_assert_max_num_queries(40):
        assert staff.post(url(table4, "save"), cego_row(table4, 1, 45), **HX).status_code == 200
    with django_assert_max_num_queries(12):
        assert staff.post(url(table4, "preview"), cego_row(table4, 24, 45), **HX).status_code == 200
