"""Forms of the Ziege pages: a team of two new players, dissolving a team (one game at a table is the kind's
``game_form``, ``results.ziege.ZiegeGameForm``)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.common.fields import tidy_names


class PairForm(forms.Form):
    first_first_name = forms.CharField(label=_("First player: first name"), max_length=80)
    first_last_name = forms.CharField(label=_("First player: last name"), max_length=80)
    second_first_name = forms.CharField(label=_("Second player: first name"), max_length=80)
    second_last_name = forms.CharField(label=_("Second player: last name"), max_length=80)

    def clean(self):
        data = super().clean()
        tidy_names(self, data, ("first_first_name", "first_last_name", "second_first_name", "second_last_name"))
        return data

    def players(self):
        data = self.cleaned_data
        return ({"first_name": data["first_first_name"].strip(), "last_name": data["first_last_name"].strip()},
                {"first_name": data["second_first_name"].strip(), "last_name": data["second_last_name"].strip()})


class RemovePairForm(forms.Form):
    reason = forms.CharField(label=_("Reason (optional, kept in the audit log)"), required=False, max_length=200,
                             widget=forms.TextInput(attrs={"autocomplete": "off"}))
