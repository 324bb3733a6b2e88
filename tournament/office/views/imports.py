"""Director pages: importing registrations from an Excel or CSV file in two steps (preview, then import).

The uploaded bytes stay on the server between the steps (in the session, base64), together with their
SHA-256; the import button sends only that hash, so the client cannot change what is imported. The file is
read and checked again at import time, against the database as it is then.
"""

import base64
import hashlib

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.office import errors
from tournament.office.forms.director import ImportUploadForm
from tournament.office.views.access import direct, office
from tournament.office.views.common import tournament_context, tournament_or_404
from tournament.registration.files import (
    COLUMNS,
    MAX_BYTES,
    ImportRejected,
    parse_registrations,
)
from tournament.registration.importer import (
    check_against_tournament,
    import_registrations,
    registration_template_xlsx,
)

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def session_key(tournament):
    return f"director_import_{tournament.pk}"


def stored_upload(request, tournament):
    """(bytes, filename) of the upload waiting for this tournament, or None."""
    stored = request.session.get(session_key(tournament))
    if not stored:
        return None
    data = base64.b64decode(stored["data"])
    if hashlib.sha256(data).hexdigest() != stored["sha256"]:
        return None
    return data, stored["name"]


def preview_rows(result):
    """Each line with its cells in column order, marked bad where that cell has an issue."""
    rows = []
    for row in result.rows:
        bad = row.bad_fields
        cells = [{"field": c.field, "text": row.raw.get(c.field, ""), "value": row.values.get(c.field),
                  "kind": c.kind, "bad": c.field in bad} for c in result.columns]
        rows.append({"row": row, "cells": cells})
    return rows


@direct
def entry_import(request, pk):
    tournament = tournament_or_404(pk)
    key = session_key(tournament)
    form = ImportUploadForm()
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "discard":
            request.session.pop(key, None)
            messages.info(request, _("The uploaded file was discarded."))
            return redirect("director:entry_import", tournament.pk)
        if action == "import":
            upload = stored_upload(request, tournament)
            if upload is None or request.POST.get("sha256") != hashlib.sha256(upload[0]).hexdigest():
                messages.error(request, _("The file shown was replaced or has expired. Check the preview and "
                                          "import again."))
                return redirect("director:entry_import", tournament.pk)
            data, name = upload
            try:
                entries = import_registrations(tournament=tournament, data=data, filename=name, user=request.user)
            except ImportRejected:
                messages.error(request, _("Nothing was imported: the file has errors (see below)."))
                return redirect("director:entry_import", tournament.pk)
            except errors.ERRORS as err:       # e.g. a start number taken meanwhile: nothing was imported
                errors.to_messages(request, err)
                return redirect("director:entry_import", tournament.pk)
            request.session.pop(key, None)
            messages.success(request, ngettext("%(count)s player imported from %(file)s.",
                                               "%(count)s players imported from %(file)s.", len(entries))
                             % {"count": len(entries), "file": name})
            return redirect("director:entries", tournament.pk)
        form = ImportUploadForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            if upload.size > MAX_BYTES:
                form.add_error("file", _("The file is larger than %(mb)s MB.") % {"mb": MAX_BYTES // (1024 * 1024)})
            else:
                data = upload.read()
                request.session[key] = {"name": upload.name[:200], "sha256": hashlib.sha256(data).hexdigest(),
                                        "data": base64.b64encode(data).decode("ascii")}
                return redirect("director:entry_import", tournament.pk)
    result = None
    upload = stored_upload(request, tournament)
    if upload is not None:
        result = check_against_tournament(parse_registrations(*upload), tournament, visible_to=request.user)
    context = tournament_context(tournament, "import", form=form, result=result,
                                 rows=preview_rows(result) if result else [], columns=COLUMNS)
    return render(request, "office/import.html", context)


@office
def import_template(request):
    response = HttpResponse(registration_template_xlsx(), content_type=XLSX)
    response["Content-Disposition"] = 'attachment; filename="anmeldungen-vorlage.xlsx"'
    return response
