"""The permission matrix of tests/security/test_permission_matrix.py: every named URL of the project with the status
a GET must answer for every role, the world it is checked against (``world()``, the ``matrix_world`` fixture of
tests/security/conftest.py) and what an office POST could change (``fingerprint()``).

Statuses: 200, 403, 404, 405 (a POST-only view), ``LOGIN`` (302 to the site's login page with ``?next=``),
``ADMIN_LOGIN`` (302 to the admin's login page), ``ELSEWHERE`` (302 anywhere else, e.g. "go to table" → the
sheet). For the office (``director``, ``entry``, ``exports``) every role that a GET refuses is also refused a
POST, and that POST changes nothing in the database.
"""

import datetime
import random
from types import SimpleNamespace

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.urls import URLResolver, get_resolver, reverse
from django_tasks_db.models import DBTaskResult

from tests import factories
from tournament.models import (
    Adjustment,
    AuditLog,
    Category,
    Entry,
    ExportJob,
    Game,
    Player,
    PreRegistration,
    Prize,
    PrizePlan,
    PrizeStep,
    Role,
    Round,
    Score,
    Season,
    Seat,
    SeatHold,
    Table,
    TableFlag,
    TableLink,
    Team,
    Tournament,
)
from tournament.results.random_play import play_table

ROLES = ("anonymous", "player", "helper", "director", "other_director", "organiser", "other_organiser", "superuser")
LOGIN, ADMIN_LOGIN, ELSEWHERE = "login", "admin login", "elsewhere"

# Who has a capability on the tournament T and its season S (the other director directs T3 of season S2, the
# other organiser organises S2; the player is an account without any role).
ADMINISTER = {"superuser"}
ORGANISE = {"superuser", "organiser"}
DIRECT = ORGANISE | {"director"}
ENTER = DIRECT | {"helper"}
VIEW_SEASON = ENTER
OFFICE = ENTER | {"other_director", "other_organiser"}


def everyone(status):
    return dict.fromkeys(ROLES, status)


def office(allowed, ok=200, refused=403, anonymous=LOGIN):
    """An office URL: anonymous users log in first; ``allowed`` roles get ``ok``, the others ``refused``."""
    return {role: anonymous if role == "anonymous" else ok if role in allowed else refused for role in ROLES}


def admin_site(ok=200, anonymous=ADMIN_LOGIN):
    """The Django admin is for superusers only (tournament/admin.py); everyone else goes to its login page."""
    return {role: ok if role == "superuser" else anonymous for role in ROLES}


NO_JOB = "00000000-0000-4000-8000-000000000000"    # a well-formed export job id that belongs to nobody
PUBLIC = everyone(200)
ACCOUNT = {**everyone(200), "anonymous": LOGIN}             # Django's own pages for a logged-in user

# URL name → (arguments from the world, expected status per role).
MATRIX = {
    # Public pages (published tournaments; no login) and the tariffs
    "public:home": (lambda w: [], PUBLIC),
    "public:tournament": (lambda w: [w.t.pk], PUBLIC),
    "public:prizes": (lambda w: [w.t.pk], PUBLIC),
    "public:teams": (lambda w: [w.t.pk], PUBLIC),
    "public:seat": (lambda w: [w.t.pk], PUBLIC),
    "public:player": (lambda w: [w.t.pk, w.entry.pk], PUBLIC),
    "public:preregister": (lambda w: [w.t.pk], PUBLIC),           # the world's T has pre-registration open
    "public:season": (lambda w: [w.season.pk], PUBLIC),
    "public:season_teams": (lambda w: [w.season.pk], PUBLIC),
    "public:season_ziege": (lambda w: [w.season.pk], PUBLIC),
    # The hall's big screen, the season calendar and its feed, a player's years and the player search (issue 27)
    "public:screen": (lambda w: [w.t.pk], PUBLIC),
    "public:season_calendar": (lambda w: [w.season.pk], PUBLIC),
    "public:season_calendar_ics": (lambda w: [w.season.pk], PUBLIC),
    "public:players": (lambda w: [], PUBLIC),
    "public:player_years": (lambda w: [w.entry.player_id], PUBLIC),
    "stats:tournament": (lambda w: [w.t.pk], PUBLIC),
    "stats:player": (lambda w: [w.t.pk, w.entry.pk], PUBLIC),
    "stats:season": (lambda w: [w.season.pk], PUBLIC),
    "stats:season_player": (lambda w: [w.season.pk, w.entry.player_id], PUBLIC),
    # The public API and the widgets (docs/api.md): the same for everyone, no login read
    "api:schema": (lambda w: [], PUBLIC),
    "api:docs": (lambda w: [], PUBLIC),
    "api:seasons": (lambda w: [], PUBLIC),
    "api:season": (lambda w: [w.season.pk], PUBLIC),
    "api:season_standings": (lambda w: [w.season.pk], PUBLIC),
    "api:tournament": (lambda w: [w.t.pk], PUBLIC),
    "api:standings": (lambda w: [w.t.pk], PUBLIC),
    "api:rounds": (lambda w: [w.t.pk], PUBLIC),
    "api:player": (lambda w: [w.entry.player_id], PUBLIC),
    "embed:standings": (lambda w: [w.t.pk], PUBLIC),
    "embed:next": (lambda w: [w.season.pk], PUBLIC),
    "tariff:index": (lambda w: [], PUBLIC),
    "tariff:detail": (lambda w: ["schwarzwald"], PUBLIC),
    "tariff:ziege": (lambda w: [], PUBLIC),
    "set_language": (lambda w: [], everyone(ELSEWHERE)),
    "favicon": (lambda w: [], everyone(ELSEWHERE)),                 # a redirect to the static icon
    # Accounts (django.contrib.auth.urls)
    "login": (lambda w: [], PUBLIC),
    "logout": (lambda w: [], everyone(405)),                 # POST only
    "password_change": (lambda w: [], ACCOUNT),
    "password_change_done": (lambda w: [], ACCOUNT),
    "password_reset": (lambda w: [], everyone(404)),        # only with e-mail configured (test_password_reset)
    "password_reset_done": (lambda w: [], everyone(404)),
    "password_reset_confirm": (lambda w: ["MQ", "set-password"], everyone(404)),
    "password_reset_complete": (lambda w: [], everyone(404)),
    # The office: seasons and tournaments
    "director:home": (lambda w: [], office(OFFICE)),
    "director:import_template": (lambda w: [], office(OFFICE)),
    "director:season_create": (lambda w: [], office(ADMINISTER)),
    "director:season": (lambda w: [w.season.pk], office(VIEW_SEASON)),
    "director:season_edit": (lambda w: [w.season.pk], office(ORGANISE)),
    "director:tournament_create": (lambda w: [w.season.pk], office(ORGANISE)),
    "director:season_standings": (lambda w: [w.season.pk], office(ORGANISE)),
    "director:season_staff": (lambda w: [w.season.pk], office(ORGANISE)),
    "director:categories": (lambda w: [w.season.pk], office(ORGANISE)),
    "director:duplicates": (lambda w: [w.season.pk], office(ORGANISE)),
    "director:duplicates_merge": (lambda w: [w.season.pk], office(ORGANISE, ok=405)),
    "director:category": (lambda w: [w.season.pk, w.category.pk], office(ORGANISE)),
    "director:category_delete": (lambda w: [w.season.pk, w.category.pk], office(ORGANISE, ok=405)),
    "director:category_members": (lambda w: [w.season.pk, w.category.pk], office(ORGANISE, ok=405)),
    "director:tournament": (lambda w: [w.t.pk], office(ENTER)),
    "director:tournament_edit": (lambda w: [w.t.pk], office(DIRECT)),
    # Registration
    "director:entries": (lambda w: [w.t.pk], office(DIRECT)),
    "director:entry_register": (lambda w: [w.t.pk], office(DIRECT, ok=405)),
    "director:check_in": (lambda w: [w.t.pk], office(DIRECT, ok=405)),
    "director:check_in_all": (lambda w: [w.t.pk], office(DIRECT, ok=405)),
    "director:player_create": (lambda w: [w.t.pk], office(DIRECT)),
    "director:entry_edit": (lambda w: [w.t.pk, w.entry.pk], office(DIRECT)),
    "director:entry_toggle": (lambda w: [w.t.pk, w.entry.pk], office(DIRECT, ok=405)),
    "director:entry_delete": (lambda w: [w.t.pk, w.entry.pk], office(DIRECT, ok=405)),
    "director:preregistrations": (lambda w: [w.t.pk], office(DIRECT)),
    "director:prereg_confirm": (lambda w: [w.t.pk, w.prereg.pk], office(DIRECT, ok=405)),
    "director:prereg_decline": (lambda w: [w.t.pk, w.prereg.pk], office(DIRECT, ok=405)),
    "director:entry_import": (lambda w: [w.t.pk], office(DIRECT)),
    # Rounds, corrections, the log, standings, staff
    "director:round": (lambda w: [w.t.pk, 1], office(ENTER)),
    "director:round_status": (lambda w: [w.t.pk, 1], office(DIRECT, ok=405)),
    "director:round_delete_draw": (lambda w: [w.t.pk, 1], office(DIRECT, ok=405)),
    "director:hall": (lambda w: [w.t.pk, 1], office(ENTER)),
    "director:hall_resolve": (lambda w: [w.t.pk, 1, w.flag.pk], office(ENTER, ok=405)),
    "director:hall_free_seat": (lambda w: [w.t.pk, 1, w.hold.pk], office(ENTER, ok=405)),
    "director:link_reissue": (lambda w: [w.t.pk, 1, w.table.number], office(DIRECT, ok=405)),
    "director:round_clock": (lambda w: [w.t.pk, 1], office(DIRECT, ok=405)),
    "director:tournament_publish": (lambda w: [w.t.pk], office(DIRECT, ok=405)),        # POST only
    "director:tournament_finish": (lambda w: [w.t.pk], office(DIRECT, ok=405)),         # POST only
    "director:table_end": (lambda w: [w.t.pk, 1, w.table.number], office(DIRECT, ok=405)),
    "director:adjustments": (lambda w: [w.t.pk], office(DIRECT)),
    "director:adjustment_delete": (lambda w: [w.t.pk, w.adjustment.pk], office(DIRECT, ok=405)),
    "director:audit": (lambda w: [w.t.pk], office(DIRECT)),
    "director:standings": (lambda w: [w.t.pk], office(DIRECT)),
    # Ziege pages: the world's tournament plays Cego, so who may see them is told it is no Ziege tournament
    "director:ziege_teams": (lambda w: [w.t.pk], office(DIRECT, ok=404)),
    "director:ziege_team_remove": (lambda w: [w.t.pk, 1], office(DIRECT, ok=404)),
    "director:ziege_table": (lambda w: [w.t.pk, 1, 1], office(ENTER, ok=404)),
    "director:prizes": (lambda w: [w.t.pk], office(DIRECT)),
    # The prize plan and the prize table (issue 26): amounts are the direction's, helpers see none of it
    "director:prize_plan": (lambda w: [w.t.pk], office(DIRECT)),
    "director:prize_remove": (lambda w: [w.t.pk, 1], office(DIRECT, ok=405)),
    "director:prize_giving": (lambda w: [w.t.pk], office(DIRECT)),
    # The cash box (issue 26): helpers see who has paid, the direction the amounts; the season fund is the organisers'
    "director:cash": (lambda w: [w.t.pk], office(ENTER)),
    "director:cash_fee": (lambda w: [w.t.pk], office(DIRECT, ok=405)),
    "director:cash_reduction": (lambda w: [w.t.pk], office(DIRECT, ok=405)),
    "director:cash_reduction_delete": (lambda w: [w.t.pk, 1], office(DIRECT, ok=405)),
    "director:cash_item": (lambda w: [w.t.pk], office(DIRECT, ok=405)),
    "director:cash_item_delete": (lambda w: [w.t.pk, 1], office(DIRECT, ok=405)),
    "director:cash_entry": (lambda w: [w.t.pk, w.entry.pk], office(DIRECT)),
    "director:season_cash": (lambda w: [w.season.pk], office(ORGANISE)),
    "director:staff": (lambda w: [w.t.pk], office(DIRECT)),
    "director:season_audit": (lambda w: [w.season.pk], office(ORGANISE)),
    # Who may remove a role is decided on POST (by the role's scope); GET is not allowed for anyone
    "director:role_remove": (lambda w: [w.helper_role.pk], office(set(ROLES), ok=405)),
    # Score sheets
    "entry:sheet": (lambda w: [w.table.pk], office(ENTER)),
    "entry:totals": (lambda w: [w.table.pk], office(ENTER)),
    "entry:delete": (lambda w: [w.table.pk], office(ENTER, ok=ELSEWHERE)),     # GET: back to the sheet
    "entry:preview": (lambda w: [w.table.pk], office(ENTER, ok=405)),
    "entry:save": (lambda w: [w.table.pk], office(ENTER, ok=405)),
    "entry:offiziers_save": (lambda w: [w.table.pk], office(ENTER, ok=405)),   # a table of two's game (POST)
    "entry:goto": (lambda w: [w.round.pk], office(ENTER, ok=ELSEWHERE)),
    "entry:row": (lambda w: [w.table.pk], office(ENTER, ok=404)),              # no ?number=: no row
    # Exports (tests/security/test_export_isolation.py tries every exporter of every scope)
    "exports:tournament": (lambda w: [w.t.pk], office(DIRECT)),
    "exports:season": (lambda w: [w.season.pk], office(ORGANISE)),
    "exports:tournament_download": (lambda w: [w.t.pk, "registration_template"], office(DIRECT)),
    "exports:round_download": (lambda w: [w.t.pk, 1, "table_list"], office(DIRECT)),
    "exports:table_download": (lambda w: [w.table.pk, "score_sheet"], office(DIRECT)),
    "exports:season_download": (lambda w: [w.season.pk, "season_standings"], office(ORGANISE)),
    "exports:job": (lambda w: [NO_JOB], office(OFFICE, ok=404)),          # a job is its owner's only
    "exports:job_file": (lambda w: [NO_JOB], office(OFFICE, ok=404)),
    # The table page of a secret link (no login: the link is the key; a wrong token is a 404, tests/table_entry)
    "phone:table": (lambda w: [w.link.token], PUBLIC),
    "phone:state": (lambda w: [w.link.token], PUBLIC),
    "phone:service_worker": (lambda w: [], PUBLIC),
    "phone:preview": (lambda w: [w.link.token], everyone(405)),             # POST only
    "phone:save": (lambda w: [w.link.token], everyone(405)),
    "phone:confirm": (lambda w: [w.link.token], everyone(405)),
    "phone:dispute": (lambda w: [w.link.token], everyone(405)),
    "phone:call": (lambda w: [w.link.token], everyone(405)),
    "phone:sign": (lambda w: [w.link.token], everyone(405)),
    "phone:claim": (lambda w: [w.link.token], everyone(405)),
    "phone:release": (lambda w: [w.link.token], everyone(405)),
    # The Django admin's own pages
    "admin:index": (lambda w: [], admin_site()),
    "admin:login": (lambda w: [], {**everyone(200), "superuser": ELSEWHERE}),   # a superuser goes on to the index
    "admin:logout": (lambda w: [], admin_site(ok=405, anonymous=ELSEWHERE)),   # POST only; others: the index
    "admin:password_change": (lambda w: [], admin_site()),
    "admin:password_change_done": (lambda w: [], admin_site()),
    "admin:jsi18n": (lambda w: [], admin_site()),
    "admin:autocomplete": (lambda w: [], admin_site(ok=403)),                  # no field asked for
    "admin:app_list": (lambda w: ["tournament"], admin_site()),
    "admin:view_on_site": (lambda w: [ContentType.objects.get_for_model(Tournament).pk, w.t.pk],
                           admin_site(ok=ELSEWHERE)),
}

# Every model in the admin and what the admin lets a superuser do with it: "edit" (every view), "view" (a
# read-only admin: adding and deleting are refused with 403) or "log" (django-axes' records: no adding).
ADMIN_MODELS = {
    Group: "edit", get_user_model(): "edit", Season: "edit", Tournament: "edit", Player: "edit", Team: "edit",
    Entry: "edit", Role: "edit", Round: "view", Table: "view", Seat: "view", Game: "view", Score: "view",
    Adjustment: "view", AuditLog: "view", AccessAttempt: "log", AccessLog: "log", AccessFailureLog: "log",
    ExportJob: "view", DBTaskResult: "view",
}


def admin_entries():
    """The admin's per-model URLs, from ``ADMIN_MODELS`` (a model that is not listed is not classified)."""
    entries = {}
    for model, kind in ADMIN_MODELS.items():
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"

        def obj(w, model=model):
            return [model.objects.order_by("pk").first().pk]

        entries[f"{prefix}_changelist"] = (lambda w: [], admin_site())
        entries[f"{prefix}_add"] = (lambda w: [], admin_site(ok=200 if kind == "edit" else 403))
        entries[f"{prefix}_change"] = (obj, admin_site())
        entries[f"{prefix}_history"] = (obj, admin_site())
        entries[f"{prefix}_delete"] = (obj, admin_site(ok=403 if kind == "view" else 200))
        if model is get_user_model():
            entries[f"{prefix}_password_change"] = (obj, admin_site())
    return entries


def classified():
    return {**MATRIX, **admin_entries()}


def named_urls(resolver=None, namespace=""):
    """Every named URL pattern as its full name (``namespace:name``), through every include."""
    resolver = resolver or get_resolver()
    names = set()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            names |= named_urls(pattern, inner)
        elif pattern.name:
            names.add(f"{namespace}{pattern.name}")
    return names


def unnamed_urls(resolver=None, prefix=""):
    """Every URL pattern without a name — the matrix could not classify it — except the Django admin's own (its
    redirect of an object's old address to the change page and its catch-all, both for superusers only)."""
    resolver = resolver or get_resolver()
    found = []
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace != "admin":
                found += unnamed_urls(pattern, prefix + str(pattern.pattern))
        elif not pattern.name:
            found.append(prefix + str(pattern.pattern))
    return found


def outcome(response):
    """The status as the matrix writes it."""
    if response.status_code != 302:
        return response.status_code
    location = response["Location"]
    if location.startswith(reverse("login") + "?next="):
        return LOGIN
    if location.startswith(reverse("admin:login") + "?next="):
        return ADMIN_LOGIN
    return ELSEWHERE


def fingerprint():
    """Everything an office POST could change."""
    return (
        list(Season.objects.order_by("pk").values_list("name", "year", "best_n")),
        list(Tournament.objects.order_by("pk").values_list("name", "status", "published", "round_count")),
        list(Player.objects.order_by("pk").values_list("first_name", "last_name", "town")),
        list(Entry.objects.order_by("pk").values_list("player_id", "paid", "withdrawn", "start_number", "team")),
        list(Round.objects.order_by("pk").values_list("number", "status", "clock_ends_at")),
        list(Table.objects.order_by("pk").values_list("round_id", "number")),
        list(Game.objects.order_by("pk").values_list("number", "version", "scores")),
        list(Score.objects.order_by("pk").values_list("entry_id", "points")),
        list(Adjustment.objects.order_by("pk").values_list("points", "reason")),
        list(Role.objects.order_by("pk").values_list("user_id", "kind")),
        list(Category.objects.order_by("pk").values_list("name")),
        list(Category.players.through.objects.order_by("pk").values_list("category_id", "player_id")),
        list(get_user_model().objects.order_by("pk").values_list("username", "is_active")),
        list(TableLink.objects.order_by("pk").values_list("token", "revoked_at")),
        list(TableFlag.objects.order_by("pk").values_list("resolved_at")),
        list(SeatHold.objects.order_by("pk").values_list("table_id", "position", "holder")),
        list(PreRegistration.objects.order_by("pk").values_list("status", "entry_id")),
        list(PrizePlan.objects.order_by("pk").values_list("rule", "ties", "public")),
        list(Prize.objects.order_by("pk").values_list("kind", "money", "goods")),
        list(PrizeStep.objects.order_by("pk").values_list("entry_id", "state")),
        AuditLog.objects.count(),
    )


OFFICE_NAMESPACES = ("director:", "entry:", "exports:")


def world():
    """Season S (categories, a team) with tournament T — round 1 drawn, games at its first table, an adjustment —
    and T2; season S2 with T3; one account per role; a login attempt and its logs for the admin's axes pages."""
    t, round_ = factories.drawn(players=8, published=True)
    Tournament.objects.filter(pk=t.pk).update(prereg_open=True, prereg_capacity=20)
    season = t.season
    Tournament.objects.create(season=season, name="Zweites Turnier", date=t.date, seed="s2")
    s2 = Season.objects.create(name="Saison 2027", year=2027)
    t3 = Tournament.objects.create(season=s2, name="Anderes", date=t.date, seed="s3")
    table = round_.tables.order_by("number").first()
    play_table(table, 3, random.Random(5), user=None)
    entry = t.entries.order_by("start_number").first()
    Entry.objects.filter(pk=entry.pk).update(team=Team.objects.create(season=season, name="Triberg"))
    users = {**factories.role_users(t, t3, s2), "player": factories.user("spieler", superuser=False)}
    Group.objects.create(name="Turnierbüro")
    when = datetime.datetime(2026, 3, 7, 9, 0, tzinfo=datetime.UTC)
    access = {"username": "x", "ip_address": "192.0.2.1", "user_agent": "pytest", "http_accept": "*/*",
              "path_info": "/konto/login/", "attempt_time": when}
    AccessAttempt.objects.create(**access, get_data="", post_data="", failures_since_start=1)
    AccessLog.objects.create(**access)
    AccessFailureLog.objects.create(**access)
    ExportJob.objects.create(user=users["superuser"], exporter="standings", scope="tournament", tournament=t,
                             season=season, status=ExportJob.Status.FAILED, expires_at=when)
    DBTaskResult.objects.create(args_kwargs={"args": [], "kwargs": {}}, task_path="tournament.exports.tasks.run_export",
                                backend_name="default", run_after=when, exception_class_path="", traceback="")
    return SimpleNamespace(
        t=t, season=season, round=round_, table=table, entry=entry, users=users,
        link=TableLink.objects.get(table=table, revoked_at__isnull=True),
        flag=TableFlag.objects.create(table=table, kind=TableFlag.Kind.CALL, note="Bitte kommen"),
        hold=SeatHold.objects.create(table=table, position=1, holder="f" * 64, device="phone2"),
        adjustment=Adjustment.objects.create(entry=entry, points=10, reason="Bonus"),
        category=Category.objects.create(season=season, name="Senioren"),
        helper_role=Role.objects.get(kind=Role.Kind.HELPER, tournament=t),
        prereg=PreRegistration.objects.create(tournament=t, first_name="Vroni", last_name="Voran", town="Furtwangen",
                                              position=1))
