"""The table page's game-specific halves for Offiziers-Cego and Ziege (docs/table-entry.md "Offiziers-Cego and
Ziege"). ``views`` hands a request over when the link's tournament plays one of them; the flow is Cego's (key,
preview, save, confirm, dispute, call, sign off; once per key; the same answers and status codes).

Offiziers-Cego games are ``Game`` rows keyed through ``table_entry.services`` like Cego's; Ziege games go through
``table_entry.ziege`` and ``results.ziege``. Either way the engine scores, never this module.
"""

from django.utils.translation import gettext as _

from scoring import ScoringError, score_game
from tournament.audit.seats import seat_names
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.results import engine
from tournament.results.errors import by_field, status_of
from tournament.results.offiziers import OffiziersGameForm
from tournament.results.services import ConflictError
from tournament.table_entry import offiziers as offiziers_entry
from tournament.table_entry import services
from tournament.table_entry import ziege as ziege_entry

OFFIZIERS, ZIEGE = "offiziers", "ziege"


def kind_of(link):
    """``"offiziers"``, ``"ziege"`` or None (Cego) for the link's tournament."""
    game = link.table.round.tournament.game
    return game if game in (OFFIZIERS, ZIEGE) else None


def phone_sheet(link, lang):
    return (offiziers_entry if kind_of(link) == OFFIZIERS else ziege_entry).phone_sheet(link, lang)


# --- Offiziers-Cego --------------------------------------------------------------------------------------------


def offiziers_form(request, link):
    return OffiziersGameForm(request.POST, table=link.table)


def form_errors(form):
    return {field: [str(e) for e in errors] for field, errors in form.errors.items()}


def offiziers_preview(request, link):
    form = offiziers_form(request, link)
    if not form.is_valid():
        return 200, {"ok": False, "errors": form_errors(form)}
    number = form.cleaned_data["number"]
    try:
        result = score_game(engine.engine_game(link.table, number, form.data_for_service()), engine_lang())
    except ScoringError as err:
        return 200, {"ok": False, "errors": by_field(engine.engine_error(err))}
    return 200, {"ok": True, "number": number, "scores": result["scores"], "explanation": result["explanation"]}


def offiziers_save(access, request, link):
    """Key or correct an Offiziers-Cego game: ``table_entry.services.key_game``, as a Cego game."""
    form = offiziers_form(request, link)
    if not form.is_valid():
        return 400, {"ok": False, "number": form.cleaned_data.get("number"), "errors": form_errors(form)}
    number, data = form.cleaned_data["number"], form.data_for_service()
    try:
        game = services.key_game(access=access, number=number, data=data,
                                 expected_version=form.cleaned_data["version"])
    except ConflictError as err:
        current = err.current
        fields = engine.game_fields(link.table, data)
        if current is None or not all(getattr(current, k) == v for k, v in fields.items()):
            return 409, {"ok": False, "number": number, "conflict": offiziers_conflict(err, link.table, number, data,
                                                                                     form.cleaned_data["version"])}
        game = current
    except services.WRITE_ERRORS as err:
        return status_of(err), {"ok": False, "number": number, "errors": by_field(err)}
    return 200, {"ok": True, "number": game.number, "version": game.version}


def offiziers_conflict(err, table, number, data, version):
    """Both versions of an Offiziers-Cego conflict: points, scores and the summary in words with names."""
    names = seat_names([table.pk]).get(table.pk, {})
    current = err.current
    try:
        scores = score_game(engine.engine_game(table, number, data), engine_lang())["scores"]
    except ScoringError:
        scores = None
    saved = current and {"version": current.version, "card_points": current.card_points, "penalty": current.penalty,
                         "scores": current.scores,
                         "keyed_seat": None if current.keyed_seat is None else current.keyed_seat + 1,
                         "summary": offiziers_summary(table, names, current.card_points, current.penalty,
                                                      current.scores)}
    return {"message": err.messages[0], "number": number,
            "yours": {"version": version, "card_points": data["card_points"], "penalty": data["penalty"],
                      "scores": scores,
                      "summary": offiziers_summary(table, names, data["card_points"], data["penalty"], scores)},
            "saved": saved}


def offiziers_summary(table, names, card_points, penalty, scores):
    """A version of an Offiziers-Cego game in words: "Anna Beha 30 → −10 · Bernd Dold 49 → +10" (the counted
    points and the score of each player by name) and the rule violation by name."""
    pack = engine.offiziers_pack(table.round.tournament)
    points = [None, None] if card_points is None else [card_points, pack - card_points]
    parts = []
    for position in (0, 1):
        text = names.get(position, str(position + 1))
        if points[position] is not None:
            text += f" {points[position]}"
        if scores:
            text += f" \u2192 {signed(scores[position])}"
        parts.append(text)
    line = " \u00b7 ".join(parts)
    if penalty is not None:
        line += " (" + _("rule violation by %(seat)s") % {"seat": names.get(penalty, str(penalty + 1))} + ")"
    return line


# --- Ziege -------------------------------------------------------------------------------------------------------


def ziege_fields(request):
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


def ziege_preview(request, link):
    number, points, (trick_a, trick_b), errors = ziege_fields(request)
    if errors:
        return 200, {"ok": False, "errors": errors}
    game = {"game": "ziege", "team_points": [points, 120 - points], "team_tricks": [trick_a, trick_b]}
    try:
        result = score_game(game, engine_lang())
    except ScoringError as err:
        return 200, {"ok": False, "errors": {"points_a": [err.message(engine_lang())]}}
    return 200, {"ok": True, "number": number, "defeat_points": result["defeat_points"],
                 "winner": result["winner"], "explanation": result["explanation"]}


def ziege_save(access, request, link):
    number, points, (trick_a, trick_b), errors = ziege_fields(request)
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


# --- the writes without a form: which service answers for the link's game ----------------------------------------


def service(link, name):
    """``confirm_game``, ``dispute_game`` or ``sign_table`` of the link's game (Offiziers-Cego: Cego's)."""
    module = ziege_entry if kind_of(link) == ZIEGE else services
    return getattr(module, name)
