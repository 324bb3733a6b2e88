"""Row locks the writes share, so that writes of one tournament take turns."""

from tournament.models import Tournament


def lock_tournament(tournament_id):
    """Take the tournament's row lock (``SELECT … FOR UPDATE``; a no-op on SQLite, which writes one at a time).

    The result writes lock table → round → tournament through ``select_for_update`` with ``select_related``;
    the other writes of a tournament (adjustments, registration, draws) take the same lock first. So no total is
    computed from a sum another transaction is changing (lost update, or a deadlock on PostgreSQL), and no two
    registrations pick the same start number."""
    Tournament.objects.select_for_update().filter(pk=tournament_id).first()
