"""Reads of registration: finding players by name, town or club, and the likely namesakes of a new player —
both through the one German-name matching (``common.names``); the check-in desk's counter and its undo."""

from functools import lru_cache

from django.db.models import Count
from rapidfuzz import process
from rapidfuzz.distance import OSA

from tournament.common import names
from tournament.common.collation import name_key
from tournament.models import AuditLog, Entry, Player, PlayerAlias
from tournament.registration.services import CHECK_IN_ALL
from tournament.staff import permissions

QUERY_CHARS = 100           # the search box allows 80; a longer query is cut, not compared word by word
NAMESAKES_SHOWN = 10
PLAYED_SHOWN = 5


def visible(players, user):
    """``players`` (a ``Player`` queryset) cut to those ``user`` may find (``staff.permissions.player_filter``);
    ``user=None`` (the system) finds all."""
    rule = None if user is None else permissions.player_filter(user)
    return players if rule is None else players.filter(rule)


def search_players(query, season=None, limit=50, *, visible_to=None):
    """Players whose name, town or club matches every word of ``query`` the German way (``names.query_matches``:
    "weiss" finds "Weiß", "Muller" and "Mueller" find "Müller", one typo tolerated); players with an entry in
    ``season`` first, then in German name order (``collation``). Returns (players, more) where ``more`` says the
    list was cut at ``limit``. ``visible_to``: the user searching — only the players he may see are candidates
    (``visible``; docs/director.md, "Who sees which players"); None (the system) searches all.

    The database can compute neither the match keys nor DIN 5007-2, so one narrow query reads the four text
    columns of every player and Python filters and orders them: each player's keys are computed once per process
    (``_keys``, cached), each typed word is compared once with the distinct keys (``_found``), and a player
    matches when every typed word found one of his keys — the same answer as ``names.query_matches`` for each
    player, in a fraction of the time (3,000 players: docs/director.md). Then the ``limit`` shown are read
    whole — sorting after the cut would show other players."""
    typed = names.words((query or "")[:QUERY_CHARS])
    if not typed:
        return [], False
    also = {}                       # the other spellings a merge kept (``PlayerAlias``) match as the player's own
    for player_id, *spelling in PlayerAlias.objects.values_list("player_id", "last_name", "first_name", "town"):
        also[player_id] = also.get(player_id, frozenset()) | _keys(*spelling)
    rows = [(r, _keys(*r[1:]) | also.get(r[0], frozenset()))
            for r in visible(Player.objects.all(), visible_to).values_list("pk", "last_name", "first_name", "town",
                                                                           "club")]
    vocabulary = list({k for _row, keys in rows for k in keys})
    wanted = [_found(word, vocabulary) for word in typed]
    matches = [row for row, keys in rows if all(keys & found for found in wanted)]
    in_season = {}
    if season is not None and matches:
        counted = (Entry.objects.filter(tournament__season=season, player_id__in=[m[0] for m in matches])
                   .values("player_id").annotate(n=Count("tournament", distinct=True)))
        in_season = {c["player_id"]: c["n"] for c in counted}
    order = sorted(matches, key=lambda m: (-in_season.get(m[0], 0), name_key(m[1], m[2], m[3], m[0])))
    chosen = [m[0] for m in order[:limit + 1]]
    found = Player.objects.in_bulk(chosen)
    result = []
    for pk in chosen:
        player = found[pk]
        if season is not None:
            player.season_entries = in_season.get(pk, 0)
        result.append(player)
    return result[:limit], len(result) > limit


@lru_cache(maxsize=20_000)
def _keys(*fields):
    """The match keys ``names.query_matches`` looks into: every word of every field and every whole field."""
    return frozenset(k for f in fields for k in [*names.words(f), names.match_key(f or "")] if k)


def _found(word, vocabulary):
    """The keys of ``vocabulary`` where the typed ``word`` is found (``names.word_found``: a prefix, or one typo —
    the typo candidates picked in C by rapidfuzz, then confirmed by ``names.similar``)."""
    near = process.extract(word, vocabulary, scorer=OSA.distance, score_cutoff=1, limit=None)
    return {k for k in vocabulary if k.startswith(word)} | {k for k, _d, _i in near if names.similar(word, k)}


def namesakes(first_name, last_name, town="", exclude=None, *, visible_to=None):
    """Players who are likely the same person as ``first_name last_name`` (``names.same_person``: equal under the
    German folding or one typo apart), the likeliest first: same town (folded) before other towns, the same
    spelling before a typo, then the most tournaments played. Each comes with ``played``: the tournaments that
    player already played (newest first, at most ``PLAYED_SHOWN``) and ``played_count``. ``visible_to``: the
    user registering — only players he may see are offered, and ``played`` names only tournaments he may know of
    (``permissions.sees_tournament``); the others are counted in ``played_count`` and ``hidden_count``."""
    if not names.words(first_name) or not names.words(last_name):
        return []
    candidates = visible(Player.objects.exclude(pk=exclude), visible_to)
    rows = [*candidates.values_list("pk", "first_name", "last_name", "town"),
            *PlayerAlias.objects.exclude(player_id=exclude).filter(player__in=candidates)
            .values_list("player_id", "first_name", "last_name", "town")]
    town_key = names.match_key(town)
    wanted = (names.match_key(first_name), names.match_key(last_name))
    likely = {}
    for pk, first, last, their_town in rows:         # a player's own name, then the spellings a merge kept
        if names.same_person(first_name, last_name, first, last):
            same_town = bool(town_key) and names.similar(town_key, names.match_key(their_town))
            exact = (names.match_key(first), names.match_key(last)) == wanted
            likely[pk] = min(likely.get(pk, (True, True)), (not same_town, not exact))
    if not likely:
        return []
    played = {}
    for entry in (Entry.objects.filter(player_id__in=likely).select_related("tournament")
                  .order_by("-tournament__date", "-tournament_id")):
        played.setdefault(entry.player_id, []).append(entry.tournament)
    players = Player.objects.in_bulk(likely)
    order = sorted(likely, key=lambda pk: (*likely[pk], -len(played.get(pk, ())),
                                           name_key(players[pk].last_name, players[pk].first_name,
                                                    players[pk].town, pk)))
    result = []
    for pk in order[:NAMESAKES_SHOWN]:
        player = players[pk]
        known = [t for t in played.get(pk, []) if visible_to is None or permissions.sees_tournament(visible_to, t)]
        player.played = known[:PLAYED_SHOWN]
        player.played_count = len(played.get(pk, ()))
        player.hidden_count = player.played_count - len(known)
        player.same_town = not likely[pk][0]
        result.append(player)
    return result


def check_in_counts(tournament):
    """The check-in desk's counter: ``present`` (checked in, not withdrawn) of ``registered`` (not withdrawn)."""
    entries = Entry.objects.filter(tournament=tournament, withdrawn=False)
    return {"present": entries.filter(checked_in=True).count(), "registered": entries.count()}


def last_check_in(tournament, user):
    """What the check-in desk offers ``user`` to undo: their latest change of a check-in in ``tournament``, if it
    checked someone in and is not undone — ``{"entry": entry}`` for one start number (still checked in),
    ``{"log": row, "count": n}`` for a check-in of everybody; else None."""
    if not getattr(user, "is_authenticated", False):
        return None
    row = (AuditLog.objects.filter(tournament=tournament, object_type=AuditLog.Kind.ENTRY, user=user,
                                   new__has_key="checked_in").order_by("-id").first())
    if row is None or row.new.get("checked_in") is not True:
        return None
    if row.new.get("bulk") == CHECK_IN_ALL:
        undone = AuditLog.objects.filter(tournament=tournament, object_type=AuditLog.Kind.ENTRY,
                                         new__undoes=row.pk).exists()
        return None if undone else {"log": row, "count": len(row.new.get("start_numbers") or [])}
    number = row.new.get("start_number")
    entry = (Entry.objects.select_related("player")
             .filter(tournament=tournament, start_number=number, checked_in=True).first() if number else None)
    return {"entry": entry} if entry else None
