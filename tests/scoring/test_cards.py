import pytest

from scoring import ScoringError, cards


def test_pack_has_54_cards_and_19_counters():
    assert len(cards.ALL_CARDS) == len(set(cards.ALL_CARDS)) == 54
    assert sum(1 for c in cards.ALL_CARDS if cards.card_value(c)) == 19
    assert sum(len(codes) for _k, _l, codes in cards.SUITS) == 54


@pytest.mark.parametrize(("counting", "dreier", "total"), [
    ("pairs", False, 79), ("triples", False, 70), ("triples", True, 69),
])
def test_whole_pack(counting, dreier, total):
    assert cards.pack_total(counting, dreier) == total


@pytest.mark.parametrize(("pile", "pairs", "triples"), [
    ("", 0, 0),
    ("h1", 0, 0),                 # a single blank: 0
    ("h1 h2", 1, 1),              # two blanks count 1 / a left-over pair as a group
    ("h1 h2 h3", 1, 1),           # three blanks 1 (triples); pair + single (pairs)
    ("hK", 4, 4),                 # a single counter: counter − 1
    ("hK h1", 5, 5),              # a counter with a blank: its value
    ("hK xD", 8, 8),              # two counters: sum − 1
    ("hK xD h1", 8, 8),           # two counters and a blank: sum − 1 by either method
    ("GS T21 T1", 13, 13),        # pairs: (5+5−1) + (5−1); triples: three counters sum − 2
    ("GS T21 T1 hK", 18, 17),     # pairs: 9 + 9; triples: 13 + (5 − 1)
])
def test_pile_points_match_the_table_rules(pile, pairs, triples):
    assert cards.count_points(pile, "pairs") == pairs
    assert cards.count_points(pile, "triples") == triples


def test_pile_formula_against_table_rules_by_grouping():
    # Triples as the table counts them: groups of three, a left-over pair as a group, a single card −1.
    def by_hand(values):
        total = 0
        groups = [values[i:i + 3] for i in range(0, len(values), 3)]
        for g in groups:
            counters = [v for v in g if v]
            if len(g) == 1:
                total += counters[0] - 1 if counters else 0
            else:
                total += sum(counters) - len(counters) + 1
        return total
    import itertools
    pool = ["GS", "hK", "kD", "xR", "pB", "h1", "k2", "x7", "p8"]
    for n in range(0, 7):
        for combo in itertools.combinations(pool, n):
            values = [cards.card_value(c) for c in combo]
            assert cards.count_points(combo, "triples") == by_hand(values), combo


def test_parse_normalises_case_and_separators():
    assert cards.parse_cards("gs, t21;HK xd") == ("GS", "T21", "hK", "xD")


@pytest.mark.parametrize(("text", "code"), [("hZ", "unknown_card"), ("T22", "unknown_card"),
                                           ("hK HK", "duplicate_card")])
def test_parse_rejects_bad_cards(text, code):
    with pytest.raises(ScoringError) as info:
        cards.parse_cards(text)
    assert info.value.code == code
    assert info.value.params["card"] in text


def test_unknown_counting():
    with pytest.raises(ScoringError) as info:
        cards.count_points("hK", "quads")
    assert info.value.code == "unknown_counting"


def test_labels():
    assert cards.card_label("hK") == "Herz König"
    assert cards.card_label("hK", "en") == "King of Hearts"
    assert cards.card_label("T21").startswith("Trumpf 21")
