"""Staff roles: who organises a season, directs a tournament or helps entering results."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournament.models.season import Season, Tournament


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
