"""Ziege (../shared/RULES.md §9, docs/director.md "Ziege"): the teams of two of a Ziege tournament, the byes of a
round and the games played at a table.

A Ziege tournament registers its players as entries, like Cego, and pairs two entries into a ``ZiegePair`` (a
partnership for this one tournament; the season's ``Team`` is a club team of Cego and stays untouched). A round
is drawn into ordinary ``Table``s of four with ``Seat``s: team A sits at positions 0 and 2, team B at 1 and 3
(partners opposite, as ``scoring.ziege`` counts seats). A game keeps team A's card points (team B's are 120
minus them) and whether each team took a trick; the defeat points and series are computed by ``scoring.ziege``,
never stored.
"""

from django.db import models
from django.db.models import Q
from django.db.models.deletion import CASCADE, PROTECT
from django.utils.translation import gettext_lazy as _

from tournament.models.play import Round, Table
from tournament.models.registration import Entry
from tournament.models.season import Tournament


def _deleting(collector):
    return [t.pk for t in collector.data.get(Tournament, ())]


def protect_team(collector, field, sub_objs, using):
    """``on_delete`` of a team's players (``ZiegePair.first``/``second``): an entry in a team is not deleted
    (``PROTECT``; ``registration.services.remove`` says so first) — except with its tournament, which goes with
    its teams (as ``registration.protect_results``)."""
    deleting = _deleting(collector)
    if deleting and not sub_objs.exclude(tournament__in=deleting).exists():
        return CASCADE(collector, field, sub_objs, using)
    return PROTECT(collector, field, sub_objs, using)


def protect_bye(collector, field, sub_objs, using):
    """``on_delete`` of a bye's team (``ZiegeBye.pair``): protected, but deleted with its tournament."""
    deleting = _deleting(collector)
    if deleting and not sub_objs.exclude(round__tournament__in=deleting).exists():
        return CASCADE(collector, field, sub_objs, using)
    return PROTECT(collector, field, sub_objs, using)


class ZiegePair(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="ziege_pairs",
                                   verbose_name=_("tournament"))
    number = models.PositiveSmallIntegerField(_("team number"))
    first = models.OneToOneField(Entry, protect_team, related_name="ziege_first", verbose_name=_("first player"))
    second = models.OneToOneField(Entry, protect_team, related_name="ziege_second",
                                  verbose_name=_("second player"))
    lot = models.PositiveIntegerField(_("tie-break lot"), null=True, blank=True, editable=False)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("Ziege team")
        verbose_name_plural = _("Ziege teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="ziege_pair_unique_number"),
            models.CheckConstraint(condition=~Q(first=models.F("second")), name="ziege_pair_two_players"),
        ]

    def __str__(self):
        return f"{self.number}: {self.first.player} / {self.second.player}"


class ZiegeBye(models.Model):
    """A team without an opponent in a round (an odd number of teams): it wins one series, 0:0 defeat points."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="ziege_byes", verbose_name=_("round"))
    pair = models.ForeignKey(ZiegePair, protect_bye, related_name="byes", verbose_name=_("Ziege team"))

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [models.UniqueConstraint(fields=["round", "pair"], name="ziege_bye_once_per_round")]

    def __str__(self):
        return f"{self.round} – {self.pair}"


class ZiegeGame(models.Model):
    """One game of Ziege at a table: team A's card points (B has 120 minus them) and who took a trick."""

    table = models.ForeignKey(Table, models.CASCADE, related_name="ziege_games", verbose_name=_("table"))
    number = models.PositiveSmallIntegerField(_("game"))
    points_a = models.PositiveSmallIntegerField(_("card points of team A"))
    trick_a = models.BooleanField(_("team A took a trick"))
    trick_b = models.BooleanField(_("team B took a trick"))
    # Entry at the table (docs/table-entry.md): the seat (0-based) that keyed the game on a phone, None when the
    # office entered it (counts as confirmed), and the other seat that confirmed it.
    keyed_seat = models.PositiveSmallIntegerField(_("keyed by seat"), null=True, blank=True)
    confirmed_seat = models.PositiveSmallIntegerField(_("confirmed by seat"), null=True, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("Ziege game")
        verbose_name_plural = _("Ziege games")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="ziege_game_unique_number"),
            models.CheckConstraint(condition=Q(points_a__lte=120), name="ziege_game_points_0_120"),
            models.CheckConstraint(condition=Q(number__gte=1), name="ziege_game_number_positive"),
        ]

    def __str__(self):
        return f"{self.table} / {self.number}: {self.points_a}:{120 - self.points_a}"

    @property
    def confirmed(self):
        """Keyed in the office, or confirmed by another seat than the one that keyed it."""
        return self.keyed_seat is None or self.confirmed_seat is not None

    def as_engine(self):
        """The game as ``scoring.ziege`` takes it."""
        return {"game": "ziege", "team_points": [self.points_a, 120 - self.points_a],
                "team_tricks": [self.trick_a, self.trick_b]}
