"""Score-sheet entry for directors, mounted at /eingabe/. Paths are German, URL names English."""
from django.urls import path

from tournament.office.views import sheet as entry

app_name = "entry"

urlpatterns = [
    path("tisch/<int:pk>/", entry.sheet, name="sheet"),
    path("tisch/<int:pk>/zeile/", entry.row, name="row"),
    path("tisch/<int:pk>/vorschau/", entry.preview, name="preview"),
    path("tisch/<int:pk>/speichern/", entry.save, name="save"),
    path("tisch/<int:pk>/loeschen/", entry.delete, name="delete"),
    path("tisch/<int:pk>/offiziers/", entry.offiziers_save, name="offiziers_save"),
    path("tisch/<int:pk>/summen/", entry.totals, name="totals"),
    path("runde/<int:round_pk>/tisch/", entry.goto, name="goto"),
]
