"""Namesakes told apart: the one rule for a player's name where players are listed for a table
(tournament/common/namesakes.py)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournament.common.namesakes import Person, initials, labels, look_key, short_name, split_suffix

NR = "Nr. {}".format


def test_unique_names_come_back_as_written():
    table = [Person("Anna", "Beha", "Triberg", 1), Person("Jürgen", "Weiß", "", 2),
             Person("Hans", "Müller", "Hornberg", 3), Person("Erika", "Fehrenbach", "Furtwangen", 4)]
    got = labels(table, table, NR)
    assert [label.full for label in got] == [p.name for p in table]
    assert [label.tag for label in got] == ["", "", "", ""]
    assert [label.short for label in got] == ["Anna B.", "Jürgen W.", "Hans M.", "Erika F."]


def test_namesakes_from_two_towns_carry_their_town():
    table = [Person("Marie-Luise", "Schwörer", "Triberg", 12), Person("Marie-Luise", "Schwörer", "Hornberg", 31),
             Person("Anna", "Beha", "", 2)]
    got = labels(table, table, NR)
    assert [label.full for label in got] == ["Marie-Luise Schwörer (Triberg)", "Marie-Luise Schwörer (Hornberg)",
                                             "Anna Beha"]
    assert got[0].by_town and got[1].by_town and not got[2].by_town
    assert got[0].short == "Marie-Luise S. (Nr. 12)" and got[1].short == "Marie-Luise S. (Nr. 31)"
    assert got[2].short == "Anna B."


def test_namesakes_of_one_town_carry_their_start_number():
    table = [Person("Hans", "Müller", "Triberg", 7), Person("Hans", "Müller", "Triberg", 19)]
    got = labels(table, table, NR)
    assert [label.full for label in got] == ["Hans Müller (Nr. 7)", "Hans Müller (Nr. 19)"]
    assert [label.short for label in got] == ["Hans M. (Nr. 7)", "Hans M. (Nr. 19)"]
    assert not got[0].by_town


def test_a_town_two_namesakes_share_is_no_tag_but_a_third_ones_own_town_is():
    scope = [Person("Hans", "Müller", "Triberg", 7), Person("Hans", "Müller", "Triberg", 19),
             Person("Hans", "Müller", "Hornberg", 23), Person("Hans", "Müller", "", 40)]
    got = labels(scope, scope, NR)
    assert [label.tag for label in got] == ["Nr. 7", "Nr. 19", "Hornberg", "Nr. 40"]


def test_a_namesake_elsewhere_in_the_tournament_tags_the_name_but_not_the_short_column():
    table = [Person("Marie-Luise", "Schwörer", "Triberg", 12), Person("Anna", "Beha", "", 2)]
    scope = [*table, Person("Marie-Luise", "Schwörer", "Hornberg", 31)]
    got = labels(table, scope, NR)
    assert got[0].full == "Marie-Luise Schwörer (Triberg)"
    assert got[0].short == "Marie-Luise S."          # nobody at this table reads the same


def test_sen_and_jun_as_the_list_writes_them_tell_apart_and_stay_in_the_short_form():
    assert split_suffix("Hans", "Müller sen.") == ("Hans", "Müller", "sen.")
    assert split_suffix("Hans jun.", "Müller") == ("Hans", "Müller", "jun.")
    assert split_suffix("Hans", "Senn") == ("Hans", "Senn", "")
    assert split_suffix("Hans", "Jun") == ("Hans", "Jun", "")           # a name, not a suffix
    table = [Person("Hans", "Müller sen.", "Triberg", 3), Person("Hans", "Müller jun.", "Triberg", 4)]
    got = labels(table, table, NR)
    assert [label.full for label in got] == ["Hans Müller sen.", "Hans Müller jun."]
    assert [label.short for label in got] == ["Hans M. sen.", "Hans M. jun."]


def test_two_initials_meeting_at_a_table_give_the_whole_name():
    table = [Person("Anna", "Schwörer", "", 1), Person("Anna", "Schwarz", "", 2)]
    assert [label.short for label in labels(table, table)] == ["Anna Schwörer", "Anna Schwarz"]


@pytest.mark.parametrize("a, b", [
    ("Anna", "\u0410nna"),             # a Cyrillic А
    ("Anna", "Anna\u200b"),            # a zero-width space
    ("Anna", "\u202eAnna"),            # a right-to-left override
    ("Anna", "ＡＮＮＡ"),               # full-width letters
    ("Müller", "Mueller"),
])
def test_look_alike_names_are_namesakes(a, b):
    assert look_key(a) == look_key(b)
    table = [Person(a, "Beha", "", 1), Person(b, "Beha", "", 2)]
    got = labels(table, table, NR)
    assert got[0].full == f"{a} Beha (Nr. 1)" and got[1].full == f"{b} Beha (Nr. 2)"
    assert look_key(got[0].short) != look_key(got[1].short)


def test_names_of_other_scripts_are_not_all_one_name():
    assert look_key("Γιώργος") != look_key("Νίκος")
    assert look_key("张伟") != look_key("王芳")


def test_initials_of_a_first_name():
    assert [initials(n) for n in ("Marie-Luise", "Hans Peter", "Anna", "")] == ["M.-L.", "H. P.", "A.", ""]


def test_short_name_without_a_first_name():
    assert short_name(Person("", "Beha")) == "Beha"


NAME = st.sampled_from(["Anna", "Marie-Luise", "Hans", "Jürgen", "Аnna", "Hans jun.", "Anna\u200b"])
LAST = st.sampled_from(["Beha", "Schwörer", "Schwarz", "Müller", "Mueller", "Müller sen.", "Weiß"])
TOWN = st.sampled_from(["", "Triberg", "Hornberg", "triberg"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(NAME, LAST, TOWN), min_size=1, max_size=12), st.integers(1, 5))
def test_distinct_persons_get_distinct_labels_and_a_table_distinct_short_ones(people, table_size):
    scope = [Person(first, last, town, number) for number, (first, last, town) in enumerate(people, start=1)]
    table = scope[:table_size]
    got = labels(table, scope, NR)
    fulls = [look_key(label.full) for label in labels(scope, scope, NR)]
    assert len(set(fulls)) == len(scope)
    assert len({look_key(label.short) for label in got}) == len(table)
    for person, label in zip(table, got, strict=True):
        namesakes = [p for p in scope if look_key(p.name) == look_key(person.name)]
        assert (label.full == person.name) is (len(namesakes) == 1)
