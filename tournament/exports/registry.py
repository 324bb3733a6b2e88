"""The exporters by identifier. Modules register their classes with ``@register``; ``exporters/__init__`` imports
them all, so importing ``tournament.exports`` fills the registry."""

from tournament.exports.base import SCOPES

_EXPORTERS = {}


def register(cls):
    if cls.scope not in SCOPES:
        raise ValueError(f"{cls.__name__}: scope must be one of {SCOPES}")
    if cls.identifier in _EXPORTERS:
        raise ValueError(f"exporter {cls.identifier!r} is registered twice")
    _EXPORTERS[cls.identifier] = cls
    return cls


def get(identifier):
    """An instance of the exporter ``identifier``; ``LookupError`` when there is none."""
    try:
        return _EXPORTERS[identifier]()
    except KeyError:
        raise LookupError(identifier) from None


def for_scope(scope):
    """Instances of every exporter of ``scope``, in registration order."""
    return [cls() for cls in _EXPORTERS.values() if cls.scope == scope]


def identifiers():
    return list(_EXPORTERS)
