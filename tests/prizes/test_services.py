"""Prize writes (``tournament.prizes.services``): the plan's rules on bad input, the budget warning, the season
template, the prize giving's steps and undo, the audit lines in words, and ``paid_out`` for the cash report."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests import factories
from tournament.audit.words import describe_all
from tournament.models import AuditLog, Entry, Prize, PrizePlan, PrizeStep, Role
from tournament.money import selectors as money_selectors
from tournament.prizes import selectors, services
from tournament.standings import selectors as standings_queries

pytestmark = pytest.mark.django_db


def called(t):
    return selectors.queue(t, standings_queries.tournament_standings(t))


def entry_of(call):
    return Entry.objects.select_related("player").get(pk=call.row.key)


@pytest.mark.parametrize("data, code", [
    ({"kind": "place", "place": 4, "money": Decimal(-5)}, "amount"),
    ({"kind": "place", "place": 4, "money": Decimal(1000001)}, "amount"),
    ({"kind": "place", "place": 4, "money": Decimal(5), "goods_value": Decimal(-1), "goods": "x"}, "amount"),
    ({"kind": "place", "money": Decimal(5)}, "place"),
    ({"kind": "place", "place": 4}, "empty"),
    ({"kind": "place", "place": 1, "money": Decimal(5)}, "twice"),
    ({"kind": "table", "money": Decimal(5)}, "goods"),
    ({"kind": "category", "money": Decimal(5)}, "category"),
    ({"kind": "last", "goods": "Wurst"}, "twice"),
])
def test_bad_prizes_are_refused_and_change_nothing(planned, director, data, code):
    before = Prize.objects.count(), AuditLog.objects.count()
    with pytest.raises(ValidationError) as err:
        services.add_prize(tournament=planned, user=director, **data)
    assert err.value.code == code and str(err.value.messages[0])
    assert (Prize.objects.count(), AuditLog.objects.count()) == before


def test_a_plan_that_pays_more_than_the_fees_warns_until_accepted(planned, director):
    # 12 × 10 € = 120 €; the plan holds 30 € + 20 € + 10 € of goods
    with pytest.raises(services.OverBudget) as err:
        services.add_prize(tournament=planned, user=director, kind="place", place=3, money=Decimal(100))
    assert "120,00 €" in err.value.messages[0]
    assert not Prize.objects.filter(place=3).exists()
    services.add_prize(tournament=planned, user=director, kind="place", place=3, money=Decimal(100),
                       accept_over=True)
    assert Prize.objects.filter(place=3, money=100).exists()
    money, goods, available = selectors.budget(planned)
    assert (money, goods, available) == (Decimal(130), Decimal(30), Decimal(120))


def test_half_the_field_wins_and_the_plan_change_is_audited_in_words(planned, director):
    services.save_plan(tournament=planned, user=director, rule="half", ties="lot", scale_from=None, public=True,
                       certificate_places=3, certificate_specials=True)
    result = standings_queries.tournament_standings(planned)
    assert len([r for r in result.prizes if r.rank <= 6]) == 6
    row = describe_all(AuditLog.objects.filter(object_type=AuditLog.Kind.PRIZE_PLAN, action="update"))[0]
    assert "die Hälfte der Teilnehmer" in row.after or "half the field" in row.after
    assert "half" not in row.after.replace("half the field", "")


def test_a_withdrawn_player_gets_no_prize_handed(planned, director):
    calls, first = called(planned)
    entry = entry_of(first)
    Entry.objects.filter(pk=entry.pk).update(withdrawn=True)
    entry.refresh_from_db()
    with pytest.raises(ValidationError) as err:
        services.record(tournament=planned, entry=entry, state="handed", user=director)
    assert err.value.code == "withdrawn"
    assert not PrizeStep.objects.exists()


def test_the_prize_giving_steps_undo_and_paid_out(planned, director):
    calls, first = called(planned)
    assert first.award.money == 30
    services.record(tournament=planned, entry=entry_of(first), state="handed", user=director)
    calls, second = called(planned)
    assert second.award.goods == "Präsentkorb"
    services.record(tournament=planned, entry=entry_of(second), state="later", user=director)
    calls, third = called(planned)
    assert third.row.rank == 3 and third.text == "Wahl vom Gabentisch"
    wine = Prize.objects.get(goods="Wein")
    services.record(tournament=planned, entry=entry_of(third), state="handed", user=director, goods=wine)
    calls, last = called(planned)
    assert last.award.kind == "last"
    services.record(tournament=planned, entry=entry_of(last), state="absent", user=director)
    calls, again = called(planned)
    assert again.row.key == second.row.key and again.state == "later"      # the one who came later, at the end
    services.record(tournament=planned, entry=entry_of(again), state="handed", user=director)
    assert called(planned)[1] is None
    assert selectors.paid_out(planned) == (Decimal("30.00"), Decimal("25.00"))
    assert dict((p.goods, n) for p, n in selectors.goods_left(planned)) == {
        "Präsentkorb": 0, "Wein": 1, "Wurstsalat": 1}
    with pytest.raises(ValidationError):
        services.record(tournament=planned, entry=entry_of(again), state="handed", user=director)
    services.undo_last(tournament=planned, user=director)
    assert selectors.paid_out(planned) == (Decimal("30.00"), Decimal("5.00"))
    lines = describe_all(AuditLog.objects.filter(tournament=planned, object_type=AuditLog.Kind.PRIZE))
    undo, absent, first_line = lines[0], lines[2], lines[-1]
    assert undo.log.action == "remove" and "Präsentkorb" in undo.before and "übergeben" in undo.before
    assert "Stand: nicht anwesend" in absent.after and "Wurstsalat" in absent.after
    assert "Ausgezahltes Geld: 30,00 €" in first_line.after and "Spieler:" in first_line.after


def test_the_cash_report_takes_the_prizes_handed_over(planned, director):
    """Issue 26 item 5: the cash report's prize lines and balance follow the prize table."""
    before = money_selectors.day_report(planned)
    assert before.prize_money == 0 and before.prize_goods == 0
    calls, first = called(planned)
    services.record(tournament=planned, entry=entry_of(first), state="handed", user=director)     # 30 €
    calls, second = called(planned)
    services.record(tournament=planned, entry=entry_of(second), state="handed", user=director)    # the basket
    after = money_selectors.day_report(planned)
    assert (after.prize_money, after.prize_goods) == (Decimal("30.00"), Decimal("20.00"))
    assert after.balance == before.balance - Decimal("30.00")        # goods are for the books, not cash


def test_paid_out_is_zero_without_a_prize_giving(planned):
    assert selectors.paid_out(planned) == (Decimal(0), Decimal(0))


def test_goods_gone_from_the_table_are_refused(planned, director):
    calls, _first = called(planned)
    wine = Prize.objects.get(goods="Wein")
    Prize.objects.filter(pk=wine.pk).update(quantity=1)
    services.record(tournament=planned, entry=entry_of(calls[0]), state="handed", user=director, goods=wine)
    with pytest.raises(ValidationError) as err:
        services.record(tournament=planned, entry=entry_of(calls[2]), state="handed", user=director, goods=wine)
    assert err.value.code == "gone"


def test_the_season_template_carries_a_plan_to_another_tournament(planned, director):
    services.save_as_template(tournament=planned, user=director)
    other = factories.tournament(players=4, season=planned.season, name="Zweites")
    services.apply_template(tournament=other, user=director)
    assert sorted(other.prize_plan.prizes.values_list("goods", flat=True)) == sorted(
        planned.prize_plan.prizes.values_list("goods", flat=True))
    assert PrizePlan.objects.filter(season=planned.season).count() == 1


def test_a_helper_and_another_tournaments_director_may_not(planned, director):
    other = factories.tournament(players=2, name="Anderes")
    helper = factories.with_role(Role.Kind.HELPER, tournament=planned, name="helfer")
    stranger = factories.with_role(Role.Kind.DIRECTOR, tournament=other, name="fremd")
    _calls, first = called(planned)
    for user in (helper, stranger):
        with pytest.raises(PermissionDenied):
            services.add_prize(tournament=planned, user=user, kind="place", place=5, money=Decimal(1))
        with pytest.raises(PermissionDenied):
            services.record(tournament=planned, entry=entry_of(first), state="handed", user=user)
    assert not PrizeStep.objects.exists() and not Prize.objects.filter(place=5).exists()
