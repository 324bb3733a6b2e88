"""``scoring.seats``: who deals, who sits out, who is forehand (RULES.md §2), over every size and game."""

import pytest

from scoring import seats


@pytest.mark.parametrize("size", [3, 4, 5])
def test_the_deal_goes_round_the_table(size):
    dealers = [seats.dealer(n, size) for n in range(1, 3 * size + 1)]
    assert dealers == list(range(size)) * 3
    assert seats.dealer(1, size) == 0          # tournament.seating (standard library only) seats the first dealer at 0
    assert [n for n in range(1, 3 * size + 1) if seats.ends_deal_round(n, size)] == [size, 2 * size, 3 * size]


@pytest.mark.parametrize("size", [3, 4, 5])
@pytest.mark.parametrize("number", range(1, 31))
def test_forehand_is_the_first_playing_seat_after_the_dealer(size, number):
    deal = seats.deal(number, size)
    assert deal.dealer == (number - 1) % size
    assert deal.sitting_out == (deal.dealer if size == 5 else None)
    assert deal.forehand == (deal.dealer + 1) % size
    assert deal.forehand != deal.sitting_out


def test_forehand_skips_a_seat_sitting_out_that_is_not_the_dealer():
    # The engine accepts any seat sitting out at a table of 5: forehand is the first one after the dealer that plays.
    assert seats.forehand(2, 5, out=3) == 4
    assert seats.forehand(4, 5, out=0) == 1
    assert seats.forehand(4, 5, out=None) == 0
