"""The draw of an Offiziers-Cego round (tables of two): reads the ORM, runs ``seating.pairs``, saves.

Round 1 by lot; later rounds by the current standings (total, then the tie-break lot) without a pair that met
earlier this day; an odd field gives one player a bye (no table, no points). docs/seating.md, "Offiziers-Cego".
"""

from collections import Counter

from tournament.models import Round, Seat, Table
from tournament.seating import pairs

ALGORITHM = "offiziers-swiss-2"     # 2: the bye may move up to avoid a repeat (seating.pairs)
ROUND_ROBIN = "offiziers-round-robin-1"


def _earlier(tournament, before):
    """Tables of the earlier rounds (lists of entry ids) and the entries seated in each earlier round."""
    seats = (Seat.objects.filter(round__tournament=tournament, round__number__lt=before)
             .order_by("round__number", "table__number", "position").values_list("round_id", "table_id", "entry_id"))
    tables, seated = {}, {}
    for round_id, table_id, entry_id in seats:
        tables.setdefault(table_id, []).append(entry_id)
        seated.setdefault(round_id, set()).add(entry_id)
    return list(tables.values()), list(seated.values())


def draw_pairs(*, tournament, number, entries, seed):
    """Save round ``number`` of tables of two for ``entries`` (the present ones); returns (round, pairing)."""
    ids = [e.pk for e in entries]
    # The standings order: the total, then the lot that breaks ties (drawn with round 1), then the start number.
    standing = sorted(entries, key=lambda e: (-e.total, e.lot is None, e.lot or 0,
                                              e.start_number))
    tables, seated = _earlier(tournament, number)
    byes = Counter(e for e in ids for in_round in seated if e not in in_round)
    if tournament.round_robin:
        # By start number; a late entry or a withdrawal changes the circle from this round on (docs/seating.md).
        result = pairs.round_robin([e.pk for e in sorted(entries, key=lambda e: e.start_number)], number)
    else:
        result = pairs.pair_round([e.pk for e in standing], seed=seed, number=number, label="offiziers",
                                  met=[tuple(t) for t in tables if len(t) == 2], byes=byes)
    round_ = Round.objects.create(tournament=tournament, number=number, seed=str(seed),
                                  algorithm=ROUND_ROBIN if tournament.round_robin else ALGORITHM, input_hash="")
    games = tournament.games_per_round(2)
    for t_index, players in enumerate(result.tables, start=1):
        table = Table.objects.create(round=round_, number=t_index, size=2, games_planned=games)
        Seat.objects.bulk_create(Seat(round=round_, table=table, entry_id=p, position=pos)
                                 for pos, p in enumerate(players))
    return round_, result
