"""A tournament whose every typed text is hostile, and every registered workbook exporter rendered on it.

Shared by ``test_xlsx_text.py`` (openpyxl reads the files back) and ``test_xlsx_libreoffice.py`` (LibreOffice
converts them). The exporters come from the registry, so a new workbook exporter is covered without a change here.
"""

from django.contrib.auth import get_user_model

from tests import factories
from tournament import exports
from tournament.exports.base import SCOPES, TARGET_KWARG
from tournament.models import AuditLog, Category, Entry, Player, Round, Team
from tournament.results import services

CONTROL = "Steuer\x07zei\x1fchen"          # control characters openpyxl refuses; written without them
LONG = "Lang " + "x" * 75                    # 80 characters: the longest town the model (and PostgreSQL) takes
# field → the hostile text typed into it (each distinct, so every one can be found again)
TYPED = {
    "first_name": '=HYPERLINK("http://x","klick")',
    "last_name": "=cmd|' /C calc'!A0",
    "town": "+1+1",
    "club": "-2+3",
    "first_name_2": "@SUM(A1)",
    "last_name_2": CONTROL,
    "town_2": LONG,
    "club_2": "#REF!",
    "team": "=1+2",
    "tournament": '=HYPERLINK("http://t","Turnier")',
    "venue": "=Ort()",
    "season": "=Saison()",
    "category": "=Kategorie()",
    "reason": "=Grund()",
    "audit_reason": "=SUM(1;2)",
    "user": "=Benutzer()",
}


def written(value):
    """A typed text as the workbook must hold it: exactly as typed, without control characters."""
    return value.replace("\x07", "").replace("\x1f", "")


def hostile_tournament():
    """Two rounds (one played out, one with a played table and a totals-only table), an adjustment, audit
    entries, a team and a category: every sheet of every workbook has rows, and every text is hostile."""
    t, _round = factories.seated_and_played(players=9, rounds=2, prize_places=3)
    factories.seated(tournament_=t, number=2)
    first_table, other = list(Round.objects.get(tournament=t, number=2).tables.order_by("number"))
    factories.play_table(other, games=5, seed=3)
    director = factories.staff()
    totals = dict(zip(range(first_table.size), (60, -20, -20, -10, -10), strict=False))
    services.record_totals(table=first_table, totals=totals, user=director)
    entries = list(t.entries.order_by("start_number").select_related("player"))
    services.add_adjustment(entry=entries[0], points=-20, reason=TYPED["reason"], user=director)
    first, second = entries[0].player, entries[1].player
    Player.objects.filter(pk=first.pk).update(first_name=TYPED["first_name"], last_name=TYPED["last_name"],
                                              town=TYPED["town"], club=TYPED["club"])
    Player.objects.filter(pk=second.pk).update(first_name=TYPED["first_name_2"], last_name=TYPED["last_name_2"],
                                               town=TYPED["town_2"], club=TYPED["club_2"])
    team = Team.objects.create(season=t.season, name=TYPED["team"])
    Entry.objects.filter(pk__in=[entries[0].pk, entries[2].pk]).update(team=team)
    category = Category.objects.create(season=t.season, name=TYPED["category"])
    category.players.add(first, second)
    t.season.name = TYPED["season"]
    t.season.save()
    t.name, t.venue = TYPED["tournament"], TYPED["venue"]
    t.save()
    AuditLog.objects.filter(tournament=t).update(reason=TYPED["audit_reason"])
    get_user_model().objects.filter(pk=director.pk).update(username=TYPED["user"], first_name=TYPED["user"])
    t.refresh_from_db()
    return t


def workbook_exporters():
    """Every registered exporter that writes a workbook."""
    return [e for scope in SCOPES for e in exports.for_scope(scope) if e.extension == "xlsx"]


def render_all(t, language=None):
    """``{identifier: (filename, bytes)}`` of every workbook exporter on ``t`` (its season, rounds, a table)."""
    round_ = Round.objects.get(tournament=t, number=2)
    targets = {"tournament": t, "season": t.season, "round": round_, "table": round_.tables.order_by("number")[1]}
    files = {}
    for exporter in workbook_exporters():
        filename, _type, content = exporter.render(language=language,
                                                   **{TARGET_KWARG[exporter.scope]: targets[exporter.scope]})
        files[exporter.identifier] = (filename, content)
    return files


# Fields shown in a cell of their own somewhere: they must come back exactly, cell for cell.
OWN_CELL = ("first_name", "last_name", "town", "club", "first_name_2", "last_name_2", "town_2", "club_2", "team",
            "tournament", "reason", "audit_reason")
