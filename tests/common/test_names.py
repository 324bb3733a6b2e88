"""The one normalisation of German names for matching (tournament/common/names.py)."""

import pytest

from tournament.common.names import match_key, query_matches, same_person, similar


def test_one_key_for_the_ways_a_german_name_is_written():
    assert match_key("Hansjörg Müller-Lüdenscheid") == match_key("Hansjoerg Mueller Luedenscheid") \
        == match_key("hansjorg muller ludenscheid") == "hansjorgmullerludenscheid"
    assert match_key("Weiß") == match_key("Weiss") == match_key("WEISS")
    assert match_key("Céline Çelik") == match_key("celine celik")


@pytest.mark.parametrize("typed, first, last, found", [
    ("weiss", "Jürgen", "Weiß", True), ("Muller", "Anna", "Müller", True), ("Mueller", "Anna", "Müller", True),
    ("mülller", "Anna", "Müller", True), ("Müler Anna", "Anna", "Müller", True), ("Maier", "Anna", "Müller", False),
    ("Ott", "Hans", "Otto", True),           # a prefix
    ("Otz", "Hans", "Otto", False),          # three letters: no typo tolerance
])
def test_every_search_finds_a_name_as_people_type_it(typed, first, last, found):
    assert query_matches(typed, first, last, "Bräunlingen") is found


def test_the_same_person_tolerates_one_typo_in_each_name_but_not_two():
    assert same_person("Jürgen", "Weiss", "Jürgen", "Weiß")
    assert same_person("Jürgen", "Weis", "Jurgen", "Weiß")
    assert not same_person("Jürgen", "Weiß", "Jürgen", "Weber")
    assert similar("schmid", "schmidt") and not similar("schmid", "schmitz")
