"""The games of a Ziege table (docs/director.md "Ziege"): recording and deleting them, and the table's sheet.

A game is team A's card points (team B's are 120 minus them) and whether each team took a trick. The engine
(``scoring.ziege``) checks and scores it; the series — cut where a team reaches 12 defeat points — are computed
by ``ziege.split_series`` on every read, never stored. After a finished series the next game starts a new one.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from scoring import ScoringError, ziege
from scoring.games import score_game
from tournament.audit.log import audit
from tournament.common.fields import WholeNumberField
from tournament.models import AuditLog, Tournament, ZiegeGame
from tournament.models.locks import lock_tournament
from tournament.results.rules import check_round_writable
from tournament.staff import permissions


class ZiegeGameForm(forms.Form):
    """One typed game at a Ziege table (the office's table page): team A's card points, both trick flags."""
    points_a = WholeNumberField(label=gettext_lazy("Card points of team A"), min_value=0, max_value=120)
    trick_a = forms.BooleanField(label=gettext_lazy("Team A took a trick"), required=False, initial=True)
    trick_b = forms.BooleanField(label=gettext_lazy("Team B took a trick"), required=False, initial=True)
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False, max_length=200)


def _engine_error(err):
    return ValidationError({"points_a": ValidationError(err.message(get_language() or "de"), code=err.code)})


def _check_table(table):
    if table.round.tournament.game != Tournament.Game.ZIEGE:
        raise ValidationError(_("This tournament does not play Ziege."), code="not_ziege")


@transaction.atomic
def record_game(*, table, user, points_a, trick_a, trick_b, reason=""):
    """Append the next game to ``table``; returns the saved ``ZiegeGame``."""
    permissions.require_enter_at(user, table)
    lock_tournament(table.round.tournament_id)
    _check_table(table)
    check_round_writable(table.round, reason, user)
    game = ZiegeGame(table=table, number=table.ziege_games.count() + 1, points_a=points_a,
                     trick_a=bool(trick_a), trick_b=bool(trick_b))
    if isinstance(user, permissions.TableAccess):     # keyed on a phone: unconfirmed until another seat confirms
        game.keyed_seat = user.seat
    try:
        result = score_game(game.as_engine(), get_language() or "de")
    except ScoringError as err:
        raise _engine_error(err) from None
    game.save()
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.GAME, obj_id=game.pk,
          action=AuditLog.Action.CREATE, user=user, reason=reason,
          new={"number": game.number, "team_points": game.as_engine()["team_points"],
               "team_tricks": [game.trick_a, game.trick_b], "defeat_points": result["defeat_points"]})
    return game


@transaction.atomic
def delete_last_game(*, table, user, reason=""):
    """Delete the table's last game (a mistyped game is deleted and entered again)."""
    permissions.require_enter_at(user, table)
    lock_tournament(table.round.tournament_id)
    check_round_writable(table.round, reason, user)
    game = table.ziege_games.order_by("-number").first()
    if game is None:
        raise ValidationError(_("There is no game to delete."), code="no_game")
    audit(tournament=table.round.tournament, table=table, obj_type=AuditLog.Kind.GAME, obj_id=game.pk,
          action=AuditLog.Action.DELETE, user=user, reason=reason,
          old={"number": game.number, "team_points": game.as_engine()["team_points"],
               "team_tricks": [game.trick_a, game.trick_b]})
    game.delete()


def round_progress(round_):
    """Per table of a Ziege round, in the keys of ``results.selectors.round_progress``: a table is complete when
    it has finished a series (a team reached 12) or was ended early; ``series`` counts its finished series."""
    games = {}
    for game in ZiegeGame.objects.filter(table__round=round_).order_by("table_id", "number"):
        games.setdefault(game.table_id, []).append(game.as_engine())
    progress = []
    for t in round_.tables.order_by("number"):
        played = games.get(t.pk, [])
        finished = sum(1 for s in ziege.split_series(played) if s["ended_after"] is not None)
        progress.append({"table": t, "number": t.number, "size": t.size, "entered": len(played),
                         "planned": t.games_planned, "totals_only": False, "ended_early": t.ended_early,
                         "not_counted": t.not_counted, "end_reason": t.end_reason, "series": finished,
                         "complete": t.ended_early or finished > 0})
    return progress


def table_teams(table):
    """``(team A, team B)`` of a Ziege table: the ``ZiegePair`` of the players at positions 0 and 1."""
    seats = {s.position: s.entry for s in table.seats.select_related("entry__player")}
    teams = []
    for position in (0, 1):
        entry = seats.get(position)
        pair = entry and (getattr(entry, "ziege_first", None) or getattr(entry, "ziege_second", None))
        teams.append(pair)
    return teams


def sheet(games):
    """The rows of a Ziege sheet from stored games in order: per game its card points, tricks, defeat points,
    the running defeat points of its series, the series number and whether it ended the series (and who won).
    Returns ``{"rows": [...], "series": [series results], "current": [a, b]}``."""
    games = list(games)
    engine_games = [g.as_engine() for g in games]
    series_list = ziege.split_series(engine_games)
    rows, index = [], 0
    for number, result in enumerate(series_list, start=1):
        for position, after in enumerate(result["after"]):
            game = games[index]
            dp = ziege.score(engine_games[index])["defeat_points"]
            ended = result["ended_after"] == position + 1
            rows.append({"number": game.number, "series": number, "points_a": game.points_a,
                         "points_b": 120 - game.points_a, "trick_a": game.trick_a, "trick_b": game.trick_b,
                         "defeat_a": dp[0], "defeat_b": dp[1], "running_a": after[0], "running_b": after[1],
                         "ended": ended, "winner": result["winner"] if ended else None})
            index += 1
    current = [0, 0]
    if series_list and series_list[-1]["ended_after"] is None:
        current = series_list[-1]["defeat_points"]
    return {"rows": rows, "series": series_list, "current": current}
