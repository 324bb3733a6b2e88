"""The data of a Cego season: who plays where, what was played, what it scored, and who changed what.

Vocabulary as in ``scoring.contracts``: a *round* (*Durchgang*) is one seat draw followed by 24 games (30 at a
table of 5); a *table* holds 3–5 *seats*; a *game* is one row of the paper sheet. Scores are never typed: they are
computed by the engine (``services.record_game``) and stored per player in ``Score`` for fast reads.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring.contracts import CONTRACTS
from scoring.rulesets import RULESET_KEYS, RULESETS

RULESET_CHOICES = [(key, RULESETS[key]["name"]["de"]) for key in RULESET_KEYS]
CONTRACT_CHOICES = [(key, c.label["de"]) for key, c in CONTRACTS.items()]


class Season(models.Model):
    name = models.CharField(_("name"), max_length=120)
    year = models.PositiveIntegerField(_("year"))
    best_n = models.PositiveIntegerField(
        _("best N tournaments count"), null=True, blank=True,
        help_text=_("Empty: all tournaments of the season count."))
    youth_age = models.PositiveIntegerField(
        _("youth up to age"), default=18, help_text=_("A player is youth if this old or younger in the season's year."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-year", "name"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("director:season", args=[self.pk])


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    season = models.ForeignKey(Season, models.CASCADE, related_name="tournaments", verbose_name=_("season"))
    name = models.CharField(_("name"), max_length=160)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=160, blank=True)
    ruleset = models.CharField(_("ruleset"), max_length=40, choices=RULESET_CHOICES, default="schwarzwald")
    options = models.JSONField(_("ruleset overrides"), default=dict, blank=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=2)
    games_per_round_4 = models.PositiveSmallIntegerField(_("games per round at a table of 4"), default=24)
    games_per_round_5 = models.PositiveSmallIntegerField(_("games per round at a table of 5"), default=30)
    games_per_round_3 = models.PositiveSmallIntegerField(_("games per round at a table of 3"), default=24)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    published = models.BooleanField(_("published"), default=False)
    keep_teams_apart = models.BooleanField(_("keep team members apart"), default=True)
    tiebreaks = models.CharField(
        _("tie-break chain"), max_length=80, default="lots",
        help_text=_("Comma-separated, in order: best_round, declarer_won, declarer_lost, lots."))
    prize_places = models.PositiveSmallIntegerField(_("prize places"), default=10)
    last_place_prize = models.BooleanField(_("prize for the last place"), default=True)
    seed = models.CharField(_("draw seed"), max_length=64, blank=True,
                            help_text=_("Publish it before the draw, or take it from a public physical draw."))
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=Q(rounds__gte=1) & Q(rounds__lte=8), name="tournament_rounds_1_8"),
            models.CheckConstraint(condition=Q(games_per_round_4__gte=1), name="tournament_games_4_positive"),
            models.CheckConstraint(condition=Q(games_per_round_5__gte=1), name="tournament_games_5_positive"),
        ]

    def __str__(self):
        return f"{self.name} ({self.date:%d.%m.%Y})"

    def get_absolute_url(self):
        return reverse("director:tournament", args=[self.pk])

    def games_per_round(self, table_size):
        return {3: self.games_per_round_3, 4: self.games_per_round_4, 5: self.games_per_round_5}[table_size]


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


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entries", verbose_name=_("tournament"))
    player = models.ForeignKey(Player, models.PROTECT, related_name="entries", verbose_name=_("player"))
    start_number = models.PositiveIntegerField(_("start number"))
    team = models.ForeignKey(Team, models.SET_NULL, null=True, blank=True, related_name="entries",
                             verbose_name=_("team"))
    paid = models.BooleanField(_("paid"), default=False)
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    registered_at = models.DateTimeField(_("registered"), auto_now_add=True)
    total = models.IntegerField(_("total"), default=0, editable=False,
                                help_text=_("Stored sum of scores and adjustments, kept by the services."))
    lot = models.PositiveIntegerField(_("tie-break lot"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["start_number"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="entry_player_once_per_tournament"),
            models.UniqueConstraint(fields=["tournament", "start_number"], name="entry_unique_start_number"),
            models.CheckConstraint(condition=Q(start_number__gte=1), name="entry_start_number_positive"),
        ]

    def __str__(self):
        return f"{self.start_number} {self.player}"


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        COMPLETE = "complete", _("complete")
        LOCKED = "locked", _("locked")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="round_set", verbose_name=_("tournament"))
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.OPEN)
    seed = models.CharField(_("seed"), max_length=64)
    algorithm = models.CharField(_("algorithm"), max_length=40)
    input_hash = models.CharField(_("input hash"), max_length=64)
    drawn_at = models.DateTimeField(_("drawn"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self):
        return f"{self.tournament.name} – {_('round')} {self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, models.CASCADE, related_name="tables", verbose_name=_("round"))
    number = models.PositiveSmallIntegerField(_("table"))
    size = models.PositiveSmallIntegerField(_("players"))
    games_played = models.PositiveSmallIntegerField(_("games planned"))

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(size__gte=3) & Q(size__lte=5), name="table_size_3_5"),
        ]

    def __str__(self):
        return f"{_('Table')} {self.number}"

    def get_absolute_url(self):
        return reverse("entry:sheet", args=[self.pk])

    def dealer(self, game_number):
        """Seat that deals game ``game_number`` (1-based): (g − 1) mod n."""
        return (game_number - 1) % self.size


class Seat(models.Model):
    round = models.ForeignKey(Round, models.CASCADE, related_name="seats", verbose_name=_("round"))
    table = models.ForeignKey(Table, models.CASCADE, related_name="seats", verbose_name=_("table"))
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="seats", verbose_name=_("entry"))
    position = models.PositiveSmallIntegerField(_("seat"))

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="seat_one_per_player_per_round"),
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.CheckConstraint(condition=Q(position__lte=4), name="seat_position_0_4"),
        ]

    def __str__(self):
        return f"{self.table} / {self.position + 1}: {self.entry}"


class Game(models.Model):
    """One row of the sheet: what was played. Seats are positions 0… at the table (see ``Seat.position``)."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="games", verbose_name=_("table"))
    number = models.PositiveSmallIntegerField(_("game"))
    contract = models.CharField(_("contract"), max_length=24, choices=CONTRACT_CHOICES)
    declarer = models.PositiveSmallIntegerField(_("declarer"), null=True, blank=True)
    card_points = models.PositiveSmallIntegerField(_("card points"), null=True, blank=True)
    achieved = models.BooleanField(_("goal achieved"), null=True, blank=True)
    tricks = models.PositiveSmallIntegerField(_("tricks"), null=True, blank=True)
    announcer = models.PositiveSmallIntegerField(_("announcer"), null=True, blank=True)
    raeuber_points = models.JSONField(_("Räuber card points"), null=True, blank=True)
    raeuber_tricks = models.JSONField(_("Räuber tricks"), null=True, blank=True)
    last_trick = models.PositiveSmallIntegerField(_("last trick"), null=True, blank=True)
    calls = models.PositiveSmallIntegerField(_("calls"), default=0)
    penalty = models.PositiveSmallIntegerField(_("rule violation by"), null=True, blank=True)
    scores = models.JSONField(_("scores per seat"), default=list)
    value = models.IntegerField(_("value"), default=0)
    fach = models.PositiveSmallIntegerField(_("Fach"), null=True, blank=True)
    won = models.BooleanField(_("won"), null=True, blank=True)
    explanation = models.TextField(_("explanation"), blank=True)
    version = models.PositiveIntegerField(_("version"), default=1)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    updated_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("updated by"))

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_unique_number_per_table"),
            models.CheckConstraint(condition=Q(number__gte=1) & Q(number__lte=60), name="game_number_1_60"),
            models.CheckConstraint(condition=Q(card_points__isnull=True) | Q(card_points__lte=79),
                                   name="game_card_points_0_79"),
            models.CheckConstraint(condition=Q(calls__lte=6), name="game_calls_0_6"),
        ]

    def __str__(self):
        return f"{self.table} #{self.number} {self.get_contract_display()}"


class Score(models.Model):
    """Points of one entry from one game, or the keyed total of a whole sheet (``game`` empty)."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="score_rows", verbose_name=_("table"))
    game = models.ForeignKey(Game, models.CASCADE, null=True, blank=True, related_name="score_rows",
                             verbose_name=_("game"))
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="scores", verbose_name=_("entry"))
    points = models.IntegerField(_("points"))

    class Meta:
        verbose_name = _("score")
        verbose_name_plural = _("scores")
        constraints = [
            models.UniqueConstraint(fields=["game", "entry"], condition=Q(game__isnull=False),
                                    name="score_once_per_game_and_entry"),
            models.UniqueConstraint(fields=["table", "entry"], condition=Q(game__isnull=True),
                                    name="score_one_total_per_table_and_entry"),
        ]
        indexes = [models.Index(fields=["entry", "points"])]

    def __str__(self):
        return f"{self.entry}: {self.points:+d}"


class Adjustment(models.Model):
    entry = models.ForeignKey(Entry, models.CASCADE, related_name="adjustments", verbose_name=_("entry"))
    points = models.IntegerField(_("points"))
    reason = models.CharField(_("reason"), max_length=200)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("created by"))

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("adjustment")
        verbose_name_plural = _("adjustments")
        constraints = [models.CheckConstraint(condition=~Q(points=0), name="adjustment_not_zero")]

    def __str__(self):
        return f"{self.entry}: {self.points:+d} ({self.reason})"


class AuditLog(models.Model):
    """Every create, change and delete of a game, total, adjustment, registration or staff role, every draw and
    every round status change."""

    class Action(models.TextChoices):
        CREATE = "create", _("created")
        UPDATE = "update", _("changed")
        DELETE = "delete", _("deleted")
        STATUS = "status", _("status changed")
        DRAW = "draw", _("drawn")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="audit", verbose_name=_("tournament"))
    table = models.ForeignKey(Table, models.SET_NULL, null=True, blank=True, related_name="audit",
                              verbose_name=_("table"))
    object_type = models.CharField(_("object"), max_length=20)
    object_id = models.PositiveIntegerField(_("object id"), null=True, blank=True)
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+",
                             verbose_name=_("user"))
    at = models.DateTimeField(_("when"), auto_now_add=True)
    old = models.JSONField(_("before"), null=True, blank=True)
    new = models.JSONField(_("after"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        indexes = [models.Index(fields=["tournament", "at"])]

    def __str__(self):
        return f"{self.at:%d.%m.%Y %H:%M} {self.object_type} {self.get_action_display()}"


class Role(models.Model):
    """What a user may do beyond the public pages (docs/roles.md).

    Superusers may do everything and need no role. A season organiser runs one season (its tournaments, categories
    and staff); a tournament director runs one tournament; an entry helper may only enter and correct results of
    one tournament (not in locked rounds).
    """

    class Kind(models.TextChoices):
        ORGANISER = "organiser", _("season organiser")
        DIRECTOR = "director", _("tournament director")
        HELPER = "helper", _("entry helper")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="cego_roles",
                             verbose_name=_("user"))
    kind = models.CharField(_("role"), max_length=12, choices=Kind.choices)
    season = models.ForeignKey(Season, models.CASCADE, null=True, blank=True, related_name="roles",
                               verbose_name=_("season"))
    tournament = models.ForeignKey(Tournament, models.CASCADE, null=True, blank=True, related_name="roles",
                                   verbose_name=_("tournament"))
    granted_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("granted by"))
    created_at = models.DateTimeField(_("granted"), auto_now_add=True)

    class Meta:
        ordering = ["kind", "user__username"]
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        constraints = [
            models.CheckConstraint(
                name="role_scope_matches_kind",
                condition=(Q(kind="organiser", season__isnull=False, tournament__isnull=True)
                           | Q(kind__in=["director", "helper"], season__isnull=True, tournament__isnull=False))),
            models.UniqueConstraint(fields=["user", "kind", "season"], condition=Q(season__isnull=False),
                                    name="role_unique_per_season"),
            models.UniqueConstraint(fields=["user", "kind", "tournament"], condition=Q(tournament__isnull=False),
                                    name="role_unique_per_tournament"),
        ]

    def __str__(self):
        return f"{self.user}: {self.get_kind_display()} ({self.tournament or self.season})"
