"""The prize plan of a tournament (or a season's template for one), its prizes, and the steps of the prize giving
(docs/prizes.md).

Words: a *plan* says how many places win (``rule``), what happens on a tie for money (``ties``) and whether the
public pages show the prizes; a *prize* is one line of it — money and/or goods for a place, a special prize (best
lady, best youth, best of a category, the last place) or goods laid out on the prize table ("Gabentisch") for the
players to choose from; a *step* (``PrizeStep``) is one thing that happened at the prize table: a player's prize
handed over, or the player not present, or coming later. The latest step of an entry is its state.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.registration import Entry
from tournament.models.season import Category, Season, Tournament

MAX_AMOUNT = 100000     # euros: anything above is a typing error, not a Cego prize


class PrizePlan(models.Model):
    class Rule(models.TextChoices):
        NUMBER = "number", _("a number of places")
        HALF = "half", _("half the field")
        PLUS = "plus", _("everyone with plus points")

    class Ties(models.TextChoices):
        SPLIT = "split", _("shared places split their money")
        LOT = "lot", _("the recorded lot decides")

    tournament = models.OneToOneField(Tournament, models.CASCADE, null=True, blank=True, related_name="prize_plan",
                                      verbose_name=_("tournament"))
    season = models.OneToOneField(Season, models.CASCADE, null=True, blank=True, related_name="prize_template",
                                  verbose_name=_("season"))
    rule = models.CharField(_("who wins a prize"), max_length=10, choices=Rule.choices, default=Rule.NUMBER)
    ties = models.CharField(_("a tie for money"), max_length=10, choices=Ties.choices, default=Ties.SPLIT)
    scale_from = models.PositiveSmallIntegerField(
        _("money written for players"), null=True, blank=True,
        help_text=_("Empty: the amounts as written. A number: the money scales with the field (written for this "
                    "many players), rounded down to whole euros."))
    public = models.BooleanField(_("public standings show the prizes"), default=False)
    certificate_places = models.PositiveSmallIntegerField(_("certificates for places 1 to"), default=3)
    certificate_specials = models.BooleanField(_("certificates for the special prizes"), default=True)

    class Meta:
        verbose_name = _("prize plan")
        verbose_name_plural = _("prize plans")
        constraints = [
            models.CheckConstraint(condition=Q(tournament__isnull=False, season__isnull=True)
                                   | Q(tournament__isnull=True, season__isnull=False),
                                   name="prizeplan_tournament_or_season"),
            models.CheckConstraint(condition=Q(scale_from__isnull=True) | Q(scale_from__gte=1),
                                   name="prizeplan_scale_positive"),
        ]

    def __str__(self):
        return str(self.tournament or self.season)


class Prize(models.Model):
    class Kind(models.TextChoices):
        PLACE = "place", _("place")
        TABLE = "table", _("on the prize table")
        LADY = "lady", _("best lady")
        YOUTH = "youth", _("best youth")
        CATEGORY = "category", _("best of a category")
        LAST = "last", _("last place")

    plan = models.ForeignKey(PrizePlan, models.CASCADE, related_name="prizes", verbose_name=_("prize plan"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.PLACE)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    category = models.ForeignKey(Category, models.CASCADE, null=True, blank=True, related_name="+",
                                 verbose_name=_("category"))
    money = models.DecimalField(_("money"), max_digits=8, decimal_places=2, default=0)
    goods = models.CharField(_("goods"), max_length=120, blank=True)
    goods_value = models.DecimalField(_("book value"), max_digits=8, decimal_places=2, null=True, blank=True,
                                      help_text=_("What the goods cost, for the books (optional)."))
    quantity = models.PositiveSmallIntegerField(_("how many"), default=1)

    class Meta:
        ordering = ["kind", "place", "id"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.CheckConstraint(condition=Q(money__gte=0) & Q(money__lte=MAX_AMOUNT), name="prize_money_range"),
            models.CheckConstraint(condition=Q(goods_value__isnull=True)
                                   | (Q(goods_value__gte=0) & Q(goods_value__lte=MAX_AMOUNT)),
                                   name="prize_goods_value_range"),
            models.CheckConstraint(condition=~Q(kind="place") | Q(place__gte=1), name="prize_place_has_place"),
            models.CheckConstraint(condition=~Q(kind="category") | Q(category__isnull=False),
                                   name="prize_category_has_category"),
            models.CheckConstraint(condition=Q(quantity__gte=1) & Q(quantity__lte=500), name="prize_quantity_range"),
        ]

    def __str__(self):
        return f"{self.get_kind_display()} {self.place or ''}".strip()


class PrizeStep(models.Model):
    """One step at the prize table, in the order they happened; undo deletes the latest (audited)."""

    class State(models.TextChoices):
        HANDED = "handed", _("handed over")
        ABSENT = "absent", _("not present")
        LATER = "later", _("comes later")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="prize_steps",
                                   verbose_name=_("tournament"))
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="prize_steps", verbose_name=_("player"))
    state = models.CharField(_("state"), max_length=10, choices=State.choices)
    award = models.CharField(_("prize"), max_length=200, blank=True)
    money = models.DecimalField(_("money handed over"), max_digits=8, decimal_places=2, default=0)
    goods = models.ForeignKey(Prize, models.SET_NULL, null=True, blank=True, related_name="steps",
                              verbose_name=_("goods taken"))
    goods_name = models.CharField(_("goods taken"), max_length=120, blank=True)
    goods_value = models.DecimalField(_("book value"), max_digits=8, decimal_places=2, default=0)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
                             verbose_name=_("user"))
    at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name = _("step of the prize giving")
        verbose_name_plural = _("steps of the prize giving")
        constraints = [
            models.CheckConstraint(condition=Q(money__gte=0) & Q(goods_value__gte=0), name="prizestep_not_negative"),
        ]

    def __str__(self):
        return f"{self.entry} {self.get_state_display()}"
