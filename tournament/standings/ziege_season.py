"""Ziege in a season (docs/standings.md "Ziege in a season"): the season's Ziege tournaments form their own table.

A Ziege result — series won, defeat points given and received — is not on the scale of Cego points, so it is
neither added to nor compared with the Cego season standings (``selectors.season_standings`` leaves Ziege
tournaments out). Each player of a team gets the team's result of that tournament (``standings.ziege``, byes
included); partners may change from one evening to the next, so the table is per player. A player's season is
the sum over his counted Ziege tournaments — the season's *best N*, the best by series won, then by the
difference — ranked as a Ziege tournament ranks (``scoring.ziege.ranking_key``): series won, then the
defeat-point difference; players still equal share a rank (no lot over a season, as in the Cego table). A team
registered but never at a table nor given a bye did not take part.

Queries: two, plus four per Ziege tournament of the season (a season holds a handful).
"""

from scoring import ziege as rules
from tournament.common.collation import person_key
from tournament.games import keys
from tournament.standings import ranking
from tournament.standings import ziege as ziege_standings
from tournament.standings.selectors import Standings, is_running, with_round_counts


def ziege_tournaments(season, published_only=False):
    tournaments = with_round_counts(season.tournaments.filter(game__in=keys(teams=True)).order_by("date", "pk"))
    return list(tournaments.filter(published=True) if published_only else tournaments)


def _cells(tournaments):
    """{player id: [cell or None per tournament]} and {player id: Player}."""
    per_player, players = {}, {}
    for index, tournament in enumerate(tournaments):
        for row in ziege_standings.standings(tournament):
            if not row["tables"] and not row["byes"]:
                continue
            pair = row["pair"]
            for entry, partner in ((pair.first, pair.second), (pair.second, pair.first)):
                cell = {"series_won": row["series_won"], "series_lost": row["series_lost"], "given": row["given"],
                        "received": row["received"], "diff": row["diff"], "rank": row["rank"],
                        "partner": partner.player.full_name, "tournament_id": tournament.pk}
                per_player.setdefault(entry.player_id, [None] * len(tournaments))[index] = cell
                players[entry.player_id] = entry.player
    return per_player, players


def counted(cells, best_n):
    """The indexes of the cells that count: all, or the best ``best_n`` by series won, then difference."""
    played = sorted((i for i, c in enumerate(cells) if c is not None),
                    key=lambda i: (-cells[i]["series_won"], -cells[i]["diff"], i))
    return set(played if best_n is None else played[:best_n])


def season_ziege_standings(season, best_n=None, published_only=False):
    """The Ziege table of ``season``: ``Standings`` whose rows (``ranking.Row``, ``total`` = series won) carry
    ``per_tournament`` cells, ``counted`` indexes, ``series_won``, ``series_lost``, ``given``, ``received``,
    ``diff`` and ``participations``; ``columns`` are the Ziege tournaments, ``running`` those started and not
    finished (the table is provisional then)."""
    best_n = season.best_n if best_n is None else best_n
    tournaments = ziege_tournaments(season, published_only)
    per_player, players = _cells(tournaments)
    rows = []
    for player_id, cells in per_player.items():
        p = players[player_id]
        use = counted(cells, best_n)
        sums = {name: sum(cells[i][name] for i in use) for name in ("series_won", "series_lost", "given",
                                                                      "received")}
        rows.append(ranking.Row(key=player_id, total=sums["series_won"], data={
            **sums, "diff": sums["given"] - sums["received"], "player_id": player_id, "name": p.full_name,
            "last_name": p.last_name, "first_name": p.first_name, "town": p.town, "club": p.club,
            "participations": sum(1 for c in cells if c is not None), "per_tournament": cells,
            "counted": sorted(use)}))

    def key(row):
        return rules.ranking_key(series_won=row.data["series_won"], defeat_given=row.data["given"],
                                 defeat_received=row.data["received"])

    rows.sort(key=lambda r: (key(r), person_key(players[r.key], players[r.key].town, r.key)))
    previous = None
    for position, row in enumerate(rows, start=1):
        if previous is not None and key(previous) == key(row):
            row.rank, row.tied, previous.tied = previous.rank, True, True
        else:
            row.rank = position
        previous = row
    running = [t for t in tournaments if is_running(t)]
    return Standings(rows=rows, columns=tournaments, provisional=bool(running), running=running)
