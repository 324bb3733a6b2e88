"""The arithmetic of fees (``money.rules``) and how amounts are written and read (``common.euros``), by table."""

from decimal import Decimal

import pytest

from tournament.common.euros import euros, parse_euros
from tournament.money.rules import Offer, best_reduction, due, fund_share

D = Decimal
YOUTH = Offer(1, "Jugend", D("3"), False, "youth")
WOMEN = Offer(2, "Damen", D("2"), False, "women")
FREE = Offer(3, "Nachwuchstisch", D("0"), True, "youth")
BIG = Offer(4, "Ehrenmitglied", D("50"), False, "c7")


@pytest.mark.parametrize(("fee", "reduction", "override", "expected"), [
    (D("10"), None, None, D("10.00")),
    (D("10"), YOUTH, None, D("7.00")),
    (D("10"), FREE, None, D("0.00")),
    (D("10"), BIG, None, D("0.00")),              # never below 0
    (D("10"), YOUTH, D("5"), D("5.00")),           # the override wins
    (D("8.5"), YOUTH, None, D("5.50")),
    (D("0"), YOUTH, None, D("0.00")),
])
def test_what_an_entry_owes(fee, reduction, override, expected):
    assert due(fee, reduction, override) == expected


@pytest.mark.parametrize(("categories", "expected"), [
    ([], None), (["guests"], None), (["youth"], FREE), (["women"], WOMEN), (["women", "c7"], BIG),
])
def test_the_reduction_that_leaves_least_to_pay(categories, expected):
    assert best_reduction(D("10"), [YOUTH, WOMEN, FREE, BIG], categories) == expected


@pytest.mark.parametrize(("rule", "amount", "paying", "received", "expected"), [
    ("per_entry", D("1"), 23, D("200"), D("23.00")),
    ("per_entry", D("0.5"), 3, D("0"), D("1.50")),
    ("percent", D("10"), 23, D("205"), D("20.50")),
    ("percent", D("12.5"), 1, D("8.99"), D("1.12")),      # 1.12375 → half up to the cent
    ("percent", D("10"), 1, D("-5"), D("0.00")),
])
def test_the_season_funds_share(rule, amount, paying, received, expected):
    assert fund_share(rule, amount, paying, received) == expected


@pytest.mark.parametrize(("value", "text"), [
    (D("0"), "0,00 €"), (D("8"), "8,00 €"), (D("7.5"), "7,50 €"), (D("1234.5"), "1.234,50 €"),
    (D("-3"), "−3,00 €"), (D("1000000"), "1.000.000,00 €"), (D("0.005"), "0,01 €"),
])
def test_euros_in_german(value, text):
    assert euros(value) == text


@pytest.mark.parametrize(("text", "value"), [
    ("8", D("8.00")), ("7,50", D("7.50")), ("7.50", D("7.50")), ("10 €", D("10.00")), ("1.234,50", D("1234.50")),
    ("-3", D("-3.00")), ("−3,5", D("-3.50")), ("1.234.567", D("1234567.00")), (",5", D("0.50")),
])
def test_amounts_as_typed(text, value):
    assert parse_euros(text) == value


@pytest.mark.parametrize("text", ["", "acht", "7,505", "1,2,3", "12.34.5", "1.23,4.5", "€", "7 50", "1e3", "٣"])
def test_what_is_no_amount(text):
    with pytest.raises(ValueError):
        parse_euros(text)
