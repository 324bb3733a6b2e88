"""``{% once_key %}`` inside every office ``<form method="post">``: a hidden input with a fresh idempotency key,
so the form sent twice writes once (``tournament.idempotency``)."""

from django import template
from django.utils.html import format_html

from tournament import idempotency

register = template.Library()


@register.simple_tag
def once_key():
    return format_html('<input type="hidden" name="{}" value="{}">', idempotency.FIELD, idempotency.new_key())
