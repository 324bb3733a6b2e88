"""The director's pages (staff only), mounted at ``/leitung/``. Paths are German; URL names are English."""
from django.urls import path

from tournament.office.views import hall as director_hall
from tournament.office.views import imports as director_import
from tournament.office.views import log as director_log
from tournament.office.views import money as director_money
from tournament.office.views import prizes as director_prizes
from tournament.office.views import registration as director_registration
from tournament.office.views import rounds as director_rounds
from tournament.office.views import seasons as director_seasons
from tournament.office.views import standings as director_standings
from tournament.office.views.accounts import staff as director_staff
from tournament.office.ziege import views as director_ziege

app_name = "director"

urlpatterns = [
    path("", director_seasons.home, name="home"),
    path("saison/neu/", director_seasons.season_create, name="season_create"),
    path("saison/<id:pk>/", director_seasons.season, name="season"),
    path("saison/<id:pk>/bearbeiten/", director_seasons.season_edit, name="season_edit"),
    path("saison/<id:pk>/doppelte/", director_seasons.duplicates, name="duplicates"),
    path("saison/<id:pk>/doppelte/zusammenfuehren/", director_seasons.duplicates_merge, name="duplicates_merge"),
    path("saison/<id:season_pk>/turnier/neu/", director_seasons.tournament_create, name="tournament_create"),
    path("turnier/<id:pk>/", director_seasons.tournament, name="tournament"),
    path("turnier/<id:pk>/bearbeiten/", director_seasons.tournament_edit, name="tournament_edit"),
    path("turnier/<id:pk>/veroeffentlichen/", director_seasons.publish, name="tournament_publish"),
    path("turnier/<id:pk>/abschliessen/", director_seasons.finish, name="tournament_finish"),
    # Registration
    path("turnier/<id:pk>/anmeldungen/", director_registration.entries, name="entries"),
    path("turnier/<id:pk>/anmeldungen/eintragen/", director_registration.entry_register, name="entry_register"),
    path("turnier/<id:pk>/anmeldungen/anwesend/", director_registration.check_in, name="check_in"),
    path("turnier/<id:pk>/anmeldungen/alle-anwesend/", director_registration.check_in_all, name="check_in_all"),
    path("turnier/<id:pk>/voranmeldungen/", director_registration.preregistrations, name="preregistrations"),
    path("turnier/<id:pk>/voranmeldungen/<id:prereg_pk>/bestaetigen/", director_registration.prereg_confirm,
         name="prereg_confirm"),
    path("turnier/<id:pk>/voranmeldungen/<id:prereg_pk>/ablehnen/", director_registration.prereg_decline,
         name="prereg_decline"),
    path("turnier/<id:pk>/anmeldungen/neu/", director_registration.player_create, name="player_create"),
    path("turnier/<id:pk>/anmeldungen/<id:entry_pk>/", director_registration.entry_edit, name="entry_edit"),
    path("turnier/<id:pk>/anmeldungen/<id:entry_pk>/umschalten/", director_registration.entry_toggle,
         name="entry_toggle"),
    path("turnier/<id:pk>/anmeldungen/<id:entry_pk>/entfernen/", director_registration.entry_delete,
         name="entry_delete"),
    path("turnier/<id:pk>/import/", director_import.entry_import, name="entry_import"),
    path("anmeldevorlage.xlsx", director_import.import_template, name="import_template"),
    # Ziege: teams of two and a table's games (the round and standings pages hand a Ziege tournament over)
    path("turnier/<id:pk>/ziege-teams/", director_ziege.teams, name="ziege_teams"),
    path("turnier/<id:pk>/ziege-teams/<id:number>/aufloesen/", director_ziege.team_remove,
         name="ziege_team_remove"),
    path("turnier/<id:pk>/runde/<id:number>/ziege-tisch/<id:table>/", director_ziege.table, name="ziege_table"),
    # Rounds
    path("turnier/<id:pk>/runde/<id:number>/", director_rounds.round_detail, name="round"),
    path("turnier/<id:pk>/runde/<id:number>/status/", director_rounds.round_status, name="round_status"),
    path("turnier/<id:pk>/runde/<id:number>/tisch/<id:table>/vorzeitig/", director_rounds.table_end,
         name="table_end"),
    path("turnier/<id:pk>/runde/<id:number>/auslosung-loeschen/", director_rounds.round_delete_draw,
         name="round_delete_draw"),
    # Entry at the table: the hall view, a table's new link, the round clock
    path("turnier/<id:pk>/runde/<id:number>/saal/", director_hall.hall, name="hall"),
    path("turnier/<id:pk>/runde/<id:number>/saal/erledigt/<id:flag_pk>/", director_hall.hall_resolve,
         name="hall_resolve"),
    path("turnier/<id:pk>/runde/<id:number>/saal/sitz-frei/<id:hold_pk>/", director_hall.hall_free_seat,
         name="hall_free_seat"),
    path("turnier/<id:pk>/runde/<id:number>/tisch/<id:table_number>/neuer-link/", director_hall.link_reissue,
         name="link_reissue"),
    path("turnier/<id:pk>/runde/<id:number>/uhr/", director_hall.round_clock, name="round_clock"),
    # The cash box (docs/money.md)
    path("turnier/<id:pk>/kasse/", director_money.cash, name="cash"),
    path("turnier/<id:pk>/kasse/startgeld/", director_money.cash_fee, name="cash_fee"),
    path("turnier/<id:pk>/kasse/ermaessigung/", director_money.cash_reduction, name="cash_reduction"),
    path("turnier/<id:pk>/kasse/ermaessigung/<id:reduction_pk>/entfernen/", director_money.cash_reduction_delete,
         name="cash_reduction_delete"),
    path("turnier/<id:pk>/kasse/posten/", director_money.cash_item, name="cash_item"),
    path("turnier/<id:pk>/kasse/posten/<id:item_pk>/entfernen/", director_money.cash_item_delete,
         name="cash_item_delete"),
    path("turnier/<id:pk>/kasse/<id:entry_pk>/", director_money.cash_entry, name="cash_entry"),
    path("saison/<id:pk>/kasse/", director_money.season_cash, name="season_cash"),
    # Corrections and log
    path("turnier/<id:pk>/korrekturen/", director_log.adjustments, name="adjustments"),
    path("turnier/<id:pk>/korrekturen/<id:adjustment_pk>/loeschen/", director_log.adjustment_delete,
         name="adjustment_delete"),
    path("turnier/<id:pk>/protokoll/", director_log.audit, name="audit"),
    # Staff and roles
    path("turnier/<id:pk>/mitarbeiter/", director_staff.tournament_staff, name="staff"),
    path("saison/<id:pk>/mitarbeiter/", director_staff.season_staff, name="season_staff"),
    path("saison/<id:pk>/protokoll/", director_log.season_audit, name="season_audit"),
    path("rolle/<id:role_pk>/entfernen/", director_staff.role_remove, name="role_remove"),
    # Standings, prizes, categories
    path("turnier/<id:pk>/rangliste/", director_standings.tournament_standings, name="standings"),
    path("turnier/<id:pk>/rangliste/preise/", director_standings.prizes, name="prizes"),
    path("turnier/<id:pk>/preise/plan/", director_prizes.plan, name="prize_plan"),
    path("turnier/<id:pk>/preise/plan/<id:prize_pk>/entfernen/", director_prizes.prize_remove, name="prize_remove"),
    path("turnier/<id:pk>/preisverteilung/", director_prizes.giving, name="prize_giving"),
    path("saison/<id:pk>/rangliste/", director_standings.season_standings, name="season_standings"),
    path("saison/<id:pk>/kategorien/", director_standings.categories, name="categories"),
    path("saison/<id:pk>/kategorien/<id:category_pk>/", director_standings.category, name="category"),
    path("saison/<id:pk>/kategorien/<id:category_pk>/loeschen/", director_standings.category_delete,
         name="category_delete"),
    path("saison/<id:pk>/kategorien/<id:category_pk>/spieler/", director_standings.category_members,
         name="category_members"),
]
