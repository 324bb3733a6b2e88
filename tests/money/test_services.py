"""The money's writes (``money.services``): what each entry owes and has paid on a day with fees, reductions,
overrides, payments and a refund; bad input changes nothing and says why; a fee changed after payments keeps them;
the paid tick stays meaningful; the day's report adds up."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from tests import factories
from tournament.models import AuditLog, CashItem, Payment
from tournament.money import selectors
from tournament.money import services as money
from tournament.registration import services as registration

D = Decimal
pytestmark = pytest.mark.django_db


def accounts_by_number(t):
    return {a.entry.start_number: a for a in selectors.accounts(t).values()}


def test_each_entry_owes_and_has_paid(day):
    acc = accounts_by_number(day)
    assert [(acc[n].due, acc[n].paid, acc[n].open) for n in range(1, 8)] == [
        (D("7.00"), D("7.00"), 0), (D("0.00"), 0, 0), (D("5.00"), D("5.00"), 0), (D("10.00"), D("10.00"), 0),
        (D("10.00"), D("4.00"), D("6.00")), (D("10.00"), D("0.00"), D("10.00")), (D("10.00"), 0, D("10.00"))]
    assert acc[1].reduction.name == "Jugend" and not acc[1].chosen          # from the youth category
    assert acc[2].reduction.name == "Nachwuchstisch" and acc[2].chosen      # chosen by hand
    assert acc[3].kind == "von Hand festgelegt" and acc[3].reason == "Helfer am Tresen"
    paid = dict(day.entries.values_list("start_number", "paid"))
    assert [paid[n] for n in range(1, 9)] == [True, True, True, True, False, False, False, False]   # 2: free


def test_the_days_report_adds_up(day):
    report = selectors.day_report(day)
    assert report.received == D("36.00") and report.refunded == D("10.00") and report.fees_net == D("26.00")
    assert report.by_method == {"bar": D("16.00"), "überwiesen": D("10.00")}
    assert report.open == D("26.00")               # 5: 6,00 + 7: 10,00 + 8: 10,00; the withdrawn 6 owes nothing
    assert report.paying == 4 and report.fund_share == D("4.00")
    assert report.income_total == D("45.50") and report.expense_total == D("80.00")
    assert report.prize_money == 0                 # no prize giving at this day (tests/prizes: one with prizes)
    assert report.balance == D("26.00") + D("45.50") - D("80.00") - D("4.00")
    season = selectors.season_report(day.season)
    assert season.shares == D("4.00") and season.payout_total == D("2.50") and season.fund_balance == D("1.50")


def test_a_fee_changed_after_payments_keeps_the_payments(day):
    before = list(Payment.objects.order_by("pk").values_list("amount", flat=True))
    money.set_fee(tournament=day, user=factories.user(), fee=D("12"))
    assert list(Payment.objects.order_by("pk").values_list("amount", flat=True)) == before
    acc = accounts_by_number(day)
    assert (acc[4].due, acc[4].paid, acc[4].open) == (D("12.00"), D("10.00"), D("2.00"))
    assert acc[3].open == 0                        # the override stays as set
    assert not day.entries.get(start_number=4).paid        # 2,00 € open again: the tick follows


@pytest.mark.parametrize(("amount", "code"), [
    (D("-5"), "amount_not_positive"), (D("0"), "amount_not_positive"), (D("1000.01"), "amount_too_large"),
    (D("99999"), "amount_too_large"), (D("10.01"), "more_than_open"),
])
def test_bad_payments_change_nothing(day, amount, code):
    entry = day.entries.get(start_number=7)
    count = AuditLog.objects.count()
    with pytest.raises(ValidationError) as err:
        money.pay(entry=entry, user=factories.user(), amount=amount)
    assert code in str(err.value.error_dict["amount"][0].code)
    assert not Payment.objects.filter(entry=entry).exists() and AuditLog.objects.count() == count


def test_nothing_to_pay_and_nothing_to_refund(day):
    director = factories.user()
    with pytest.raises(ValidationError, match="schuldet nichts") as err:
        money.pay(entry=day.entries.get(start_number=2), user=director)
    assert err.value.code == "nothing_open"
    with pytest.raises(ValidationError, match="nichts bezahlt") as err:
        money.refund(entry=day.entries.get(start_number=7), user=director)
    with pytest.raises(ValidationError) as err:
        money.refund(entry=day.entries.get(start_number=1), user=director, amount=D("7.01"))
    assert err.value.error_dict["amount"][0].code == "more_than_paid"


@pytest.mark.parametrize(("kwargs", "field", "code"), [
    ({"override": D("-1"), "reason": "x"}, "override", "amount_not_positive"),
    ({"override": D("5000"), "reason": "x"}, "override", "amount_too_large"),
    ({"override": D("5"), "reason": "  "}, "reason", "override_needs_reason"),
])
def test_a_bad_override_changes_nothing(day, kwargs, field, code):
    entry = day.entries.get(start_number=8)
    with pytest.raises(ValidationError) as err:
        money.set_charge(entry=entry, user=factories.user(), **kwargs)
    assert err.value.error_dict[field][0].code == code
    assert accounts_by_number(day)[8].due == D("10.00")


@pytest.mark.parametrize(("fee", "code"), [(D("-1"), "amount_not_positive"), (D("1001"), "amount_too_large")])
def test_a_bad_fee_changes_nothing(day, fee, code):
    with pytest.raises(ValidationError) as err:
        money.set_fee(tournament=day, user=factories.user(), fee=fee)
    assert err.value.error_dict["entry_fee"][0].code == code
    day.refresh_from_db()
    assert day.entry_fee == D("10.00")


def test_other_money_and_the_fund_refuse_absurd_amounts(day):
    director = factories.user()
    with pytest.raises(ValidationError):
        money.add_cash_item(tournament=day, user=director, kind="expense", text="Miete", amount=D("-80"))
    with pytest.raises(ValidationError):
        money.add_cash_item(tournament=day, user=director, kind="income", text="  ", amount=D("8"))
    with pytest.raises(ValidationError):
        money.set_fund(season=day.season, user=director, rule="percent", amount=D("101"))
    assert CashItem.objects.filter(tournament=day).count() == 2


def test_the_paid_tick_goes_through_the_money(day):
    director = factories.user()
    entry = day.entries.get(start_number=8)
    assert registration.toggle(entry=entry, field="paid", user=director) is True     # 10,00 € in cash
    acc = selectors.account(entry)
    assert (acc.paid, acc.open) == (D("10.00"), 0)
    assert registration.toggle(entry=entry, field="paid", user=director) is False    # taken back: refunded
    acc = selectors.account(entry)
    assert (acc.received, acc.refunded, acc.paid, acc.open) == (D("10.00"), D("10.00"), 0, D("10.00"))
    actions = list(AuditLog.objects.filter(tournament=day, object_type=AuditLog.Kind.MONEY)
                   .order_by("-id").values_list("action", flat=True)[:2])
    assert actions == [AuditLog.Action.REFUND, AuditLog.Action.PAY]


def test_without_a_fee_the_tick_is_a_tick():
    t = factories.tournament(players=2)
    entry = t.entries.first()
    assert registration.toggle(entry=entry, field="paid", user=None) is True
    assert not Payment.objects.exists()
    assert registration.toggle(entry=entry, field="paid", user=None) is False


def test_an_entry_with_payments_is_not_removed(day):
    entry = day.entries.get(start_number=4)
    with pytest.raises(ValidationError) as err:
        registration.remove(entry=entry, user=factories.user())
    assert err.value.code == "entry_has_payments" and Payment.objects.filter(entry=entry).exists()


def test_the_tick_follows_the_money_when_there_is_a_fee(day):
    """Free entries are paid, a tick without money is not, "paid" at registration is money in cash."""
    director = factories.user()
    paid = dict(day.entries.values_list("start_number", "paid"))
    assert paid[2] is True and paid[8] is False                  # Nachwuchstisch (free) / nothing paid yet
    youth = registration.register(tournament=day, user=director, player_data={
        "first_name": "Lena", "last_name": "Kern", "birth_year": 2013})
    at_the_door = registration.register(tournament=day, user=director, paid=True, player_data={
        "first_name": "Otto", "last_name": "Hog"})
    assert youth.paid is False                                    # youth 3 € off: 7 € open
    assert at_the_door.paid is True and selectors.account(at_the_door).paid == D("10.00")
    free = money.save_reduction(tournament=day, user=director, name="Jugend frei", free=True, category="youth")
    assert selectors.account(youth).due == 0 and day.entries.get(pk=youth.pk).paid is True
    money.delete_reduction(reduction=free, user=director)
    assert day.entries.get(pk=youth.pk).paid is False
