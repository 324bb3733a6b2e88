"""The public tariff pages and the card counter: status, values against the engine, language, form errors.

No database is touched: these pages compute everything with the scoring engine.
"""

import pytest
from django.conf import settings
from django.urls import reverse

from scoring import cards, rulesets, tariff
from tests.page_text import get, table_rows

GERMAN = {"accept": "de", "index": "Tarife und Kartenzähler", "points": "Punktspiele",
          "fixed": "Spiele mit festem Wert",
          "params": "Kenngrößen", "counter": "Kartenzähler"}
ENGLISH = {"accept": "en", "index": "Tariffs and card counter", "points": "Point games", "fixed": "Fixed-value games",
           "params": "Parameters", "counter": "Card counter"}


# --- pages ------------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_root_is_the_public_home_linking_the_tariffs(client):
    response = client.get("/")
    assert response.status_code == 200
    assert reverse("tariff:index") == "/tarif/"
    assert 'href="/tarif/"' in response.content.decode()


def test_index_lists_every_ruleset(client):
    response = get(client, reverse("tariff:index"))
    assert response.status_code == 200
    html = response.content.decode()
    assert rulesets.RULESET_KEYS == ("schwarzwald", "traditionell", "dreier", "unadingen", "dreier35", "regional")
    for key in rulesets.RULESET_KEYS:
        rs = rulesets.resolve(key)
        assert f'href="/tarif/{key}/"' in html
        assert rs.name["de"] in html
        assert rs.description["de"] in html


def test_the_interface_is_german_by_default(client):
    response = client.get(reverse("tariff:index"))   # no Accept-Language, no cookie
    html = response.content.decode()
    assert '<html lang="de">' in html
    assert GERMAN["index"] in html and GERMAN["counter"] in html
    assert f'action="{reverse("set_language")}"' in html      # the language switcher posts to set_language


@pytest.mark.parametrize("key", rulesets.RULESET_KEYS)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_detail_shows_the_engine_grid(client, key, lang):
    words = GERMAN if lang == "de" else ENGLISH
    response = get(client, reverse("tariff:detail", args=[key]), lang=lang)
    assert response.status_code == 200
    html = response.content.decode()
    grid = tariff.tariff_grid(rulesets.resolve(key))
    rows = table_rows(response, "tariff-grid")
    header = rows[1]
    assert header[3:] == [column.label[lang] for column in grid.columns]
    body = rows[2:]
    assert body == [[str(row["fach"]), row["declarer_band"], row["defender_band"]]
                    + [str(row[column.key]) for column in grid.columns] for row in grid.rows]
    if grid.fixed:
        assert table_rows(response, "fixed-values")[1:] == [
            [fixed.label[lang], str(fixed.value), fixed.note[lang]] for fixed in grid.fixed]
        assert words["fixed"] in html
    for heading in ("points", "params", "counter"):
        assert words[heading] in html
    assert f'<html lang="{lang}">' in html


@pytest.mark.parametrize("key, fach, column, value", [
    ("schwarzwald", 2, "Eine Halbe", 20),        # RULES §7: Halbe lost, defenders 45 → 2 Fach, X = 20
    ("schwarzwald", 1, "Mit Einer", 20),         # 1 · 5 · 3 = 15 → rounded to 20
    ("schwarzwald", 1, "Cego", 10),              # 5 → 10
    ("schwarzwald", 3, "Solo gewonnen", 30),     # RULES §7: Solo won, 3 Fach, X = 30
    ("schwarzwald", 3, "Solo verloren", 20),     # 15 → 20
    ("schwarzwald", 8, "Kleiner Mann", 280),     # RULES §7: 8 · 5 · 7
    ("traditionell", 1, "Eine Leere", 3),        # RULES §7: unit 1, Leere ×3, no rounding
    ("dreier", 1, "Mit Einer", 2),               # RULES §7: X = 2
    ("unadingen", 3, "Mit Einer", 30),           # 3 · 5 · 2, no rounding
    ("unadingen", 3, "Cego", 15),
])
def test_detail_known_values(client, key, fach, column, value):
    rows = table_rows(get(client, reverse("tariff:detail", args=[key])), "tariff-grid")
    index = rows[1].index(column)
    assert rows[1 + fach][0] == str(fach)
    assert rows[1 + fach][index] == str(value)


@pytest.mark.parametrize("key, game, value", [
    ("schwarzwald", "Ultimo", 80), ("schwarzwald", "Piccolo", 40), ("schwarzwald", "Bettel", 30),
    ("schwarzwald", "Räuber", 40), ("traditionell", "Ultimo", 20), ("traditionell", "Drescher", 5),
    ("unadingen", "Pfifferling", 40), ("unadingen", "Räuber", 30),
])
def test_detail_fixed_values(client, key, game, value):
    rows = table_rows(get(client, reverse("tariff:detail", args=[key])), "fixed-values")
    assert [game, str(value)] in [row[:2] for row in rows]


def test_detail_parameters(client):
    html = get(client, reverse("tariff:detail", args=["schwarzwald"])).content.decode()
    for text in ("2er-Zählweise", "79", "mindestens 40 Kartenpunkten", "auf Zehner", "4, 5", "Nullsumme"):
        assert text in html
    html = get(client, reverse("tariff:detail", args=["dreier"]), lang="en").content.decode()
    for text in ("triple counting", "69 + 1 bonus point", "at least 36 card points", "none",
                 "This ruleset has no fixed-value games."):
        assert text in html


def test_unknown_ruleset_is_404(client):
    assert get(client, reverse("tariff:detail", args=["skat"])).status_code == 404
    assert get(client, "/tarif/schwarzwald/extra/").status_code == 404


# --- language ---------------------------------------------------------------------------------------------


def test_english_by_accept_language(client):
    html = get(client, reverse("tariff:index"), lang="en").content.decode()
    assert ENGLISH["index"] in html
    assert GERMAN["index"] not in html
    assert rulesets.resolve("traditionell").name["en"] in html


def test_english_by_language_cookie(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(reverse("tariff:detail", args=["schwarzwald"])).content.decode()
    assert ENGLISH["points"] in html and "Solo won" in html


def test_set_language_switches_and_back(client):
    detail = reverse("tariff:detail", args=["schwarzwald"])
    response = client.post(reverse("set_language"), {"language": "en", "next": detail}, follow=True)
    assert response.redirect_chain == [(detail, 302)]
    html = response.content.decode()
    assert ENGLISH["points"] in html and "Misère (Bettel)" in html
    response = client.post(reverse("set_language"), {"language": "de", "next": detail}, follow=True)
    assert GERMAN["points"] in response.content.decode()


# --- card counter -----------------------------------------------------------------------------------------

DREIER_PACK = [code for code in cards.ALL_CARDS if code not in ("k4", "x7", "p7")]


@pytest.mark.parametrize("params, n, counters, pairs, triples", [
    # The whole pack: 19 counters worth 71; pairs 71 + 27 − 19 = 79, triples 71 + 18 − 19 = 70.
    ({"cards": list(cards.ALL_CARDS)}, 54, 19, 79, 70),
    ({"text": " ".join(cards.ALL_CARDS)}, 54, 19, 79, 70),
    # Dreier pack, 51 cards: triples 71 + 17 − 19 = 69, pairs 71 + 25 − 19 = 77.
    ({"text": ",".join(DREIER_PACK)}, 51, 19, 77, 69),
    # Two counters: their sum − 1 = 9 by either method.
    ({"text": "GS hK"}, 2, 2, 9, 9),
    ({"text": "gs, HK"}, 2, 2, 9, 9),
    ({"cards": ["GS"], "text": "hK"}, 2, 2, 9, 9),
    ({"cards": ["GS", "hK"]}, 2, 2, 9, 9),
    # One counter alone: value − 1.
    ({"text": "hK"}, 1, 1, 4, 4),
    # Four blanks: two pairs = 2, one triple + a single blank = 1.
    ({"text": "h2 h3 h4 k2"}, 4, 0, 2, 1),
    # King, Queen and four blanks: pairs 9 + 3 − 2 = 10, triples 9 + 2 − 2 = 9.
    ({"text": "hK hD h2 h3 h4 k2"}, 6, 2, 10, 9),
    ({"text": "GS T21 hK xD k1"}, 5, 4, 17, 17),
])
def test_counter_counts_by_both_methods(client, params, n, counters, pairs, triples):
    response = get(client, reverse("tariff:index"), **params)
    assert response.status_code == 200
    result = response.context["counter_result"]
    assert (result["cards"], result["counters"], result["pairs"], result["triples"]) == (n, counters, pairs, triples)
    html = response.content.decode()
    assert f"<dt>2er-Zählweise (Paare)</dt><dd>{pairs}</dd>" in html
    assert f"<dt>3er-Zählweise (Dreier)</dt><dd>{triples}</dd>" in html
    assert f"{n} Karte" in html


def test_counter_on_a_detail_page_marks_the_rulesets_counting(client):
    html = get(client, reverse("tariff:detail", args=["traditionell"]), text="GS hK").content.decode()
    assert '<div class="own" id="points-triples">' in html
    html = get(client, reverse("tariff:detail", args=["schwarzwald"]), text="GS hK").content.decode()
    assert '<div class="own" id="points-pairs">' in html


def test_counter_keeps_ticked_cards_checked(client):
    html = get(client, reverse("tariff:index"), cards=["GS", "hK"]).content.decode()
    assert 'value="GS" id="id_cards_0" checked' in html
    assert html.count(" checked") == 2


def test_counter_unbound_shows_no_result(client):
    response = get(client, reverse("tariff:index"))
    assert response.context["counter_result"] is None
    assert not response.context["counter_form"].is_bound


@pytest.mark.parametrize("params, field, code, message", [
    ({"text": "hZ"}, "text", "unknown_card", "Unbekannte Karte „hZ“."),
    ({"text": "hK hK"}, "text", "duplicate_card", "Die Karte „hK“ ist doppelt angegeben."),
    ({"text": "hK, hk"}, "text", "duplicate_card", "Die Karte „hK“ ist doppelt angegeben."),
    ({"cards": ["hK"], "text": "HK"}, "text", "duplicate_card", "Die Karte „hK“ ist doppelt angegeben."),
    ({"text": "h%"}, "text", "unknown_card", "Unbekannte Karte „h%“."),
    ({"text": "%(card)s"}, "text", "unknown_card", "Unbekannte Karte „%(card)s“."),
    ({"cards": ["hZ"]}, "cards", "invalid_choice", None),
    ({"text": "x" * 501}, "text", "max_length", None),
])
def test_counter_bad_cards_give_a_form_error(client, params, field, code, message):
    response = get(client, reverse("tariff:index"), **params)
    assert response.status_code == 200
    form = response.context["counter_form"]
    assert form.has_error(field, code)
    assert response.context["counter_result"] is None
    if message:
        assert form.errors[field] == [message]
        assert 'class="errorlist" id="id_text_error"' in response.content.decode()


def test_counter_error_in_english(client):
    response = get(client, reverse("tariff:detail", args=["schwarzwald"]), lang="en", text="GS hZ")
    assert response.status_code == 200
    assert response.context["counter_form"].errors["text"] == ["Unknown card 'hZ'."]


def test_counter_empty_submission_asks_for_a_card(client):
    response = get(client, reverse("tariff:index"), text="")
    assert response.status_code == 200
    assert response.context["counter_form"].has_error("__all__", "no_cards")
    assert "Bitte mindestens eine Karte ankreuzen oder eintippen." in response.content.decode()


def test_pages_load_nothing_from_outside(client):
    for url in (reverse("tariff:index"), reverse("tariff:detail", args=["schwarzwald"])):
        html = get(client, url).content.decode()
        assert "http://" not in html and "https://" not in html and 'src="//' not in html
        assert 'href="/static/tournament/site.css"' in html
