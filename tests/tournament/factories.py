"""Small builders for tournament tests (plain functions, no factory library)."""

import datetime

from django.contrib.auth import get_user_model

from tournament import draws, services
from tournament.models import Player, Season, Tournament

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
                                  date=date or datetime.date(2026, 3, 7), ruleset=ruleset, rounds=rounds,
                                  seed="test-seed", **kwargs)
    for i in range(players):
        services.register(tournament=t, player_data={"first_name": FIRST[i % 12], "last_name": f"{LAST[i % 12]}{i}",
                                                     "town": "Hinterzarten"})
    return t


def drawn(players=8, **kwargs):
    t = tournament(players=players, **kwargs)
    round_ = draws.draw_round(tournament=t, number=1, user=user())
    return t, round_


def existing_player(**kwargs):
    return Player.objects.create(first_name=kwargs.get("first_name", "Rosa"), last_name=kwargs.get("last_name", "Wehrle"),
                                 town=kwargs.get("town", "Titisee"))


def staff(name="director", password=None):
    """A staff user who is not a superuser (a tournament director). Without ``password`` it cannot log in with
    one (tests use ``force_login``), which skips the slow password hashing. Named "director" by default, so
    ``user()`` finds it too."""
    model = get_user_model()
    existing = model.objects.filter(username=name).first()
    return existing or model.objects.create_user(name, f"{name}@example.org", password, is_staff=True)


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
