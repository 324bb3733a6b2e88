"""``{{ value|signed }}``: a score as ``tournament.common.numbers.signed`` writes it (+30, −10, 0)."""

from django import template

from tournament.common import names, numbers

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


@register.filter
def keep_number(value):
    """A team's name with its trailing number joined by a no-break space ("Furtwangen 2" never leaves "2" alone on
    a line; ``common.names.keep_number``, as on paper)."""
    return names.keep_number(str(value)) if value else value
