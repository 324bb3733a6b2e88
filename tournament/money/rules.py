"""The arithmetic of fees (pure: standard library; docs/money.md). Amounts are ``Decimal`` euros.

* what an entry owes: the override when the director set one; else nothing with a free reduction; else the fee
  less the reduction, never below 0;
* which reduction an entry gets from its categories: the one chosen by hand, else of those whose category the
  player belongs to the one that leaves the least to pay (a tie: the first by name);
* the season fund's share of a day: per paying entry (an entry that paid more than 0 net) or a percentage of the
  fees received net, rounded half up to the cent.
"""

from dataclasses import dataclass
from decimal import Decimal

from tournament.common.euros import ZERO, cents


@dataclass(frozen=True)
class Offer:
    """A reduction as the rules see it (``models.Reduction`` has the same fields)."""
    pk: int
    name: str
    amount: Decimal
    free: bool
    category: str = ""


def reduced(fee, reduction):
    """The fee less ``reduction`` (None: the full fee), never below 0."""
    if reduction is None:
        return cents(fee)
    if reduction.free:
        return ZERO
    return max(ZERO, cents(fee) - cents(reduction.amount))


def due(fee, reduction=None, override=None):
    """What an entry owes."""
    return cents(override) if override is not None else reduced(fee, reduction)


def best_reduction(fee, reductions, categories):
    """Of ``reductions`` (``Offer``-like) those tied to one of ``categories`` (keys): the one leaving the least to
    pay; None when none applies."""
    fitting = [r for r in reductions if r.category and r.category in categories]
    if not fitting:
        return None
    return min(fitting, key=lambda r: (reduced(fee, r), r.name))


def fund_share(rule, amount, paying_entries, received):
    """The season fund's share of one day: ``rule`` "per_entry" (``amount`` euros per paying entry) or
    "percent" (``amount`` percent of the fees ``received`` net)."""
    if rule == "percent":
        return cents(max(ZERO, Decimal(received)) * Decimal(amount) / 100)
    return cents(Decimal(amount) * paying_entries)
