"""An entry: one player registered for one tournament, with his start number and stored total; and what becomes
of its results when an entry is deleted (``protect_results``)."""

from django.db import models
from django.db.models import Q
from django.db.models.deletion import CASCADE, PROTECT
from django.utils.translation import gettext_lazy as _

from tournament.models.season import Player, Team, Tournament, first_version


def protect_results(collector, field, sub_objs, using):
    """``on_delete`` of the entry of a result (``Seat.entry``, ``Score.entry``, ``Adjustment.entry``).

    ``PROTECT`` — deleting an entry never silently drops its seats, scores or adjustments (``ProtectedError``;
    ``registration.services.remove`` refuses such an entry with a message first) — except when the entry's
    tournament is deleted in the same operation: a tournament, or a season, goes with all of its results
    (``RESTRICT`` would allow that only along a second cascade path, which adjustments do not have).
    """
    deleting = [t.pk for t in collector.data.get(Tournament, ())]
    if deleting and not sub_objs.exclude(entry__tournament__in=deleting).exists():
        return CASCADE(collector, field, sub_objs, using)
    return PROTECT(collector, field, sub_objs, using)


class Entry(models.Model):
    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entries", verbose_name=_("tournament"))
    player = models.ForeignKey(Player, models.PROTECT, related_name="entries", verbose_name=_("player"))
    start_number = models.PositiveIntegerField(_("start number"))
    team = models.ForeignKey(Team, models.SET_NULL, null=True, blank=True, related_name="entries",
                             verbose_name=_("team"))
    paid = models.BooleanField(_("paid"), default=False)
    checked_in = models.BooleanField(_("checked in"), default=False)
    withdrawn = models.BooleanField(_("withdrawn"), default=False)
    note = models.CharField(_("remark"), max_length=200, blank=True,
                            help_text=_("For the tournament direction only, e.g. the remark of the club's list."))
    created_player = models.BooleanField(
        _("player created with this entry"), default=False, editable=False,
        help_text=_("The import that made this entry also created its player: removing the entry removes the "
                    "player too while nothing else uses him."))
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
