"""The explanation phrases (scoring/explain.py): one table per language for every game, Cego, Offiziers-Cego and
Ziege alike, with the same keys and placeholders in German and English."""

import string

import pytest

from scoring import explain

OFFIZIERS_AND_ZIEGE = ("offiziers", "ziege", "off_won", "off_schliff", "off_draw", "off_penalty", "off_win_loss",
                       "off_writes", "team", "eier", "zg_win", "zg_31", "zg_trick", "zg_no_trick")


def placeholders(text):
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_one_table_holds_the_phrases_of_every_game(lang):
    p = explain.phrases(lang)
    assert p["lang"] == lang
    for key in OFFIZIERS_AND_ZIEGE:                 # no second table for the games beside Cego
        assert key in p, key
    assert "fach" in p and "seat" in p
    assert not hasattr(explain, "GAME_PHRASES")


def test_german_and_english_have_the_same_keys_and_placeholders():
    de, en = explain.phrases("de"), explain.phrases("en")
    assert set(de) == set(en)
    differing = [key for key in de if placeholders(de[key]) != placeholders(en[key])]
    assert differing == []
