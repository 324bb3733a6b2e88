"""``{% can user "organise" season as may %}``: ask ``tournament.staff.permissions`` from a template (which buttons to
show); the views enforce the same rule again."""

from django import template

from tournament.staff import permissions

register = template.Library()


@register.simple_tag
def can(user, capability, obj=None):
    return permissions.can(user, capability, obj)
