"""Every game kind implements every hook (a fourth game stays honest), and the registry answers for every game."""

import inspect
import re
from pathlib import Path

import pytest
from django.forms import Form
from django.template.loader import get_template

from tournament.games import HOOKS, GameKind, keys, kind_of, kinds
from tournament.games.base import FAMILIES, FAMILY_HOOKS, LAYOUTS
from tournament.models import Tournament
from tournament.office.forms.director import TournamentForm
from tournament.office.views.sheet import PAGES
from tournament.phone.views import TYPED

FORM_HOOKS = {"game_form"}


def test_one_kind_per_game_in_the_order_of_the_choices():
    assert [k.key for k in kinds()] == list(Tournament.Game.values)
    assert all(isinstance(k, GameKind) for k in kinds())


ALL_HOOKS = sorted({*HOOKS, *(name for names in FAMILY_HOOKS.values() for name in names)})
UI = ("tournament.office", "tournament.public", "tournament.phone", "tournament.config")


@pytest.mark.parametrize("kind", kinds(), ids=str)
@pytest.mark.parametrize("name", ALL_HOOKS)
def test_every_kind_implements_every_hook(kind, name):
    assert kind.hook_names() == HOOKS + FAMILY_HOOKS[kind.family]
    assert set(kind.hooks) == set(kind.hook_names()), (
        f"{kind.key}: hooks {sorted(set(kind.hooks) ^ set(kind.hook_names()))}")
    if name not in kind.hook_names():           # a hook of another family: not this kind's
        with pytest.raises(LookupError):
            kind.hook(name)
        return
    assert not kind.hooks[name].startswith(UI), f"{kind.key}.{name}: the domain names no UI (.importlinter)"
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
    assert kind.sheet_layout in LAYOUTS
    assert isinstance(kind.own_fields, tuple)


def test_every_family_has_its_hooks_and_every_layout_its_pages():
    assert set(FAMILY_HOOKS) == set(FAMILIES)
    assert set(TYPED) == set(LAYOUTS)               # the phone takes a typed game of every layout
    for module in TYPED.values():
        assert inspect.isfunction(module.preview) and inspect.isfunction(module.save)
    assert set(PAGES) < set(LAYOUTS)                # the office's sheet pages beside the Cego grid ("seats")
    assert all(inspect.isfunction(page) for page in PAGES.values())


@pytest.mark.parametrize("kind", kinds(), ids=str)
def test_a_kinds_own_fields_are_fields_of_the_tournament_and_its_form(kind):
    model_fields = {f.name for f in Tournament._meta.get_fields()}
    for name in kind.own_fields:
        assert name in TournamentForm.base_fields and name in model_fields, f"{kind.key}: {name}"
    every = [name for k in kinds() for name in k.own_fields]
    assert len(every) == len(set(every)), "a field that belongs to two games belongs to none alone"


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
# the models, migrations and the demo — and the modules listed in LEFT (none: every package asks the registry).
NAMES = re.compile(r'"ziege"|"offiziers"|Game\.ZIEGE|Game\.OFFIZIERS|is_offiziers')
LEFT = set()


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
