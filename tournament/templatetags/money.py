"""``{{ amount|euros }}``: an amount as ``tournament.common.euros.euros`` writes it (``1.234,50 €``, German in
every language, docs/money.md)."""

from django import template

from tournament.common import euros as money

register = template.Library()


@register.filter
def euros(value):
    try:
        return money.euros(value)
    except (ArithmeticError, TypeError, ValueError):
        return ""
