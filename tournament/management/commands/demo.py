"""``python manage.py demo``: a realistic demo season, played out with legal random games from the engine.

Three tournaments of 60–140 players from a pool of Black Forest players, two rounds of 24 games (30 at tables
of 5), club teams, a few adjustments. The first two are finished and published; the third is running with its
second round half entered, so every page has something to show. A season of its own holds one small Ziege
evening (8 teams of two, 2 rounds, two series at every table), another one small Offiziers-Cego evening (8 players,
2 rounds of 4 games at tables of two, entered and finished). Prints progress. Does nothing if the demo
season exists (``--reset`` deletes and rebuilds it). One process at a time (``process_lock``): a second ``demo``
started at the same moment waits, then finds the season built.
"""

import datetime
import random

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.db.models import Count

from scoring import ziege
from tournament.common import addresses
from tournament.common.collation import person_key
from tournament.draws import links
from tournament.draws import services as draws
from tournament.draws import ziege as ziege_draws
from tournament.management import process_lock
from tournament.models import Player, Role, Round, Season, Team, Tournament
from tournament.money import demo as money_demo
from tournament.prizes import demo as demo_prizes
from tournament.registration import services as registration_services
from tournament.registration import ziege as ziege_registration
from tournament.results import services
from tournament.results import ziege as ziege_results
from tournament.results.random_play import play_table
from tournament.seasons import services as seasons
from tournament.staff import services as roles

SEASON_NAME = "Cego-Schwarzwaldmeisterschaft 2026 (Demo)"
ZIEGE_SEASON_NAME = "Ziege-Abende 2026 (Demo)"
OFFIZIERS_SEASON_NAME = "Offiziersabende 2026 (Demo)"
ZIEGE_POINTS = [p for p in range(121) if p not in (1, 119)]      # every count the 36-card pack can make
FIRST_W = ["Anna", "Berta", "Claudia", "Doris", "Elke", "Franziska", "Gertrud", "Hildegard", "Ingrid", "Johanna",
           "Karin", "Lisa", "Monika", "Nicole", "Olga", "Petra", "Rosa", "Sabine", "Theresia", "Ursula", "Veronika",
           "Waltraud", "Martina", "Sophie", "Lena", "Marie"]
FIRST_M = ["Albert", "Bernhard", "Christian", "Dieter", "Egon", "Franz", "Georg", "Hans", "Josef", "Karl",
           "Lothar", "Markus", "Norbert", "Otto", "Paul", "Rudolf", "Stefan", "Thomas", "Uwe", "Walter", "Xaver",
           "Wolfgang", "Jonas", "Lukas", "Felix", "Tobias", "Matthias", "Anton"]
LAST = ["Maier", "Schwär", "Kern", "Faller", "Dold", "Kirner", "Ketterer", "Hog", "Fehrenbach", "Wehrle", "Duffner",
        "Kaltenbach", "Scherzinger", "Winterhalter", "Rombach", "Hummel", "Zähringer", "Willmann", "Heizmann",
        "Spitz", "Ganter", "Löffler", "Hättich", "Jäckle", "Laufer", "Schwer", "Tritschler", "Bächle", "Straub",
        "Rieple", "Furtwängler", "Kienzler", "Dilger", "Saier", "Hettich", "Wangler", "Kuner", "Beha"]
TOWNS = ["Furtwangen", "Triberg", "Titisee-Neustadt", "Hinterzarten", "Schonach", "St. Georgen", "Villingen",
         "Donaueschingen", "Löffingen", "Bräunlingen", "Vöhrenbach", "Gütenbach", "Schönwald", "Unadingen",
         "Bonndorf", "Lenzkirch", "St. Märgen", "St. Peter", "Waldkirch", "Elzach", "Simonswald", "Hüfingen",
         "Blumberg", "Eisenbach"]
CLUBS = ["Cego-Freunde Furtwangen", "Cego-Club Unadingen", "Trumpf 21 Löffingen", "Gstieß Vöhrenbach",
         "Cego-Runde Hinterzarten", "Schwarzwaldverein Schonach", ""]
TOURNAMENTS = [("Cego-Turnier Löffingen", "Festhalle Löffingen", datetime.date(2026, 1, 17), 134),
               ("Cego-Turnier Furtwangen", "Gasthaus Ochsen, Furtwangen", datetime.date(2026, 2, 14), 97),
               ("Cego-Turnier Unadingen", "Dorfgemeinschaftshaus Unadingen", datetime.date(2026, 3, 21), 62)]


def served_at(site):
    """``http://HOST:PORT`` as given, with an address that listens everywhere (``0.0.0.0``, ``[::]``) replaced by
    this computer's address in its network (what another device would open)."""
    site = site.strip().rstrip("/")
    if not site.startswith(("http://", "https://")):
        site = "http://" + site
    host = addresses.host_of(site)
    if host in ("0.0.0.0", "::"):
        lan = addresses.lan_address() or "127.0.0.1"
        site = site.replace("[::]" if host == "::" else host, lan, 1)
    return site


class Command(BaseCommand):
    help = "Build a realistic demo season (three tournaments played out with legal random games)."

    def add_arguments(self, parser):
        parser.add_argument("--reset", action="store_true", help="delete an existing demo season first")
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--pool", type=int, default=190, help="players in the season's pool")
        parser.add_argument("--site", default="http://127.0.0.1:8000",
                            help="the address the server will answer at, for the links printed at the end "
                                 "(make run passes RUN_ADDR's)")

    def handle(self, *args, **options):
        # Two servers started at once (make run twice, two app servers) must not both build the season: the
        # second waits for the first and then finds it (docs/production.md, "Starting several servers").
        with process_lock.exclusive("demo"):
            self._build(*args, **options)

    def _build(self, *args, reset=False, seed=2026, pool=190, site="http://127.0.0.1:8000", **options):
        self.site = served_at(site)
        existing = Season.objects.filter(name=SEASON_NAME).first()
        if existing and not reset:
            self.stdout.write("Demo season exists already (use --reset to rebuild it).")
            self._where(existing)
            return
        if existing:
            for old in Season.objects.filter(name__in=(SEASON_NAME, ZIEGE_SEASON_NAME, OFFIZIERS_SEASON_NAME)):
                Tournament.objects.filter(season=old).delete()
                old.delete()
        rng = random.Random(seed)
        user = self._director()
        season = seasons.create_season(user=user, name=SEASON_NAME, year=2026, best_n=None)
        money_demo.fill_season(season, user)
        players = self._players(rng, pool)
        teams = self._teams(season, players, rng)
        for index, (name, venue, date, count) in enumerate(TOURNAMENTS, start=1):
            self.stdout.write(f"[{index}/{len(TOURNAMENTS)}] {name}: {count} players")
            running = index == len(TOURNAMENTS)
            tournament = self._tournament(season, name, venue, date, rng.sample(players, count), teams, user, rng,
                                          running=running)
            fresh_planner_statistics()
        self._staff(season, tournament, user)
        self._ziege(players, user, rng)
        self._offiziers(players, user, rng)
        fresh_planner_statistics()
        self.stdout.write(self.style.SUCCESS(
            "Demo season ready. Logins (password 'cego', demo only): 'leitung' (superuser), 'saison' (season "
            "organiser), 'turnierleitung' (director of the running tournament), 'helfer' (its entry helper)."))
        self._where(season)

    def _where(self, season):
        """Where the demo is served, and one open table's link of the running tournament."""
        self.stdout.write(self.style.SUCCESS(f"The demo is served at {self.site}/ (office: {self.site}/leitung/)."))
        for tournament in Tournament.objects.filter(season=season).order_by("-date"):
            if tournament.round_set.exclude(status=Round.Status.LOCKED).exists():
                self._table_link(tournament)
                return

    def _table_link(self, tournament):
        """Point at one table of the running round that still has games to play: its phone page is ready."""
        round_ = tournament.round_set.exclude(status=Round.Status.LOCKED).order_by("number").last()
        if round_ is None:
            return
        active = links.active_links(round_)
        for table in round_.tables.annotate(entered=Count("games")).order_by("number"):
            if table.entered < table.games_planned and table.pk in active:
                self.stdout.write(
                    f"Entry at the table: table {table.number} of round {round_.number} is open at "
                    f"{self.site}{links.link_path(active[table.pk])} (every table's link and QR code: "
                    f"the round's page in the office, /leitung/turnier/{tournament.pk}/runde/{round_.number}/).")
                return

    def _staff(self, season, tournament, user):
        """One account per role, so each role can be tried out (docs/roles.md). The short demo password would
        fail the password rules of the staff page, so the accounts are made here directly."""
        model = get_user_model()
        for username in ("saison", "turnierleitung", "helfer"):
            if not model.objects.filter(username=username).exists():
                model.objects.create_user(username, password="cego")
        roles.appoint(kind=Role.Kind.ORGANISER, season=season, username="saison", user=user)
        for kind, username in ((Role.Kind.DIRECTOR, "turnierleitung"), (Role.Kind.HELPER, "helfer")):
            roles.appoint(kind=kind, tournament=tournament, username=username, user=user)

    def _director(self):
        model = get_user_model()
        user = model.objects.filter(username="leitung").first()
        if user is None:
            user = model.objects.create_superuser("leitung", "leitung@example.org", "cego")
        return user

    def _players(self, rng, pool):
        taken, players = set(), []
        while len(players) < pool:
            woman = rng.random() < 0.36
            first = rng.choice(FIRST_W if woman else FIRST_M)
            last = rng.choice(LAST)
            town = rng.choice(TOWNS)
            if (first, last, town) in taken:
                continue
            taken.add((first, last, town))
            youth = rng.random() < 0.08
            birth = rng.randint(2009, 2013) if youth else rng.randint(1940, 2004)
            players.append(Player(first_name=first, last_name=last, town=town, club=rng.choice(CLUBS),
                                  is_woman=woman, birth_year=birth if rng.random() < 0.85 or youth else None,
                                  is_guest=rng.random() < 0.04))
        Player.objects.bulk_create(players)
        self.stdout.write(f"  {len(players)} players in the pool")
        return list(Player.objects.filter(pk__in=[p.pk for p in players]))

    def _teams(self, season, players, rng):
        teams = {}
        for club in CLUBS[:-1]:
            members = [p for p in players if p.club == club]
            rng.shuffle(members)
            for k in range(min(2, len(members) // 4)):
                team = Team.objects.create(season=season, name=f"{club} {k + 1}")
                for p in members[k * 4:(k + 1) * 4]:
                    teams[p.pk] = team
        self.stdout.write(f"  {len(set(teams.values()))} teams of 4")
        return teams

    @transaction.atomic
    def _tournament(self, season, name, venue, date, players, teams, user, rng, running):
        t = seasons.create_tournament(season=season, user=user, name=name, venue=venue, date=date,
                                      ruleset="schwarzwald", round_count=2, published=True, seed=f"{date:%Y%m%d}-demo")
        players.sort(key=person_key)
        for number, player in enumerate(players, start=1):
            registration_services.register(user=user, tournament=t, player=player, start_number=number,
                                           team=teams.get(player.pk), paid=False, checked_in=True)
        money_demo.fill_day(t, user, rng, running=running)          # fees, payments, the day's other money
        if not running:
            money_demo.refund_one(t, user)
        for round_number in (1, 2):
            round_ = draws.draw_round(tournament=t, number=round_number, user=user)
            tables = list(round_.tables.prefetch_related("seats"))
            fives = sum(1 for tb in tables if tb.size == 5)
            half = running and round_number == 2
            played = 0
            for i, table in enumerate(tables):
                games = table.games_planned if not half else (table.games_planned if i % 2 else rng.randint(0, 12))
                self._play(table, games, rng, user)
                played += games
                if (i + 1) % 10 == 0 or i + 1 == len(tables):
                    self.stdout.write(f"    round {round_number}: table {i + 1}/{len(tables)} "
                                      f"({fives} tables of 5), {played} games")
            if not half:
                services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user)
        entries = list(t.entries.all())
        for entry in rng.sample(entries, 3):
            services.add_adjustment(entry=entry, points=-rng.choice([20, 40, 50]),
                                    reason=rng.choice(["Fehlgeben", "Verspätung", "Kartenfehler"]), user=user)
        services.refresh_totals(e.pk for e in entries)
        t = seasons.update_tournament(tournament=t, user=user,
                                      status=Tournament.Status.RUNNING if running else Tournament.Status.FINISHED)
        # issue 26: plans and a finished prize giving, with a generator of their own (the day's draws stay as before)
        demo_prizes.plan_and_give(t, user, random.Random(t.seed), give=not running)
        return t

    @transaction.atomic
    def _ziege(self, players, user, rng):
        """One small Ziege evening in a season of its own (its players' zeros stay out of the Cego season)."""
        season = seasons.create_season(user=user, name=ZIEGE_SEASON_NAME, year=2026, best_n=None)
        t = seasons.create_tournament(season=season, user=user, name="Ziegenabend Gütenbach",
                                      venue="Krone, Gütenbach",
                                      date=datetime.date(2026, 2, 27), ruleset="schwarzwald", round_count=2,
                                      published=True, seed="20260227-ziege", game=Tournament.Game.ZIEGE)
        chosen = rng.sample(players, 16)
        for k in range(8):
            ziege_registration.register_pair(tournament=t, user=user, first=chosen[2 * k], second=chosen[2 * k + 1],
                                             paid=True, checked_in=True)
        for number in (1, 2):
            round_ = ziege_draws.draw_round(tournament=t, number=number, user=user)
            for table in round_.tables.all():
                finished, totals = 0, [0, 0]
                while finished < 2:
                    points = min(ZIEGE_POINTS, key=lambda p: abs(p - rng.gauss(60, 28)))
                    tricks = [points > 0 or rng.random() < 0.3, points < 120 or rng.random() < 0.3]
                    game = ziege_results.record_game(table=table, user=user, points_a=points, trick_a=tricks[0],
                                                     trick_b=tricks[1])
                    dp = ziege.score(game.as_engine())["defeat_points"]
                    totals = [totals[0] + dp[0], totals[1] + dp[1]]
                    if max(totals) >= ziege.SERIES_TARGET:
                        finished, totals = finished + 1, [0, 0]
            services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user)   # every series is over
        seasons.update_tournament(tournament=t, user=user, status=Tournament.Status.FINISHED)
        self.stdout.write(f"[Ziege] {t.name}: 8 teams of two, 2 rounds")

    @transaction.atomic
    def _offiziers(self, players, user, rng):
        """One small Offiziers-Cego evening in a season of its own: 8 players, 2 rounds of 4 games at tables of
        two (the second round paired by the standings), every game keyed through the services, rounds locked."""
        season = seasons.create_season(user=user, name=OFFIZIERS_SEASON_NAME, year=2026, best_n=None)
        t = seasons.create_tournament(season=season, user=user, name="Offiziersabend Schonach",
                                      venue="Rößle, Schonach", date=datetime.date(2026, 3, 6), ruleset="schwarzwald",
                                      round_count=2, published=True, seed="20260306-offiziers",
                                      game=Tournament.Game.OFFIZIERS, games_per_round_2=4)
        chosen = sorted(rng.sample(players, 8), key=person_key)
        for number, player in enumerate(chosen, start=1):
            registration_services.register(user=user, tournament=t, player=player, start_number=number,
                                           paid=True, checked_in=True)
        for number in (1, 2):
            round_ = draws.draw_round(tournament=t, number=number, user=user)
            for table in round_.tables.all():
                for game in range(1, table.games_planned + 1):
                    points = max(0, min(79, round(rng.gauss(40, 14))))      # seat 1's card points of 79
                    services.record_game(table=table, number=game, data={"card_points": points}, user=user)
            services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user)
        seasons.update_tournament(tournament=t, user=user, status=Tournament.Status.FINISHED)
        self.stdout.write(f"[Offiziers-Cego] {t.name}: 8 players, 2 rounds at tables of two")

    def _play(self, table, games, rng, user):
        """Play ``games`` rows at ``table`` with engine-scored random games (bulk insert)."""
        play_table(table, games, rng, ruleset="schwarzwald", user=user)


def fresh_planner_statistics():
    """PostgreSQL plans by the row counts it last sampled: thousands of scores written at once, seen as empty
    tables, made the season statistics page a nested loop of minutes until autovacuum came by (in a test, whose
    rows are never committed, it never does). ``ANALYZE`` samples the new rows; inside a transaction it sees the
    transaction's own. SQLite plans without such statistics."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
