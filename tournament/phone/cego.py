"""The table page's Cego half: the typed game (``results.rows.GameRowForm``), its preview and save, and a conflict
in words with the players' names. ``phone.views.TYPED`` takes it for the "seats" layout; the
engine scores, never this module."""

from scoring import ScoringError, score_game
from tournament.audit.seats import seat_names
from tournament.audit.words import describe_game
from tournament.common.i18n import engine_lang
from tournament.results import engine
from tournament.results.errors import by_field, status_of
from tournament.results.rows import GameRowForm, ui_field
from tournament.results.services import ConflictError
from tournament.table_entry import services


def game_form(request, link):
    return GameRowForm(request.POST, table=link.table, ruleset=engine.ruleset_for(link.table.round.tournament))


def renamer(form):
    return lambda field: ui_field(field, form.kind, form.first_playing_seat())


def preview(request, link):
    """The typed game as the engine scores it; saves nothing. Errors only for what is typed."""
    form = game_form(request, link)
    if not form.is_valid() or form.game_data is None:
        return 200, {"ok": False, "errors": form.ui_errors()}
    table = link.table
    try:
        result = score_game(engine.engine_game(table, form.game_number, form.game_data), engine_lang())
    except ScoringError as err:
        return 200, {"ok": False, "errors": by_field(engine.engine_error(err), renamer(form))}
    return 200, {"ok": True, "number": form.game_number, "scores": result["scores"],
                 "explanation": result["explanation"], "value": result["value"], "won": result["won"]}


def save(access, request, link):
    """Key or correct a game: 200 stored (also the same game stored meanwhile), 400 refused, 409 a conflict."""
    form = game_form(request, link)
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
        return status_of(err), {"ok": False, "number": number, "errors": by_field(err, renamer(form))}
    return 200, {"ok": True, "number": game.number, "version": game.version}


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
