"""URLs of the stats pages (filled in by the stats work)."""
app_name = "stats"
urlpatterns = []
