"""What is played: rounds, tables, seats, games (rows of the sheet), the scores they give, adjustments."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scoring import seats as seat_rules
from scoring.contracts import CONTRACTS, LADDER
from tournament.common.numbers import signed
from tournament.models.registration import Entry, protect_results
from tournament.models.season import Tournament

# An Offiziers-Cego game has no contract; it stores this key (results.engine, docs/scoring.md "Offiziers-Cego").
OFFIZIERS_CONTRACT = "offiziers"
OFFIZIERS_NAME = "Offiziers-Cego"       # a name, the same in every language
CONTRACT_CHOICES = [(key, c.label["de"]) for key, c in CONTRACTS.items()] + [(OFFIZIERS_CONTRACT, OFFIZIERS_NAME)]


def contract_name(key, lang):
    """What a person reads for a stored ``Game.contract``: the engine's name of the contract in ``lang``, and
    "Offiziers-Cego" for the game of two, whose key is internal (never on paper, in a workbook or in the log).
    Beside the field's choices, so the audit log (below ``results``) and the exports read the same words."""
    contract = CONTRACTS.get(key)
    if contract is not None:
        return contract.name(lang)
    return OFFIZIERS_NAME if key == OFFIZIERS_CONTRACT else str(key or "")
PLAYED_WITH_CHOICES = [(key, CONTRACTS[key].label["de"]) for key in LADDER]


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
    # The round clock (docs/table-entry.md): the time limit the director set and when it runs out.
    clock_minutes = models.PositiveSmallIntegerField(_("time limit (minutes)"), null=True, blank=True)
    clock_ends_at = models.DateTimeField(_("time runs out"), null=True, blank=True)

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
    games_planned = models.PositiveSmallIntegerField(_("games planned"))
    # A player left during the round (docs/director.md): the director ended this table's round early, with a
    # reason. The games played stand, or — ``not_counted``, SM rule 7 for a sheet that can't be reconstructed —
    # the table's round counts for nobody (its scores stay stored but are left out of totals and standings).
    ended_early = models.BooleanField(_("ended early"), default=False)
    not_counted = models.BooleanField(_("not counted"), default=False)
    end_reason = models.CharField(_("reason for the early end"), max_length=200, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(size__gte=2) & Q(size__lte=5), name="table_size_2_5"),
            models.CheckConstraint(condition=Q(ended_early=True) | Q(not_counted=False),
                                   name="table_not_counted_only_if_ended"),
        ]

    def __str__(self):
        return f"{_('Table')} {self.number}"

    def get_absolute_url(self):
        return reverse("entry:sheet", args=[self.pk])

    @property
    def dealer_sits_out(self):
        return seat_rules.dealer_sits_out(self.size)

    def deal(self, game_number):
        """Dealer, seat sitting out and forehand of game ``game_number`` (1-based): ``scoring.seats.deal``."""
        return seat_rules.deal(game_number, self.size)

    def dealer(self, game_number):
        return seat_rules.dealer(game_number, self.size)

    def sitting_out(self, game_number):
        return self.deal(game_number).sitting_out

    def forehand(self, game_number):
        return self.deal(game_number).forehand


class Seat(models.Model):
    round = models.ForeignKey(Round, models.CASCADE, related_name="seats", verbose_name=_("round"))
    table = models.ForeignKey(Table, models.CASCADE, related_name="seats", verbose_name=_("table"))
    entry = models.ForeignKey(Entry, protect_results, related_name="seats", verbose_name=_("entry"))
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
    # Variants (docs/scoring.md, "Variants"): the point game a Gegensolo was played with, under a ruleset that
    # scores Gegensolo by contract, and a goal game played open. Empty / False elsewhere.
    # NULL (not "") for "none": stored so since migration 0017 and in every backup since (tournament/backup).
    played_with = models.CharField(_("played with"), max_length=24, choices=PLAYED_WITH_CHOICES, null=True,  # noqa: DJ001
                                   blank=True)
    ouverte = models.BooleanField(_("played open"), default=False)
    # The last rules of the seed documents (RULES.md §10, docs/scoring.md): a Räuber nobody announced (a
    # Pflichträuber), the seat that sold an Ultimo's declarer the Kleiner Mann, and a fine's payer and its value
    # per other player (empty: the ruleset's fine). The engine calls the last one ``value``.
    compulsory = models.BooleanField(_("compulsory Räuber"), default=False)
    pagat_seller = models.PositiveSmallIntegerField(_("Kleiner Mann sold by"), null=True, blank=True)
    payer = models.PositiveSmallIntegerField(_("fine paid by"), null=True, blank=True)
    fine_value = models.PositiveIntegerField(_("fine per player"), null=True, blank=True)
    scores = models.JSONField(_("scores per seat"), default=list)
    value = models.IntegerField(_("value"), default=0)
    fach = models.PositiveSmallIntegerField(_("Fach"), null=True, blank=True)
    won = models.BooleanField(_("won"), null=True, blank=True)
    explanation = models.TextField(_("explanation"), blank=True)
    version = models.PositiveIntegerField(_("version"), default=1)
    # Entry at the table (docs/table-entry.md): the seat (0-based) and device that keyed this version — empty
    # when it was keyed in the office, which counts as confirmed — and the seat that confirmed it.
    keyed_seat = models.PositiveSmallIntegerField(_("keyed by seat"), null=True, blank=True)
    keyed_device = models.CharField(_("keyed on device"), max_length=32, blank=True)
    confirmed_seat = models.PositiveSmallIntegerField(_("confirmed by seat"), null=True, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
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

    @property
    def confirmed(self):
        """Keyed in the office, or keyed at the table and confirmed by another seat."""
        return self.keyed_seat is None or self.confirmed_seat is not None


class Score(models.Model):
    """Points of one entry from one game, or the keyed total of a whole sheet (``game`` empty)."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="score_rows", verbose_name=_("table"))
    game = models.ForeignKey(Game, models.CASCADE, null=True, blank=True, related_name="score_rows",
                             verbose_name=_("game"))
    entry = models.ForeignKey(Entry, protect_results, related_name="scores", verbose_name=_("entry"))
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
        return f"{self.entry}: {signed(self.points)}"


class Adjustment(models.Model):
    entry = models.ForeignKey(Entry, protect_results, related_name="adjustments", verbose_name=_("entry"))
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
        return f"{self.entry}: {signed(self.points)} ({self.reason})"
