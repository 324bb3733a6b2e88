"""The audit log in words everywhere (issue 13, point 3): every kind of audited action is performed through the
services, then read back as a director reads it — the tournament's and the season's audit page (German and
English), a score sheet's change log and the workbook's "Protokoll" sheet — and no line shows an internal: no raw
key, no Python or JSON form, no 0-based seat; status words, field names, game numbers, seats with names and the
draw's figures as a sentence are there.

German is asserted only for strings that have a German translation already; new strings are asserted in English
(``translation.override("en")``), numbers and structure in both.
"""

import datetime
import io
import re
from decimal import Decimal
from html.parser import HTMLParser

import openpyxl
import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories, once
from tournament.audit import words
from tournament.draws import links
from tournament.draws import services as draws
from tournament.exports.registry import get
from tournament.models import AuditLog, Entry, Player, Round, SeatHold, TableFlag
from tournament.money import services as money
from tournament.prizes import selectors as prize_selectors
from tournament.prizes import services as prizes
from tournament.registration import importer, merge, prereg
from tournament.registration import services as registration
from tournament.results import early_end
from tournament.results import services as results
from tournament.seasons import services as seasons
from tournament.staff import services as staff
from tournament.standings import selectors as standings_queries
from tournament.table_entry import holds
from tournament.table_entry import selectors as table_selectors
from tournament.table_entry import services as table_entry

pytestmark = pytest.mark.django_db

Kind, Action = AuditLog.Kind, AuditLog.Action
NAMES = [("Anna", "Beha"), ("Bernd", "Dold"), ("Clara", "Faller"), ("Dieter", "Kern"), ("Eva", "Vogt"),
         ("Franz", "Ebner"), ("Gisela", "Gut"), ("Hans", "Hog"), ("Irma", "Jäger")]
# What must never be read: raw keys, Python/JSON forms, 0-based seats.
UNDERSCORE_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")
REPR = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b")
SEAT_ZERO = re.compile(r"\b(Sitz|Seat|seat|Spieler|declarer|angesagt von|announced by|Regelverstoß von|"
                       r"rule violation by|letzter Stich|last trick) 0\b")


def every_action():
    """A season with a tournament in which every kind of audited write happened once at least."""
    director = factories.user()
    season = seasons.create_season(user=director, name="Saison 2026", year=2026)
    seasons.update_season(season=season, user=director, best_n=3)
    t = seasons.create_tournament(season=season, user=director, name="Cego-Turnier Löffingen",
                                  date=datetime.date(2026, 1, 17), ruleset="schwarzwald", round_count=2,
                                  seed="test-seed")
    seasons.update_tournament(tournament=t, user=director, published=True, tiebreaks="best_round,lots",
                              prereg_open=True)
    for first, last in NAMES:
        registration.register(tournament=t, user=director, player_data={"first_name": first, "last_name": last,
                                                                         "town": "Hüfingen"})
    # Registrations: paid, withdrawn and back, present, everyone present and undone, a correction, a removal.
    anna = t.entries.get(start_number=1)
    registration.toggle(entry=anna, field="paid", user=director)
    registration.toggle(entry=anna, field="withdrawn", user=director)
    registration.toggle(entry=anna, field="withdrawn", user=director)
    registration.check_in(tournament=t, user=director, start_number=2)
    bulk = registration.check_in_all(tournament=t, user=director)
    registration.undo_check_in_all(tournament=t, user=director, log_id=bulk.pk)
    registration.check_in_all(tournament=t, user=director)
    registration.update(entry=t.entries.get(start_number=3), user=director, data={},
                        player_data={"town": "Bräunlingen"}, new_team="Hüfinger Buben")
    extra = registration.register(tournament=t, user=director, player_data={"first_name": "Xaver",
                                                                             "last_name": "Zimmermann"})
    registration.remove(entry=extra, user=director)
    # Money (docs/money.md): a fee, reductions, a fee set by hand, paid, refunded, other income, the season fund.
    money.set_fee(tournament=t, user=director, fee=Decimal("8"))
    youth = money.save_reduction(tournament=t, user=director, name="Jugend", amount=Decimal("3"), category="youth")
    money.delete_reduction(reduction=money.save_reduction(tournament=t, user=director, name="Gäste", free=True,
                                                          category="guests"), user=director)
    money.set_charge(entry=t.entries.get(start_number=4), user=director, reduction=youth)
    money.set_charge(entry=t.entries.get(start_number=5), user=director, override=Decimal("5"), reason="Helfer")
    money.pay(entry=t.entries.get(start_number=4), user=director, method="transfer",
              paid_on=datetime.date(2026, 1, 10))
    money.refund(entry=t.entries.get(start_number=4), user=director, amount=Decimal("2"), reason="zu viel")
    money.remove_cash_item(item=money.add_cash_item(tournament=t, user=director, kind="income", text="Tombola",
                                                    amount=Decimal("40")), user=director)
    money.set_fund(season=season, user=director, rule="per_entry", amount=Decimal("1"))
    money.add_fund_payout(season=season, user=director, text="Saisonsieger", amount=Decimal("100"))
    # An imported list, pre-registrations confirmed and declined.
    importer.import_registrations(
        tournament=t, filename="liste.csv", user=director,
        data=factories.registration_csv([["Vorname", "Nachname", "Ort"], ["Jürgen", "Weiss", "Triberg"]]))
    t.entries.filter(player__last_name="Weiss").update(checked_in=False)
    wish = prereg.submit(tournament=t, first_name="Rosa", last_name="Wehrle", town="Titisee")
    prereg.confirm(prereg=wish, user=director)
    t.entries.filter(player__last_name="Wehrle").update(checked_in=False)
    prereg.decline(prereg=prereg.submit(tournament=t, first_name="Otto", last_name="Obrecht", town="Elzach"),
                   user=director)
    # Staff and categories.
    helper = staff.appoint(kind="helper", username="helfer", password="Lang-genug-42", user=director, tournament=t)
    staff.remove(role=helper, user=director)
    staff.appoint(kind="organiser", username="saison", password="Lang-genug-42", user=director, season=season)
    category = seasons.create_category(season=season, user=director, name="Senioren")
    seasons.rename_category(category=category, user=director, name="Senioren 60+")
    seasons.add_player(category=category, player=anna.player, user=director)
    seasons.remove_player(category=category, player=anna.player, user=director)
    seasons.delete_category(category=seasons.create_category(season=season, user=director, name="Damen"),
                            user=director)
    # The draw: drawn, deleted, drawn again (9 present: a table of 5 and one of 4).
    first = draws.draw_round(tournament=t, number=1, user=director)
    draws.delete_draw(round_=first, user=director, reason="falsche Anwesenheit")
    round_ = draws.draw_round(tournament=t, number=1, user=director)
    five, four = (round_.tables.get(size=5), round_.tables.get(size=4))
    # The office's score sheet: a game entered, corrected and deleted; totals entered, corrected, deleted, again.
    game = results.record_game(table=five, number=1, user=director,
                               data={"contract": "cego", "declarer": five.forehand(1), "card_points": 60})
    game = results.record_game(table=five, number=1, user=director, expected_version=game.version,
                               reason="verzählt",
                               data={"contract": "cego", "declarer": five.forehand(1), "card_points": 40})
    results.record_game(table=five, number=2, user=director,
                        data={"contract": "solo", "declarer": five.forehand(2), "card_points": 70})
    results.delete_game(game=five.games.get(number=2), user=director, reason="doppelt")
    results.record_totals(table=four, totals={0: 30, 1: -10, 2: -10, 3: -10}, user=director)
    results.record_totals(table=four, totals={0: 40, 1: -20, 2: -10, 3: -10}, user=director, reason="Tippfehler")
    results.delete_totals(table=four, user=director, reason="neu")
    results.record_totals(table=four, totals={0: 40, 1: -20, 2: -10, 3: -10}, user=director)
    # At the table: keyed, confirmed, disputed and resolved; a call and its answer; a sign-off; a new link.
    link = links.active_links(round_)[five.pk]
    seat = [factories.table_phone(link, p, f"phone{p}") for p in range(5)]
    table_entry.key_game(access=seat[1], number=3, data={"contract": "cego", "declarer": five.forehand(3),
                                                         "card_points": 50})
    table_entry.confirm_game(access=seat[2], number=3, version=1)
    table_entry.dispute_game(access=seat[3], number=1, note="Stich vergessen")
    table_entry.resolve_flag(flag=TableFlag.objects.get(kind=TableFlag.Kind.DISPUTE), user=director, note="passt")
    table_entry.call_director(access=seat[4], note="Karten fehlen")
    table_entry.resolve_flag(flag=TableFlag.objects.get(kind=TableFlag.Kind.CALL), user=director)
    table_entry.release_seat(access=seat[4])                           # a phone switches seat
    holds.free_seat(hold=SeatHold.objects.get(table=five, position=1), user=director)     # a broken phone
    four_link = links.active_links(round_)[four.pk]
    table_entry.sign_table(access=factories.table_phone(four_link, 0, "phoneA"),
                           state=table_selectors.sheet_state(four))
    links.reissue_link(table=four, user=director)
    # The round: a clock, an early end and its undoing, adjustments, the status, the lock.
    table_entry.set_clock(round_=round_, minutes=90, user=director)
    table_entry.set_clock(round_=round_, minutes=0, user=director)
    early_end.end_table_early(table=five, user=director, reason="Spieler krank", counted=True)
    early_end.resume_table(table=five, user=director, reason="wieder da")
    early_end.end_table_early(table=five, user=director, reason="Zug fährt", counted=True)
    bonus = results.add_adjustment(entry=anna, points=20, reason="Bonus", user=director)
    results.delete_adjustment(adjustment=bonus, user=director, reason="Irrtum")
    results.add_adjustment(entry=anna, points=-20, reason="Verspätung", user=director)
    results.set_round_status(round_=round_, status=Round.Status.COMPLETE, user=director, reason="fertig")
    table_entry.lock_round(round_=Round.objects.get(pk=round_.pk), user=director, reason="Tisch 1 unterschreibt nicht")
    seasons.update_tournament(tournament=t, user=director, status="finished")
    # The prizes (issue 26): the plan changed, prizes added and one removed, kept as the season's template; the
    # prize giving: a prize handed over, one not present, and the undo of the last step.
    prizes.save_plan(tournament=t, user=director, accept_over=True, rule="half", ties="lot", scale_from=40)
    prizes.add_prize(tournament=t, user=director, accept_over=True, kind="place", place=1, money=Decimal("25.50"))
    prizes.add_prize(tournament=t, user=director, accept_over=True, kind="table", goods="Kirschwasser",
                     goods_value=Decimal(12), quantity=3)
    prizes.remove_prize(prize=prizes.add_prize(tournament=t, user=director, accept_over=True, kind="lady",
                                               goods="Blumen"), user=director)
    prizes.save_as_template(tournament=t, user=director)
    winners = prize_selectors.queue(t, standings_queries.tournament_standings(t))[0]
    prizes.record(tournament=t, entry=Entry.objects.get(pk=winners[0].row.key), state="handed", user=director)
    prizes.record(tournament=t, entry=Entry.objects.get(pk=winners[1].row.key), state="absent", user=director)
    prizes.undo_last(tournament=t, user=director)
    # Two records of one player merged (the entry moves: a row in the tournament, the merge in the season).
    twin = Player.objects.create(first_name="Anna", last_name="Beha", town="Huefingen")
    other_t = factories.tournament(players=0, season=season, name="Zweites Turnier")
    Entry.objects.create(tournament=other_t, player=twin, start_number=1)
    merge.merge_players(season=season, keep=anna.player, other=twin, user=director)
    return t, season, five, four


class Cells(HTMLParser):
    """The text of the cells of the audit table (``table.audit`` or ``table.audit-table``), row by row."""

    def __init__(self):
        super().__init__()
        self.rows, self.depth, self.cell = [], 0, None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and ("audit" in classes or "audit-table" in classes):
            self.depth = 1
        elif self.depth and tag == "tr":
            self.rows.append([])
        elif self.depth and tag == "td":
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.depth = 0
        elif self.depth and tag == "td" and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def page_rows(client, url, lang):
    rows, page = [], 1
    while True:
        response = client.get(url, {"page": page}, HTTP_ACCEPT_LANGUAGE=lang)
        parser = Cells()
        parser.feed(response.content.decode())
        rows += [r for r in parser.rows if r]
        if not response.context or not response.context.get("page") or not response.context["page"].has_next():
            return rows
        page += 1


def assert_clean(lines):
    for line in lines:
        assert not UNDERSCORE_KEY.search(line), line
        assert not REPR.search(line), line
        assert not SEAT_ZERO.search(line), line


world = once.per_module(every_action)       # built once for the module's tests (tests/once.py), read only


@pytest.fixture
def built(client, world):
    client.force_login(factories.staff())
    return world


def seat_names(table):
    return {s.position: s.entry.player.full_name for s in table.seats.select_related("entry__player")}


def test_every_kind_of_action_is_in_the_log(built):
    t, season, five, four = built
    kinds = set(AuditLog.objects.filter(tournament=t).values_list("object_type", "action"))
    kinds |= set(AuditLog.objects.filter(season=season).values_list("object_type", "action"))
    assert {k for k, _a in kinds} == set(Kind.values)
    assert {a for _k, a in kinds} == set(Action.values) - {Action.REVOKE}     # a reissue says what it revoked


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_tournament_audit_page_in_words(client, built, lang):
    t, season, five, four = built
    rows = page_rows(client, reverse("director:audit", args=[t.pk]), lang)
    assert len(rows) == AuditLog.objects.filter(tournament=t).count()
    assert_clean(" | ".join(row) for row in rows)
    text = "\n".join(" | ".join(row) for row in rows)
    names = seat_names(five)
    numbered = [row for row in rows if re.search(r"\b(Spiel|Game) \d+ · (Tisch|table) \d+, ", row[2])]
    assert len(numbered) == AuditLog.objects.filter(tournament=t, object_type=Kind.GAME).count() > 5
    if lang == "de":
        assert "Status: offen → vollständig" in text and "Status: vollständig → gesperrt" in text
        assert "Bezahlt: nein → ja" in text and "Zurückgezogen: ja → nein" in text
        assert "Status: läuft → beendet" in text
        assert f"Spiel 1 · Tisch {five.number}" in text and "Spiel 3" in text
        assert f"Sitz 1 {names[0]} " in text and f"Sitz 5 {names[4]} " in text
        assert re.search(r"Wiederholte Paare heute: \d+; .*Mannschaftskameraden am selben Tisch: 0", text)
        assert "Ort: Hüfingen → Bräunlingen" in text
    else:
        assert "Status: open → complete" in text and "Status: complete → locked" in text
        assert "Paid: no → yes" in text and "Status: running → finished" in text
        assert f"Game 1 · table {five.number}, round 1" in text
        assert f"Seat 1 {names[0]} " in text and f"Seat 5 {names[4]} " in text
        assert re.search(r"9 players at 2 tables, 1 of them of five; Pairs meeting twice today: \d+; pairs who met "
                         r"earlier in the season: 0; Team members at one table: 0", text)
        assert "Tie-break chain: –" not in text and "Better single round, Drawing lots" in text
        assert "An existing player: no" in text
        # The money in words: amounts in euros, how paid, the day, the reduction by name, the player.
        assert re.search(r"paid Money · Start number 4 Dieter Kern \| Open: 5,00 € → 0,00 € Amount: 5,00 € "
                         r"Paid by: transferred Paid on: 0?1/10/2026", text)
        assert "refunded Money · Start number 4 Dieter Kern | Paid: 5,00 € → 3,00 € Amount: 2,00 €" in text
        # (the fields of one row in the database's key order: PostgreSQL's jsonb sorts them, SQLite keeps them)
        assert "Entry fee: 0,00 € → 8,00 €" in text
        assert any("Reduction: – → Jugend" in line and "Amount owed: 8,00 € → 5,00 €" in line
                   for line in text.split("\n"))
        assert any("Amount owed (set by hand): – → 5,00 €" in line and "Amount owed: 8,00 € → 5,00 €" in line
                   and line.endswith("| Helfer") for line in text.split("\n"))
        assert "Category: Youth" in text and "Kind: income What: Tombola Amount: 40,00 €" in text
        # The table link's seat with its player (the phone's device in brackets).
        assert f"Table {five.number}, seat 2 {names[1]} (phone phone1)" in text
        # A phone gave its seat up; the direction freed the seat of a broken phone.
        assert f"Seat 5 {names[4]} released by its phone (switch seat)" in text
        assert f"Seat 2 {names[1]} freed by the tournament direction (it was kept by phone phone1)" in text


def test_a_game_row_says_its_number_table_round_and_every_seat_with_name_and_points(built):
    t, season, five, four = built
    names = seat_names(five)
    with translation.override("en"):
        corrected = next(d for d in words.describe_all(AuditLog.objects.filter(
            tournament=t, object_type=Kind.GAME, action=Action.UPDATE).select_related("user", "table__round")))
        assert (corrected.subject, corrected.where) == ("Game 1", f"table {five.number}, round 1")
        for line in (corrected.before, corrected.after):
            seats = line.split(": ", 1)[1].split(", ")
            assert [s.rsplit(" ", 1)[0] for s in seats] == [f"Seat {p + 1} {names[p]}" for p in range(5)]
            assert all(re.fullmatch(r"[+−]\d+|0", s.rsplit(" ", 1)[1]) for s in seats)
        assert "60 card points" in corrected.before and "40 card points" in corrected.after
        totals = words.describe_all(AuditLog.objects.filter(tournament=t, object_type=Kind.TOTALS,
                                                            action=Action.UPDATE).select_related("table__round"))[0]
        four_names = seat_names(four)
        assert totals.before == ", ".join(f"Seat {p + 1} {four_names[p]} {v}"
                                          for p, v in enumerate(["+30", "−10", "−10", "−10"]))
        adjustments = words.describe_all(AuditLog.objects.filter(object_type=Kind.ADJUSTMENT))
        assert [d.where for d in adjustments] == ["Start number 1 Anna Beha"] * 3      # the deleted one too
        signed = words.describe_all(AuditLog.objects.filter(object_type=Kind.SIGNATURE))[0]
        assert signed.after.startswith(f"signed off the totals: Seat 1 {four_names[0]} +40, Seat 2 ")
        assert signed.user == f"Table {four.number}, seat 1 {four_names[0]} (phone phoneA)"


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_season_audit_page_in_words(client, built, lang):
    t, season, five, four = built
    rows = page_rows(client, reverse("director:season_audit", args=[season.pk]), lang)
    assert len(rows) == AuditLog.objects.filter(season=season).count() > 5
    assert_clean(" | ".join(row) for row in rows)
    text = "\n".join(" | ".join(row) for row in rows)
    if lang == "de":
        assert "Name: Senioren → Senioren 60+" in text and "Saisonleitung" in text
    else:
        assert "Name: Senioren → Senioren 60+" in text and "Role: season organiser" in text
        assert "Player Beha, Anna (Huefingen) merged with Beha, Anna (Hüfingen)" in text


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_score_sheets_change_log_in_words(client, built, lang):
    t, season, five, four = built
    rows = Cells()
    rows.feed(client.get(reverse("entry:sheet", args=[five.pk]), HTTP_ACCEPT_LANGUAGE=lang).content.decode())
    rows = [r for r in rows.rows if r]
    assert len(rows) == AuditLog.objects.filter(table=five).count() > 8
    assert_clean(" | ".join(row) for row in rows)
    names = seat_names(five)
    text = "\n".join(" | ".join(row) for row in rows)
    assert f"{names[0]} " in text and ("Sitz 5 " if lang == "de" else "Seat 5 ") in text
    assert all(re.search(r"\b(Spiel|Game) \d+\b", row[3]) for row in rows if row[2] in (
        "angelegt", "geändert", "gelöscht", "created", "changed", "deleted"))


def test_the_workbooks_protokoll_sheet_in_german(built):
    t, season, five, four = built
    with translation.override("de"):
        _name, _type, content = get("tournament_workbook").render(tournament=t)
        kinds = {str(label) for _key, label in Kind.choices}
    sheet = openpyxl.load_workbook(io.BytesIO(content)).worksheets[-1]
    assert sheet.title == "Protokoll"
    lines = list(sheet.iter_rows(values_only=True))
    header = next(i for i, line in enumerate(lines) if line and line[0] == "Wann")
    assert list(lines[header]) == ["Wann", "Benutzer", "Objekt", "Aktion", "Durchgang", "Tisch", "Was", "Vorher",
                                   "Nachher", "Grund"]
    body = [line for line in lines[header + 1:] if any(cell is not None for cell in line)]
    assert len(body) == AuditLog.objects.filter(tournament=t).count()
    assert {line[2] for line in body} <= kinds and "Game" not in {line[2] for line in body}
    assert_clean(" | ".join("" if c is None else str(c) for c in line) for line in body)
    names = seat_names(five)
    games = [line for line in body if line[2] == "Spiel"]
    assert games and all(re.match(r"Spiel \d+ · Tisch \d+", line[6]) for line in games)
    assert all(line[4] == 1 and line[5] in (1, 2) for line in games)
    assert {line[4] for line in body if line[2] in ("Durchgang", "Rundenuhr")} == {1}     # the round's number
    created = next(line for line in games if line[3] == "angelegt")
    assert f"Sitz 1 {names[0]} " in created[8] and f"Sitz 5 {names[4]} " in created[8]
    keyed = next(line for line in body if line[1] and line[1].startswith(f"Tisch {five.number}, Sitz 2 "))
    assert names[1] in keyed[1]
    text = "\n".join(" | ".join("" if c is None else str(c) for c in line) for line in body)
    assert "Status: offen" in text and "Bezahlt: nein" in text and "Bezahlt: ja" in text
    assert re.search(r"Wiederholte Paare heute: \d+", text)


def test_values_no_service_wrote_here_still_read_as_words():
    """Keys and values the scenario above does not reach: ruleset overrides, an unknown key, nested lists, a draw
    row from before the tables were stored."""
    with translation.override("en"):
        row = AuditLog(object_type=Kind.TOURNAMENT, action=Action.UPDATE,
                       old={"options": {}, "some_new_key": [1, [2, 3]]},
                       new={"options": {"solo_value": 3, "with_raeuber": False}, "some_new_key": None})
        described = words.describe(row)
        assert [(c.label, c.before, c.after) for c in described.changes] == [
            ("Ruleset overrides", "–", "solo value 3; with raeuber no"), ("Some new key", "1, 2, 3", "–")]
        old_draw = words.describe(AuditLog(object_type=Kind.ROUND, action=Action.DRAW, new={
            "round": 2, "players": 12, "seed": "x", "stats": {"repeated_pairs": 0, "group_violations": 1}}))
        assert old_draw.subject == "Round 2" and old_draw.round_number == 2
        assert old_draw.changes[0].after == "12 players; Pairs meeting twice today: 0; Team members at one table: 1"
        assert_clean([old_draw.after, described.after, described.before])
