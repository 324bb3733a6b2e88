"""The form to appoint staff: an account (existing, or new with a password) and the role it gets."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Role


class AppointForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150,
                               widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}))
    password = forms.CharField(
        label=_("Password for a new account"), required=False, max_length=128,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("Only when the account does not exist yet; leave empty for an existing account."))
    kind = forms.ChoiceField(label=_("Role"))

    def __init__(self, *args, kinds, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k, Role.Kind(k).label) for k in kinds]
        if len(kinds) == 1:
            self.fields["kind"].initial = kinds[0]
