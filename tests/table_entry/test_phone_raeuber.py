"""Every contract keyable at the table (issue 22, docs/table-entry.md "The keypad and the ruleset"): the contract
buttons carry what the keypad offers under the tournament's ruleset (Räuber tricks per seat only where the ruleset
pays on tricks, a goal game's tricks, "more" with penalty and calls only where they exist), and a phone's preview
and save of a Räuber with tricks score the Jungfrau and the all-tricks amounts."""

import json
import re

import pytest
from django.test import Client

from scoring import score_game
from tests import factories
from tournament.draws import links
from tournament.models import Game
from tournament.results import engine
from tournament.table_entry import selectors

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]


def linked(ruleset, **kwargs):
    t, round_ = factories.drawn(players=8, ruleset=ruleset, **kwargs)
    table = round_.tables.order_by("number").first()
    return t, table, links.active_links(round_)[table.pk]


def raeuber_row(points, tricks=None, announcer=3, **more):
    row = {"number": 1, "contract": "R", "declarer": announcer, "result": "", **more}
    for seat, value in enumerate(points):
        row[f"rp_{seat}"] = value
    for seat, value in enumerate(tricks or ()):
        row[f"rt_{seat}"] = value
    return row


def preview(link, **row):
    return Client().post(f"/t/{link.token}/vorschau/", {**factories.phone_fields(1), **row}).json()


def save(link, key, **row):
    return Client().post(f"/t/{link.token}/spiel/", {**factories.phone_fields(1), "key": key, "version": "", **row})


def buttons(tournament):
    return {b["key"]: b for b in selectors.contract_buttons(tournament)}


def test_raeuber_tricks_are_offered_only_where_the_ruleset_pays_on_them():
    unadingen, _table, _link = linked("unadingen")
    assert buttons(unadingen)["raeuber"]["tricks"] == 11
    traditionell, _table, _link = linked("traditionell")
    assert buttons(traditionell)["raeuber"]["tricks"] == 11
    schwarzwald, _table, _link = linked("schwarzwald")
    assert "tricks" not in buttons(schwarzwald)["raeuber"]


def test_goal_games_offer_the_declarers_tricks_where_they_decide():
    t, _table, _link = linked("unadingen")
    by_key = buttons(t)
    assert (by_key["piccolo"]["tricks"], by_key["piccolo"]["trick_goal"]) == (11, 1)
    assert (by_key["bettel"]["trick_goal"], by_key["zwiccolo"]["trick_goal"]) == (0, 2)
    assert "tricks" not in by_key["ultimo"] and "tricks" not in by_key["cego"]
    regional, _table, _link = linked("regional")
    by_key = buttons(regional)
    assert by_key["solo_durch"]["trick_goal"] == 11        # a Durch: every trick
    assert "tricks" not in by_key["pascha"]                 # three tricks alone don't say which trumps took them


def test_more_offers_only_what_the_ruleset_has():
    plain, _table, _link = linked("schwarzwald")
    by_key = buttons(plain)
    assert by_key["cego"]["more"] == ["penalty"] and "max_calls" not in by_key["cego"]
    assert by_key["raeuber"]["more"] == ["penalty"]
    calls, _table, _link = linked("schwarzwald", options={"calls": True, "max_calls": 3})
    by_key = buttons(calls)
    assert by_key["cego"]["more"] == ["penalty", "calls"] and by_key["cego"]["max_calls"] == 3
    assert by_key["piccolo"]["more"] == ["penalty", "calls"]
    assert by_key["raeuber"]["more"] == ["penalty"]          # the engine takes no calls on a Räuber
    regional, _table, _link = linked("regional")
    assert buttons(regional)["schinden"]["more"] == []       # the seat chosen is the loser already


def test_the_page_gives_the_keypad_what_it_offers():
    _t, _table, link = linked("unadingen")
    page = Client().get(f"/t/{link.token}/").content.decode()
    data = {b["key"]: b for b in json.loads(re.search(r'id="contracts-data"[^>]*>(.*?)</script>', page, re.S).group(1))}
    assert data["raeuber"]["tricks"] == 11 and data["raeuber"]["more"] == ["penalty"]
    assert 'data-k="raeuber_tricks"' in page and 'data-k="more_penalty"' in page


def test_the_preview_of_a_raeuber_with_tricks_pays_jungfrau_and_surcharges():
    _t, _table, link = linked("unadingen")
    # seat 3 announced and has the most (45): 30 + 30 announcer + 30 Jungfrau (seat 4) + 30 over 40 = 120 each
    given = preview(link, **raeuber_row([9, 21, 45, 0], [2, 3, 6, 0]))
    assert given["ok"] and given["scores"] == [120, 120, -360, 120]
    assert "Jungfrau" in given["explanation"]
    inferred = preview(link, **raeuber_row([9, 21, 45, 0]))
    assert inferred["ok"] and inferred["scores"] == given["scores"]


def test_the_preview_of_all_tricks_pays_the_taker():
    _t, _table, link = linked("unadingen")
    result = preview(link, **raeuber_row([0, 0, 60, 0], [0, 0, 11, 0]))
    assert result["ok"] and result["scores"] == [-120, -120, 360, -120]
    inferred = preview(link, **raeuber_row([0, 0, 60, 0]))         # nobody else has a point: nobody else a trick
    assert inferred["ok"] and inferred["scores"] == [-120, -120, 360, -120]


def test_a_phone_saves_the_tricks_and_the_amounts_the_engine_gives():
    _t, table, link = linked("unadingen")
    assert save(link, "key-raeuber-01", **raeuber_row([9, 21, 45, 0], [2, 3, 6, 0])).status_code == 200
    assert save(link, "key-raeuber-02", **raeuber_row([0, 0, 60, 0], [0, 0, 11, 0], number=2)).status_code == 200
    assert save(link, "key-raeuber-03", **raeuber_row([30, 0, 20, 0], number=3)).status_code == 200
    games = {g.number: g for g in Game.objects.filter(table=table)}
    assert games[1].raeuber_tricks == [2, 3, 6, 0] and games[1].scores == [120, 120, -360, 120]
    assert games[2].raeuber_tricks == [0, 0, 11, 0] and games[2].scores == [-120, -120, 360, -120]
    # no tricks keyed: seats 2 and 4 have 0 points, two Jungfrauen: 30 + 2 × 30 = 90 from seat 1
    assert games[3].raeuber_tricks is None and games[3].scores == [-270, 90, 90, 90]
    for number, game in games.items():
        data = engine.stored_fields({f: getattr(game, f) for f in engine.GAME_FIELDS})
        assert game.scores == score_game(engine.engine_game(table, number, data))["scores"]


def test_tricks_wrong_missing_or_needed_are_refused_at_their_seat():
    _t, table, link = linked("unadingen")
    result = preview(link, **raeuber_row([9, 21, 45, 4], [2, 3, 6, 0]))
    assert not result["ok"] and "rt_0" in result["errors"]
    assert "4 Kartenpunkte, aber keinen Stich" in result["errors"]["rt_0"][0]
    partial = preview(link, **raeuber_row([9, 21, 45, 0], [2, "", "", ""]))
    assert not partial["ok"] and {"rt_1", "rt_2", "rt_3"} <= set(partial["errors"])
    # a rule violation keyed without card points: the Jungfrau can't be known, so the game is refused
    row = raeuber_row(["", "", "", ""], penalty=2)
    result = preview(link, **row)
    assert not result["ok"] and "Jungfrau" in result["errors"]["rt_0"][0]
    response = save(link, "key-raeuber-03", **row)
    assert response.status_code == 400 and "Jungfrau" in response.json()["errors"]["rt_0"][0]
    assert not Game.objects.filter(table=table).exists()
    with_tricks = preview(link, **raeuber_row(["", "", "", ""], [2, 3, 6, 0], penalty=2))
    assert with_tricks["ok"] and with_tricks["scores"] == [60, -180, 60, 60]      # 30 + 30 Jungfrau, seat 2 pays


def test_a_goal_game_keyed_by_tricks_is_stored_with_them():
    t, table, link = linked("schwarzwald")
    assert buttons(t)["piccolo"]["trick_goal"] == 1
    assert save(link, "key-goal-00001", number=1, contract="P", declarer=2, result="2").status_code == 200
    game = Game.objects.get(table=table, number=1)
    assert (game.tricks, game.won, game.achieved) == (2, False, None)
    assert game.scores == [40, -120, 40, 40]
