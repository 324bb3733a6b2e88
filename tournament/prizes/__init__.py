"""Prizes (issue 26, docs/prizes.md): the prize plan of a tournament and the season's template for it, who wins
what (``plan``, pure), the reads (``selectors``: awards per standings row, the prize table's queue, what was paid
out) and the writes (``services``: the plan, the steps of the prize giving and their undo, each audited)."""
