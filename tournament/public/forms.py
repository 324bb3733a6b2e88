"""Forms. The engine validates; a form only maps ``ScoringError`` codes to translated field errors."""
from django import forms
from django.utils.translation import gettext_lazy as _

from scoring import cards
from scoring.errors import ScoringError
from tournament.common.fields import tidy_names
from tournament.common.i18n import engine_lang


def scoring_validation_error(err, lang):
    """A ``ValidationError`` carrying the engine's message, code and parameters.

    Django applies ``message % params`` when it renders an error, so a literal ``%`` in the message (a user
    may type ``h%`` as a card) is escaped first.
    """
    return forms.ValidationError(err.message(lang).replace("%", "%%"), code=err.code, params=err.params)


def card_face(code):
    """The short face of a card under its group heading: ``GS``, ``21``, ``K``, ``10``."""
    if code == "GS":
        return code
    return code[1:]


class CardCounterForm(forms.Form):
    """Count a pile of cards: tick checkboxes, type codes, or both. Works as a plain GET form."""

    cards = forms.MultipleChoiceField(
        label=_("Cards"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    text = forms.CharField(
        label=_("Card codes"),
        required=False,
        max_length=500,
        help_text=_("Separated by spaces or commas, upper or lower case, e.g. GS T21 hK xD k1"),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.lang = engine_lang()
        self.fields["cards"].choices = [(code, cards.card_label(code, self.lang)) for code in cards.ALL_CARDS]
        self.fields["text"].widget.attrs.update(
            {"placeholder": "GS T21 hK xD k1", "autocomplete": "off", "autocapitalize": "none",
             "spellcheck": "false"})

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        ticked = data.get("cards") or []
        text = data.get("text") or ""
        try:
            codes = cards.parse_cards(" ".join(ticked) + " " + text)
        except ScoringError as err:
            # Ticked boxes are valid choices, so a bad or repeated code comes from the typed text.
            self.add_error("text" if text.strip() else "cards", scoring_validation_error(err, self.lang))
            return data
        if not codes:
            raise forms.ValidationError(_("Tick or type at least one card."), code="no_cards")
        data["codes"] = codes
        return data

    def card_groups(self):
        """Checkboxes grouped as the engine groups the pack: ``[(key, label, [(face, counter, box), …]), …]``."""
        boxes = {box.data["value"]: box for box in self["cards"]}
        return [
            (key, label[self.lang], [(card_face(code), cards.card_value(code), boxes[code]) for code in codes])
            for key, label, codes in cards.SUITS
        ]

    def result(self):
        """Counted pile: number of cards and counters, points by both methods, the cards by name."""
        codes = self.cleaned_data["codes"]
        values = [cards.card_value(code) for code in codes]
        return {
            "cards": len(codes),
            "counters": sum(1 for v in values if v),
            "counter_sum": sum(values),
            "pairs": cards.count_points(codes, "pairs"),
            "triples": cards.count_points(codes, "triples"),
            "labels": [cards.card_label(code, self.lang) for code in codes],
        }


class PreRegistrationForm(forms.Form):
    """A player's request for a place (``registration.prereg.submit``). ``website`` is the honeypot: hidden from
    people (CSS and ``aria-hidden``), left empty by them, filled by bots that fill every field."""

    first_name = forms.CharField(label=_("First name"), max_length=80)
    last_name = forms.CharField(label=_("Last name"), max_length=80)
    town = forms.CharField(label=_("Town"), max_length=80)
    team_name = forms.CharField(label=_("Team (optional)"), max_length=80, required=False)
    email = forms.EmailField(label=_("E-mail (optional)"), max_length=254, required=False,
                             help_text=_("Only for the tournament direction, never shown on the pages."))
    website = forms.CharField(label=_("Leave this field empty"), max_length=200, required=False,
                              widget=forms.TextInput(attrs={"autocomplete": "off", "tabindex": "-1"}))

    def clean(self):
        data = super().clean()
        tidy_names(self, data, ("first_name", "last_name", "town"), ("team_name",))     # no invisible names
        return data

    @property
    def is_bot(self):
        return bool(self.data.get("website", "").strip())
