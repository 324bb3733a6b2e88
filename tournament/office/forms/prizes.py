"""Forms of the prize pages (docs/prizes.md): the plan's settings, one prize line, a step at the prize table. They
tidy input (amounts in euros with a comma or a point, 0 to ``MAX_AMOUNT``); ``prizes.services`` checks the rules
(the budget, a withdrawn player, goods no longer on the table) and saves."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Category, Prize, PrizePlan
from tournament.models.prizes import MAX_AMOUNT


def amount_field(label, required=False):
    return forms.DecimalField(label=label, required=required, min_value=0, max_value=MAX_AMOUNT, max_digits=8,
                              decimal_places=2, localize=True,
                              widget=forms.TextInput(attrs={"inputmode": "decimal", "size": 8}))


class PlanForm(forms.ModelForm):
    accept_over = forms.BooleanField(label=_("Pay more than the entry fees hold (the fund or a sponsor pays)"),
                                     required=False)

    class Meta:
        model = PrizePlan
        fields = ["rule", "ties", "scale_from", "public", "certificate_places", "certificate_specials"]
        widgets = {"scale_from": forms.NumberInput(attrs={"min": 1, "max": 999}),
                   "certificate_places": forms.NumberInput(attrs={"min": 0, "max": 999})}

    def service_fields(self):
        return {k: v for k, v in self.cleaned_data.items() if k != "accept_over"}


class PrizeForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=Prize.Kind.choices)
    place = forms.IntegerField(label=_("Place"), required=False, min_value=1, max_value=999)
    category = forms.ModelChoiceField(label=_("Category"), queryset=Category.objects.none(), required=False)
    money = amount_field(_("Money (€)"))
    goods = forms.CharField(label=_("Goods"), max_length=120, required=False)
    goods_value = amount_field(_("Book value (€)"))
    quantity = forms.IntegerField(label=_("How many"), min_value=1, max_value=500, initial=1)
    accept_over = forms.BooleanField(label=_("Pay more than the entry fees hold (the fund or a sponsor pays)"),
                                     required=False)

    def __init__(self, *args, season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["category"].queryset = Category.objects.filter(season=season)

    def service_fields(self):
        data = {k: v for k, v in self.cleaned_data.items() if k != "accept_over"}
        data["money"] = data["money"] or 0
        data["goods"] = data["goods"].strip()
        return data
