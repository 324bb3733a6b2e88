"""Entry at the table for Offiziers-Cego and Ziege (docs/table-entry.md "Offiziers-Cego and Ziege"): the table link
opens the game's own page, a phone keys a game through the same result services as the office, another seat
confirms it, disputes flag the table, a resent write is stored once, the table signs off, and the office's log
names the phone in words."""

import datetime

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournament.audit.words import describe_all
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.models import AuditLog, Game, Round, Season, Signature, TableFlag, TableLink, Tournament, ZiegeGame
from tournament.registration import ziege as ziege_registration
from tournament.results import services as results
from tournament.results import ziege as ziege_results
from tournament.table_entry import selectors, services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_rate_counters")]


def link_of(table):
    return TableLink.objects.get(table=table, revoked_at__isnull=True)


def post(client, link, path, seat, key, **fields):
    return client.post(f"/t/{link.token}/{path}", {**fields, **factories.phone_fields(seat), "key": key})


@pytest.fixture
def offiziers_table():
    t = factories.tournament(players=4, game="offiziers")
    table = draws.draw_round(tournament=t, number=1, user=factories.user()).tables.first()
    return t, table, link_of(table)


@pytest.fixture
def ziege_table():
    season = Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name="Ziegenabend", date=datetime.date(2026, 3, 7),
                                  game=Tournament.Game.ZIEGE, round_count=2, seed="test-seed")
    for i in range(2):
        ziege_registration.register_pair(tournament=t, user=factories.user(),
                                         first={"first_name": "Anna", "last_name": f"Maier{i}"},
                                         second={"first_name": "Bernd", "last_name": f"Huber{i}"})
    table = ziege_draws.draw_round(tournament=t, number=1, user=factories.user()).tables.get()
    return t, table, link_of(table)


# --- Offiziers-Cego ------------------------------------------------------------------------------------------------


def test_an_offiziers_link_opens_the_two_player_page_with_both_names(client, offiziers_table):
    t, table, link = offiziers_table
    page = client.get(f"/t/{link.token}/")
    html = page.content.decode()
    assert page.status_code == 200 and 'data-game="offiziers"' in html and 'id="counted-by"' in html
    names = [s.entry.player.full_name for s in table.seats.order_by("position")]
    assert all(name in html for name in names)
    sheet = client.get(f"/t/{link.token}/blatt/").json()["sheet"]
    assert (sheet["game"], sheet["size"], sheet["pack"], sheet["next"]) == ("offiziers", 2, 79, 1)
    assert [s["name"] for s in sheet["seats"]] == names


def test_an_offiziers_game_is_keyed_previewed_confirmed_and_stored_once(client, offiziers_table):
    t, table, link = offiziers_table
    preview = post(client, link, "vorschau/", 1, "", number=1, card_points=30).json()
    assert preview["ok"] and preview["scores"] == [-10, 10]          # 30 : 49, Fach 2 × 5 for seat 2
    saved = post(client, link, "spiel/", 1, "key-off-0001", number=1, card_points=30)
    again = post(client, link, "spiel/", 1, "key-off-0001", number=1, card_points=30)
    assert saved.status_code == 200 and again.json()["repeated"] is True
    game = Game.objects.get(table=table)
    assert (game.card_points, game.scores, game.keyed_seat, game.confirmed) == (30, [-10, 10], 0, False)
    row = saved.json()["sheet"]["rows"][0]
    assert row["points"] == [30, 49] and row["game"]["confirmed"] is False and row["game"]["keyed_seat"] == 1
    own = post(client, link, "bestaetigen/", 1, "key-off-0002", number=1, version=1)
    assert own.status_code == 400 and not Game.objects.get(pk=game.pk).confirmed
    other = post(client, link, "bestaetigen/", 2, "key-off-0003", number=1, version=1)
    assert other.status_code == 200 and other.json()["sheet"]["rows"][0]["game"]["confirmed"] is True
    assert Game.objects.get(pk=game.pk).confirmed_seat == 1


def test_an_offiziers_correction_from_the_phone_needs_a_new_confirmation_and_a_clash_is_a_409(client,
                                                                                                offiziers_table):
    t, table, link = offiziers_table
    post(client, link, "spiel/", 1, "key-off-0001", number=1, card_points=30)
    post(client, link, "bestaetigen/", 2, "key-off-0002", number=1, version=1)
    clash = post(client, link, "spiel/", 2, "key-off-0003", number=1, card_points=50)
    assert clash.status_code == 409 and clash.json()["conflict"]["saved"]["card_points"] == 30
    fixed = post(client, link, "spiel/", 2, "key-off-0004", number=1, card_points=50, version=1)
    assert fixed.status_code == 200 and fixed.json()["version"] == 2
    game = Game.objects.get(table=table)
    assert (game.card_points, game.scores, game.confirmed) == (50, [20, -20], False)      # 50 : 29, Fach 4


def test_an_offiziers_win_loss_evening_writes_one_point(client):
    t = factories.tournament(players=2, game="offiziers", win_loss=True)
    table = draws.draw_round(tournament=t, number=1, user=factories.user()).tables.first()
    link = link_of(table)
    assert client.get(f"/t/{link.token}/blatt/").json()["sheet"]["win_loss"] is True
    saved = post(client, link, "spiel/", 2, "key-off-0001", number=1, card_points=60)
    assert saved.status_code == 200 and Game.objects.get().scores == [1, -1]


def test_an_offiziers_table_disputes_calls_and_signs_off(client, offiziers_table):
    t, table, link = offiziers_table
    director = factories.user()
    post(client, link, "spiel/", 1, "key-off-0001", number=1, card_points=30)
    disputed = post(client, link, "einspruch/", 2, "key-off-0002", number=1, note="<b>falsch</b>")
    assert disputed.status_code == 200 and disputed.json()["sheet"]["rows"][0]["game"]["disputed"] is True
    assert TableFlag.objects.get(table=table).note == "<b>falsch</b>"
    assert post(client, link, "rufen/", 2, "key-off-0003").status_code == 200
    for number in range(2, table.games_planned + 1):          # the rest from the paper sheet, in the office
        results.record_game(table=table, number=number, data={"card_points": 40 + number % 3}, user=director)
    state = client.get(f"/t/{link.token}/blatt/").json()["sheet"]["state"]
    refused = post(client, link, "unterschreiben/", 1, "key-off-0004", state=state)
    assert refused.status_code == 400 and not Signature.objects.exists()        # game 1 is disputed
    for flag in TableFlag.objects.all():
        services.resolve_flag(flag=flag, user=director)
    post(client, link, "bestaetigen/", 2, "key-off-0005", number=1, version=1)
    for seat in (1, 2):
        assert post(client, link, "unterschreiben/", seat, f"key-off-sign{seat}", state=state).status_code == 200
    sheet = client.get(f"/t/{link.token}/blatt/").json()["sheet"]
    assert sheet["signed"] == [1, 2] and sheet["complete"] is True


def test_the_office_log_names_the_phone_of_an_offiziers_game(client, offiziers_table):
    t, table, link = offiziers_table
    post(client, link, "spiel/", 2, "key-off-0001", number=1, card_points=44)
    with translation.override("en"):
        row = describe_all(list(AuditLog.objects.filter(object_type="game", action="create")))[0]
        who = row.user
    name = table.seats.get(position=1).entry.player.full_name
    assert who.startswith(f"Table {table.number}, seat 2") and name in who and "phone2" in who


# --- Ziege ---------------------------------------------------------------------------------------------------------


def test_a_ziege_draw_gives_every_table_a_link_and_the_link_opens_the_ziege_page(client, ziege_table):
    t, table, link = ziege_table
    page = client.get(f"/t/{link.token}/")
    html = page.content.decode()
    assert page.status_code == 200 and 'data-game="ziege"' in html and 'id="series"' in html
    sheet = client.get(f"/t/{link.token}/blatt/").json()["sheet"]
    assert (sheet["game"], sheet["next"], sheet["current"], sheet["series_won"], sheet["target"]) == (
        "ziege", 1, [0, 0], [0, 0], 12)
    assert [s["team"] for s in sheet["seats"]] == ["A", "B", "A", "B"]


def test_a_ziege_game_is_previewed_keyed_by_one_team_and_confirmed_by_the_other(client, ziege_table):
    t, table, link = ziege_table
    preview = post(client, link, "vorschau/", 1, "", number=1, points_a=25, trick_a="1", trick_b="1").json()
    assert preview["ok"] and preview["defeat_points"] == [4, 0]       # under 31 with a trick: 4
    saved = post(client, link, "spiel/", 1, "key-zie-0001", number=1, points_a=25, trick_a="1", trick_b="1")
    again = post(client, link, "spiel/", 1, "key-zie-0001", number=1, points_a=25, trick_a="1", trick_b="1")
    assert saved.status_code == 200 and again.json()["repeated"] is True and ZiegeGame.objects.count() == 1
    sheet = saved.json()["sheet"]
    assert sheet["current"] == [4, 0] and sheet["rows"][0]["confirmed"] is False
    game = ZiegeGame.objects.get()
    assert (game.points_a, game.trick_a, game.trick_b, game.keyed_seat) == (25, True, True, 0)
    own = post(client, link, "bestaetigen/", 3, "key-zie-0002", number=1, version=game.pk)
    assert own.status_code == 200                     # seat 3 is team A's other player: another seat confirms
    assert ZiegeGame.objects.get().confirmed_seat == 2
    assert post(client, link, "bestaetigen/", 1, "key-zie-0003", number=1, version=game.pk + 99).status_code == 409


def test_a_ziege_phone_cannot_confirm_its_own_game_and_a_clash_is_a_409(client, ziege_table):
    t, table, link = ziege_table
    post(client, link, "spiel/", 2, "key-zie-0001", number=1, points_a=70, trick_a="1", trick_b="1")
    game = ZiegeGame.objects.get()
    assert post(client, link, "bestaetigen/", 2, "key-zie-0002", number=1, version=game.pk).status_code == 400
    clash = post(client, link, "spiel/", 1, "key-zie-0003", number=1, points_a=80, trick_a="1", trick_b="1")
    assert clash.status_code == 409 and clash.json()["conflict"]["saved"]["points_a"] == 70
    same = post(client, link, "spiel/", 1, "key-zie-0004", number=1, points_a=70, trick_a="1", trick_b="1")
    assert same.status_code == 200 and ZiegeGame.objects.count() == 1      # keyed identically twice: once
    skipped = post(client, link, "spiel/", 1, "key-zie-0005", number=5, points_a=70, trick_a="1", trick_b="1")
    assert skipped.status_code == 409 and ZiegeGame.objects.count() == 1
    bad = post(client, link, "spiel/", 1, "key-zie-0006", number=2, points_a=121, trick_a="1", trick_b="1")
    assert bad.status_code == 400 and "points_a" in bad.json()["errors"]


def test_a_ziege_series_shows_live_and_ends_at_twelve(client, ziege_table):
    t, table, link = ziege_table
    for number in (1, 2):            # team B without a trick twice: 6 + 6 = 12, series to A
        answer = post(client, link, "spiel/", 1, f"key-zie-000{number}", number=number, points_a=120,
                      trick_a="1", trick_b="0")
    sheet = answer.json()["sheet"]
    assert sheet["series_won"] == [1, 0] and sheet["current"] == [0, 0]
    assert sheet["rows"][1]["ended"] is True and sheet["rows"][1]["winner"] == "A" and sheet["next"] == 3


def test_a_ziege_table_disputes_and_signs_off_the_series(client, ziege_table):
    t, table, link = ziege_table
    post(client, link, "spiel/", 1, "key-zie-0001", number=1, points_a=90, trick_a="1", trick_b="1")
    game = ZiegeGame.objects.get()
    assert post(client, link, "einspruch/", 2, "key-zie-0002", number=1, note="falsch").status_code == 200
    assert TableFlag.objects.get(table=table).game_number == 1
    state = client.get(f"/t/{link.token}/blatt/").json()["sheet"]["state"]
    assert post(client, link, "unterschreiben/", 2, "key-zie-0003", state=state).status_code == 400
    services.resolve_flag(flag=TableFlag.objects.get(), user=factories.user())
    post(client, link, "bestaetigen/", 2, "key-zie-0004", number=1, version=game.pk)
    for seat in (1, 2, 3, 4):
        assert post(client, link, "unterschreiben/", seat, f"key-zie-sign{seat}", state=state).status_code == 200
    assert client.get(f"/t/{link.token}/blatt/").json()["sheet"]["signed"] == [1, 2, 3, 4]
    # A game added in the office afterwards makes the sign-offs stale.
    ziege_results.record_game(table=table, user=factories.user(), points_a=61, trick_a=True, trick_b=True)
    assert client.get(f"/t/{link.token}/blatt/").json()["sheet"]["signed"] == []


def test_a_locked_ziege_round_takes_no_phone_writes(client, ziege_table):
    t, table, link = ziege_table
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.LOCKED)
    refused = post(client, link, "spiel/", 1, "key-zie-0001", number=1, points_a=90, trick_a="1", trick_b="1")
    assert refused.status_code == 403 and not ZiegeGame.objects.exists()


def test_the_ziege_round_page_hands_out_every_tables_link_with_its_qr_code(client, ziege_table):
    t, table, link = ziege_table
    client.force_login(factories.user())
    page = client.get(reverse("director:round", args=[t.pk, 1])).content.decode()
    assert 'id="table-links"' in page and f"/t/{link.token}/" in page and "<svg" in page
    reissued = client.post(reverse("director:link_reissue", args=[t.pk, 1, table.number]))
    assert reissued.status_code == 302 and client.get(f"/t/{link.token}/").status_code == 404


def test_the_hall_view_shows_a_ziege_tables_call_games_and_sign_offs(client, ziege_table):
    t, table, link = ziege_table
    post(client, link, "spiel/", 1, "key-zie-0001", number=1, points_a=90, trick_a="1", trick_b="1")
    post(client, link, "rufen/", 2, "key-zie-0002", note="<script>x</script>")
    tile = selectors.hall(table.round)[0]
    assert (tile["entered"], tile["unconfirmed"], tile["at_table"], tile["planned"]) == (1, 1, 1, None)
    assert tile["calls"] and tile["attention"] == 5 and not tile["complete"]
    client.force_login(factories.user())
    html = client.get(reverse("director:hall", args=[t.pk, 1])).content.decode()
    assert 'id="tile-1"' in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert reverse("director:ziege_table", args=[t.pk, 1, 1]) in html
    services.resolve_flag(flag=TableFlag.objects.get(), user=factories.user())
    post(client, link, "bestaetigen/", 2, "key-zie-0003", number=1, version=ZiegeGame.objects.get().pk)
    for _ in range(2):                   # team A wins the series: 2 + 6 + 6 defeat points for team B
        ziege_results.record_game(table=table, user=factories.user(), points_a=120, trick_a=True, trick_b=False)
    state = client.get(f"/t/{link.token}/blatt/").json()["sheet"]["state"]
    for seat in (1, 2, 3, 4):
        post(client, link, "unterschreiben/", seat, f"key-zie-sign{seat}", state=state)
    tile = selectors.hall(table.round)[0]
    assert tile["complete"] and tile["fully_signed"] and tile["attention"] == 0


def test_the_hall_decides_a_ziege_tables_complete_as_the_round_page_does(client, ziege_table):
    """One "is this table complete" per game (results.selectors.round_progress): a sign-off of an unfinished
    series does not make a Ziege table complete, a finished series does without a sign-off."""
    from tournament.results.selectors import round_progress

    t, table, link = ziege_table

    def both():
        return selectors.hall(table.round)[0]["complete"], round_progress(table.round)[0]["complete"]

    ziege_results.record_game(table=table, user=factories.user(), points_a=90, trick_a=True, trick_b=True)
    state = client.get(f"/t/{link.token}/blatt/").json()["sheet"]["state"]
    assert post(client, link, "unterschreiben/", 1, "key-zie-sign1", state=state).status_code == 200
    assert both() == (False, False)                  # signed, but no series finished yet
    for _ in range(2):
        ziege_results.record_game(table=table, user=factories.user(), points_a=120, trick_a=True, trick_b=False)
    assert both() == (True, True)                    # a team reached 12, nobody signed this sheet
    assert selectors.hall(table.round)[0]["signed"] == 0


def test_a_ziege_table_cannot_sign_before_a_game_or_for_a_sheet_it_did_not_see(client, ziege_table):
    t, table, link = ziege_table
    empty = client.get(f"/t/{link.token}/blatt/").json()["sheet"]["state"]
    assert post(client, link, "unterschreiben/", 1, "key-zie-0001", state=empty).status_code == 400
    ziege_results.record_game(table=table, user=factories.user(), points_a=70, trick_a=True, trick_b=True)
    assert post(client, link, "unterschreiben/", 1, "key-zie-0002", state=empty).status_code == 409
    assert not Signature.objects.exists()
