"""A backup of an Offiziers-Cego evening (tables of two, games without a contract) reads back: the file used to be
refused ("2 seats at a table of 2", then "contract has an unknown value: offiziers")."""

import pytest
from django.core.management.base import CommandError

from tests import factories
from tests.backup.roundtrip import edited, empty_database, export, imported, restore, snapshot, without_stamp
from tournament.draws import services as draws
from tournament.results import services

pytestmark = pytest.mark.django_db


def evening():
    t = factories.tournament(players=5, game="offiziers", rounds=2)
    user = factories.user()
    for number in (1, 2):
        round_ = draws.draw_round(tournament=t, number=number, user=user)
        for table in round_.tables.all():
            services.record_game(table=table, number=1, data={"card_points": 30}, user=user)
            services.record_game(table=table, number=2, data={"card_points": 52}, user=user)
            services.record_game(table=table, number=3, data={"penalty": 1}, user=user)
    return t


def test_an_offiziers_evening_round_trips_into_an_empty_database(tmp_path):
    t = evening()
    before = snapshot(t)
    assert {x["size"] for x in before["tables"].values()} == {2}
    assert {g["contract"] for g in before["games"].values()} == {"offiziers"}
    text, _err = export(t)
    empty_database()
    out, _err = restore(tmp_path, text)
    new = imported(out)
    assert new.game == "offiziers"
    assert snapshot(new) == before
    assert without_stamp(export(new)[0]) == without_stamp(text)


def test_a_cego_table_of_two_is_still_refused(tmp_path):
    t = evening()
    text, _err = export(t)

    def as_cego(doc):
        doc["tournament"]["game"] = "cego"

    with pytest.raises(CommandError, match="2 seats at a table of 2"):
        restore(tmp_path, edited(text, as_cego), "--as-new", "Kopie")
