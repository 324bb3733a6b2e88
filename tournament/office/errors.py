"""One mapping from a service's error to what the office shows: form errors, messages, or a JSON answer.

Services raise three kinds of error a user can act on, all translated: ``ValidationError`` (with a ``code``; a
dict keys it by field), ``PermissionDenied`` (the reason) and ``results.services.ConflictError`` (a stale edit,
with the newer version). Views never take them apart themselves; they hand them to one of these:

* ``to_form(form, err)`` — on the form's fields where it has them, else above the form (``submit`` runs a
  service with a valid form's ``service_fields()`` and does this on a refusal);
* ``to_messages(request, err)`` — as error messages for the next page (after a redirect);
* ``json_error(err, …)`` / ``by_field(err)`` — ``{"ok": false, "errors": {field: [messages]}}`` with the status
  ``status_of(err)``: 409 for a conflict, 403 for a refusal, 400 otherwise.

``rename`` maps a service's field name to the name the page uses (the score sheet's inputs). Anything else a
service raises is a programming error and stays a 500.
"""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import JsonResponse

from tournament.results.errors import by_field, messages_of, status_of  # the office's names

ERRORS = (ValidationError, PermissionDenied)


def to_form(form, err):
    """Put a service error on ``form``: on its field where the form has one, else as a non-field error."""
    if isinstance(err, ValidationError) and hasattr(err, "error_dict"):
        for name, errors in err.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    elif isinstance(err, ValidationError):
        form.add_error(None, err)
    else:
        form.add_error(None, ValidationError(str(err), code="permission_denied"))


def to_messages(request, err):
    for text in messages_of(err):
        messages.error(request, text)


def json_error(err, rename=None, **extra):
    """The JSON answer to a refused write: ``{"ok": false, "errors": …, **extra}`` with ``status_of(err)``."""
    return JsonResponse({"ok": False, **extra, "errors": by_field(err, rename)}, status=status_of(err))


def submit(form, service, **scope):
    """``service(**scope, **form.service_fields())`` for a valid ``form``: its result, or None with the
    service's refusal put on the form."""
    try:
        return service(**scope, **form.service_fields())
    except ERRORS as err:
        to_form(form, err)
        return None
