"""The money and the prizes of a tournament in its backup (issue 26, docs/backup.md "Money and prizes"): reductions
(one by a category the organiser added), charges, payments in cash and by transfer, a refund, cash items, the prize
plan with its prizes and the steps of the prize giving round-trip exactly, with the audit rows naming them; a file
written before has none of them and imports; a damaged part is refused with its place named and nothing written.
The season's fund stays out."""

import datetime
import json
import re
from decimal import Decimal

import pytest
from django.core.management import CommandError
from django.utils import translation

from tests import factories
from tests.backup.roundtrip import (
    counts,
    edited,
    empty_database,
    export,
    imported,
    restore,
    set_path,
    snapshot,
    without_stamp,
)
from tournament.backup import format as backup
from tournament.models import (
    AuditLog,
    CashItem,
    Category,
    EntryCharge,
    Payment,
    Prize,
    PrizePlan,
    PrizeStep,
    Reduction,
    SeasonFund,
)
from tournament.money import services as money
from tournament.prizes import selectors as prize_selectors
from tournament.prizes import services as prizes
from tournament.standings import selectors as standings_queries

pytestmark = pytest.mark.django_db
D = Decimal


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def _next_call(t):
    return prize_selectors.queue(t, standings_queries.tournament_standings(t))[1]


def build():
    """Twelve players, one round played, fee 10 €: three reductions (youth, a season category, free; a fourth
    deleted), a reduction chosen by hand and a fee set by hand, payments (cash, transfer, part), a refund, two cash
    items (a third removed), the season fund; a prize plan (money, a basket, goods on the table, a category prize,
    the last place) and four steps of the prize giving (handed, handed from the table, absent, one undone)."""
    director = factories.user()
    t = factories.played(players=12, rounds=1, prize_places=3, entry_fee=10)
    entries = {e.start_number: e for e in t.entries.select_related("player")}
    club = Category.objects.create(season=t.season, name="Vereinsmitglieder")
    club.players.add(entries[7].player)
    money.save_reduction(tournament=t, user=director, name="Jugend", amount=D("3"), category="youth")
    money.save_reduction(tournament=t, user=director, name="Mitglied", amount=D("2"), category=f"c{club.pk}")
    free = money.save_reduction(tournament=t, user=director, name="Frei", free=True)
    money.delete_reduction(reduction=money.save_reduction(tournament=t, user=director, name="Irrtum",
                                                          amount=D("1")), user=director)
    money.set_charge(entry=entries[2], user=director, reduction=free)
    money.set_charge(entry=entries[3], user=director, override=D("5"), reason="Helfer am Tresen")
    money.pay(entry=entries[1], user=director)
    money.pay(entry=entries[4], user=director, method="transfer", paid_on=datetime.date(2026, 3, 1))
    money.pay(entry=entries[5], user=director, amount=D("4"))
    money.pay(entry=entries[6], user=director)
    money.refund(entry=entries[6], user=director, amount=D("2.50"), reason="Teilerstattung")
    money.add_cash_item(tournament=t, user=director, kind="income", text="Tombola", amount=D("45.50"))
    money.add_cash_item(tournament=t, user=director, kind="expense", text="Hallenmiete", amount=D("80"))
    money.remove_cash_item(item=money.add_cash_item(tournament=t, user=director, kind="income", text="x",
                                                    amount=D("1")), user=director)
    money.set_fund(season=t.season, user=director, rule="per_entry", amount=D("1"))
    prizes.add_prize(tournament=t, user=director, accept_over=True, kind="place", place=1, money=D(30))
    prizes.add_prize(tournament=t, user=director, accept_over=True, kind="place", place=2, goods="Präsentkorb",
                     goods_value=D(20))
    wine = prizes.add_prize(tournament=t, user=director, accept_over=True, kind="table", goods="Wein",
                            goods_value=D(5), quantity=2)
    prizes.add_prize(tournament=t, user=director, accept_over=True, kind="category", category=club, goods="Buch")
    prizes.add_prize(tournament=t, user=director, accept_over=True, kind="last", goods="Wurstsalat")
    prizes.save_plan(tournament=t, user=director, accept_over=True, ties="lot", public=True, scale_from=20)
    for state, goods in (("handed", None), ("absent", None), ("handed", wine), ("later", None)):
        call = _next_call(t)
        prizes.record(tournament=t, entry=t.entries.get(pk=call.row.key), state=state, user=director, goods=goods)
    prizes.undo_last(tournament=t, user=director)
    return t


def test_the_example_has_what_the_backup_must_carry():
    t = build()
    shot = snapshot(t)
    assert set(shot["reductions"]) == {"Jugend", "Mitglied", "Frei"}
    assert shot["reductions"]["Mitglied"]["category"] == "Vereinsmitglieder"
    assert shot["charges"][2]["reduction"] == "Frei" and shot["charges"][3]["override"] == D("5")
    assert {(p[0], p[1], p[2]) for p in shot["payments"]} >= {(4, D("10"), "transfer"), (6, D("-2.50"), "cash")}
    assert len(shot["cash_items"]) == 2 and len(shot["prizes"]) == 5
    assert [s["state"] for s in shot["prize_steps"]] == ["handed", "absent", "handed"]
    assert shot["prize_steps"][2]["goods"]["goods"] == "Wein"
    kinds = {(a["object_type"], a["object"] is None) for a in shot["audit"]}
    assert {("prize_plan", False), ("prize", False), ("prize", True)} <= kinds     # an undone step: no object
    money_objects = {a["object"][0] for a in shot["audit"] if a["object_type"] == "money" and a["object"][1]}
    assert money_objects == {"entry", "reduction", "cash_item"}


def test_round_trip_into_an_empty_database_keeps_the_money_and_the_prizes(tmp_path):
    t = build()
    before = snapshot(t)
    text, _err = export(t)
    doc = json.loads(text)
    assert doc["reductions"][1] == {"name": "Jugend", "amount": "3.00", "free": False, "category": "youth",
                                    "season_category": None}
    transfer = next(p for p in doc["payments"] if p["entry"] == 4)
    assert (transfer["amount"], transfer["method"], transfer["paid_on"]) == ("10.00", "transfer", "2026-03-01")
    assert doc["prize_plan"]["prizes"][doc["prize_steps"][2]["goods"] - 1]["goods"] == "Wein"
    assert "Vereinsmitglieder" in doc["categories"] and "per_entry" not in text          # no season fund
    empty_database()
    out, _err = restore(tmp_path, text)
    new = imported(out)
    assert snapshot(new) == before
    assert without_stamp(export(new)[0]) == without_stamp(text)
    assert not SeasonFund.objects.exists()               # the season's fund is no part of a tournament's backup
    reduction = Reduction.objects.get(tournament=new, name="Mitglied")
    assert reduction.category == f"c{Category.objects.get(season=new.season, name='Vereinsmitglieder').pk}"


def test_replace_restores_the_money_in_place(tmp_path):
    t = build()
    before = snapshot(t)
    text, _err = export(t)
    Payment.objects.filter(entry__tournament=t).delete()          # damage to undo
    out, _err = restore(tmp_path, text, replace=True)
    new = imported(out)
    assert snapshot(new) == before
    assert PrizePlan.objects.count() == 1 and Reduction.objects.count() == 3


def test_a_file_without_money_and_prizes_imports(tmp_path):
    t = build()
    text, _err = export(t)

    def older(doc):
        for key in backup.LATER_KEYS:
            doc.pop(key)
        for row in doc["audit"]:
            if row["object_type"] in ("money", "prize", "prize_plan"):
                row["object"] = None
    new = imported(restore(tmp_path, edited(text, older), as_new="Alt")[0])
    assert not Reduction.objects.filter(tournament=new).exists()
    assert not Payment.objects.filter(entry__tournament=new).exists()
    assert not PrizePlan.objects.filter(tournament=new).exists()
    assert new.entries.count() == 12


@pytest.mark.parametrize("change, message", [
    (set_path(["payments", 0, "entry"], 99), "payment 1: no entry has start number 99"),
    (set_path(["payments", 0, "amount"], "0.00"), "payment 1: Constraint"),
    (set_path(["payments", 0, "method"], "cheque"), "payment 1: “method” has an unknown value"),
    (set_path(["payments", 0, "paid_on"], None), "payment 1: “paid_on” must not be empty"),
    (set_path(["charges", 0, "reduction"], "Senioren"), "charge 1: unknown reduction “Senioren”"),
    (set_path(["charges", 1, "entry"], 2), "charge 2: the entry has two charges"),
    (set_path(["reductions", 1, "name"], "Frei"), "reduction 2: the name “Frei” occurs twice"),
    (set_path(["reductions", 0, "category"], "c12"), "reduction 1: “category” has an unknown value"),
    (set_path(["reductions", 2, "season_category"], "Unbekannt"), "reduction 3: unknown category “Unbekannt”"),
    (set_path(["cash_items", 0, "amount"], "-5.00"), "cash item 1: Constraint"),
    (set_path(["prize_plan", "prizes", 0, "category"], None), "prize 1: a prize for the best of a category"),
    (set_path(["prize_plan", "rule"], "all"), "prize plan: “rule” has an unknown value"),
    (set_path(["prize_steps", 2, "goods"], 9), "step 3 of the prize giving: no prize 9 in the prize plan"),
    (set_path(["prize_steps", 0, "user"], ""), "step 1 of the prize giving: “user” is not a user name"),
    (set_path(["cash_items"], {}), "document: “cash_items” must be a list"),
])
def test_a_damaged_money_or_prize_part_is_refused_and_nothing_is_written(tmp_path, change, message):
    t = build()
    text, _err = export(t)
    before = counts() + [m.objects.count() for m in (Reduction, EntryCharge, Payment, CashItem, PrizePlan, Prize,
                                                      PrizeStep)]
    with pytest.raises(CommandError, match=re.escape(message)):
        restore(tmp_path, edited(text, change), as_new="Kopie")
    assert counts() + [m.objects.count() for m in (Reduction, EntryCharge, Payment, CashItem, PrizePlan, Prize,
                                                    PrizeStep)] == before


def test_an_audit_row_of_money_names_a_known_object(tmp_path):
    t = build()
    text, _err = export(t)
    doc = json.loads(text)
    rows = [i for i, row in enumerate(doc["audit"]) if row["object_type"] == "money" and row["object"]]
    assert {next(iter(doc["audit"][i]["object"])) for i in rows} == {"entry", "reduction", "cash_item"}
    with pytest.raises(CommandError, match=r"audit entry \d+: unknown reference"):
        restore(tmp_path, edited(text, set_path(["audit", rows[0], "object"], {"reduction": "Unbekannt"})),
                as_new="Kopie")
    with pytest.raises(CommandError, match=r"audit entry \d+: unknown reference"):
        restore(tmp_path, edited(text, set_path(["audit", rows[0], "object"], {"prize_step": 1})), as_new="Kopie")
    new = imported(restore(tmp_path, text, as_new="Kopie")[0])
    step = PrizeStep.objects.filter(tournament=new).order_by("id").first()
    assert AuditLog.objects.filter(tournament=new, object_type="prize", object_id=step.pk).exists()


def test_a_reduction_of_a_deleted_category_is_written_as_chosen_by_hand(tmp_path):
    t = factories.tournament(players=4, entry_fee=10)
    director = factories.user()
    gone = Category.objects.create(season=t.season, name="Aufgelöst")
    money.save_reduction(tournament=t, user=director, name="Alt", amount=D("1"), category=f"c{gone.pk}")
    gone.delete()
    text, _err = export(t)
    assert json.loads(text)["reductions"][0]["category"] == ""
    new = imported(restore(tmp_path, text, as_new="Kopie")[0])
    assert Reduction.objects.get(tournament=new).category == ""
