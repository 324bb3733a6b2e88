"""An entry: one player registered for one tournament, with his start number and stored total."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.season import Player, Team, Tournament, first_version


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
    # Raised with every change of the results at this entry's tables or of its total (tournament.audit.versions).
    results_version = models.BigIntegerField(_("results version"), default=first_version, editable=False)

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
