from django.apps import AppConfig
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


class TournamentConfig(AppConfig):
    """The administration app: seasons, tournaments, players, draws, games, standings, exports."""

    name = "tournament"
    verbose_name = _("Cego tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        cache_tables2_signatures()
