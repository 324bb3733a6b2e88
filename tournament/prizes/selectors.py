"""Prize reads: the plan of a tournament as ``plan`` lines, each standings row's award, the prize table's queue and
what is left on it, what the plan pays against what the fees hold, and what was paid out (for the cash report).
Reads only; a tournament without a plan behaves as before issue 26 (its prize places and the last-place flag)."""

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournament.models import Category, Entry, Prize, PrizePlan, PrizeStep
from tournament.prizes import plan as rules


class PaidOut(NamedTuple):
    """What the prize giving handed over: money, and the book value of the goods (both ``Decimal``)."""
    money: Decimal
    goods: Decimal


KIND_ORDER = (Prize.Kind.PLACE, Prize.Kind.LADY, Prize.Kind.YOUTH, Prize.Kind.CATEGORY, Prize.Kind.LAST,
              Prize.Kind.TABLE)     # how the plan lists its prizes


def euros(amount):
    """``1234.5`` → ``"1.234,50 €"`` in German (the active language's separators)."""
    return f"{number_format(Decimal(amount or 0), 2, force_grouping=True)} €"


def plan_of(tournament):
    """The tournament's ``PrizePlan`` or None."""
    return PrizePlan.objects.filter(tournament=tournament).first()


def special_label(prize, category_names):
    if prize.kind == Prize.Kind.CATEGORY:
        return _("Best of %(category)s") % {"category": category_names.get(prize.category_id, "?")}
    return str(prize.get_kind_display())


@dataclass
class PlanLines:
    plan: PrizePlan | None
    places: dict
    specials: list
    table: list          # (Prize, quantity) of the goods laid out on the prize table
    prizes: list


def lines_of(plan, season=None):
    """A plan's prizes as ``plan.Line`` objects (by place, the special ones, the prize table's goods)."""
    if plan is None:
        return PlanLines(None, {}, [], [], [])
    order = {kind: i for i, kind in enumerate(KIND_ORDER)}
    prizes = sorted(plan.prizes.select_related("category"), key=lambda p: (order[p.kind], p.place or 0, p.pk))
    season = season or (plan.tournament.season if plan.tournament_id else plan.season)
    names = dict(Category.objects.filter(season=season).values_list("pk", "name"))
    places, specials, table = {}, [], []
    for p in prizes:
        line = rules.Line(p.money, p.goods, p.goods_value, p.kind,
                          f"c{p.category_id}" if p.category_id else "", special_label(p, names))
        if p.kind == Prize.Kind.PLACE:
            places[p.place] = line
        elif p.kind == Prize.Kind.TABLE:
            table.append((line, p.quantity))
        else:
            specials.append(line)
    return PlanLines(plan, places, specials, table, prizes)


def active_entries(tournament):
    return Entry.objects.filter(tournament=tournament, withdrawn=False).count()


def place_count_of(tournament, standings, plan=None):
    """How many places win in ``standings`` under the tournament's rule."""
    plan = plan or plan_of(tournament)
    return rules.place_count(standings.rows, plan.rule if plan else rules.NUMBER, tournament.prize_places)


def awards(tournament, standings, lines=None):
    """{row key (entry id): ``plan.Award``} for the standings' prize list under the tournament's plan."""
    lines = lines or lines_of(plan_of(tournament), tournament.season)
    plan = lines.plan
    count = rules.place_count(standings.rows, plan.rule if plan else rules.NUMBER, tournament.prize_places)
    factor = rules.scale_factor(len(standings.rows), plan.scale_from) if plan else None
    return rules.awards(standings.rows, standings.prizes, count, lines.places, lines.specials,
                        ties=plan.ties if plan else rules.SPLIT, factor=factor,
                        last_place=tournament.last_place_prize)


def award_text(award):
    """An award in words: "150,00 €", "Präsentkorb", "75,00 € + Schinken", "Best lady: 20,00 €"; a prize with
    neither money nor goods is chosen from the prize table."""
    parts = []
    if award.money:
        parts.append(euros(award.money) + (" " + _("(shared by %(n)s)") % {"n": award.shared}
                                           if award.shared > 1 else ""))
    if award.goods:
        parts.append(award.goods)
    text = " + ".join(parts) or _("choice from the prize table")
    if award.kind not in ("place",):
        text = f"{award.label or _('last place')}: {text}"
    return text


def award_texts(tournament, standings):
    """{entry id: award in words} of the standings' prize winners."""
    return {key: award_text(a) for key, a in awards(tournament, standings).items()}


def budget(tournament):
    """(planned money, planned goods value, available): what the plan pays for the current field against the
    fees (``Tournament.entry_fee`` × entries not withdrawn). Before the results, "everyone with plus points" is
    estimated as half the field (docs/prizes.md)."""
    lines = lines_of(plan_of(tournament), tournament.season)
    players = active_entries(tournament)
    plan = lines.plan
    rule = plan.rule if plan else rules.NUMBER
    count = tournament.prize_places if rule == rules.NUMBER else (players + 1) // 2
    factor = rules.scale_factor(players, plan.scale_from) if plan else None
    money, goods = rules.planned_total(lines.places, lines.specials, lines.table, count, factor)
    return money, goods, tournament.entry_fee * players


def latest_steps(tournament):
    """{entry id: its latest ``PrizeStep``}."""
    latest = {}
    for step in PrizeStep.objects.filter(tournament=tournament).select_related("entry__player").order_by("id"):
        latest[step.entry_id] = step
    return latest


def paid_out(tournament):
    """Money handed over and the goods' book value handed over at the tournament's prize giving (``PaidOut``):
    the entries whose latest step is "handed over"."""
    latest = latest_steps(tournament).values()
    handed = [s for s in latest if s.state == PrizeStep.State.HANDED]
    return PaidOut(sum((s.money for s in handed), Decimal("0.00")),
                   sum((s.goods_value for s in handed), Decimal("0.00")))


def goods_left(tournament, lines=None):
    """The goods still on the prize table: [(Prize, left)] of the plan's lines with goods (the table's and those
    of places and special prizes), less what the latest "handed over" steps took."""
    lines = lines or lines_of(plan_of(tournament), tournament.season)
    taken = Counter(s.goods_id for s in latest_steps(tournament).values()
                    if s.state == PrizeStep.State.HANDED and s.goods_id)
    return [(p, p.quantity - taken.get(p.pk, 0)) for p in lines.prizes if p.goods]


@dataclass
class Call:
    """One player at the prize table: the standings row, the award, the latest step (None: not called yet)."""
    row: object
    award: object
    text: str
    step: PrizeStep | None

    @property
    def state(self):
        return self.step.state if self.step else ""


def winners(tournament, standings):
    """[(row, award, words)] of everyone with a prize, in rank order (the last place last)."""
    won = awards(tournament, standings)
    return [(row, won[row.key], award_text(won[row.key])) for row in standings.rows if row.key in won]


def queue(tournament, standings):
    """The prize winners in the order the prize giving calls them: by rank, the last place last, and those who
    "come later" after everyone else; and the one to call now (None: everyone is done)."""
    steps = latest_steps(tournament)
    calls = [Call(row, award, text, steps.get(row.key)) for row, award, text in winners(tournament, standings)]
    order = sorted(calls, key=lambda c: c.state == PrizeStep.State.LATER)
    upcoming = next((c for c in order if c.state in ("", PrizeStep.State.LATER)), None)
    return calls, upcoming
