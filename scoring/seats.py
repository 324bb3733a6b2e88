"""Who deals, who is forehand, who sits out (RULES.md §2): the one place these rules are written.

Seats are 0-based in playing order; games are numbered from 1. Everything that needs one of these rules — the
engine, the random games, the models, the score sheet and its forms, statistics, exports, the demo and the
benchmarks — calls the functions here. Where SQL has to repeat a rule (``tournament.statistics.selectors``), a
test pins it to these functions (``tests/statistics/test_seat_rules_sql.py``).
"""

from typing import NamedTuple

SITS_OUT_AT = 5     # at a table of this size the dealer sits out every game he deals


def dealer_sits_out(size):
    """Whether the dealer sits out every game he deals at a table of ``size`` (tables of 5)."""
    return size == SITS_OUT_AT


def dealer(number, size):
    """The seat that deals game ``number`` (1-based) at a table of ``size``: (g − 1) mod n."""
    return (number - 1) % size


def sitting_out(dealer_seat, size):
    """The seat that sits out the game ``dealer_seat`` deals: the dealer at a table of 5, else nobody (None)."""
    return dealer_seat if dealer_sits_out(size) else None


def forehand(dealer_seat, size, out=None):
    """Forehand (*Vorhand*): the first seat after ``dealer_seat`` that plays, skipping the seat ``out``."""
    seat = (dealer_seat + 1) % size
    return (seat + 1) % size if seat == out else seat


def ends_deal_round(number, size):
    """Game ``number`` is the last of a round of deals: every seat has dealt once since the round began."""
    return number % size == 0


class Deal(NamedTuple):
    """The seats of one game: who deals, who sits out (None at tables of 3 and 4), who is forehand."""

    dealer: int
    sitting_out: int | None
    forehand: int


def deal(number, size):
    """The ``Deal`` of game ``number`` (1-based) at a table of ``size``."""
    d = dealer(number, size)
    out = sitting_out(d, size)
    return Deal(d, out, forehand(d, size, out))
