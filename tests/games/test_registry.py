"""Every game kind implements every hook (a fourth game stays honest), and the registry answers for every game."""

import inspect
import re
from pathlib import Path

import pytest
from django.forms import Form
from django.template.loader import get_template

from tournament.games import HOOKS, GameKind, keys, kind_of, kinds
from tournament.games.base import FAMILIES
from tournament.models import Tournament

FORM_HOOKS = {"game_form"}


def test_one_kind_per_game_in_the_order_of_the_choices():
    assert [k.key for k in kinds()] == list(Tournament.Game.values)
    assert all(isinstance(k, GameKind) for k in kinds())


@pytest.mark.parametrize("kind", kinds(), ids=str)
@pytest.mark.parametrize("name", HOOKS)
def test_every_kind_implements_every_hook(kind, name):
    assert set(kind.hooks) == set(HOOKS), f"{kind.key}: hooks {sorted(set(kind.hooks) ^ set(HOOKS))}"
    implementation = kind.hook(name)
    if name in FORM_HOOKS:
        assert inspect.isclass(implementation) and issubclass(implementation, Form)
    else:
        assert inspect.isfunction(implementation), f"{kind.key}.{name} is {implementation!r}"


@pytest.mark.parametrize("kind", kinds(), ids=str)
def test_capabilities_have_their_types(kind):
    low, high = kind.seats
    assert 2 <= low <= high <= 5
    assert kind.family in FAMILIES
    assert all(isinstance(getattr(kind, name), bool) for name in ("declarer", "teams", "ends_by_time"))
    assert str(kind.unfit_export).strip()
    get_template(kind.phone_template)
    get_template(kind.standings_template)


@pytest.mark.parametrize("kind", kinds(), ids=str)
def test_the_writes_are_keyword_only_services(kind):
    for name in ("draw_round", "record_game", "confirm_game", "dispute_game", "sign_table"):
        parameters = inspect.signature(kind.hook(name)).parameters.values()
        assert all(p.kind == p.KEYWORD_ONLY for p in parameters), f"{kind.key}.{name}"


def test_kind_of_a_tournament_or_a_key():
    assert kind_of(Tournament(game=Tournament.Game.ZIEGE)) is kind_of("ziege")
    assert kind_of(Tournament()).key == Tournament.Game.CEGO
    assert keys(family="sheet") == (Tournament.Game.CEGO, Tournament.Game.OFFIZIERS)
    with pytest.raises(LookupError):
        kind_of("tarock")
    with pytest.raises(LookupError):
        kinds()[0].hook("no_such_hook")


# Where a game may still be named in code (docs/architecture.md "Games"): the registry, the games' own modules,
# the models, migrations and the demo — and, until they ask the registry too, the modules listed in LEFT.
NAMES = re.compile(r'"ziege"|"offiziers"|Game\.ZIEGE|Game\.OFFIZIERS|is_offiziers')
LEFT = {
    "tournament/config/urls.py",                 # the URL of the Ziege tariff page
    "tournament/draws/pairs.py",                 # the seed label of Offiziers-Cego's pairing
    "tournament/exports/pdf/sheets.py",          # the Offiziers-Cego back page of the score sheet
    "tournament/office/forms/director.py",       # the tournament form shows Offiziers-Cego's fields when chosen
    "tournament/office/views/sheet.py",          # the office's Offiziers-Cego table sheet
    "tournament/office/views/standings.py",      # the template's "ziege" flag
    "tournament/public/selectors.py",            # a player's Offiziers-Cego score line
    "tournament/public/views/pages.py",          # the Ziege tab and the player page's cache frame
    "tournament/public/views/stats.py",          # the templates' "ziege" statistics
    "tournament/results/engine.py",              # the bridge to scoring.offiziers
}


def own_module(path):
    name = path.name
    return ("ziege" in name or "offiziers" in name or "ziege" in path.parts or "games" in path.parts
            or path.parts[1] in ("models", "migrations") or name == "demo.py")


def test_game_names_only_in_the_registry_and_the_games_own_modules():
    root = Path(__file__).resolve().parents[2]
    named = {str(p.relative_to(root)) for p in (root / "tournament").rglob("*.py") if NAMES.search(p.read_text())}
    stray = sorted(p for p in named if not own_module(Path(p)) and p not in LEFT)
    assert not stray, f"ask tournament.games instead of naming the game: {stray}"


def test_a_kind_is_one_hashable_instance():
    assert len(set(kinds())) == len(kinds()) == len({kind_of(k.key) for k in kinds()})
