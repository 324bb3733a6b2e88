"""The table page's Ziege half (docs/table-entry.md "Offiziers-Cego and Ziege"): the typed game (team A's card
points and the two trick flags), its preview and save. Ziege games go through ``table_entry.ziege`` and
``results.ziege``; the engine scores, never this module. ``phone.views.TYPED`` takes ``preview`` and ``save``
for the "series" layout."""

from django.utils.translation import gettext as _

from scoring import ScoringError, score_game
from tournament.common.i18n import engine_lang
from tournament.results.errors import by_field, status_of
from tournament.results.services import ConflictError
from tournament.table_entry import services
from tournament.table_entry import ziege as ziege_entry


def fields(request):
    """The posted game: ``number``, team A's card points (0–120) and the two trick flags; errors by input."""
    errors = {}
    number = _int(request.POST.get("number", ""))
    points = _int(request.POST.get("points_a", ""))
    if number is None or number < 1:
        errors["number"] = [_("Which game? Reload the page.")]
    if points is None or points > 120:
        errors["points_a"] = [_("Enter the card points of team A (0–120).")]
    tricks = [request.POST.get(name, "") in ("1", "true", "on") for name in ("trick_a", "trick_b")]
    return number, points, tricks, errors


def _int(raw):
    return int(raw) if raw.isdecimal() and raw.isascii() and len(raw) < 4 else None


def preview(request, link):
    number, points, (trick_a, trick_b), errors = fields(request)
    if errors:
        return 200, {"ok": False, "errors": errors}
    game = {"game": "ziege", "team_points": [points, 120 - points], "team_tricks": [trick_a, trick_b]}
    try:
        result = score_game(game, engine_lang())
    except ScoringError as err:
        return 200, {"ok": False, "errors": {"points_a": [err.message(engine_lang())]}}
    return 200, {"ok": True, "number": number, "defeat_points": result["defeat_points"],
                 "winner": result["winner"], "explanation": result["explanation"]}


def save(access, request, link):
    number, points, (trick_a, trick_b), errors = fields(request)
    if errors:
        return 400, {"ok": False, "number": number, "errors": errors}
    try:
        game = ziege_entry.key_game(access=access, number=number, points_a=points, trick_a=trick_a,
                                    trick_b=trick_b)
    except ConflictError as err:
        current = err.current
        return 409, {"ok": False, "number": number, "conflict": {
            "message": err.messages[0], "number": number,
            "yours": {"points_a": points, "trick_a": trick_a, "trick_b": trick_b},
            "saved": current and {"version": current.pk, "points_a": current.points_a,
                                  "trick_a": current.trick_a, "trick_b": current.trick_b,
                                  "keyed_seat": None if current.keyed_seat is None else current.keyed_seat + 1}}}
    except services.WRITE_ERRORS as err:
        return status_of(err), {"ok": False, "number": number, "errors": by_field(err)}
    return 200, {"ok": True, "number": game.number, "version": game.pk}
