"""A pre-registration: a player's online request to play in a published tournament (docs/director.md,
"Pre-registration"). It is not an entry: the director confirms it into one (``entry``) or declines it; a request
beyond the tournament's capacity waits in order (``position``)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.models.registration import Entry
from tournament.models.season import Tournament


class PreRegistration(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting")
        CONFIRMED = "confirmed", _("confirmed")
        DECLINED = "declined", _("declined")

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="preregistrations",
                                   verbose_name=_("tournament"))
    first_name = models.CharField(_("first name"), max_length=80)
    last_name = models.CharField(_("last name"), max_length=80)
    town = models.CharField(_("town"), max_length=80)
    team_name = models.CharField(_("team"), max_length=80, blank=True)
    email = models.EmailField(_("e-mail"), max_length=254, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.WAITING)
    # The order of arrival within the tournament (1, 2, …): who moves up first when a place becomes free.
    position = models.PositiveIntegerField(_("position"))
    entry = models.ForeignKey(Entry, models.SET_NULL, null=True, blank=True, related_name="+",
                              verbose_name=_("entry"))

    class Meta:
        ordering = ["tournament", "position"]
        verbose_name = _("pre-registration")
        verbose_name_plural = _("pre-registrations")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "position"], name="prereg_unique_position"),
        ]

    def __str__(self):
        return f"{self.first_name} {self.last_name}, {self.town}"

    @property
    def full_name(self):
        return f"{self.first_name} {self.last_name}"
