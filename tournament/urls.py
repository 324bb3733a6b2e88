"""URLs. Paths are German (the players' language); URL names are English."""
from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView

from tournament.views import tariff

tariff_patterns = (
    [
        path("", tariff.index, name="index"),
        path("<slug:ruleset>/", tariff.detail, name="detail"),
    ],
    "tariff",
)

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="tariff:index", permanent=False)),
    path("tarif/", include(tariff_patterns)),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("leitung/", include("tournament.urls_director")),
    path("konto/", include("django.contrib.auth.urls")),
    path("eingabe/", include("tournament.urls_entry")),
    path("statistik/", include("tournament.urls_stats")),
    path("", include("tournament.urls_public")),
]
