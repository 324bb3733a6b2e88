"""A Cego score sheet as a document that computes, never saves (like Tabbycat's ``results/scoresheet.py``).

It knows the table size, the number of rows, and the scores per game per seat; it gives the dealer, the seat
sitting out and forehand of every row (``scoring.seats``), the running totals, the sums per seat, and whether every row
and the sheet sum to zero. It knows nothing of the database. ``selectors.sheet_for_table`` fills it from the ORM.
"""

from dataclasses import dataclass, field

from scoring import seats as seat_rules


@dataclass
class Row:
    number: int
    dealer: int
    sitting_out: int | None
    scores: list | None = None          # one int per seat, None while the game is not entered
    running: list = field(default_factory=list)
    game: object = None                 # whatever the caller attached (e.g. the Game model)
    forehand: int = 0

    @property
    def entered(self):
        return self.scores is not None

    @property
    def row_sum(self):
        return sum(self.scores) if self.scores is not None else 0


class ScoreSheet:
    def __init__(self, size, games, scores_by_number=None, objects_by_number=None, zero_sum=True):
        if size not in (2, 3, 4, 5):
            raise ValueError("a table has 2 (Offiziers-Cego), 3, 4 or 5 seats")
        self.size = size
        self.zero_sum = zero_sum
        scores_by_number = scores_by_number or {}
        objects_by_number = objects_by_number or {}
        self.rows = []
        running = [0] * size
        for number in range(1, games + 1):
            deal = seat_rules.deal(number, size)
            scores = scores_by_number.get(number)
            if scores is not None:
                running = [a + b for a, b in zip(running, scores, strict=True)]
            self.rows.append(Row(number, deal.dealer, deal.sitting_out, scores, list(running),
                                 objects_by_number.get(number), deal.forehand))
        self.extra = sorted(n for n in scores_by_number if not 1 <= n <= games)

    def dealer(self, number):
        return seat_rules.dealer(number, self.size)

    @property
    def totals(self):
        return self.rows[-1].running if self.rows else [0] * self.size

    @property
    def entered(self):
        return sum(1 for r in self.rows if r.entered)

    @property
    def complete(self):
        return self.entered == len(self.rows)

    @property
    def unbalanced_rows(self):
        """Numbers of rows that do not sum to zero (only meaningful for zero-sum writing)."""
        return [r.number for r in self.rows if r.entered and r.row_sum != 0] if self.zero_sum else []

    @property
    def balanced(self):
        return not self.zero_sum or (not self.unbalanced_rows and sum(self.totals) == 0)

    def next_open(self):
        """The first row still to be entered, or None."""
        return next((r.number for r in self.rows if not r.entered), None)
