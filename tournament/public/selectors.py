"""Reads for the public pages: published tournaments and seasons, the seat lookup, a player's games.

Only published tournaments are ever read here (``published=True`` in every entry point); everything else is a
404 for the public. Each function runs a fixed number of queries whatever the field size (the tests count them).
Rows are plain dicts for the templates; the words (won, lost, …) are the templates' business.

Vocabulary as in ``scoring.contracts``: *seat* is a 0-based position at a table (shown + 1), the *dealer* of
a game and the seat sitting out come from ``scoring.seats`` (``Table.deal``), the *declarer* plays alone
against the rest.
"""

from django.db import connection
from django.db.models import Count, Q, Sum
from django.shortcuts import get_object_or_404

from scoring.contracts import CONTRACTS, GOAL, POINT
from tournament.common import names, namesakes
from tournament.common.collation import name_key, person_key
from tournament.common.i18n import engine_lang
from tournament.draws.selectors import namesake_scope, number_text
from tournament.games import keys, kind_of
from tournament.models import (
    Adjustment,
    Entry,
    Game,
    Player,
    Round,
    Score,
    Season,
    Seat,
    Team,
    Tournament,
)
from tournament.results import offiziers
from tournament.standings import ranking as standings
from tournament.statistics.selectors import label as contract_label

SEARCH_LIMIT = 30


def published_tournaments():
    """Published tournaments, newest first, with their season, player count and drawn / unlocked rounds."""
    locked = Round.Status.LOCKED
    return (Tournament.objects.filter(published=True).select_related("season")
            .annotate(players=Count("entries", filter=Q(entries__withdrawn=False), distinct=True),
                      rounds_drawn=Count("round_set", distinct=True),
                      rounds_unlocked=Count("round_set", filter=~Q(round_set__status=locked), distinct=True))
            .order_by("-date", "-pk"))


# ``published_tournaments``' three counts for one tournament, in one plain statement: every public page rendered
# after a result asks for its tournament, and building the annotated query cost 2 ms of Python (10 % of a worker's
# CPU under the 1,000-player load, docs/load.md) against 0.2 ms for the statement. Portable (SQLite, PostgreSQL).
COUNTS = ("SELECT (SELECT COUNT(*) FROM {entry} WHERE tournament_id = %(pk)s AND NOT withdrawn), "
          "(SELECT COUNT(*) FROM {round} WHERE tournament_id = %(pk)s), "
          "(SELECT COUNT(*) FROM {round} WHERE tournament_id = %(pk)s AND status <> %(locked)s)")


def published_tournament(pk):
    """The published tournament ``pk`` (with the annotations of ``published_tournaments``, counted by ``COUNTS``;
    tests/public/test_public_queries.py keeps the two equal) or a 404."""
    t = get_object_or_404(Tournament.objects.filter(published=True).select_related("season"), pk=pk)
    with connection.cursor() as cursor:
        cursor.execute(COUNTS.format(entry=Entry._meta.db_table, round=Round._meta.db_table),
                       {"pk": t.pk, "locked": Round.Status.LOCKED})
        t.players, t.rounds_drawn, t.rounds_unlocked = cursor.fetchone()
    return t


def is_live(tournament):
    """Results may still change: a drawn round is not locked, or a running tournament has rounds to draw."""
    if tournament.rounds_unlocked:
        return True
    return tournament.status == Tournament.Status.RUNNING and tournament.rounds_drawn < tournament.round_count


def published_season(pk):
    """Season ``pk`` if it has at least one published tournament, else a 404."""
    return get_object_or_404(Season.objects.filter(tournaments__published=True).distinct(), pk=pk)


def season_team_rows(season):
    """Teams of the season ranked by their members' totals over the *published* tournaments only."""
    filters = Q(entries__tournament__season=season, entries__tournament__published=True)
    teams = Team.objects.filter(season=season).annotate(
        total_points=Sum("entries__total", filter=filters),
        members=Count("entries__player", filter=filters, distinct=True))
    rows = [standings.Row(key=t.pk, total=t.total_points or 0,
                          data={"team_id": t.pk, "name": t.name, "members": t.members})
            for t in sorted(teams, key=lambda t: name_key(t.name)) if t.members]
    return standings.rank(rows, ())


def season_has_ziege(season):
    """Whether the season has a published Ziege tournament (its season pages then show the Ziege tab)."""
    return season.tournaments.filter(published=True, game__in=keys(teams=True)).exists()


def has_teams(tournament):
    return Entry.objects.filter(tournament=tournament, team__isnull=False).exists()


# --- "Where do I sit?" --------------------------------------------------------------------------------------

QUERY_CHARS = 100


def find_entries(tournament, query):
    """Entries matching ``query``: a start number ("12", "#12") or words that each match a first or last name
    (``names.query_matches``)."""
    text = (query or "")[:QUERY_CHARS].strip().lstrip("#").strip()     # typed by anyone: bounded
    if not text:
        return []
    entries = Entry.objects.filter(tournament=tournament).select_related("player")
    if text.isdecimal():
        return list(entries.filter(start_number=int(text)))
    # Matched and ordered in Python (German names, ``common.names``; German order, ``collation``): one
    # tournament's field is small. "weiss" finds "Weiß", "Mueller" finds "Müller", one typo is tolerated.
    found = sorted((e for e in entries if names.query_matches(text, e.player.first_name, e.player.last_name)),
                   key=lambda e: person_key(e.player, e.start_number))
    return found[:SEARCH_LIMIT]


def _person(seat, me=None):
    p = seat.entry.player
    return {"seat": seat.position + 1, "position": seat.position, "entry_id": seat.entry_id,
            "start_number": seat.entry.start_number, "name": p.full_name, "first_name": p.first_name,
            "last_name": p.last_name, "town": p.town, "me": seat.entry_id == me}


def _labels(people, scope):
    """``common.namesakes`` labels of a table's people (``_person`` dicts), in their order."""
    return namesakes.labels([namesakes.Person(p["first_name"], p["last_name"], p["town"], p["start_number"])
                             for p in people], scope, number_text)


def _tell_apart(people, scope):
    """Each person of a table with what tells a namesake in the tournament apart: ``label`` (the name with the
    town or start number: "Marie-Luise Schwörer (Triberg)") and ``number_tag`` (the start number, "Nr. 12",
    where the town alone would not: a list that shows the town anyway adds this)."""
    for p, label in zip(people, _labels(people, scope), strict=True):
        p["label"] = label.full
        p["number_tag"] = label.tag if label.tag and not label.by_town else ""
    return people


def seat_plan(entry):
    """The entry's table and seat in every drawn round, newest round first, with everyone at that table."""
    own = list(Seat.objects.filter(entry=entry).select_related("table", "round").order_by("-round__number"))
    people = {}
    for seat in (Seat.objects.filter(table_id__in=[s.table_id for s in own]).select_related("entry__player")
                 .order_by("position")):
        people.setdefault(seat.table_id, []).append(_person(seat, me=entry.pk))
    scope = namesake_scope(entry.tournament_id) if people else []
    return [{"round": s.round.number, "status": s.round.status, "table": s.table.number, "seat": s.position + 1,
             "size": s.table.size, "people": _tell_apart(people.get(s.table_id, []), scope)} for s in own]


# --- A player's games ---------------------------------------------------------------------------------------

def short_names(people, scope=()):
    """{position: short name}: the first name, with the last name's initial (or all of it) when needed; two
    namesakes at the table by their ``common.namesakes`` short label ("Marie-Luise S. (Nr. 12)")."""
    def unique(make):
        names = [make(p) for p in people]
        return len(set(names)) == len(names), names

    labels = {}

    def apart(p):
        if not labels:
            labels.update({q["position"]: label.short for q, label in zip(people, _labels(people, scope), strict=True)})
        return labels[p["position"]]

    for make in (lambda p: p["first_name"], lambda p: f"{p['first_name']} {p['last_name'][:1]}.",
                 lambda p: p["name"], apart):
        ok, names = unique(make)
        if ok:
            break
    return {p["position"]: name for p, name in zip(people, names, strict=True)}


def _game_row(game, table, me_position, names, points, lang):
    contract = CONTRACTS.get(game.contract)
    kind = contract.kind if contract else ""
    deal = table.deal(game.number)
    return {
        "number": game.number,
        "contract": contract.name(lang) if contract else contract_label(game.contract, lang), "kind": kind,
        "dealer": names.get(deal.dealer, ""), "declarer": names.get(game.declarer, "") if game.declarer is not None
        else "", "declarer_is_me": game.declarer == me_position, "card_points": game.card_points,
        "tricks": game.tricks, "won": game.won, "calls": game.calls,
        "penalty": names.get(game.penalty, "") if game.penalty is not None else "",
        "penalty_is_me": game.penalty == me_position, "sits_out": deal.sitting_out == me_position,
        "point_game": kind == POINT, "goal_game": kind == GOAL, "points": points, "explanation": game.explanation,
    }


def player_games(entry):
    """Every game at each of the entry's tables, round by round, with the entry's points and running total.

    The points are the stored ``Score`` rows of the entry (what the standings add up); a table entered as
    totals only contributes one row with its sheet total. Returns ``{"tables": [...], "totals": [...],
    "breaks": [(index, round number), ...], "adjustments": [...], "games_sum": int}``.
    """
    lang = engine_lang()
    own = list(Seat.objects.filter(entry=entry).select_related("table", "round__tournament")
               .order_by("round__number"))
    pairs = own and kind_of(own[0].round.tournament).sheet_layout == "pair"     # seat 1's points: the pack's rest
    pack = offiziers.offiziers_pack(own[0].round.tournament) if pairs else None
    table_ids = [s.table_id for s in own]
    people = {}
    for seat in (Seat.objects.filter(table_id__in=table_ids).select_related("entry__player")
                 .order_by("position")):
        people.setdefault(seat.table_id, []).append(_person(seat, me=entry.pk))
    games = {}
    for game in Game.objects.filter(table_id__in=table_ids).order_by("number"):
        games.setdefault(game.table_id, []).append(game)
    by_game, sheet_totals = {}, {}
    for table_id, game_id, points in Score.objects.filter(entry=entry).values_list("table_id", "game_id", "points"):
        if game_id is None:
            sheet_totals[table_id] = points
        else:
            by_game[game_id] = points
    scope = namesake_scope(entry.tournament_id) if people else []
    running, totals, breaks, blocks = 0, [], [], []
    for seat in own:
        table = seat.table
        table_people = people.get(table.pk, [])
        names = short_names(table_people, scope)
        if totals:
            breaks.append((len(totals), seat.round.number))
        rows = []
        for game in games.get(table.pk, []):
            points = by_game.get(game.pk)
            if points is None and seat.position < len(game.scores or []):
                points = game.scores[seat.position]
            running += points or 0
            totals.append(running)
            row = _game_row(game, table, seat.position, names, points or 0, lang)
            if pack is not None:
                row.update(offiziers.player_cells(game, seat.position, pack, points or 0))
            row["running"] = running
            rows.append(row)
        sheet_total = sheet_totals.get(table.pk)
        if sheet_total is not None:
            running += sheet_total
            totals.append(running)
        blocks.append({"round": seat.round.number, "status": seat.round.status, "table": table.number,
                       "seat": seat.position + 1, "size": table.size, "planned": table.games_planned,
                       "people": [dict(p, short=names[p["position"]]) for p in _tell_apart(table_people, scope)],
                       "games": rows,
                       "sheet_total": sheet_total, "running": running,
                       "sum": sum(r["points"] for r in rows) + (sheet_total or 0)})
    adjustments = list(Adjustment.objects.filter(entry=entry).order_by("created_at", "pk")
                       .values("points", "reason"))
    return {"tables": blocks, "totals": totals, "breaks": breaks, "adjustments": adjustments,
            "games_sum": running, "adjustments_sum": sum(a["points"] for a in adjustments)}


# --- The API's reads (``public.api``): the same published-only rule ---------------------------------------------

def round_tables(tournament):
    """Every drawn round of ``tournament`` with its tables and who sits where: what "Where do I sit?" shows for one
    player, for all of them (two queries)."""
    rounds = {r.pk: {"number": r.number, "status": r.status, "tables": {}}
              for r in Round.objects.filter(tournament=tournament).order_by("number")}
    seats = (Seat.objects.filter(round__tournament=tournament)
             .select_related("table", "entry__player").order_by("table__number", "position"))
    for seat in seats:
        tables = rounds[seat.round_id]["tables"]
        table = tables.setdefault(seat.table_id, {"number": seat.table.number, "size": seat.table.size,
                                                  "seats": []})
        p = seat.entry.player
        table["seats"].append({"seat": seat.position + 1, "entry_id": seat.entry_id,
                               "start_number": seat.entry.start_number, "name": p.full_name, "town": p.town})
    return [dict(r, tables=list(r["tables"].values())) for r in rounds.values()]


def published_entries_of(player_pk):
    """The player and their entries in published tournaments, oldest day first (one query each), or a 404."""
    player = get_object_or_404(Player.objects.filter(entries__tournament__published=True).distinct(), pk=player_pk)
    entries = list(Entry.objects.filter(player=player, tournament__published=True)
                   .select_related("tournament").order_by("tournament__date", "tournament_id"))
    return player, entries
