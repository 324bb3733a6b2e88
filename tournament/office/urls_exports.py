"""Exports (staff only), mounted at ``/export/``. Paths are German; URL names are English.

GET on a download URL returns the file; POST queues it as a background task and returns the job's status URL.
"""
from django.urls import path

from tournament.office.views import exports

app_name = "exports"

urlpatterns = [
    path("turnier/<int:pk>/", exports.tournament_page, name="tournament"),
    path("saison/<int:pk>/", exports.season_page, name="season"),
    path("turnier/<int:pk>/<slug:identifier>/", exports.tournament_download, name="tournament_download"),
    path("turnier/<int:pk>/durchgang/<int:number>/<slug:identifier>/", exports.round_download,
         name="round_download"),
    path("tisch/<int:pk>/<slug:identifier>/", exports.table_download, name="table_download"),
    path("saison/<int:pk>/<slug:identifier>/", exports.season_download, name="season_download"),
    path("auftrag/<uuid:token>/", exports.job, name="job"),
    path("auftrag/<uuid:token>/datei/", exports.job_file, name="job_file"),
]
