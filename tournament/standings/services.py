"""Standings writes: the stored tie-break lots.

Lots are drawn by the writes that change what the standings show, in their transaction — a draw
(``draws.draw_round``), every change of a total (``results.services.refresh_totals``: games, sheet totals,
adjustments, backups, the demo) and locking a round (``results.services.set_round_status``) — never while a
page is read (``selectors`` only read). Each entry gets its lot once, with the tournament's seed
(``ranking.draw_lots``); an entry registered later draws after those already drawn, so a stored lot never
changes. Before the first draw the standings have no lots: everybody ties on 0 anyway.
"""

from tournament.models import Entry, Tournament
from tournament.standings import ranking


def draw_missing_lots(tournament_ids):
    """Give every entry of these tournaments that has no tie-break lot yet its lot (call inside the write)."""
    tournament_ids = set(tournament_ids)
    missing = {}
    for entry_id, tournament_id in (Entry.objects.filter(tournament_id__in=tournament_ids, lot__isnull=True)
                                    .values_list("pk", "tournament_id")):
        missing.setdefault(tournament_id, []).append(entry_id)
    if not missing:
        return
    seeds = dict(Tournament.objects.filter(pk__in=missing).values_list("pk", "seed"))
    entries = []
    for tournament_id, entry_ids in missing.items():
        start = Entry.objects.filter(tournament_id=tournament_id, lot__isnull=False).count()
        lots = ranking.draw_lots(seeds[tournament_id] or tournament_id, entry_ids)
        entries += [Entry(pk=entry_id, lot=start + lots[entry_id]) for entry_id in entry_ids]
    Entry.objects.bulk_update(entries, ["lot"])
