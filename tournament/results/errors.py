"""A service's error as data for any page or client: its messages, keyed by field, and the HTTP status that
answers it (docs/services.md). ``office.errors`` turns these into forms and messages; the phone page answers JSON."""

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError

from tournament.results.services import ConflictError


def messages_of(err):
    """The texts of a service error (every field's, for a dict)."""
    if isinstance(err, ValidationError):
        if hasattr(err, "error_dict"):
            return [text for texts in err.message_dict.values() for text in texts]
        return list(err.messages)
    return [str(err)]


def by_field(err, rename=None):
    """``{field: [messages]}``; errors that belong to no field under ``"__all__"``."""
    if not (isinstance(err, ValidationError) and hasattr(err, "error_dict")):
        return {NON_FIELD_ERRORS: messages_of(err)}
    out = {}
    for field, texts in err.message_dict.items():
        name = rename(field) if rename and field != NON_FIELD_ERRORS else field
        out.setdefault(name, []).extend(texts)
    return out


def status_of(err):
    if getattr(err, "status", None):             # an error that names its own (table_entry.holds.SeatRefused: 403)
        return err.status
    if isinstance(err, ConflictError):
        return 409
    return 403 if isinstance(err, PermissionDenied) else 400
