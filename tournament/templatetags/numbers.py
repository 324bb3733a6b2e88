"""``{{ value|signed }}``: a score as ``tournament.common.numbers.signed`` writes it (+30, −10, 0)."""

from django import template

from tournament.common import numbers

register = template.Library()


@register.filter
def signed(value):
    """A whole number with its sign; anything else (an empty cell, a text) as it is."""
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return numbers.signed(value)
    try:
        return numbers.signed(int(str(value)))
    except ValueError:
        return value
