"""Every game kind implements every hook (a fourth game stays honest), and the registry answers for every game."""

import inspect

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
