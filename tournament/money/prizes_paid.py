"""The prizes handed over at a tournament, as the cash report needs them: the one door between the money and the
prize giving (issue 26, items 2–3, built beside this package in ``tournament.prizes``).

The lead wires ``paid_out`` to ``tournament.prizes.selectors.paid_out(tournament)`` at merge (money handed over,
and the goods' value for the books). Until then it returns zero amounts: the cash report shows the prize lines
with 0,00 € and its balance leaves prizes out.
"""

from dataclasses import dataclass
from decimal import Decimal

from tournament.common.euros import ZERO


@dataclass(frozen=True)
class PrizesPaid:
    money: Decimal = ZERO       # money prizes handed over
    goods: Decimal = ZERO       # the value of the goods taken from the prize table (for the books, not cash)


def paid_out(tournament):
    """Money and goods value handed over at ``tournament``'s prize giving (zero until the lead wires it)."""
    return PrizesPaid()
