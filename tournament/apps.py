from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    """The administration app: seasons, tournaments, players, draws, games, standings, exports."""

    name = "tournament"
    verbose_name = _("Cego tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The ``id`` path converter (ids beyond 64 bits are a 404) before any urls module is read: Django's ready()
        # hook, where app code runs once the registry is loaded (not for a cycle).
        from tournament.config import converters  # noqa: F401 (imported for its registration)
