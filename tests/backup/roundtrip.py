"""Backup round trips for the tests: export a tournament and restore it through the management commands, sign an
edited document with this installation's key, and ``snapshot``, which reads a tournament straight from the ORM by
natural keys (not through the backup code) with every stored field. Shared by tests/backup, tests/results and
tests/security."""

import io
import json
import re

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import translation

from scoring.random_games import random_game
from tournament.backup import format as backup
from tournament.backup import signature
from tournament.models import (
    Adjustment,
    AuditLog,
    CashItem,
    Category,
    Entry,
    EntryCharge,
    Game,
    Payment,
    Player,
    Prize,
    PrizePlan,
    PrizeStep,
    Reduction,
    Round,
    Score,
    Season,
    Seat,
    Table,
    Team,
    Tournament,
)
from tournament.results import services


def export(t, **options):
    out, err = io.StringIO(), io.StringIO()
    call_command("export_tournament", t.pk, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def restore(tmp_path, text, *args, **options):
    path = tmp_path / "backup.json"
    path.write_text(text, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with translation.override("en"):
        call_command("import_tournament", str(path), *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


def empty_database():
    """Nothing left a backup could match: no tournament, player, season or account."""
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    Season.objects.all().delete()
    get_user_model().objects.all().delete()


def imported(out):
    return Tournament.objects.get(pk=int(re.search(r"with id (\d+)", out).group(1)))


def without_stamp(text):
    """The text without what differs between two exports of the same data: the time and so the signature."""
    return re.sub(r'^ "(exported_at|signature)": .*\n', "", text, flags=re.M)


def edited(text, change):
    """``text`` changed and signed again with this installation's key: the checks of the content, which stand
    behind a valid signature (an edit without the key is refused by the signature:
    tests/security/test_hostile_backups.py)."""
    doc = json.loads(text)
    change(doc)
    return json.dumps(signature.sign(doc) if isinstance(doc, dict) else doc, ensure_ascii=False)


def set_path(path, value):
    """A change for ``edited``: the value at ``path`` (keys and list indexes) of the document set to ``value``."""
    def change(doc):
        *keys, last = path
        for key in keys:
            doc = doc[key]
        doc[last] = value
    return change


def record_random(table, number, rng, user, expected_version=None):
    """Enter (or correct) game ``number`` through the services with a random legal game; returns the Game."""
    while True:
        data = random_game(rng, table.round.tournament.ruleset, players=table.size, dealer=table.dealer(number))
        game = services.record_game(table=table, number=number, data=data, user=user,
                                    expected_version=expected_version, reason="Korrektur")
        if game.version == (expected_version or 0) + 1:
            return game


def _fields(obj, skip=()):
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields
            if not f.is_relation and not f.primary_key and f.attname not in (*skip, *backup.VERSION_FIELDS)}


def _username(user):
    return user.get_username() if user else None


def snapshot(t, skip=()):
    """Everything stored about ``t``, by natural keys; ``skip``: tournament fields to leave out."""
    t = Tournament.objects.select_related("season").get(pk=t.pk)
    members = {}
    for player_id, name in Category.players.through.objects.filter(category__season=t.season).values_list(
            "player_id", "category__name"):
        members.setdefault(player_id, set()).add(name)
    entries = Entry.objects.filter(tournament=t).select_related("player", "team")
    tables = {x.pk: (x.round.number, x.number)
              for x in Table.objects.filter(round__tournament=t).select_related("round")}
    games = {g.pk: (*tables[g.table_id], g.number) for g in Game.objects.filter(table__round__tournament=t)}
    adjustments = list(Adjustment.objects.filter(entry__tournament=t).select_related("entry", "created_by")
                       .order_by("created_at", "id"))
    objects = {"round": {r.pk: r.number for r in t.round_set.all()}, "game": games, "totals": tables,
               "adjustment": {a.pk: i for i, a in enumerate(adjustments)},
               "entry": {e.pk: e.start_number for e in entries}, "tournament": {t.pk: "this tournament"},
               "prize": {s.pk: (s.entry.start_number, s.state, s.at)
                         for s in PrizeStep.objects.filter(tournament=t).select_related("entry")},
               "prize_plan": {p.pk: "the plan" for p in PrizePlan.objects.filter(tournament=t)}}
    money_objects = {"entry": objects["entry"],
                     "reduction": {r.pk: r.name for r in Reduction.objects.filter(tournament=t)},
                     "cash_item": {c.pk: (c.kind, c.text, c.amount) for c in CashItem.objects.filter(tournament=t)}}

    def named(row):
        if row.object_type != "money":
            return objects.get(row.object_type, {}).get(row.object_id)
        words = {**(row.old or {}), **(row.new or {})}
        target = "entry" if "start_number" in words else "reduction" if "name" in words else "cash_item"
        return target, money_objects[target].get(row.object_id)
    return {
        "season": _fields(t.season),
        "tournament": _fields(t, skip),
        "entries": {e.start_number: {**_fields(e), "player": _fields(e.player), "team": e.team and e.team.name,
                                     "categories": members.get(e.player_id, set())} for e in entries},
        "rounds": [_fields(r) for r in t.round_set.order_by("number")],
        "tables": {tables[x.pk]: _fields(x) for x in Table.objects.filter(round__tournament=t)},
        "seats": sorted((tables[s.table_id], s.position, s.entry.start_number, s.round.number)
                        for s in Seat.objects.filter(round__tournament=t).select_related("entry", "round")),
        "games": {games[g.pk]: {**_fields(g), "updated_by": _username(g.updated_by)}
                  for g in Game.objects.filter(table__round__tournament=t).select_related("updated_by")},
        "scores": sorted((tables[s.table_id], games.get(s.game_id, ()), s.entry.start_number, s.points)
                         for s in Score.objects.filter(table__round__tournament=t).select_related("entry")),
        "adjustments": [{**_fields(a), "entry": a.entry.start_number, "by": _username(a.created_by)}
                        for a in adjustments],
        "audit": [{**_fields(a, skip=("object_id",)), "table": tables.get(a.table_id), "user": _username(a.user),
                   "object": named(a)}
                  for a in AuditLog.objects.filter(tournament=t).select_related("user").order_by("at", "id")],
        **money_snapshot(t),
    }


def money_snapshot(t):
    """The money and the prizes of ``t`` by natural keys (entries by start number, categories by name)."""
    categories = {f"c{c.pk}": c.name for c in Category.objects.filter(season=t.season_id)}
    plan = PrizePlan.objects.filter(tournament=t).first()
    prizes = {p.pk: {**_fields(p), "category": p.category and p.category.name}
              for p in Prize.objects.filter(plan__tournament=t).select_related("category")}
    return {
        "reductions": {r.name: {**_fields(r), "category": categories.get(r.category, r.category)}
                       for r in Reduction.objects.filter(tournament=t)},
        "charges": {c.entry.start_number: {**_fields(c), "reduction": c.reduction and c.reduction.name}
                    for c in EntryCharge.objects.filter(entry__tournament=t).select_related("entry", "reduction")},
        "payments": sorted((p.entry.start_number, p.amount, p.method, p.paid_on, p.at, _username(p.user))
                           for p in Payment.objects.filter(entry__tournament=t).select_related("entry", "user")),
        "cash_items": sorted((c.kind, c.text, c.amount, c.at) for c in CashItem.objects.filter(tournament=t)),
        "prize_plan": _fields(plan) if plan else None,
        "prizes": sorted(prizes.values(), key=repr),
        "prize_steps": [{**_fields(s), "entry": s.entry.start_number, "goods": prizes.get(s.goods_id),
                         "user": _username(s.user)}
                        for s in PrizeStep.objects.filter(tournament=t).select_related("entry", "user")
                        .order_by("id")],
    }


def counts():
    return [m.objects.count() for m in (Season, Tournament, Player, Entry, Round, Table, Seat, Game, Score,
                                        Adjustment, AuditLog, Team, Category, get_user_model())]
