"""Seasons and tournaments, the players of a season, their teams and categories."""

import secrets

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.rulesets import RULESET_KEYS, RULESETS
from tournament.common import origins

RULESET_CHOICES = [(key, RULESETS[key]["name"]["de"]) for key in RULESET_KEYS]


def first_version():
    """Where a new row's data version starts (``tournament.audit.versions``): a random number, so a row that gets
    the id of a deleted one (a restored database, a test database) never meets its predecessor's stored pages."""
    return secrets.randbits(62)


def validate_origins(text):
    """Each word of ``text`` is a web origin (``common.origins``): the sites allowed to frame the widgets."""
    try:
        origins.parse(text)
    except ValueError as error:
        raise ValidationError(
            _("“%(value)s” is not a web site address like https://www.example.de (no path, at most %(limit)s)."),
            code="origin", params={"value": str(error), "limit": origins.MAX_ORIGINS}) from None


class Season(models.Model):
    name = models.CharField(_("name"), max_length=120)
    year = models.PositiveIntegerField(_("year"))
    best_n = models.PositiveIntegerField(
        _("best N tournaments count"), null=True, blank=True,
        help_text=_("Empty: all tournaments of the season count."))
    youth_age = models.PositiveIntegerField(
        _("youth up to age"), default=18, help_text=_("A player is youth if this old or younger in the season's year."))
    senior_age = models.PositiveIntegerField(
        _("seniors from age"), null=True, blank=True,
        help_text=_("A player is a senior if this old or older in the season's year. Empty: no senior category."))
    embed_origins = models.TextField(
        _("web sites that may embed the widgets"), blank=True, validators=[validate_origins],
        help_text=_("One address per line, e.g. https://www.fc-example.de: only these sites may show the live "
                    "standings and the next tournament in a frame (docs/api.md)."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Raised with every change of the season or of one of its tournaments (tournament.audit.versions).
    data_version = models.BigIntegerField(_("data version"), default=first_version, editable=False)

    class Meta:
        ordering = ["-year", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("director:season", args=[self.pk])

    @property
    def embed_origin_list(self):
        """The origins of ``embed_origins`` in one spelling (nothing if the stored text is not valid)."""
        try:
            return origins.parse(self.embed_origins)
        except ValueError:
            return []


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    season = models.ForeignKey(Season, models.CASCADE, related_name="tournaments", verbose_name=_("season"))
    name = models.CharField(_("name"), max_length=160)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=160, blank=True)
    # What the season's calendar and the public pages say about the day (issue 27); the fee is the full entry fee
    # before any reduction (issue 26, docs/money.md).
    venue_address = models.CharField(_("venue address"), max_length=200, blank=True,
                                     help_text=_("Street and town of the hall, for the calendar and the map."))
    host = models.CharField(_("host"), max_length=160, blank=True, help_text=_("The club that hosts the day."))
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    entry_fee = models.DecimalField(_("entry fee"), max_digits=7, decimal_places=2, default=0,
                                    help_text=_("In euros, before reductions."))
    class Game(models.TextChoices):
        """What the tournament plays (docs/scoring.md): Cego (3–5 at a table), Offiziers-Cego (two players at a
        table, ../shared/RULES.md §8) or Ziege (two teams of two, §9)."""
        CEGO = "cego", _("Cego")
        OFFIZIERS = "offiziers", _("Offiziers-Cego (two players)")
        ZIEGE = "ziege", _("Ziege (two teams of two)")

    game = models.CharField(_("game"), max_length=12, choices=Game.choices, default=Game.CEGO)
    ruleset = models.CharField(_("ruleset"), max_length=40, choices=RULESET_CHOICES, default="schwarzwald")
    options = models.JSONField(_("ruleset overrides"), default=dict, blank=True)
    round_count = models.PositiveSmallIntegerField(_("rounds"), default=2)
    games_per_round_4 = models.PositiveSmallIntegerField(_("games per round at a table of 4"), default=24)
    games_per_round_5 = models.PositiveSmallIntegerField(_("games per round at a table of 5"), default=30)
    games_per_round_3 = models.PositiveSmallIntegerField(_("games per round at a table of 3"), default=24)
    # Offiziers-Cego (docs/director.md): two players at a table; a game takes all 54 cards, so a round is short.
    games_per_round_2 = models.PositiveSmallIntegerField(_("games per round at a table of 2 (Offiziers-Cego)"),
                                                         default=4)
    win_loss = models.BooleanField(_("win/loss only (Offiziers-Cego)"), default=False,
                                   help_text=_("The winner of a game writes 1, the loser −1, instead of the Fach "
                                               "value of the margin."))
    round_robin = models.BooleanField(_("round robin (Offiziers-Cego)"), default=False,
                                      help_text=_("Everybody plays everybody once, by start number. Otherwise "
                                                  "the pairs follow the standings without repeats."))
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    published = models.BooleanField(_("published"), default=False)
    # A tournament not yet published becomes public with its first draw unless the director chose "hidden"
    # (docs/director.md, "Published when it should be"; draws.services.start_playing). On for every tournament
    # created in the office (seasons.services.create_tournament); off for rows made otherwise and for those
    # that existed before (nothing is published behind a director's back).
    publish_with_draw = models.BooleanField(_("published with the first draw"), default=False)
    keep_teams_apart = models.BooleanField(_("keep team members apart"), default=True)
    tiebreaks = models.CharField(
        _("tie-break chain"), max_length=80, default="lots",
        help_text=_("Comma-separated, in order: best_round, declarer_won, declarer_lost, lots."))
    prize_places = models.PositiveSmallIntegerField(_("prize places"), default=10)
    last_place_prize = models.BooleanField(_("prize for the last place"), default=True)
    seed = models.CharField(_("draw seed"), max_length=64, blank=True,
                            help_text=_("Publish it before the draw, or take it from a public physical draw."))
    prereg_open = models.BooleanField(_("online pre-registration open"), default=False,
                                      help_text=_("Players may ask for a place on the public page (published "
                                                  "tournaments only)."))
    prereg_capacity = models.PositiveIntegerField(_("places for pre-registration"), null=True, blank=True,
                                                  help_text=_("Empty: no limit. Beyond it players join the waiting "
                                                              "list."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Raised in the transaction of every change of what the tournament's pages show; ``setup_version`` leaves
    # out the results at a table (tournament.audit.versions).
    data_version = models.BigIntegerField(_("data version"), default=first_version, editable=False)
    setup_version = models.BigIntegerField(_("set-up version"), default=first_version, editable=False)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=Q(round_count__gte=1) & Q(round_count__lte=8),
                                   name="tournament_rounds_1_8"),
            models.CheckConstraint(condition=Q(games_per_round_4__gte=1), name="tournament_games_4_positive"),
            models.CheckConstraint(condition=Q(games_per_round_5__gte=1), name="tournament_games_5_positive"),
            models.CheckConstraint(condition=Q(games_per_round_2__gte=1) & Q(games_per_round_2__lte=60),
                                   name="tournament_games_2_1_60"),
            models.CheckConstraint(condition=Q(entry_fee__gte=0) & Q(entry_fee__lte=1000),
                                   name="tournament_entry_fee_0_1000"),
        ]

    def __str__(self):
        return f"{self.name} ({self.date:%d.%m.%Y})"

    def get_absolute_url(self):
        return reverse("director:tournament", args=[self.pk])

    def games_per_round(self, table_size):
        return {2: self.games_per_round_2, 3: self.games_per_round_3, 4: self.games_per_round_4,
                5: self.games_per_round_5}[table_size]


class Player(models.Model):
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    town = models.CharField(_("town"), max_length=80, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True)
    is_woman = models.BooleanField(_("woman"), default=False)
    birth_year = models.PositiveIntegerField(_("year of birth"), null=True, blank=True)
    is_guest = models.BooleanField(_("guest"), default=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name", "town"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        indexes = [models.Index(fields=["last_name", "first_name"])]

    def __str__(self):
        return f"{self.last_name}, {self.first_name}" + (f" ({self.town})" if self.town else "")

    @property
    def full_name(self):
        return f"{self.first_name} {self.last_name}"

    def is_youth(self, year, age_limit=18):
        return self.birth_year is not None and year - self.birth_year <= age_limit

    def is_senior(self, year, age_from):
        return age_from is not None and self.birth_year is not None and year - self.birth_year >= age_from


class Team(models.Model):
    season = models.ForeignKey(Season, models.CASCADE, related_name="teams", verbose_name=_("season"))
    name = models.CharField(_("name"), max_length=120)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [models.UniqueConstraint(fields=["season", "name"], name="team_unique_name_per_season")]

    def __str__(self):
        return self.name


class Category(models.Model):
    """A category the director adds to a season (e.g. "Senioren", "Vereinsmeisterschaft Triberg")."""

    season = models.ForeignKey(Season, models.CASCADE, related_name="categories", verbose_name=_("season"))
    name = models.CharField(_("name"), max_length=80)
    players = models.ManyToManyField(Player, related_name="categories", blank=True, verbose_name=_("players"))

    class Meta:
        ordering = ["name"]
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        constraints = [models.UniqueConstraint(fields=["season", "name"], name="category_unique_name_per_season")]

    def __str__(self):
        return self.name


class PlayerAlias(models.Model):
    """Another spelling of a player — that of a duplicate record merged into this one
    (``registration.merge``) — kept so that the next search, namesake warning or import finds the player by it."""

    player = models.ForeignKey(Player, models.CASCADE, related_name="aliases", verbose_name=_("player"))
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    town = models.CharField(_("town"), max_length=80, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["player", "last_name", "first_name", "town"]
        verbose_name = _("other spelling")
        verbose_name_plural = _("other spellings")

    def __str__(self):
        return f"{self.last_name}, {self.first_name}" + (f" ({self.town})" if self.town else "")
