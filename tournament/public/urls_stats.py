"""Public statistics pages, mounted at ``/statistik/``. Paths are German; URL names are English."""
from django.urls import path

from tournament.public.views import stats

app_name = "stats"

urlpatterns = [
    path("turnier/<id:pk>/", stats.tournament, name="tournament"),
    path("turnier/<id:pk>/spieler/<id:entry_pk>/", stats.player, name="player"),
    path("saison/<id:pk>/", stats.season, name="season"),
    path("saison/<id:pk>/spieler/<id:player_pk>/", stats.season_player, name="season_player"),
]
