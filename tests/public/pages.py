"""The public pages of a tournament by name, as the cache tests request them."""

from django.urls import reverse

PAGES = {
    "home": lambda t: reverse("public:home"),
    "standings": lambda t: reverse("public:tournament", args=[t.pk]),
    "seat": lambda t: reverse("public:seat", args=[t.pk]) + "?q=1",
    "player": lambda t: reverse("public:player", args=[t.pk, t.entries.get(start_number=1).pk]),
    "prizes": lambda t: reverse("public:prizes", args=[t.pk]),
    "statistics": lambda t: reverse("stats:tournament", args=[t.pk]),
    "season": lambda t: reverse("public:season", args=[t.season.pk]),
    "season statistics": lambda t: reverse("stats:season", args=[t.season.pk]),
}
