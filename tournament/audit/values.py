"""A stored key and value of the audit log in words: the field's translated name (``label``, from the models'
``verbose_name``, so translated once with the models, with a capital first letter) and its value (``value_text``):
yes/no for flags, signed points, seats 1-based with names, status, role, ruleset and tie-break names, dates as
dates, lists and mappings as words — never a Python or JSON form, never a key with an underscore.
"""

import datetime

from django.utils import formats
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring import resolve
from scoring.contracts import CONTRACTS
from tournament.audit import seats
from tournament.common.euros import euros
from tournament.common.i18n import engine_lang
from tournament.common.numbers import signed
from tournament.models import (
    Adjustment,
    AuditLog,
    CashItem,
    Category,
    Entry,
    Game,
    Payment,
    Player,
    PreRegistration,
    Prize,
    PrizePlan,
    PrizeStep,
    Role,
    Round,
    Season,
    SeasonFund,
    Table,
    Tournament,
    ZiegePair,
)
from tournament.standings.categories import builtin_labels
from tournament.standings.labels import TIEBREAK_LABELS

Kind = AuditLog.Kind
NONE = seats.NONE
MODELS = {Kind.GAME: Game, Kind.ROUND: Round, Kind.ADJUSTMENT: Adjustment, Kind.ENTRY: Entry, Kind.ROLE: Role,
          Kind.SEASON: Season, Kind.TOURNAMENT: Tournament, Kind.CATEGORY: Category, Kind.PLAYER: Player,
          Kind.PREREG: PreRegistration, Kind.TABLE: Table, Kind.CLOCK: Round, Kind.MONEY: Payment,
          Kind.PRIZE: PrizeStep, Kind.PRIZE_PLAN: PrizePlan}
SEATS = {"declarer", "announcer", "last_trick", "penalty"}         # game fields that hold a 0-based seat
STATUS = {Kind.ROUND: Round.Status, Kind.TOURNAMENT: Tournament.Status, Kind.PREREG: PreRegistration.Status}


def _verbose(model, name):
    try:
        return str(model._meta.get_field(name).verbose_name)
    except Exception:       # FieldDoesNotExist, or a reverse relation without a verbose name
        return None


def _extra(key):
    """Names of keys that are no model field of their row's kind."""
    names = {
        "player": lambda: _verbose(Entry, "player"), "entry": lambda: _verbose(Adjustment, "entry"),
        "category": lambda: str(Category._meta.verbose_name), "round": lambda: _verbose(Round, "number"),
        "players": lambda: _verbose(Category, "players"), "entries": lambda: str(Entry._meta.verbose_name_plural),
        "stats": lambda: _("draw checks"), "file": lambda: _("file"), "new_players": lambda: _("new players"),
        "renumbered": lambda: _("renumbered start numbers"), "sha256": lambda: "SHA-256",
        "start_numbers": lambda: _("start numbers"), "minutes": lambda: _verbose(Round, "clock_minutes"),
        "role": lambda: _verbose(Role, "kind"), "user": lambda: _verbose(Role, "user"), "name": lambda: _("name"),
        "team": lambda: _verbose(Entry, "team"), "start_number": lambda: _verbose(Entry, "start_number"),
        "existing_player": lambda: _("an existing player"), "note": lambda: _("note"),
        "reason": lambda: _verbose(Adjustment, "reason"), "tables": lambda: _("tables"),
        "ziege_team": lambda: str(ZiegePair._meta.verbose_name),
        # the money (docs/money.md)
        "open": lambda: _("open"), "paid": lambda: _verbose(Entry, "paid"), "due": lambda: _("amount owed"),
        "override": lambda: _("amount owed (set by hand)"), "reduction": lambda: _("reduction"),
        "free": lambda: _("free of charge"),
        "kind": lambda: _verbose(CashItem, "kind"), "text": lambda: _verbose(CashItem, "text"),
        "rule": lambda: _verbose(SeasonFund, "rule"), "fund": lambda: _verbose(SeasonFund, "amount"),
        "opening": lambda: _verbose(SeasonFund, "opening"),
        "prizes": lambda: str(Prize._meta.verbose_name_plural),
    }
    return names[key]() if key in names else None


def label(kind, key, names=None):
    """The translated name of a stored key of a row of ``kind``, with a capital first letter."""
    key = str(key)
    if kind == Kind.TOTALS and key.isdecimal():
        return seats.seat(int(key), names)
    if key.startswith("player."):
        found = _verbose(Player, key.removeprefix("player."))
    else:
        model = MODELS.get(kind)
        found = ((_verbose(model, key) if model else None)
                 or (_verbose(Prize, key) if kind == Kind.PRIZE_PLAN else None) or _extra(key))
    return capfirst(found or key.replace("_", " ").replace(".", " "))


def value_text(kind, key, value, names=None):
    """A stored value in words (see the module's docstring)."""
    if value is None or value == "" or value == [] or value == {}:
        return NONE
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if kind == Kind.GAME:
        return _game_value(key, value, names)
    if kind == Kind.TOTALS or (kind == Kind.ADJUSTMENT and key == "points"):
        return signed(value) if isinstance(value, int) else str(value)
    if kind == Kind.MONEY:
        text = _money_value(key, value)
        if text is not None:
            return text
    text = _field_text(kind, key, value)
    if text is not None:
        return text
    choices = _choices(MODELS.get(kind), key)
    if isinstance(value, str) and value in choices:      # a field with choices: its label ("Ziege"), not the key
        return str(choices[value])
    return plain(value)


def _field_text(kind, key, value):
    """The words for a field that has its own (a status, a role, a ruleset …); None for any other."""
    if key == "status" and kind in STATUS:
        choices = STATUS[kind]
        return str(choices(value).label) if value in choices.values else str(value)
    if key == "role" and value in Role.Kind.values:
        return str(Role.Kind(value).label)
    if key == "ruleset":
        return _ruleset_name(value)
    if key == "entry_fee" and isinstance(value, str):
        return _money_value("amount", value)
    if key == "tiebreaks" and isinstance(value, str):
        return ", ".join(str(TIEBREAK_LABELS.get(k.strip(), k.strip())) for k in value.split(",") if k.strip())
    if key == "stats" and isinstance(value, dict):
        return draw_checks(value)
    if key == "date" and isinstance(value, str):
        return _date(value)
    if key in ("input_hash", "sha256") and isinstance(value, str) and len(value) > 12:
        return value[:12] + "…"
    return None


MONEY_AMOUNTS = {"amount", "open", "paid", "due", "override", "reduction", "opening"}


def _money_value(key, value):
    """A money row's value in words: amounts as euros ("8,00 €"), how paid, income or expense, the fund's rule, a
    reduction's category by its name; None for any other key."""
    if key in MONEY_AMOUNTS and isinstance(value, str):
        try:
            return euros(value)
        except ArithmeticError:
            return value
    if key == "paid_on" and isinstance(value, str):
        return _date(value)
    labels = {"method": Payment.Method, "kind": CashItem.Kind, "rule": SeasonFund.Rule}.get(key)
    if labels is not None and value in labels.values:
        return str(labels(value).label)
    if key == "fund" and isinstance(value, str):
        return value.replace(".", ",")
    if key == "category" and isinstance(value, str):
        if value[1:].isdecimal():
            return Category.objects.filter(pk=int(value[1:])).values_list("name", flat=True).first() or value
        return str(builtin_labels().get(value, value))
    return None


def _choices(model, name):
    """``{stored value: label}`` of a model field with choices (the tournament's game …); empty otherwise."""
    try:
        return dict(model._meta.get_field(name).flatchoices) if model is not None else {}
    except Exception:       # FieldDoesNotExist, or a reverse relation
        return {}


def plain(value):
    """Any other value: a list as "a, b, c", a mapping as "name value; …" (names without underscores)."""
    if value is None or value == "":
        return NONE
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(plain(v) for v in value) or NONE
    if isinstance(value, dict):
        return "; ".join(f"{str(k).replace('_', ' ')} {plain(v)}" for k, v in value.items()) or NONE
    return str(value)


def _date(value):
    try:
        return formats.date_format(datetime.date.fromisoformat(value[:10]), "SHORT_DATE_FORMAT")
    except ValueError:
        return value


def _ruleset_name(key):
    try:
        return resolve(key).name[engine_lang()]
    except Exception:       # a ruleset this installation no longer knows: its key
        return str(key)


def _game_value(key, value, names):
    if key in SEATS and isinstance(value, int):
        return seats.who(value, names)
    if key in ("contract", "played_with"):
        contract = CONTRACTS.get(value)
        return contract.name(engine_lang()) if contract else str(value)
    if key == "scores" and isinstance(value, list):
        return seats.seat_points(value, names)
    if key in ("raeuber_points", "raeuber_tricks"):
        return seats.per_seat(value)
    return plain(value)


def draw_checks(stats):
    """The draw's own checks (``seating``'s ``stats``) as a sentence: pairs meeting twice today, pairs who met
    earlier in the season, team members at one table."""
    parts = [f"{_('Pairs meeting twice today')}: {stats.get('repeated_pairs', NONE)}"]
    if stats.get("history_pairs_met") is not None:
        parts.append(_("pairs who met earlier in the season: %(n)s") % {"n": stats["history_pairs_met"]})
    if stats.get("group_violations") is not None:
        parts.append(f"{_('Team members at one table')}: {stats['group_violations']}")
    return "; ".join(parts)


def draw_sentence(new):
    """What a draw produced, as a sentence: "134 players at 33 tables, 2 of them of five; Pairs meeting twice
    today: 0; …" (``draws.services.draw_round`` stores the tables by size since issue 13; older rows lack them)."""
    sizes = new.get("tables") if isinstance(new.get("tables"), dict) else {}
    count = sum(n for n in sizes.values() if isinstance(n, int))
    parts = []
    if count:
        text = _("%(players)s players at %(tables)s tables") % {"players": new.get("players", NONE), "tables": count}
        odd = {int(size): n for size, n in sizes.items() if str(size).isdecimal() and int(size) != 4 and n}
        for size, n in sorted(odd.items()):
            text += ", " + (_("%(n)s of them of five") if size == 5 else _("%(n)s of them of three")) % {"n": n}
        parts.append(text)
    elif new.get("players") is not None:
        parts.append(_("%(players)s players") % {"players": new["players"]})
    if isinstance(new.get("stats"), dict):
        parts.append(draw_checks(new["stats"]))
    return "; ".join(parts)
