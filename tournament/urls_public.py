"""URLs of the public pages (filled in by the public work)."""
app_name = "public"
urlpatterns = []
