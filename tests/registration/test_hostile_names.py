"""Names nobody can see and names that only look alike (issue 22): a name made only of invisible or
direction-changing characters is refused wherever it is typed (new player, entry correction, pre-registration) or
imported, and by the service behind them; invisible characters inside a name are dropped; a look-alike letter of
another script ("Аnna" with a Cyrillic А) is caught by the namesake check and the import's match."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests import factories
from tournament.common import names
from tournament.models import Entry, Player, PreRegistration
from tournament.public.forms import PreRegistrationForm
from tournament.registration import files, importer
from tournament.registration import services as registration
from tournament.registration.selectors import namesakes

INVISIBLE = [
    "\u200b",                   # zero-width space
    "\u202e",                   # right-to-left override
    "\u2066\u2069",             # left-to-right isolate … pop isolate
    "\u200e\u200f",             # direction marks
    "\ufeff",                   # byte order mark
    "\u200b \u200d \u2060",     # zero-width joiner, word joiner, a space
    "\u3164",                   # Hangul filler (a "letter" that shows nothing)
    "\u00ad",                   # soft hyphen
    "\u0301",                   # a combining accent without a letter
]


@pytest.mark.parametrize("text", INVISIBLE)
def test_names_made_only_of_invisible_characters_are_invisible(text):
    assert names.invisible(text) and (names.tidy(text) == "" or names.invisible(names.tidy(text)))


@pytest.mark.parametrize("text, tidied", [
    ("An\u200bna", "Anna"), ("\u202eMaier", "Maier"), ("  Hans \u2066 Peter\u2069 ", "Hans Peter"),
    ("Schwö\u00adrer", "Schwörer"), ("Anna", "Anna"), ("Marie-Luise", "Marie-Luise"), ("Zoë", "Zoë"),
])
def test_invisible_characters_inside_a_name_are_dropped(text, tidied):
    assert not names.invisible(text) and names.tidy(text) == tidied


@pytest.mark.parametrize("look_alike, latin", [
    ("Аnna", "Anna"),            # Cyrillic А
    ("Маier", "Maier"),          # Cyrillic М and а
    ("Schwörеr", "Schwörer"),   # Cyrillic е
    ("Κern", "Kern"),            # Greek Κ
    ("Јürgen", "Jürgen"),        # Cyrillic Ј
])
def test_look_alike_letters_fold_to_the_latin_letter(look_alike, latin):
    assert look_alike != latin and names.match_key(look_alike) == names.match_key(latin)
    assert names.same_person(look_alike, "X", latin, "X")


@pytest.mark.django_db
def test_a_look_alike_name_is_caught_by_the_namesake_check(client):
    anna = Player.objects.create(first_name="Anna", last_name="Maier", town="Titisee")
    assert [p.pk for p in namesakes("Аnna", "Maier", "Titisee")] == [anna.pk]
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    response = client.post(reverse("director:player_create", args=[t.pk]),
                           {"first_name": "Аnna", "last_name": "Maier", "town": "Titisee"})
    assert response.status_code == 200 and Player.objects.count() == 1
    assert "duplicate_name" in [e.code for e in response.context["form"].non_field_errors().as_data()]


@pytest.mark.django_db
def test_the_import_matches_a_look_alike_name_to_the_existing_player():
    anna = Player.objects.create(first_name="Anna", last_name="Maier", town="Titisee")
    t = factories.tournament(players=0)
    result = files.parse_registrations(factories.registration_csv(
        [["Vorname", "Nachname", "Ort"], ["Аnna", "Маier", "Titisee"]]), "x.csv")
    importer.check_against_tournament(result, t)
    assert result.rows[0].player == anna


@pytest.mark.parametrize("text", INVISIBLE)
def test_the_import_refuses_an_invisible_name(text):
    result = files.parse_registrations(factories.registration_csv(
        [["Vorname", "Nachname", "Ort"], ["Anna", "Maier", "X"], [text, "Kern", "Y"], ["Otto", text, "Z"]]), "x.csv")
    assert not result.ok
    assert [[i.code for i in r.issues] for r in result.rows] == [[], ["invisible_name"], ["invisible_name"]]
    assert result.rows[1].raw["first_name"].startswith("U+")      # the preview shows what is there


def test_the_import_tidies_invisible_characters_inside_names():
    result = files.parse_registrations(factories.registration_csv(
        [["Vorname", "Nachname", "Ort"], ["An\u200bna", "\u202eMaier", "Titi\u200bsee"]]), "x.csv")
    assert result.ok and result.rows[0].values == {"first_name": "Anna", "last_name": "Maier", "town": "Titisee"}


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["first_name", "last_name"])
@pytest.mark.parametrize("text", INVISIBLE[:4])
def test_the_new_player_form_refuses_an_invisible_name(client, field, text):
    client.force_login(factories.staff())
    t = factories.tournament(players=0)
    data = {"first_name": "Anna", "last_name": "Maier", "town": "Titisee", field: text}
    response = client.post(reverse("director:player_create", args=[t.pk]), data)
    assert response.status_code == 200 and not Player.objects.exists()
    assert [e.code for e in response.context["form"].errors.as_data()[field]] == ["invisible_name"]
    assert "keine sichtbaren Buchstaben" in response.content.decode()


@pytest.mark.django_db
def test_the_entry_correction_refuses_an_invisible_name(client):
    client.force_login(factories.staff())
    t = factories.tournament(players=1)
    entry = t.entries.get()
    response = client.post(reverse("director:entry_edit", args=[t.pk, entry.pk]), {
        "entry-start_number": "1", "player-first_name": "\u200b\u202e", "player-last_name": "Maier",
        "player-town": "X"})
    assert response.status_code == 200 and "keine sichtbaren Buchstaben" in response.content.decode()
    entry.player.refresh_from_db()
    assert entry.player.first_name == "Anna"


@pytest.mark.django_db
def test_the_entry_correction_stores_a_remark_and_drops_invisible_characters(client):
    client.force_login(factories.staff())
    t = factories.tournament(players=1)
    entry = t.entries.get()
    response = client.post(reverse("director:entry_edit", args=[t.pk, entry.pk]), {
        "entry-start_number": "1", "entry-note": "zahlt\u200b später <script>", "player-first_name": "An\u200bna",
        "player-last_name": entry.player.last_name, "player-town": entry.player.town})
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.note == "zahlt später <script>" and entry.player.first_name == "Anna"
    page = client.get(reverse("director:entries", args=[t.pk])).content.decode()
    assert "zahlt später &lt;script&gt;" in page


@pytest.mark.parametrize("text", INVISIBLE[:4])
def test_the_pre_registration_form_refuses_an_invisible_name(text):
    form = PreRegistrationForm({"first_name": text, "last_name": "Maier", "town": "Titisee"})
    assert not form.is_valid()
    assert [e.code for e in form.errors.as_data()["first_name"]] == ["invisible_name"]
    tidy = PreRegistrationForm({"first_name": "An\u200bna", "last_name": "\u202eMaier", "town": "Titisee"})
    assert tidy.is_valid() and (tidy.cleaned_data["first_name"], tidy.cleaned_data["last_name"]) == ("Anna", "Maier")


@pytest.mark.django_db
def test_the_public_pre_registration_page_refuses_an_invisible_name(client):
    t = factories.tournament(players=0, published=True, prereg_open=True)
    response = client.post(reverse("public:preregister", args=[t.pk]),
                           {"first_name": "\u200b", "last_name": "\u202e", "town": "Titisee"})
    assert response.status_code == 200 and not PreRegistration.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("text", INVISIBLE[:3])
def test_the_service_refuses_an_invisible_name_too(text):
    t = factories.tournament(players=0)
    with pytest.raises(ValidationError) as err:
        registration.register(tournament=t, user=None, player_data={"first_name": text, "last_name": "Maier"})
    assert err.value.code == "invisible_name" and not Player.objects.exists() and not Entry.objects.exists()


@pytest.mark.django_db
def test_the_ziege_team_form_refuses_an_invisible_name(client):
    from tournament.models import Tournament, ZiegePair

    client.force_login(factories.staff())
    t = factories.tournament(players=0, game=Tournament.Game.ZIEGE)
    url = reverse("director:ziege_teams", args=[t.pk])
    response = client.post(url, {"first_first_name": "\u200b", "first_last_name": "Maier",
                                 "second_first_name": "Eva", "second_last_name": "Vo\u200bgt"})
    assert response.status_code == 200 and not ZiegePair.objects.exists()
    assert "keine sichtbaren Buchstaben" in response.content.decode()
    client.post(url, {"first_first_name": "An\u202ena", "first_last_name": "Maier", "second_first_name": "Eva",
                      "second_last_name": "Vo\u200bgt"})
    assert sorted(Player.objects.values_list("first_name", "last_name")) == [("Anna", "Maier"), ("Eva", "Vogt")]
