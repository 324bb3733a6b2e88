"""Django admin: every model, for looking things up and fixing master data.

Results are not edited here: games, scores and the audit log are read-only, because a result must go through
``services`` (engine scoring, versions, audit). Seasons, tournaments, players, teams and entries are editable;
the director's pages (``/leitung/``) are the everyday tool. Their edits raise the data versions of what they
change (``RaisesVersions``), so the public pages show them at once like any other write.
"""
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournament.audit import versions
from tournament.models import (
    Adjustment,
    AuditLog,
    Entry,
    ExportJob,
    Game,
    Player,
    PlayerAlias,
    Role,
    Round,
    Score,
    Season,
    Seat,
    Table,
    Team,
    Tournament,
)

admin.site.site_header = _("Cego tournament administration")
admin.site.site_title = _("Cego tournaments")


class ReadOnlyAdmin(admin.ModelAdmin):
    """View only: rows are written by the services, with scoring and an audit trail."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class RaisesVersions:
    """Admin edits bypass the services: raise the data versions of the changed object (``changed``) in the
    admin's transaction, after a save (with its inlines and many-to-many fields) and before a delete."""

    def changed(self, obj):
        raise NotImplementedError

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        self.changed(form.instance)

    def delete_model(self, request, obj):
        self.changed(obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            self.changed(obj)
        super().delete_queryset(request, queryset)


class TournamentInline(admin.TabularInline):
    model = Tournament
    fields = ["name", "date", "venue", "ruleset", "status", "published"]
    extra = 0
    show_change_link = True


@admin.register(Season)
class SeasonAdmin(RaisesVersions, admin.ModelAdmin):
    list_display = ["name", "year", "best_n", "youth_age", "created_at"]
    list_filter = ["year"]
    search_fields = ["name"]
    inlines = [TournamentInline]

    def changed(self, season):
        versions.season_changed(season.pk)


@admin.register(Tournament)
class TournamentAdmin(RaisesVersions, admin.ModelAdmin):
    list_display = ["name", "date", "season", "venue", "ruleset", "round_count", "status", "published"]
    list_filter = ["season", "status", "ruleset", "published"]
    search_fields = ["name", "venue"]
    date_hierarchy = "date"
    list_select_related = ["season"]

    def changed(self, tournament):
        versions.tournaments_changed([tournament.pk])


class PlayerAliasInline(admin.TabularInline):
    """The other spellings a merge kept (``registration.merge``), for matching."""
    model = PlayerAlias
    extra = 0
    fields = ["first_name", "last_name", "town", "created_at"]
    readonly_fields = ["created_at"]


@admin.register(Player)
class PlayerAdmin(RaisesVersions, admin.ModelAdmin):
    inlines = [PlayerAliasInline]
    list_display = ["last_name", "first_name", "town", "club", "is_woman", "birth_year", "is_guest"]
    list_filter = ["is_woman", "is_guest", "club"]
    search_fields = ["last_name", "first_name", "town", "club"]

    def changed(self, player):
        versions.player_changed(player.pk)


@admin.register(Team)
class TeamAdmin(RaisesVersions, admin.ModelAdmin):
    list_display = ["name", "season"]
    list_filter = ["season"]
    search_fields = ["name"]

    def changed(self, team):
        versions.season_changed(team.season_id)


@admin.register(Entry)
class EntryAdmin(RaisesVersions, admin.ModelAdmin):
    list_display = ["start_number", "player", "tournament", "team", "paid", "checked_in", "withdrawn"]
    list_filter = ["tournament__season", "tournament", "paid", "checked_in", "withdrawn"]
    search_fields = ["player__last_name", "player__first_name", "player__town", "start_number"]
    list_select_related = ["player", "tournament", "team"]
    autocomplete_fields = ["player"]
    raw_id_fields = ["team"]

    def changed(self, entry):
        versions.tournaments_changed([entry.tournament_id])


class TableInline(admin.TabularInline):
    model = Table
    fields = ["number", "size", "games_planned"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["tournament", "number", "status", "seed", "algorithm", "drawn_at"]
    list_filter = ["status", "tournament__season", "tournament"]
    search_fields = ["tournament__name", "seed", "input_hash"]
    list_select_related = ["tournament"]
    inlines = [TableInline]


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "round", "size", "games_planned"]
    list_filter = ["size", "round__tournament"]
    search_fields = ["round__tournament__name"]
    list_select_related = ["round__tournament"]


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ["table", "position", "entry", "round"]
    list_filter = ["round__tournament"]
    search_fields = ["entry__player__last_name", "entry__player__first_name"]
    list_select_related = ["table", "entry__player", "round__tournament"]


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "contract", "declarer", "card_points", "value", "won", "version", "updated_by",
                    "updated_at"]
    list_filter = ["contract", "table__round__tournament"]
    search_fields = ["explanation"]
    list_select_related = ["table", "updated_by"]


@admin.register(Score)
class ScoreAdmin(ReadOnlyAdmin):
    list_display = ["entry", "points", "table", "game"]
    list_filter = ["table__round__tournament"]
    search_fields = ["entry__player__last_name", "entry__player__first_name"]
    list_select_related = ["entry__player", "table", "game"]


@admin.register(Adjustment)
class AdjustmentAdmin(ReadOnlyAdmin):
    list_display = ["entry", "points", "reason", "created_by", "created_at"]
    list_filter = ["entry__tournament"]
    search_fields = ["reason", "entry__player__last_name"]
    list_select_related = ["entry__player", "created_by"]


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ["at", "tournament", "object_type", "object_id", "action", "user", "reason"]
    list_filter = ["action", "object_type", "tournament"]
    search_fields = ["reason", "object_type"]
    date_hierarchy = "at"
    list_select_related = ["tournament", "user"]


@admin.register(Role)
class RoleAdmin(admin.ModelAdmin):
    """Roles can be fixed here too; the staff pages (``/leitung/…/mitarbeiter/``) are the everyday tool."""
    list_display = ["user", "kind", "season", "tournament", "granted_by", "created_at"]
    list_filter = ["kind", "season"]
    search_fields = ["user__username", "tournament__name", "season__name"]
    raw_id_fields = ["user", "granted_by"]


@admin.register(ExportJob)
class ExportJobAdmin(ReadOnlyAdmin):
    """Background exports, for looking into one that failed; files are downloaded on the exports page only."""
    list_display = ["created_at", "exporter", "user", "status", "failure", "done", "total", "finished_at",
                    "expires_at"]
    list_filter = ["status", "failure", "exporter"]
    exclude = ["file"]
    list_select_related = ["user"]


def superusers_only(request):
    """The admin bypasses services and roles, so only superusers may open it (not every ``is_staff`` account)."""
    return request.user.is_active and request.user.is_superuser


admin.site.has_permission = superusers_only
