"""URLs of the public API (``/api/v1/``, namespace ``api``); docs/api.md. Paths English: a machine reads them."""
from django.urls import path

from tournament.public.api import docs, views

app_name = "api"
urlpatterns = [
    path("schema/", docs.Schema.as_view(), name="schema"),
    path("docs/", docs.page, name="docs"),
    path("seasons/", views.Seasons.as_view(), name="seasons"),
    path("seasons/<id:pk>/", views.Season.as_view(), name="season"),
    path("seasons/<id:pk>/standings/", views.SeasonStandings.as_view(), name="season_standings"),
    path("tournaments/<id:pk>/", views.Tournament.as_view(), name="tournament"),
    path("tournaments/<id:pk>/standings/", views.Standings.as_view(), name="standings"),
    path("tournaments/<id:pk>/rounds/", views.Rounds.as_view(), name="rounds"),
    path("players/<id:pk>/", views.Player.as_view(), name="player"),
]
