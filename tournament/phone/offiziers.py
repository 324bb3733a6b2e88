"""The table page's Offiziers-Cego half (docs/table-entry.md "Offiziers-Cego and Ziege"): the typed game's preview
and save, and a conflict in words. Its games are ``Game`` rows keyed through ``table_entry.services`` like Cego's;
the engine scores, never this module. ``phone.views.TYPED`` takes ``preview`` and ``save`` for the "pair" layout."""

from django.utils.translation import gettext as _

from scoring import ScoringError, score_game
from tournament.audit.seats import seat_names
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.results import engine
from tournament.results.errors import by_field, status_of
from tournament.results.offiziers import OffiziersGameForm, offiziers_pack
from tournament.results.services import ConflictError
from tournament.table_entry import services


def game_form(request, link):
    return OffiziersGameForm(request.POST, table=link.table)


def form_errors(form):
    return {field: [str(e) for e in errors] for field, errors in form.errors.items()}


def preview(request, link):
    form = game_form(request, link)
    if not form.is_valid():
        return 200, {"ok": False, "errors": form_errors(form)}
    number = form.cleaned_data["number"]
    try:
        result = score_game(engine.engine_game(link.table, number, form.data_for_service()), engine_lang())
    except ScoringError as err:
        return 200, {"ok": False, "errors": by_field(engine.engine_error(err))}
    return 200, {"ok": True, "number": number, "scores": result["scores"], "explanation": result["explanation"]}


def save(access, request, link):
    """Key or correct an Offiziers-Cego game: ``table_entry.services.key_game``, as a Cego game."""
    form = game_form(request, link)
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
            return 409, {"ok": False, "number": number, "conflict": conflict(err, link.table, number, data,
                                                                                     form.cleaned_data["version"])}
        game = current
    except services.WRITE_ERRORS as err:
        return status_of(err), {"ok": False, "number": number, "errors": by_field(err)}
    return 200, {"ok": True, "number": game.number, "version": game.version}


def conflict(err, table, number, data, version):
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
                         "summary": summary(table, names, current.card_points, current.penalty,
                                                      current.scores)}
    return {"message": err.messages[0], "number": number,
            "yours": {"version": version, "card_points": data["card_points"], "penalty": data["penalty"],
                      "scores": scores,
                      "summary": summary(table, names, data["card_points"], data["penalty"], scores)},
            "saved": saved}


def summary(table, names, card_points, penalty, scores):
    """A version of an Offiziers-Cego game in words: "Anna Beha 30 → −10 · Bernd Dold 49 → +10" (the counted
    points and the score of each player by name) and the rule violation by name."""
    pack = offiziers_pack(table.round.tournament)
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
