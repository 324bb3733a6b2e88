"""The API's answers as plain dicts, read by the public pages' own selectors: published only, the same rows, the
same ranks. Links are paths on this site (an answer is stored once for every host name the site answers to)."""

from django.urls import reverse
from django.utils import timezone

from tournament.games import kind_of
from tournament.public import cache as public_cache
from tournament.public import selectors as public_queries
from tournament.registration import prereg
from tournament.standings import selectors as standings_queries
from tournament.standings.categories import chosen_category


def categories(choices):
    return [{"key": key, "label": str(label)} for key, label in choices]


def day(t):
    """A tournament annotated by ``public_queries.published_tournaments``."""
    teams = kind_of(t).teams
    return {
        "id": t.pk, "season_id": t.season_id, "name": t.name, "date": t.date, "start_time": t.start_time,
        "venue": t.venue, "venue_address": t.venue_address, "host": t.host, "game": t.game, "state": t.status,
        "live": public_queries.is_live(t),
        "provisional": t.rounds_drawn < t.round_count or bool(t.rounds_unlocked),
        "round_count": t.round_count, "rounds_drawn": t.rounds_drawn, "players": t.players,
        "registration_url": reverse("public:preregister", args=[t.pk]) if prereg.is_open(t) else None,
        "url": reverse("public:tournament", args=[t.pk]),
        "standings": None if teams else reverse("api:standings", args=[t.pk]),
    }


def season_summary(s):
    return {"id": s.pk, "name": s.name, "year": s.year, "url": reverse("public:season", args=[s.pk]),
            "api": reverse("api:season", args=[s.pk])}


def seasons():
    found = []
    for t in public_queries.published_tournaments().order_by("-season__year", "season__name", "season_id"):
        if t.season not in found:
            found.append(t.season)
    return [season_summary(s) for s in found]


def next_day(days, today=None):
    """The first day of ``days`` (date order) today or later that is not finished."""
    today = today or timezone.localdate()
    return next((d for d in days if d["date"] >= today and d["state"] != "finished"), None)


def season(pk):
    s = public_queries.published_season(pk)
    days = [day(t) for t in public_queries.published_tournaments().filter(season=s).order_by("date", "pk")]
    _category, choices = chosen_category(s, None)
    return {**season_summary(s), "best_n": s.best_n, "categories": categories(choices), "days": days,
            "next_day": next_day(days)}


def tournament(pk):
    return day(public_queries.published_tournament(pk))


def player_url_prefix(tournament_pk):
    """The player pages' path without the entry id, built once per list (as ``tables.StandingsTable`` does):
    300 ``reverse`` calls cost more than the rest of the answer."""
    return reverse("public:player", args=[tournament_pk, 0]).removesuffix("0/")


def entry_row(row, prize_keys, provisional, prefix):
    d = row.data
    return {"rank": row.rank, "tied": row.tied, "by_lot": row.by_lot, "entry_id": d["entry_id"],
            "player_id": d["player_id"], "start_number": d["start_number"], "name": d["name"], "town": d["town"],
            "team": d["team"], "rounds": list(row.round_scores), "adjustments": d["adjustments"], "total": row.total,
            "declarer_won": row.declarer_won, "declarer_lost": row.declarer_lost, "withdrawn": d["withdrawn"],
            "prize": row.key in prize_keys, "provisional": provisional,
            "url": f"{prefix}{d['entry_id']}/"}


def standings(pk, version, category_key):
    """The standings page's rows (``public_cache.standings``: the very object the page renders) — a 404 for a
    Ziege evening, whose standings are teams of two (not in v1)."""
    t = public_queries.published_tournament(pk)
    if kind_of(t).teams:
        return None
    category, choices = chosen_category(t.season, category_key)
    result = public_cache.standings_at(t, version.data, category)
    prize_keys, prefix = {r.key for r in result.prizes}, player_url_prefix(t.pk)
    return {"tournament_id": t.pk, "provisional": result.provisional, "live": public_queries.is_live(t),
            "category": category, "categories": categories(choices), "rounds": list(result.rounds),
            "entries": [entry_row(r, prize_keys, result.provisional, prefix) for r in result.rows]}


def rounds(pk):
    t = public_queries.published_tournament(pk)
    return {"tournament_id": t.pk, "rounds": public_queries.round_tables(t)}


def season_standings(pk, category_key):
    s = public_queries.published_season(pk)
    category, choices = chosen_category(s, category_key)
    result = standings_queries.season_standings(s, category=category, published_only=True)
    ids = [t.pk for t in result.columns]
    entries = []
    for row in result.rows:
        d = row.data
        counted = set(d["counted"])
        entries.append({
            "rank": row.rank, "tied": row.tied, "player_id": d["player_id"], "name": d["name"], "town": d["town"],
            "participations": d["participations"], "total": row.total,
            "results": [{"tournament_id": pk, "points": points, "counted": index in counted}
                        for index, (pk, points) in enumerate(zip(ids, d["per_tournament"], strict=True))]})
    return {"season_id": s.pk, "provisional": result.provisional, "best_n": s.best_n, "category": category,
            "categories": categories(choices),
            "days": [{"id": t.pk, "name": t.name, "date": t.date} for t in result.columns], "entries": entries}


def player(pk, version):
    """Every published day of the player with rank and total from that day's standings (kept per data version,
    shared with the standings pages); ``version.key``: (tournament id, data version) of each day."""
    p, entries = public_queries.published_entries_of(pk)
    versions = dict(version.key)
    days = []
    for e in entries:
        t = e.tournament
        row, size, provisional = None, 0, False
        if not kind_of(t).teams:
            result = public_cache.standings_at(t, versions.get(t.pk))
            row = next((r for r in result.rows if r.key == e.pk), None)
            size, provisional = len(result.rows), result.provisional
        days.append({"tournament_id": t.pk, "season_id": t.season_id, "name": t.name, "date": t.date,
                     "entry_id": e.pk, "rank": row.rank if row else None, "total": row.total if row else e.total,
                     "field_size": size, "provisional": provisional,
                     "url": reverse("public:player", args=[t.pk, e.pk])})
    return {"id": p.pk, "name": p.full_name, "town": p.town, "days": days}
