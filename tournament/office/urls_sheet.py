"""Score-sheet entry for directors, mounted at /eingabe/. Paths are German, URL names English."""
from django.urls import path

from tournament.office.views import offiziers
from tournament.office.views import sheet as entry

app_name = "entry"

urlpatterns = [
    path("tisch/<id:pk>/", entry.sheet, name="sheet"),
    path("tisch/<id:pk>/zeile/", entry.row, name="row"),
    path("tisch/<id:pk>/vorschau/", entry.preview, name="preview"),
    path("tisch/<id:pk>/speichern/", entry.save, name="save"),
    path("tisch/<id:pk>/loeschen/", entry.delete, name="delete"),
    path("tisch/<id:pk>/offiziers/", offiziers.save, name="offiziers_save"),
    path("tisch/<id:pk>/summen/", entry.totals, name="totals"),
    path("runde/<id:round_pk>/tisch/", entry.goto, name="goto"),
]
