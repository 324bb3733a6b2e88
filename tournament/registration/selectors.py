"""Reads of registration: finding players by name, town or club; the check-in desk's counter and its undo."""

from django.db.models import Count, Q

from tournament.common.collation import name_key
from tournament.models import AuditLog, Entry, Player
from tournament.registration.services import CHECK_IN_ALL


def search_players(query, season=None, limit=50):
    """Players whose name or town contains every word of ``query`` (case-insensitive); players with an entry
    in ``season`` first, then in German name order (``collation``). Returns (players, more) where ``more``
    says the list was cut at ``limit``.

    The order is decided in Python over the matches' names (one narrow query), then the ``limit`` shown are
    read whole: the database cannot sort by DIN 5007-2, and sorting after the cut would show other players."""
    words = query.split()
    if not words:
        return [], False
    players = Player.objects.all()
    for word in words:
        match = Q()
        # SQLite folds only ASCII case; try the word as typed, lower case and capitalised as well.
        for variant in {word, word.lower(), word[:1].upper() + word[1:].lower()}:
            match |= (Q(first_name__icontains=variant) | Q(last_name__icontains=variant)
                      | Q(town__icontains=variant) | Q(club__icontains=variant))
        players = players.filter(match)
    if season is not None:
        players = players.annotate(season_entries=Count("entries", filter=Q(entries__tournament__season=season),
                                                        distinct=True))
        matches = players.values_list("pk", "last_name", "first_name", "town", "season_entries")
        order = sorted(matches, key=lambda m: (-m[4], name_key(m[1], m[2], m[3], m[0])))
    else:
        matches = players.values_list("pk", "last_name", "first_name", "town")
        order = sorted(matches, key=lambda m: name_key(m[1], m[2], m[3], m[0]))
    chosen = [m[0] for m in order[:limit + 1]]
    found = {p.pk: p for p in players.filter(pk__in=chosen)}
    result = [found[pk] for pk in chosen]
    return result[:limit], len(result) > limit


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
