"""Forms of the money pages (docs/money.md): amounts are typed as euros ("8", "7,50", "1.234,50 €") and read by
the one parser, ``common.euros.parse_euros``; the ranges are the services' (``money.services.check_amount``)."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.common.euros import euros, parse_euros
from tournament.models import CashItem, Payment, SeasonFund
from tournament.standings.categories import category_choices

AMOUNT_ATTRS = {"inputmode": "decimal", "autocomplete": "off", "size": 8}


class EuroField(forms.Field):
    """An amount typed as euros; empty is None."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", forms.TextInput(attrs={**AMOUNT_ATTRS, "maxlength": 20}))
        super().__init__(*args, **kwargs)

    def prepare_value(self, value):
        return euros(value).removesuffix(" €") if value not in (None, "") and not isinstance(value, str) else value

    def to_python(self, value):
        text = str(value).strip()[:40] if value is not None else ""
        if text in self.empty_values:
            return None
        try:
            return parse_euros(text)
        except ValueError as err:
            raise forms.ValidationError(_("Enter an amount in euros, e.g. 8 or 7,50."), code="not_an_amount") from err


class FeeForm(forms.Form):
    entry_fee = EuroField(label=_("Entry fee (€)"), help_text=_("Before reductions. Payments already made keep "
                                                                "their amounts."))


class ReductionForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    amount = EuroField(label=_("Reduction (€)"), required=False)
    free = forms.BooleanField(label=_("free of charge"), required=False)
    category = forms.ChoiceField(label=_("Given to"), required=False)

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = [("", _("chosen by hand")), *category_choices(season)]


class PaymentForm(forms.Form):
    amount = EuroField(label=_("Amount (€)"), required=False, help_text=_("Empty: what is open."))
    method = forms.ChoiceField(label=_("Paid by"), choices=Payment.Method.choices, initial=Payment.Method.CASH)
    paid_on = forms.DateField(label=_("Paid on"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("initial", {"paid_on": timezone.localdate()})
        super().__init__(*args, **kwargs)


class RefundForm(forms.Form):
    amount = EuroField(label=_("Amount (€)"), required=False, help_text=_("Empty: everything paid."))
    method = forms.ChoiceField(label=_("Paid back by"), choices=Payment.Method.choices, initial=Payment.Method.CASH)
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)


class ChargeForm(forms.Form):
    BY_CATEGORY, NONE = "", "none"
    reduction = forms.ChoiceField(label=_("Reduction"), required=False)
    override = EuroField(label=_("Amount owed, set by hand (€)"), required=False,
                         help_text=_("Empty: the fee less the reduction."))
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)

    def __init__(self, *args, reductions, **kwargs):
        super().__init__(*args, **kwargs)
        self.reductions = {str(r.pk): r for r in reductions}
        self.fields["reduction"].choices = [(self.BY_CATEGORY, _("from the player's categories")),
                                            (self.NONE, _("none: the full fee")),
                                            *((str(r.pk), r.name) for r in reductions)]

    def service_data(self):
        data = self.cleaned_data
        return {"reduction": self.reductions.get(data["reduction"]), "no_reduction": data["reduction"] == self.NONE,
                "override": data["override"], "reason": data["reason"]}


class CashItemForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=CashItem.Kind.choices)
    text = forms.CharField(label=_("What"), max_length=120)
    amount = EuroField(label=_("Amount (€)"))


class FundForm(forms.Form):
    rule = forms.ChoiceField(label=_("The fund's share"), choices=SeasonFund.Rule.choices)
    amount = EuroField(label=_("Euros or percent"))
    opening = EuroField(label=_("Opening balance (€)"), required=False)


class PayoutForm(forms.Form):
    text = forms.CharField(label=_("What"), max_length=120)
    amount = EuroField(label=_("Amount (€)"))
    paid_on = forms.DateField(label=_("Paid on"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
