"""URLs. Paths are German (the players' language); URL names are English."""
from django.contrib import admin
from django.http import HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path

from tournament.public.views import tariff, ziege

tariff_patterns = (
    [
        path("", tariff.index, name="index"),
        *ziege.TARIFF_URLS,                                       # before the rulesets' slugs
        path("<slug:ruleset>/", tariff.detail, name="detail"),
    ],
    "tariff",
)



def favicon(request):
    """Browsers ask for /favicon.ico on their own: the app's icon (linked from every page's head as well)."""
    return HttpResponseRedirect(static("tournament/favicon.svg"))


urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("tarif/", include(tariff_patterns)),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("leitung/", include("tournament.office.urls_director")),
    path("konto/", include("tournament.office.urls_accounts")),
    path("eingabe/", include("tournament.office.urls_sheet")),
    path("statistik/", include("tournament.public.urls_stats")),
    path("export/", include("tournament.office.urls_exports")),
    path("t/", include("tournament.phone.urls")),
    path("api/v1/", include("tournament.public.api.urls")),
    path("einbetten/", include("tournament.public.urls_embed")),
    path("", include("tournament.public.urls")),
]

handler500 = "tournament.config.error_pages.server_error"
