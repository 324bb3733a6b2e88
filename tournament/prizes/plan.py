"""Who gets which prize: pure functions over ranked standings rows and the lines of a prize plan (no Django;
docs/prizes.md has the decisions in words).

Words: a *row* is a ranked standings row (``standings.ranking.Row``: ``key``, ``rank``, ``total``, ``lot``,
``data["categories"]``, ``data["withdrawn"]``); a *line* (``Line``) is what the plan gives for one place or one
special prize; an *award* (``Award``) is what one player gets.

Decisions:

* how many places: ``number`` — the tournament's prize places; ``half`` — half the field, rounded up; ``plus`` —
  everyone with more than 0 points. Ties at the edge are all in (``standings.ranking.prize_list``).
* a tie for money (a shared rank): ``split`` — the money of the places the tied players take together is shared
  equally, rounded down to the cent (a cent left over stays in the cash box); ``lot`` — the recorded lot
  (``Entry.lot``) orders them and each takes his own place's money. The goods of shared places go in lot order
  under both rules (goods cannot be split).
* scaling: money written for ``scale_from`` players is scaled to the field, rounded down to whole euros.
* one player, one prize: a special prize (best lady, youth, category) goes to the best such player without a place
  prize; the last place is a prize of its own for the last rank below the prize places.
"""

from dataclasses import dataclass, field
from decimal import ROUND_DOWN, Decimal
from itertools import groupby

from tournament.standings.ranking import HALF, NUMBER, PLUS, place_count  # noqa: F401 (the rule lives there)

CENT, EURO = Decimal("0.01"), Decimal("1")
SPLIT, LOT = "split", "lot"
LADY, YOUTH, CATEGORY, LAST = "lady", "youth", "category", "last"
SPECIAL_ORDER = (LADY, YOUTH, CATEGORY, LAST)
CATEGORY_OF = {LADY: "women", YOUTH: "youth"}        # the built-in category keys (standings.categories)


@dataclass(frozen=True)
class Line:
    money: Decimal = Decimal(0)
    goods: str = ""
    goods_value: Decimal | None = None
    kind: str = "place"
    category: str = ""          # a category key ("c12") for ``CATEGORY``
    label: str = ""             # the special prize's name in words ("Best lady", "Best of Senioren")


@dataclass
class Award:
    kind: str                   # "place" or a special kind
    place: int | None = None    # the place whose prize it is (a shared place: the place by lot, or the rank)
    money: Decimal = Decimal(0)
    goods: str = ""
    goods_value: Decimal | None = None
    shared: int = 1             # how many share the money (split rule)
    label: str = ""
    extras: list = field(default_factory=list)


def scaled(amount, factor):
    """``amount`` × players / written-for, rounded down to whole euros (multiplied first, so 150 € × 7 / 3 is
    350 €, not 349 €); the amount itself when there is no factor."""
    if factor is None or not amount:
        return Decimal(amount)
    players, written_for = factor
    return (Decimal(amount) * players / written_for).quantize(EURO, rounding=ROUND_DOWN)


def scale_factor(players, scale_from):
    """(field size, size the money was written for), or None: no scaling."""
    return (players, scale_from) if scale_from and players else None


def _by_lot(group):
    return sorted(group, key=lambda r: (r.lot is None, r.lot or 0))


def awards(rows, prize_rows, count, places, specials=(), ties=SPLIT, factor=None, last_place=True):
    """{row key: ``Award``} for the prize winners. ``rows``: all ranked rows; ``prize_rows``: the prize list
    (``prize_list``: the first ``count`` ranks, ties at the edge, and the last place); ``places``: {place: Line};
    ``specials``: Lines of special kinds in the plan's order."""
    out = {}
    winners = [r for r in prize_rows if r.rank <= count]
    for rank, group in groupby(winners, key=lambda r: r.rank):
        group = _by_lot(list(group))
        slots = list(range(rank, rank + len(group)))
        lines = [places.get(s, Line()) for s in slots]
        shared_money = sum((scaled(line.money, factor) for line in lines), Decimal(0))
        for row, slot, line in zip(group, slots, lines, strict=True):
            if ties == SPLIT and len(group) > 1:
                money = (shared_money / len(group)).quantize(CENT, rounding=ROUND_DOWN)
                out[row.key] = Award("place", rank, money, line.goods, line.goods_value, shared=len(group))
            else:
                out[row.key] = Award("place", slot if ties == LOT else rank, scaled(line.money, factor),
                                     line.goods, line.goods_value)
    eligible = [r for r in rows if not r.data.get("withdrawn")]
    for line in sorted(specials, key=lambda s: SPECIAL_ORDER.index(s.kind)):
        if line.kind == LAST:
            continue
        key = CATEGORY_OF.get(line.kind, line.category)
        winner = next((r for r in eligible if r.key not in out and key in r.data.get("categories", ())), None)
        if winner is not None:
            out[winner.key] = Award(line.kind, winner.rank, scaled(line.money, factor), line.goods,
                                    line.goods_value, label=line.label)
    last_line = next((s for s in specials if s.kind == LAST), None)
    if last_place or last_line:
        last_rank = rows[-1].rank if rows else None
        for row in rows:
            if row.rank == last_rank and row.rank > count and row.key not in out:
                line = last_line or Line(kind=LAST)
                out[row.key] = Award(LAST, row.rank, scaled(line.money, factor), line.goods, line.goods_value,
                                     label=line.label)
    return out


def planned_total(place_lines, specials, table_goods, count, factor=None):
    """What the plan pays out at most: the money of places 1 to ``count`` and of the special prizes (scaled),
    plus the book value of all goods (each line's value × its quantity). → (money, goods value)."""
    money = sum((scaled(line.money, factor) for place, line in place_lines.items() if place <= count), Decimal(0))
    money += sum((scaled(line.money, factor) for line in specials), Decimal(0))
    goods = sum(((line.goods_value or 0) for place, line in place_lines.items() if place <= count), Decimal(0))
    goods += sum(((line.goods_value or 0) for line in specials), Decimal(0))
    goods += sum(((line.goods_value or 0) * quantity for line, quantity in table_goods), Decimal(0))
    return money, goods
