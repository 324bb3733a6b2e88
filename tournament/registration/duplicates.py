"""Reads for keeping one record per person: the likely duplicate players of a season, and the other spellings
(aliases) a merge kept (``registration.merge``), for matching.

A *likely duplicate* is a pair of players who both have an entry in one of the season's tournaments, whose names
are the same person by ``common.names.same_person`` (equal under ``match_key`` or one typo apart, first and last
name each) and whose towns are the same or similar (``match_key`` equal or ``similar``; an empty town matches any
town — a player registered once without his town is still offered). Candidates are grouped by the match key of
the last name and, for a typo in the last name, by the match key of the first name, and compared only within a
group: a season of thousands of players costs a few thousand comparisons, not millions.

How search uses the aliases: ``alias_keys(player)`` gives the match keys of every other spelling of a player;
``alias_players(query)`` the ids of the players one of whose other spellings matches a typed query
(``names.query_matches`` on the alias's first name, last name and town). A search adds those players to its
matches, so "Weiss" still finds the record that kept "Weiß" after the merge.
"""

from collections import defaultdict

from tournament.common.collation import person_key
from tournament.common.names import match_key, query_matches, same_person, similar
from tournament.models import Entry, Player, PlayerAlias


def season_players(season):
    """The players with an entry in one of the season's tournaments."""
    return Player.objects.filter(pk__in=Entry.objects.filter(tournament__season=season).values("player_id"))


def _same_town(a, b):
    key_a, key_b = match_key(a), match_key(b)
    return not key_a or not key_b or similar(key_a, key_b)


def _candidate_pairs(players):
    """Pairs (a, b) of players sharing the match key of the last name or of the first name, each pair once."""
    groups = defaultdict(list)
    for p in players:
        groups["l:" + match_key(p.last_name)].append(p)
        groups["f:" + match_key(p.first_name)].append(p)
    seen = set()
    for group in groups.values():
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                key = (min(a.pk, b.pk), max(a.pk, b.pk))
                if key not in seen:
                    seen.add(key)
                    yield a, b


def likely_duplicates(season):
    """The likely duplicate pairs of ``season``'s players (see the module), in German name order: a list of dicts
    ``{"a": player, "b": player}`` with ``a`` the older record (lower id)."""
    players = list(season_players(season).only("pk", "first_name", "last_name", "town"))
    pairs = []
    for a, b in _candidate_pairs(players):
        if same_person(a.first_name, a.last_name, b.first_name, b.last_name) and _same_town(a.town, b.town):
            first, second = (a, b) if a.pk < b.pk else (b, a)
            pairs.append({"a": first, "b": second})
    pairs.sort(key=lambda p: (person_key(p["a"], p["a"].town, p["a"].pk), p["b"].pk))
    return pairs


def with_tournaments(pairs, season):
    """Each pair with the tournaments of ``season`` each player played (``a_entries``, ``b_entries``: entries
    with their tournament, by date), the tournaments both played (``both``: a merge is refused then) and the
    number of entries in other seasons (``a_elsewhere``, ``b_elsewhere``: counted, never named)."""
    ids = {p[side].pk for p in pairs for side in ("a", "b")}
    here, elsewhere = defaultdict(list), defaultdict(int)
    for entry in (Entry.objects.filter(player_id__in=ids).select_related("tournament")
                  .order_by("tournament__date", "tournament__pk")):
        if entry.tournament.season_id == season.pk:
            here[entry.player_id].append(entry)
        else:
            elsewhere[entry.player_id] += 1
    for pair in pairs:
        a, b = pair["a"].pk, pair["b"].pk
        pair.update(a_entries=here[a], b_entries=here[b], a_elsewhere=elsewhere[a], b_elsewhere=elsewhere[b],
                    both=[e.tournament for e in here[a] if e.tournament_id in {f.tournament_id for f in here[b]}])
    return pairs


def alias_keys(player):
    """The other spellings of ``player`` as match keys: a list of ``(first_name, last_name, town)`` keys."""
    return [(match_key(a.first_name), match_key(a.last_name), match_key(a.town))
            for a in PlayerAlias.objects.filter(player=player)]


def alias_players(query):
    """Ids of the players one of whose other spellings matches ``query`` (every typed word found in the alias's
    first name, last name or town, as ``names.query_matches`` finds them)."""
    return {player_id for player_id, first, last, town
            in PlayerAlias.objects.values_list("player_id", "first_name", "last_name", "town")
            if query_matches(query, first, last, town)}
