"""URLs of the public pages (no login; published tournaments only). Paths are German, names English."""
from django.urls import path

from tournament.public.views import calendar, players, prereg, screen, ziege
from tournament.public.views import pages as public

app_name = "public"
urlpatterns = [
    path("", public.home, name="home"),
    path("turnier/<id:pk>/", public.tournament, name="tournament"),
    path("turnier/<id:pk>/preise/", public.prizes, name="prizes"),
    path("turnier/<id:pk>/teams/", public.teams, name="teams"),
    path("turnier/<id:pk>/platz/", public.seat, name="seat"),
    path("turnier/<id:pk>/voranmeldung/", prereg.preregister, name="preregister"),
    path("turnier/<id:pk>/spieler/<id:entry_pk>/", public.player, name="player"),
    path("saison/<id:pk>/", public.season, name="season"),
    path("saison/<id:pk>/teams/", public.season_teams, name="season_teams"),
    path("saison/<id:pk>/ziege/", ziege.season, name="season_ziege"),
    # issue 27: the hall's big screen, the season calendar and its feed, a player's years and the player search
    path("turnier/<id:pk>/leinwand/", screen.screen, name="screen"),
    path("saison/<id:pk>/kalender/", calendar.season_calendar, name="season_calendar"),
    path("saison/<id:pk>/kalender.ics", calendar.season_feed, name="season_calendar_ics"),
    path("spieler/", players.search, name="players"),
    path("spieler/<id:player_pk>/", players.player, name="player_years"),
]
