"""Score-sheet entry pages: access, the sheet, the save/delete protocol for plain forms and JSON clients,
conflicts, locking, totals only. The page script's HTML answers (preview, partials) are in test_entry_partials.py.

The German texts of this feature's own strings arrive with the next catalogue merge, so these tests assert on
status codes, JSON structure, the database and the engine's own (already German) messages.
"""

import re

import pytest
from django.conf import settings
from django.shortcuts import resolve_url
from django.urls import reverse
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from scoring import score_game
from tests import factories
from tournament.models import AuditLog, Entry, Game, Round
from tournament.results import engine, selectors, services

pytestmark = pytest.mark.django_db
JSON = {"HTTP_ACCEPT": "application/json"}
HX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def staff(client):
    client.force_login(factories.user())
    return client


@pytest.fixture
def table4():
    _t, round_ = factories.drawn(players=8)
    return round_.tables.order_by("number").first()


def cego_row(table, number, points, **extra):
    """A Cego as the sheet posts it: seats 1-based, forehand declares."""
    return {"number": number, "version": "", "contract": "C", "declarer": table.forehand(number) + 1,
            "result": points, **extra}


def engine_scores(table, number, data):
    return score_game(engine.engine_game(table, number, data))["scores"]


def urls(table):
    return {name: reverse(f"entry:{name}", args=[table.pk]) for name in ("sheet", "row", "preview", "save",
                                                                        "delete", "totals")}


# -- access ----------------------------------------------------------------------------------------------------

def test_anonymous_users_are_sent_to_the_login_page(client, table4):
    login = resolve_url(settings.LOGIN_URL)
    for name, url in urls(table4).items():
        response = client.post(url) if name in ("preview", "save") else client.get(url)
        assert response.status_code == 302, name
        assert response["Location"].startswith(login) and "next=" in response["Location"], name


def test_users_who_are_not_staff_get_403(client, table4):
    client.force_login(factories.user("player", superuser=False))
    for name, url in urls(table4).items():
        response = client.post(url) if name in ("preview", "save") else client.get(url)
        assert response.status_code == 403, name
    assert client.get(reverse("entry:goto", args=[table4.round_id]), {"table": 1}).status_code == 403


def test_an_entry_helper_of_the_tournament_may_enter_a_staff_flag_alone_may_not(client, table4):
    from django.contrib.auth import get_user_model

    from tournament.models import Role

    keeper = get_user_model().objects.create_user("keeper", "k@example.org", None, is_staff=True)
    client.force_login(keeper)
    assert client.get(urls(table4)["sheet"]).status_code == 403
    Role.objects.create(user=keeper, kind=Role.Kind.HELPER, tournament=table4.round.tournament)
    assert client.get(urls(table4)["sheet"]).status_code == 200
    assert client.post(urls(table4)["save"], cego_row(table4, 1, 45), **JSON).status_code == 200
    assert Game.objects.get().updated_by == keeper


# -- the sheet -------------------------------------------------------------------------------------------------

def test_sheet_of_a_4_table_has_24_rows_with_the_dealer_printed(staff, table4):
    response = staff.get(urls(table4)["sheet"])
    assert response.status_code == 200
    html = response.content.decode()
    numbers = [int(n) for n in re.findall(r'<tr class="game[^"]*" id="g(\d+)"', html)]
    assert numbers == list(range(1, 25))
    rows = response.context["rows"]
    assert [r["dealer"] for r in rows[:6]] == [0, 1, 2, 3, 0, 1]
    assert [r["forehand"] for r in rows[:4]] == [1, 2, 3, 0]
    assert all(r["sitting_out"] is None for r in rows) and "out-badge" not in html
    dealers = re.findall(r'<td class="c-dealer[^"]*"><span class="seatno">(\d)</span>', html)
    assert dealers[:5] == ["1", "2", "3", "4", "1"]
    for seat in selectors.seats_of(table4):       # players in seat order with their start numbers
        assert f"#{seat.entry.start_number}<" in html and seat.entry.player.full_name in html
    assert 'id="sheet-keys"' in html and 'name="calls"' not in html
    assert "<script" not in html.split('id="sheet-keys"')[1].split("</script>")[1]    # no inline script else
    head = html.split("</head>")[0]      # the script is not deferred: it handles the first keystroke (docs/entry.md)
    assert re.search(r'<script src="[^"]*office/swap\.js"></script>\s*<script src="[^"]*office/sheet\.js"></script>',
                     head)


def test_a_full_sheet_renders_in_a_fixed_number_of_queries(staff, django_assert_max_num_queries):
    _t, round_ = factories.drawn(players=5)
    table = round_.tables.get()
    for n in range(1, table.games_planned + 1):
        services.record_game(table=table, number=n, data={"contract": "cego", "declarer": table.forehand(n),
                                                          "card_points": 30 + n}, user=factories.user())
    with django_assert_max_num_queries(12):
        response = staff.get(urls(table)["sheet"])
    assert response.status_code == 200 and response.context["sheet"].complete


def test_sheet_of_a_5_table_has_30_rows_and_shows_who_sits_out(staff):
    _t, round_ = factories.drawn(players=5)
    table = round_.tables.get()
    html = staff.get(urls(table)["sheet"]).content.decode()
    assert len(re.findall(r'<tr class="game', html)) == 30
    assert html.count('class="out-badge"') == 30
    outs = [int(n) for n in re.findall(r'data-out="(\d)"', html)]
    assert outs[:6] == [0, 1, 2, 3, 4, 0]
    assert html.count('class="c-score is-out') == 30       # one hatched cell per row: the dealer's


def test_navigation_links_and_goto(staff):
    _t, round_ = factories.drawn(players=12)
    t1, t2, t3 = round_.tables.order_by("number")
    html = staff.get(urls(t2)["sheet"]).content.decode()
    assert urls(t1)["sheet"] in html and urls(t3)["sheet"] in html
    goto = reverse("entry:goto", args=[round_.pk])
    assert staff.get(goto, {"table": "3"})["Location"] == urls(t3)["sheet"]
    assert staff.get(goto, {"table": "99", "from": t2.pk})["Location"] == urls(t2)["sheet"]


# -- save ------------------------------------------------------------------------------------------------------

def test_save_stores_the_engines_scores_and_answers_json(staff, table4):
    response = staff.post(urls(table4)["save"], cego_row(table4, 1, 34), **JSON)
    assert response.status_code == 200
    body = response.json()
    game = Game.objects.get(table=table4, number=1)
    assert game.scores == engine_scores(table4, 1, {"contract": "cego", "declarer": table4.forehand(1),
                                                    "card_points": 34})
    assert body["game"]["version"] == 1 and body["game"]["scores"] == game.scores
    assert body["game"]["values"]["contract"] == "C" and body["game"]["values"]["result"] == "34"
    assert set(body) == {"ok", "game"}           # JSON clients get the game; the page gets HTML


def test_save_without_javascript_redirects_to_the_next_row(staff, table4):
    response = staff.post(urls(table4)["save"], cego_row(table4, 3, 50))
    assert response.status_code == 302 and response["Location"].endswith("?number=4#g4")
    assert Game.objects.filter(number=3).exists()


def test_rejected_save_without_javascript_shows_the_row_as_typed(staff, table4):
    response = staff.post(urls(table4)["save"], cego_row(table4, 5, 85))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'value="85"' in html and "Kartenpunkte" in html and not Game.objects.exists()


def test_goal_raeuber_and_solo_rows_are_parsed_and_scored_by_the_engine(staff, table4):
    save = urls(table4)["save"]
    piccolo = staff.post(save, {"number": 2, "contract": "p", "declarer": 3, "result": "+"}, **JSON).json()
    assert piccolo["ok"] and Game.objects.get(number=2).achieved is True
    tricks = staff.post(save, {"number": 3, "contract": "Bettel", "declarer": 1, "result": "2"}, **JSON).json()
    assert tricks["ok"] and Game.objects.get(number=3).tricks == 2 and Game.objects.get(number=3).won is False
    raeuber = {"number": 4, "contract": "R", "declarer": 1, "rp_0": 18, "rp_1": 25, "rp_2": 20, "rp_3": 16}
    body = staff.post(save, raeuber, **JSON).json()
    game = Game.objects.get(number=4)
    assert body["ok"] and game.announcer == 0 and game.raeuber_points == [18, 25, 20, 16]
    assert game.scores == [40, -120, 40, 40]
    solo = staff.post(save, {"number": 5, "contract": "s", "declarer": 3, "result": 50}, **JSON).json()
    assert solo["ok"] and Game.objects.get(number=5).scores == [-30, -30, 90, -30]


def test_raeuber_at_a_5_table_skips_the_seat_sitting_out(staff):
    _t, round_ = factories.drawn(players=5)
    table = round_.tables.get()
    row = {"number": 3, "contract": "r", "declarer": table.forehand(3) + 1,
           "rp_0": 18, "rp_1": 25, "rp_3": 20, "rp_4": 16}                  # seat 3 deals game 3 and sits out
    body = staff.post(urls(table)["save"], row, **JSON).json()
    game = Game.objects.get()
    assert body["ok"] and game.raeuber_points == [18, 25, None, 20, 16] and game.scores[2] == 0
    assert game.announcer == 3 and sum(game.scores) == 0
    out = staff.post(urls(table)["save"], {**row, "number": 4, "declarer": 4}, **JSON)
    assert out.status_code == 400 and "declarer" in out.json()["errors"]      # seat 4 deals game 4


def test_double_submit_stores_once(staff, table4):
    data = cego_row(table4, 2, 45)
    first = staff.post(urls(table4)["save"], data, **JSON)
    second = staff.post(urls(table4)["save"], data, **JSON)
    assert first.status_code == second.status_code == 200
    assert Game.objects.filter(table=table4).count() == 1 and Game.objects.get().version == 1
    edit = {**data, "version": 1, "result": 50}
    assert staff.post(urls(table4)["save"], edit, **JSON).status_code == 200
    again = staff.post(urls(table4)["save"], edit, **JSON)          # the same edit posted twice
    assert again.status_code == 200 and again.json()["game"]["version"] == 2
    assert Game.objects.get().version == 2
    assert AuditLog.objects.filter(object_type="game").count() == 2


def test_stale_edit_conflicts_with_both_versions_and_can_be_overwritten(staff, table4):
    save = urls(table4)["save"]
    staff.post(save, cego_row(table4, 1, 45), **JSON)
    staff.post(save, {**cego_row(table4, 1, 50), "version": 1}, **JSON)       # someone else: version 2
    stale = {**cego_row(table4, 1, 60), "version": 1}
    response = staff.post(save, stale, **JSON)
    assert response.status_code == 409
    conflict = response.json()["conflict"]
    assert conflict["yours"]["version"] == 1 and conflict["saved"]["version"] == 2
    assert "60" in conflict["yours"]["summary"] and "50" in conflict["saved"]["summary"]
    assert conflict["saved"]["values"]["result"] == "50"
    assert Game.objects.get().card_points == 50
    plain = staff.post(save, stale)                                           # the same without JavaScript
    assert plain.status_code == 409 and b"conflict-row" in plain.content
    row_form = re.search(r'<form id="f1".*?</form>', plain.content.decode()).group(0)
    assert 'name="version" value="1"' in row_form          # the row still says what it was edited from
    overwrite = staff.post(save, {**stale, "version": 2}, **JSON)
    assert overwrite.status_code == 200 and Game.objects.get().card_points == 60
    assert Game.objects.get().version == 3


def test_new_row_over_someone_elses_row_conflicts(staff, table4):
    save = urls(table4)["save"]
    staff.post(save, cego_row(table4, 1, 45), **JSON)
    response = staff.post(save, cego_row(table4, 1, 30), **JSON)
    conflict = response.json()["conflict"]
    assert response.status_code == 409 and conflict["yours"]["version"] is None
    assert conflict["saved"]["version"] == 1


def test_locked_round_requires_a_reason(staff):
    _t, round_ = factories.drawn(players=4)
    table = round_.tables.get()
    for n in range(1, table.games_planned + 1):
        services.record_game(table=table, number=n, data={"contract": "cego", "declarer": table.forehand(n),
                                                          "card_points": 40 + n}, user=factories.user())
    services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=factories.user())
    html = staff.get(urls(table)["sheet"]).content.decode()
    assert 'class="reason-row"' in html and 'name="reason"' in html
    edit = {**cego_row(table, 7, 20), "version": 1}
    response = staff.post(urls(table)["save"], edit, **JSON)
    assert response.status_code == 400 and "reason" in response.json()["errors"]
    assert Game.objects.get(table=table, number=7).card_points == 47
    ok = staff.post(urls(table)["save"], {**edit, "reason": "Zettel falsch abgeschrieben"}, **JSON)
    assert ok.status_code == 200 and Game.objects.get(table=table, number=7).card_points == 20
    assert AuditLog.objects.get(action="update").reason == "Zettel falsch abgeschrieben"
    assert "Zettel falsch abgeschrieben" in staff.get(urls(table)["sheet"]).content.decode()


# -- delete ----------------------------------------------------------------------------------------------------

def test_delete_removes_the_game_and_writes_the_audit_log(staff, table4):
    staff.post(urls(table4)["save"], cego_row(table4, 1, 45), **JSON)
    assert staff.get(urls(table4)["delete"], {"number": 1}).status_code == 200      # confirmation page
    stale = staff.post(urls(table4)["delete"], {"number": 1, "version": 7}, **JSON)
    assert stale.status_code == 409 and Game.objects.exists()
    response = staff.post(urls(table4)["delete"], {"number": 1, "version": 1}, **JSON)
    assert response.status_code == 200 and response.json()["deleted"] == 1
    assert not Game.objects.exists()
    log = AuditLog.objects.get(action="delete")
    assert log.old["card_points"] == 45 and log.user.username == "director"
    again = staff.post(urls(table4)["delete"], {"number": 1, "version": 1})        # already gone: fine
    assert again.status_code == 302


# -- totals only -----------------------------------------------------------------------------------------------

def test_totals_only_entry_checks_the_zero_sum_and_saves(staff, table4):
    url = urls(table4)["totals"]
    assert staff.get(url).status_code == 200
    bad = staff.post(url, {"seat_0": 120, "seat_1": -40, "seat_2": -40, "seat_3": -30})
    assert bad.status_code == 400 and b"+10" in bad.content and selectors.table_totals(table4) == {}
    good = staff.post(url, {"seat_0": 120, "seat_1": -40, "seat_2": -40, "seat_3": -40})
    assert good.status_code == 302 and selectors.table_totals(table4) == {0: 120, 1: -40, 2: -40, 3: -40}
    html = staff.get(urls(table4)["sheet"]).content.decode()
    assert 'id="sheet"' not in html and "+120" in html          # the sheet shows the totals instead of rows
    assert staff.post(urls(table4)["save"], cego_row(table4, 1, 45), **JSON).status_code == 400


def test_totals_only_entry_is_disabled_when_games_exist(staff, table4):
    staff.post(urls(table4)["save"], cego_row(table4, 1, 45), **JSON)
    page = staff.get(urls(table4)["totals"]).content.decode()
    assert 'id="totals-disabled"' in page and "<fieldset disabled>" in page
    response = staff.post(urls(table4)["totals"], {"seat_0": 0, "seat_1": 0, "seat_2": 0, "seat_3": 0})
    assert response.status_code == 400 and selectors.table_totals(table4) == {}


def test_totals_can_be_deleted_to_key_the_sheet_game_by_game(staff, table4):
    url = urls(table4)["totals"]
    staff.post(url, {"seat_0": 120, "seat_1": -40, "seat_2": -40, "seat_3": -40})
    assert 'id="delete-totals"' in staff.get(url).content.decode()
    Round.objects.filter(pk=table4.round_id).update(status=Round.Status.LOCKED)
    refused = staff.post(url, {"delete": "1"}, follow=True)
    assert selectors.table_totals(table4) != {} and 'class="flash-error"' in refused.content.decode()
    response = staff.post(url, {"delete": "1", "reason": "Spiele einzeln erfassen"})
    assert response.status_code == 302 and selectors.table_totals(table4) == {}
    log = AuditLog.objects.get(object_type="totals", action="delete")
    assert log.old == {"0": 120, "1": -40, "2": -40, "3": -40} and log.reason == "Spiele einzeln erfassen"
    assert set(Entry.objects.filter(seats__table=table4).values_list("total", flat=True)) == {0}
    Round.objects.filter(pk=table4.round_id).update(status=Round.Status.OPEN)
    assert staff.post(urls(table4)["save"], cego_row(table4, 1, 45), **JSON).status_code == 200


# -- fuzz ------------------------------------------------------------------------------------------------------

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=8)
VALUE = st.one_of(
    st.sampled_from(["", "C", "c", "H", "E", "L", "2L", "S", "GSo", "U", "B", "P", "R", "D", "Z", "KM", "+", "-", "−",
                     "j", "0", "1", "2", "3", "4", "5", "9", "40", "79", "80", "-1", "1e3", "99999999999", " 4 "]),
    st.integers(-3, 100).map(str),
    TEXT,
)
FIELDS = ("number", "version", "contract", "declarer", "result", "penalty", "calls", "reason",
          "rp_0", "rp_1", "rp_2", "rp_3", "rt_0", "rt_1", "rt_2", "rt_3")


@hsettings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                    HealthCheck.too_slow])
@given(row=st.fixed_dictionaries({}, optional=dict.fromkeys(FIELDS, VALUE)),
       number=st.one_of(st.integers(1, 24).map(str), VALUE),
       endpoint=st.sampled_from(["preview", "save", "save-json", "save-htmx", "delete", "delete-htmx"]))
def test_random_rows_never_cause_a_server_error(staff, table4, row, number, endpoint):
    name = endpoint.removesuffix("-json").removesuffix("-htmx")
    extra = JSON if endpoint.endswith("-json") or endpoint == "delete" else HX if endpoint != "save" else {}
    response = staff.post(urls(table4)[name], {**row, "number": number}, **extra)
    assert response.status_code < 500
    assert response.status_code in (200, 302, 400, 409)
    for game in Game.objects.filter(table=table4):
        assert sum(game.scores) == 0
