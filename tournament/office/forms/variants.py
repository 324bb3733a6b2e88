"""The tournament form's ruleset options of the seed documents (RULES.md §10, docs/director.md): "the dealer plays a
Räuber at five" (``raeuber_with_dealer``, only where the ruleset plays Räuber at tables of five) and "fine per other
player" (``fine``), each a field of its own with the seed's words as help. Both are stored in
``Tournament.options`` with the JSON overrides; the fields win over the same keys typed in the JSON."""

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import RULESET_KEYS, resolve
from tournament.common.fields import WholeNumberField
from tournament.models import Tournament

OPTIONS = ("raeuber_with_dealer", "fine")
MAX_FINE = 100_000         # per other player, as the engine's entry value (scoring.free_for_all.MAX_FINE)


def raeuber_five_rulesets():
    """The rulesets where a Räuber is played at tables of five: there the dealer may play it."""
    return [key for key in RULESET_KEYS if resolve(key).raeuber_value is not None and 5 in resolve(key).players]


def json_options(options):
    """The overrides the JSON box shows: every one but the options that have a field here."""
    return {k: v for k, v in (options or {}).items() if k not in OPTIONS}


def add_fields(form):
    """The two fields on ``form`` (a ``TournamentForm``), preset from the tournament's options, and what the
    template needs to show them only where they apply (``office/game_fields.js`` does the same while choosing)."""
    form.fields["raeuber_with_dealer"] = forms.BooleanField(
        label=_("Räuber at a table of five: the dealer plays"), required=False,
        help_text=_("Baumann & Blümle: the dealer, who sits out of the other games, takes the blind in a Räuber "
                    "(one card fewer) and plays; he pays and receives like the others."))
    form.fields["fine"] = WholeNumberField(
        label=_("Fine per other player"), required=False, min_value=1, max_value=MAX_FINE,
        help_text=_("Unadingen club rules: a dealer who deals without letting the cards be cut pays every player "
                    "80 Pf. Empty: the ruleset's fine (Unadingen 80; elsewhere each fine is keyed with its value)."))
    options = form.instance.options or {} if form.instance.pk else {}
    if form.instance.pk:        # the JSON box: the other overrides
        shown = json_options(options)
        form.initial["options"] = json.dumps(shown, indent=2, ensure_ascii=False) if shown else ""
    form.initial.setdefault("raeuber_with_dealer", bool(options.get("raeuber_with_dealer")))
    form.initial.setdefault("fine", options.get("fine"))
    rulesets = raeuber_five_rulesets()
    form.raeuber_five = " ".join(rulesets)
    posted = form.data.get(form.add_prefix("ruleset")) if form.is_bound else None
    form.raeuber_five_shown = (posted or form.instance.ruleset or "schwarzwald") in rulesets
    game = (form.data.get(form.add_prefix("game")) if form.is_bound else None) or form.instance.game
    form.cego_shown = (game or Tournament.Game.CEGO) == Tournament.Game.CEGO      # Cego's own rules


def clean(form, data):
    """The fields into the overrides: set where chosen, left out where not. The dealer plays a Räuber only where
    the ruleset has Räuber at tables of five."""
    options = data.get("options")
    if options is None:
        return
    options = json_options(options)
    if data.get("raeuber_with_dealer"):
        if data.get("ruleset") not in raeuber_five_rulesets():
            form.add_error("raeuber_with_dealer", forms.ValidationError(
                _("This ruleset plays no Räuber at tables of five."), code="no_raeuber_at_five"))
        options["raeuber_with_dealer"] = True
    if data.get("fine") is not None:
        options["fine"] = data["fine"]
    data["options"] = options
