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

from tournament.common.i18n import engine_lang
from tournament.draws import links
from tournament.games import kind_of
from tournament.phone import cego, offiziers, ziege
from tournament.phone.ratelimit import over_limit
from tournament.results.errors import by_field, status_of
from tournament.staff.permissions import TableAccess
from tournament.table_entry import holds, selectors, services

DEVICE = re.compile(r"[A-Za-z0-9_-]{1,32}")
KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")
# How the phone takes a typed game (``preview(request, link)``, ``save(access, request, link)``), by the kind's
# ``sheet_layout`` (tournament.games.base.LAYOUTS): the phone's half of the game registry.
TYPED = {"seats": cego, "pair": offiziers, "series": ziege}


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


def kind(link):
    """The game kind of the link's tournament (``tournament.games``): its sheet, writes and template."""
    return kind_of(link.table.round.tournament)


def typed(link):
    """The module that takes a typed game at the link's table (``TYPED``)."""
    return TYPED[kind(link).sheet_layout]


def phone_sheet(link, lang):
    """The sheet of the link's table, as the game's kind draws it."""
    return kind(link).hook("phone_sheet")(link, lang)


def answer(link, status, payload):
    """The JSON answer with the sheet as it is now."""
    return JsonResponse({**payload, "sheet": phone_sheet(link, engine_lang())}, status=status,
                        encoder=DjangoJSONEncoder)


def refused(err, rename=None, **extra):
    return status_of(err), {"ok": False, **extra, "errors": by_field(err, rename)}


@require_GET
@with_link
def table_page(request, link):
    """The page itself: seat choice, sheet, keypad; the script takes it from there."""
    tournament = link.table.round.tournament
    lang = engine_lang()
    game = kind(link)
    sheet = phone_sheet(link, lang)
    context = {"link": link, "table": link.table, "round": link.table.round, "tournament": tournament,
               "sheet": sheet, "contracts": selectors.contract_buttons(tournament, lang) if game.declarer else [],
               "urls": {name: f"{links.link_path(link)}{path}" for name, path in (
                   ("state", "blatt/"), ("preview", "vorschau/"), ("save", "spiel/"), ("confirm", "bestaetigen/"),
                   ("dispute", "einspruch/"), ("call", "rufen/"), ("sign", "unterschreiben/"),
                   ("claim", "sitz/"), ("release", "sitz/frei/"))}}
    response = render(request, game.phone_template, context)
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
    _status, payload = typed(link).preview(request, link)
    return JsonResponse(payload, status=200)


@csrf_exempt
@require_POST
@with_link
def save_game(request, link):
    """Key or correct a game. 200 stored (also when the same game was stored before: once), 400 refused with the
    errors by input, 409 a conflict with the version saved meanwhile, never resolved silently."""
    access = access_of(request, link)
    save = typed(link).save
    status, payload = services.once(link=link, key=posted_key(request), write=lambda: save(access, request, link),
                                    access=access)
    return answer(link, status, payload)


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
    return simple_write(request, link, kind(link).hook("confirm_game"), number=posted_int(request, "number"),
                        version=posted_int(request, "version"))


@csrf_exempt
@require_POST
@with_link
def dispute(request, link):
    return simple_write(request, link, kind(link).hook("dispute_game"), number=posted_int(request, "number"),
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
    return simple_write(request, link, kind(link).hook("sign_table"), state=request.POST.get("state", "")[:64])


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
