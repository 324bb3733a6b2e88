"""``{{ value|signed }}``: a number with a real minus sign (U+2212), for the public standings tables."""

from django import template

from tournament.public.tables import signed as signed_number

register = template.Library()


@register.filter
def signed(value):
    return signed_number(value)
