"""Roles enforced in the services themselves (not only in the views): a write by a user without the right raises
``PermissionDenied`` and saves nothing; appointing follows the chain superuser → organiser → director → helper."""

import random

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from tests import factories
from tournament.draws import links
from tournament.draws import services as draws
from tournament.models import (
    Adjustment,
    AuditLog,
    Game,
    Role,
    Round,
    Season,
    Tournament,
)
from tournament.registration import services as registration_services
from tournament.results import services
from tournament.results.random_play import play_table
from tournament.staff import permissions
from tournament.staff import services as roles

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup():
    t, round_ = factories.drawn(players=8)
    table = round_.tables.order_by("number").first()
    play_table(table, 2, random.Random(3), user=None)
    other = Tournament.objects.create(season=Season.objects.create(name="B", year=2027), name="B",
                                      date=t.date, seed="b")
    return {
        "t": t, "round": round_, "table": table, "other": other,
        "helper": factories.with_role(Role.Kind.HELPER, tournament=t, name="helper"),
        "director": factories.with_role(Role.Kind.DIRECTOR, tournament=t, name="dir"),
        "organiser": factories.with_role(Role.Kind.ORGANISER, season=t.season, name="org"),
        "stranger": factories.with_role(Role.Kind.DIRECTOR, tournament=other, name="stranger"),
    }


def cego(table, number):
    return {"contract": "cego", "declarer": table.forehand(number), "card_points": 60}


def test_only_staff_of_the_tournament_may_record_a_game(setup):
    table = setup["table"]
    with pytest.raises(PermissionDenied):
        services.record_game(table=table, number=3, data=cego(table, 3), user=setup["stranger"])
    anonymous = get_user_model()(username="anon")
    anonymous.is_active = False
    with pytest.raises(PermissionDenied):
        services.record_game(table=table, number=3, data=cego(table, 3), user=anonymous)
    assert not Game.objects.filter(table=table, number=3).exists()
    game = services.record_game(table=table, number=3, data=cego(table, 3), user=setup["helper"])
    assert game.updated_by == setup["helper"]


def test_directing_services_refuse_a_helper(setup):
    t, helper = setup["t"], setup["helper"]
    entry = t.entries.first()
    before = AuditLog.objects.count()
    with pytest.raises(PermissionDenied):
        services.add_adjustment(entry=entry, points=5, reason="x", user=helper)
    with pytest.raises(PermissionDenied):
        services.set_round_status(round_=setup["round"], status=Round.Status.COMPLETE, user=helper)
    with pytest.raises(PermissionDenied):
        draws.draw_round(tournament=t, number=2, user=helper)
    with pytest.raises(PermissionDenied):
        registration_services.register(tournament=t, player=factories.existing_player(), user=helper)
    adjustment = services.add_adjustment(entry=entry, points=5, reason="Bonus", user=setup["director"])
    with pytest.raises(PermissionDenied):
        services.delete_adjustment(adjustment=adjustment, user=helper)
    assert Adjustment.objects.filter(pk=adjustment.pk).exists()
    assert AuditLog.objects.count() == before + 1          # only the director's adjustment
    assert t.round_set.count() == 1


def test_a_locked_round_is_corrected_only_by_the_direction(setup):
    table, t = setup["table"], setup["t"]
    Round.objects.filter(pk=setup["round"].pk).update(status=Round.Status.LOCKED)
    game = Game.objects.get(table=table, number=1)
    data = {**cego(table, 1), "card_points": 70}
    with pytest.raises(PermissionDenied):
        services.record_game(table=table, number=1, data=data, user=setup["helper"], expected_version=game.version,
                             reason="Zählfehler")
    with pytest.raises(PermissionDenied):
        services.record_totals(table=setup["round"].tables.order_by("number").last(), totals={}, user=setup["helper"],
                               reason="x")
    game.refresh_from_db()
    assert game.version == 1
    corrected = services.record_game(table=table, number=1, data=data, user=setup["director"],
                                     expected_version=game.version, reason="Zählfehler")
    assert corrected.version == 2
    organiser_fix = services.record_game(table=table, number=1, data={**data, "card_points": 61},
                                         user=setup["organiser"], expected_version=2, reason="Nachzählung")
    assert organiser_fix.version == 3
    assert t.audit.filter(object_type="game", action="update").count() == 2


def test_the_appointment_chain(setup):
    t, director, organiser, helper = setup["t"], setup["director"], setup["organiser"], setup["helper"]
    root = factories.user("root")
    with pytest.raises(PermissionDenied):
        roles.appoint(kind=Role.Kind.DIRECTOR, tournament=t, username="dir2", password="Lang-genug-42", user=director)
    with pytest.raises(PermissionDenied):
        roles.appoint(kind=Role.Kind.HELPER, tournament=t, username="h2", password="Lang-genug-42", user=helper)
    with pytest.raises(PermissionDenied):
        roles.appoint(kind=Role.Kind.ORGANISER, season=t.season, username="o2", password="Lang-genug-42",
                      user=organiser)
    assert not get_user_model().objects.filter(username__in=["dir2", "h2", "o2"]).exists()
    new_helper = roles.appoint(kind=Role.Kind.HELPER, tournament=t, username="h2", password="Lang-genug-42",
                               user=director)
    assert new_helper.user.check_password("Lang-genug-42") and not new_helper.user.is_staff
    assert permissions.can(new_helper.user, permissions.ENTER, t)
    assert not permissions.can(new_helper.user, permissions.DIRECT, t)
    new_director = roles.appoint(kind=Role.Kind.DIRECTOR, tournament=t, username="dir2", user=organiser,
                                 password="Lang-genug-42")
    assert permissions.can(new_director.user, permissions.DIRECT, t)
    assert not permissions.can(new_director.user, permissions.DIRECT, setup["other"])
    roles.appoint(kind=Role.Kind.ORGANISER, season=t.season, username="o2", password="Lang-genug-42", user=root)
    assert t.audit.filter(object_type="role", action="create").count() == 2     # organisers: season-level
    assert t.season.audit.get(object_type="role", action="create").new == {"role": "organiser", "user": "o2"}
    with pytest.raises(PermissionDenied):
        roles.remove(role=new_director, user=director)
    roles.remove(role=new_helper, user=director)
    assert not Role.objects.filter(pk=new_helper.pk).exists()
    assert t.audit.filter(object_type="role", action="delete", user=director).exists()


def test_appointing_validates_the_account(setup):
    t, director = setup["t"], setup["director"]
    with pytest.raises(ValidationError) as err:
        roles.appoint(kind=Role.Kind.HELPER, tournament=t, username="newbie", user=director)
    assert "password" in err.value.message_dict
    with pytest.raises(ValidationError) as err:
        roles.appoint(kind=Role.Kind.HELPER, tournament=t, username="newbie", password="123", user=director)
    assert "password" in err.value.message_dict
    with pytest.raises(ValidationError):
        roles.appoint(kind=Role.Kind.HELPER, tournament=t, username="bad name!", password="Lang-genug-42",
                      user=director)
    with pytest.raises(ValidationError):
        roles.appoint(kind=Role.Kind.ORGANISER, tournament=t, username="x", password="Lang-genug-42",
                      user=factories.user("root"))
    assert not get_user_model().objects.filter(username__in=["newbie", "bad name!", "x"]).exists()
    first = roles.appoint(kind=Role.Kind.HELPER, tournament=t, username="Helper", user=director)  # existing, any case
    again = roles.appoint(kind=Role.Kind.HELPER, tournament=t, username="helper", user=director)
    assert first.pk == again.pk and first.user == setup["helper"]


def test_an_inactive_account_loses_every_right(setup):
    director = setup["director"]
    director.is_active = False
    director.save()
    assert not permissions.can(director, permissions.DIRECT, setup["t"])
    assert not permissions.has_office(director)


def test_the_role_constraints_hold_in_the_database(setup):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        Role.objects.create(user=setup["helper"], kind=Role.Kind.ORGANISER, tournament=setup["t"])
    with pytest.raises(IntegrityError), transaction.atomic():
        Role.objects.create(user=setup["helper"], kind=Role.Kind.HELPER, tournament=setup["t"])


def test_a_table_link_enters_only_at_its_own_table_while_not_revoked():
    """``permissions.can_enter_at`` is the one place of the rule; every result service asks ``require_enter_at``."""
    _t, round_ = factories.drawn(players=8)
    first, second = round_.tables.order_by("number")
    link = links.active_links(round_)[first.pk]
    access = factories.table_phone(link, 0)
    assert permissions.can_enter_at(access, first)
    assert not permissions.can_enter_at(access, second)
    assert permissions.can_enter_at(None, second)            # the system
    with pytest.raises(PermissionDenied):
        permissions.require_enter_at(access, second)
    link.revoked_at = timezone.now()
    assert not permissions.can_enter_at(access, first)
