"""The seat-draw adapter: reads the ORM, runs the pure ``tournament.seating.draw``, saves tables and seats.

Like Tabbycat's ``draw/manager.py``: the generator knows nothing of models; this module maps a tournament
(present entries, earlier rounds, teams, the season's earlier meetings and balance) to its inputs.
"""

import secrets
from collections import Counter

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament import seating
from tournament.audit.log import audit
from tournament.draws.links import issue_links
from tournament.draws.offiziers import draw_pairs
from tournament.games import kind_of
from tournament.models import AuditLog, Round, Seat, Table
from tournament.models.locks import lock_tournament
from tournament.results.engine import ruleset_for
from tournament.staff import permissions
from tournament.standings.services import draw_missing_lots


def present_entries(tournament):
    """Who is drawn: entries not withdrawn; if anyone is checked in, only those checked in."""
    entries = tournament.entries.filter(withdrawn=False).select_related("player")
    if entries.filter(checked_in=True).exists():
        entries = entries.filter(checked_in=True)
    return list(entries.order_by("start_number"))


def _frozen_rounds(tournament, before):
    rounds = []
    seats = (Seat.objects.filter(round__tournament=tournament, round__number__lt=before)
             .select_related("entry").order_by("round__number", "table__number", "position"))
    by_round = {}
    for s in seats:
        by_round.setdefault(s.round_id, {}).setdefault(s.table_id, []).append(s.entry.player_id)
    for _round_id, tables in sorted(by_round.items(), key=lambda kv: kv[0]):
        rounds.append(list(tables.values()))
    return rounds


def season_history(tournament):
    """Earlier meetings in the season (other tournaments before this one), first deals and odd-table seats."""
    seats = (Seat.objects.filter(round__tournament__season=tournament.season,
                                 round__tournament__date__lte=tournament.date)
             .exclude(round__tournament=tournament)
             .values_list("table_id", "entry__player_id", "position", "table__size"))
    tables, dealt, odd = {}, Counter(), Counter()
    for table_id, player_id, position, size in seats:
        tables.setdefault(table_id, []).append(player_id)
        if position == 0:
            dealt[player_id] += 1
        if size != 4:
            odd[player_id] += 1
    meetings = Counter()
    for players in tables.values():
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                meetings[(min(a, b), max(a, b))] += 1
    return [[a, b, k] for (a, b), k in meetings.items()], dict(dealt), dict(odd)


def check_drawable(tournament, number):
    """What every draw of round ``number`` checks first, whatever the game (Cego, Offiziers-Cego, Ziege): not drawn
    yet, the round before it drawn, and within the tournament's rounds. Call it under the tournament lock."""
    if tournament.round_set.filter(number=number).exists():
        raise ValidationError(_("Round %(n)s is already drawn. Delete its draw first.") % {"n": number},
                              code="already_drawn")
    if number > 1 and not tournament.round_set.filter(number=number - 1).exists():
        raise ValidationError(_("Draw round %(n)s first.") % {"n": number - 1}, code="previous_missing")
    if number > tournament.round_count:
        raise ValidationError(_("The tournament has only %(n)s rounds.") % {"n": tournament.round_count},
                              code="no_such_round")


@transaction.atomic
def draw_round(*, tournament, number, user, seed=None):
    """Draw round ``number`` (earlier rounds must exist and stay frozen) and save its tables and seats."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)          # two draws of one round take turns: the second is told it is drawn
    check_drawable(tournament, number)
    entries = present_entries(tournament)
    if kind_of(tournament).seats == (2, 2):      # tables of two: pairs (Offiziers-Cego)
        return _draw_offiziers(tournament, number, entries, user, seed)
    by_player = {e.player_id: e for e in entries}
    rs = ruleset_for(tournament)
    if 4 not in rs.players:
        raise ValidationError(_("Draws for rulesets without tables of 4 (pure Dreier) are not supported."),
                              code="no_four_tables")
    leftover = 3 if 3 in rs.players else 5
    if not tournament.seed and seed is None:
        tournament.seed = secrets.token_hex(4)
        tournament.save(update_fields=["seed"])
    seed = seed or tournament.seed
    history, dealt, odd = season_history(tournament)
    groups = []
    if tournament.keep_teams_apart:
        teams = {}
        for e in entries:
            if e.team_id:
                teams.setdefault(e.team_id, []).append(e.player_id)
        groups = [g for g in teams.values() if len(g) > 1]
    try:
        # Plan the whole day (frozen rounds kept) and save this round: one round at a time leaves repeats
        # in small fields that a plan of all rounds avoids (docs/seating.md).
        result = seating.draw(list(by_player), tournament.round_count, seed=seed, history=history, groups=groups,
                              frozen_rounds=_frozen_rounds(tournament, number), leftover=leftover,
                              dealer_history=dealt, odd_history=odd)
    except seating.SeatingError as err:
        raise ValidationError(_("The draw is not possible: %(reason)s") % {"reason": seating_message(err)},
                              code=f"seating_{err.code}") from None
    round_ = Round.objects.create(tournament=tournament, number=number, seed=str(seed),
                                  algorithm=result.algorithm, input_hash=result.input_hash)
    for t_index, players in enumerate(result.rounds[number - 1], start=1):
        table = Table.objects.create(round=round_, number=t_index, size=len(players),
                                     games_planned=tournament.games_per_round(len(players)))
        Seat.objects.bulk_create(Seat(round=round_, table=table, entry=by_player[p], position=pos)
                                 for pos, p in enumerate(players))
    issue_links(round_, user)               # every table's secret link for entry at the table
    draw_missing_lots([tournament.pk])      # from now on the standings rank the field, ties by lot
    start_playing(tournament, user)
    audit(tournament=tournament, obj_type=AuditLog.Kind.ROUND, obj_id=round_.pk, action=AuditLog.Action.DRAW, user=user,
           new={"round": number, "seed": str(seed), "algorithm": result.algorithm, "input_hash": result.input_hash,
                "players": len(by_player), "stats": result.stats(),
                "tables": dict(Counter(str(len(players)) for players in result.rounds[number - 1]))})
    return round_


def start_playing(tournament, user):
    """What a draw does to its tournament (every game's draw calls it, inside its transaction): a tournament in
    registration is running, and one not yet published becomes public unless the director chose to keep it
    hidden (``publish_with_draw``, docs/director.md "Published when it should be"), with its own audit row."""
    if tournament.status == tournament.Status.REGISTRATION:
        tournament.status = tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    if not tournament.published and tournament.publish_with_draw:
        tournament.published = True
        tournament.save(update_fields=["published"])
        audit(tournament=tournament, obj_type=AuditLog.Kind.TOURNAMENT, obj_id=tournament.pk,
              action=AuditLog.Action.UPDATE, user=user, old={"published": False}, new={"published": True},
              reason=_("published with the first draw"))


def _draw_offiziers(tournament, number, entries, user, seed):
    """Offiziers-Cego: tables of two, Swiss-style without repeats, one bye in an odd field (``draws.offiziers``)."""
    if len(entries) < 2:
        raise ValidationError(_("%(players)s players are too few; a draw needs at least %(minimum)s.")
                              % {"players": len(entries), "minimum": 2}, code="seating_too_few_players")
    if not tournament.seed and seed is None:
        tournament.seed = secrets.token_hex(4)
        tournament.save(update_fields=["seed"])
    seed = seed or tournament.seed
    draw_missing_lots([tournament.pk])      # the lot breaks ties of the standings the pairing follows
    round_, result = draw_pairs(tournament=tournament, number=number, entries=present_entries(tournament),
                                seed=seed)
    issue_links(round_, user)
    start_playing(tournament, user)
    bye = next((e.start_number for e in entries if e.pk == result.bye), None)
    audit(tournament=tournament, obj_type=AuditLog.Kind.ROUND, obj_id=round_.pk, action=AuditLog.Action.DRAW, user=user,
           new={"round": number, "seed": str(seed), "algorithm": round_.algorithm, "players": len(entries),
                "tables": {"2": len(result.tables)}, "bye": bye, "repeats": result.repeats})
    return round_


@transaction.atomic
def delete_draw(*, round_, user, reason=""):
    """Undo the draw of a round nobody has entered a result for (after late entries or withdrawals)."""
    permissions.require(user, permissions.DIRECT, round_.tournament)
    if round_.tournament.round_set.filter(number__gt=round_.number).exists():
        raise ValidationError(_("Delete the later rounds first."), code="later_rounds")
    if (round_.tables.filter(score_rows__isnull=False).exists()
            or round_.tables.filter(ziege_games__isnull=False).exists()):
        raise ValidationError(_("Results are entered in this round; its draw is frozen."), code="round_played")
    audit(tournament=round_.tournament, obj_type=AuditLog.Kind.ROUND, obj_id=round_.pk, action=AuditLog.Action.DELETE,
           user=user, old={"round": round_.number, "seed": round_.seed, "input_hash": round_.input_hash},
           reason=reason)
    round_.delete()


def seating_message(err):
    """The draw's input errors a director can meet, translated; the rest in the module's own words."""
    messages = {
        "too_few_players": _("%(players)s players are too few; a draw needs at least %(minimum)s."),
        "impossible_table_sizes": _("%(players)s players cannot be seated at tables of 4 and %(leftover)s."),
    }
    template = messages.get(err.code)
    try:
        return template % err.params if template else str(err)
    except (KeyError, TypeError):
        return str(err)

