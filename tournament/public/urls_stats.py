"""Public statistics pages, mounted at ``/statistik/``. Paths are German; URL names are English."""
from django.urls import path

from tournament.public.views import stats

app_name = "stats"

urlpatterns = [
    path("turnier/<int:pk>/", stats.tournament, name="tournament"),
    path("turnier/<int:pk>/spieler/<int:entry_pk>/", stats.player, name="player"),
    path("saison/<int:pk>/", stats.season, name="season"),
    path("saison/<int:pk>/spieler/<int:player_pk>/", stats.season_player, name="season_player"),
]
