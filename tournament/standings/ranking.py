"""Ranking: pure functions over plain rows (no Django), with a configurable tie-break chain.

A *row* is anything with a ``total`` and the attributes the chain asks for. Rows are sorted by total, then by
each tie-break of the chain in order; rows still equal after the whole chain share a rank ("1, 2, 2, 4").

Tie-breaks (``TIEBREAKS``):

* ``best_round``    — the better single round (``round_scores``) wins
* ``declarer_won``  — more won declarer games wins
* ``declarer_lost`` — fewer lost declarer games wins
* ``lots``          — drawing lots: a lower ``lot`` wins. Lots are drawn once with the tournament's seeded
  generator (``draw_lots``) and stored, so reloading never changes the order. SM default.

``by_lot``: a row whose place was separated from a neighbour's only by the lot (equal in everything the chain
compares before ``lots``); the lists mark such places ("7. L") with a legend.
"""

import hashlib
from dataclasses import dataclass, field

TIEBREAKS = ("best_round", "declarer_won", "declarer_lost", "lots")
DEFAULT_CHAIN = ("lots",)


@dataclass
class Row:
    key: object
    total: int
    round_scores: list = field(default_factory=list)
    declarer_won: int = 0
    declarer_lost: int = 0
    lot: int | None = None
    data: dict = field(default_factory=dict)
    rank: int = 0
    tied: bool = False
    by_lot: bool = False

    @property
    def best_round(self):
        return max(self.round_scores, default=0)


def parse_chain(text):
    """``"best_round, lots"`` → ``("best_round", "lots")``; unknown names raise ``ValueError``."""
    chain = tuple(part.strip() for part in (text or "").split(",") if part.strip())
    unknown = [c for c in chain if c not in TIEBREAKS]
    if unknown:
        raise ValueError(f"unknown tie-break(s): {', '.join(unknown)}")
    if len(set(chain)) != len(chain):
        raise ValueError("a tie-break is listed twice")
    return chain


def _key(row, chain):
    parts = [-row.total]
    for name in chain:
        if name == "best_round":
            parts.append(-row.best_round)
        elif name == "declarer_won":
            parts.append(-row.declarer_won)
        elif name == "declarer_lost":
            parts.append(row.declarer_lost)
        elif name == "lots":
            parts.append(row.lot if row.lot is not None else float("inf"))
    return tuple(parts)


def rank(rows, chain=DEFAULT_CHAIN):
    """Sort ``rows`` and set ``rank``, ``tied`` and ``by_lot`` on each; returns the sorted list."""
    chain = tuple(chain)
    keyed = sorted(((_key(r, chain), i, r) for i, r in enumerate(rows)), key=lambda t: (t[0], t[1]))
    ordered = [r for _k, _i, r in keyed]
    # the key up to the lot: neighbours equal in it but not in the whole key were separated by the lot alone
    before_lot = chain.index("lots") + 1 if "lots" in chain else None
    previous = None
    for position, (k, _i, row) in enumerate(keyed, start=1):
        row.by_lot = False
        if previous is not None and k == previous[0]:
            row.rank = previous[1].rank
            row.tied = previous[1].tied = True
        else:
            row.rank = position
            row.tied = False
            if before_lot is not None and previous is not None and k[:before_lot] == previous[0][:before_lot]:
                row.by_lot = previous[1].by_lot = True
        previous = (k, row)
    return ordered


def draw_lots(seed, keys):
    """A stable lot per key: the order of SHA-256(seed, key). Same seed and keys → same lots, on any Python."""
    ordered = sorted(keys, key=lambda k: hashlib.sha256(f"{seed}|lots|{k}".encode()).hexdigest())
    return {k: i + 1 for i, k in enumerate(ordered)}


def best_n(values, n):
    """Sum of the best ``n`` values (all when ``n`` is None) and the indexes that counted."""
    indexed = sorted(((v, i) for i, v in enumerate(values) if v is not None), key=lambda t: (-t[0], t[1]))
    counted = indexed if n is None else indexed[:n]
    return sum(v for v, _ in counted), {i for _, i in counted}


NUMBER, HALF, PLUS = "number", "half", "plus"      # ``PrizePlan.Rule`` (docs/prizes.md)


def place_count(rows, rule, places):
    """How many places win under ``rule``: ``places`` (the tournament's number), half the field rounded up, or
    the players with plus points (``rows``: the ranked rows)."""
    if rule == HALF:
        return (len(rows) + 1) // 2
    if rule == PLUS:
        return sum(1 for r in rows if r.total > 0)
    return places


def prize_list(rows, places, last_place=True):
    """Prize winners: the first ``places`` ranks (ties at the edge included), plus the last place."""
    prizes = [r for r in rows if r.rank <= places]
    if last_place and rows and rows[-1] not in prizes:
        last_rank = rows[-1].rank
        prizes += [r for r in rows if r.rank == last_rank and r not in prizes]
    return prizes
