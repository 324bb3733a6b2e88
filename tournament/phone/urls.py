"""The table page of a secret link, mounted at ``/t/``: short, because it is typed from a table card too."""
from django.urls import path

from tournament.phone import views

app_name = "phone"

urlpatterns = [
    path("sw.js", views.service_worker, name="service_worker"),
    path("<str:token>/", views.table_page, name="table"),
    path("<str:token>/blatt/", views.sheet_state, name="state"),
    path("<str:token>/vorschau/", views.preview, name="preview"),
    path("<str:token>/spiel/", views.save_game, name="save"),
    path("<str:token>/bestaetigen/", views.confirm, name="confirm"),
    path("<str:token>/einspruch/", views.dispute, name="dispute"),
    path("<str:token>/rufen/", views.call, name="call"),
    path("<str:token>/unterschreiben/", views.sign, name="sign"),
    path("<str:token>/sitz/", views.claim_seat, name="claim"),
    path("<str:token>/sitz/frei/", views.release_seat, name="release"),
]
