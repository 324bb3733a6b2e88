"""Which categories a player belongs to in a season: the one place that decides it.

Keys: ``women`` (``Player.is_woman``), ``youth`` (``Player.is_youth`` with the season's year and youth age),
``seniors`` (``Player.is_senior`` with the season's year and senior age — only in a season that sets one),
``guests`` (``Player.is_guest``), and ``c<ID>`` for every category the organiser added to the season
(``Category``) that lists the player. Standings, their filters, workbooks, PDFs and the office badges and
counts all ask ``player_categories`` (``SeasonCategories`` for a list); the choices and the ``?category=``
value come from ``category_choices`` and ``chosen_category``.
"""

from django.utils.translation import gettext as _

from tournament.common.collation import name_key
from tournament.models import Category

BUILTIN = ("women", "youth", "seniors", "guests")


def builtin_keys(season):
    """The built-in categories ``season`` has: seniors only when it sets a senior age."""
    return [key for key in BUILTIN if key != "seniors" or season.senior_age is not None]


def memberships(season):
    """{player_id: {category ids}} of the categories the organiser added to ``season`` (one query)."""
    pairs = Category.players.through.objects.filter(category__season=season).values_list("player_id", "category_id")
    out = {}
    for player_id, category_id in pairs:
        out.setdefault(player_id, set()).add(category_id)
    return out


def builtin_categories(player, season):
    """The built-in category keys of ``player`` in ``season`` (no query)."""
    keys = []
    if player.is_woman:
        keys.append("women")
    if player.is_youth(season.year, season.youth_age):
        keys.append("youth")
    if player.is_senior(season.year, season.senior_age):
        keys.append("seniors")
    if player.is_guest:
        keys.append("guests")
    return keys


def player_categories(player, season, members=None):
    """The category keys of ``player`` in ``season``, in the order of ``category_choices``.

    ``members``: ``memberships(season)``, read once per list; without it the added categories are read for
    this one player.
    """
    keys = builtin_categories(player, season)
    if members is None:
        custom = Category.objects.filter(season=season, players=player).values_list("pk", flat=True)
    else:
        custom = members.get(player.pk, ())
    keys += [f"c{pk}" for pk in sorted(custom)]
    return keys


def builtin_labels():
    """The built-in categories' names, as a filter or a standings heading says them."""
    return {"women": _("Women"), "youth": _("Youth"), "seniors": _("Seniors"), "guests": _("Guests")}


def member_labels():
    """The built-in categories as a badge on one player says them."""
    return {"women": _("Woman"), "youth": _("Youth"), "seniors": _("Senior"), "guests": _("Guest")}


def category_choices(season):
    """(key, label) of the categories: the built-in ones, then those the organiser added (by name, German order)."""
    labels = builtin_labels()
    added = sorted(Category.objects.filter(season=season), key=lambda c: name_key(c.name))
    return [(key, labels[key]) for key in builtin_keys(season)] + [(f"c{c.pk}", c.name) for c in added]


def category_label(season, key):
    """What category ``key`` of ``season`` is called in the current language (a list's title, a file name): ""
    for none or an unknown key. A file name never carries the key ("women", "c12")."""
    return dict(category_choices(season)).get(key, "") if key else ""


def chosen_category(season, key):
    """``key`` if ``season`` has such a category, else None; and the ``category_choices`` (for the filter)."""
    options = category_choices(season)
    return (key if key and key in dict(options) else None), options


class SeasonCategories:
    """The categories of one season read once (two queries), for a list of many players."""

    def __init__(self, season):
        self.season = season
        self.choices = category_choices(season)
        self.labels = dict(self.choices)
        self.members = memberships(season)

    def of(self, player):
        """``player_categories`` of ``player``."""
        return player_categories(player, self.season, self.members)

    def badges(self, player):
        """(key, label) of each category of ``player``: the office's badges."""
        labels = {**self.labels, **member_labels()}
        return [(key, labels.get(key, key)) for key in self.of(player)]
