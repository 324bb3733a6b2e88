"""The registration import takes paid marks and amounts from the list into the cash box (docs/money.md, "Import"):
an amount is recorded up to what is open, "überwiesen" as a transfer, a mark as the open amount in cash; without
a fee the mark is only the tick, as before."""

from decimal import Decimal

import pytest

from tests import factories
from tournament.money import selectors
from tournament.money import services as money
from tournament.registration import importer

D = Decimal
pytestmark = pytest.mark.django_db
ROWS = [["Vorname", "Nachname", "Ort", "Startgeld"], ["Anna", "Beha", "Triberg", "8 €"],
        ["Bernd", "Dold", "Triberg", "überwiesen"], ["Clara", "Faller", "Triberg", "5,00"],
        ["Dieter", "Kern", "Triberg", "nein"], ["Eva", "Vogt", "Triberg", "12"]]


def imported(fee):
    t = factories.tournament(players=0)
    director = factories.user()
    if fee:
        money.set_fee(tournament=t, user=director, fee=fee)
    importer.import_registrations(tournament=t, filename="liste.csv", user=director,
                                  data=factories.registration_csv(ROWS))
    t.refresh_from_db()
    return t, {a.entry.player.last_name: a for a in selectors.accounts(t).values()}


def test_amounts_and_marks_become_payments():
    t, acc = imported(D("8"))
    got = {name: (a.paid, a.open, sorted(a.methods), a.entry.paid) for name, a in acc.items()}
    assert got == {"Beha": (D("8.00"), 0, ["cash"], True), "Dold": (D("8.00"), 0, ["transfer"], True),
                   "Faller": (D("5.00"), D("3.00"), ["cash"], False), "Kern": (0, D("8.00"), [], False),
                   "Vogt": (D("8.00"), 0, ["cash"], True)}       # 12 € on the list: only the 8 € owed recorded


def test_without_a_fee_the_mark_is_the_tick():
    t, acc = imported(None)
    assert {name: a.entry.paid for name, a in acc.items()} == {
        "Beha": True, "Dold": True, "Faller": True, "Kern": False, "Vogt": True}
    assert all(a.paid == 0 for a in acc.values())
