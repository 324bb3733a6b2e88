"""Small builders for tournament tests (plain functions, no factory library)."""

import datetime
import random

from django.contrib.auth import get_user_model

from scoring.random_games import random_game
from tournament.draws import services as draws
from tournament.models import Player, Season, Tournament
from tournament.registration import services as registration_services
from tournament.results import engine, services

FIRST = ["Anna", "Bernd", "Clara", "Dieter", "Eva", "Franz", "Gisela", "Hans", "Irma", "Josef", "Karin", "Lukas"]
LAST = ["Maier", "Schwarz", "Huber", "Kern", "Vogt", "Ebner", "Faller", "Gut", "Hog", "Jäger", "Kaiser", "Lorenz"]


def user(name="director", superuser=True):
    model = get_user_model()
    existing = model.objects.filter(username=name).first()
    if existing:
        return existing
    if superuser:
        return model.objects.create_superuser(name, f"{name}@example.org", "pw-" + name)
    return model.objects.create_user(name, f"{name}@example.org", "pw-" + name)


def tournament(players=8, ruleset="schwarzwald", rounds=2, season=None, date=None, **kwargs):
    season = season or Season.objects.create(name="Saison 2026", year=2026)
    t = Tournament.objects.create(season=season, name=kwargs.pop("name", "Testturnier"),
                                  date=date or datetime.date(2026, 3, 7), ruleset=ruleset, round_count=rounds,
                                  seed="test-seed", **kwargs)
    for i in range(players):
        player_data = {"first_name": FIRST[i % 12], "last_name": f"{LAST[i % 12]}{i}", "town": "Hinterzarten"}
        registration_services.register(user=None, tournament=t, player_data=player_data)
    return t


def drawn(players=8, **kwargs):
    t = tournament(players=players, **kwargs)
    round_ = draws.draw_round(tournament=t, number=1, user=user())
    return t, round_


def existing_player(**kwargs):
    return Player.objects.create(first_name=kwargs.get("first_name", "Rosa"),
                                 last_name=kwargs.get("last_name", "Wehrle"), town=kwargs.get("town", "Titisee"))


def staff(name="director", password=None):
    """The office account of most page tests: a superuser (may do everything; the roles have their own tests in
    test_roles*.py). Without ``password`` it cannot log in with one (tests use ``force_login``), which skips the
    slow password hashing. Named "director" by default, so ``user()`` finds it too."""
    model = get_user_model()
    existing = model.objects.filter(username=name).first()
    return existing or model.objects.create_superuser(name, f"{name}@example.org", password)


def with_role(kind, *, tournament=None, season=None, name=None):
    """A plain account (no password, use ``force_login``) with one role: organiser of ``season``, or director /
    helper of ``tournament``."""
    from tournament.models import Role

    name = name or f"{kind}-{(tournament or season).pk}"
    account = get_user_model().objects.create_user(name, f"{name}@example.org", None)
    Role.objects.create(user=account, kind=kind, tournament=tournament, season=season)
    return account


def role_users(tournament, other_tournament, other_season):
    """One account of every role around ``tournament`` (the permission worlds of tests/staff and tests/security):
    superuser, organiser of its season, director and helper of it, and the director of ``other_tournament`` and
    organiser of ``other_season`` (neither may see it)."""
    from tournament.models import Role

    return {
        "superuser": user("root"),
        "organiser": with_role(Role.Kind.ORGANISER, season=tournament.season, name="org"),
        "director": with_role(Role.Kind.DIRECTOR, tournament=tournament, name="dir"),
        "helper": with_role(Role.Kind.HELPER, tournament=tournament, name="help"),
        "other_director": with_role(Role.Kind.DIRECTOR, tournament=other_tournament, name="dir3"),
        "other_organiser": with_role(Role.Kind.ORGANISER, season=other_season, name="org2"),
    }


def registration_csv(rows, sep=";", encoding="utf-8"):
    """A registration CSV: ``rows`` are lists of cells, the first row the headings."""
    return "\r\n".join(sep.join(str(c) for c in row) for row in rows).encode(encoding)


def registration_xlsx(rows):
    """A registration workbook with ``rows`` (lists of cell values, the first the headings) on the first sheet."""
    import io

    import openpyxl

    workbook = openpyxl.Workbook()
    for row in rows:
        workbook.active.append(row)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def play(round_, games=None, seed=1):
    """Fill the tables of ``round_`` with legal random games scored by the engine (bulk, like the demo).

    ``games``: how many rows per table (all planned rows when None). Keeps ``Entry.total`` right.
    """
    import random

    from tournament.results.random_play import play_table as fill

    rng = random.Random(seed)
    entry_ids = []
    for table in round_.tables.prefetch_related("seats"):
        count = table.games_planned if games is None else min(games, table.games_planned)
        entry_ids += fill(table, count, rng)
    services.refresh_totals(entry_ids)
    return round_


def played(players=8, rounds=1, lock=True, seed=1, **kwargs):
    """A published tournament with ``rounds`` drawn and fully played (and locked unless ``lock`` is False)."""
    from tournament.models import Round

    kwargs.setdefault("published", True)
    t = tournament(players=players, rounds=rounds, **kwargs)
    for number in range(1, rounds + 1):
        round_ = draws.draw_round(tournament=t, number=number, user=user())
        play(round_, seed=seed + number)
        if lock:
            services.set_round_status(round_=round_, status=Round.Status.LOCKED, user=user())
    return t


def play_table(table, games=None, seed=1):
    """Fill ``table`` with ``games`` legal random games (default: all it plans), scored by the engine.

    Bulk-inserted like the demo command (no audit entries); the entries' stored totals are refreshed."""
    import random

    from tournament.models import Game
    from tournament.results.random_play import play_table as fill

    count = table.games_planned if games is None else games
    services.refresh_totals(fill(table, count, random.Random(seed * 1000 + table.number)))
    return list(Game.objects.filter(table=table).order_by("number"))


def seated(players=8, number=1, tournament_=None, **kwargs):
    """A tournament with round ``number`` seated without the draw algorithm (fast): players in start-number
    order, tables of 4 and, when the field is not divisible by 4, tables of 5. ``(tournament, round)``."""
    from tournament.models import Round, Seat, Table

    t = tournament_ or tournament(players=players, **kwargs)
    entries = list(t.entries.order_by("start_number"))
    round_ = Round.objects.create(tournament=t, number=number, seed="test", algorithm="test", input_hash="-")
    sizes = [4] * (len(entries) // 4)
    for extra in range(len(entries) % 4):
        sizes[extra] += 1
    at = 0
    for index, size in enumerate(sizes, start=1):
        table = Table.objects.create(round=round_, number=index, size=size, games_planned=t.games_per_round(size))
        Seat.objects.bulk_create(Seat(round=round_, table=table, entry=e, position=p)
                                 for p, e in enumerate(entries[at:at + size]))
        at += size
    return t, round_


def seated_and_played(players=8, games=None, **kwargs):
    """A tournament whose first round is seated (``seated``) and played at every table: ``(tournament, round)``."""
    t, round_ = seated(players=players, **kwargs)
    for table in round_.tables.order_by("number"):
        play_table(table, games)
    return t, round_


def phone_secret(device):
    """The secret of the test phone ``device`` (one per device id): with it a phone holds its seat
    (``table_entry.holds``, docs/table-entry.md "A phone speaks for one seat")."""
    return f"secret-{device}".ljust(22, "_")


def table_phone(link, position, device=None):
    """What the phone ``device`` acting for seat ``position`` (0-based) of ``link``'s table is to the services."""
    from tournament.staff.permissions import TableAccess
    from tournament.table_entry.holds import fingerprint

    device = device or f"phone{position}"
    return TableAccess(link, position, device, fingerprint(phone_secret(device)))


def phone_fields(seat, device=None):
    """The fields a phone posts with every write: its seat (1-based), device id and secret."""
    device = device or f"phone{seat}"
    return {"seat": seat, "device": device, "secret": phone_secret(device)}
def namesakes_at(table, towns=("Triberg", "Hornberg"), first="Marie-Luise", last="Schwörer"):
    """Seats 1 and 2 of ``table`` become two players of the same name (father and son, two towns), as a club's
    list has them (issue 22); returns their entries in seat order."""
    from tournament.models import Seat

    seats = list(Seat.objects.filter(table=table).select_related("entry__player").order_by("position")[:2])
    for seat, town in zip(seats, towns, strict=False):
        Player.objects.filter(pk=seat.entry.player_id).update(first_name=first, last_name=last, town=town)
    return [seat.entry for seat in seats]


def game_data(table, number, seed):
    game = random_game(random.Random(seed), table.round.tournament.ruleset, players=table.size,
                       dealer=table.dealer(number))
    data = {name: game.get(name) for name in engine.GAME_FIELDS}
    data["calls"] = data["calls"] or 0
    return data


def first_table(t):
    return t.round_set.get(number=1).tables.select_related("round__tournament").order_by("number").first()


def tournament_data(**overrides):
    """The director's tournament form as a browser posts it, with ``overrides``."""
    data = {"name": "Frühjahrsturnier", "date": "2026-04-11", "venue": "Gasthaus Adler", "ruleset": "schwarzwald",
            "options": "", "round_count": 2, "games_per_round_4": 24, "games_per_round_5": 30, "games_per_round_3": 24,
            "keep_teams_apart": "on", "seed": "k3x9", "published": "", "status": "running"}
    data.update(overrides)
    return data
