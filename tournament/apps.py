from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    """The administration app: seasons, tournaments, players, draws, games, standings, exports."""

    name = "tournament"
    verbose_name = _("Cego tournaments")
    default_auto_field = "django.db.models.BigAutoField"
