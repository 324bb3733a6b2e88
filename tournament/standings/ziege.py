"""Standings of a Ziege tournament (docs/standings.md "Ziege"): teams ranked by series won, then by the
difference of defeat points given and received, then by lot (``scoring.ziege.ranking_key``, the one rule).

Every game counts its defeat points, a series counts as won when it is finished (a team reached 12) — the
unfinished series at the end of a round counts for nobody's series. A bye counts as one series won with 0:0
defeat points. Tables whose round is not counted (``Table.not_counted``) are left out.
"""

from scoring import ziege
from tournament.models import Seat, ZiegeBye, ZiegeGame


def standings(tournament):
    """Rows in ranking order: ``rank, number, pair, players, series_won, series_lost, given, received, diff,
    byes, tables, by_lot``; equal keys but the lot share a rank only if the lots are equal (they never are)."""
    pairs = list(tournament.ziege_pairs.select_related("first__player", "second__player"))
    team_of = {}
    stats = {}
    for pair in pairs:
        team_of[pair.first_id] = team_of[pair.second_id] = pair
        stats[pair.pk] = {"pair": pair, "number": pair.number,
                          "players": f"{pair.first.player.full_name} / {pair.second.player.full_name}",
                          "series_won": 0, "series_lost": 0, "given": 0, "received": 0, "byes": 0, "tables": 0}
    sides = {}
    for table_id, position, entry_id in (Seat.objects.filter(round__tournament=tournament, position__lte=1,
                                                             table__not_counted=False)
                                         .values_list("table_id", "position", "entry_id")):
        pair = team_of.get(entry_id)
        if pair is not None:
            sides.setdefault(table_id, [None, None])[position] = pair.pk
    games = {}
    for game in ZiegeGame.objects.filter(table_id__in=sides).order_by("table_id", "number"):
        games.setdefault(game.table_id, []).append(game.as_engine())
    for table_id, (a, b) in sides.items():
        if a is None or b is None:
            continue
        stats[a]["tables"] += 1
        stats[b]["tables"] += 1
        for result in ziege.split_series(games.get(table_id, [])):
            dp_a, dp_b = result["defeat_points"]
            stats[a]["received"] += dp_a
            stats[a]["given"] += dp_b
            stats[b]["received"] += dp_b
            stats[b]["given"] += dp_a
            if result["winner"] is not None:
                won, lost = (a, b) if result["winner"] == "A" else (b, a)
                stats[won]["series_won"] += 1
                stats[lost]["series_lost"] += 1
    for pair_id in ZiegeBye.objects.filter(round__tournament=tournament).values_list("pair_id", flat=True):
        if pair_id in stats:
            stats[pair_id]["byes"] += 1
            stats[pair_id]["series_won"] += 1
    rows = sorted(stats.values(), key=lambda r: ziege.ranking_key(
        series_won=r["series_won"], defeat_given=r["given"], defeat_received=r["received"],
        lot=r["pair"].lot if r["pair"].lot is not None else 10**9 + r["number"]))
    # ``by_lot``: separated from a neighbour by the lot alone (equal series and difference), as ``ranking.Row``
    before_lot = [ziege.ranking_key(series_won=r["series_won"], defeat_given=r["given"],
                                    defeat_received=r["received"])[:2] for r in rows]
    for rank, row in enumerate(rows, start=1):
        row["rank"] = rank
        row["diff"] = row["given"] - row["received"]
        row["by_lot"] = before_lot[rank - 1] in before_lot[max(0, rank - 2):rank - 1] + before_lot[rank:rank + 1]
    return rows
