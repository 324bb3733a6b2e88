"""URLs of the widgets other web sites frame (``/einbetten/``, namespace ``embed``; docs/api.md "Embedding")."""
from django.urls import path

from tournament.public.views import embed

app_name = "embed"
urlpatterns = [
    path("turnier/<id:pk>/", embed.standings, name="standings"),
    path("saison/<id:pk>/", embed.next_day, name="next"),
]
