"""A write sent twice is done once (docs/services.md, "Double submits"): the one mechanism behind the office's
forms (``idempotent``, with the key each form is rendered with) and the phone's writes
(``table_entry.services.once``).

The key is *claimed* before the write, in the write's transaction: a second send with the same key — later, or
at the same moment on another connection — finds the claim (PostgreSQL makes the second insert wait until the
first transaction ends) and gets the first answer without writing. A refusal is not kept: the claim is dropped
with it, so a corrected resend is not stuck with an old error. Without a key the write simply runs.

At the app's root, above ``models`` (it keeps the office's answers as ``FormRequest`` rows) and below the office and
``table_entry``, which both use it; ``common`` stays below the models.
"""

import json
import re
import secrets
from datetime import timedelta
from functools import wraps

from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpResponseRedirect, JsonResponse
from django.http.response import HttpResponseBase
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.models import FormRequest

FIELD = "once"                          # the hidden input of every office form
HEADER = "HTTP_X_IDEMPOTENCY_KEY"       # or the header of a script's POST
KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")


def new_key():
    """A fresh key for one rendered form (URL-safe, 128 bits)."""
    return secrets.token_urlsafe(16)


def posted_key(request):
    """The request's idempotency key (form field or header), or "" when it has none or a malformed one."""
    key = request.POST.get(FIELD) or request.META.get(HEADER) or ""
    return key if KEY.fullmatch(key) else ""


def once(*, model, scope, key, write, keep, store, replay, claim_defaults=None):
    """Run ``write()`` once per ``key`` within ``scope`` (the fields that, with the key, are unique in ``model``).

    ``keep(result)`` says whether the result is an accepted write; then ``store(claim, result)`` fills the claim
    row, otherwise the claim is deleted. A repeated key returns ``replay(stored_row)`` and writes nothing."""
    if not key:
        return write()
    with transaction.atomic():
        try:
            with transaction.atomic():
                claim = model.objects.create(key=key, **scope, **(claim_defaults or {}))
        except IntegrityError:
            # Claimed before — or just now on another connection, which has committed (or we would still wait).
            return replay(model.objects.get(key=key, **scope))
        result = write()
        if keep(result):
            store(claim, result)
        else:
            claim.delete()
        return result


# -- the office's views ----------------------------------------------------------------------------------------

def _is_json(response):
    return response.get("Content-Type", "").startswith("application/json")


def _kept(response):
    """Accepted: a redirect after the write, or a JSON answer below 400. A page re-rendered with its errors or
    a refusal is answered afresh."""
    status = response.status_code
    return 300 <= status < 400 or (status < 400 and _is_json(response) and not getattr(response, "streaming", False))


KEPT_FOR = timedelta(days=2)           # a form is not resent after two days: older claims are deleted …
PURGE_EVERY = 200                      # … every this many claims (cheap, and no extra job to run)


def _store(claim, response):
    if claim.pk % PURGE_EVERY == 0:
        FormRequest.objects.filter(created_at__lt=timezone.now() - KEPT_FOR).delete()
    claim.status = response.status_code
    if 300 <= response.status_code < 400:
        claim.location = response["Location"][:2000]
    else:
        claim.body = json.loads(response.content or b"null")
    claim.save(update_fields=["status", "location", "body"])


def _replay(request, row):
    if 300 <= row.status < 400:
        messages.info(request, _("This form had already been sent; it was saved once."))
        return HttpResponseRedirect(row.location)
    body = row.body if isinstance(row.body, dict) else {"answer": row.body}
    return JsonResponse({**body, "repeated": True}, status=row.status)


def idempotent(view=None, *, prepare=None):
    """An office write view whose POST, sent twice with the same form key, writes once: the second POST gets the
    first one's redirect (with a note) or JSON answer. Put it below the access decorators.

    ``prepare(request, *args, **kwargs)``, when given, runs first and outside any transaction, and what it returns
    reaches the view as ``prepared=``: the place for reading an uploaded file. The key is claimed in the write's
    transaction, and on SQLite that claim holds the database's only write lock until the view returns — a parse
    inside it made every phone and login wait (issue 23). A resend of a key already answered is prepared in vain
    and then gets the first answer; nothing is written twice. When ``prepare`` returns a response (a refusal that
    writes nothing), that is the answer: no key is claimed, no transaction opened."""
    if view is None:
        return lambda view: idempotent(view, prepare=prepare)

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if prepare is not None:
            prepared = prepare(request, *args, **kwargs)
            if isinstance(prepared, HttpResponseBase):
                return prepared
            kwargs = {**kwargs, "prepared": prepared}
        key = posted_key(request) if request.method == "POST" and request.user.is_authenticated else ""
        return once(model=FormRequest, scope={"user_id": request.user.pk, "path": request.path[:400]}, key=key,
                    write=lambda: view(request, *args, **kwargs), keep=_kept, store=_store,
                    replay=lambda row: _replay(request, row))

    wrapper.idempotent = True
    return wrapper


def by_version(view):
    """Marks an office write view that is idempotent by version instead of by key (the score sheet: every save
    or delete names the version it saw, a second one finds a newer version or nothing, docs/services.md)."""
    view.idempotent = "version"
    return view
