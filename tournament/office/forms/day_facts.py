"""The tournament form's facts about the day for the season calendar and its iCal feed (docs/public.md, "Season
calendar"): start time, venue address, host and entry fee (the model's fields since migration 0025)."""

from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

MAX_FEE = 1000                  # euros: the model's check constraint


class FeeField(forms.DecimalField):
    """The entry fee in euros; empty is no fee (0), so a form posted without it still saves."""

    def to_python(self, value):
        return super().to_python(value) or Decimal(0)


def adjust(form):
    """Widgets, bounds and help texts of the day's facts on ``form`` (a ``TournamentForm``)."""
    fields = form.fields
    fields["start_time"].widget = forms.TimeInput(attrs={"type": "time"}, format="%H:%M")
    fields["start_time"].help_text = _("When play starts, e.g. 19:00. Empty: the calendar shows a whole day.")
    fields["venue"].help_text = _("The hall or inn, as players know it.")
    old = fields["entry_fee"]
    fields["entry_fee"] = FeeField(label=old.label, help_text=old.help_text, required=False, min_value=0,
                                   max_value=MAX_FEE, max_digits=7, decimal_places=2, initial=old.initial)
    fields["entry_fee"].widget.attrs.update(step="0.50")
