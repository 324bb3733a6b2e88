"""Exports (staff only), mounted at ``/export/``. Paths are German; URL names are English.

GET on a download URL returns the file; POST queues it as a background task and returns the job's status URL.
"""
from django.urls import path

from tournament.office.views import exports

app_name = "exports"

urlpatterns = [
    path("turnier/<id:pk>/", exports.tournament_page, name="tournament"),
    path("saison/<id:pk>/", exports.season_page, name="season"),
    path("turnier/<id:pk>/<slug:identifier>/", exports.tournament_download, name="tournament_download"),
    path("turnier/<id:pk>/durchgang/<id:number>/<slug:identifier>/", exports.round_download,
         name="round_download"),
    path("tisch/<id:pk>/<slug:identifier>/", exports.table_download, name="table_download"),
    path("saison/<id:pk>/<slug:identifier>/", exports.season_download, name="season_download"),
    path("auftrag/<uuid:token>/", exports.job, name="job"),
    path("auftrag/<uuid:token>/datei/", exports.job_file, name="job_file"),
]
