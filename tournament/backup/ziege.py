"""The Ziege part of a backup (docs/backup.md "Ziege"): a Ziege tournament's teams of two, the byes of its rounds
and the games of its tables, by natural keys like the rest of the document.

In the document (only a Ziege tournament has these keys; a file without them has none): ``"ziege_teams"`` —
``{"number", "first", "second", "lot"}`` with the players' start numbers; per round ``"byes"`` — the team numbers
with a bye; per table ``"ziege_games"`` — ``{"number", "points_a", "trick_a", "trick_b", "keyed_seat",
"confirmed_seat", "confirmed_at"}`` (the last three: who keyed and confirmed a game at the table; a file without them
reads as entered in the office). Reading checks every value against its field, every reference, that the two teams of a
table sit opposite (positions 1 and 3 one team, 2 and 4 the other), that a team with a bye is at no table of the round,
and every game against the engine (``scoring.ziege``: 119 or 1 point, points without a trick are refused).
"""

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import ScoringError, score_game
from tournament.backup.format import load_fields, member, problem
from tournament.games import kind_of
from tournament.models import ZiegeBye, ZiegeGame, ZiegePair

PAIR_FIELDS = ("number", "lot")
GAME_FIELDS = ("number", "points_a", "trick_a", "trick_b", "keyed_seat", "confirmed_seat", "confirmed_at")


def is_ziege(tournament):
    return kind_of(tournament).teams        # its teams, byes and games are in the backup


# ---------------------------------------------------------------------------------------------------- export


def export_teams(t, number):
    """The teams of ``t`` (``number``: start number by entry id)."""
    return [{"number": p.number, "first": number[p.first_id], "second": number[p.second_id], "lot": p.lot}
            for p in ZiegePair.objects.filter(tournament=t).order_by("number")]


def export_byes(t):
    """{round id: team numbers with a bye}."""
    byes = {}
    for round_id, team in (ZiegeBye.objects.filter(round__tournament=t).order_by("pair__number")
                           .values_list("round_id", "pair__number")):
        byes.setdefault(round_id, []).append(team)
    return byes


def export_games(t):
    """{table id: the table's games in order}, each a ``ZiegeGame``."""
    games = {}
    for game in ZiegeGame.objects.filter(table__round__tournament=t).order_by("table_id", "number"):
        games.setdefault(game.table_id, []).append(game)
    return games


def game_row(game):
    return {name: getattr(game, name) for name in GAME_FIELDS}


# ---------------------------------------------------------------------------------------------------- read


def read_teams(doc, plan, entries):
    """The teams of the document as unsaved ``ZiegePair``s, by team number (``plan.ziege_pairs`` too)."""
    raw_teams = doc.get("ziege_teams", [])
    if raw_teams and not is_ziege(plan.tournament):
        raise problem(_("Ziege teams"), _("This tournament does not play Ziege."))
    if not isinstance(raw_teams, list):
        raise problem(_("document"), _("“%(key)s” must be a list") % {"key": "ziege_teams"})
    pairs, paired = {}, set()
    for raw in raw_teams:
        where = _("Ziege team %(number)s") % {"number": raw.get("number") if isinstance(raw, dict) else "?"}
        pair = ZiegePair(tournament=plan.tournament, **load_fields(ZiegePair, raw, PAIR_FIELDS, where))
        if pair.number in pairs:
            raise problem(where, _("the team occurs twice"))
        players = [member(raw, key, where) for key in ("first", "second")]
        for number in players:
            if not isinstance(number, int) or isinstance(number, bool) or number not in entries:
                raise problem(where, _("no entry has start number %(number)s") % {"number": number})
            if number in paired or players[0] == players[1]:
                raise problem(where, _("start number %(number)s plays in two teams") % {"number": number})
            paired.add(number)
        pair.first, pair.second = entries[players[0]], entries[players[1]]
        pairs[pair.number] = pair
    plan.ziege_pairs = list(pairs.values())
    return pairs


def team_of(pairs):
    """{start number: team number}."""
    return {e.start_number: p.number for p in pairs.values() for e in (p.first, p.second)}


def read_byes(raw_round, round_, pairs, plan, where):
    byes = raw_round.get("byes", [])
    if not isinstance(byes, list) or not all(isinstance(n, int) and not isinstance(n, bool) for n in byes):
        raise problem(where, _("“%(key)s” must be a list") % {"key": "byes"})
    if byes and not is_ziege(plan.tournament):
        raise problem(where, _("This tournament does not play Ziege."))
    for number in byes:
        if number not in pairs or byes.count(number) > 1:
            raise problem(where, _("unknown Ziege team %(number)s") % {"number": number})
        plan.ziege_byes.append(ZiegeBye(round=round_, pair=pairs[number]))
    return set(byes)


def check_byes(plan, round_, byes, pairs, tables):
    """A team with a bye sits at no table of its round."""
    teams = team_of(pairs)
    seated = {teams.get(e.start_number) for p in tables if p.table.round is round_ for e in p.seats}
    both = sorted(byes & seated)
    if both:
        raise problem(_("round %(round)s") % {"round": round_.number},
                      _("Ziege team %(number)s has a bye and a table") % {"number": both[0]})


def read_games(raw_table, table_plan, pairs, plan, where, check_scores):
    """A Ziege table: its seats are two teams opposite each other; its games as unsaved ``ZiegeGame``s."""
    games = raw_table.get("ziege_games", [])
    if not isinstance(games, list):
        raise problem(where, _("“%(key)s” must be a list") % {"key": "ziege_games"})
    if not is_ziege(plan.tournament):
        if games:
            raise problem(where, _("This tournament does not play Ziege."))
        return
    if raw_table.get("games") or raw_table.get("totals") is not None:
        raise problem(where, _("a Ziege table has no Cego games or totals"))
    teams = team_of(pairs)
    sides = [[teams.get(e.start_number) for e in table_plan.seats[position::2]] for position in (0, 1)]
    if table_plan.table.size != 4 or any(None in side or side[0] != side[1] for side in sides) \
            or sides[0][0] == sides[1][0]:
        raise problem(where, _("the seats are not two Ziege teams, partners opposite"))
    for index, raw in enumerate(games, start=1):
        where_game = _("round %(round)s, table %(table)s, game %(game)s") % {
            "round": table_plan.table.round.number, "table": table_plan.table.number, "game": index}
        game = ZiegeGame(table=table_plan.table, **load_fields(ZiegeGame, raw, GAME_FIELDS, where_game))
        if game.number != index:
            raise problem(where_game, _("the games must be numbered 1, 2, 3 … in order"))
        if check_scores:
            try:
                score_game(game.as_engine())
            except ScoringError as err:
                raise problem(where_game, _("not a legal game: %(error)s")
                              % {"error": err.message(get_language() or "de")}) from None
        table_plan.ziege_games.append(game)
    plan.ziege_games += table_plan.ziege_games


# ---------------------------------------------------------------------------------------------------- load


def save(plan, batch):
    """Save the teams (after the entries), the byes and the games (after rounds and tables)."""
    ZiegePair.objects.bulk_create(plan.ziege_pairs, batch_size=batch)
    ZiegeBye.objects.bulk_create(plan.ziege_byes, batch_size=batch)
    ZiegeGame.objects.bulk_create(plan.ziege_games, batch_size=batch)

