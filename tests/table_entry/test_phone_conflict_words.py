"""A phone's save that meets a game keyed meanwhile (409) names the players: both versions in words with the names
of the seats ("Spieler 3 Anna Beha", "Regelverstoß von 2 Bernd Dold", never a bare "Spieler 3"), each with its
scores seat by seat and who keyed the saved one, so the phone can offer keep / correct / save as the next game
(docs/table-entry.md "A phone that is never behind")."""

import pytest
from django.test import Client

from tests import factories
from tournament.draws import links
from tournament.draws import services as draws
from tournament.models import Game, TableLink

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]


def names_of(table):
    return [s.entry.player.full_name for s in table.seats.select_related("entry__player").order_by("position")]


def post(client, link, path, seat, key, **fields):
    return client.post(f"/t/{link.token}/{path}", {**fields, **factories.phone_fields(seat), "key": key})


def test_a_cego_conflict_names_the_declarer_and_the_rule_breaker_and_scores_both_versions():
    t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    link = links.active_links(round_)[table.pk]
    names = names_of(table)
    client = Client()
    forehand = table.forehand(1)
    saved = post(client, link, "spiel/", 1, "key-conf-0001", number=1, contract="C", declarer=forehand + 1,
                 result=50, version="")
    assert saved.status_code == 200
    # A stale phone keys game 1 differently, with a rule violation of another seat.
    other = (forehand + 1) % 4
    clash = post(client, link, "spiel/", 3, "key-conf-0002", number=1, contract="C", declarer=forehand + 1,
                 result=30, penalty=other + 1, version="")
    assert clash.status_code == 409
    conflict = clash.json()["conflict"]
    yours, stored = conflict["yours"]["summary"], conflict["saved"]["summary"]
    assert f"Spieler {forehand + 1} {names[forehand]}" in yours
    assert f"Spieler {forehand + 1} {names[forehand]}" in stored
    assert f"Regelverstoß von {other + 1} {names[other]}" in yours
    assert "30 Kartenpunkte" in yours and "50 Kartenpunkte" in stored
    assert "\u2192" not in stored                     # the scores come seat by seat, not as a bare row of numbers
    game = Game.objects.get(table=table, number=1)
    assert conflict["saved"]["scores"] == game.scores and conflict["saved"]["keyed_seat"] == 1
    assert len(conflict["yours"]["scores"]) == 4 and sum(conflict["yours"]["scores"]) == 0
    assert conflict["yours"]["scores"] != game.scores
    assert game.card_points == 50                     # nothing resolved silently


def test_an_offiziers_conflict_names_both_players_with_their_points_and_scores():
    t = factories.tournament(players=2, game="offiziers")
    table = draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    link = TableLink.objects.get(table=table, revoked_at__isnull=True)
    first, second = names_of(table)
    client = Client()
    assert post(client, link, "spiel/", 1, "key-off-0001", number=1, card_points=30).status_code == 200
    clash = post(client, link, "spiel/", 2, "key-off-0002", number=1, card_points=50, penalty=0)
    assert clash.status_code == 409
    conflict = clash.json()["conflict"]
    assert conflict["saved"]["summary"] == f"{first} 30 \u2192 \u221210 \u00b7 {second} 49 \u2192 +10"
    assert conflict["yours"]["summary"].startswith(f"{first} 50 \u2192 ")
    assert f"{second} 29" in conflict["yours"]["summary"]
    assert f"(Regelverstoß von {first})" in conflict["yours"]["summary"]
    assert conflict["saved"]["keyed_seat"] == 1 and conflict["yours"]["scores"] is not None
    assert Game.objects.get(table=table).card_points == 30
