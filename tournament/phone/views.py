"""The table page and its JSON endpoints. Every view takes the token from the URL: unknown, revoked or malformed
tokens get a plain 404 (``links.resolve``), and each link's requests are rate-limited (``ratelimit``).

The writes are exempt from CSRF on purpose: they are authorised by the secret in the URL, which a foreign site
cannot know, not by a cookie (a director logged in on the same phone gains nothing here: the views never look at
``request.user``). Each write carries the phone's seat, its device id, its secret (``secret``: the seat is
written only by the phone that holds it, ``table_entry.holds``) and an idempotency key (``key``): a resent
write is answered from ``table_entry.services.once`` and stored once. Every answer carries the sheet as
it is now (``sheet``), so the page redraws from the server's numbers.
"""

import functools
import hashlib
import json
import re

from django.core.serializers.json import DjangoJSONEncoder
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from scoring import ScoringError, score_game
from tournament.audit.seats import seat_names
from tournament.audit.words import describe_game
from tournament.common.i18n import engine_lang
from tournament.draws import links
from tournament.phone import games
from tournament.phone.ratelimit import over_limit
from tournament.results import engine
from tournament.results.errors import by_field, status_of
from tournament.results.rows import GameRowForm, ui_field
from tournament.results.services import ConflictError
from tournament.staff.permissions import TableAccess
from tournament.table_entry import holds, selectors, services

DEVICE = re.compile(r"[A-Za-z0-9_-]{1,32}")
KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


def with_link(view):
    """Resolve the token (404 when it opens nothing) and count the request against the link's rate limit."""
    @functools.wraps(view)
    def wrapper(request, token):
        link = links.resolve(token)
        if link is None:
            raise Http404
        if over_limit(link.token):
            return JsonResponse({"ok": False, "errors": {"__all__": [_("Too many requests from this table. "
                                                                         "Wait a moment.")]}},
                                status=429, headers={"Retry-After": "10"})
        response = view(request, link)
        response["Referrer-Policy"] = "no-referrer"          # the link is a secret: never in a Referer
        response["X-Robots-Tag"] = "noindex, nofollow"
        return response
    return wrapper


def access_of(request, link):
    """The phone's seat (posted 1-based), device id and the fingerprint of its secret, bound to the link."""
    seat = request.POST.get("seat", "")
    device = request.POST.get("device", "")
    return TableAccess(link, int(seat) - 1 if seat.isdecimal() and len(seat) < 3 else None,
                       device if DEVICE.fullmatch(device) else "", holds.fingerprint(request.POST.get("secret", "")))


def posted_key(request):
    key = request.POST.get("key", "")
    return key if KEY.fullmatch(key) else ""


def posted_int(request, name):
    raw = request.POST.get(name, "")
    return int(raw) if raw.isdecimal() and raw.isascii() and len(raw) < 10 else None


def phone_sheet(link, lang):
    """The sheet of the link's table: Cego's, or Offiziers-Cego's or Ziege's (``games``)."""
    return games.phone_sheet(link, lang) if games.kind_of(link) else selectors.phone_sheet(link, lang)


def answer(link, status, payload):
    """The JSON answer with the sheet as it is now."""
    return JsonResponse({**payload, "sheet": phone_sheet(link, engine_lang())}, status=status,
                        encoder=DjangoJSONEncoder)


def refused(err, rename=None, **extra):
    return status_of(err), {"ok": False, **extra, "errors": by_field(err, rename)}


def game_form(request, link):
    return GameRowForm(request.POST, table=link.table, ruleset=engine.ruleset_for(link.table.round.tournament))


def renamer(form):
    return lambda field: ui_field(field, form.kind, form.first_playing_seat())


@require_GET
@with_link
def table_page(request, link):
    """The page itself: seat choice, sheet, keypad; the script takes it from there."""
    tournament = link.table.round.tournament
    lang = engine_lang()
    kind = games.kind_of(link)
    sheet = phone_sheet(link, lang)
    context = {"link": link, "table": link.table, "round": link.table.round, "tournament": tournament,
               "sheet": sheet, "contracts": [] if kind else selectors.contract_buttons(tournament, lang),
               "urls": {name: f"{links.link_path(link)}{path}" for name, path in (
                   ("state", "blatt/"), ("preview", "vorschau/"), ("save", "spiel/"), ("confirm", "bestaetigen/"),
                   ("dispute", "einspruch/"), ("call", "rufen/"), ("sign", "unterschreiben/"),
                   ("claim", "sitz/"), ("release", "sitz/frei/"))}}
    response = render(request, f"phone/{kind}.html" if kind else "phone/table.html", context)
    response["Cache-Control"] = "private, no-cache"
    return response


def etag_of(sheet):
    """What the page shows, without the clock's ticking seconds: unchanged → 304 on the next poll."""
    stable = {**sheet, "now": None, "clock": sheet["clock"] and {**sheet["clock"], "seconds_left": None}}
    text = json.dumps(stable, sort_keys=True, cls=DjangoJSONEncoder)
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:24] + '"'


@require_GET
@with_link
def sheet_state(request, link):
    """The sheet as JSON, polled every few seconds; 304 when nothing changed since the phone's copy."""
    sheet = phone_sheet(link, engine_lang())
    etag = etag_of(sheet)
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = JsonResponse({"ok": True, "sheet": sheet}, encoder=DjangoJSONEncoder)
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    return response


@csrf_exempt
@require_POST
@with_link
def preview(request, link):
    """The typed game as the engine scores it; saves nothing. Errors only for what is typed."""
    if games.kind_of(link):
        _status, payload = (games.ziege_preview if games.kind_of(link) == games.ZIEGE
                            else games.offiziers_preview)(request, link)
        return JsonResponse(payload, status=200)
    form = game_form(request, link)
    if not form.is_valid() or form.game_data is None:
        return JsonResponse({"ok": False, "errors": form.ui_errors()}, status=200)
    table = link.table
    try:
        result = score_game(engine.engine_game(table, form.game_number, form.game_data), engine_lang())
    except ScoringError as err:
        return JsonResponse({"ok": False, "errors": by_field(engine.engine_error(err), renamer(form))}, status=200)
    return JsonResponse({"ok": True, "number": form.game_number, "scores": result["scores"],
                         "explanation": result["explanation"], "value": result["value"], "won": result["won"]})


@csrf_exempt
@require_POST
@with_link
def save_game(request, link):
    """Key or correct a game. 200 stored (also when the same game was stored before: once), 400 refused with the
    errors by input, 409 a conflict with the version saved meanwhile, never resolved silently."""
    access = access_of(request, link)
    if games.kind_of(link):
        save = games.ziege_save if games.kind_of(link) == games.ZIEGE else games.offiziers_save
        status, payload = services.once(link=link, key=posted_key(request), write=lambda: save(access, request, link),
                                        access=access)
        return answer(link, status, payload)
    form = game_form(request, link)

    def write():
        if not form.is_valid():
            return 400, {"ok": False, "number": form.cleaned_data.get("number"), "errors": form.ui_errors()}
        number = form.game_number
        try:
            game = services.key_game(access=access, number=number, data=form.game_data,
                                     expected_version=form.expected_version)
        except ConflictError as err:
            if err.current is None or not engine.stores(err.current, form.game_data):
                return 409, {"ok": False, "number": number, "conflict": conflict(err, form, link.table)}
            game = err.current          # the same game keyed elsewhere meanwhile: stored once
        except services.WRITE_ERRORS as err:
            return refused(err, renamer(form), number=number)
        return 200, {"ok": True, "number": game.number, "version": game.version}

    status, payload = services.once(link=link, key=posted_key(request), write=write, access=access)
    return answer(link, status, payload)


def conflict(err, form, table):
    """Both versions of a conflict, in words with the players' names (not "declarer 4"): what this phone sent and
    what is saved now, each with its scores seat by seat (the phone writes them under the names) and who keyed
    the saved one. The phone offers: keep the saved one, send mine as a correction, save mine as the next game."""
    lang = engine_lang()
    names = seat_names([table.pk]).get(table.pk, {})
    current = err.current
    saved = None
    if current is not None:
        snapshot = {**engine.game_snapshot(current), "scores": None}
        saved = {"version": current.version, "summary": describe_game(snapshot, lang, names),
                 "scores": current.scores, "keyed_seat": None if current.keyed_seat is None else current.keyed_seat + 1}
    try:
        scores = score_game(engine.engine_game(table, form.game_number, form.game_data), lang)["scores"]
    except ScoringError:
        scores = None
    return {"message": err.messages[0], "number": form.game_number,
            "yours": {"version": form.expected_version, "summary": describe_game(form.game_data, lang, names),
                      "scores": scores},
            "saved": saved}


def simple_write(request, link, service, **kwargs):
    """A write with no form: run ``service`` once per key; 200 or the refusal."""
    access = access_of(request, link)

    def write():
        try:
            service(access=access, **kwargs)
        except services.WRITE_ERRORS as err:
            return refused(err)
        return 200, {"ok": True}

    status, payload = services.once(link=link, key=posted_key(request), write=write, access=access)
    return answer(link, status, payload)


@csrf_exempt
@require_POST
@with_link
def confirm(request, link):
    return simple_write(request, link, games.service(link, "confirm_game"), number=posted_int(request, "number"),
                        version=posted_int(request, "version"))


@csrf_exempt
@require_POST
@with_link
def dispute(request, link):
    return simple_write(request, link, games.service(link, "dispute_game"), number=posted_int(request, "number"),
                        note=request.POST.get("note", "")[:200])


@csrf_exempt
@require_POST
@with_link
def call(request, link):
    return simple_write(request, link, services.call_director, note=request.POST.get("note", "")[:200])


@csrf_exempt
@require_POST
@with_link
def sign(request, link):
    return simple_write(request, link, games.service(link, "sign_table"), state=request.POST.get("state", "")[:64])


@csrf_exempt
@require_POST
@with_link
def claim_seat(request, link):
    """The phone chose its seat: it holds it from now on, or hears that another phone does."""
    return simple_write(request, link, services.claim_seat)


@csrf_exempt
@require_POST
@with_link
def release_seat(request, link):
    """The phone gives its seat up ("switch seat")."""
    return simple_write(request, link, services.release_seat)


@require_GET
def service_worker(request):
    """The service worker, served under ``/t/`` so that it may control every table page (its scope)."""
    body = render_to_string("phone/sw.js", {}, request=request)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response
