"""The registry: one ``GameKind`` per ``Tournament.Game`` value."""

from tournament.games.cego import CEGO
from tournament.games.offiziers import OFFIZIERS
from tournament.games.ziege import ZIEGE

_KINDS = {kind.key: kind for kind in (CEGO, OFFIZIERS, ZIEGE)}


def kinds():
    """Every kind, in the order of ``Tournament.Game``'s choices."""
    return tuple(_KINDS.values())


def kind_of(tournament_or_key):
    """The kind of a tournament (anything with a ``game``) or of a ``Tournament.Game`` key."""
    key = getattr(tournament_or_key, "game", tournament_or_key)
    try:
        return _KINDS[key]
    except KeyError:
        raise LookupError(f"no game kind {key!r} (tournament.games.registry)") from None


def keys(**capabilities):
    """The keys of the kinds with the given capabilities, e.g. ``keys(family="sheet")`` for ``Exporter.games``."""
    return tuple(k.key for k in _KINDS.values() if all(getattr(k, name) == value
                                                        for name, value in capabilities.items()))
