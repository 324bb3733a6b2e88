"""URLs of the public pages (no login; published tournaments only). Paths are German, names English."""
from django.urls import path

from tournament.public.views import pages as public
from tournament.public.views import prereg

app_name = "public"
urlpatterns = [
    path("", public.home, name="home"),
    path("turnier/<int:pk>/", public.tournament, name="tournament"),
    path("turnier/<int:pk>/preise/", public.prizes, name="prizes"),
    path("turnier/<int:pk>/teams/", public.teams, name="teams"),
    path("turnier/<int:pk>/platz/", public.seat, name="seat"),
    path("turnier/<int:pk>/voranmeldung/", prereg.preregister, name="preregister"),
    path("turnier/<int:pk>/spieler/<int:entry_pk>/", public.player, name="player"),
    path("saison/<int:pk>/", public.season, name="season"),
    path("saison/<int:pk>/teams/", public.season_teams, name="season_teams"),
    path("saison/<int:pk>/ziege/", public.season_ziege, name="season_ziege"),
]
