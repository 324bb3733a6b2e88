"""Exports (staff only): a page per tournament and per season listing every export, the downloads, and the
progress of long exports.

GET on a download URL renders the file and returns it (the plain fallback without JavaScript). POST on the same
URL queues it as a background task (``tournament.exports.services.start_export``) and answers with the job's
status URL; ``exports.js`` polls that and shows "n / total" until the file is ready. When the most exports that
may run at once are under way, the POST is refused with 429 and a message the page shows.
"""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import FileResponse, Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _

from tournament import exports as exporters
from tournament.common import params
from tournament.draws import links
from tournament.exports import selectors as job_selectors
from tournament.exports import services as job_services
from tournament.exports.base import TARGET_KWARG, Unavailable
from tournament.exports.pdf.sheets import BACK_CHOICES, expected_pages
from tournament.idempotency import idempotent
from tournament.models import Round, Season, Table
from tournament.office.access import (
    allowed,
    direct,
    office,
    organise,
    table_tournament,
)
from tournament.office.common import (
    site_url,
    tournament_context,
    tournament_or_404,
)
from tournament.staff import permissions
from tournament.standings.categories import category_choices, chosen_category

KIND = {"pdf": "PDF", "xlsx": "Excel"}


def exporter_or_404(identifier, scope):
    try:
        exporter = exporters.get(identifier)
    except LookupError:
        raise Http404(_("There is no such export.")) from None
    if exporter.scope != scope:
        raise Http404(_("There is no such export."))
    return exporter


def options(request, season):
    """The export options a request may carry: category, back pages, language (anything else is ignored)."""
    chosen = {}
    category, _choices = chosen_category(season, params.get(request.GET, params.CATEGORY))
    if category:
        chosen["category"] = category
    back = params.get(request.GET, params.BACK)
    if back in BACK_CHOICES:
        chosen["back"] = back
    language = params.get(request.GET, params.LANGUAGE)
    if language in dict(settings.LANGUAGES):
        chosen["language"] = language
    return chosen


def respond(request, exporter, target, chosen):
    """GET: the file of ``exporter`` on ``target`` (a table, round, tournament or season) with the ``chosen``
    options; POST: the export queued as a background job. An exporter that prints table links gets the server's
    address (a background job has no request to ask)."""
    if exporter.uses_site_url:
        chosen = {**chosen, "site_url": site_url(request)}
    if request.method == "POST":
        try:
            job = job_services.start_export(user=request.user, exporter=exporter, target=target, options=chosen)
        except ValidationError as err:
            return JsonResponse({"error": " ".join(err.messages)}, status=429 if err.code == "busy" else 409)
        except PermissionDenied as err:
            return JsonResponse({"error": str(err)}, status=403)
        return JsonResponse({"token": str(job.pk), "status_url": reverse("exports:job", args=[job.pk])},
                            status=202)
    try:
        filename, content_type, content = exporter.render(**{TARGET_KWARG[exporter.scope]: target}, **chosen)
    except Unavailable as err:          # asked for anyway (an old link): say why, on the exports page
        messages.warning(request, str(err))
        _scope, tournament, season, _id = job_services.target_of(target)
        return redirect("exports:tournament", tournament.pk) if tournament else redirect("exports:season", season.pk)
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response


@direct
@idempotent
def tournament_download(request, pk, identifier):
    tournament = tournament_or_404(pk)
    exporter = exporter_or_404(identifier, "tournament")
    return respond(request, exporter, tournament, options(request, tournament.season))


@direct
@idempotent
def round_download(request, pk, number, identifier):
    round_ = get_object_or_404(Round.objects.select_related("tournament__season"), tournament_id=pk, number=number)
    exporter = exporter_or_404(identifier, "round")
    return respond(request, exporter, round_, options(request, round_.tournament.season))


@allowed(permissions.DIRECT, table_tournament)
@idempotent
def table_download(request, pk, identifier):
    table = get_object_or_404(Table.objects.select_related("round__tournament__season"), pk=pk)
    exporter = exporter_or_404(identifier, "table")
    return respond(request, exporter, table, options(request, table.round.tournament.season))


@organise
@idempotent
def season_download(request, pk, identifier):
    season = get_object_or_404(Season, pk=pk)
    exporter = exporter_or_404(identifier, "season")
    return respond(request, exporter, season, options(request, season))


def own_job(request, token):
    """The user's job while it has not expired and the user may still export what it exports; else 404."""
    job = job_selectors.job_of(request.user, token)
    if job is None or not job_selectors.may_fetch(request.user, job):
        raise Http404(_("This export is unknown or has expired."))
    return job


@office
def job(request, token):
    """The progress of a background export, as JSON for the poller."""
    job = own_job(request, token)
    data = job_selectors.status(job)
    if data["state"] == "done":
        data["file_url"] = reverse("exports:job_file", args=[token])
    return JsonResponse(data)


@office
def job_file(request, token):
    """The file of a finished job, from the private export directory (the only way out of it)."""
    job = own_job(request, token)
    if job.status != job.Status.DONE:
        raise Http404(_("This export is not ready yet."))
    try:
        handle = job.file.open("rb")       # FileResponse closes it
    except OSError:
        raise Http404(_("This export is unknown or has expired.")) from None
    return FileResponse(handle, as_attachment=True, filename=job.filename, content_type=job.content_type)


def item(exporter, url, **extra):
    return {"exporter": exporter, "url": url, "kind": KIND.get(exporter.extension, exporter.extension),
            "long": exporter.long, **extra}


@direct
def tournament_page(request, pk):
    tournament = tournament_or_404(pk)
    items = [item(e, reverse("exports:tournament_download", args=[tournament.pk, e.identifier]),
                  categories=e.takes_category(tournament))
             for e in exporters.for_scope("tournament") if not e.unavailable(tournament=tournament)]
    round_exporters = exporters.for_scope("round")
    table_exporters = exporters.for_scope("table")
    rounds = []
    for round_ in Round.objects.filter(tournament=tournament).prefetch_related("tables").order_by("number"):
        round_.tournament = tournament
        tables = sorted(round_.tables.all(), key=lambda t: t.number)
        round_items = []
        for e in (e for e in round_exporters if not e.unavailable(round_=round_)):     # what fits its game
            url = reverse("exports:round_download", args=[tournament.pk, round_.number, e.identifier])
            pages = expected_pages(tables, "none" if e.identifier.endswith("_filled") else "each") \
                if e.identifier.startswith("score_sheets") else None
            round_items.append(item(e, url, pages=pages))
        table_links = [{"table": t, "links": [{"exporter": e, "url": reverse("exports:table_download",
                                                                               args=[t.pk, e.identifier])}
                                              for e in table_exporters if not e.unavailable(tournament=tournament)]}
                       for t in tables]
        table_links = [t for t in table_links if t["links"]]
        rounds.append({"round": round_, "items": round_items, "tables": table_links})
    context = tournament_context(tournament, "exports", items=items, rounds=rounds,
                                 categories=category_choices(tournament.season),
                                 link_warning=links.link_warning(site_url(request)) if rounds else "")
    return render(request, "office/exports/tournament.html", context)


@organise
def season_page(request, pk):
    season = get_object_or_404(Season, pk=pk)
    items = [item(e, reverse("exports:season_download", args=[season.pk, e.identifier]),
                  categories=e.identifier == "season_standings")
             for e in exporters.for_scope("season") if not e.unavailable(season=season)]
    context = {"season": season, "items": items, "categories": category_choices(season),
               "tournaments": season.tournaments.order_by("date", "pk")}
    return render(request, "office/exports/season.html", context)
