from django.apps import AppConfig
from django.utils.html import format_html_join
from django.utils.translation import gettext_lazy as _


def cache_tables2_signatures():
    """Memoise django-tables2's ``utils.signature``.

    django-tables2 inspects the signature of a column's ``render`` method for every cell it renders
    (``inspect.signature`` each time); on a season page of 50 rows × 18 columns that was a quarter of the
    request. A function's signature never changes, so it is computed once per function (bound methods keyed by
    their underlying function: ``inspect.signature`` drops ``self`` for all of them alike).
    """
    from django_tables2 import utils

    if getattr(utils.signature, "cached", False):
        return
    original = utils.signature
    cache = {}

    def signature(fn):
        func = getattr(fn, "__func__", None)
        key = (func, "bound") if func is not None else fn
        try:
            return cache[key]
        except KeyError:
            result = cache[key] = original(fn)
            return result
        except TypeError:          # unhashable callable: no caching
            return original(fn)

    signature.cached = True
    utils.signature = signature


def cache_tables2_attributes(limit=10_000):
    """Memoise django-tables2's ``AttributeDict.as_html`` by the attributes' items.

    Every cell renders its ``td`` attributes through ``format_html_join`` (escaping each key and value); a
    300-row standings table repeats the same few attribute sets thousands of times and spent 45 % of its render
    there. The result depends only on the items, so it is cached by them (at most ``limit`` sets, then cleared);
    unhashable values fall back to the original.
    """
    from django_tables2.utils import AttributeDict

    if getattr(AttributeDict.as_html, "cached", False):
        return
    original = AttributeDict.as_html
    cache = {}

    def as_html(self):
        items = tuple(self._iteritems())
        key = tuple((k, type(v), v) for k, v in items)      # a SafeString equals its str but is not escaped
        try:
            return cache[key]
        except KeyError:
            if len(cache) >= limit:
                cache.clear()
            result = cache[key] = format_html_join(" ", '{}="{}"', items)
            return result
        except TypeError:          # an unhashable value: no caching
            return original(self)

    as_html.cached = True
    AttributeDict.as_html = as_html


class TournamentConfig(AppConfig):
    """The administration app: seasons, tournaments, players, draws, games, standings, exports."""

    name = "tournament"
    verbose_name = _("Cego tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        cache_tables2_signatures()
        cache_tables2_attributes()
