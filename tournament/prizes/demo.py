"""The demo's prizes (``manage.py demo``, issue 26 item 6): a prize plan for every Cego tournament of the demo
season — money for the first places written for 100 players and scaled to the field, a basket, the lady's, the
youth's and the last place's prize, goods on the prize table for about half the field — and, for the finished
ones, the prize giving done (two players not present, one who came later)."""

from decimal import Decimal

from tournament.models import Prize, PrizeStep, Tournament
from tournament.prizes import selectors, services
from tournament.standings import selectors as standings_queries

FEE = Decimal(10)
PLACES = [(1, 150, "", None), (2, 100, "Präsentkorb vom Dorfladen", 45), (3, 50, "", None), (4, 30, "", None),
          (5, 20, "", None)]
SPECIALS = [("lady", 0, "Blumenstrauß", 15), ("youth", 0, "Cego-Kartenspiel", 12), ("last", 0, "Wurstsalat", 8)]
TABLE = [("Flasche Spätburgunder", 6, 30), ("Schwarzwälder Schinken", 9, 20), ("Kirschwasser", 10, 10),
         ("Pfund Kaffee", 4, 15)]


def plan_and_give(tournament, user, rng, give):
    """Write the plan of ``tournament`` (and the fee when it has none); when ``give``, hand every prize."""
    if not tournament.entry_fee:
        Tournament.objects.filter(pk=tournament.pk).update(entry_fee=FEE)
        tournament.entry_fee = FEE
    services.save_plan(tournament=tournament, user=user, accept_over=True, rule="half", ties="split",
                       scale_from=100, public=True, certificate_places=3, certificate_specials=True)
    for place, money, goods, value in PLACES:
        services.add_prize(tournament=tournament, user=user, accept_over=True, kind="place", place=place,
                           money=Decimal(money), goods=goods, goods_value=value)
    for kind, money, goods, value in SPECIALS:
        services.add_prize(tournament=tournament, user=user, accept_over=True, kind=kind, money=Decimal(money),
                           goods=goods, goods_value=Decimal(value))
    for goods, value, quantity in TABLE:
        services.add_prize(tournament=tournament, user=user, accept_over=True, kind="table", goods=goods,
                           goods_value=Decimal(value), quantity=quantity)
    if give:
        _give(tournament, user, rng)


def _give(tournament, user, rng):
    standings = standings_queries.tournament_standings(tournament)
    calls, _next = selectors.queue(tournament, standings)
    absent = set(rng.sample([c.row.key for c in calls[5:]], 2))
    later = rng.choice([c.row.key for c in calls[5:] if c.row.key not in absent])
    table = [p for p in selectors.lines_of(selectors.plan_of(tournament)).prizes if p.kind == Prize.Kind.TABLE]
    left = {p.pk: p.quantity for p in table}
    entries = {e.pk: e for e in tournament.entries.select_related("player")}

    def hand(call):
        goods = None
        if not call.award.goods and not call.award.money:        # "choice from the prize table"
            choices = [p for p in table if left[p.pk] > 0]
            goods = rng.choice(choices) if choices else None
            if goods is not None:
                left[goods.pk] -= 1
        services.record(tournament=tournament, entry=entries[call.row.key], state=PrizeStep.State.HANDED,
                        user=user, goods=goods, standings=standings)

    for call in calls:
        if call.row.key in absent:
            services.record(tournament=tournament, entry=entries[call.row.key], state=PrizeStep.State.ABSENT,
                            user=user, standings=standings)
        elif call.row.key == later:
            services.record(tournament=tournament, entry=entries[call.row.key], state=PrizeStep.State.LATER,
                            user=user, standings=standings)
        else:
            hand(call)
    hand(next(c for c in calls if c.row.key == later))
