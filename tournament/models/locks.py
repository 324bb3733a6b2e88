"""Row locks the writes share, so that writes of one tournament take turns. Here with the models whose rows they
lock (not in ``common``, which the models import: no cycle)."""

from tournament.models.season import Season, Tournament


def lock_tournament(tournament_id):
    """Take the tournament's row lock (``SELECT … FOR UPDATE``; a no-op on SQLite, which writes one at a time).

    The result writes lock table → round → tournament through ``select_for_update`` with ``select_related``;
    the other writes of a tournament (adjustments, registration, draws) take the same lock first. So no total is
    computed from a sum another transaction is changing (lost update, or a deadlock on PostgreSQL), and no two
    registrations pick the same start number.

    Lock order, everywhere: tournaments (by id) → entries → the season. The data versions are raised in that order
    too (``audit.versions``), so two writes never each hold a row the other waits for."""
    Tournament.objects.select_for_update().filter(pk=tournament_id).first()


def lock_season(season_id):
    """Take the locks of a season-level write: every tournament of the season (by id), then the season itself, in
    the order the result writes take them (a result write locks its tournament, then raises the season's data
    version), so an organiser's edit during a running round waits its turn instead of deadlocking."""
    list(Tournament.objects.select_for_update().filter(season_id=season_id).order_by("pk").values_list("pk", flat=True))
    Season.objects.select_for_update().filter(pk=season_id).first()
