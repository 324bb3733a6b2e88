"""What a list says about itself on every page (docs/exports.md, "Provisional or final"): "Endstand" for a
finished tournament or season, otherwise "vorläufig" and how far it is ("vorläufig — Stand nach Durchgang 1,
6 von 15 Tischen"), as chess-results prints it. The one place for the running header of the PDF lists and the
printed header of the workbooks. It lives with the results (how far the rounds are: ``selectors.round_progress``)
and reads the standings' counts; the standings import nothing of ``results``.

A tournament is final when all its rounds are drawn and locked (``standings.selectors.tournament_standings``' own
test for ``provisional``). A season is final when every tournament of it is; while one runs the text names it, and while
some are still to come it counts the finished ones.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournament.models import Round
from tournament.results.selectors import round_progress
from tournament.standings.selectors import is_running, with_round_counts


@dataclass(frozen=True)
class ListStatus:
    final: bool
    text: str

    def __str__(self):
        return self.text


def tournament_status(tournament):
    """The ``ListStatus`` of ``tournament``: final, or provisional with the round and its finished tables."""
    rounds = list(tournament.round_set.order_by("number"))
    if not rounds:
        return ListStatus(False, _("provisional — no round drawn yet"))
    open_rounds = [r for r in rounds if r.status != Round.Status.LOCKED]
    if not open_rounds and len(rounds) >= tournament.round_count:
        return ListStatus(True, _("Final standings"))
    current = open_rounds[-1] if open_rounds else rounds[-1]
    progress = round_progress(current)
    done = sum(1 for p in progress if p["complete"])
    if current.status == Round.Status.LOCKED or (progress and done == len(progress)):
        return ListStatus(False, _("provisional — after round %(n)s of %(rounds)s")
                          % {"n": current.number, "rounds": tournament.round_count})
    return ListStatus(False, _("provisional — round %(n)s running, %(done)s of %(tables)s tables finished")
                      % {"n": current.number, "done": done, "tables": len(progress)})


def season_status(season, games=None):
    """The ``ListStatus`` of ``season`` (its tournaments of ``games`` only, when given): final when all are
    finished; provisional naming the running ones, or counting the finished ones while some are to come."""
    tournaments = list(with_round_counts(season.tournaments.order_by("date", "pk")))
    if games is not None:
        tournaments = [t for t in tournaments if t.game in games]
    running = [t for t in tournaments if is_running(t)]
    if running:
        return ListStatus(False, _("provisional — %(names)s still running") % {
            "names": ", ".join(t.name for t in running)})
    finished = sum(1 for t in tournaments if t.rounds_drawn and t.rounds_locked >= t.round_count)
    if finished < len(tournaments):
        return ListStatus(False, _("provisional — after %(done)s of %(total)s tournaments")
                          % {"done": finished, "total": len(tournaments)})
    return ListStatus(True, _("Final standings"))


def status_of(*, tournament=None, season=None, games=None):
    """The status of a tournament's or a season's list (None for neither)."""
    if tournament is not None:
        return tournament_status(tournament)
    if season is not None:
        return season_status(season, games)
    return None
