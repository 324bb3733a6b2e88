"""Director pages: importing registrations from an Excel or CSV file in two steps (preview, then import).

The upload is parsed once (``files.parse_registrations``, after the bounds of ``registration.limits``) and the
parsed rows are stored in the database (``registration.previews``: an ``ImportPreview`` of this user for this
tournament, which every app server finds); the session holds only its token, name and SHA-256. A preview that
has gone (expired, imported or discarded in another window) or is not this user's is said so on the page, never
shown as a silent empty form. The import button sends only that hash, so the client cannot change what is imported.
Preview and import read the stored rows and check them against the database as it is then. The upload is read before the
write's transaction (``read_upload``); a file refused as a whole (too large, not a spreadsheet, …) is shown at
once, outside any transaction, and nothing is stored — the preview waiting before stays. In the preview the director
can choose what each column of the file means (or ignore it): ``files.remap`` checks the stored lines again. Each line
can be left out with one click and taken back (``line_choice``; a footer line is left out without a click): the choice
is kept with the stored preview, so the import honours it, and it works without JavaScript.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournament.exports.xlsx.tournament import registration_template_xlsx
from tournament.idempotency import idempotent
from tournament.models import Player
from tournament.office import errors
from tournament.office.access import direct, office
from tournament.office.common import tournament_context, tournament_or_404
from tournament.office.forms.director import ImportUploadForm
from tournament.registration import limits, previews
from tournament.registration.files import (
    ALL_COLUMNS,
    COLUMN_BY_FIELD,
    KEEP,
    SKIP,
    ImportRejected,
    parse_registrations,
    remap,
)
from tournament.registration.importer import (
    check_against_tournament,
    import_registrations,
    only_clashes,
)
from tournament.standings.categories import builtin_categories, member_labels

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def session_key(tournament):
    return f"director_import_{tournament.pk}"


def stored_upload(request, tournament):
    """The parsed file waiting for this tournament (an ``ImportResult``), or None."""
    return find_upload(request, tournament)[0]


def find_upload(request, tournament):
    """``(result, None)``, or ``(None, why)`` with a translated sentence when the session names a preview that
    cannot be shown, or ``(None, None)`` when no file was uploaded."""
    stored = request.session.get(session_key(tournament))
    if not isinstance(stored, dict):
        return None, None
    result, problem = previews.find(stored.get("token"), owner=request.user, tournament=tournament)
    if result is not None and result.sha256 != stored.get("sha256"):
        result, problem = None, previews.MISSING
    if problem == previews.FOREIGN:
        return None, _("The file waiting here was uploaded by another user or for another tournament, so it is "
                       "not shown. Please upload your file.")
    if problem:
        return None, _("The file %(name)s is no longer waiting for its import: it has expired, or it was imported "
                       "or discarded meanwhile (perhaps in another window). Please upload it again.") % {
            "name": str(stored.get("name") or "")[:200]}
    return result, None


def column_choices(request, parsed):
    """The director's mapping from the form: column index → field, "" to ignore (unknown values are dropped)."""
    overrides = {}
    for index, _heading, _field in parsed.sources:
        value = request.POST.get(f"column-{index}")
        if value is not None and (value == "" or value in COLUMN_BY_FIELD):
            overrides[index] = value
    return overrides


def keep_upload(request, tournament, result):
    """Store the parsed file for this user and tournament; False (with the reason as a message) when it is too
    large to keep."""
    try:
        token = previews.save(result, owner=request.user, tournament=tournament)
    except ValidationError as err:
        errors.to_messages(request, err)
        return False
    request.session[session_key(tournament)] = {"token": token, "sha256": result.sha256, "name": result.filename}
    return True


def forget_upload(request, tournament):
    stored = request.session.pop(session_key(tournament), None)
    if isinstance(stored, dict):
        previews.delete(stored.get("token"), owner=request.user)


def line_choice(parsed, posted):
    """The lines' choices after one click: ``posted`` is "skip-<line>" (leave the line out) or "take-<line>"
    (take it back). A footer line taken back is kept on purpose (``KEEP``); leaving it out again, or taking
    back a line the director left out, returns to what the file says. None for anything else."""
    action, _sep, number = str(posted or "").partition("-")
    rows = {row.line: row for row in parsed.rows + parsed.left_out}
    if action not in ("skip", "take") or not number.isdigit() or int(number) not in rows:
        return None
    line, choices = int(number), dict(parsed.choices)
    choices.pop(line, None)
    if rows[line].footer != (action == "skip"):
        choices[line] = SKIP if action == "skip" else KEEP
    return choices


def preview_rows(result, season):
    """Each line (imported and left out, in file order) with its cells in column order, marked bad where that
    cell has an issue, and the built-in categories the player will have in ``season`` (youth by the year of
    birth and the season's age rule, women, guests: ``standings.categories``)."""
    rows, labels = [], member_labels()
    for row in result.all_rows:
        bad = row.bad_fields if not row.left_out else set()
        cells = [{"field": c.field, "text": row.raw.get(c.field, ""), "value": row.values.get(c.field),
                  "kind": c.kind, "bad": c.field in bad} for c in result.columns]
        v = row.values
        player = row.player or Player(is_woman=bool(v.get("is_woman")), birth_year=v.get("birth_year"),
                                      is_guest=bool(v.get("is_guest")))
        badges = [labels[key] for key in builtin_categories(player, season)] if not row.left_out else []
        rows.append({"row": row, "cells": cells, "badges": badges})
    return rows


def read_upload(request, pk):
    """For the upload form: the file read and checked (an ``ImportResult`` for the view to store), or the page's
    answer when there is nothing to store (a form without a file, a file over the size bound or refused as a
    whole); None for any other request. It runs before the view's transaction (``idempotent(prepare=…)``):
    parsing a spreadsheet can take a second or more and no other write may wait for it, and a refusal is answered
    without any transaction at all. The preview stored before stays: a bad file loses nothing."""
    if request.method != "POST" or request.POST.get("action") in ("discard", "map", "line", "import"):
        return None
    form = ImportUploadForm(request.POST, request.FILES)
    if form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > limits.max_bytes():
            form.add_error("file", limits.too_large_file().message)
        else:
            result = parse_registrations(upload.read(), upload.name[:200])
            if not result.issues or result.sources:
                return result
            return render(request, "office/import.html", tournament_context(      # refused before its columns
                tournament_or_404(pk), "import", form=ImportUploadForm(), result=result, rows=[],
                columns=ALL_COLUMNS))
    return import_page(request, tournament_or_404(pk), form)


def import_page(request, tournament, form):
    """The import page: the upload form and the preview of the file waiting for this tournament (a read)."""
    result, lost = find_upload(request, tournament)
    if lost:                    # said once on this page; the session forgets the preview that is gone
        request.session.pop(session_key(tournament), None)
    if result is not None:
        result = check_against_tournament(result, tournament, visible_to=request.user)
    context = tournament_context(tournament, "import", form=form, result=result, lost=lost,
                                 rows=preview_rows(result, tournament.season) if result else [],
                                 columns=ALL_COLUMNS,
                                 clashes=len(result.bad_rows) if result and only_clashes(result) else 0)
    return render(request, "office/import.html", context)


@direct
@idempotent(prepare=read_upload)
def entry_import(request, pk, prepared=None):
    tournament = tournament_or_404(pk)
    form = ImportUploadForm()
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "discard":
            forget_upload(request, tournament)
            messages.info(request, _("The uploaded file was discarded."))
            return redirect("director:entry_import", tournament.pk)
        if action == "map":
            parsed = stored_upload(request, tournament)
            if parsed is not None:
                result = remap(parsed, column_choices(request, parsed))
                forget_upload(request, tournament)
                keep_upload(request, tournament, result)
            return redirect("director:entry_import", tournament.pk)
        if action == "line":
            parsed = stored_upload(request, tournament)
            choices = line_choice(parsed, request.POST.get("line")) if parsed is not None else None
            if choices is not None:
                result = remap(parsed, choices=choices)
                forget_upload(request, tournament)
                keep_upload(request, tournament, result)
                line = request.POST.get("line").partition("-")[2]
                return redirect(reverse("director:entry_import", args=[tournament.pk]) + f"#line-{line}")
            return redirect("director:entry_import", tournament.pk)
        if action == "import":
            parsed = stored_upload(request, tournament)
            if parsed is None or request.POST.get("sha256") != parsed.sha256:
                messages.error(request, _("The file shown was replaced or has expired. Check the preview and "
                                          "import again."))
                return redirect("director:entry_import", tournament.pk)
            name = parsed.filename
            try:
                entries = import_registrations(tournament=tournament, parsed=parsed, filename=name,
                                               user=request.user, renumber=request.POST.get("renumber") == "1")
            except ImportRejected:
                messages.error(request, _("Nothing was imported: the file has errors (see below)."))
                return redirect("director:entry_import", tournament.pk)
            except errors.ERRORS as err:       # e.g. a start number taken meanwhile: nothing was imported
                errors.to_messages(request, err)
                return redirect("director:entry_import", tournament.pk)
            forget_upload(request, tournament)
            messages.success(request, ngettext("%(count)s player imported from %(file)s.",
                                               "%(count)s players imported from %(file)s.", len(entries))
                             % {"count": len(entries), "file": name})
            return redirect("director:entries", tournament.pk)
        if prepared is not None:                        # an upload read before this transaction (``read_upload``)
            forget_upload(request, tournament)
            keep_upload(request, tournament, prepared)
            return redirect("director:entry_import", tournament.pk)
    return import_page(request, tournament, form)


@office
def import_template(request):
    response = HttpResponse(registration_template_xlsx(), content_type=XLSX)
    response["Content-Disposition"] = 'attachment; filename="anmeldungen-vorlage.xlsx"'
    return response
