"""``GameKind``: the written contract of a game. Capabilities are plain values; behaviour is a *hook*, the dotted
path of the function (or form class) that implements it, resolved with ``django.utils.module_loading.import_string``
on first use. That is the registry's way of naming code, not a dodge: the hooks live in the packages that ask the
registry (``results``, ``table_entry``, ``phone`` …), and a registry importing them would make every one of those
imports a cycle.

The hooks (every kind implements every one; ``tests/games/test_registry.py`` checks they resolve):

``draw_round(*, tournament, number, user, seed=None)``   draw a round and save its tables and seats
``record_game(*, table, user, …)``                       the office's write of one game (the game's own fields)
``game_form``                                            the form class that validates a typed game
``round_progress(round_)``                               per table: entered, planned, ``complete``
``phone_sheet(link, lang)``                              the phone's sheet as JSON
``confirm_game`` / ``dispute_game`` / ``sign_table``     the phone's writes without a form (keyword-only services)
``standings(tournament)``                                the tournament's ranked rows with their tie-breaks

The kinds of the ``"sheet"`` family (their games are ``Game`` rows, printed on the PDF score sheets) implement
``FAMILY_HOOKS["sheet"]`` as well:

``engine_game(table, number, data)``                     the scoring engine's game for a typed row of ``table``
``game_fields(table, data)``                             the fields a ``Game`` row stores for the typed ``data``
``sheet_back(tournament)``                               the back page of a blank score sheet: (template, context)

The UI packages (office, public pages, phone) are not named here — the domain imports no UI, and a dotted path
would only hide such an import from ``lint-imports``. A kind says what the UI needs to choose with plain values:
its templates, ``sheet_layout`` (which sheet page the office shows and how the phone takes a typed game) and
``own_fields`` (the tournament form's fields of this game only); the office and the phone map a layout to their own
views (``office.views.sheet.PAGES``, ``phone.views.TYPED``).
"""

from dataclasses import dataclass, field
from functools import cache

from django.utils.module_loading import import_string

HOOKS = ("draw_round", "record_game", "game_form", "round_progress", "phone_sheet", "confirm_game", "dispute_game",
         "sign_table", "standings")

FAMILIES = ("sheet", "series")      # the layouts exporters and pages print: score sheets of games by seat (Cego),
#                                      or series of team games (Ziege)
FAMILY_HOOKS = {"sheet": ("engine_game", "game_fields", "sheet_back"), "series": ()}
LAYOUTS = ("seats", "pair", "series")   # a table's sheet: a row per game with every seat (Cego), two seats with
#                                         seat 1's card points (Offiziers-Cego), or a series of team games (Ziege)


@cache
def _resolve(path):
    return import_string(path)


@dataclass(frozen=True, eq=False)       # one instance per game: compared and hashed by identity
class GameKind:
    key: str                      # ``Tournament.Game`` value stored on the tournament
    seats: tuple[int, int]        # the sizes a table may have (smallest, largest); Cego's ruleset narrows them
    family: str                   # ``FAMILIES``: which exporters and pages fit (``exports.base.CEGO_GAMES``)
    declarer: bool                # its games have a declarer (standings' and statistics' declarer columns)
    teams: bool                   # plays in registered teams of two (``ZiegePair``, ``ZiegeBye``, ``ZiegeGame``):
    #                               ranks teams, has no categories, its backup carries the teams, byes and games
    ends_by_time: bool            # the director may end a round whose tables are not complete (with a reason)
    phone_template: str           # the table page (``templates/phone/``)
    standings_template: str       # the public standings page of one tournament (``templates/public/``)
    unfit_export: str             # why a file of the other family does not fit this game (translated, lazy)
    sheet_layout: str             # ``LAYOUTS``: which sheet page the office shows for a table
    own_fields: tuple = ()        # the tournament form's fields that belong to this game only (shown when chosen)
    hooks: dict = field(default_factory=dict)     # hook name → dotted path (``hook_names``)

    def hook_names(self):
        """The hooks this kind implements: every kind's ``HOOKS`` and its family's ``FAMILY_HOOKS``."""
        return HOOKS + FAMILY_HOOKS[self.family]

    def hook(self, name):
        """The implementation of hook ``name`` (a function or form class) for this game."""
        if name not in self.hook_names():
            raise LookupError(f"{name!r} is not a hook of {self.key} (tournament.games.base.HOOKS, FAMILY_HOOKS)")
        return _resolve(self.hooks[name])

    def __str__(self):
        return self.key
