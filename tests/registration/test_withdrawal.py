"""A player who withdraws between rounds (issue 12, item 8): the next draw leaves him out — checked in or not —
his seats in the rounds already drawn stay, and the draw of those who remain is as good as before: nobody meets
anybody twice, and nobody sits at a table of five (where one player sits out each game) more than twice in
three rounds while others never do."""

from collections import Counter
from itertools import combinations

import pytest

from tests import factories
from tournament.draws import services as draws
from tournament.models import Seat
from tournament.registration import services as registration

pytestmark = pytest.mark.django_db


def tables_of(round_):
    tables = {}
    for seat in Seat.objects.filter(round=round_):
        tables.setdefault(seat.table_id, []).append(seat.entry_id)
    return list(tables.values())


def test_the_next_draw_leaves_a_withdrawn_player_out_and_keeps_the_balance():
    t = factories.tournament(players=26, rounds=3)
    for entry in t.entries.all():                        # everybody checked in: withdrawing must still leave him out
        registration.check_in(tournament=t, user=None, start_number=entry.start_number)
    first = draws.draw_round(tournament=t, number=1, user=None)
    assert sorted(first.tables.values_list("size", flat=True)) == [4, 4, 4, 4, 5, 5]
    leaving = Seat.objects.filter(round=first, table__size=5).order_by("entry__start_number").first().entry
    assert registration.toggle(entry=leaving, field="withdrawn", user=None) is True

    assert leaving not in draws.present_entries(t)
    second = draws.draw_round(tournament=t, number=2, user=None)
    third = draws.draw_round(tournament=t, number=3, user=None)
    assert Seat.objects.filter(entry=leaving, round=first).exists()                 # his first round stays
    assert not Seat.objects.filter(entry=leaving).exclude(round=first).exists()
    for round_ in (second, third):
        assert sorted(round_.tables.values_list("size", flat=True)) == [4, 4, 4, 4, 4, 5]

    staying = set(t.entries.filter(withdrawn=False).values_list("pk", flat=True))
    meetings = Counter(pair for round_ in (first, second, third) for table in tables_of(round_)
                       for pair in combinations(sorted(table), 2))
    assert max(meetings.values()) == 1                                              # nobody meets anybody twice
    odd = Counter({pk: 0 for pk in staying})
    odd.update(pk for round_ in (first, second, third) for table in tables_of(round_) if len(table) == 5
               for pk in table if pk in staying)
    assert sum(odd.values()) == 9 + 5 + 5 and max(odd.values()) <= 2
